"""Start-up: how long a fresh process takes to import boardkit and to answer ``--version`` and
``--help``, against the time Python takes to import attrs and cattrs (the yardstick: the two
libraries boardkit's states and logs are made of, so no boardkit could start faster).

Every round starts each command once as a new process, in an order that rotates from round to
round, and takes each one's ratio to the yardstick of the same round (see ``_timing.py`` for
why interleaved). The table gives, per command, the median wall time over the rounds with the
fastest and slowest round, and the median ratio with its lowest and highest round. The machine
load (``os.getloadavg``) before and after is printed with it: start-up times on a busy machine
are worth little.

``boardkit`` is the console script beside this Python when there is one (what users type), else
``python -m boardkit``.

    python benchmarks/startup.py [--rounds R]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

Command = tuple[str, tuple[str, ...]]


def commands() -> list[Command]:
    """The yardstick first, then the commands measured against it."""
    python = sys.executable
    script = shutil.which("boardkit", path=os.path.dirname(python))
    boardkit = (script,) if script else (python, "-m", "boardkit")
    return [
        ('python -c "import attrs, cattrs"', (python, "-c", "import attrs, cattrs")),
        ('python -c "import boardkit"', (python, "-c", "import boardkit")),
        ("boardkit --version", (*boardkit, "--version")),
        ("boardkit --help", (*boardkit, "--help")),
    ]


def seconds(argv: Sequence[str]) -> float:
    """Wall time of one run of ``argv``, from start to exit (it must succeed)."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(rounds: int) -> dict[str, list[float]]:
    """Each command's wall time in each round, the commands' order rotating every round."""
    todo = commands()
    times: dict[str, list[float]] = {name: [] for name, _ in todo}
    for _, argv in todo:  # once each, unmeasured: fill the file cache, compile bytecode
        seconds(argv)
    for r in range(rounds):
        shift = r % len(todo)
        for name, argv in todo[shift:] + todo[:shift]:
            times[name].append(seconds(argv))
    return times


def table(times: dict[str, list[float]]) -> list[str]:
    """The rows: median ms (fastest–slowest) and the ratio to the yardstick (lowest–highest)."""
    names = list(times)
    yardstick = times[names[0]]
    rows = [f"{'command':<34} {'ms (fastest–slowest)':>24}   × yardstick (lowest–highest)"]
    for name in names:
        ms = [t * 1000 for t in times[name]]
        spread = f"{statistics.median(ms):.0f} ({min(ms):.0f}–{max(ms):.0f})"
        ratios = [t / y for t, y in zip(times[name], yardstick, strict=True)]
        ratio = (
            "yardstick"
            if name == names[0]
            else f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
        )
        rows.append(f"{name:<34} {spread:>24}   {ratio}")
    return rows


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21, help="rounds (default 21)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(f"before: {load()}")
    times = measure(args.rounds)
    print(f"after:  {load()}")
    print(f"{args.rounds} rounds, Python {sys.version.split()[0]}, fresh processes, wall time")
    for row in table(times):
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
