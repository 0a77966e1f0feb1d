"""Shangrila through boardkit against a bare implementation, side by side in one process.

Run ``python benchmarks/shangrila_reference.py [--rounds R] [--seconds S] [--players P]
[--cpu-time]``.
Four contenders play whole random games (uniform random players), one game per call, in
interleaved rounds (see ``benchmarks/_timing.py``):

- ``bare``: ``benchmarks/bare_shangrila.py``, mutable lists and no framework;
- ``engine``: ``boardkit.runner.simulate(game_object, 1, …)``, the engine path without a log;
- ``Match``: ``boardkit.runner.simulate.random_playout(game_object, …)``, what front ends and
  scripts use (the log is kept, every action checked to survive its log);
- ``by name``: ``boardkit.runner.simulate("shangrila", 1, …)``, the game looked up on every call.

The table gives each one's median games per second and its ratio to the bare baseline (median
of the per-round ratios, lowest and highest round in brackets): 1.00× would mean the framework
costs nothing. ``--cpu-time`` times with this process's CPU time (``time.process_time``)
instead of wall time, which keeps other jobs on a shared machine out of the figures.
"""

from __future__ import annotations

import argparse
import random
import time

from _timing import Contender, interleave, per_second, print_table, ratio
from bare_shangrila import play_random

from boardkit.runner.simulate import random_playout, simulate
from boardkit_shangrila.game import ShangrilaGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5, help="per contender and round")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with this process's CPU time instead of wall time (a shared, loaded machine)",
    )
    args = parser.parse_args()
    game = ShangrilaGame()
    players = args.players
    rnd = random.Random(7)

    contenders = [
        Contender("bare", lambda i: (play_random(players, rnd), 1)[1]),
        Contender("engine", lambda i: simulate(game, 1, players, seed=i).games),
        Contender("Match", lambda i: (random_playout(game, players, seed=i), 1)[1]),
        Contender("by name", lambda i: simulate("shangrila", 1, players, seed=i).games),
    ]
    clock = time.process_time if args.cpu_time else time.perf_counter
    rates = interleave(contenders, rounds=args.rounds, seconds=args.seconds, clock=clock)
    bare = rates["bare"]
    rows = []
    for c in contenders:
        r = rates[c.name]
        rows.append([c.name, per_second(r.median()), ratio(r, bare).text()])
    print_table(
        f"Shangrila {players}-player random games, {args.rounds} interleaved rounds "
        f"of {args.seconds} s" + (" of CPU time" if args.cpu_time else ""),
        ["path", "games / s", "ratio to bare (spread)"],
        rows,
    )


if __name__ == "__main__":
    main()
