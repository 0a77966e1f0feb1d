"""A read-only, live view of a match's log entries: :attr:`Match.entries
<boardkit.match.Match.entries>`.

``match.log`` builds a whole :class:`~boardkit.log.Log`, every entry of it, which is what
saving needs but far too much for reading the last entry after each action in a long match.
:class:`LogEntries` reads the match's own columns (:class:`~boardkit.log.columns.EntryColumns`)
instead: ``len``, one entry (negative indices from the end) and iteration cost the same whatever
the length of the log, and a slice builds only the entries it names. It is a
``collections.abc.Sequence`` (``in``, ``index``, ``count`` and ``reversed`` work), it is live (it
follows the match through play and undo, as a dict's ``keys()`` follows the dict), and it cannot
change the log. The entries it gives equal those of ``match.log.entries``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import SupportsIndex, overload

from boardkit.log.columns import EntryColumns
from boardkit.log.model import Entry


class LogEntries(Sequence[Entry]):
    """The entries of a match's log, read in place (see the module). Entry ``k`` is the
    ``k``-th, the setup entry being entry 0; each is built when it is read."""

    __slots__ = ("_columns",)

    def __init__(self, columns: EntryColumns) -> None:
        self._columns = columns

    def __len__(self) -> int:
        """The number of entries, the setup entry included."""
        return len(self._columns)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Entry, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Entry | tuple[Entry, ...]:
        """Entry ``index`` (negative counts from the end), or a tuple of the entries a slice
        names; an entry the log does not have raises ``IndexError``, as for a list."""
        columns = self._columns
        if isinstance(index, slice):
            return columns.entries_in(*index.indices(len(columns)))
        try:
            seq = operator.index(index)
        except TypeError:
            raise TypeError(
                f"log entries are read by int or slice, not {type(index).__name__}"
            ) from None
        return columns.entry(seq)

    def __iter__(self) -> Iterator[Entry]:
        """Each entry in turn, built as it is reached."""
        columns = self._columns
        seq = 0
        while seq < len(columns):
            yield columns.entry(seq)
            seq += 1

    def __repr__(self) -> str:
        return f"<LogEntries: {len(self._columns)} entries>"
