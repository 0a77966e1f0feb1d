"""The optional compiled build against pure Python, side by side in one run.

Run ``python benchmarks/compiled_vs_pure.py [--rounds R] [--seconds S] [--work W,...]
[--modules M,...] [--cpu-time]``. It copies this checkout's ``src`` twice into a temporary
folder, compiles one copy with mypyc (the modules of ``src/boardkit/compilable.txt``, or
``--modules``; it needs mypy, which the test extra installs, and a C compiler) and leaves the
other as it is. Two worker processes, one on each copy, then take turns at the same work in
interleaved rounds (see
``benchmarks/_timing.py``: each round runs each side for about ``S`` seconds, in an order that
rotates, and the ratio is taken within the round). Each worker checks that it runs the build it
stands for (``boardkit.compiled.summary``). The work, in units per second:

- ``shangrila``: Shangrila 4-player random games through the engine (``simulate``), games;
- ``shangrila-match``: the same games through ``Match`` (``random_playout``), games;
- ``bare``: the bare Shangrila baseline (``benchmarks/bare_shangrila.py``), 4-player random
  games; pure Python on both sides (it imports no boardkit), so that each side's Shangrila
  figures can be given as a ratio to it, taken within the round;
- ``khan``: Khan 4-player random games the same way, games;
- ``khan-match``: Khan 4-player games through ``Match``, games;
- ``mcts``: MCTS iterations (``MCTSBot(iterations=200, rollout_cap=20)``) from Shangrila
  positions 40 decisions into seeded games;
- ``replay``: Shangrila logs replayed from JSON with verification, events.

The table gives both sides' median rates and the compiled side's speed over the pure side's
(median of the per-round ratios, lowest and highest round in brackets); ``--cpu-time`` times each
worker's CPU time instead of wall time, which keeps other jobs on a shared machine out of the
figures. With ``bare`` among the work, a second table gives each side's Shangrila rates over
the bare baseline's in the same round (median, lowest and highest round).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from _timing import print_table

ROOT = Path(__file__).resolve().parents[1]
WORK = ("shangrila", "shangrila-match", "bare", "khan", "khan-match", "mcts", "replay")


# --- the workers ------------------------------------------------------------------------------


def workloads() -> dict[str, Callable[[int], int]]:
    """Each piece of work by name: ``work(i)`` does the ``i``-th piece and returns its units."""
    from bare_shangrila import play_random

    from boardkit import Match, Rng, decider
    from boardkit.bots import MCTSBot
    from boardkit.runner.simulate import random_playout, simulate
    from boardkit_khan.game import KhanGame
    from boardkit_shangrila.game import ShangrilaGame

    bare_rng = __import__("random").Random(7)
    shangrila, khan = ShangrilaGame(), KhanGame()
    logs = [random_playout(shangrila, 4, seed=seed).to_json() for seed in range(4)]
    events = [sum(len(e["events"]) for e in __import__("json").loads(t)["entries"]) for t in logs]
    mcts = MCTSBot(iterations=200, rollout_cap=20)
    positions: list[Any] = []
    for seed in range(4):
        match: Match[Any] = Match.new(shangrila, 4, seed=seed)
        rng = Rng(seed, 9)
        for _ in range(40):
            match.play(rng.choice(match.legal_actions()))
        positions.append(match.state)

    def mcts_work(i: int) -> int:
        state = positions[i % len(positions)]
        who = decider(state.flow)
        assert who is not None
        mcts.choose(shangrila, state, who, Rng(i, 3))
        return 200

    def replay_work(i: int) -> int:
        Match.from_json(logs[i % len(logs)], shangrila)
        return events[i % len(logs)]

    return {
        "shangrila": lambda i: simulate(shangrila, 1, 4, seed=i).games,
        "shangrila-match": lambda i: (random_playout(shangrila, 4, seed=i), 1)[1],
        "bare": lambda i: (play_random(4, bare_rng), 1)[1],
        "khan": lambda i: simulate(khan, 1, 4, seed=i).games,
        "khan-match": lambda i: (random_playout(khan, 4, seed=i), 1)[1],
        "mcts": mcts_work,
        "replay": replay_work,
    }


def serve(expected: str, out: IO[str]) -> None:
    """A worker: check the build, then answer ``WORK SECONDS CLOCK`` lines with ``UNITS
    ELAPSED`` (``CLOCK`` is ``cpu`` for the worker's CPU time, ``wall`` for wall time)."""
    from boardkit.compiled import summary

    build = summary()
    if (build == "pure Python") != (expected == "pure"):
        raise SystemExit(f"the {expected} worker runs {build}: its copy of src is not on the path")
    work = workloads()
    counters = dict.fromkeys(work, 0)
    for name in work:  # warm-up: imports, caches, the first compiled calls
        work[name](0)
    out.write(f"ready {build}\n")
    out.flush()
    for line in sys.stdin:
        name, seconds, clock_name = line.split()
        clock = time.process_time if clock_name == "cpu" else time.perf_counter
        units, start = 0, clock()
        while (elapsed := clock() - start) < float(seconds):
            units += work[name](counters[name])
            counters[name] += 1
        out.write(f"{units} {elapsed}\n")
        out.flush()


# --- the two copies ---------------------------------------------------------------------------


def copy_sources(into: Path) -> Path:
    """This checkout's ``src`` under ``into``, without compiled files or caches."""
    target = into / "src"
    shutil.copytree(
        ROOT / "src", target, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    return target


def compile_copy(src: Path, modules: list[str]) -> None:
    """Compile ``modules`` of the copy ``src`` in place with mypyc."""
    paths = [name.replace(".", "/") + ".py" for name in modules]
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *paths], cwd=src, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


class Worker:
    """A worker process on one copy of the sources."""

    def __init__(self, side: str, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT / 'benchmarks'}"}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", side],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=src.parent,
        )
        assert self.process.stdout is not None
        self.build = self.process.stdout.readline().strip().removeprefix("ready ")
        if not self.build:
            raise SystemExit(f"the {side} worker did not start")

    def run(self, name: str, seconds: float, clock: str = "wall") -> float:
        """Units per second of ``name`` for about ``seconds`` of ``clock`` (``wall`` or
        ``cpu``)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{name} {seconds} {clock}\n")
        self.process.stdin.flush()
        units, elapsed = self.process.stdout.readline().split()
        return float(units) / float(elapsed)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="per side, work and round")
    parser.add_argument("--work", default=",".join(WORK), help=f"some of {','.join(WORK)}")
    parser.add_argument("--modules", help="the modules to compile (default: compilable.txt's)")
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time each worker's CPU time, not wall time (other jobs on a shared machine)",
    )
    args = parser.parse_args()
    clock = "cpu" if args.cpu_time else "wall"
    names = [name for name in args.work.split(",") if name]
    if not names or not set(names) <= set(WORK):
        parser.error(f"--work takes some of {','.join(WORK)}")
    sys.path.insert(0, str(ROOT / "src"))
    from boardkit.compiled import compilable

    modules = args.modules.split(",") if args.modules else list(compilable())
    with tempfile.TemporaryDirectory(prefix="boardkit-compiled-") as tmp:
        pure_src = copy_sources(Path(tmp) / "pure")
        compiled_src = copy_sources(Path(tmp) / "compiled")
        t0 = time.perf_counter()
        compile_copy(compiled_src, modules)
        built = time.perf_counter() - t0
        workers = {"pure": Worker("pure", pure_src), "compiled": Worker("compiled", compiled_src)}
        try:
            rates: dict[str, dict[str, list[float]]] = {
                n: {"pure": [], "compiled": []} for n in names
            }
            for r in range(args.rounds):
                order = ["pure", "compiled"] if r % 2 == 0 else ["compiled", "pure"]
                for name in names:
                    for side in order:
                        rates[name][side].append(workers[side].run(name, args.seconds, clock))
        finally:
            for worker in workers.values():
                worker.close()
    rows = []
    for name in names:
        pure, compiled = rates[name]["pure"], rates[name]["compiled"]
        ratios = [c / p for c, p in zip(compiled, pure, strict=True)]
        rows.append(
            [
                name,
                f"{statistics.median(pure):,.1f}",
                f"{statistics.median(compiled):,.1f}",
                f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})",
            ]
        )
    print_table(
        f"compiled ({len(modules)} modules, built in {built:.0f} s) against pure Python, "
        f"{args.rounds} interleaved rounds of {args.seconds} s of {clock} time",
        ["work", "pure / s", "compiled / s", "compiled / pure"],
        rows,
    )
    if "bare" in names:
        bare_rows = []
        for name in (n for n in names if n.startswith("shangrila")):
            row = [name]
            for side in ("pure", "compiled"):
                ratios = [
                    a / b for a, b in zip(rates[name][side], rates["bare"][side], strict=True)
                ]
                row.append(
                    f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
                )
            bare_rows.append(row)
        print()
        print_table(
            "Shangrila 4p over the bare baseline, each side against its own bare rounds",
            ["work", "pure × bare", "compiled × bare"],
            bare_rows,
        )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        serve(sys.argv[2], sys.stdout)
    else:
        main()
