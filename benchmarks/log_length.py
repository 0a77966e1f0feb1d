"""Per-entry cost of replaying, verifying and reading a log against the length of the log.

Run: ``python benchmarks/log_length.py [--short S] [--long L] [--rounds R] [--seconds T]
[--calls C] [--cpu-time]``.

Two Nim logs (``max_take`` 2, every player taking two stones, so a heap of ``2n`` stones makes
a log of ``n`` decisions and ``n + 1`` entries with the setup): a short one of ``--short``
entries (default 1,000) and a long one of ``--long`` (default 50,000). For each, three costs:

- **replay**: ``Match.from_log(game, log, verify=False)``, per entry (each turn replays the
  short log as often as fits in ``--seconds``, the long one at least once);
- **verification**: ``Match.from_log(game, log, verify=True)`` (every action re-checked
  against the rules and the seed), per entry;
- **random access**: ``state_at(k)`` at ``--calls`` random ``k`` (default 2,000) in a match
  just loaded without verification, per call; the loading is not timed.

A log's cost per entry should not depend on its length, so each path's long-log rate over the
short-log rate (a speed ratio: 1.00 is flat, lower is slower per entry on the long log; issue
27's goal is ≥ 0.9×) should be 1.00 within noise. The six contenders run in interleaved rounds
(``_timing.interleave``: the ratio is taken within each round, then the median and the range
over the rounds). ``--cpu-time`` times with this process's CPU time (``time.process_time``)
instead of wall time, which leaves out the waits of a shared machine. The machine load
(``os.getloadavg``) before and after is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from _timing import Contender, interleave, per_second, print_table, ratio

from boardkit import Log, Match
from boardkit.examples.nim import NimGame

PATHS = ("replay", "verification", "random access")


def nim_log(game: NimGame, entries: int, seed: int = 1) -> Log:
    """A Nim log of ``entries`` entries (at least 2): the setup, then every player taking two."""
    decisions = max(1, entries - 1)
    match: Match[Any, Any] = Match.new(game, 2, {"stones": 2 * decisions, "max_take": 2}, seed)
    while not match.is_over:
        match.play(game.legal_actions(match.state)[-1])
    return match.log


class PausableClock:
    """A clock that can leave stretches out: what runs inside :meth:`paused` is not counted.

    Random access times ``state_at`` in a freshly loaded match; loading it is set-up, not the
    cost measured, but it has to happen inside the turn (a new match each time)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._left_out = 0.0

    def __call__(self) -> float:
        return self._clock() - self._left_out

    def left_out(self, fn: Callable[[], Any]) -> Any:
        """``fn()``, its time not counted."""
        start = self._clock()
        try:
            return fn()
        finally:
            self._left_out += self._clock() - start


def contenders(
    game: NimGame, logs: dict[str, Log], calls: int, clock: PausableClock
) -> list[Contender]:
    """Each path on each log (``short`` and ``long``); a turn's units are entries or calls."""
    out: list[Contender] = []
    for name, log in logs.items():
        size = len(log.entries)

        def replay(i: int, log: Log = log, size: int = size) -> float:
            Match.from_log(game, log, verify=False)
            return size

        def verification(i: int, log: Log = log, size: int = size) -> float:
            Match.from_log(game, log, verify=True)
            return size

        def random_access(i: int, log: Log = log, size: int = size) -> float:
            match = clock.left_out(lambda: Match.from_log(game, log, verify=False))
            pick = random.Random(i)
            for _ in range(calls):
                match.state_at(pick.randrange(size))
            return calls

        out += [
            Contender(f"replay {name}", replay),
            Contender(f"verification {name}", verification),
            Contender(f"random access {name}", random_access),
        ]
    return out


def load() -> str:
    """The machine load, 1 / 5 / 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=1_000, help="entries of the short log")
    parser.add_argument("--long", type=int, default=50_000, help="entries of the long log")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per turn")
    parser.add_argument("--calls", type=int, default=2_000, help="state_at calls per match")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time with CPU time instead of wall time"
    )
    args = parser.parse_args()
    game = NimGame()
    logs = {"short": nim_log(game, args.short), "long": nim_log(game, args.long)}
    sizes = {name: len(log.entries) for name, log in logs.items()}
    clock = PausableClock(time.process_time if args.cpu_time else time.perf_counter)

    before = load()
    rates = interleave(
        contenders(game, logs, args.calls, clock), args.rounds, args.seconds, clock=clock
    )
    after = load()

    rows = []
    for path in PATHS:
        short, long = rates[f"{path} short"], rates[f"{path} long"]
        rows.append(
            [
                path,
                per_second(short.median()),
                per_second(long.median()),
                ratio(long, short).text(),
            ]
        )
    print_table(
        f"per-entry cost against log length (Nim, max_take 2) — Python "
        f"{platform.python_version()}, {platform.machine()}; {args.rounds} rounds of "
        f"{args.seconds} s, {'CPU' if args.cpu_time else 'wall'} time; load {before} before, "
        f"{after} after",
        [
            "path (entries / s; random access: calls / s)",
            f"{sizes['short']:,} entries",
            f"{sizes['long']:,} entries",
            "long / short (goal >= 0.9×)",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
