"""Options, player counts and seeds are validated with errors that say what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardkit import InvalidOptionsError, InvalidPlayerCountError, Match
from boardkit.examples.nim import NimGame


def test_defaults_fill_in_and_are_recorded_in_the_header() -> None:
    match = Match.new(NimGame(), 2)
    assert match.log.header.options == {"max_take": 3, "stones": 15}


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(
        InvalidOptionsError, match=r"unknown option.*colour.*known options: max_take"
    ):
        Match.new(NimGame(), 2, {"colour": "red"})


def test_wrong_type_and_bad_choice() -> None:
    with pytest.raises(InvalidOptionsError, match="takes a int"):
        Match.new(NimGame(), 2, {"stones": "many"})
    with pytest.raises(InvalidOptionsError, match="allowed: 2, 3, 4, 5"):
        Match.new(NimGame(), 2, {"max_take": 9})
    with pytest.raises(InvalidOptionsError, match="takes a int"):
        Match.new(NimGame(), 2, {"stones": True})


def test_game_specific_check() -> None:
    with pytest.raises(InvalidOptionsError, match="at least 1"):
        Match.new(NimGame(), 2, {"stones": 0})


def test_player_count() -> None:
    with pytest.raises(InvalidPlayerCountError) as info:
        Match.new(NimGame(), 5)
    assert info.value.allowed == (2, 3, 4)
    assert "allowed: 2, 3, 4" in str(info.value)


def test_seed_range() -> None:
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=-1)
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=2**128)
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=True)
    assert Match.new(NimGame(), 2, seed=2**128 - 1).config.seed == 2**128 - 1


def test_a_text_option_is_read_from_a_file_only_when_a_user_names_one(tmp_path: Path) -> None:
    """``Game.option_from_file`` (``--option key=@PATH``) reads UTF-8 text from regular files
    and refuses anything else with an InvalidOptionsError."""
    game = NimGame()
    note = tmp_path / "note.txt"
    note.write_text("héllo\n", encoding="utf-8")
    assert game.option_from_file("note", str(note)) == "héllo\n"
    with pytest.raises(InvalidOptionsError, match="not a regular file"):
        game.option_from_file("note", str(tmp_path))
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InvalidOptionsError, match="cannot read"):
        game.option_from_file("note", str(binary))
