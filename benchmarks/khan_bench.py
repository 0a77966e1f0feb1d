"""How fast Khan plays: whole random games per second, and replay speed.

Run: ``python benchmarks/khan_bench.py [--games N] [--repeat R] [--seed S] [--profile]``.

Figures (each the best of ``--repeat`` runs, default 3, which filters out noise from other
processes; "CPU" figures use process time, "wall" figures the clock):

- random full games per second with 2 and 4 players, driving :func:`boardkit.engine.start` and
  :func:`boardkit.engine.step` directly (what bots and simulations do), and through
  :class:`boardkit.Match` (which also keeps the log);
- decisions per game and per second;
- replay of the finished games' logs: events folded per second without verification (pure
  reducer speed) and log entries per second with verification (every action re-checked and its
  events recomputed).

A random player picks uniformly among ``legal_actions`` (``Rng(seed, 7).choice``), so listing the
legal actions every decision is part of the measured cost. The goal is 50 full 4-player games per
second on one core. ``--profile`` prints the 25 most expensive functions of the engine run.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from boardkit import Match, Rng, engine
from boardkit.log import Log
from boardkit_khan.game import KhanGame

GAME = KhanGame()


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, float, int]:
    """Best CPU time, best wall time (seconds) of ``repeat`` runs, and what ``run`` returned."""
    cpu = wall = float("inf")
    out = 0
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        out = run()
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    return cpu, wall, out


def engine_games(players: int, games: int, seed: int) -> int:
    """Play ``games`` random games through the bare engine; return the number of decisions."""
    decisions = 0
    for k in range(games):
        game_seed = seed + k
        config = GAME.make_config(players, None, game_seed)
        state, _ = engine.start(GAME, config)
        chooser = Rng(game_seed, 7)
        entry = 1
        while not state.flow.ended:
            action = chooser.choice(GAME.legal_actions(state))
            state, _ = engine.step(GAME, state, None, action, Rng.for_entry(game_seed, entry))
            entry += 1
        decisions += entry - 1
    return decisions


def match_games(players: int, games: int, seed: int) -> list[Match[Any]]:
    """Play ``games`` random games through :class:`Match` (same choices as the engine run)."""
    out = []
    for k in range(games):
        game_seed = seed + k
        match: Match[Any] = Match.new(GAME, players, seed=game_seed)
        chooser = Rng(game_seed, 7)
        while not match.is_over:
            match.play(chooser.choice(match.legal_actions()))
        out.append(match)
    return out


def count_match_games(players: int, games: int, seed: int) -> int:
    """Play the :func:`match_games` run and return how many games it played."""
    return len(match_games(players, games, seed))


def replay_events(logs: list[Log]) -> int:
    """Fold every event of ``logs`` (no verification); return the number of events."""
    count = 0
    for log in logs:
        state = GAME.initial(GAME.make_config(len(log.header.players), log.header.options))
        for entry in log.entries:
            state = engine.fold(GAME, state, entry.events)
            count += len(entry.events)
    return count


def verify_logs(logs: list[Log]) -> int:
    """Rebuild every match from its log with verification; return the number of entries."""
    entries = 0
    for log in logs:
        entries += len(Match.from_log(GAME, log, verify=True))
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is kept)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--profile", action="store_true", help="profile the 4-player engine run")
    args = parser.parse_args()
    n, repeat, seed = args.games, args.repeat, args.seed

    print(f"Khan benchmark — Python {platform.python_version()}, {n} games per figure, "
          f"best of {repeat}")  # fmt: skip
    engine_games(4, 2, seed)  # warm the caches (placement tables, action tables)
    print(f"{'':34}{'CPU/s':>10}{'wall/s':>10}")
    for players in (2, 4):
        cpu, wall, decisions = best_of(repeat, partial(engine_games, players, n, seed))
        print(f"{players} players, games (engine)        {n / cpu:>10.1f}{n / wall:>10.1f}")
        print(f"{players} players, decisions (engine)    {decisions / cpu:>10.0f}"
              f"{decisions / wall:>10.0f}   ({decisions / n:.0f} per game)")  # fmt: skip
        cpu, wall, _ = best_of(repeat, partial(count_match_games, players, n, seed))
        print(f"{players} players, games (Match)         {n / cpu:>10.1f}{n / wall:>10.1f}")
        logs = [m.log for m in match_games(players, n, seed)]
        cpu, wall, events = best_of(repeat, partial(replay_events, logs))
        print(f"{players} players, replay events         {events / cpu:>10.0f}"
              f"{events / wall:>10.0f}   ({events / n:.0f} per game)")  # fmt: skip
        cpu, wall, entries = best_of(repeat, partial(verify_logs, logs))
        print(f"{players} players, verified entries      {entries / cpu:>10.0f}"
              f"{entries / wall:>10.0f}")  # fmt: skip
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(engine_games, 4, n, seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
