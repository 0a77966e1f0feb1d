"""The ``board`` option: a custom board travels inside the log; loading a log opens no file.

Regression tests for issue 9: the old ``board_file`` option stored a path in the log header and
opened it at load time (``/dev/zero`` ate memory, ``/dev/stdin`` hung, the message told whether
a file existed, replays broke from another folder and changed when the file was edited).
"""

from __future__ import annotations

import builtins
import io
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from boardkit import InvalidLogError, InvalidOptionsError, Match, Rng
from boardkit.cli import main
from boardkit.cli.arguments import parse_option_args
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.actions import PlaceStartYurt
from boardkit_khan.rules.board import board_to_toml, parse_board
from boardkit_khan.rules.board_option import MAX_BOARD_CHARS, MAX_MESSAGE_CHARS, board_option
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.state import static_for

GAME = KhanGame()
SHIPPED_FILE = resources.files("boardkit_khan").joinpath("data", "board.txt").read_text("utf-8")
#: D5 joins the Tundra and A6 the Stone desert: a valid board that differs from the shipped one.
CUSTOM_FILE = SHIPPED_FILE.replace("TTTSSSS~II~II", "TTTTSSS~II~II", 1).replace(
    "TSSSSSS~~~~..", "SSSSSSS~~~~..", 1
)


def _forbid(*_: object, **__: object) -> Any:
    raise AssertionError("a file was accessed while loading a log")


_GUARDED = [
    (builtins, "open"),
    (io, "open"),
    (os, "open"),
    (Path, "open"),
    (Path, "read_text"),
    (Path, "read_bytes"),
    (Path, "stat"),
    (Path, "exists"),
    (Path, "is_file"),
]


@contextmanager
def no_file_access() -> Iterator[None]:
    """Inside: any attempt to open, read or look up a file fails the test (the caches of the
    shipped board are warmed first)."""
    static_for("")
    static_for(board_to_toml(default_board()))
    saved = [(owner, name, getattr(owner, name)) for owner, name in _GUARDED]
    for owner, name, _ in saved:
        setattr(owner, name, _forbid)
    try:
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)


def _log_with_options(options: dict[str, object]) -> str:
    """A real Khan log whose header's options are replaced by ``options``."""
    doc = json.loads(Match.new(GAME, 2, seed=5).to_json())
    doc["header"]["options"] = options
    return json.dumps(doc)


@pytest.mark.parametrize(
    "options",
    [
        {"area_counts_river": False, "board_file": "/dev/zero"},
        {"area_counts_river": False, "board_file": "/etc/passwd"},
        {"area_counts_river": False, "board": "/dev/zero"},
        {"area_counts_river": False, "board": "/dev/stdin"},
        {"area_counts_river": False, "board": "@/etc/passwd"},
        {"area_counts_river": False, "board": str(Path(__file__))},
    ],
    ids=["board_file-dev-zero", "board_file-passwd", "dev-zero", "stdin", "at-path", "a-file"],
)
def test_a_log_naming_a_file_is_refused_without_opening_it(options: dict[str, object]) -> None:
    log = _log_with_options(options)
    with pytest.raises(InvalidLogError) as refused, no_file_access():
        Match.from_json(log, GAME)
    message = str(refused.value)
    assert "board" in message and len(message) < MAX_MESSAGE_CHARS + 100


