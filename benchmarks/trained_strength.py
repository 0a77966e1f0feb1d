"""How strong the ``trained`` bot is: seeded tournaments at equal thinking time, with ratings.

Run: ``python benchmarks/trained_strength.py [--games N] [--seconds T] [--game NAME ...]
[--workers W] [--value-weight W] [--output FILE]``. Each row of :data:`ROWS` is a two-bot tournament
(:func:`boardkit.runner.tournament.run_tournament`), seats rotated game by game, game ``i`` on
seed ``S + i``: the shipped network's ``trained`` bot against ``greedy``, and against the guided
``mcts`` of docs/bots.md, both searches held to the same ``seconds`` per move (``greedy`` has no
budget: it looks one move ahead, whatever the time). The Elo column is the difference of the
two bots' Bradley–Terry ratings with its 95 % interval
(:func:`boardkit.runner.ratings.fit_ratings`).

Thinking time is wall-clock time, so, unlike benchmarks/bot_strength.py, the table depends on
the machine and on how busy it is: run it with one worker per free core. The committed
``docs/generated/trained-strength.md`` (included by docs/training.md) says where it was made.
Each row is printed, and written to ``--output``, as soon as it is played.

The ``trained`` bot's spec names its leaf: ``value_weight=W`` (``--value-weight W``; the bot's
default, 0.5, unless told) with the ``rollout_cap`` of the game's guided ``mcts``
(:data:`ROLLOUT_CAPS`): leaves judged by ``W`` times the network's value plus the rest times
that mcts's capped rollout (``W`` 1: the network alone, as the committed table was made).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen
from bot_strength import HEADER, Row, table_row

from boardkit.bots.trained import DEFAULT_VALUE_WEIGHT
from boardkit.runner.tournament import run_tournament


@frozen
class Match:
    """One row to play: the game, its seat count, the rival's spec (``{seconds}`` is filled
    in) and the first seed."""

    game: str
    title: str
    players: int
    rival: str
    seed: int


KHAN_MCTS = "mcts:seconds={seconds}:rollout_cap=10:prior_weight=1:widening=2"
SHANGRILA_MCTS = "mcts:seconds={seconds}:rollout_cap=6:prior_weight=1:widening=2"

ROLLOUT_CAPS = {"khan": 10, "shangrila": 6}
"""The rollout caps of the guided ``mcts`` specs above, used by a mixed leaf's rollouts."""

ROWS: tuple[Match, ...] = (
    Match("khan", "Khan", 2, "greedy", 1000),
    Match("shangrila", "Shangrila", 3, "greedy", 1000),
    Match("khan", "Khan", 2, KHAN_MCTS, 2000),
    Match("shangrila", "Shangrila", 3, SHANGRILA_MCTS, 2000),
)
"""The tournaments, in the order played and shown (both games against greedy first)."""


def rows_for(
    matches: Sequence[Match], games: int, seconds: float, value_weight: float | None = None
) -> list[Row]:
    """The tournaments as ``bot_strength.Row`` rows at ``seconds`` per move (with a
    ``value_weight``, the trained bot's leaves mix in the game's mcts rollout)."""
    return [
        Row(
            m.game,
            m.title,
            m.players,
            trained_spec(m.game, seconds, value_weight),
            m.rival.format(seconds=seconds),
            games,
            m.seed,
        )
        for m in matches
    ]


def trained_spec(game: str, seconds: float, value_weight: float | None) -> str:
    """The ``trained`` bot's spec for ``game``, its leaf named: ``value_weight`` (the bot's
    default when ``None``) and the game's rollout cap."""
    if value_weight is None:
        value_weight = DEFAULT_VALUE_WEIGHT
    return (
        f"trained:seconds={seconds}:value_weight={value_weight:g}:rollout_cap={ROLLOUT_CAPS[game]}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Play the rows, printing and writing each as it finishes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200, help="games per row (200)")
    parser.add_argument("--seconds", type=float, default=0.05, help="seconds per move (0.05)")
    parser.add_argument("--game", action="append", help="only the rows of this game")
    parser.add_argument("--workers", type=int, help="worker processes (default: every CPU)")
    parser.add_argument(
        "--value-weight",
        type=float,
        help="the network's share of a leaf (default: the bot's, 0.5; 1: the network alone)",
    )
    parser.add_argument("--output", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    matches = [m for m in ROWS if not args.game or m.game in args.game]
    workers = args.workers or os.cpu_count() or 1
    lines = list(HEADER)
    started = time.perf_counter()
    print("\n".join(lines), flush=True)
    for row in rows_for(matches, args.games, args.seconds, args.value_weight):
        summary = run_tournament(
            row.game,
            [row.bot, row.rival],
            row.games,
            row.players,
            None,
            row.seed,
            workers=workers,
        )
        lines.append(table_row(row, summary))
        print(lines[-1], flush=True)
        if args.output is not None:
            weight = "" if args.value_weight is None else f" --value-weight {args.value_weight}"
            where = (
                f"\nMade with `python benchmarks/trained_strength.py --games {args.games} "
                f"--seconds {args.seconds} --workers {workers}{weight}` on {platform.machine()} "
                f"({os.cpu_count()} cores, Python {platform.python_version()}), "
                f"{time.perf_counter() - started:.0f} s.\n"
            )
            args.output.write_text("\n".join(lines) + "\n" + where, encoding="utf-8")
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
