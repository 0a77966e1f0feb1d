"""Greedy deserves its name: in seeded tournaments it beats the random player and the player who
always takes the first option, in both games; and the committed strength table of docs/bots.md
lists exactly the tournaments ``benchmarks/bot_strength.py`` plays.

The tournaments are small (seats rotate, so every bot sits in every seat); the full-size figures
are the script's (``tests/test_benchmarks.py`` runs it at its smallest size).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from boardkit.runner.tournament import run_tournament

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "generated" / "bot-strength.md"


def strength_script() -> ModuleType:
    """``benchmarks/bot_strength.py`` as a module (benchmarks are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(
        "bot_strength", ROOT / "benchmarks" / "bot_strength.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("game", "players", "games"),
    [("khan", 2, 2), ("shangrila", 3, 6)],
)
@pytest.mark.parametrize("rival", ["first", "random"])
def test_greedy_beats_the_naive_players(game: str, players: int, games: int, rival: str) -> None:
    """Khan: every game; Shangrila (three seats, so greedy holds two in half of the games and a
    lucky rival may take one): at least two thirds of them."""
    summary = run_tournament(game, ["greedy", rival], games, players, None, 700, workers=2)
    assert summary.bot("greedy").wins >= games * (1.0 if players == 2 else 2 / 3), summary.records


def test_the_docs_table_lists_the_tournaments_of_the_script() -> None:
    script = strength_script()
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    assert tuple(lines[:2]) == script.HEADER
    rows = lines[2:]
    assert len(rows) == len(script.ROWS)
    for line, row in zip(rows, script.ROWS, strict=True):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[1:4] == [f"`{row.bot}`", f"`{row.rival}`", str(row.games)]
        assert cells[-1] == f"`{row.command(row.games)}`"


def test_one_games_rows_replace_only_its_own_lines(tmp_path: Path) -> None:
    """``--game nim --output TABLE`` rewrites Nim's rows of the table and keeps the others."""
    script = strength_script()
    old = TABLE.read_text(encoding="utf-8")
    nim_rows = [row for row in script.ROWS if row.game == "nim"]
    new = "\n".join([*script.HEADER, *(f"{script._key(row)} fresh |" for row in nim_rows)])
    merged = script.merged(old, new + "\n", nim_rows).splitlines()
    assert len(merged) == len(old.splitlines())
    assert [line.endswith(" fresh |") for line in merged[2:]] == [
        row.game == "nim" for row in script.ROWS
    ]
    kept = [line for line in merged[2:] if not line.endswith(" fresh |")]
    assert kept == [line for line in old.splitlines()[2:] if not line.startswith("| Nim,")]
