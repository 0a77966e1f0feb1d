"""Environment steps per second through the research adapters, beside the references; and
tournament throughput per backend.

Run ``python benchmarks/adapters_bench.py [--rounds R] [--seconds S] [--games N]
[--backends process,ray]``. Needs the adapters' extras (``pip install -e ".[test,bench]"``);
a reference that is not installed gets a "not installed" row.

Part 1, in interleaved rounds (``benchmarks/_timing.py``), random agents from the action mask,
a step being one decision (chance nodes are part of the cost, not counted as steps):

- ``tic_tac_toe (OpenSpiel C++)``: ``pyspiel.load_game("tic_tac_toe")``, the baseline;
- ``tictactoe_v3 (PettingZoo)`` and ``chess_v6 (PettingZoo)``: PettingZoo's classic games;
- ``shangrila 3p`` / ``khan 3p`` ``(PettingZoo)``: ``boardkit.adapters.pettingzoo.env``;
- ``shangrila 3p`` / ``khan 3p`` ``(OpenSpiel)``: ``boardkit.adapters.openspiel.register``,
  without observations (OpenSpiel builds none unless asked), and ``(OpenSpiel, observing)``,
  reading the deciding player's observation tensor at every decision as a learning agent does:
  the fair comparison with PettingZoo, whose ``last()`` builds the observation and the mask;
- ``goofspiel 3p (OpenSpiel C++)``: OpenSpiel's own Goofspiel (13 cards, random prize order,
  imperfect information), made turn-based by ``pyspiel.convert_to_turn_based``, beside
  ``goofspiel 3p (OpenSpiel)``, boardkit's example game through the adapter: the same game
  both ways (OpenSpiel plays the last, forced round without asking, so its games count 36
  decisions where boardkit's count 39).

The table gives steps per second and the time per step as a multiple of OpenSpiel's C++
tic-tac-toe (median of the per-round ratios, spread in brackets).

Part 2: ``N`` Shangrila games (3 players, random against greedy) through ``run_tournament`` on
2 cores, with a pool of two processes and on a local Ray cluster with two CPUs (its start-up
left out), in games per second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import Contender, interleave, print_table, ratio

from boardkit.runner.tournament import run_tournament

StepFn = Callable[[int], float]


def _pettingzoo_steps(make: Callable[[], Any]) -> StepFn:
    """Whole random games of an AEC environment; returns the decisions made."""
    rng = np.random.default_rng(3)

    def play(i: int) -> float:
        environment = make()
        environment.reset(seed=i)
        steps = 0
        for _agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            action = None
            if not (termination or truncation):
                mask = observation["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
                steps += 1
            environment.step(action)
        return steps

    return play


def _openspiel_steps(game: Any, observe: bool = False) -> StepFn:
    """Whole random games of an OpenSpiel game; returns the decisions made. With ``observe``,
    the deciding player's observation tensor is read at every decision, as a learning agent
    does (and as PettingZoo's ``last()`` builds it)."""
    rng = np.random.default_rng(5)

    def play(i: int) -> float:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    return play


def _maker(env: Callable[..., Any], name: str) -> Callable[[], Any]:
    """A constructor of the 3-player PettingZoo environment of ``name``."""
    return lambda: env(name, 3)


def contenders() -> tuple[list[Contender], list[str]]:
    """Every contender that can be built here, and the names of those that cannot."""
    found: list[Contender] = []
    missing: list[str] = []
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

        from boardkit.adapters.openspiel import register

        found.append(
            Contender(
                "tic_tac_toe (OpenSpiel C++)", _openspiel_steps(pyspiel.load_game("tic_tac_toe"))
            )
        )
        for name in ("shangrila", "khan", "goofspiel"):
            game = pyspiel.load_game(register(name, 3))
            found.append(Contender(f"{name} 3p (OpenSpiel)", _openspiel_steps(game)))
            if name != "goofspiel":
                found.append(
                    Contender(
                        f"{name} 3p (OpenSpiel, observing)", _openspiel_steps(game, observe=True)
                    )
                )
        native = pyspiel.load_game(
            "goofspiel",
            {"players": 3, "num_cards": 13, "points_order": "random", "imp_info": True},
        )
        found.append(
            Contender(
                "goofspiel 3p (OpenSpiel C++)",
                _openspiel_steps(pyspiel.convert_to_turn_based(native)),
            )
        )
    except ImportError:
        missing += [
            "tic_tac_toe (OpenSpiel C++)",
            "shangrila 3p (OpenSpiel)",
            "khan 3p (OpenSpiel)",
            "shangrila 3p (OpenSpiel, observing)",
            "khan 3p (OpenSpiel, observing)",
            "goofspiel 3p (OpenSpiel)",
            "goofspiel 3p (OpenSpiel C++)",
        ]
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-not-found, import-untyped, unused-ignore]

        found.append(Contender("tictactoe_v3 (PettingZoo)", _pettingzoo_steps(tictactoe_v3.env)))
    except ImportError:  # PettingZoo's classic games need pygame (the bench extra)
        missing.append("tictactoe_v3 (PettingZoo)")
    try:
        from pettingzoo.classic import chess_v6  # type: ignore[import-not-found, import-untyped, unused-ignore]

        found.append(Contender("chess_v6 (PettingZoo)", _pettingzoo_steps(chess_v6.env)))
    except ImportError:  # needs pygame and the chess package
        missing.append("chess_v6 (PettingZoo)")
    try:
        from boardkit.adapters.pettingzoo import env

        for name in ("shangrila", "khan"):
            found.append(Contender(f"{name} 3p (PettingZoo)", _pettingzoo_steps(_maker(env, name))))
    except ImportError:  # the pettingzoo extra is not installed
        missing += ["shangrila 3p (PettingZoo)", "khan 3p (PettingZoo)"]
    return found, missing


