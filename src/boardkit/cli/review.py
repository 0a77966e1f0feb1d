"""``boardkit review``: how each decision of a finished game changed the decider's chances.

The analysis is :func:`boardkit.runner.review.review_match`; this module reads the log, runs it
and prints the result: a table of the decisions, a sparkline of each seat's win chance, and the
decisions that cost most with the move the bot preferred (or, with ``--json``, the JSON of
docs/review.md).
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import positive_int
from boardkit.cli.support import EXIT_OK, CommandError, Streams, read_log_file

if TYPE_CHECKING:
    from boardkit.runner.review import Review


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text!r}")
    return value


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``review`` to the ``boardkit`` subcommands."""
    review: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="review the decisions of a game with a search bot",
        description=(
            "For each decision in LOG, the search bot's estimate of the decider's win chance "
            "before and after it, and the decisions that cost most with the move the bot "
            "preferred. A seat's redacted log is reviewed from that seat's view alone."
        ),
    )
    review.add_argument("log", metavar="LOG", help="a log file (JSON): full, or a seat's")
    review.add_argument(
        "--seat",
        type=int,
        action="append",
        metavar="N",
        help="a seat to review, counted from 1 as the table names them (repeatable; default: "
        "the log's own seat, or every seat of a full log)",
    )
    review.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the search's seed (default 0: the same review every time)",
    )
    review.add_argument(
        "--iterations",
        type=positive_int,
        metavar="N",
        help="search iterations per decision (default 400 unless --seconds is given)",
    )
    review.add_argument(
        "--seconds",
        type=_positive_seconds,
        metavar="T",
        help="most seconds of search per decision (wall clock: not reproducible)",
    )
    review.add_argument(
        "--top", type=positive_int, default=5, metavar="K", help="costly decisions to list (5)"
    )
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    return review


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Review the log's decisions and print the review."""
    from boardkit.runner.review import review_match

    match = read_log_file(args.log)
    if len(match) < 2:
        raise CommandError(f"{args.log} holds no decision to review")
    review = review_match(
        match,
        _seats(args.seat, match.config.players),
        seed=args.seed,
        iterations=args.iterations,
        seconds=args.seconds,
    )
    if args.json:
        streams.write(json.dumps(review.to_json(args.top), indent=2) + "\n")
        return EXIT_OK
    _print(review, args.top, streams)
    return EXIT_OK


def _seats(given: list[int] | None, players: int) -> list[int] | None:
    """The seats ``--seat`` names (counted from 1) as the log counts them (from 0)."""
    if given is None:
        return None
    for seat in given:
        if not 1 <= seat <= players:
            raise CommandError(
                f"--seat {seat}: no such seat; seats are counted from 1, and this match has "
                f"seats 1 to {players}"
            )
    return [seat - 1 for seat in given]


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def _print(review: Review, top: int, streams: Streams) -> None:
    """The review as text: the table, a sparkline per seat, the costly decisions."""
    from rich.table import Table

    from boardkit.runner.review import sparkline

    names = review.players
    budget = (
        f"{review.iterations} iterations"
        if review.iterations is not None
        else f"{review.seconds:g} s"
    )
    streams.out.print(
        f"{review.game}: review from the {review.viewer} log by mcts ({budget} per decision, "
        f"seed {review.seed}); the estimate is the decider's win chance",
        soft_wrap=True,
    )
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    for column in ("entry", "player", "played", "before", "after", "loss", "bot's move"):
        table.add_column(
            column, justify="right" if column in ("entry", "before", "after", "loss") else "left"
        )
    for d in review.decisions:
        table.add_row(
            str(d.seq),
            names[d.seat],
            d.played,
            _percent(d.before),
            _percent(d.after),
            _percent(d.loss) if d.loss else "",
            "" if d.preferred == d.played else d.preferred,
        )
    streams.out.print(table)
    for seat in review.seats:
        values = [d.after for d in review.decisions if d.seat == seat]
        if values:
            streams.out.print(f"{names[seat]}: {sparkline(values)}  (win chance after each move)")
    costly = review.costly(top)
    if not costly:
        streams.out.print("no decision cost much: every move was close to the bot's")
        return
    streams.out.print("the decisions that cost most:")
    for d in costly:
        streams.out.print(
            f"  entry {d.seq}, {names[d.seat]}: {d.played} ({_percent(d.before)} → "
            f"{_percent(d.after)}, -{_percent(d.loss)}); the bot preferred {d.preferred}",
            soft_wrap=True,
        )
