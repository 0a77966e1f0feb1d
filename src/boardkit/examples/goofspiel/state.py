"""Goofspiel's data: the state, the one action and the events, as plain frozen classes."""

from __future__ import annotations

from attrs import frozen

from boardkit.flow import Flow

CARDS = 13
"""Cards in a suit: every hand and the prize pile hold the values 1 to 13."""
ALL_POINTS = CARDS * (CARDS + 1) // 2
"""The points of the whole prize pile (1 + 2 + … + 13 = 91): every score, stake and carry is
at most this."""
NO_BID = 0
"""A seat's bid slot before that seat has bid this round."""
HIDDEN = -1
"""A bid that is placed but not shown to the viewer (views, redacted ``BidPlaced`` events)."""
UNKNOWN = 0
"""A face-down prize card: every view and redacted log holds the pile as these."""


@frozen
class GoofspielState:
    """A position.

    ``hands[s]`` are seat ``s``'s cards not yet revealed, sorted, its pending bid included (so
    a hand says nothing about that bid); ``bids[s]`` its bid this round (:data:`NO_BID`, a
    card, or :data:`HIDDEN` in a view); ``pile`` the face-down prizes from the top; ``prize``
    the card turned up this round (0 before the first) and ``stake`` the points this round is
    played for (the prize plus points carried over); ``carried`` the points a tie carries into
    the next round; ``shown`` the bids of the last round revealed, in seat order; ``turned`` the
    prizes turned up so far, in order (public: everyone saw them, and they tell which prizes
    the pile still holds).
    """

    flow: Flow
    carry: bool
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]
    scores: tuple[int, ...]
    pile: tuple[int, ...] = ()
    prize: int = 0
    stake: int = 0
    carried: int = 0
    shown: tuple[int, ...] = ()
    turned: tuple[int, ...] = ()


@frozen
class Bid:
    """The one action: bid the card ``card`` of your hand."""

    card: int


@frozen
class PrizesShuffled:
    """The prize pile, top first (all :data:`UNKNOWN` in a redacted log)."""

    pile: tuple[int, ...]


@frozen
class PrizeRevealed:
    """The top prize is turned up: the round is played for it and any points carried over."""

    prize: int


@frozen
class BidPlaced:
    """``player`` bid ``card`` face down (:data:`HIDDEN` in everyone else's log)."""

    player: int
    card: int


@frozen
class BidsRevealed:
    """All bids of the round, in seat order, shown together and played out of the hands."""

    bids: tuple[int, ...]


@frozen
class PrizeWon:
    """``player``'s bid alone was highest: it scores ``points``."""

    player: int
    points: int


@frozen
class PrizeTied:
    """The highest bid was shared: ``points`` carry over to the next round, or are discarded."""

    points: int
    carried: bool


GoofspielEvent = PrizesShuffled | PrizeRevealed | BidPlaced | BidsRevealed | PrizeWon | PrizeTied
"""Every event of the game (the flow events of :mod:`boardkit.flow` aside)."""
EVENT_TYPES: tuple[type, ...] = (
    PrizesShuffled,
    PrizeRevealed,
    BidPlaced,
    BidsRevealed,
    PrizeWon,
    PrizeTied,
)
BIDS = tuple(Bid(card) for card in range(CARDS + 1))
"""The actions, shared (``BIDS[7] == Bid(7)``); index 0 is never legal."""
SECRET_BID = Bid(HIDDEN)
"""Another seat's bid as a log or a front end shows it (never legal: it is only read)."""
