"""A tiny test-only game that need not end: cards are passed round the table until someone knocks.

Two players start with the cards 1 and 2 (seat 0) and 3 and 4 (seat 1). On a turn a player
passes one of his cards to the other, or knocks; a knock ends the game, and the higher hand wins
(both share the win on equal hands). Nothing makes anyone knock, so the game has no natural
bound: :meth:`EndlessGame.max_entries` is ``None`` and every match of it is played under an entry
cap. The first legal action is always a pass, so :class:`~boardkit.bots.FirstBot` never ends it.
Tests of every front end and adapter use it for a truncated match; it passes the conformance kit
(tests/testing/test_conformance.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import Config, Flow, Game, IllegalActionError, Result, Rng, TurnEnded
from boardkit.errors import InvalidActionIndexError

CARDS = 4
"""The cards 1 to 4 go round the table."""


@frozen
class EndlessState:
    flow: Flow
    hands: tuple[tuple[int, ...], ...] = ((1, 2), (3, 4))
    knocked: bool = False


@frozen
class Pass:
    card: int


@frozen
class Knock:
    pass


@frozen
class Passed:
    player: int
    card: int


@frozen
class Knocked:
    player: int


class EndlessGame(Game[EndlessState, Pass | Knock]):
    """Pass cards round until someone knocks; the higher hand wins. No bound on its length."""

    name = "endless"
    title = "Pass or knock"
    version = "1.0"
    player_counts = (2,)
    state_type = EndlessState
    action_types = (Pass, Knock)
    event_types = (Passed, Knocked)

    def initial(self, config: Config) -> EndlessState:
        return EndlessState(Flow(config.players))

    def legal_actions(self, state: EndlessState) -> list[Pass | Knock]:
        if state.flow.ended:
            return []
        hand = state.hands[state.flow.active or 0]
        return [*(Pass(card) for card in hand), Knock()]

    def apply(self, state: EndlessState, action: Pass | Knock, rng: Rng) -> Sequence[object]:
        if action not in self.legal_actions(state):
            raise IllegalActionError("hand", f"{action!r} is not one of the legal actions")
        player = state.flow.active or 0
        if isinstance(action, Knock):
            return [Knocked(player), TurnEnded()]
        return [Passed(player, action.card), TurnEnded()]

    def reduce(self, state: EndlessState, event: object) -> EndlessState:
        if isinstance(event, Knocked):
            return evolve(state, knocked=True)
        if isinstance(event, Passed):
            giver, taker = event.player, 1 - event.player
            hands = list(state.hands)
            hands[giver] = tuple(card for card in hands[giver] if card != event.card)
            hands[taker] = tuple(sorted((*hands[taker], event.card)))
            return evolve(state, hands=tuple(hands))
        return state

    def result(self, state: EndlessState) -> Result | None:
        if not state.knocked:
            return None
        scores = tuple(sum(hand) for hand in state.hands)
        best = max(scores)
        return Result(tuple(seat for seat, score in enumerate(scores) if score == best), scores)

    def max_entries(self, config: Config) -> None:
        return None  # nobody has to knock

    def score(self, state: EndlessState, player: int) -> float:
        return float(sum(state.hands[player]))

    def num_actions(self, config: Config) -> int:
        return CARDS + 1  # pass the card i + 1 is index i; a knock is the last

    def action_to_index(self, action: Pass | Knock, state: EndlessState) -> int:
        return CARDS if isinstance(action, Knock) else action.card - 1

    def index_to_action(self, index: int, state: EndlessState) -> Pass | Knock:
        if type(index) is not int or not 0 <= index <= CARDS:
            raise InvalidActionIndexError(f"action indices are 0 to {CARDS}, not {index!r}")
        return Knock() if index == CARDS else Pass(index + 1)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (2, CARDS)  # the player's own cards, then the other's

    def observation(self, state: EndlessState, player: int) -> list[float]:
        mine, theirs = state.hands[player], state.hands[1 - player]
        return [float(card in hand) for hand in (mine, theirs) for card in range(1, CARDS + 1)]

    def max_chance_outcomes(self, config: Config) -> int:
        return 0  # nothing is drawn

    def describe_action(self, action: Pass | Knock, state: EndlessState | None = None) -> str:
        return "knock" if isinstance(action, Knock) else f"pass the {action.card}"

    def describe_event(
        self,
        event: object,
        state: EndlessState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        if isinstance(event, Passed):
            return f"the {event.card} passed on"
        if isinstance(event, Knocked):
            return "a knock"
        return super().describe_event(event, state, player, names)
