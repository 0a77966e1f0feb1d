"""Goofspiel as numbers for learning agents: the action index and the observation layout.

Actions: index ``i`` is the bid of card ``i + 1`` (13 indices, the same in every position).

Observation of seat ``p``, a flat list of floats in ``[0, 1]``, built from ``p``'s view only.
Seats are listed from ``p``'s chair: ``p`` first, then ``p + 1``, ``p + 2`` … (mod the number
of seats), so a network plays every seat alike. For ``n`` seats, ``15 n + 43`` values:

====================  ======  ============================================================
part                  values  meaning
====================  ======  ============================================================
hands                 13 n    per seat from ``p``'s chair, card ``c`` at ``c - 1``: 1 if held
                              (a hand keeps its pending bid, so this shows no bid)
my bid                13      1 at the card ``p`` has bid this round, if any
bid placed            n       per seat from ``p``'s chair: 1 if it has bid this round
prize                 13      1 at the prize turned up this round
pile                  13      1 at each prize still face down (the order stays unknown)
scores                n       per seat from ``p``'s chair, points / 91 (all 13 prizes)
stake                 1       the points this round is played for / 91
carried               1       points a tie carries into the next round / 91
ties carry            1       1 if the ``ties`` option is ``carry``
decides               1       1 if ``p`` owes a bid now
====================  ======  ============================================================
"""

from __future__ import annotations

from boardkit.errors import InvalidActionIndexError
from boardkit.examples.goofspiel.state import (
    ALL_POINTS,
    BIDS,
    CARDS,
    HIDDEN,
    NO_BID,
    Bid,
    GoofspielState,
)


def observation_size(seats: int) -> int:
    """The length of :func:`observation` for ``seats`` players."""
    return CARDS * seats + CARDS + seats + CARDS + CARDS + seats + 4


def action_index(action: Bid) -> int:
    """The index of a bid: its card less one."""
    return action.card - 1


def index_action(index: int) -> Bid:
    """The bid of action index ``index`` (:class:`InvalidActionIndexError` outside 0 to 12)."""
    if type(index) is not int or not 0 <= index < CARDS:
        raise InvalidActionIndexError(f"Goofspiel action indices are 0 to {CARDS - 1}")
    return BIDS[index + 1]


def _cards(cards: tuple[int, ...] | list[int]) -> list[float]:
    """13 values: 1.0 at ``c - 1`` for each card ``c`` of ``cards``."""
    values = [0.0] * CARDS
    for card in cards:
        if 1 <= card <= CARDS:
            values[card - 1] = 1.0
    return values


def observation(view: GoofspielState, player: int) -> list[float]:
    """The layout of the module docstring, read off ``view`` (``player``'s view)."""
    seats = view.flow.players
    chair = [(player + k) % seats for k in range(seats)]
    out: list[float] = []
    for seat in chair:
        out += _cards(view.hands[seat])
    own = view.bids[player]
    out += _cards([own] if own not in (NO_BID, HIDDEN) else [])
    out += [0.0 if view.bids[seat] == NO_BID else 1.0 for seat in chair]
    out += _cards([view.prize] if view.prize else [])
    still = [card for card in range(1, CARDS + 1) if card not in view.turned]
    out += _cards(still)
    out += [view.scores[seat] / ALL_POINTS for seat in chair]
    out += [
        view.stake / ALL_POINTS,
        view.carried / ALL_POINTS,
        1.0 if view.carry else 0.0,
        1.0 if view.flow.owed and view.flow.owed[0].player == player else 0.0,
    ]
    return out
