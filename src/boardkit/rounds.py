"""The moments rounds end: the states a log's :class:`~boardkit.flow.RoundEnded` markers stand on.

A game that plays in rounds scores a round and sets up the next one (a new deal, the next
prize) in the hooks of the action that ends it, so all of it lands in one log entry, and the
state after that entry already shows the next round. A game marks the moment between the two
with a :class:`~boardkit.flow.RoundEnded` event; since the events of an entry are folded one
at a time, the state at the marker is the fold of the events before it. This module finds those
moments, for the front ends that stop on them::

    from boardkit import Match
    from boardkit.rounds import find_round_end, round_ends

    match = Match.new("goofspiel", ["ann", "bob"], seed=4)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    end = find_round_end(match, 3)  # the table round 3 ended on
    assert end.round == 3 and len(end.state.turned) == 3  # the prize of round 3 still up
    assert len(match.state_at(end.seq).turned) == 4  # after the entry: the next prize is up
    before = match.state_at(end.seq - 1)
    assert round_ends(match.game, before, match.log.entries[end.seq].events, end.seq) == [end]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from boardkit import recorder
from boardkit.errors import UndoError
from boardkit.flow import HasFlow, RoundEnded
from boardkit.game import Game
from boardkit.log import Entry

S = TypeVar("S", bound=HasFlow)

__all__ = ["RoundEnd", "RoundEnded", "find_round_end", "has_round_end", "round_ends"]


@frozen
class RoundEnd(Generic[S]):
    """One moment a round ended: where its marker is, and the table then."""

    seq: int
    """The log entry whose events hold the marker."""
    index: int
    """The marker's place among that entry's events."""
    round: int
    """The round that ended (:attr:`RoundEnded.round <boardkit.flow.RoundEnded.round>`)."""
    state: S
    """The state folded up to the marker: the events of the entry before it, on the state
    before the entry."""


def has_round_end(events: Iterable[object]) -> bool:
    """Whether ``events`` (one entry's) hold a :class:`~boardkit.flow.RoundEnded`: a quick test
    before folding anything."""
    return any(type(event) is RoundEnded for event in events)


def round_ends(
    game: Game[S, Any], state_before: S, events: Sequence[object], seq: int = 0
) -> list[RoundEnd[S]]:
    """Every round end among ``events``, the events of entry ``seq`` played on
    ``state_before``, in order, each with the state folded up to its marker. Empty (and
    nothing folded) when the entry holds no marker."""
    if not has_round_end(events):
        return []
    out: list[RoundEnd[S]] = []
    state = state_before
    done = 0
    for index, event in enumerate(events):
        if type(event) is RoundEnded:
            state = recorder.fold(game.reduce, state, events[done:index])
            done = index
            out.append(RoundEnd(seq, index, event.round, state))
    return out


class Played(Protocol[S]):
    """What :func:`find_round_end` reads of a match: a :class:`boardkit.match.Match`."""

    game: Game[S, Any]

    @property
    def entries(self) -> Sequence[Entry]: ...

    @property
    def start_state(self) -> S: ...

    def state_at(self, seq: int) -> S: ...


def find_round_end(match: Played[S], round: int) -> RoundEnd[S]:
    """The moment round ``round`` ended in ``match``'s log (the first marker for it).

    A round that no entry marks as ended is an :class:`~boardkit.errors.UndoError` that names
    the rounds the log does mark (none, for a game that emits no
    :class:`~boardkit.flow.RoundEnded`).
    """
    marked: list[int] = []
    for seq, entry in enumerate(match.entries):
        for event in entry.events:
            if type(event) is RoundEnded:
                if event.round == round:
                    before = match.start_state if seq == 0 else match.state_at(seq - 1)
                    for end in round_ends(match.game, before, entry.events, seq):
                        if end.round == round:
                            return end
                marked.append(event.round)
    if not marked:
        raise UndoError(f"no round ends in this log ({match.game.name} marks no round ends)")
    listing = f"{marked[0]} to {marked[-1]}" if len(marked) > 1 else str(marked[0])
    raise UndoError(
        f"no round {round!r:.20} ends in this log; it marks the end of rounds {listing}"
    )
