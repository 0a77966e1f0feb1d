"""A tiny game with hidden information, for testing views, redaction and the kit.

Each player is dealt one secret number from 1 to 9; in turn order each player either keeps it or
swaps it for the top of a secret pile. Highest number wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import Config, Flow, Game, IllegalActionError, Result, Rng, TurnEnded
from boardkit.present.voice import Voice

UNKNOWN = 0


@frozen
class SecretState:
    flow: Flow
    hands: tuple[int, ...] = ()
    pile: tuple[int, ...] = ()
    turns_left: int = 0
    revealed: bool = False


@frozen
class Keep:
    pass


@frozen
class Swap:
    pass


@frozen
class Dealt:
    player: int
    card: int


@frozen
class PileLaid:
    cards: tuple[int, ...]


@frozen
class Swapped:
    player: int
    card: int


@frozen
class Revealed:
    hands: tuple[int, ...]


class SecretGame(Game[SecretState, object]):
    name = "secret"
    title = "Secret numbers"
    version = "1.0"
    player_counts = (2, 3)
    state_type = SecretState
    action_types = (Keep, Swap)
    event_types = (Dealt, PileLaid, Swapped, Revealed)
    hidden_information = True

    def initial(self, config: Config) -> SecretState:
        return SecretState(Flow(config.players), (UNKNOWN,) * config.players, (), config.players)

    def setup(self, state: SecretState, config: Config, rng: Rng) -> Sequence[object]:
        cards = rng.shuffled(range(1, 10))
        n = config.players
        return [*(Dealt(p, cards[p]) for p in range(n)), PileLaid(tuple(cards[n:]))]

    def legal_actions(self, state: SecretState) -> list[object]:
        return [Keep(), Swap()]

    def apply(self, state: SecretState, action: object, rng: Rng) -> Sequence[object]:
        player = state.flow.active
        assert player is not None
        if isinstance(action, Keep):
            return [TurnEnded()]
        if isinstance(action, Swap):
            return [Swapped(player, state.pile[0]), TurnEnded()]
        raise IllegalActionError("secret", f"{action!r} is not an action of this game")

    def reduce(self, state: SecretState, event: object) -> SecretState:
        if isinstance(event, Dealt):
            hands = list(state.hands)
            hands[event.player] = event.card
            return evolve(state, hands=tuple(hands))
        if isinstance(event, PileLaid):
            return evolve(state, pile=event.cards)
        if isinstance(event, Swapped):
            hands = list(state.hands)
            hands[event.player] = event.card
            return evolve(state, hands=tuple(hands), pile=state.pile[1:])
        if isinstance(event, TurnEnded):
            return evolve(state, turns_left=state.turns_left - 1)
        if isinstance(event, Revealed):
            return evolve(state, hands=event.hands, revealed=True)
        return state

    def on_turn_end(self, state: SecretState, rng: Rng) -> Sequence[object]:
        return [Revealed(state.hands)] if state.turns_left == 0 else []

    def result(self, state: SecretState) -> Result | None:
        if not state.revealed:
            return None
        best = max(state.hands)
        return Result(tuple(p for p, c in enumerate(state.hands) if c == best), state.hands)

    def max_entries(self, config: Config) -> int:
        return config.players + 1

    def view(self, state: SecretState, player: int | None) -> object:
        hands = state.hands
        if not state.revealed:
            hands = tuple(c if p == player else UNKNOWN for p, c in enumerate(state.hands))
        return evolve(state, hands=hands, pile=(UNKNOWN,) * len(state.pile))

    def redact(self, event: object, player: int | None) -> object:
        if isinstance(event, Dealt | Swapped) and event.player != player:
            return evolve(event, card=UNKNOWN)
        if isinstance(event, PileLaid):
            return PileLaid((UNKNOWN,) * len(event.cards))
        return event

    def determinize(self, state: SecretState, player: int | None, rng: Rng) -> SecretState:
        known = state.revealed
        hidden = [c for p, c in enumerate(state.hands) if p != player and not known]
        hidden += state.pile
        hidden.sort()  # the draw depends only on what the player sees, not on the true order
        rng.shuffle(hidden)
        hands = [c if p == player or known else hidden.pop() for p, c in enumerate(state.hands)]
        return evolve(state, hands=tuple(hands), pile=tuple(hidden))

    def describe_event(
        self,
        event: object,
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        voice = Voice(player, names)
        if isinstance(event, Dealt):
            number = "a number" if event.card == UNKNOWN else str(event.card)
            return f"{voice.who(event.player)} {voice.verb(event.player, 'is')} dealt {number}"
        if isinstance(event, PileLaid):
            return f"{len(event.cards)} numbers make the pile"
        if isinstance(event, Swapped):
            number = "" if event.card == UNKNOWN else f" for {event.card}"
            return f"{voice.does(event.player, 'swaps')}{number}"
        if isinstance(event, Revealed):
            return "the numbers are shown: " + ", ".join(map(str, event.hands))
        return super().describe_event(event, state, player, names)
