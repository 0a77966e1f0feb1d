"""The benchmark scripts still run: each one, with the smallest workload it accepts, prints
the rows its README section reports (figures are not checked: timing tests would flake).
Modules whose name starts with ``_`` are helpers the scripts import, not scripts.

Running a script starts a Python of its own and plays real games, a second or more each, so
those runs are ``slow`` (CI runs them); the fast suite imports every script instead, which
catches what breaks a script most often (a name it imports that moved or went away)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS = {
    "core_bench.py": (["--repeat", "1"], ["replay", "state_at"]),
    "game_length.py": (
        ["--rounds", "1", "--decisions", "400", "--long", "400", "--no-gc"],
        ["engine.step", "Match.play", "long / short", "400 decisions", "garbage collector off"],
    ),
    "log_length.py": (
        ["--short", "100", "--long", "400", "--rounds", "1", "--seconds", "0.05", "--calls", "20"],
        ["replay", "verification", "random access", "long / short", "400 entries", "load"],
    ),
    "verify_vs_play.py": (
        ["--games", "1", "--rounds", "1", "--seconds", "0.01", "--rev", "HEAD"],
        ["shangrila", "khan", "nim", "verify / play", "load", "shangrila at HEAD", "new / old"],
    ),
    "shangrila_bench.py": (["--quick"], ["legal_actions / s", "replay events / s"]),
    "khan_bench.py": (["--games", "2", "--repeat", "1"], ["games (engine)", "replay events"]),
    "khan_conquest_bench.py": (["--runs", "5", "--positions", "1"], ["legal", "mean µs"]),
    "bare_shangrila.py": (["--games", "5"], ["games/s", "actions per game"]),
    "bare_khan_conquest.py": ([], ["calls/s", "µs per call"]),
    "shangrila_reference.py": (
        ["--rounds", "1", "--seconds", "0.05"],
        ["ratio to bare", "engine", "Match", "by name"],
    ),
    "shangrila_before_after.py": (
        ["--rev", "HEAD", "--rounds", "1", "--seconds", "0.05"],
        ["new / old", "engine new", "Match old", "by name new"],
    ),
    "khan_conquest_reference.py": (
        ["--rounds", "1", "--seconds", "0.05", "--positions", "1"],
        ["bare bitboard", "boardkit", "ratio to bare"],
    ),
    "framework_cost.py": (
        ["--rounds", "1", "--seconds", "0.05"],
        [
            "bare loop",
            "boardkit engine",
            "boardkit Match",
            "OpenSpiel (C++)",
            "OpenSpiel (Python game)",
            "PettingZoo",
            "the peers' goals",
        ],
    ),
    "mcts_peers.py": (
        ["--rounds", "1", "--seconds", "0.05", "--iterations", "20"],
        ["boardkit mcts, example game", "boardkit mcts, fast game", "OpenSpiel mcts (C++ game)"],
    ),
    "old_vs_new.py": (
        [
            *("--commit", "HEAD", "--rounds", "1", "--seconds", "0.05", "--games", "1"),
            *("--cpu-time", "--paths", "games,shangrila-games,replay"),
        ],
        [
            *("khan engine", "khan Match", "shangrila engine", "shangrila Match"),
            *("khan json", "shangrila decode", "nim json", "new / old"),
        ],
    ),
    "replay_reference.py": (
        ["--games", "1", "--rounds", "1", "--seconds", "0.05"],
        ["verify / fold", "µs / step", "bytes / entry", "shangrila", "khan", "nim"],
    ),
    "action_parts.py": (
        ["--games", "2", "--rounds", "1", "--seconds", "0.05"],
        ["bare baseline", "the game's own work", "if the framework cost nothing", "verify / fold"],
    ),
    "bot_strength.py": (
        ["--games", "1", "--game", "nim", "--workers", "1"],
        ["| Nim, 2 players | `greedy` | `first` | 1 |", "| Nim, 2 players | `mcts` | `greedy` |"],
    ),
    "trained_strength.py": (
        ["--games", "1", "--seconds", "0.01", "--game", "shangrila", "--workers", "1"],
        [
            "| Shangrila, 3 players | `trained:seconds=0.01:value_weight=0.5:rollout_cap=6` "
            "| `greedy` | 1 |",
            "`mcts:seconds=0.01:rollout_cap=6:prior_weight=1:widening=2` | 1 |",
        ],
    ),
    "vector_bench.py": (
        ["--envs", "2", "--rounds", "1", "--seconds", "0.05", "--calls", "2"],
        ["BoardkitVectorEnv", "SyncVectorEnv of BoardkitEnv", "shangrila 3p", "khan 2p", "load"],
    ),
    "adapters_bench.py": (
        ["--rounds", "1", "--seconds", "0.05", "--games", "2", "--backends", "process"],
        [
            "tic_tac_toe (OpenSpiel C++)",
            "khan 3p (PettingZoo)",
            "khan 3p (OpenSpiel)",
            "goofspiel 3p (OpenSpiel C++)",
            "goofspiel 3p (OpenSpiel)",
            "process",
        ],
    ),
    "server_load.py": (
        ["--matches", "2", "--seconds", "4", "--warmup", "0", "--refill", "--clock", "300+5"],
        ["actions/s", "p99 ms", "sqlite", "clock on every match: 300+5", "server pauses"],
    ),
    "server_compression.py": (
        ["--rounds", "1", "--game", "nim", "--players", "2"],
        ["nim, 2 players", "level 6", "level 1", "level 9", "off", "× level 6"],
    ),
    "server_splice.py": (
        ["--game", "nim", "--players", "2", "--rounds", "1"],
        [
            *("nim 2p", "view frames", "websockets (yardstick)", "spliced", "bytes/frame"),
            *("state frames", "1 spectator:", "CPU ms/move", "later views"),
        ],
    ),
    "server_memory.py": (
        ["--matches", "4", "--every", "2", "--unload-after", "0.01"],
        ["resident MB", "Python blocks", "growth from 2 to 4 matches", "load"],
    ),
    "server_views.py": (
        ["--game", "nim", "--players", "2", "--repeat", "1"],
        ["CPU ms/view", "server process", "server code only", "later 1", "goal <= 0.2 ms"],
    ),
    "compiled_vs_pure.py": (
        [
            *("--rounds", "1", "--seconds", "0.05", "--modules", "boardkit.engine"),
            *("--work", "replay,bare,shangrila-match"),
        ],
        ["compiled / pure", "replay", "1 modules", "compiled × bare", "shangrila-match"],
    ),
    "startup.py": (
        ["--rounds", "1"],
        ["yardstick", '"import boardkit"', "boardkit --version", "boardkit --help", "load"],
    ),
    "trained_speed.py": (
        [
            *("--commit", "HEAD", "--rounds", "1", "--seconds", "0.05"),
            *("--positions", "1", "--think", "0.01"),
        ],
        ["khan search (iterations / s)", "shangrila leaf (leaves / s)", "new / old"],
    ),
    "bots_bench.py": (
        ["--positions", "1", "--iterations", "5"],
        ["shangrila  mcts (guided)", "khan       greedy"],
    ),
}


def test_every_script_is_listed_here_and_in_the_readme() -> None:
    scripts = {p.name for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_")}
    assert scripts == set(RUNS)
    assert set(RUNS) >= SLOW
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in scripts)


SLOW = {
    "adapters_bench.py",  # a process pool and OpenSpiel
    "compiled_vs_pure.py",  # compiles a module first
    "core_bench.py",  # its smallest workload still replays whole games
    "framework_cost.py",
    "old_vs_new.py",  # checks out and runs the old commit too
    "replay_reference.py",
    "server_compression.py",  # starts a server
    "server_load.py",  # starts a server
    "server_splice.py",  # starts a server
    "server_views.py",  # starts a server
    "trained_strength.py",  # two tournaments of Shangrila
    "trained_speed.py",  # checks out and runs the old commit too
    "shangrila_bench.py",
}
"""Scripts that take more than a few seconds even at their smallest size; every run is ``slow``
(a second or more each), these are the ones CI waits longest for."""


@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_script_imports(script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every script imports (its ``main`` is not run): the names it takes from boardkit, the
    games and the ``_`` helpers still exist. Its run, below, is ``slow``."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(
        f"_bench_{script[:-3]}", ROOT / "benchmarks" / script
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(module.main), f"{script} has no main()"


def test_an_old_copy_imports_its_own_modules_by_name_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_old_code`` renames the modules a package imports lazily by their quoted names (as
    ``boardkit/__init__.py`` does), so an old copy never mixes in this checkout's modules; a
    quoted name that is no module (an entry-point group, a logger) is left alone."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from _old_code import module_names, rewrite

    modules = module_names([Path("boardkit/engine.py"), Path("boardkit/log/__init__.py")])
    assert modules == {"boardkit.engine", "boardkit.log"}
    source = (
        "import boardkit.flow\nMODS = {\"boardkit.engine\": 1, 'boardkit.log': 2}\n"
        'GROUP = "boardkit.games"\nLOGGER = "boardkit.server"\n'
    )
    assert rewrite(source, ["boardkit"], modules) == (
        "import old_boardkit.flow\nMODS = {\"old_boardkit.engine\": 1, 'old_boardkit.log': 2}\n"
        'GROUP = "boardkit.games"\nLOGGER = "boardkit.server"\n'
    )


@pytest.mark.slow
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
