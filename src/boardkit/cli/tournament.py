"""The ``boardkit tournament`` subcommand: bots play many seeded games; a table sums them up.

::

    boardkit tournament GAME --bots random,greedy,mcts -n 100 --players 2 \\
        [--option k=v] [--seed S] [--workers W] [--save-logs DIR] [--mcts-iterations K] \\
        [--ratings]

A bot is named as in the :data:`boardkit.bots.BOTS` registry, optionally with parameters:
``mcts:iterations=200``, ``greedy:max_actions=50``. ``--mcts-iterations K`` gives every ``mcts``
bot that sets no budget of its own K iterations. ``--ratings`` adds a table of Bradley–Terry
ratings on the Elo scale with 95 % intervals (:mod:`boardkit.runner.ratings`).

Errors follow the rule of :mod:`boardkit.cli.support` (2 for bad input, 1 for a game or bot
that failed).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import (
    add_cap_argument,
    add_force_argument,
    add_game_arguments,
    parse_option_args,
    seed_or_fresh,
)
from boardkit.cli.backend import add_backend_arguments, backend_executor
from boardkit.cli.output import duration, options_text, progress_bar, seeds_text
from boardkit.cli.support import EXIT_FAILURE, EXIT_OK, CommandError, Streams, load_game_for_cli
from boardkit.errors import InvalidOptionsError

if TYPE_CHECKING:
    from rich.console import Console

    from boardkit.runner.ratings import Ratings
    from boardkit.runner.tournament import TournamentSummary


COMMAND = "tournament"
DEFAULT_BOTS = "random,greedy"
DEFAULT_GAMES = 20


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to ``subparsers`` (from ``add_subparsers``)."""
    from boardkit.bots.registry import BOTS

    sub: argparse.ArgumentParser = subparsers.add_parser(
        COMMAND,
        help="play bots against each other",
        description="Play N seeded games between bots (game i uses seed S+i; seats rotate "
        "between the bots) and print wins, win rates, mean scores with 95% confidence "
        "intervals, game lengths and thinking time per move.",
    )
    sub.add_argument(
        "-b",
        "--bots",
        default=DEFAULT_BOTS,
        metavar="BOT,BOT,...",
        help=f"comma-separated bots, each NAME or NAME:key=value:... (known: "
        f"{', '.join(sorted(BOTS))}; default {DEFAULT_BOTS})",
    )
    sub.add_argument(
        "-n",
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES})",
    )
    add_game_arguments(
        sub,
        players_help="seats per game (default: the smallest the game accepts with the options)",
        seed_help="first seed (default: a fresh one from the operating system, printed)",
    )
    add_cap_argument(sub)
    sub.add_argument(
        "-w",
        "--workers",
        type=int,
        metavar="W",
        help="worker processes (default: the number of CPUs)",
    )
    sub.add_argument("--save-logs", metavar="DIR", help="write every game's log into DIR")
    add_force_argument(sub, "replace logs in DIR that have the same names")
    sub.add_argument(
        "--mcts-iterations",
        type=int,
        metavar="K",
        help="iterations per move for mcts bots that set no budget themselves",
    )
    sub.add_argument(
        "--ratings",
        action="store_true",
        help="also print Bradley-Terry ratings on the Elo scale (mean 0) with 95%% intervals",
    )
    add_backend_arguments(sub)
    return sub


