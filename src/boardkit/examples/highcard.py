"""High-card swap: a small card game with secret hands and a shuffled deck, for 2 to 4 players.

The rules. A deck holds the cards 1 to ``deck`` (option, 16 by default). It is shuffled, each
player is dealt two cards face down, and a start player is drawn at random. Then, in turn order,
every player takes ``rounds`` turns (option, 2 by default); a turn is one of

- **stand**: keep the hand;
- **swap a card**: lay one card of the hand face up on the discard pile and draw the top card of
  the deck, face down.

After the last turn the hands are shown; the highest total wins, ties share the win. Every
player sees their own hand, the discards and how many cards the deck still holds; nobody sees
the others' hands (until the end) or the deck.

It is the second example game, written from ``boardkit/game.py``'s docstrings and the tutorial
alone as a check that they suffice (issue 11). Where Nim shows every optional hook, this one
shows what Nim cannot: hidden information (``view``, ``redact``, ``determinize``), chance
beyond the start player, a configuration refused by ``check_config``, a turn hook
(``on_turn_end`` shows the hands) and a ``score`` bot hint. Its cards live in the zones of
`boardkit.zones` (a deck, a hand per seat, the discard pile), which fold, redact, show and
re-deal them, and it writes positions in the framework's default format (the JSON of the
state). The kit checks it (tests/examples/test_highcard.py). It is not registered as an entry
point: ``Match.new(HighCardGame(), 3)`` plays it, and ``boardkit.register(HighCardGame)`` makes it
known by name in a running process.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import (
    Config,
    Flow,
    Game,
    IllegalActionError,
    InvalidOptionsError,
    Option,
    Result,
    Rng,
    TurnEnded,
)
from boardkit.howto import RulesSection
from boardkit.i18n import N_
from boardkit.present.voice import Voice, count_of, join_words, seat_name
from boardkit.zones import HIDDEN as HIDDEN  # a card the viewer may not see (cards are 1 to deck)
from boardkit.zones import ZONE_EVENT_TYPES, Moved, Revealed, Shuffled, Zone, Zones, redact

HAND = 2
"""Cards in a hand."""


def hand(player: int) -> str:
    """The name of ``player``'s hand zone."""
    return f"hand {player}"


