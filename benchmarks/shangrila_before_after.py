"""Shangrila's package at an earlier commit against the one checked out, in one process.

Run ``python benchmarks/shangrila_before_after.py [--rev REV] [--rounds R] [--seconds S]``
from the repository root (a git checkout). The script copies ``src/boardkit_shangrila`` as it
was at ``REV`` (default ``5a8dce3``, the start of the masks work) into a temporary folder,
renames it ``old_boardkit_shangrila`` (imports rewritten), and plays 4-player random games with
both packages over the *same* framework, in interleaved rounds with the bare baseline
(``benchmarks/_timing.py``):

- ``bare``: ``benchmarks/bare_shangrila.py``;
- ``engine`` old / new: ``boardkit.runner.simulate(game_object, 1, …)``;
- ``Match`` old / new: ``boardkit.runner.simulate.random_playout(game_object, …)``;
- ``by name`` new: ``boardkit.runner.simulate("shangrila", 1, …)``.

It prints games per second, the ratio to bare, and for the new package the ratio to the old one
(median of the per-round ratios, lowest and highest round in brackets). The framework is the
same for both, so the last column is what the game's own code gained or lost.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _old_code import extract_old
from _timing import Contender, interleave, per_second, print_table, ratio
from bare_shangrila import play_random

from boardkit.runner.simulate import random_playout, simulate
from boardkit_shangrila.game import ShangrilaGame

PACKAGE = "boardkit_shangrila"


def old_game(rev: str, folder: Path) -> Any:
    """The game class of ``src/boardkit_shangrila`` at ``rev``, imported as
    ``old_boardkit_shangrila`` from ``folder`` (over this checkout's framework)."""
    extract_old(rev, folder, (PACKAGE,))
    from old_boardkit_shangrila.game import ShangrilaGame as OldGame  # type: ignore[import-not-found]

    return OldGame()


def games(play: Callable[[int], object]) -> Callable[[int], float]:
    """A contender's work: one game per call."""

    def work(i: int) -> float:
        play(i)
        return 1

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="5a8dce3", help="git revision of the old package")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=0.5, help="per contender and round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        old, new = old_game(args.rev, Path(folder)), ShangrilaGame()
        rnd = random.Random(7)
        contenders = [
            Contender("bare", games(lambda i: play_random(4, rnd))),
            Contender("engine old", games(lambda i: simulate(old, 1, 4, seed=i))),
            Contender("engine new", games(lambda i: simulate(new, 1, 4, seed=i))),
            Contender("Match old", games(lambda i: random_playout(old, 4, seed=i))),
            Contender("Match new", games(lambda i: random_playout(new, 4, seed=i))),
            Contender("by name new", games(lambda i: simulate("shangrila", 1, 4, seed=i))),
        ]
        rates = interleave(contenders, rounds=args.rounds, seconds=args.seconds)
    bare = rates["bare"]
    rows = []
    for c in contenders:
        r = rates[c.name]
        before = rates.get(c.name.replace("new", "old"))
        gain = ratio(r, before).text() if c.name.endswith("new") and before else ""
        rows.append([c.name, per_second(r.median()), ratio(r, bare).text(), gain])
    print_table(
        f"Shangrila 4-player random games, {PACKAGE} at {args.rev} (old) and now (new), "
        f"{args.rounds} interleaved rounds of {args.seconds} s",
        ["path", "games / s", "ratio to bare (spread)", "new / old (spread)"],
        rows,
    )


if __name__ == "__main__":
    main()
