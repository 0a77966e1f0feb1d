"""RoundEnded markers and the states they stand on (boardkit.rounds), on Goofspiel and on a
test game that ends rounds in its hooks."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng, RoundEnded, UndoError, fold
from boardkit.examples.goofspiel import Bid, Goofspiel, GoofspielState
from boardkit.examples.nim import NimGame, NimState
from boardkit.present.narration import describe, narrate_match_entry
from boardkit.rounds import find_round_end, has_round_end, round_ends
from tests.budget import examples


def _goofspiel(seed: int, players: int = 2) -> Match[GoofspielState, Bid]:
    match = Match.new(Goofspiel(), players, seed=seed)
    rng = Rng(seed, 99)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


@given(st.integers(0, 2**31), st.integers(2, 4))
@settings(max_examples=examples(20), deadline=None)
def test_every_goofspiel_round_ends_once_on_the_table_it_was_scored_on(
    seed: int, players: int
) -> None:
    match = _goofspiel(seed, players)
    ends = [
        end
        for seq in range(1, len(match))
        for end in round_ends(
            match.game, match.state_at(seq - 1), match.log.entries[seq].events, seq
        )
    ]
    assert [end.round for end in ends] == list(range(1, 14))
    for end in ends:
        events = match.log.entries[end.seq].events
        assert type(events[end.index]) is RoundEnded
        # the fold of the events before the marker, on the state before the entry
        assert end.state == fold(match.game, match.state_at(end.seq - 1), events[: end.index])
        assert end.state.turned[-1] == end.state.prize and len(end.state.turned) == end.round
        assert end.state.scores == match.state_at(end.seq).scores  # scored before the marker
        assert find_round_end(match, end.round) == end
        after = match.state_at(end.seq)
        if end.round < 13:  # the entry went on to turn up the next prize
            assert len(after.turned) == end.round + 1 and after.prize != end.state.prize
    last = ends[-1]
    assert match.state_at(last.seq).flow.ended and not last.state.flow.ended


def test_an_entry_without_a_marker_folds_nothing() -> None:
    match = _goofspiel(3)
    bid = match.log.entries[1]  # the first of two bids: nothing revealed yet
    assert not has_round_end(bid.events)
    assert round_ends(match.game, match.state_at(0), bid.events, 1) == []


def test_a_round_not_marked_is_refused_naming_the_rounds_there_are() -> None:
    match = _goofspiel(3)
    with pytest.raises(
        UndoError, match="no round 14 ends in this log; it marks the end of rounds 1 to 13"
    ):
        find_round_end(match, 14)
    nim = Match.new(NimGame(), 2, seed=1)
    with pytest.raises(UndoError, match="nim marks no round ends"):
        find_round_end(nim, 1)


def test_the_marker_is_written_to_logs_and_read_back() -> None:
    match = _goofspiel(5)
    doc = json.loads(match.to_json())
    marks = [e for entry in doc["entries"] for e in entry["events"] if e["type"] == "RoundEnded"]
    assert [mark["round"] for mark in marks] == list(range(1, 14))
    again = Match.from_json(match.to_json())
    assert again.log == match.log and again.state == match.state


def test_narration_says_the_games_summary_or_the_frameworks_line() -> None:
    match = _goofspiel(5, 3)
    end = find_round_end(match, 2)
    lines = narrate_match_entry(match, end.seq, None)
    summary = next(line for line in lines if line.startswith("round 2 of 13 is over: "))
    scores = sorted(end.state.scores, reverse=True)
    assert summary.endswith(f" {scores[-1]}") and f" {scores[0]} point" in summary
    names = match.header.players
    assert all(name in summary for name in names)
    # a game that words nothing of its own gets the framework's line
    assert describe(NimGame(), RoundEnded(4), Match.new("nim", 2, seed=1).state, None) == (
        "round 4 is over"
    )


class RoundsOfNim(NimGame):
    """Nim whose rounds are every two turns, ended from the turn hook (a test of markers
    emitted outside ``apply``, with events after them in the same entry)."""

    name = "rounds-of-nim"

    def on_turn_end(self, state: NimState, rng: Rng) -> Sequence[object]:
        if state.flow.turn % 2 == 0:
            return [RoundEnded(state.flow.turn // 2)]
        return []


def test_a_marker_from_a_hook_stands_between_the_turns() -> None:
    match = Match.new(RoundsOfNim(), 2, seed=2)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    end = find_round_end(match, 1)
    assert end.seq == 2 and end.state.flow.turn == 2 and end.state.flow.turn_over
    assert match.state_at(2).flow.turn == 3
    assert evolve(end.state, flow=match.state_at(2).flow) == match.state_at(2)