def test_a_custom_board_travels_in_the_log_and_replays_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved with a custom board, a log replays from another folder, after the board file was
    edited and then deleted: the board is in the log, not in the file."""
    board_file = tmp_path / "mine.toml"
    board_file.write_text(CUSTOM_FILE, encoding="utf-8")
    text = board_option(board_file)
    match = Match.new(GAME, 2, {"board": text}, seed=9)
    chooser = Rng(4)
    for _ in range(40):
        match.play(chooser.choice(match.legal_actions()))
    saved = tmp_path / "game.json"
    match.save(saved)
    board_file.write_text(SHIPPED_FILE, encoding="utf-8")  # edited afterwards ...
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    edited = Match.load(saved, GAME)
    board_file.unlink()  # ... and deleted
    gone = Match.load(saved, GAME)
    for replay in (edited, gone):
        assert replay.state == match.state
        assert replay.state.options.board == text
        d5 = static_for(text).board.parse_label("D5")
        assert GAME.action_path(PlaceStartYurt(d5), replay.state)[1] == "Tundra"


def test_replaying_a_custom_board_opens_no_file() -> None:
    """The board text in a header is checked on load by the validator, without file access."""
    text = board_to_toml(parse_board(CUSTOM_FILE))
    match = Match.new(GAME, 2, {"board": text}, seed=5)
    chooser = Rng(2)
    for _ in range(10):
        match.play(chooser.choice(match.legal_actions()))
    log = match.to_json()
    static_for.cache_clear()  # the board is parsed and validated again, from the log
    with no_file_access():
        replay = Match.from_json(log, GAME)
    assert replay.state == match.state and replay.state.options.board == text


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("x" * (MAX_BOARD_CHARS + 1), f"more than the {MAX_BOARD_CHARS}"),
        ("format = 1\x00\x01\x02" * 10, "holds the character '\\x00' at position 10"),
        ("not toml [" * 50, "not valid TOML"),
        (SHIPPED_FILE, "not in canonical form"),
        (board_to_toml(parse_board(SHIPPED_FILE.replace("FFF.", "FF~.", 1))), "river"),
        (3, "takes text, not 3"),
    ],
    ids=["huge", "binary", "not-toml", "not-canonical", "breaks-rules", "not-text"],
)
def test_bad_board_values_are_refused_clearly(value: object, words: str) -> None:
    with pytest.raises(InvalidOptionsError) as refused:
        GAME.make_config(2, {"board": value})
    message = str(refused.value)
    assert words in message and len(message) <= MAX_MESSAGE_CHARS + 100
    with pytest.raises(InvalidLogError, match="board"):
        Match.from_json(_log_with_options({"area_counts_river": False, "board": value}), GAME)


def test_a_user_named_device_is_not_read() -> None:
    """Even a file the user names is read only if it is a regular file of bounded size."""
    with pytest.raises(InvalidOptionsError, match="not a regular file"):
        board_option("/dev/zero")


def test_odd_names_stay_canonical(tmp_path: Path) -> None:
    """A ruler name with a control character is written as an escape; the text is canonical."""
    path = tmp_path / "odd.toml"
    path.write_text(SHIPPED_FILE.replace('"Dai Viet"', '"Dai\\nViet"', 1), encoding="utf-8")
    text = board_option(path)
    assert "Dai\\u000aViet" in text
    assert "Dai\nViet" in [r.name for r in static_for(text).board.rulers]


def test_the_tables_are_cached_by_the_board_text() -> None:
    text = board_to_toml(parse_board(CUSTOM_FILE))
    copy = "".join(list(text))
    assert copy is not text
    assert static_for(copy) is static_for(text)
    match = Match.new(GAME, 2, {"board": text}, seed=1)
    match.play(match.legal_actions()[0])
    assert match.state.options.board is text


def test_the_command_line_reads_a_board_file_the_user_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--option board=@PATH`` reads the file; ``@@`` escapes a literal ``@``."""
    path = tmp_path / "mine.toml"
    path.write_text(CUSTOM_FILE, encoding="utf-8")
    options = parse_option_args(GAME, [f"board=@{path}", "area_counts_river=true"])
    assert options == {"board": board_option(path), "area_counts_river": True}
    assert parse_option_args(GAME, ["board=@@x"]) == {"board": "@x"}
    code = main(["simulate", "khan", "-n", "1", "--seed", "3", "--option", f"board=@{path}"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"board=<text of {len(board_option(path))} characters>" in out
