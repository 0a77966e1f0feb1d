"""Goofspiel in words: the text board, the narration lines and the how-to-play sections.

Every function here reads only what its reader may see: :func:`board` draws a view, and the
narration reads events already redacted for the reader and public fields of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

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
from boardkit.flow import DecisionOwed, RoundEnded, TurnStarted
from boardkit.howto import RulesSection
from boardkit.i18n import N_
from boardkit.present.screen import Line, Picture, line
from boardkit.present.voice import Voice, count_of, join_words, seat_name


def _stake(points: int, prize: int) -> str:
    extra = points - prize
    return count_of(points, "point") + (f" with {extra} carried over" if extra else "")


def _round_lines(seen: GoofspielState) -> list[str]:
    """The round, the prize at stake, points carried and the face-down prizes."""
    turned = CARDS - len(seen.pile)
    lines = [f"round {turned} of {CARDS}" if turned else "before the first round"]
    if seen.prize:
        lines.append(f"prize {seen.prize}: {_stake(seen.stake, seen.prize)} at stake")
    if seen.carried:
        lines.append(f"{count_of(seen.carried, 'point')} carried to the next round")
    lines.append(f"face-down prizes: {len(seen.pile)}")
    return lines


def _seat_facts(seen: GoofspielState, seat: int) -> tuple[str, str]:
    """A seat's points, bid and last bid; and its hand (every hand is public)."""
    bid = seen.bids[seat]
    said = "not yet" if bid == NO_BID else "face down" if bid == HIDDEN else str(bid)
    last = f", last bid {seen.shown[seat]}" if seen.shown else ""
    cards = " ".join(map(str, seen.hands[seat])) or "nothing"
    return f"{count_of(seen.scores[seat], 'point')}, bid {said}{last}", cards


def board(seen: GoofspielState, player: int | None, names: Sequence[str] | None = None) -> str:
    """The text board of ``seen``, a view for ``player`` (so it shows nothing hidden); each
    seat by its name in ``names``, or as "seat 1" without."""
    lines = _round_lines(seen)
    for seat in range(len(seen.hands)):
        facts, cards = _seat_facts(seen, seat)
        you = " (you)" if seat == player else ""
        lines.append(f"{seat_name(seat, names, f'seat {seat + 1}')}{you}: {facts}; holds {cards}")
    return "\n".join(lines)


def screen(seen: GoofspielState, player: int | None, names: Sequence[str]) -> Picture:
    """The compact picture of ``seen`` (a view for ``player``): the round on the left, each
    seat by name on the right, its hand on a line of its own (79 columns at most)."""
    voice = Voice(player, names)
    side: list[Line] = []
    for seat in range(len(seen.hands)):
        facts, cards = _seat_facts(seen, seat)
        who = voice.name(seat) + (" (you)" if seat == player else "")
        side.append(line((who, seat), f": {facts}"))
        side.append(line(f"  holds {cards}"))
    turned = CARDS - len(seen.pile)
    rows = [f"round {turned} of {CARDS}" if turned else "before round 1"]
    if seen.prize:
        rows.append(f"prize {seen.prize}: {count_of(seen.stake, 'point')}")
        if seen.stake > seen.prize:
            rows.append(f"({seen.stake - seen.prize} carried over)")
    if seen.carried:
        rows.append(f"{count_of(seen.carried, 'point')} carried on")
    rows.append(f"face-down prizes: {len(seen.pile)}")
    return Picture(tuple(line(row) for row in rows), tuple(side))


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
    if isinstance(event, RoundEnded):
        return round_summary(event.round, state, voice)
    return None


def round_summary(round: int, state: GoofspielState, voice: Voice) -> str:
    """What the front ends show when round ``round`` ends (``state`` is the table then): the
    round and every seat's points, best first ("round 3 of 13 is over: ann 12 points, bob 9,
    you 0")."""
    order = sorted(range(len(state.scores)), key=lambda seat: -state.scores[seat])
    scores = [f"{voice.who(seat)} {state.scores[seat]}" for seat in order]
    first = f"{scores[0]} {'point' if state.scores[order[0]] == 1 else 'points'}"
    return f"round {round} of {CARDS} is over: {', '.join([first, *scores[1:]])}"


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


SECTIONS: Final = (
    RulesSection(
        "goal",
        N_("The goal"),
        (),
        "Each player holds the cards 1 to 13 of one suit; a shuffled pile of 13 prize cards "
        "lies face down. Win the most prize points over thirteen rounds; equal totals share "
        "the win.",
    ),
    RulesSection(
        "bid",
        N_("Bidding"),
        ("card", "bid-once", "played"),
        "Each round the top prize is turned up and every player picks one card of his hand as "
        "a secret bid, once per round. When all bids are in they are shown together and leave "
        "the game: a card is played only once.",
    ),
    RulesSection(
        "tie",
        N_("Winning a prize, and ties"),
        (),
        "The one highest bid wins the prize's points. When two or more players share the "
        "highest bid, the prize is thrown away (with the carry option, its points are added "
        "to the next prize).",
    ),
)
"""Goofspiel's how-to-play sections (:meth:`Goofspiel.how_to_play
<boardkit.examples.goofspiel.rules.Goofspiel.how_to_play>`); the rules its refusals name
(``card``, ``bid-once``, ``played``) are the bidding section's clauses."""
