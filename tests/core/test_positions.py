"""Positions in the framework: the hooks on ``Game``, ``Match.from_position``, its log.

Nim is the game here (no hidden information); Khan and Shangrila have their own tests of the
same features (tests/khan/test_khan_start_position.py, tests/shangrila/...).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardkit import InvalidLogError, Match, Rng
from boardkit.cli import main
from boardkit.errors import InvalidPositionError
from boardkit.examples.nim import NimGame, NimState
from boardkit.flow import Flow
from boardkit.log import LogHeader
from boardkit.positions import START_INVARIANTS, offers_positions, position_players
from boardkit.present.narration import narrate_match_entry
from tests.core.secret_game import SecretGame

NIM = NimGame()
PUZZLE = "nim players=3 phase=main turn=7 active=2 stones=6 max_take=3 starter=0"


def _config(players: int = 3, **options: object) -> Any:
    return NIM.make_config(players, options, 1)


# --- the hooks -------------------------------------------------------------------------------


def test_a_game_without_a_notation_writes_the_default_json_format() -> None:
    """A game that writes no notation of its own gets the framework's: the codec's JSON of the
    state, one line, exact; a seat's form is the JSON of its view and reads back as partial."""
    game = SecretGame()
    assert not offers_positions(game) and offers_positions(NIM)
    match = Match.new(game, 2, seed=1)
    state, config = match.state, match.config
    text = game.format_position(state)
    assert "\n" not in text and json.loads(text)["players"] == 2 and position_players(text) == 2
    assert game.parse_position(text, config) == state
    seat = game.format_position(state, 0)
    assert json.loads(seat)["seen_by"] == 0
    assert game.parse_position(seat, config, partial=True) == game.view(state, 0)
    with pytest.raises(InvalidPositionError) as refused:
        game.parse_position(seat, config)
    assert refused.value.invariant == "hidden-unknown"
    started = Match.from_position(game, text, seed=1)  # the players read from the text
    assert started.state == state and started.header.start_position == text


@pytest.mark.parametrize(
    ("text", "invariant"),
    [
        ("secret players=2", "syntax"),
        ("[1, 2]", "syntax"),
        ('{"game": "secret", "players": 2}', "syntax"),
        ('{"game": "nim", "players": 2, "state": {}}', "syntax"),
        ('{"game": "secret", "players": 2, "state": {}, "more": 1}', "syntax"),
        ('{"game": "secret", "players": 2, "state": {"flow": 3}}', "syntax"),
        ('{"game": "secret", "players": 3, "state": {}}', "players"),
        ('{"game": "secret", "players": true, "state": {}}', "players"),
        ("[" * 100_000, "syntax"),
    ],
)
def test_the_default_format_refuses_bad_texts_by_name(text: str, invariant: str) -> None:
    game = SecretGame()
    with pytest.raises(InvalidPositionError) as caught:
        game.parse_position(text, game.make_config(2, None, 1))
    assert caught.value.invariant == invariant


def test_the_default_format_checks_the_states_seats_against_the_match() -> None:
    game = SecretGame()
    three = json.loads(game.format_position(Match.new(game, 3, seed=1).state))
    three["players"] = 2
    with pytest.raises(InvalidPositionError) as caught:
        game.parse_position(json.dumps(three), game.make_config(2, None, 1))
    assert caught.value.invariant == "players"
    with pytest.raises(InvalidPositionError, match="players"):
        position_players('{"players": "2"}')


def test_nim_positions_round_trip_and_are_checked_against_the_options() -> None:
    state = NIM.parse_position(PUZZLE, _config())
    assert state == NimState(Flow(3, "main", 7, 2), 6, 3, 0)
    assert NIM.format_position(state) == PUZZLE
    with pytest.raises(InvalidPositionError) as caught:
        NIM.parse_position(PUZZLE, _config(max_take=4))
    assert caught.value.invariant == "options"
    with pytest.raises(InvalidPositionError) as caught:
        NIM.parse_position(PUZZLE, _config(stones=5))
    assert caught.value.invariant == "options"
    with pytest.raises(InvalidPositionError) as caught:
        NIM.parse_position(PUZZLE.replace("stones=6", "stones=0"), _config())
    assert caught.value.invariant == "winner"


