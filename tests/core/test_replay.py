"""Replaying and verifying a log without a Match (boardkit.replay)."""

from __future__ import annotations

import json

import pytest

from boardkit import InvalidLogError, Match
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.log import Entry
from boardkit.log.columns import EntryColumns
from boardkit.replay import Replay, replay_entries, replay_json, replay_log


def _played(n: int = 6, seed: int = 3) -> Match[NimState, Take]:
    match = Match.new(NimGame(), ["ann", "bob"], seed=seed)
    for _ in range(n):
        match.play(match.legal_actions()[0])
    return match


def test_a_log_replays_to_the_matchs_state_without_a_match() -> None:
    match = _played()
    replay = replay_json(match.to_json())
    assert replay.verified and replay.length == len(match)
    assert replay.state == match.state and replay.header == match.header
    again = replay_log(NimGame(), match.log)
    assert again.state == match.state and again.verified


def test_replay_entries_stands_after_each_entry_in_turn() -> None:
    match = _played(4)
    seen = [
        (replay.length, replay.state, entry.seq)
        for replay, entry in replay_entries(match.to_json())
    ]
    assert [length for length, _, _ in seen] == [1, 2, 3, 4, 5]
    assert [seq for _, _, seq in seen] == [0, 1, 2, 3, 4]
    assert [state for _, state, _ in seen] == [match.state_at(k) for k in range(5)]


def test_a_changed_event_is_named_by_its_entry() -> None:
    match = _played(4)
    doc = json.loads(match.to_json())
    doc["entries"][3]["events"] = doc["entries"][2]["events"]
    with pytest.raises(InvalidLogError, match=r"entry 3\b"):
        replay_json(json.dumps(doc))
    with pytest.raises(InvalidLogError, match=r"entry 3\b"):
        Match.from_json(json.dumps(doc))


def test_an_entry_out_of_turn_or_order_is_refused_and_the_replay_keeps_its_state() -> None:
    match = _played(2)
    replay = Replay.start(NimGame(), match.header, match.log.entries[0])
    first = match.log.entries[1]
    assert first.player is not None
    with pytest.raises(InvalidLogError, match="sequence number 2 where 1 belongs"):
        replay.add(Entry(2, first.player, first.action, first.events))
    with pytest.raises(InvalidLogError, match="acted, but player"):
        replay.add(Entry(1, 1 - first.player, first.action, first.events))
    assert replay.length == 1 and replay.state == match.state_at(0)
    assert replay.add(first) == match.state_at(1)


def test_add_all_keeps_each_entry_and_every_nth_state_or_stays_where_it_stood() -> None:
    match = _played(6)
    entries = match.log.entries
    replay = Replay.start(NimGame(), match.header, entries[0])
    kept = EntryColumns()
    kept.append_entry(entries[0])
    snapshots: dict[int, NimState] = {}
    bad = Entry(4, entries[4].player, Take(3), entries[4].events)
    with pytest.raises(InvalidLogError, match="log entry 4"):
        replay.add_all([*entries[1:4], bad], kept, snapshots, 2)
    assert replay.length == 1 and replay.state == match.state_at(0)
    assert kept.entries() == entries[:4] and sorted(snapshots) == [2]  # as far as it went
    kept.truncate(1)
    snapshots.clear()
    assert replay.add_all(entries[1:], kept, snapshots, 2) == match.state
    assert replay.length == len(match) and kept.entries() == entries
    assert snapshots == {k: match.state_at(k) for k in (2, 4, 6)}


def test_a_redacted_log_is_folded_not_verified() -> None:
    match = _played(4)
    replay = replay_json(match.redacted_json(0))
    assert not replay.verified
    assert replay.state == Match.from_json(match.redacted_json(0)).state


def test_without_verification_the_events_are_folded_as_recorded() -> None:
    match = _played(3)
    replay = replay_log(NimGame(), match.log, verify=False)
    assert not replay.verified and replay.state == match.state
