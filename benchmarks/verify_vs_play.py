"""Verifying a log against playing the game that wrote it, for each game.

Run: ``python benchmarks/verify_vs_play.py [--games G] [--rounds R] [--seconds T]
[--game NAME ...]``.

For Shangrila and Khan with 4 players and Nim with 300 stones, ``--games`` seeded random games
(default 6, seeds 0 to G-1). A turn of **play** runs ``random_playout`` for every seed; a turn
of **verify** runs ``Match.from_log(game, log, verify=True)`` on each log those games wrote
(made once beforehand). Verification re-checks every action against the rules and the seed,
so it repeats the rules' work without the players' choosing; issue 27's goal is that it costs
at most 0.8× the play.

Each round gives each side a turn of about ``--seconds`` of CPU time of this process
(``time.process_time``; as many passes over the seeds as fit, at least one), the order
rotating from round to round (``_timing.interleave``); the ratio verify / play is a time ratio
(lower is cheaper), taken within each round, median over the rounds with its range. The
machine load (``os.getloadavg``) before and after is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Mapping
from typing import Any

from _timing import Contender, interleave, print_table, ratio

from boardkit import Log, Match, load_game
from boardkit.runner.simulate import random_playout

GAMES: dict[str, tuple[int, Mapping[str, object] | None]] = {
    "shangrila": (4, None),
    "khan": (4, None),
    "nim": (2, {"stones": 300}),
}
"""Each game's players and options."""


def load() -> str:
    """The machine load, 1 / 5 / 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def contenders(name: str, seeds: int) -> tuple[list[Contender], int]:
    """Play and verify for one game, a unit of work all ``seeds`` games; and their entries."""
    game = load_game(name)
    players, options = GAMES[name]
    logs: list[Log] = [random_playout(game, players, options, seed).log for seed in range(seeds)]
    entries = sum(len(log.entries) for log in logs)

    def play(i: int) -> float:
        for seed in range(seeds):
            random_playout(game, players, options, seed)
        return 1.0

    def verify(i: int) -> float:
        for log in logs:
            match: Match[Any, Any] = Match.from_log(game, log, verify=True)
            assert match.verified
        return 1.0

    return [Contender("play", play), Contender("verify", verify)], entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per turn")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU time per turn")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)"
    )
    args = parser.parse_args()
    names = args.game or list(GAMES)

    before = load()
    rows = []
    for name in names:
        pair, entries = contenders(name, args.games)
        rates = interleave(pair, args.rounds, args.seconds, clock=time.process_time)
        play, verify = rates["play"], rates["verify"]
        rows.append(
            [
                name,
                str(entries),
                f"{1e3 / play.median():.1f}",
                f"{1e3 / verify.median():.1f}",
                ratio(play, verify).text(),  # passes / s: play / verify is verify's time / play's
            ]
        )
    after = load()
    print_table(
        f"verifying a log × playing its game — Python {platform.python_version()}, "
        f"{platform.machine()}; {args.games} seeded games a pass, {args.rounds} rounds of "
        f"{args.seconds} s, CPU time; "
        f"load {before} before, {after} after",
        ["game", "entries", "play ms / pass", "verify ms / pass", "verify / play (goal <= 0.8×)"],
        rows,
    )


if __name__ == "__main__":
    main()
