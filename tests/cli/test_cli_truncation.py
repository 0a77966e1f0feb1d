"""A game that need not end, cut off at its entry cap, in every command of ``boardkit``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardkit import Match, registry
from boardkit.cli import main
from boardkit.result import TRUNCATED_TEXT
from tests.core.endless_game import EndlessGame

Capture = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def _endless(monkeypatch: pytest.MonkeyPatch) -> None:
    """The endless test game, installed for the test only."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register(EndlessGame)


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``boardkit argv...``."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def _cut_log(tmp_path: Path, cap: int = 6) -> Path:
    """A match of the endless game in which everyone passes, cut off at ``cap``, saved."""
    match: Match[Any, Any] = Match.new(EndlessGame(), ["ann", "bob"], seed=4, cap=cap)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    path = tmp_path / "cut.json"
    match.save(path)
    return path


def test_play_with_bots_is_cut_off_at_the_cap(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "played.json"
    argv = ["play", "endless", "--seat", "first,first", "--seed", "1", "--cap", "5"]
    code, out, _ = run(capsys, *argv, "--log", str(path))
    assert code == 0
    assert TRUNCATED_TEXT in out
    assert "it has reached its cap of 5 entries" in out
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["header"]["cap"] == 5 and len(log["entries"]) == 5


def test_watch_is_cut_off_at_the_cap(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "watched.json"
    argv = ["watch", "endless", "--bots", "first", "--seed", "2", "--cap", "4"]
    code, out, _ = run(capsys, *argv, "--delay", "0", "--save-log", str(path))
    assert code == 0
    assert TRUNCATED_TEXT in out
    assert Match.load(path).header.cap == 4


def test_play_random_takes_a_cap(capsys: Capture, tmp_path: Path) -> None:
    seed = next(
        seed
        for seed in range(200)
        if (result := _random_result(seed, 3)) is not None and result.truncated
    )
    path = tmp_path / "random.json"
    argv = ["play-random", "endless", "--seed", str(seed), "--cap", "3", "--save-log", str(path)]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert TRUNCATED_TEXT in out
    assert len(Match.load(path)) == 3


def _random_result(seed: int, cap: int) -> Any:
    from boardkit.runner.simulate import random_playout

    return random_playout(EndlessGame(), 2, seed=seed, cap=cap).result


def test_simulate_counts_the_games_cut_off(capsys: Capture, tmp_path: Path) -> None:
    argv = ["simulate", "endless", "-n", "30", "--seed", "1", "--cap", "4"]
    code, out, _ = run(capsys, *argv, "--save-logs", str(tmp_path / "logs"))
    assert code == 0
    row = next(line for line in out.splitlines() if line.strip().startswith("cut off"))
    cut = int(row.replace("│", " ").split()[2])
    logs = [Match.load(path) for path in sorted((tmp_path / "logs").iterdir())]
    assert len(logs) == 30
    assert cut == sum(1 for m in logs if m.result is not None and m.result.truncated) > 0
    assert all(m.header.cap == 4 for m in logs)


def test_simulate_of_a_game_that_always_ends_shows_no_cut_off_row(capsys: Capture) -> None:
    code, out, _ = run(capsys, "simulate", "nim", "-n", "5", "--seed", "1")
    assert code == 0 and "cut off" not in out


def test_tournament_reports_the_games_cut_off(capsys: Capture) -> None:
    argv = ["tournament", "endless", "--bots", "first,first", "-n", "2", "--seed", "1"]
    code, out, _ = run(capsys, *argv, "--cap", "5", "--workers", "1")
    assert code == 0
    assert "2 games cut off at the entry cap, without a winner" in out


def test_replay_shows_the_cap_and_the_truncated_end(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "replay", str(_cut_log(tmp_path)))
    assert code == 0
    assert "entry cap" in out and "6 (a match that reaches it is cut off)" in out
    assert TRUNCATED_TEXT in out and "verified" in out


def test_show_says_the_match_was_cut_off(capsys: Capture, tmp_path: Path) -> None:
    path = _cut_log(tmp_path)
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert out.splitlines()[-1].startswith(f"{TRUNCATED_TEXT}: the match reached its entry cap")
    code, earlier, _ = run(capsys, "show", str(path), "--at", "4")
    assert code == 0 and TRUNCATED_TEXT not in earlier
    code, position, _ = run(capsys, "show", str(path), "--json")
    assert code == 0 and json.loads(position)["flow"]["truncated"] is True


@pytest.mark.parametrize("command", ["play-random", "simulate", "watch"])
def test_a_bad_cap_is_a_usage_error(capsys: Capture, command: str) -> None:
    code, _, err = run(capsys, command, "endless", "--seed", "1", "--cap", "1")
    assert code != 0 and "entry cap must be an int of at least 2" in err