@frozen
class HighCardState:
    flow: Flow
    table: Zones
    """The deck (face down, top first), each seat's hand and the discards (face up, the last
    laid on top)."""
    turns_left: int = 0
    starter: int = 0

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's cards, sorted; `HIDDEN` for a card the viewer may not see."""
        return tuple(self.table[hand(p)].items for p in range(self.flow.players))

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck, top card first; all `HIDDEN` in every view."""
        return self.table["deck"].items

    @property
    def discards(self) -> tuple[int, ...]:
        """The cards swapped away, face up, the last laid first."""
        return self.table["discards"].items

    @property
    def shown(self) -> bool:
        """Whether the hands have been shown (the game is over)."""
        return self.table[hand(0)].seen_by(None)


@frozen
class Stand:
    """Keep the hand."""


@frozen
class Swap:
    """Lay ``card`` (one of the hand) face up and draw the top card of the deck."""

    card: int


HighCardAction = Stand | Swap


@frozen
class StarterDrawn:
    player: int


@frozen
class Stood:
    player: int


class HighCardGame(Game[HighCardState, HighCardAction]):
    """High-card swap: two secret cards each, swap or stand, the highest total wins."""

    name = "highcard"
    title = "High-card swap"
    version = "2.0"
    player_counts = (2, 3, 4)
    options = (
        Option("deck", 16, "cards in the deck, numbered from 1", minimum=4, maximum=60),
        Option("rounds", 2, "turns each player takes", minimum=1, maximum=5),
    )
    state_type = HighCardState
    action_types = (Stand, Swap)
    event_types = (*ZONE_EVENT_TYPES, StarterDrawn, Stood)
    hidden_information = True

    def check_config(self, config: Config) -> None:
        deck, rounds = int(config.option("deck")), int(config.option("rounds"))
        needed = config.players * (HAND + rounds)
        if deck < needed:
            raise InvalidOptionsError(
                f"{config.players} players with {rounds} rounds need a deck of {needed} cards "
                f"at least (two each, and one for every swap), not {deck}"
            )

    # The required methods.

    def initial(self, config: Config) -> HighCardState:
        players = config.players
        deck = Zone.deck("deck", range(1, int(config.option("deck")) + 1))
        hands = (Zone.hand(hand(p), p) for p in range(players))
        table = Zones.of(deck, *hands, Zone.pile("discards"))
        return HighCardState(
            Flow(players), table, turns_left=players * int(config.option("rounds"))
        )

    def legal_actions(self, state: HighCardState) -> list[HighCardAction]:
        if state.shown or state.flow.active is None:
            return []
        return [Stand(), *(Swap(card) for card in sorted(set(state.hands[state.flow.active])))]

    def apply(self, state: HighCardState, action: HighCardAction, rng: Rng) -> Sequence[object]:
        player = state.flow.active
        assert player is not None  # the engine calls apply only when someone decides
        if isinstance(action, Stand):
            return [Stood(player), TurnEnded()]
        if isinstance(action, Swap):
            if action.card not in state.hands[player]:
                raise IllegalActionError("swap", f"cannot swap {action.card}: not in your hand")
            table = state.table
            laid = table.move(hand(player), "discards", (action.card,))
            return [laid, table.draw("deck", hand(player)), TurnEnded()]
        raise IllegalActionError("action", f"{action!r} is not a High-card swap action")

    def reduce(self, state: HighCardState, event: object) -> HighCardState:
        if isinstance(event, Moved | Shuffled | Revealed):
            return evolve(state, table=state.table.fold(event))
        if isinstance(event, StarterDrawn):
            return evolve(state, starter=event.player)
        if isinstance(event, TurnEnded):
            return evolve(state, turns_left=state.turns_left - 1)
        return state

    def result(self, state: HighCardState) -> Result | None:
        if not state.shown:
            return None
        totals = tuple(sum(hand) for hand in state.hands)
        best = max(totals)
        return Result(tuple(p for p, t in enumerate(totals) if t == best), totals)

    def max_entries(self, config: Config) -> int:
        return 1 + config.players * int(config.option("rounds"))

    # Setup and flow: shuffle, deal, draw the start player; show the hands after the last turn.

    def setup(self, state: HighCardState, config: Config, rng: Rng) -> Sequence[object]:
        shuffled = state.table.shuffle("deck", rng)
        hands = [hand(p) for p in range(config.players)]
        dealt = state.table.fold(shuffled).deal("deck", hands, HAND)  # each hand sorted
        return [shuffled, *dealt, StarterDrawn(rng.below(config.players))]

    def first_player(self, state: HighCardState) -> int:
        return state.starter

    def on_turn_end(self, state: HighCardState, rng: Rng) -> Sequence[object]:
        if state.turns_left > 0:
            return []
        return [state.table.reveal(hand(p)) for p in range(state.flow.players)]

    # Hidden information: a seat sees its own hand, the discards and the deck's size.

    def view(self, state: HighCardState, player: int | None) -> HighCardState:
        return evolve(state, table=state.table.view(player))

    def redact(self, event: object, player: int | None) -> object:
        return redact(event, player)

    def determinize(self, state: HighCardState, player: int | None, rng: Rng) -> HighCardState:
        # every card of the deck lies in some zone, numbered from 1: the cards the player
        # cannot see are the others, known even where a redacted log holds HIDDEN for them
        table = state.table
        total = sum(len(zone.items) for zone in table.zones)
        seen = {card for zone in table.zones if zone.seen_by(player) for card in zone.items}
        unseen = set(range(1, total + 1)) - seen
        return evolve(state, table=table.determinize(player, rng, unseen))

    # Presentation.

    def describe_action(self, action: HighCardAction, state: HighCardState | None = None) -> str:
        return "stand" if isinstance(action, Stand) else f"swap {action.card}"

    def render_text(
        self,
        state: HighCardState,
        player: int | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        seen = self.view(state, player)
        hands = "  ".join(
            f"{seat_name(p, names, str(p))}: "
            + " ".join("?" if c == HIDDEN else str(c) for c in hand)
            for p, hand in enumerate(seen.hands)
        )
        discards = " ".join(map(str, seen.discards)) or "none"
        return f"hands {hands} | discards {discards} | deck {count_of(len(seen.deck), 'card')}"

    def describe_event(
        self,
        event: object,
        state: HighCardState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        voice = Voice(player, names)
        if isinstance(event, Shuffled):
            return f"the deck is shuffled: {count_of(len(event.items), 'card')}"
        if isinstance(event, Moved) and event.target != "discards":
            seat, cards = _owner(state, event.target), _cards(event.items)
            if state.flow.turn == 0:  # the deal
                return f"{voice.who(seat)} {voice.verb(seat, 'is')} dealt {cards}"
            return f"{voice.does(seat, 'draws')} {cards}"
        if isinstance(event, Moved):
            return f"{voice.does(_owner(state, event.source), 'discards')} {_cards(event.items)}"
        if isinstance(event, Revealed):
            return f"{voice.does(_owner(state, event.zone), 'shows')} {_total(event.items)}"
        if isinstance(event, StarterDrawn):
            return voice.does(event.player, "starts")
        if isinstance(event, Stood):
            return voice.does(event.player, "stands")
        return super().describe_event(event, state, player, names)

    def describe_events(
        self,
        events: Sequence[object],
        state: HighCardState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        """A swap (a card laid, one drawn) as one line; the hands shown as one line."""
        voice = Voice(player, names)
        moves = [event for event in events if isinstance(event, Moved)]
        if len(moves) == len(events) == 2:
            laid, drawn = moves
            if (laid.target, drawn.source, drawn.target) == ("discards", "deck", laid.source):
                seat = _owner(state, laid.source)
                return [
                    f"{voice.does(seat, 'swaps')} {_cards(laid.items)} for {_cards(drawn.items)}"
                ]
        shown = [event for event in events if isinstance(event, Revealed)]
        if len(shown) == len(events):
            totals = (f"{voice.who(_owner(state, e.zone))} {_total(e.items)}" for e in shown)
            return ["hands shown: " + ", ".join(totals)]
        return None

    def how_to_play(self) -> tuple[RulesSection, ...]:
        return (
            RulesSection(
                "goal",
                N_("The goal"),
                (),
                "Each player holds two secret cards. After the last "
                "turn the hands are shown, and the highest total wins; ties share the win.",
            ),
            RulesSection(
                "stand", N_("Standing"), (), "On your turn you may stand: keep your hand as it is."
            ),
            RulesSection(
                "swap",
                N_("Swapping a card"),
                ("swap",),
                "Or lay one card of your hand face up "
                "on the discard pile and draw the top card of the deck, which only you see. "
                "Every player has the same number of turns (2 unless the options say otherwise).",
            ),
        )

    # Bot hints: the final score is the hand's total, read from what ``player`` sees.

    def score(self, state: HighCardState, player: int) -> float:
        return float(sum(state.hands[player]))

    # Chance: the shuffle is the widest draw (a deck of ``deck`` cards).

    def max_chance_outcomes(self, config: Config) -> int:
        return max(int(config.option("deck")), config.players)


def _cards(cards: Sequence[int]) -> str:
    """Cards as words: ``3 and 9``, or ``two cards`` when they are hidden."""
    if HIDDEN in cards:
        return "a card" if len(cards) == 1 else count_of(len(cards), "card")
    return join_words([str(card) for card in cards])


def _total(cards: Sequence[int]) -> str:
    return f"{'+'.join(map(str, cards))} = {sum(cards)}"


def _owner(state: HighCardState, zone: str) -> int:
    """The seat whose hand ``zone`` is, in ``state`` (before the hands are shown)."""
    seat = state.table[zone].owner
    assert seat is not None, f"{zone} is no hand"
    return seat