def steps_table(rounds: int, seconds: float) -> None:
    """Part 1: steps per second, interleaved, with ratios to OpenSpiel's C++ tic-tac-toe."""
    found, missing = contenders()
    rates = interleave(found, rounds=rounds, seconds=seconds)
    base = rates.get("tic_tac_toe (OpenSpiel C++)")
    rows = []
    for c in found:
        r = rates[c.name]
        cost = ratio(base, r).text() if base is not None else ""
        rows.append([c.name, f"{r.median():,.0f}", cost])
    rows += [[name, "not installed", ""] for name in missing]
    print_table(
        f"environment steps, random agents, {rounds} interleaved rounds of {seconds} s",
        ["environment", "steps / s", "time per step vs OpenSpiel C++ tic_tac_toe (spread)"],
        rows,
    )


def tournament_table(games: int, backends: list[str]) -> None:
    """Part 2: tournament throughput on 2 cores per backend."""
    rows = []
    bots = ["random", "greedy"]
    for backend in backends:
        if backend == "process":
            t0 = time.perf_counter()
            run_tournament("shangrila", bots, games, players=3, seed=1, workers=2)
            seconds = time.perf_counter() - t0
        else:
            from boardkit.adapters.ray import ray_executor

            with ray_executor(num_cpus=2) as executor:
                t0 = time.perf_counter()
                run_tournament("shangrila", bots, games, players=3, seed=1, executor=executor)
                seconds = time.perf_counter() - t0
        rows.append([backend, f"{games / seconds:.1f}", f"{seconds:.2f}"])
    print_table(
        f"tournament throughput, shangrila 3p random vs greedy, {games} games on 2 cores",
        ["backend", "games / s", "seconds"],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--backends", default="process,ray")
    args = parser.parse_args()
    steps_table(args.rounds, args.seconds)
    tournament_table(args.games, [b for b in args.backends.split(",") if b])


if __name__ == "__main__":
    main()