def bot_specs(text: str, mcts_iterations: int | None = None) -> list[str]:
    """The bot specs of a ``--bots`` value, with ``--mcts-iterations`` applied."""
    from boardkit.bots.base import parse_bot_spec

    specs = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not spec for spec in specs):
        raise InvalidOptionsError(f"--bots takes comma-separated bot names, not {text!r}")
    if mcts_iterations is None:
        return specs
    if mcts_iterations < 1:
        raise InvalidOptionsError(f"--mcts-iterations must be at least 1, not {mcts_iterations}")
    out = []
    for spec in specs:
        name, params = parse_bot_spec(spec)
        if name == "mcts" and "iterations" not in params and "seconds" not in params:
            spec = f"{spec}:iterations={mcts_iterations}"
        out.append(spec)
    return out


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the tournament ``args`` describe; print the summary; return the exit code."""
    from boardkit.bots.registry import bot_from_spec
    from boardkit.options import check_game_count
    from boardkit.runner.tournament import TournamentError, run_tournament

    out, err = streams.out, streams.err
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    specs = bot_specs(args.bots, args.mcts_iterations)
    check_game_count(args.games)  # bad input is refused before a fresh seed is printed
    for spec in specs:
        bot_from_spec(spec)
    if args.players is not None:  # a count the game refuses, named before a seed is drawn
        game.make_config(args.players, options, 0)
    seed = seed_or_fresh(args.seed, args.games)
    if args.seed is None:
        err.print(f"seeds from {seed} (drawn; --seed {seed} repeats this run)", soft_wrap=True)
    bar = progress_bar(err)
    with backend_executor(args) as executor, bar:
        task = bar.add_task(f"{game.name}: {' vs '.join(specs)}", total=args.games)
        try:
            summary = run_tournament(
                game,
                specs,
                args.games,
                args.players,
                options,
                seed,
                args.workers,
                save_logs_dir=args.save_logs,
                progress=lambda done, _total: bar.update(task, completed=done),
                overwrite=args.force,
                executor=executor,
                cap=args.cap,
            )
        except TournamentError as exc:  # a game or bot failed: not the command's fault
            raise CommandError(str(exc), EXIT_FAILURE) from None
    print_summary(summary, out)
    if args.ratings:
        from boardkit.runner.ratings import fit_ratings

        print_ratings(fit_ratings(summary), out)
    if args.save_logs:
        out.print(f"logs saved in {Path(args.save_logs)}/", soft_wrap=True)
    return EXIT_OK


def print_summary(summary: TournamentSummary, out: Console) -> None:
    """A heading, the per-bot table and the game figures."""
    from rich.table import Table
    from rich.text import Text

    from boardkit.present.voice import count_of

    options = options_text(summary.options)
    out.print(
        Text.assemble(
            (summary.game, "bold"),
            f": {count_of(summary.games, 'game')}, {summary.players} seats, "
            f"{seeds_text(summary.first_seed, summary.games)}, options {options}",
        ),
        soft_wrap=True,
    )
    table = Table(title="bots", title_justify="left", show_edge=False)
    table.add_column("bot", overflow="fold")  # long specs fold; the figures never do
    for column in ("games", "wins", "win rate", "score ± 95% CI", "time/move"):
        table.add_column(column, justify="right", no_wrap=True)
    for bot in summary.bots:
        if bot.score_ci95 is None:
            score = f"{bot.mean_score:.2f}"
        else:
            score = f"{bot.mean_score:.2f} ± {bot.score_ci95[1] - bot.mean_score:.2f}"
        table.add_row(
            bot.name,
            str(bot.games),
            f"{bot.wins:g}",
            f"{100 * bot.win_rate:.1f} %",
            score,
            duration(bot.mean_move_seconds),
        )
    out.print(table)
    out.print(
        f"mean game length {summary.mean_length:.1f} decisions; "
        f"{count_of(sum(record.draw for record in summary.records), 'draw')}; "
        f"{count_of(summary.workers, 'worker')}; {duration(summary.total_seconds)} in all",
        soft_wrap=True,
    )
    if summary.truncated:
        out.print(
            f"{count_of(summary.truncated, 'game')} cut off at the entry cap, without a winner",
            soft_wrap=True,
        )


def print_ratings(ratings: Ratings, out: Console) -> None:
    """The ratings table: each bot's Elo rating, its 95 % interval and the games it counts."""
    from rich.table import Table

    table = Table(title="ratings", title_justify="left", show_edge=False)
    table.add_column("bot", overflow="fold")
    for column in ("Elo", "95% interval", "games"):
        table.add_column(column, justify="right", no_wrap=True)
    for rating in ratings.bots:
        table.add_row(
            rating.name,
            elo_text(rating.elo),
            f"{elo_text(rating.low)} to {elo_text(rating.high)}",
            str(rating.games),
        )
    out.print(table)
    out.print(
        "Bradley-Terry ratings on the Elo scale, mean 0 (+382 is odds of 9 to 1); "
        "95% intervals from the Fisher information",
        soft_wrap=True,
    )
    if ratings.left_out:
        from boardkit.present.voice import count_of

        out.print(
            f"{count_of(ratings.left_out, 'game')} cut off at the entry cap, "
            "left out of the ratings",
            soft_wrap=True,
        )


def elo_text(points: float) -> str:
    """Elo points rounded to whole points, signed: ``+382``, ``-40``, ``0``."""
    whole = round(points)
    return f"{whole:+d}" if whole else "0"
