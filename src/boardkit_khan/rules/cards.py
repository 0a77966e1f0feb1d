"""Deck handling (K-S5): shuffling, dealing, drawing, the face-up discard pile, reshuffling.

Cards are deck indices (see :mod:`boardkit_khan.rules.state`). The draw pile's order is secret and
decided by shuffle events; drawing takes the top card, so a draw itself needs no randomness.
When the last card of the draw pile is taken, the discard pile is shuffled at once into a new draw
pile (the German rulebook: "Wird die letzte Karte vom Nachziehstapel gezogen, werden die Karten
des Ablagestapels gemischt"); should a draw ever find the pile empty anyway, it reshuffles first.
"""

from __future__ import annotations

from itertools import combinations

from boardkit.rng import Rng
from boardkit_khan.rules.components import HAND_SIZE
from boardkit_khan.rules.events import CardDrawn, CardRevealed, DiscardReshuffled, DrawPileShuffled
from boardkit_khan.rules.reducer import Script


def deal(script: Script, deck_size: int, rng: Rng) -> None:
    """K-S5: shuffle the whole deck into the draw pile, then deal 4 cards to every player,
    one at a time in turn order from the start player."""
    script.emit(DrawPileShuffled(rng.shuffled(range(deck_size))))
    state = script.state
    players = state.players
    for _ in range(HAND_SIZE):
        for offset in range(players):
            draw_into_hand(script, (state.start_player + offset) % players, rng)


def reshuffle_if_empty(script: Script, rng: Rng) -> None:
    """K-S5: an empty draw pile is replaced by the shuffled discard pile."""
    cards = script.state.cards
    if not cards.pile and cards.discard:
        script.emit(DiscardReshuffled(rng.shuffled(cards.discard)))


def reveal_top(script: Script, rng: Rng) -> int:
    """Turn the top card face up onto the discard pile (K-T1, K-A-B); return it."""
    card = _top(script, rng)
    script.emit(CardRevealed(card))
    if not script.state.cards.pile:
        reshuffle_if_empty(script, rng)
    return card


def draw_into_hand(script: Script, player: int, rng: Rng) -> int:
    """``player`` draws the top card into his hand; return it."""
    card = _top(script, rng)
    script.emit(CardDrawn(player, card))
    if not script.state.cards.pile:
        reshuffle_if_empty(script, rng)
    return card


def _top(script: Script, rng: Rng) -> int:
    """The top card of the draw pile, the discard pile reshuffled first if the pile is empty
    (:func:`reshuffle_if_empty`, asked only then: a pile is seldom empty)."""
    pile = script.state.cards.pile
    if not pile:
        reshuffle_if_empty(script, rng)
        pile = script.state.cards.pile
    return pile[0]


def refill_hand(script: Script, player: int, rng: Rng) -> None:
    """K-T5: draw until ``player`` holds 4 cards."""
    while len(script.state.cards.hands[player]) < HAND_SIZE:
        draw_into_hand(script, player, rng)


def hand_subsets(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every sub-collection of a hand (sorted tuples, smallest first): the K-A-D discard choices.

    Combinations of the sorted hand come out in sorted order for each size; a card held twice
    gives some of them twice, and only the first is kept."""
    cards = sorted(hand)
    return [
        subset
        for size in range(len(cards) + 1)
        for subset in dict.fromkeys(combinations(cards, size))
    ]
