"""Hidden information (K-H1): views, redaction of log events, determinization.

What is secret: the cards in a player's hand (from everyone else) and the order of the draw pile
(from everyone). Everything else is public — the board, the tile stock, the special cards in front
of the players and in play, the face-up discard pile, and how many cards each hand and the pile
hold.

* :func:`view` is a :class:`~boardkit_khan.rules.state.KhanState` in which every card the player may
  not see is :data:`~boardkit_khan.rules.state.UNKNOWN_CARD`; counts stay. It is a full state, so
  the rules can be asked about it (the deciding player always sees his own hand).
* :func:`redact` hides the same things in events: a shuffle's order, a card someone else drew.
* :func:`determinize` deals every card the player cannot see — the other hands and the draw pile
  — again at random, keeping every count, so ``view(determinize(s, p), p) == view(s, p)``.
  The unseen cards are found by elimination (all 72 minus the player's hand and the discard
  pile), so it also works on a state folded from a redacted log.
"""

from __future__ import annotations

from attrs import evolve

from boardkit.rng import Rng
from boardkit_khan.rules.events import CardDrawn, DiscardReshuffled, DrawPileShuffled
from boardkit_khan.rules.state import UNKNOWN_CARD, KhanState, static_for


def _hidden(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (UNKNOWN_CARD,) * len(cards)


def view(state: KhanState, player: int | None) -> KhanState:
    """``state`` as ``player`` (``None``: a spectator) may see it."""
    cards = state.cards
    hands = tuple(
        hand if seat == player else _hidden(hand) for seat, hand in enumerate(cards.hands)
    )
    return evolve(state, cards=evolve(cards, hands=hands, pile=_hidden(cards.pile)))


def redact(event: object, player: int | None) -> object:
    """``event`` as ``player`` may read it in a log."""
    kind = type(event)
    if kind is CardDrawn:
        assert isinstance(event, CardDrawn)
        return event if event.player == player else CardDrawn(event.player, UNKNOWN_CARD)
    if kind is DrawPileShuffled:
        assert isinstance(event, DrawPileShuffled)
        return DrawPileShuffled(_hidden(event.cards))
    if kind is DiscardReshuffled:
        assert isinstance(event, DiscardReshuffled)
        return DiscardReshuffled(_hidden(event.cards))
    return event


def determinize(state: KhanState, player: int | None, rng: Rng) -> KhanState:
    """``state`` with the other hands and the draw pile dealt again at random (counts kept)."""
    cards = state.cards
    deck_size = len(static_for(state.options.board).cards)
    seen = set(cards.discard)
    if player is not None:
        seen.update(c for c in cards.hands[player] if c != UNKNOWN_CARD)
    unseen = [c for c in range(deck_size) if c not in seen]
    rng.shuffle(unseen)
    hands = []
    for seat, hand in enumerate(cards.hands):
        if seat == player:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(unseen.pop() for _ in hand)))
    pile = tuple(unseen.pop() for _ in cards.pile)
    return evolve(state, cards=evolve(cards, hands=tuple(hands), pile=pile))
