"""Goofspiel (the Game of Pure Strategy): simultaneous secret bids, written from the docs alone.

Rules. Two to four players each hold the thirteen cards of one suit (values 1 to 13); the
thirteen cards of another suit are shuffled face down as the prize pile. Each round the top
prize is turned up, then every player chooses one card of their hand as a bid, in secret; when
all bids are in they are shown together and played out of the game. The one highest bid wins
the round's points (the prize's value). When two or more players share the highest bid, option
``ties`` decides: ``"discard"`` (the default) throws the prize away; ``"carry"`` carries its
points over, added to the next round's prize (a tie in the last round discards what is at
stake, since no round follows). After thirteen rounds the highest total wins; players with
equal totals share the win.

How it maps onto boardkit. A round is a turn. When it starts, the game turns up the prize and
owes every seat a ``"bid"`` decision (:class:`~boardkit.flow.DecisionOwed`, in seat order), so
:func:`boardkit.decider` asks the seats one after another; the last bid reveals them all
(``BidsRevealed``), scores the round, marks its end (:class:`~boardkit.flow.RoundEnded`: the
front ends stop on the table the round ended on, which the next prize would otherwise cover)
and ends the turn, in the same log entry. The secrecy
lives in ``view`` and ``redact``: a bid placed but not yet revealed is
:data:`~boardkit.examples.goofspiel.state.HIDDEN` to everyone but its bidder (and a hand keeps
its pending bid, so the hand says nothing either), and the prize pile is unknown to everybody.
So the order in which seats are asked gives nobody an edge. The shuffle is one setup event
drawn from the engine's seeded stream, so a replay draws nothing.

Modules: :mod:`.state` (the data), :mod:`.rules` (the game), :mod:`.text` (the words),
:mod:`.encoding` (actions and observations as numbers, for :mod:`boardkit.adapters`),
:mod:`.positions` (positions as text, docs/positions.md).
"""

from boardkit.examples.goofspiel.rules import Goofspiel
from boardkit.examples.goofspiel.state import (
    CARDS,
    HIDDEN,
    NO_BID,
    UNKNOWN,
    Bid,
    BidPlaced,
    BidsRevealed,
    GoofspielEvent,
    GoofspielState,
    PrizeRevealed,
    PrizesShuffled,
    PrizeTied,
    PrizeWon,
)

__all__ = [
    "CARDS",
    "HIDDEN",
    "NO_BID",
    "UNKNOWN",
    "Bid",
    "BidPlaced",
    "BidsRevealed",
    "Goofspiel",
    "GoofspielEvent",
    "GoofspielState",
    "PrizeRevealed",
    "PrizeTied",
    "PrizeWon",
    "PrizesShuffled",
]