@pytest.mark.parametrize(
    ("stones", "invariant"), [("\u00b2", "syntax"), ("\u0663", "syntax"), ("9" * 5000, "range")]
)
def test_numbers_that_int_would_refuse_are_position_errors(stones: str, invariant: str) -> None:
    """Superscript or Arabic-Indic digits pass str.isdigit, and int() refuses a number of
    thousands of digits with a ValueError: each is an InvalidPositionError, for every game."""
    with pytest.raises(InvalidPositionError) as caught:
        NIM.parse_position(PUZZLE.replace("stones=6", f"stones={stones}"), _config())
    assert caught.value.invariant == invariant


def test_position_players_reads_the_common_flow_field() -> None:
    assert position_players(PUZZLE) == 3
    with pytest.raises(InvalidPositionError) as caught:
        position_players("nim stones=3")
    assert caught.value.invariant == "syntax"


# --- starting a match ------------------------------------------------------------------------


def test_a_match_from_a_position_starts_there_and_logs_it_in_the_header() -> None:
    wrapped = PUZZLE.replace(" stones", "\n    stones")  # a hand-written, wrapped text
    match = Match.from_position(NIM, wrapped, players=["ann", "bob", "cy"], seed=5)
    assert match.state == NIM.parse_position(PUZZLE, match.config)
    assert match.start_state == match.state
    assert match.header.start_position == PUZZLE  # canonical form, one line
    assert match.log.entries[0].events == ()
    assert match.to_decide == 2
    assert narrate_match_entry(match, 0, None) == []
    doc = json.loads(match.to_json())
    assert doc["boardkit_log"] == 2
    assert doc["header"]["start_position"] == PUZZLE
    assert doc["entries"][0]["events"] == []


def test_players_default_to_the_positions_count() -> None:
    match = Match.from_position("nim", PUZZLE, seed=1)
    assert match.header.players == ("player 1", "player 2", "player 3")
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(NIM, PUZZLE, players=2, seed=1)
    assert caught.value.invariant == "players"


def test_a_match_from_a_position_replays_and_verifies(tmp_path: Path) -> None:
    match = Match.from_position(NIM, PUZZLE, seed=9)
    chooser = Rng(3)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    path = tmp_path / "puzzle.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.verified and loaded.state == match.state
    assert loaded.start_state == match.start_state
    assert loaded.to_json() == match.to_json()
    assert Match.from_json(match.to_json(), verify=False).state == match.state


@pytest.mark.parametrize(
    ("text", "invariant"),
    [
        (PUZZLE + " turn_over=yes", "decision"),
        (PUZZLE.replace("active=2", "active=-"), "decision"),
        (PUZZLE + " ended=yes", "over"),
        ("nim players=3 phase=main turn=7 active=2 stones=0 max_take=3 starter=0 winner=1", "over"),
    ],
)
def test_a_position_the_framework_cannot_start_from_is_refused_by_name(
    text: str, invariant: str
) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(NIM, text, seed=1)
    assert caught.value.invariant == invariant
    assert START_INVARIANTS[invariant] in str(caught.value)


def test_a_match_may_start_from_a_finished_position() -> None:
    text = (
        "nim players=2 phase=main turn=4 active=1 ended=yes stones=0 max_take=3 starter=0 winner=1"
    )
    match = Match.from_position(NIM, text, seed=1)
    assert match.is_over and match.result is not None and match.result.winners == (1,)
    assert Match.from_json(match.to_json()).is_over


# --- logs with a start position --------------------------------------------------------------


def _played() -> Match[Any]:
    match = Match.from_position(NIM, PUZZLE, seed=9)
    match.play(NIM.legal_actions(match.state)[2])
    return match


