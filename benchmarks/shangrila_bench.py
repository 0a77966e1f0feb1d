"""Shangrila throughput: random games, legal-action generation, replay.

Run ``python benchmarks/shangrila_bench.py`` (add ``--quick`` for a short run); prints a table.
Each figure is the best of five rounds, so a busy machine disturbs it less.
Random players pick ``Rng.choice(legal_actions)``, as a researcher's simulation would; the
"engine" rows call ``boardkit.engine.start`` / ``step`` directly, the "Match" row keeps a log.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from boardkit import Match, Rng, engine
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.state import ShangrilaState

GAME = ShangrilaGame()


def engine_game(players: int, seed: int) -> int:
    """One random game through boardkit.engine; returns the number of actions."""
    config = GAME.make_config(players, {}, seed)
    state, _ = engine.start(GAME, config)
    rng = Rng(seed, 99)
    legal_actions, step = GAME.legal_actions, engine.step
    n = 0
    while not state.flow.ended:
        state, _ = step(GAME, state, None, rng.choice(legal_actions(state)), rng)
        n += 1
    return n


def match_game(players: int, seed: int) -> Match[Any]:
    """One random game through Match (which records the log)."""
    match: Match[Any] = Match.new(GAME, players, seed=seed)
    rng = Rng(seed, 99)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


def mid_game_states(count: int) -> list[ShangrilaState]:
    """States a third of the way into the main phase of random 4-player games."""
    out = []
    for seed in range(count):
        match = match_game(4, seed)
        out.append(match.state_at(28 + (len(match) - 28) // 3))
    return out


def measure(fn: Callable[[int], int], seconds: float, rounds: int = 5) -> tuple[float, float]:
    """Run ``fn(0), fn(1), …`` in ``rounds`` rounds of about ``seconds / rounds`` each and keep
    the best round (the machine may be shared): (calls per second, units per second), where
    ``fn`` returns how many units (actions, events) it handled."""
    best = (0.0, 0.0)
    calls = 0
    for _ in range(rounds):
        done = units = 0
        start = time.perf_counter()
        while True:
            units += fn(calls)
            calls += 1
            done += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / rounds:
                break
        if done / elapsed > best[0]:
            best = (done / elapsed, units / elapsed)
    return best


def main() -> None:
    seconds = 0.5 if "--quick" in sys.argv else 3.0
    rows: list[tuple[str, str]] = []

    for players in (4, 3):
        games, actions = measure(partial(engine_game, players), seconds)
        rows.append(
            (
                f"random {players}-player games / s (engine)",
                f"{games:,.0f}  ({actions / games:.0f} actions/game, {actions:,.0f} actions/s)",
            )
        )
    games, _ = measure(lambda i: len(match_game(4, i)), seconds)
    rows.append(("random 4-player games / s (Match, with log)", f"{games:,.0f}"))

    states = mid_game_states(20)
    lazy, _ = measure(lambda i: len(GAME.legal_actions(states[i % len(states)])), seconds)
    rows.append(("legal_actions / s, mid-game 4p (lazy sequence)", f"{lazy:,.0f}"))
    built, sizes = measure(
        lambda i: len(list(GAME.legal_actions(states[i % len(states)]))), seconds
    )
    rows.append(
        (
            "legal_actions / s, mid-game 4p (every action built)",
            f"{built:,.0f}  (~{sizes / built:.0f} actions each)",
        )
    )

    logs = [match_game(4, 1000 + i).to_json() for i in range(10)]
    counts = [sum(len(e.events) for e in Match.from_json(t, GAME, verify=False).log) for t in logs]

    def replay(i: int, verify: bool) -> int:
        Match.from_json(logs[i % len(logs)], GAME, verify=verify)
        return counts[i % len(logs)]

    _, events = measure(lambda i: replay(i, False), seconds)
    rows.append(("replay events / s (JSON load + fold)", f"{events:,.0f}"))
    _, events = measure(lambda i: replay(i, True), seconds)
    rows.append(("replay events / s (JSON load + verify)", f"{events:,.0f}"))

    width = max(len(name) for name, _ in rows)
    print(f"{'Shangrila benchmark':<{width}}  result")
    print("-" * (width + 40))
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
