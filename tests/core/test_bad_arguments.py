"""Arguments of the wrong kind given to :class:`boardkit.Match` raise boardkit errors that say
what was given, not an ``AttributeError`` or ``TypeError`` from deep inside, and never a view
of another seat than the one asked for."""

from __future__ import annotations

import re
from typing import Any

import pytest

from boardkit import (
    InvalidLogError,
    InvalidOptionsError,
    Match,
    UnknownGameError,
    UnknownSeatError,
)
from boardkit.examples.nim import NimGame


@pytest.mark.parametrize(
    ("game", "given"),
    [
        (None, "not None"),
        (5, "not int 5"),
        (b"nim", "not bytes b'nim'"),
        (NimGame, "not the class NimGame; pass an instance, NimGame()"),
    ],
)
def test_a_game_that_is_neither_a_game_nor_a_name_is_named(game: Any, given: str) -> None:
    message = f"a game is a Game or an installed game's name, {given}; installed games: "
    with pytest.raises(UnknownGameError, match="^" + re.escape(message)):
        Match.new(game, 2)


def test_a_game_and_its_name_still_set_up_a_match() -> None:
    assert Match.new(NimGame(), 2, seed=1).log == Match.new("nim", 2, seed=1).log


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({1: 3}, "unknown option 1; known options: max_take, stones"),
        ({1: 3, "heaps": 2}, "unknown options 1, heaps; known options: max_take, stones"),
        ("stones", "options are a mapping of option names to values, not 'stones'"),
        (5, "options are a mapping of option names to values, not 5"),
    ],
)
def test_options_that_are_no_mapping_of_names_are_refused(options: Any, message: str) -> None:
    with pytest.raises(InvalidOptionsError) as refused:
        Match.new("nim", 2, options)
    assert str(refused.value) == message


@pytest.mark.parametrize("seat", [2, 9, -1, "x", 1.0, True])
def test_a_view_for_a_seat_the_match_lacks_is_refused(seat: Any) -> None:
    """``view(2)`` in a two-player match (seats counted from 1 by mistake) gave a spectator's
    view without a word; ``render(-1)`` likewise."""
    match = Match.new("goofspiel", 2, seed=1)
    match.play(match.legal_actions()[3])  # seat 0 bids face down
    khan = Match.new("khan", 2, seed=1)  # a game that draws pictures
    for show in (match.view, match.render, match.redacted_log, khan.render_svg):
        with pytest.raises(UnknownSeatError) as refused:
            show(seat)
        assert refused.value.seat == seat and refused.value.players == 2
        assert str(refused.value).endswith(
            "in this match; its seats are 0 to 1 (counted from 0), or None for a spectator"
        )
    with pytest.raises(ValueError):  # what redacted_log raised before, still caught alike
        match.redacted_json(seat)


def test_seats_and_spectators_are_still_shown() -> None:
    match = Match.new("goofspiel", 2, seed=1)
    match.play(match.legal_actions()[3])
    assert "bid 4" in match.render(0)
    assert "bid face down" in match.render(1) and "bid face down" in match.render(None)


def test_from_log_takes_a_game_name_and_refuses_what_is_no_log() -> None:
    match = Match.new("nim", 2, seed=1)
    match.play_text("take 2")
    assert Match.from_log("nim", match.log).log == match.log
    with pytest.raises(UnknownGameError, match=r"^a game is a Game or an installed game's name"):
        Match.from_log(None, match.log)  # type: ignore[call-overload]
    nologs: list[object] = [None, match.to_json(), {"header": {}, "entries": []}]
    for log in nologs:
        with pytest.raises(InvalidLogError) as refused:
            Match.from_log(NimGame(), log)  # type: ignore[call-overload]
        assert str(refused.value) == (
            f"log header: Match.from_log takes a boardkit.log.Log, not {type(log).__name__} "
            "(Match.from_json reads JSON text, Match.load a log file)"
        )
