"""The ``boardkit tournament`` subcommand: bots play many seeded games; a table sums them up.

::

    boardkit tournament GAME --bots random,greedy,mcts -n 100 --players 2 \\
        [--option k=v] [--seed S] [--workers W] [--save-logs DIR] [--mcts-iterations K]

A bot is named as in the :data:`boardkit.bots.BOTS` registry, optionally with parameters:
``mcts:iterations=200``, ``greedy:max_actions=50``. ``--mcts-iterations K`` gives every ``mcts``
bot that sets no budget of its own K iterations.

The main ``boardkit`` command wires this module in with :func:`add_parser` and :func:`run`;
:func:`main` runs it alone (for tests). Errors are printed as ``error: <message>`` with the exit
codes of :mod:`boardkit.cli` (2 for bad input, 1 for a game or bot that failed).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from boardkit.bots.registry import BOTS, parse_bot_spec
from boardkit.cli_backend import add_backend_arguments, backend_executor
from boardkit.cli_support import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    exit_code_for,
    load_game_for_cli,
    progress_bar,
    seed_or_fresh,
)
from boardkit.errors import BoardkitError, InvalidOptionsError
from boardkit.tournament import TournamentError, TournamentSummary, run_tournament

COMMAND = "tournament"
DEFAULT_BOTS = "random,greedy"
DEFAULT_GAMES = 20


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to ``subparsers`` (from ``add_subparsers``)."""
    sub: argparse.ArgumentParser = subparsers.add_parser(
        COMMAND,
        help="play bots against each other",
        description="Play N seeded games between bots (game i uses seed S+i; seats rotate "
        "between the bots) and print wins, win rates, mean scores with 95% confidence "
        "intervals, game lengths and thinking time per move.",
    )
    sub.add_argument("game", metavar="GAME", help="an installed game (see 'boardkit games')")
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
    sub.add_argument(
        "-p",
        "--players",
        type=int,
        metavar="P",
        help="seats per game (default: the smallest the game accepts with the options)",
    )
    sub.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="set a game option (repeat for several); bools take true or false",
    )
    sub.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="first seed (default: a fresh one from the operating system, printed)",
    )
    sub.add_argument(
        "-w",
        "--workers",
        type=int,
        metavar="W",
        help="worker processes (default: the number of CPUs)",
    )
    sub.add_argument("--save-logs", metavar="DIR", help="write every game's log into DIR")
    sub.add_argument(
        "--force", action="store_true", help="replace logs in DIR that have the same names"
    )
    sub.add_argument(
        "--mcts-iterations",
        type=int,
        metavar="K",
        help="iterations per move for mcts bots that set no budget themselves",
    )
    add_backend_arguments(sub)
    sub.set_defaults(run=run)
    return sub


def bot_specs(text: str, mcts_iterations: int | None = None) -> list[str]:
    """The bot specs of a ``--bots`` value, with ``--mcts-iterations`` applied."""
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


def run(args: argparse.Namespace) -> int:
    """Run the tournament ``args`` describe; print the summary; return the exit code."""

    out = Console(highlight=False, markup=False)
    err = Console(stderr=True, highlight=False, markup=False)
    try:
        return _run(args, out, err)
    except TournamentError as exc:
        err.print(Text.assemble(("error:", "bold red"), f" {exc}"), soft_wrap=True)
        return EXIT_FAILURE
    except BoardkitError as exc:
        err.print(Text.assemble(("error:", "bold red"), f" {exc}"), soft_wrap=True)
        return exit_code_for(exc)
    except KeyboardInterrupt:
        err.print("interrupted")
        return EXIT_INTERRUPTED


def _run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from boardkit.cli import parse_option_args

    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    specs = bot_specs(args.bots, args.mcts_iterations)
    seed = seed_or_fresh(args.seed, args.games)
    if args.seed is None:
        err.print(f"seeds from {seed} (drawn; --seed {seed} repeats this run)", soft_wrap=True)
    bar = progress_bar(err)
    with backend_executor(args) as executor, bar:
        task = bar.add_task(f"{game.name}: {' vs '.join(specs)}", total=args.games)
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
        )
    print_summary(summary, out)
    if args.save_logs:
        out.print(f"logs saved in {Path(args.save_logs)}/", soft_wrap=True)
    return EXIT_OK


def print_summary(summary: TournamentSummary, out: Console) -> None:
    """A heading, the per-bot table and the game figures."""
    last_seed = summary.first_seed + summary.games - 1
    options = ", ".join(f"{k}={_value(v)}" for k, v in summary.options.items()) or "none"
    out.print(
        Text.assemble(
            (summary.game, "bold"),
            f": {summary.games} games, {summary.players} seats, seeds {summary.first_seed} to "
            f"{last_seed}, options {options}",
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
            _duration(bot.mean_move_seconds),
        )
    out.print(table)
    out.print(
        f"mean game length {summary.mean_length:.1f} decisions; "
        f"{summary.workers} worker(s); {_duration(summary.total_seconds)} in all",
        soft_wrap=True,
    )


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``boardkit tournament`` on its own: ``main(["nim", "--bots", "random,mcts"])``."""

    parser = argparse.ArgumentParser(prog="boardkit")
    add_parser(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args([COMMAND, *(argv or [])])
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return run(args)
