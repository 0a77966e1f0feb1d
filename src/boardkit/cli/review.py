"""``boardkit review``: how each decision of a finished game changed the decider's chances.

The analysis is :func:`boardkit.runner.review.review_match`; this module reads the log, runs it
and prints the result: a table of the decisions, a sparkline of each seat's win chance, and the
decisions that cost most with the move the bot preferred (or, with ``--json``, the JSON of
docs/review.md). With ``--lang`` (or the locale) its lines and the moves read in the reader's
language (the moves through the game's catalogue: :func:`boardkit.runner.review.move_text`).
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import add_language_argument, positive_int
from boardkit.cli.support import EXIT_OK, CommandError, Streams, read_log_file
from boardkit.i18n import Messages

if TYPE_CHECKING:
    from boardkit.game import Game
    from boardkit.runner.review import Review

_t = Messages("boardkit").text


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
    add_language_argument(review)
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
        streams.write(json.dumps(review.to_json(args.top, match.game), indent=2) + "\n")
        return EXIT_OK
    _print(review, match.game, args.top, streams)
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


def _viewer_text(viewer: str) -> str:
    """Whose log was reviewed (``full``, ``spectator``, ``seat N``) in the language shown."""
    if viewer == "full":
        return _t("full")
    if viewer == "spectator":
        return _t("spectator")
    number = viewer.removeprefix("seat ")
    return _t("seat {number}", number=int(number)) if number.isdigit() else viewer


def _print(review: Review, game: Game[Any, Any], top: int, streams: Streams) -> None:
    """The review as text, in the language shown: the table, a sparkline per seat, the costly
    decisions."""
    from rich.table import Table

    from boardkit.runner.review import sparkline

    names = review.players
    budget = (
        _t("{iterations} iterations", iterations=review.iterations)
        if review.iterations is not None
        else _t("{seconds} s", seconds=f"{review.seconds:g}")
    )
    streams.out.print(
        _t(
            "{game}: review from the {viewer} log by mcts ({budget} per decision, seed {seed}); "
            "the estimate is the decider's win chance",
            game=review.game,
            viewer=_viewer_text(review.viewer),
            budget=budget,
            seed=review.seed,
        ),
        soft_wrap=True,
    )
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    headings = (
        (_t("entry"), "right"),
        (_t("player"), "left"),
        (_t("played"), "left"),
        (_t("before"), "right"),
        (_t("after"), "right"),
        (_t("loss"), "right"),
        (_t("bot's move"), "left"),
    )
    for heading, justify in headings:
        table.add_column(heading, justify="right" if justify == "right" else "left")
    for d in review.decisions:
        played, preferred = d.texts(game)
        table.add_row(
            str(d.seq),
            names[d.seat],
            played,
            _percent(d.before),
            _percent(d.after),
            _percent(d.loss) if d.loss else "",
            "" if d.preferred == d.played else preferred,
        )
    streams.out.print(table)
    for seat in review.seats:
        values = [d.after for d in review.decisions if d.seat == seat]
        if values:
            streams.out.print(
                _t(
                    "{name}: {line}  (win chance after each move)",
                    name=names[seat],
                    line=sparkline(values),
                )
            )
    costly = review.costly(top)
    if not costly:
        streams.out.print(_t("no decision cost much: every move was close to the bot's"))
        return
    streams.out.print(_t("the decisions that cost most:"))
    for d in costly:
        played, preferred = d.texts(game)
        streams.out.print(
            "  "
            + _t(
                "entry {seq}, {name}: {played} ({before} → {after}, -{loss}); the bot "
                "preferred {preferred}",
                seq=d.seq,
                name=names[d.seat],
                played=played,
                before=_percent(d.before),
                after=_percent(d.after),
                loss=_percent(d.loss),
                preferred=preferred,
            ),
            soft_wrap=True,
        )
