"""A log's entries as columns (boardkit.log.columns.EntryColumns) and the read-only view a match
hands out (boardkit.log.entries.LogEntries): every method against a plain list of the same
entries, which is what they replace."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from boardkit import Match
from boardkit.examples.nim import NimGame
from boardkit.log import Entry
from boardkit.log.columns import EntryColumns
from boardkit.log.entries import LogEntries

ENTRIES = [
    Entry(0, None, None, ("setup", "deal")),
    Entry(1, 0, "a", ("x",)),
    Entry(2, 1, "b", ()),  # an entry may cause no event (a position's setup, a bare fold)
    Entry(3, 0, ("c", 1), ("y", "z", "w")),
]


def _columns(entries: Sequence[Entry] = ENTRIES) -> EntryColumns:
    columns = EntryColumns()
    for entry in entries:
        columns.append_entry(entry)
    return columns


def test_appended_entries_read_back_equal_and_the_events_lie_flat() -> None:
    columns = EntryColumns()
    assert len(columns) == 0 and columns.entries() == ()
    columns.append(None, None, ("setup", "deal"))
    columns.append(0, "a", ("x",))
    assert len(columns) == 2
    assert columns.entries() == (ENTRIES[0], ENTRIES[1])
    assert columns.events == ["setup", "deal", "x"] and columns.ends == [2, 3]
    assert _columns().entries() == tuple(ENTRIES)


def test_an_entry_out_of_its_place_is_refused() -> None:
    columns = _columns(ENTRIES[:2])
    with pytest.raises(ValueError, match="entry 3 appended where entry 2 belongs"):
        columns.append_entry(ENTRIES[3])
    assert len(columns) == 2


@pytest.mark.parametrize("index", [0, 1, 2, 3, -1, -2, -4])
def test_one_entry_and_its_events_by_index_as_a_list_reads_them(index: int) -> None:
    columns = _columns()
    entry = columns.entry(index)
    assert entry == ENTRIES[index] and type(entry.events) is tuple
    assert columns[index] == ENTRIES[index]
    assert columns.events_of(index) == ENTRIES[index].events


@pytest.mark.parametrize("index", [4, 5, -5, -100])
def test_an_entry_the_log_does_not_have_is_an_index_error(index: int) -> None:
    columns = _columns()
    with pytest.raises(IndexError):
        ENTRIES[index]
    with pytest.raises(IndexError, match=f"no entry {index}; the log has 4 entries"):
        columns.entry(index)
    with pytest.raises(IndexError):
        columns[index]
    with pytest.raises(IndexError):
        columns.events_of(index)


@pytest.mark.parametrize(
    "cut",
    [
        slice(None),
        slice(1, None),
        slice(-2, None),
        slice(None, -1),
        slice(1, 3),
        slice(None, None, -1),
        slice(None, None, 2),
        slice(3, 0, -2),
        slice(2, 2),
        slice(10, 20),
        slice(-10, 2),
    ],
)
def test_a_slice_is_the_tuple_of_the_entries_it_names(cut: slice) -> None:
    columns = _columns()
    assert columns[cut] == tuple(ENTRIES[cut])
    assert LogEntries(columns)[cut] == tuple(ENTRIES[cut])


def test_the_events_of_a_run_of_entries_one_after_the_other() -> None:
    columns = _columns()
    assert columns.events_from(0, 3) == ["setup", "deal", "x", "y", "z", "w"]
    assert columns.events_from(1, 2) == ["x"]
    assert columns.events_from(2, 2) == []
    assert columns.events_from(3, 2) == []  # no entries: the state before entry 3 stays
    for first, last in [(-1, 2), (2, 4), (3, 1)]:
        with pytest.raises(IndexError, match=f"no entries {first} to {last}"):
            columns.events_from(first, last)


@pytest.mark.parametrize("keep", [0, 1, 2, 3, 4])
def test_truncate_keeps_the_first_entries_and_appending_goes_on_from_there(keep: int) -> None:
    columns = _columns()
    columns.truncate(keep)
    assert columns.entries() == tuple(ENTRIES[:keep]) and len(columns) == keep
    assert len(columns.events) == sum(len(e.events) for e in ENTRIES[:keep])
    for entry in ENTRIES[keep:]:
        columns.append_entry(entry)
    assert columns.entries() == tuple(ENTRIES)


@pytest.mark.parametrize("keep", [-1, 5])
def test_truncate_to_more_entries_than_there_are_or_fewer_than_none_is_refused(
    keep: int,
) -> None:
    columns = _columns()
    with pytest.raises(IndexError, match=f"cannot keep {keep} entries of 4"):
        columns.truncate(keep)
    assert columns.entries() == tuple(ENTRIES)


def test_the_view_is_a_read_only_sequence_of_the_entries() -> None:
    view = LogEntries(_columns())
    assert isinstance(view, Sequence)
    assert len(view) == 4 and list(view) == ENTRIES and list(reversed(view)) == ENTRIES[::-1]
    assert view[-1] == ENTRIES[-1] and view[True] == ENTRIES[1]  # an int, as a list reads it
    assert ENTRIES[2] in view and view.index(ENTRIES[2]) == 2 and view.count(ENTRIES[0]) == 1
    with pytest.raises(IndexError):
        view[4]
    with pytest.raises(TypeError, match="log entries are read by int or slice, not str"):
        view["1"]  # type: ignore[call-overload]
    assert not hasattr(view, "append") and repr(view) == "<LogEntries: 4 entries>"


def test_a_matchs_entries_follow_it_through_play_and_undo() -> None:
    nim = NimGame()
    match = Match.new(nim, 2, {"stones": 12, "max_take": 2}, seed=5)
    entries = match.entries
    assert len(entries) == 1 and entries[0] == match.log.entries[0]
    for _ in range(4):
        events = match.play(nim.legal_actions(match.state)[0])
        assert entries[-1].events == events and entries[-1].seq == len(match) - 1
    assert tuple(entries) == match.log.entries and len(entries) == len(match) == 5
    match.undo(2)
    assert tuple(entries) == match.log.entries and len(entries) == 3
    with pytest.raises(IndexError):
        entries[3]
