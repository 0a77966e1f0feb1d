"""The benchmark scripts still run: each one, with the smallest workload it accepts, prints
the rows its README section reports (figures are not checked: timing tests would flake)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS = {
    "core_bench.py": (["--repeat", "1"], ["replay", "state_at"]),
    "shangrila_bench.py": (["--quick"], ["legal_actions / s", "replay events / s"]),
    "khan_bench.py": (["--games", "2", "--repeat", "1"], ["games (engine)", "replay events"]),
    "khan_conquest_bench.py": (["--runs", "5", "--positions", "1"], ["legal", "mean µs"]),
    "bot_strength.py": (
        ["--games", "1", "--game", "nim", "--workers", "1"],
        ["| Nim, 2 players | `greedy` | `first` | 1 |", "| Nim, 2 players | `mcts` | `greedy` |"],
    ),
    "bots_bench.py": (
        ["--positions", "1", "--iterations", "5"],
        ["shangrila  mcts (guided)", "khan       greedy"],
    ),
}


def test_every_script_is_listed_here_and_in_the_readme() -> None:
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    assert scripts == set(RUNS)
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in scripts)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_script_runs_and_prints_its_table(script: str) -> None:
    arguments, expected = RUNS[script]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    for text in expected:
        assert text in done.stdout, f"{script} no longer prints {text!r}"
