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
(``on_turn_end`` shows the hands) and a ``score`` bot hint. Its test is a single
``check_game`` call (tests/examples/test_highcard.py). It is not registered as an entry point:
``Match.new(HighCardGame(), 3)`` plays it, and ``boardkit.register(HighCardGame)`` makes it
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
from boardkit.present.voice import Voice, count_of, join_words, seat_name

HIDDEN = 0
"""A card nobody may see (cards are 1 to ``deck``)."""

HAND = 2
"""Cards in a hand."""


@frozen
class HighCardState:
    flow: Flow
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards, sorted; :data:`HIDDEN` for a card the viewer may not see."""
    deck: tuple[int, ...] = ()
    """The deck, top card first; all :data:`HIDDEN` in every view."""
    discards: tuple[int, ...] = ()
    """The cards swapped away, face up, in the order they were laid."""
    turns_left: int = 0
    starter: int = 0
    shown: bool = False
    """Whether the hands have been shown (the game is over)."""


@frozen
class Stand:
    """Keep the hand."""


@frozen
class Swap:
    """Lay ``card`` (one of the hand) face up and draw the top card of the deck."""

    card: int


HighCardAction = Stand | Swap


@frozen
class Dealt:
    player: int
    cards: tuple[int, ...]


@frozen
class DeckLaid:
    cards: tuple[int, ...]


@frozen
class StarterDrawn:
    player: int


@frozen
class Stood:
    player: int


@frozen
class Swapped:
    player: int
    discarded: int
    drawn: int


@frozen
class HandsShown:
    hands: tuple[tuple[int, ...], ...]


def _replace(hand: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """``hand`` with its ``old`` card replaced by ``new``.

    ``reduce`` also folds redacted events onto states that do not know the hand: a player's own
    log (the hand all hidden: a hidden card goes) and, when the kit checks the narration, a
    ``determinize`` twin whose re-drawn hand may not hold ``old`` (then nothing goes: the line
    is what matters there, and it must not raise).
    """
    cards = list(hand)
    if old in cards:
        cards.remove(old)
    elif HIDDEN in cards:
        cards.remove(HIDDEN)
    return tuple(sorted((*cards, new)))


class HighCardGame(Game[HighCardState, HighCardAction]):
    """High-card swap: two secret cards each, swap or stand, the highest total wins."""

    name = "highcard"
    title = "High-card swap"
    version = "1.0"
    player_counts = (2, 3, 4)
    options = (
        Option("deck", 16, "cards in the deck, numbered from 1", minimum=4, maximum=60),
        Option("rounds", 2, "turns each player takes", minimum=1, maximum=5),
    )
    state_type = HighCardState
    action_types = (Stand, Swap)
    event_types = (Dealt, DeckLaid, StarterDrawn, Stood, Swapped, HandsShown)
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
        turns = players * int(config.option("rounds"))
        return HighCardState(Flow(players), ((HIDDEN,) * HAND,) * players, turns_left=turns)

    def legal_actions(self, state: HighCardState) -> list[HighCardAction]:
        if state.shown or state.flow.active is None:
            return []
        hand = state.hands[state.flow.active]
        return [Stand(), *(Swap(card) for card in sorted(set(hand)))]

    def apply(self, state: HighCardState, action: HighCardAction, rng: Rng) -> Sequence[object]:
        player = state.flow.active
        assert player is not None  # the engine calls apply only when someone decides
        if isinstance(action, Stand):
            return [Stood(player), TurnEnded()]
        if isinstance(action, Swap):
            if action.card not in state.hands[player]:
                raise IllegalActionError("swap", f"cannot swap {action.card}: not in your hand")
            return [Swapped(player, action.card, state.deck[0]), TurnEnded()]
        raise IllegalActionError("action", f"{action!r} is not a High-card swap action")

    def reduce(self, state: HighCardState, event: object) -> HighCardState:
        if isinstance(event, Dealt):
            hands = list(state.hands)
            hands[event.player] = tuple(sorted(event.cards))
            return evolve(state, hands=tuple(hands))
        if isinstance(event, DeckLaid):
            return evolve(state, deck=event.cards)
        if isinstance(event, StarterDrawn):
            return evolve(state, starter=event.player)
        if isinstance(event, Stood):
            return evolve(state, turns_left=state.turns_left - 1)
        if isinstance(event, Swapped):
            hands = list(state.hands)
            hands[event.player] = _replace(hands[event.player], event.discarded, event.drawn)
            return evolve(
                state,
                hands=tuple(hands),
                deck=state.deck[1:],
                discards=(*state.discards, event.discarded),
                turns_left=state.turns_left - 1,
            )
        if isinstance(event, HandsShown):
            return evolve(state, hands=event.hands, shown=True)
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
        cards = rng.shuffled(range(1, int(config.option("deck")) + 1))
        players = config.players
        # Sorted: the order a hand was dealt in is part of the shuffle, which nobody may learn.
        dealt = [Dealt(p, tuple(sorted(cards[HAND * p : HAND * (p + 1)]))) for p in range(players)]
        return [*dealt, DeckLaid(tuple(cards[HAND * players :])), StarterDrawn(rng.below(players))]

    def first_player(self, state: HighCardState) -> int:
        return state.starter

    def on_turn_end(self, state: HighCardState, rng: Rng) -> Sequence[object]:
        return [HandsShown(state.hands)] if state.turns_left == 0 else []

    # Hidden information: a seat sees its own hand, the discards and the deck's size.

    def view(self, state: HighCardState, player: int | None) -> HighCardState:
        hands = state.hands
        if not state.shown:
            hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(hands))
        return evolve(state, hands=hands, deck=(HIDDEN,) * len(state.deck))

    def redact(self, event: object, player: int | None) -> object:
        if isinstance(event, Dealt) and event.player != player:
            return Dealt(event.player, (HIDDEN,) * len(event.cards))
        if isinstance(event, DeckLaid):
            return DeckLaid((HIDDEN,) * len(event.cards))
        if isinstance(event, Swapped) and event.player != player:
            return evolve(event, drawn=HIDDEN)
        return event

    def determinize(self, state: HighCardState, player: int | None, rng: Rng) -> HighCardState:
        if state.shown:
            unseen = sorted(state.deck)
            rng.shuffle(unseen)
            return evolve(state, deck=tuple(unseen))
        others = [p for p in range(state.flow.players) if p != player]
        # Sorted first, so that the draw depends only on what ``player`` sees.
        unseen = sorted([c for p in others for c in state.hands[p]] + list(state.deck))
        rng.shuffle(unseen)
        hands = list(state.hands)
        for p in others:
            hands[p] = tuple(sorted(unseen.pop() for _ in state.hands[p]))
        return evolve(state, hands=tuple(hands), deck=tuple(unseen))

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
        if isinstance(event, Dealt):
            shown = [str(card) for card in event.cards]
            cards = "two cards" if HIDDEN in event.cards else join_words(shown)
            return f"{voice.who(event.player)} {voice.verb(event.player, 'is')} dealt {cards}"
        if isinstance(event, DeckLaid):
            return f"the deck is shuffled: {count_of(len(event.cards), 'card')} left to draw"
        if isinstance(event, StarterDrawn):
            return voice.does(event.player, "starts")
        if isinstance(event, Stood):
            return voice.does(event.player, "stands")
        if isinstance(event, Swapped):
            drawn = "a card" if event.drawn == HIDDEN else str(event.drawn)
            return f"{voice.does(event.player, 'swaps')} {event.discarded} for {drawn}"
        if isinstance(event, HandsShown):
            totals = (
                f"{voice.who(p)} {'+'.join(map(str, hand))} = {sum(hand)}"
                for p, hand in enumerate(event.hands)
            )
            return "hands shown: " + ", ".join(totals)
        return super().describe_event(event, state, player, names)

    # Bot hints: the final score is the hand's total, read from what ``player`` sees.

    def score(self, state: HighCardState, player: int) -> float:
        return float(sum(state.hands[player]))

    # Chance: the shuffle is the widest draw (a deck of ``deck`` cards).

    def max_chance_outcomes(self, config: Config) -> int:
        return max(int(config.option("deck")), config.players)
