"""At 80×24 the intro of ``boardkit play`` (who plays whom, your colour) stays on the first
screen, above the board, however much the board and the menu need; and the default opponents
are the game's own bot, named short."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.terminal.screen_driver import Terminal


@pytest.mark.parametrize("game", ["khan", "shangrila"])
def test_the_intro_stays_on_the_first_screen_at_80x24(tmp_path: Path, game: str) -> None:
    term = Terminal.boardkit(
        "play", game, "--names", "ann,bob,cy", "--seat", "human,first,first",
        "--seed", "4", "--log", "x.json", cwd=tmp_path,
    )  # fmt: skip
    screen = term.wait_for("ann [")
    rows = screen.splitlines()
    assert len(rows) <= 24 and all(len(row) <= 80 for row in rows)
    assert rows[0].endswith(": ann (you), bob (first), cy (first).")
    assert rows[1] == "you are red."
    term.line("quit")
    assert term.finish() == 0


def test_the_default_opponents_are_the_games_bot_named_short(tmp_path: Path) -> None:
    """Without --seat, the others are Nim's default bot (greedy), and the intro names it."""
    term = Terminal.boardkit(
        "play", "nim", "--names", "ann,bob", "--seed", "3", "--log", "n.json", cwd=tmp_path
    )
    screen = term.wait_for("ann [")
    assert "Nim: ann (you), bob (greedy)." in screen
    term.line("quit")
    assert term.finish() == 0
