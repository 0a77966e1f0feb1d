"""The ``trained`` bot's search speed, this code against an older commit's, in one process.

Run ``python benchmarks/trained_speed.py [--commit C] [--rounds R] [--seconds S]
[--positions N] [--think T] [--iterations N] [--cpu-time]``. The packages of commit ``C`` (default
:data:`BEFORE`, the code before the sparse observation and ``evaluate_seats``; ``HEAD`` runs
this commit on both sides, a check of the noise) are copied out of git as ``old_*``
(``benchmarks/_old_code.py``) and run beside this checkout's, in interleaved rounds
(``benchmarks/_timing.py``), on the same positions: ``--positions`` mid-game states of Khan (2
players) and Shangrila (3 players) reached by seeded random play, each side playing them with
its own code. Two figures per game and side:

- **iterations / s**: one call is one search of the tournament's ``trained`` bot
  (``trained:seconds=T:value_weight=0.5:rollout_cap=K``, ``K`` the rollout cap of the game's
  guided ``mcts``: 10 in Khan, 6 in Shangrila; ``T`` is ``--think``, 0.05 s by default) from
  one position, and its unit the iterations that search ran
  (:attr:`boardkit.bots.mcts.SearchResult.iterations`). Such a search stops on the wall clock,
  so on a busy machine it runs fewer iterations whatever ``--cpu-time`` says: with
  ``--iterations N`` each search runs ``N`` iterations instead (the same search, stopped by
  count), and ``--cpu-time`` then times it in CPU time too.
- **leaves / s**: one call judges every position once as the bot judges a new leaf: the
  network's value of the deciding seat's observation, with the heuristic's estimate it reads
  (the bot's ``_network_value``), without the rollout the mixed leaf adds.

"new / old" is the median of the per-round speed ratios, with the lowest and highest round.
"""

from __future__ import annotations

import argparse
import importlib
import os
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from _old_code import extract_old
from _timing import Contender, interleave, per_second, print_table, ratio

PACKAGES = ("boardkit", "boardkit_khan", "boardkit_shangrila")

BEFORE = "29fcc01"
"""The default old side: the code before the sparse observation and ``evaluate_seats``."""

GAMES: tuple[tuple[str, str, str, int, int, int], ...] = (
    ("khan", "boardkit_khan.game", "KhanGame", 2, 160, 10),
    ("shangrila", "boardkit_shangrila.game", "ShangrilaGame", 3, 110, 6),
)
"""Name, module and class of the game, seats, a typical length in decisions (to pick
mid-game positions) and the rollout cap of the game's guided ``mcts``."""


def side(prefix: str) -> dict[str, ModuleType]:
    """The modules one side needs, from the packages named with ``prefix``."""
    names = ("boardkit", "boardkit.bots.trained", "boardkit.bots.random_bot")
    return {name: importlib.import_module(prefix + name) for name in names}


def positions(
    mods: dict[str, ModuleType], game: Any, players: int, length: int, n: int
) -> list[Any]:
    """``n`` states of ``game`` with a decision owed, after a seeded number of random moves
    (between a fifth and three fifths of a typical game)."""
    kit = mods["boardkit"]
    chooser = mods["boardkit.bots.random_bot"].RandomBot()
    rng = kit.Rng(11, 1)
    found: list[Any] = []
    attempt = 0
    while len(found) < n:
        match = kit.Match.new(game, players, None, 500 + attempt)
        attempt += 1
        for _ in range(length // 5 + rng.below(2 * length // 5)):
            if match.is_over:
                break
            seat = kit.decider(match.state.flow)
            match.play(chooser.choose(game, match.state, seat, rng), seat)
        if not match.is_over:
            found.append(match.state)
    return found


def contenders(
    label: str,
    prefix: str,
    game_spec: tuple[Any, ...],
    count: int,
    think: float,
    iterations: int | None,
) -> tuple[Contender, Contender]:
    """One side's search and leaf contenders for one game."""
    name, module, cls, players, length, cap = game_spec
    mods = side(prefix)
    game = getattr(importlib.import_module(prefix + module), cls)()
    states = positions(mods, game, players, length, count)
    trained = mods["boardkit.bots.trained"]
    budget = {"seconds": think} if iterations is None else {"iterations": iterations}
    bot = trained.TrainedBot(**budget, value_weight=0.5, rollout_cap=cap)
    net = bot.network(game, players)
    decider, rng_type = mods["boardkit"].decider, mods["boardkit"].Rng
    seats = [decider(state.flow) for state in states]

    def search(i: int) -> int:
        k = i % count
        result = bot.heuristic_search(game, players).search(
            game, states[k], seats[k], rng_type(i, 0)
        )
        return int(result.iterations)

    def leaves(i: int) -> int:
        for state, seat in zip(states, seats, strict=True):
            trained._network_value(net, game, state, seat, players)
        return count

    return Contender(f"{label} {name} search", search), Contender(f"{label} {name} leaf", leaves)


def main() -> None:
    """Copy the old code, run both sides interleaved, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default=BEFORE, help=f"the old side (default {BEFORE})")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=1.0, help="per contender and round")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--think", type=float, default=0.05, help="seconds per search")
    parser.add_argument(
        "--iterations", type=int, default=None, help="iterations per search instead of --think"
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time the leaves (and, with --iterations, the searches) in CPU time",
    )
    args = parser.parse_args()
    rows: list[list[str]] = []
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="boardkit-old-") as folder:
        extract_old(args.commit, Path(folder), PACKAGES)
        for spec in GAMES:
            new = contenders("new", "", spec, args.positions, args.think, args.iterations)
            old = contenders("old", "old_", spec, args.positions, args.think, args.iterations)
            for index, unit in ((0, "iterations / s"), (1, "leaves / s")):
                by_count = index or args.iterations is not None
                clock = time.process_time if args.cpu_time and by_count else time.perf_counter
                pair = [new[index], old[index]]
                rates = interleave(pair, args.rounds, args.seconds, clock=clock, slices=2)
                a, b = rates[new[index].name], rates[old[index].name]
                rows.append(
                    [
                        f"{new[index].name.removeprefix('new ')} ({unit})",
                        per_second(b.median()),
                        per_second(a.median()),
                        ratio(a, b).text(),
                    ]
                )
    after = os.getloadavg()
    print_table(
        f"trained bot, old ({args.commit}) against new, {args.rounds} rounds of "
        f"{args.seconds} s"
        + (" of CPU time" if args.cpu_time else "")
        + (f", {args.think} s" if args.iterations is None else f", {args.iterations} iterations")
        + f" a search; load {load[0]:.1f} → {after[0]:.1f}",
        ["path", "old", "new", "new / old"],
        rows,
    )


if __name__ == "__main__":
    main()
