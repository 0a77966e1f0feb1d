"""The batched environment against Gymnasium's ``SyncVectorEnv`` of single environments.

Both sides hold ``N`` games of one seat (seat 0) against ``random`` bots, seeded alike, and are
stepped side by side: :class:`boardkit.adapters.vector.BoardkitVectorEnv` with ``N``
sub-environments, and ``gymnasium.vector.SyncVectorEnv`` of ``N``
:class:`boardkit.adapters.gymnasium.BoardkitEnv`. Each step call picks one legal action per
sub-environment at random from the returned masks (the same numpy code on both sides, its
cost counted on both) and steps all ``N`` games, autoresets included (Gymnasium's default,
``NEXT_STEP``). The unit is one sub-environment step: a call counts ``N``.

Games: Shangrila with 3 players and Khan with 2. The rounds are interleaved
(``_timing.interleave``) and timed in this process's CPU time, so the ratio batched / sync is
taken within each round and the table gives its median and spread (goal: at least 3×). The
machine load (``os.getloadavg``) before and after is printed with the table.

Options: ``--envs N`` (8), ``--rounds R`` (7), ``--seconds S`` (0.5 per contender and round),
``--calls C`` (step calls per piece of work, 10).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from _timing import Contender, interleave, per_second, print_table, ratio

from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.adapters.vector import BoardkitVectorEnv

GAMES = (("shangrila", 3), ("khan", 2))


def _stepper(environments: Any, seed: int, calls: int, n: int) -> Callable[[int], float]:
    """``work(i)``: ``calls`` step calls of ``environments``, random legal actions."""
    rng = np.random.default_rng(seed)
    observations, _ = environments.reset(seed=seed)
    state = {"masks": observations["action_mask"]}

    def work(_: int) -> float:
        masks = state["masks"]
        for _ in range(calls):
            actions = (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)
            observations, *_ = environments.step(actions)
            masks = observations["action_mask"]
        state["masks"] = masks
        return float(calls * n)

    return work


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--calls", type=int, default=10)
    arguments = parser.parse_args()
    n = arguments.envs
    load_before = _load()
    rows = []
    for game, players in GAMES:

        def single(game: str = game, players: int = players) -> BoardkitEnv:
            return BoardkitEnv(game, players)

        batched = BoardkitVectorEnv(game, players, n)
        sync = gymnasium.vector.SyncVectorEnv([single for _ in range(n)])
        contenders = [
            Contender("batched", _stepper(batched, 1, arguments.calls, n)),
            Contender("sync", _stepper(sync, 1, arguments.calls, n)),
        ]
        rates = interleave(contenders, arguments.rounds, arguments.seconds, clock=time.process_time)
        rows.append(
            [
                f"{game} {players}p",
                per_second(rates["batched"].median()),
                per_second(rates["sync"].median()),
                ratio(rates["batched"], rates["sync"]).text(),
            ]
        )
    print_table(
        f"Sub-environment steps per CPU second, {n} environments, seat 0 against random bots",
        ["game", "BoardkitVectorEnv", "SyncVectorEnv of BoardkitEnv", "batched / sync"],
        rows,
    )
    print(f"load (1 / 5 / 15 min): {load_before} before, {_load()} after")


if __name__ == "__main__":
    main()
