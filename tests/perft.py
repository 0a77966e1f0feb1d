"""Perft files: fixed positions with their counts of legal action sequences, as for chess.

A perft file holds one position per line, followed by its counts in the EPD style of chess perft
suites: ``<position> ;D1 23 ;D2 512``. ``Dn`` is the number of sequences of ``n`` legal
actions from the position (whoever decides each time); a finished game has none. Each action is
played through the engine with a fresh ``Rng(0)``, so a game that draws at random (Khan) still
has one fixed answer. Lines starting with ``#`` and blank lines are comments.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

from boardkit import Rng, engine
from boardkit.game import Game


@frozen
class PerftCase:
    """One line of a perft file."""

    line: int
    position: str
    counts: dict[int, int]


def read_perft(path: Path) -> list[PerftCase]:
    """The cases of a perft file."""
    cases = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        position, *parts = (p.strip() for p in text.split(";"))
        counts = {}
        for part in parts:
            depth, count = part.split()
            counts[int(depth.removeprefix("D"))] = int(count)
        cases.append(PerftCase(number, position, counts))
    return cases


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal actions from ``state``."""
    if depth == 0:
        return 1
    actions = game.legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        after, _ = engine.step(game, state, None, action, Rng(0))
        total += perft(game, after, depth - 1)
    return total


def check_perft_file(game: Game[Any, Any], path: Path, parse: Callable[[str], Any]) -> int:
    """Check every count of a perft file; the number of cases checked."""
    cases = read_perft(path)
    for case in cases:
        state = parse(case.position)
        for depth, expected in sorted(case.counts.items()):
            got = perft(game, state, depth)
            assert got == expected, (
                f"{path.name} line {case.line}: D{depth} is {got}, not {expected}"
            )
    return len(cases)
