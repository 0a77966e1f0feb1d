"""Shangrila matches started from a position: a puzzle plays and replays; the edition and the
colours in play must match the options; a broken position is refused by its invariant's name."""

from __future__ import annotations

import json

import pytest

from boardkit import InvalidLogError, Match, Rng
from boardkit.errors import InvalidOptionsError, InvalidPositionError
from boardkit_shangrila.game import ShangrilaGame

GAME = ShangrilaGame()
PUZZLE = (
    "shangrila players=4 phase=main turn=1 active=0 edition=german start=r passes=0 "
    "villages=R6/bb5/7/7/7/7/7/7/7/7/7/7/7 broken=- stones=- "
    "supply=4666666/5566666/6666666/6666666"
)


def test_a_puzzle_plays_to_the_end_and_replays() -> None:
    match = Match.from_position(GAME, PUZZLE, ["red", "blue", "yellow", "violet"], seed=3)
    assert match.to_decide == 0
    assert len(match.legal_actions()) == len(
        GAME.legal_actions(GAME.parse_position(PUZZLE, match.config))
    )
    chooser = Rng(3)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    text = match.to_json()
    replay = Match.from_json(text)
    assert replay.verified and replay.state == match.state and replay.to_json() == text
    for viewer in (None, 2):  # nothing is hidden: every viewer's form is the whole position
        assert json.loads(match.redacted_json(viewer))["header"]["start_position"] == PUZZLE


def test_edition_and_colours_must_match_the_options() -> None:
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(GAME, PUZZLE, options={"edition": "english"}, seed=1)
    assert caught.value.invariant == "options" and "english" in str(caught.value)
    two = PUZZLE.replace("players=4", "players=2")
    with pytest.raises(InvalidOptionsError, match="two_colours_each"):
        Match.from_position(GAME, two, seed=1)
    match = Match.from_position(GAME, two, options={"two_colours_each": True}, seed=1)
    assert match.state.colours == 4


def test_a_broken_position_is_refused_naming_the_invariant() -> None:
    broken = PUZZLE.replace("stones=-", "stones=0")
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(GAME, broken, seed=1)
    assert caught.value.invariant == "stone-with-bridge"


def test_a_log_with_a_broken_start_position_is_an_invalid_log_naming_it() -> None:
    match = Match.from_position(GAME, PUZZLE, seed=1)
    match.play(match.legal_actions()[0])
    doc = json.loads(match.to_json())
    doc["header"]["start_position"] = PUZZLE.replace("supply=4666666", "supply=6666666")
    with pytest.raises(InvalidLogError) as caught:
        Match.from_json(json.dumps(doc))
    assert caught.value.entry is None and "[tile-count]" in str(caught.value)
