"""Games that need not end: the entry cap, truncated results, and logs that record the cap."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import GameTruncated, InvalidLogError, InvalidOptionsError, Match, TurnStarted
from boardkit.engine import cut_off_at, outcome
from boardkit.examples.nim import NimGame
from boardkit.flow import GAME_ENDED, Flow
from boardkit.game import entry_limit
from boardkit.notation import FLOW_KEYS, flow_fields, parse_flow, read_fields
from boardkit.options import DEFAULT_CAP
from boardkit.result import TRUNCATED_TEXT, outcome_text
from tests.budget import examples
from tests.core.endless_game import EndlessGame, Knock, Pass
from tests.core.plain_game import PlainGame


def _passing(cap: int | None = None, seed: int = 3) -> Match[Any, Any]:
    """A match of the endless game in which everyone always passes his lowest card."""
    match = Match.new(EndlessGame(), ["ann", "bob"], seed=seed, cap=cap)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    return match


def test_a_game_without_a_bound_is_capped_by_default_and_a_bounded_one_is_not() -> None:
    endless = Match.new(EndlessGame(), 2, seed=1)
    assert endless.config.cap == DEFAULT_CAP
    assert endless.header.cap == DEFAULT_CAP
    assert json.loads(endless.to_json())["header"]["cap"] == DEFAULT_CAP
    assert entry_limit(endless.game, endless.config) == DEFAULT_CAP
    assert endless.game.info(endless.config).cap == DEFAULT_CAP
    nim = Match.new(NimGame(), 2, seed=1)
    assert nim.config.cap is None and nim.header.cap is None
    assert "cap" not in json.loads(nim.to_json())["header"]  # old logs read as they always have
    assert entry_limit(nim.game, nim.config) == NimGame().max_entries(nim.config)


def test_the_match_is_cut_off_at_its_cap() -> None:
    match = _passing(cap=7)
    assert len(match) == 7 and match.is_over and match.to_decide is None
    assert match.legal_actions() == []
    assert match.state.flow.truncated and match.state.flow.ended
    assert match.log.entries[-1].events[-2:] == (GameTruncated(7), GAME_ENDED)
    assert match.game.result(match.state) is None
    result = match.result
    assert result is not None and result.truncated
    assert result.winners == () and not result.is_draw  # cut off: nobody won, nobody drew
    assert result.scores == tuple(sum(hand) for hand in match.state.hands)  # Game.score
    assert "turn 7" in result.detail
    assert outcome_text(result, ["ann", "bob"]) == TRUNCATED_TEXT
    assert match.status().startswith(f"over: {TRUNCATED_TEXT}, scores ")


def test_a_game_that_ends_by_its_rules_at_the_cap_is_not_truncated() -> None:
    match = Match.new(EndlessGame(), 2, seed=1, cap=3)
    match.play(Pass(1))
    match.play(Knock())
    assert len(match) == 3 and match.is_over
    result = match.result
    assert result is not None and not result.truncated and result.winners == (1,)
    assert not any(isinstance(e, GameTruncated) for e in match.log.entries[-1].events)


def test_a_bounded_game_may_be_cut_short_and_scores_zero_without_a_score_hook() -> None:
    match = Match.new(PlainGame(), 2, seed=1, cap=3)
    match.play(match.legal_actions()[0])
    match.play(match.legal_actions()[0])
    result = match.result
    assert result is not None and result.truncated and result.scores == (0, 0)
    assert json.loads(match.to_json())["header"]["cap"] == 3


@pytest.mark.parametrize("cap", [0, 1, -5, True, 2.0, "3"])
def test_a_bad_cap_is_refused(cap: object) -> None:
    with pytest.raises(InvalidOptionsError, match="entry cap"):
        Match.new(EndlessGame(), 2, seed=1, cap=cap)  # type: ignore[call-overload]


def test_cut_off_at_names_the_last_entry_only() -> None:
    config = EndlessGame().make_config(2, None, 1, 5)
    assert [cut_off_at(config, seq) for seq in range(1, 6)] == [None, None, None, 5, 5]
    assert cut_off_at(NimGame().make_config(2, None, 1), 10_000) is None


@settings(max_examples=examples(30))
@given(cap=st.integers(2, 40), seed=st.integers(0, 2**32 - 1))
def test_replay_of_a_truncated_log_equals_the_live_match(cap: int, seed: int) -> None:
    match = _passing(cap, seed)
    text = match.to_json()
    for verify in (True, False):
        again = Match.from_json(text, EndlessGame(), verify=verify)
        assert again.state == match.state
        assert again.result == match.result
        assert again.to_json() == text  # the JSON round trip is exact
        assert again.config.cap == cap


def test_undo_from_the_cut_and_play_again_cuts_off_again() -> None:
    match = _passing(cap=6)
    text = match.to_json()
    last = match.log.entries[-1]
    match.undo(1)
    assert not match.is_over and match.result is None
    match.play(last.action)
    assert match.to_json() == text


def test_a_redacted_log_keeps_the_cap_and_folds_to_the_cut() -> None:
    match = _passing(cap=5)
    seen = Match.from_json(match.redacted_json(0), EndlessGame())
    assert seen.header.cap == 5 and seen.is_over
    result = seen.result
    assert result is not None and result.truncated


def _doc(match: Match[Any, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(match.to_json())
    return doc


def test_a_log_that_goes_past_its_cap_is_refused() -> None:
    doc = _doc(_passing(cap=5))
    doc["entries"].append({**doc["entries"][-1], "seq": 5})  # a sixth entry
    for verify in (True, False):
        with pytest.raises(InvalidLogError, match="past its entry cap of 5") as caught:
            Match.from_json(json.dumps(doc), EndlessGame(), verify=verify)
        assert caught.value.entry == 5


def test_a_log_that_plays_on_at_its_cap_is_refused() -> None:
    long = _passing(cap=8)
    doc = _doc(long)
    doc["header"]["cap"] = 5  # the entry at the cap holds no cut, and more entries follow
    with pytest.raises(InvalidLogError) as verified:
        Match.from_json(json.dumps(doc), EndlessGame())
    assert verified.value.entry == 4
    with pytest.raises(InvalidLogError, match="reaches the log's entry cap") as folded:
        Match.from_json(json.dumps(doc), EndlessGame(), verify=False)
    assert folded.value.entry == 4


def test_a_log_cut_off_before_its_cap_is_refused() -> None:
    doc = _doc(_passing(cap=5))
    doc["header"]["cap"] = 9  # the cut at entry 4 is not what the rules give under cap 9
    cut = r"cuts the match off \(GameTruncated\(entries=5\)\) before its cap of 9"
    with pytest.raises(InvalidLogError, match=cut) as caught:
        Match.from_json(json.dumps(doc), EndlessGame())
    assert caught.value.entry == 4


def test_a_log_of_an_unbounded_game_must_name_its_cap() -> None:
    doc = _doc(_passing(cap=5))
    del doc["header"]["cap"]
    with pytest.raises(InvalidLogError, match="no bound on its length"):
        Match.from_json(json.dumps(doc), EndlessGame())


@pytest.mark.parametrize("cap", [1, 0, "5", True, None, 2.5])
def test_a_malformed_cap_in_a_header_is_refused(cap: object) -> None:
    doc = _doc(_passing(cap=5))
    doc["header"]["cap"] = cap
    with pytest.raises(InvalidLogError, match="header 'cap'"):
        Match.from_json(json.dumps(doc), EndlessGame())


def test_a_truncated_position_reads_back() -> None:
    flow = _passing(cap=4).state.flow
    fields = flow_fields(flow)
    assert fields[-1] == "truncated=yes"
    text = " ".join(["endless", *fields])
    fields_read = read_fields(text, "endless", FLOW_KEYS)
    assert parse_flow(fields_read, (2,)) == flow
    assert "truncated=yes" not in flow_fields(Flow(2))


def test_outcome_is_the_games_result_unless_cut_off() -> None:
    match = Match.new(EndlessGame(), 2, seed=1)
    assert outcome(match.game, match.state) is None
    match.play(Knock())
    assert outcome(match.game, match.state) == match.game.result(match.state) is not None


def test_the_cut_comes_after_the_hooks_of_the_last_entry() -> None:
    events = _passing(cap=2).log.entries[-1].events
    assert events[-3:] == (TurnStarted(1, 2), GameTruncated(2), GAME_ENDED)


def test_the_cut_is_narrated_by_the_framework() -> None:
    from boardkit.present.narration import narrate_match_entry

    match = _passing(cap=3)
    lines = narrate_match_entry(match, 2, None)
    assert "the match is cut off: it has reached its cap of 3 entries" in lines
    assert lines[-1] == "the game is over"


def test_a_simulation_counts_each_game_once_and_a_cut_as_no_draw() -> None:
    from boardkit.runner.simulate import random_playout, simulate

    summary = simulate(EndlessGame(), 16, 2, seed=9, cap=4)
    results = [random_playout(EndlessGame(), 2, seed=9 + i, cap=4).result for i in range(16)]
    assert summary.truncated == sum(1 for r in results if r is not None and r.truncated) > 0
    assert summary.draws == sum(1 for r in results if r is not None and r.is_draw)
    assert sum(summary.wins) + summary.shared_wins + summary.draws + summary.truncated == 16
