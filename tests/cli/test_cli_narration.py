"""The command line prints narration: every entry of ``play-random``."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardkit.cli import main
from boardkit.examples.nim import NimGame
from boardkit.present.narration import narrate_match_entry
from boardkit.runner.simulate import random_playout


def test_play_random_prints_each_entrys_narration(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    assert main(["play-random", "nim", "--seed", "5", "--save-log", str(saved)]) == 0
    out = capsys.readouterr().out
    match = random_playout(NimGame(), 2, seed=5)
    for seq in range(len(match)):
        for line in narrate_match_entry(match, seq, None):
            assert f"  {line}\n" in out
    assert "  the game is over\n" in out
    assert "takes" in out
