"""Per-decision cost against the length of the game, each figure in a fresh process.

Run: ``python benchmarks/game_length.py [--rounds R] [--decisions D] [--long L]``.

Plays Nim (``max_take`` 2, every player taking the most the rules allow, so a heap of ``2n``
stones is exactly ``n`` decisions) two ways, through :func:`boardkit.engine.step` and through
:meth:`boardkit.Match.play` (each action a new object from ``legal_actions``, as a caller has
it), in games of 100 decisions and in games of ``--long`` decisions (default 10,000). Each
measurement runs in a fresh Python process that plays about ``--decisions`` decisions (default
20,000: two hundred short games or two long ones) and reports the cost per decision of all of
them, the first game included: a process's first games are what a user's short-lived script
sees. Per-decision cost should not depend on the length of the game nor on what earlier games
in the process did, so the ratio long / short should be 1.00 within noise.

Rounds alternate short and long processes (the order rotates), and the table shows the median
per-decision cost of each side with its range, and the median long / short ratio of the rounds
with its range. CPU time of the worker process (``time.process_time``), so waits on a shared
machine do not count.

``--no-gc`` plays with Python's cyclic garbage collector switched off in the workers
(``gc.disable()``): a long match keeps its whole log alive (an entry, its action and its events:
about five objects the collector tracks per decision), and each full collection walks all of
them, which a short game never pays. The two runs side by side tell that cost apart from the
framework's own per-decision work.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

SHORT = 100
"""Decisions of a short game."""


def _play(path: str, decisions: int, total: int, no_gc: bool = False) -> float:
    """In this process: play games of ``decisions`` decisions until ``total`` decisions are
    played; CPU seconds per decision. ``no_gc``: with the cyclic garbage collector off."""
    from boardkit import Match, Rng, engine
    from boardkit.examples.nim import NimGame

    game = NimGame()
    options = {"stones": 2 * decisions, "max_take": 2}
    games = max(1, total // decisions)
    played = 0
    if no_gc:
        gc.disable()
    t0 = time.process_time()
    for seed in range(games):
        if path == "engine":
            config = game.make_config(2, options, seed)
            state, _ = engine.start(game, config)
            seq = 1
            while not state.flow.ended:
                action = game.legal_actions(state)[-1]
                state, _ = engine.step(game, state, None, action, Rng.for_entry(seed, seq))
                seq += 1
            played += seq - 1
        else:
            match = Match.new(game, 2, options, seed)
            while not match.is_over:
                match.play(game.legal_actions(match.state)[-1])
            played += len(match) - 1
    elapsed = time.process_time() - t0
    assert played == games * decisions
    return elapsed / played


def _fresh(path: str, decisions: int, total: int, no_gc: bool = False) -> float:
    """:func:`_play` in a new Python process (the same interpreter and ``sys.path``)."""
    code = (
        "import sys, json; sys.path[:0] = json.loads(sys.argv[1]); "
        "from game_length import _play; "
        "print(_play(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == '1'))"
    )
    paths = [str(Path(__file__).resolve().parent), *sys.path]
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            json.dumps(paths),
            path,
            str(decisions),
            str(total),
            "1" if no_gc else "0",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="fresh processes per figure")
    parser.add_argument("--decisions", type=int, default=20_000, help="decisions per process")
    parser.add_argument("--long", type=int, default=10_000, help="decisions of a long game")
    parser.add_argument(
        "--no-gc", action="store_true", help="cyclic garbage collector off in the workers"
    )
    args = parser.parse_args()
    no_gc: bool = args.no_gc
    rounds: int = args.rounds
    total = max(args.decisions, args.long)
    lengths = (SHORT, args.long)

    print(
        f"per-decision cost against game length (Nim, max_take 2) — Python "
        f"{platform.python_version()}, {platform.machine()}; {rounds} fresh processes per "
        f"figure, {total:,} decisions each, CPU time" + ("; garbage collector off" if no_gc else "")
    )
    header = (
        f"{'path':<12}  {f'{SHORT} decisions':>18}  {f'{args.long:,} decisions':>22}  "
        f"{'long / short':>18}"
    )
    print(header)
    print("-" * len(header))
    for path in ("engine", "Match"):
        costs: dict[int, list[float]] = {n: [] for n in lengths}
        ratios: list[float] = []
        for r in range(rounds):
            order = lengths if r % 2 == 0 else lengths[::-1]
            got = {n: _fresh(path, n, total, no_gc) for n in order}
            for n in lengths:
                costs[n].append(got[n])
            ratios.append(got[args.long] / got[SHORT])

        def cell(values: list[float]) -> str:
            mid = statistics.median(values) * 1e6
            return f"{mid:.2f} µs ({min(values) * 1e6:.2f}–{max(values) * 1e6:.2f})"

        ratio = (
            f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
            if ratios
            else "-"
        )
        label = "engine.step" if path == "engine" else "Match.play"
        print(f"{label:<12}  {cell(costs[SHORT]):>18}  {cell(costs[args.long]):>22}  {ratio:>18}")


if __name__ == "__main__":
    main()
