"""What the framework itself costs, measured on the Nim example game.

Run: ``python benchmarks/core_bench.py [--repeat R] [--seed S]``. Prints one table of figures:

- playing one action through :meth:`Match.play` and through the bare :func:`engine.step`
  (the difference is the log entry and snapshot bookkeeping of ``Match``);
- whole random games per second (``simulate`` on default Nim, and ``random_playout``);
- replay speed of a long log, in events per second, with and without verification, from JSON
  text and from an already decoded :class:`Log`;
- time travel on that log: :meth:`Match.state_at` at random entries, against folding every event
  from the setup state (what ``state_at`` would cost without its snapshots);
- writing the log as JSON and decoding it again.

The long log is Nim with 20,000 stones and ``max_take`` 2, every player always taking two stones:
exactly 10,000 decisions, so 10,001 entries with the setup entry. Nim's rules are trivial, so
nearly all of the measured time is framework overhead. Every figure is the best of ``--repeat``
runs (default 3), which filters out noise from other processes.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from boardkit import Match, Rng, engine
from boardkit.examples.nim import NimGame, Take
from boardkit.log import parse_document, parse_entries
from boardkit.match import SNAPSHOT_EVERY
from boardkit.runner.simulate import random_playout, simulate

LONG_OPTIONS = {"stones": 20_000, "max_take": 2}
LONG_DECISIONS = 10_000


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The shortest wall time of ``repeat`` calls of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best


def long_match(game: NimGame, seed: int) -> Match[Any]:
    """The 10,001-entry Nim match every long-log figure uses."""
    match = Match.new(game, 2, LONG_OPTIONS, seed)
    for _ in range(LONG_DECISIONS):
        match.play(Take(2))
    assert match.is_over and len(match) == LONG_DECISIONS + 1
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is kept)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and of the picks")
    args = parser.parse_args()
    repeat: int = args.repeat
    game = NimGame()
    rows: list[tuple[str, str]] = []

    # --- playing -----------------------------------------------------------------------------
    def play_with_match() -> None:
        long_match(game, args.seed)

    per_action_match = best_of(repeat, play_with_match) / LONG_DECISIONS
    rows.append(("Match.play, per action", f"{per_action_match * 1e6:.1f} µs"))

    config = game.make_config(2, LONG_OPTIONS, args.seed)

    def play_with_engine() -> None:
        state, _ = engine.start(game, config)
        action = Take(2)
        for seq in range(1, LONG_DECISIONS + 1):
            state, _ = engine.step(game, state, None, action, Rng.for_entry(config.seed, seq))
        assert state.flow.ended

    per_action_engine = best_of(repeat, play_with_engine) / LONG_DECISIONS
    rows.append(("engine.step, per action", f"{per_action_engine * 1e6:.1f} µs"))

    n_games = 2000
    sim_seconds = best_of(repeat, lambda: simulate(game, n_games, 2, seed=args.seed))
    rows.append(("simulate, default Nim (2 players)", f"{n_games / sim_seconds:,.0f} games/s"))
    playout_seconds = best_of(
        repeat, lambda: [random_playout(game, 2, seed=args.seed + i) for i in range(n_games)]
    )
    rows.append(("random_playout (via Match), same", f"{n_games / playout_seconds:,.0f} games/s"))

    # --- replay ------------------------------------------------------------------------------
    match = long_match(game, args.seed)
    text = match.to_json()
    log = match.log
    events = sum(len(e.events) for e in log.entries)
    rows.append(("long log: entries / events", f"{len(log):,} / {events:,}"))
    for verify in (False, True):
        label = "verified" if verify else "folded only"
        from_json = best_of(repeat, partial(Match.from_json, text, game, verify=verify))
        rows.append(
            (f"replay from JSON, {label}", f"{events / from_json:,.0f} events/s"),
        )
        from_log = best_of(repeat, partial(Match.from_log, game, log, verify=verify))
        rows.append((f"replay decoded Log, {label}", f"{events / from_log:,.0f} events/s"))

    # --- time travel -------------------------------------------------------------------------
    picker = Rng(args.seed, 99)
    targets = [picker.below(len(match)) for _ in range(2000)]
    travel = best_of(repeat, lambda: [match.state_at(k) for k in targets]) / len(targets)
    rows.append(
        (f"state_at(k), random k (snapshot every {SNAPSHOT_EVERY})", f"{travel * 1e6:.1f} µs")
    )
    after_setup = match.state_at(0)
    entries = log.entries
    fold_targets = targets[:40]

    def fold_from_start() -> None:
        for k in fold_targets:
            state = after_setup
            for entry in entries[1 : k + 1]:
                state = engine.fold(game, state, entry.events)

    folding = best_of(repeat, fold_from_start) / len(fold_targets)
    rows.append(("fold from setup to k, random k", f"{folding * 1e3:.2f} ms"))
    rows.append(("snapshots speed-up", f"{folding / travel:,.0f}x"))

    # --- JSON --------------------------------------------------------------------------------
    write = best_of(repeat, match.to_json)
    rows.append(("write long log as JSON", f"{write * 1e3:.1f} ms ({len(text) / 1e6:.2f} MB)"))
    read = best_of(repeat, lambda: parse_entries(game, parse_document(text)))
    rows.append(("read long log JSON (decode only)", f"{read * 1e3:.1f} ms"))

    width = max(len(name) for name, _ in rows)
    print(
        f"boardkit core benchmark — Python {platform.python_version()}, "
        f"{platform.machine()}, best of {repeat}"
    )
    print(f"{'measure'.ljust(width)}  value")
    print(f"{'-' * width}  {'-' * 22}")
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