def _with_header(match: Match[Any], **changes: object) -> str:
    doc = json.loads(match.to_json())
    doc["header"].update(changes)
    return json.dumps(doc)


def test_a_broken_start_position_in_a_log_is_an_invalid_log_naming_the_invariant() -> None:
    broken = PUZZLE.replace("stones=6", "stones=0")
    with pytest.raises(InvalidLogError) as caught:
        Match.from_json(_with_header(_played(), start_position=broken))
    assert caught.value.entry is None
    assert "start_position" in str(caught.value) and "[winner]" in str(caught.value)
    with pytest.raises(InvalidLogError, match=r"\[decision\]"):
        Match.from_json(_with_header(_played(), start_position=PUZZLE + " turn_over=yes"))
    with pytest.raises(InvalidLogError, match=r"\[syntax\]"):
        Match.from_json(_with_header(_played(), start_position="chess 8/8/8"))
    with pytest.raises(InvalidLogError, match="'start_position' must be a str"):
        Match.from_json(_with_header(_played(), start_position=["nim"]))


def test_a_forged_start_position_fails_verification_at_the_first_entry_it_changes() -> None:
    """Two stones: the recorded 'take 3' is illegal there, and verification says so."""
    forged = PUZZLE.replace("stones=6", "stones=2")
    with pytest.raises(InvalidLogError) as caught:
        Match.from_json(_with_header(_played(), start_position=forged))
    assert caught.value.entry == 1 and "illegal action" in str(caught.value)


def test_setup_events_beside_a_start_position_are_refused() -> None:
    doc = json.loads(_played().to_json())
    doc["entries"][0]["events"] = [{"type": "StarterDrawn", "player": 1}]
    with pytest.raises(InvalidLogError) as caught:
        Match.from_json(json.dumps(doc))
    assert caught.value.entry == 0 and "no setup events" in str(caught.value)


def test_a_start_position_a_game_cannot_read_is_an_invalid_log() -> None:
    game = SecretGame()
    match = Match.new(game, 2, seed=1)
    doc = json.loads(match.to_json())
    doc["header"]["start_position"] = "secret players=2"  # not the default format
    doc["entries"][0]["events"] = []
    with pytest.raises(InvalidLogError, match=r"start_position.*\[syntax\]"):
        Match.from_json(json.dumps(doc), game)


def test_a_header_with_a_start_position_is_redacted_only_with_the_viewers_form() -> None:
    header = _played().header
    with pytest.raises(ValueError, match="viewer's form"):
        header.redacted_for(None)
    assert header.redacted_for(0, "nim …").start_position == "nim …"
    plain = LogHeader("nim", "1.0", ("a", "b"), {}, 1)
    with pytest.raises(ValueError, match="viewer's form"):
        plain.redacted_for(0, "nim …")


def test_redacted_logs_of_a_nim_position_carry_the_position_and_check_against_the_full() -> None:
    match = _played()
    full = Match.from_json(match.to_json())
    for viewer in (None, 0, 1, 2):
        text = match.redacted_json(viewer)
        assert json.loads(text)["header"]["start_position"] == PUZZLE
        replay = Match.from_json(text)
        assert replay.state == match.state and replay.start_state == match.start_state
        replay.check_against(full)
    doc = json.loads(match.redacted_json(0))
    doc["header"]["start_position"] = PUZZLE.replace("stones=6", "stones=5")
    with pytest.raises(InvalidLogError, match="start position"):
        Match.from_json(json.dumps(doc), verify=False).check_against(full)


# --- the command line ------------------------------------------------------------------------


def test_show_position_prints_the_notation_of_the_state_at_an_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = _played()
    path = tmp_path / "nim.json"
    match.save(path)
    assert main(["show", str(path), "--position", "--at", "0"]) == 0
    assert capsys.readouterr().out.strip() == PUZZLE
    assert main(["show", str(path), "--position"]) == 0
    shown = capsys.readouterr().out
    assert NIM.parse_position(shown, match.config) == match.state
