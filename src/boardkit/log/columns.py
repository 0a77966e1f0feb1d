"""A log's entries kept as columns, each :class:`~boardkit.log.Entry` built only when asked for.

A :class:`~boardkit.match.Match` keeps its whole log alive. Kept as a list of ``Entry`` objects,
every decision leaves five objects that Python's cyclic garbage collector tracks (the entry, its
events tuple, the action and the events), and each full collection walks all of them: in a
50,000-decision Nim match the collector made ``Match.play`` cost about 1.2 times per decision
what it costs in a 100-decision game, the rules and the framework being no slower
(``benchmarks/game_length.py`` with and without ``--no-gc``). :class:`EntryColumns` keeps the
same entries in four flat lists instead: the players, the actions, every event of every entry
one after the other, and where each entry's events end. Per decision that leaves the action and
its events, the objects a log cannot do without, and no container of its own for the collector
to walk.

An entry's number is its index (the setup entry is 0). Appending, its length, reading one entry
(built on demand, its events a tuple cut from the flat list), reading one entry's events without
building it, and dropping the entries after a point are all independent of the log's length;
a slice or :meth:`EntryColumns.entries` builds the entries it covers.

The compiled build compiles this module (see ``compilable.txt``): it is called once per
decision from :mod:`boardkit.match_play` and :mod:`boardkit.replay_step`. For that reason the
class is a plain one, not a ``collections.abc.Sequence`` (a compiled class derived from it
misbehaves with ``isinstance``); :class:`~boardkit.log.entries.LogEntries` is the read-only
sequence :attr:`Match.entries <boardkit.match.Match.entries>` hands out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from boardkit.log.model import Entry, decoded_entry

_entry: Final[Callable[[int, int | None, Any, tuple[object, ...]], Entry]] = decoded_entry


class EntryColumns:
    """The entries of one log, as columns (see the module): players, actions, the events of all
    entries in one list, and the end offset of each entry's events in it.

    Empty when made; the first entry appended is the setup entry (entry 0).
    """

    __slots__ = ("actions", "ends", "events", "players")

    def __init__(self) -> None:
        self.players: list[int | None] = []
        """The player of each entry (``None`` for the setup entry)."""
        self.actions: list[Any] = []
        """The action of each entry (``None`` for the setup entry)."""
        self.events: list[object] = []
        """Every entry's events, entry after entry."""
        self.ends: list[int] = []
        """Where each entry's events end in :attr:`events` (they start where the entry before
        ends, or at 0)."""

    def append(self, player: int | None, action: Any, events: tuple[object, ...]) -> None:
        """Add the next entry: ``player`` played ``action``, which caused ``events``."""
        self.players.append(player)
        self.actions.append(action)
        flat = self.events
        flat.extend(events)
        self.ends.append(len(flat))

    def append_entry(self, entry: Entry) -> None:
        """Add ``entry``, whose ``seq`` must be the next entry number (else ``ValueError``)."""
        seq = len(self.ends)
        if entry.seq != seq:
            raise ValueError(f"entry {entry.seq!r:.40} appended where entry {seq} belongs")
        self.append(entry.player, entry.action, tuple(entry.events))

    def __len__(self) -> int:
        """The number of entries, the setup entry included."""
        return len(self.ends)

    def _index(self, index: int) -> int:
        """``index`` as a list reads it (negative from the end); ``IndexError`` out of range."""
        count = len(self.ends)
        seq = index + count if index < 0 else index
        if not 0 <= seq < count:
            raise IndexError(f"no entry {index}; the log has {count} entries")
        return seq

    def entry(self, index: int) -> Entry:
        """Entry ``index`` (negative counts from the end, as for a list), built now."""
        seq = self._index(index)
        ends = self.ends
        start = ends[seq - 1] if seq else 0
        return _entry(
            seq, self.players[seq], self.actions[seq], tuple(self.events[start : ends[seq]])
        )

    def entries_in(self, start: int, stop: int, step: int = 1) -> tuple[Entry, ...]:
        """The entries ``range(start, stop, step)`` names (indices as :meth:`slice.indices`
        gives them), built now."""
        return tuple([self.entry(seq) for seq in range(start, stop, step)])

    def __getitem__(self, index: int | slice) -> Entry | tuple[Entry, ...]:
        """Entry ``index`` (an int, negative from the end) or the tuple of entries a slice names,
        built now; ``IndexError`` for an entry the log does not have, as for a list."""
        if isinstance(index, slice):
            return self.entries_in(*index.indices(len(self.ends)))
        return self.entry(index)

    def events_of(self, index: int) -> tuple[object, ...]:
        """The events of entry ``index`` (negative from the end), without building the entry."""
        seq = self._index(index)
        ends = self.ends
        return tuple(self.events[ends[seq - 1] if seq else 0 : ends[seq]])

    def events_from(self, first: int, last: int) -> list[object]:
        """The events of entries ``first`` to ``last`` (both included, ``0 <= first``,
        ``last < len``), one after the other: what :func:`boardkit.engine.fold` takes to go from
        the state before entry ``first`` to the state after entry ``last``."""
        ends = self.ends
        if not 0 <= first <= last + 1 or last >= len(ends):
            raise IndexError(f"no entries {first} to {last}; the log has {len(ends)} entries")
        if last < first:
            return []
        return self.events[ends[first - 1] if first else 0 : ends[last]]

    def truncate(self, keep: int) -> None:
        """Keep the first ``keep`` entries and drop the rest (``keep`` from 0 to the length)."""
        ends = self.ends
        if not 0 <= keep <= len(ends):
            raise IndexError(f"cannot keep {keep} entries of {len(ends)}")
        del self.events[ends[keep - 1] if keep else 0 :]
        del self.players[keep:]
        del self.actions[keep:]
        del ends[keep:]

    def entries(self) -> tuple[Entry, ...]:
        """Every entry, built now (what :attr:`Match.log <boardkit.match.Match.log>` holds)."""
        flat, players, actions = self.events, self.players, self.actions
        built: list[Entry] = []
        start = 0
        for seq, end in enumerate(self.ends):
            built.append(_entry(seq, players[seq], actions[seq], tuple(flat[start:end])))
            start = end
        return tuple(built)
