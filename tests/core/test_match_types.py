"""A match is typed by its game: what mypy --strict sees of a user's match (CI type-checks tests).

Each ``assert_type`` is checked by mypy, not at run time; the tests also run the calls, so the
types describe objects the match really returns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, assert_type

from boardkit import Match
from boardkit.bots import FirstBot
from boardkit.examples.goofspiel import Bid, Goofspiel, GoofspielState
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.runner.tournament import play_game
from boardkit.testing import check_playout


def test_a_match_of_a_game_instance_has_its_state_and_action_types() -> None:
    match = Match.new(NimGame(), 2, {"stones": 5}, seed=1)
    assert_type(match, Match[NimState, Take])
    assert_type(match.state, NimState)
    assert_type(match.start_state, NimState)
    assert_type(match.state_at(0), NimState)
    actions = match.legal_actions()
    assert_type(actions[0], Take)
    match.play(actions[0])
    assert match.state.stones == 5 - actions[0].count


def test_a_match_rebuilt_with_its_game_keeps_the_types(tmp_path: Path) -> None:
    game = Goofspiel()
    match = Match.new(game, 2, seed=2)
    match.play(match.legal_actions()[0])
    assert_type(Match.from_json(match.to_json(), game), Match[GoofspielState, Bid])
    assert_type(Match.from_log(game, match.log), Match[GoofspielState, Bid])
    path = tmp_path / "goofspiel.json"
    match.save(path)
    loaded = Match.load(path, game)
    assert_type(loaded, Match[GoofspielState, Bid])
    assert loaded.state == match.state


def test_a_match_of_a_game_named_by_a_string_is_untyped() -> None:
    match = Match.new("nim", 2, seed=3)
    assert_type(match, Match[Any, Any])
    assert_type(Match.from_json(match.to_json()), Match[Any, Any])
    position = Match.from_position(
        NimGame(), "nim players=2 phase=main turn=1 active=0 stones=4 max_take=3 starter=0"
    )
    assert_type(position, Match[NimState, Take])
    assert position.state.stones == 4


def test_the_action_type_may_be_left_out() -> None:
    """``Match[NimState]`` is ``Match[NimState, Any]``, so annotations written before the action
    type existed still hold (at run time too: subscripting with one type works)."""
    match: Match[NimState] = Match.new(NimGame(), 2, seed=4)
    assert_type(match.legal_actions()[0], Any)
    assert Match[NimState] == Match[NimState, Any]


def test_a_bots_game_and_a_conformance_playout_are_typed_by_their_game() -> None:
    played = play_game(NimGame(), 2, {"stones": 5}, 1, [FirstBot(), FirstBot()])
    assert_type(played, Match[NimState, Take])
    assert_type(play_game("nim", 2, None, 1, [FirstBot(), FirstBot()]), Match[Any, Any])
    checked = check_playout(NimGame(), 2, {"stones": 5}, 2)
    assert_type(checked, Match[NimState, Take])
    assert played.is_over and checked.is_over
