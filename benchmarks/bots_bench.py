"""How long the built-in bots think per move, and how many MCTS iterations a second buys.

Run: ``python benchmarks/bots_bench.py [--positions N] [--seed S] [--iterations K]``. For each
game (Shangrila with 3 players, Khan with 2) the script reaches ``--positions`` mid-game
positions by seeded random play, asks every bot below for a move in each, and prints the mean
time per move. For the MCTS bots it also prints iterations per second, the figure to size a
``seconds=`` budget by.

Bots measured: ``random``, ``greedy``, plain ``mcts`` and guided ``mcts`` (``prior_weight=1``,
``widening=2``), both with ``rollout_cap=20`` and ``--iterations`` iterations (the strength
table of docs/bots.md, from ``benchmarks/bot_strength.py``, cuts rollouts shorter). A position
is taken after a random number of random moves (between a fifth and three fifths of a typical
game), so opening and late positions both count.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from boardkit import Match, Rng, decider
from boardkit.bots import Bot, GreedyBot, MCTSBot, RandomBot
from boardkit.registry import load_game

GAMES = (("shangrila", 3, 110), ("khan", 2, 160))
"""Game name, players, and a typical length in decisions (to pick mid-game positions)."""


def positions(name: str, players: int, length: int, count: int, seed: int) -> list[Any]:
    """``count`` states of ``name`` reached by seeded random play, each with a decision owed."""
    game = load_game(name)
    found: list[Any] = []
    rng = Rng(seed, 1)
    attempt = 0
    while len(found) < count:
        match = Match.new(game, players, None, seed + attempt)
        attempt += 1
        moves = length // 5 + rng.below(2 * length // 5)
        for _ in range(moves):
            if match.is_over:
                break
            seat = decider(match.state.flow)
            assert seat is not None
            match.play(RandomBot().choose(game, match.state, seat, rng), seat)
        if not match.is_over:
            found.append(match.state)
    return found


def bots(iterations: int) -> list[tuple[str, Bot]]:
    """The bots measured, with their table labels."""
    return [
        ("random", RandomBot()),
        ("greedy", GreedyBot()),
        ("mcts (plain)", MCTSBot(iterations=iterations, rollout_cap=20)),
        (
            "mcts (guided)",
            MCTSBot(iterations=iterations, rollout_cap=20, prior_weight=1.0, widening=2.0),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--positions", type=int, default=10, help="positions per game")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--iterations", type=int, default=150, help="MCTS iterations per move")
    args = parser.parse_args()
    print(f"{'game':<10} {'bot':<14} {'ms / move':>10} {'iterations / s':>15}")
    for name, players, length in GAMES:
        game = load_game(name)
        states = positions(name, players, length, args.positions, args.seed)
        for label, bot in bots(args.iterations):
            started = time.perf_counter()
            for index, state in enumerate(states):
                seat = decider(state.flow)
                assert seat is not None
                bot.choose(game, state, seat, Rng(args.seed, index))
            per_move = (time.perf_counter() - started) / len(states)
            rate = f"{args.iterations / per_move:,.0f}" if isinstance(bot, MCTSBot) else "-"
            print(f"{name:<10} {label:<14} {per_move * 1000:>10.2f} {rate:>15}")


if __name__ == "__main__":
    main()
