"""boardkit's MCTS against OpenSpiel's MCTS on its C++ tic-tac-toe: search iterations per second.

Run ``python benchmarks/mcts_peers.py [--rounds R] [--seconds S] [--iterations N]``. Each
contender runs one search of ``N`` iterations (default 400) from a tic-tac-toe position, cycling
over the empty board and a few positions after one to four random moves:

- ``boardkit mcts``: :class:`boardkit.bots.mcts.MCTSBot` (plain UCT, random rollouts: the game
  offers no heuristic) on the framework's example game,
  :class:`boardkit.examples.tictactoe.TicTacToeGame`, and on the game written for speed
  (``_tictactoe.FastTicTacToeGame``);
- ``OpenSpiel mcts (C++ game)``: ``open_spiel.python.algorithms.mcts.MCTSBot`` with one random
  rollout per leaf (``RandomRolloutEvaluator(1)``) on ``pyspiel.load_game("tic_tac_toe")``: its
  search is Python, its game C++.

Times are CPU time of this process, in interleaved rounds (``benchmarks/_timing.py``). The table
gives iterations per second and boardkit's rate as a multiple of OpenSpiel's, against issue 27's
goal (≥ 0.9×). OpenSpiel is optional (``pip install -e ".[bench]"``); without it its row says
"not installed".
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from _tictactoe import FastTicTacToeGame
from _timing import Contender, interleave, print_table, ratio

from boardkit import Game, Match, Rng
from boardkit.bots.mcts import MCTSBot
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.flow import decider

GOAL = 0.9
"""Issue 27: boardkit's MCTS at least this fast as OpenSpiel's MCTS on its C++ game."""

POSITIONS = 5
"""The positions searched from: the empty board, then after one to four random moves."""


def boardkit_contender(name: str, game: Game[Any, Any], iterations: int) -> Contender:
    """``iterations``-iteration searches of boardkit's MCTS from a cycle of positions."""
    states = []
    draw = random.Random(3)
    for moves in range(POSITIONS):
        match = Match.new(game, 2, seed=moves)
        for _ in range(moves):
            match.play(draw.choice(match.legal_actions()))
        states.append(match.state)
    bot = MCTSBot(iterations=iterations)

    def work(i: int) -> float:
        state = states[i % len(states)]
        player = decider(state.flow)
        assert player is not None
        bot.search(game, state, player, Rng(i))
        return iterations

    return Contender(name, work)


def open_spiel_contender(iterations: int) -> Contender | None:
    """The same searches by OpenSpiel's MCTS on its C++ game, or ``None`` without pyspiel."""
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
        from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    draw = random.Random(3)
    states = []
    for moves in range(POSITIONS):
        state = game.new_initial_state()
        for _ in range(moves):
            state.apply_action(draw.choice(state.legal_actions()))
        states.append(state)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=iterations, evaluator=evaluator, random_state=rng
    )

    def work(i: int) -> float:
        bot.mcts_search(states[i % len(states)])
        return iterations

    return Contender("OpenSpiel mcts (C++ game)", work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="per contender and round")
    parser.add_argument("--iterations", type=int, default=400, help="per search")
    args = parser.parse_args()
    contenders = [
        boardkit_contender("boardkit mcts, example game", TicTacToeGame(), args.iterations),
        boardkit_contender("boardkit mcts, fast game", FastTicTacToeGame(), args.iterations),
    ]
    theirs = open_spiel_contender(args.iterations)
    if theirs is not None:
        contenders.append(theirs)
    rates = interleave(contenders, args.rounds, args.seconds, clock=time.process_time)
    rows = []
    for c in contenders:
        against = ""
        if theirs is not None and c is not theirs:
            speed = ratio(rates[c.name], rates[theirs.name])
            met = "met" if speed.median >= GOAL else "not met"
            against = f"{speed.text()} ({met}: goal ≥ {GOAL:g}×)"
        rows.append([c.name, f"{rates[c.name].median():,.0f}", against])
    if theirs is None:
        rows.append(["OpenSpiel mcts (C++ game)", "not installed", ""])
    print_table(
        f"MCTS on tic-tac-toe, {args.iterations}-iteration searches, {args.rounds} interleaved "
        f"rounds of {args.seconds} s (CPU time)",
        ["search", "iterations / s", "× OpenSpiel's"],
        rows,
    )


if __name__ == "__main__":
    main()
