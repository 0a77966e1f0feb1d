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


def rewrite_perft_file(game: Game[Any, Any], path: Path, parse: Callable[[str], Any]) -> int:
    """Recount every case of a perft file in place (for a deliberate rules change only).

    Comments, positions and the depths asked for stay as they are; only the counts change.
    Returns the number of counts that changed, so the caller can say so in the commit.
    """
    changed = 0
    lines = path.read_text(encoding="utf-8").splitlines()
    for case in read_perft(path):
        state = parse(case.position)
        counts = {depth: perft(game, state, depth) for depth in sorted(case.counts)}
        changed += sum(counts[d] != case.counts[d] for d in counts)
        tail = " ".join(f";D{d} {n}" for d, n in counts.items())
        lines[case.line - 1] = f"{case.position} {tail}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main() -> None:
    """``python -m tests.perft``: recount both games' perft files after a rules change."""
    from boardkit_khan.game import KhanGame
    from boardkit_khan.rules.notation import parse_position as parse_khan
    from boardkit_shangrila.game import ShangrilaGame
    from boardkit_shangrila.rules.notation import parse_position as parse_shangrila

    here = Path(__file__).resolve().parent
    for game, folder, parse in (
        (KhanGame(), "khan", parse_khan),
        (ShangrilaGame(), "shangrila", parse_shangrila),
    ):
        path = here / folder / "fixtures" / "positions.perft"
        print(f"{path.name} ({folder}): {rewrite_perft_file(game, path, parse)} counts changed")


if __name__ == "__main__":
    main()
