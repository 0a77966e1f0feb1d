"""Goofspiel in words: the text board and the narration lines.

Every function here reads only what its reader may see: :func:`board` draws a view, and the
narration reads events already redacted for the reader and public fields of the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.examples.goofspiel.state import (
    CARDS,
    HIDDEN,
    NO_BID,
    BidPlaced,
    BidsRevealed,
    GoofspielState,
    PrizeRevealed,
    PrizesShuffled,
    PrizeTied,
    PrizeWon,
)
from boardkit.flow import DecisionOwed, TurnStarted
from boardkit.voice import Voice, count_of, join_words


def _stake(points: int, prize: int) -> str:
    extra = points - prize
    return count_of(points, "point") + (f" with {extra} carried over" if extra else "")


def board(seen: GoofspielState, player: int | None) -> str:
    """The text board of ``seen``, a view for ``player`` (so it shows nothing hidden)."""
    turned = CARDS - len(seen.pile)
    lines = [f"round {turned} of {CARDS}" if turned else "before the first round"]
    if seen.prize:
        lines.append(f"prize {seen.prize}: {_stake(seen.stake, seen.prize)} at stake")
    if seen.carried:
        lines.append(f"{count_of(seen.carried, 'point')} carried to the next round")
    lines.append(f"face-down prizes: {len(seen.pile)}")
    for seat, hand in enumerate(seen.hands):
        bid = seen.bids[seat]
        said = "not yet" if bid == NO_BID else "face down" if bid == HIDDEN else str(bid)
        last = f", last bid {seen.shown[seat]}" if seen.shown else ""
        you = " (you)" if seat == player else ""
        cards = " ".join(map(str, hand)) or "nothing"
        lines.append(
            f"seat {seat}{you}: {count_of(seen.scores[seat], 'point')}, bid {said}{last};"
            f" holds {cards}"
        )
    return "\n".join(lines)


def event_line(event: object, state: GoofspielState, voice: Voice) -> str | None:
    """The line of one event for ``voice``'s reader (``state`` is the state before it), or
    ``None`` for an event that is not Goofspiel's own (the caller words flow events)."""
    if isinstance(event, PrizesShuffled):
        return f"the {CARDS} prize cards are shuffled face down"
    if isinstance(event, TurnStarted):
        return f"round {event.turn} of {CARDS}"
    if isinstance(event, PrizeRevealed):
        return f"the prize is {event.prize}: {_stake(state.carried + event.prize, event.prize)}"
    if isinstance(event, DecisionOwed):
        return f"{voice.who(event.player)} must choose a bid"
    if isinstance(event, BidPlaced):
        card = "a card" if event.card == HIDDEN else str(event.card)
        return f"{voice.does(event.player, 'bids')} {card} face down"
    if isinstance(event, BidsRevealed):
        shown = [f"{bid} from {voice.who(seat)}" for seat, bid in enumerate(event.bids)]
        return f"the bids are shown: {join_words(shown)}"
    if isinstance(event, PrizeWon):
        total = state.scores[event.player] + event.points
        won = f"{voice.does(event.player, 'wins')} {count_of(event.points, 'point')}"
        return f"{won} ({total} in all)"
    if isinstance(event, PrizeTied):
        fate = "carry over to the next round" if event.carried else "are discarded"
        return f"the highest bid is tied: {count_of(event.points, 'point')} {fate}"
    return None


def owed_lines(events: Sequence[object], voice: Voice) -> list[str] | None:
    """One line for a run of owed bids ("ann, bob and you must each choose a bid"), or
    ``None`` for a run of other events."""
    seats = [event.player for event in events if isinstance(event, DecisionOwed)]
    if len(seats) != len(events):
        return None
    return [f"{join_words([voice.who(seat) for seat in seats])} must each choose a bid"]


def decision(state: GoofspielState) -> str:
    """The question a bid asks, for the bidder (the prize and stake are public)."""
    return f"choose your bid for the prize {state.prize} ({_stake(state.stake, state.prize)})"
