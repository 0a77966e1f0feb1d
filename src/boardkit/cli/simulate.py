"""``boardkit simulate``: many games between random players, summarised in two tables."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import (
    add_cap_argument,
    add_force_argument,
    add_game_arguments,
    default_players,
    parse_option_args,
    seed_or_fresh,
)
from boardkit.cli.backend import add_backend_arguments, backend_executor
from boardkit.cli.output import duration, options_text, percent, progress_bar, seeds_text
from boardkit.cli.support import EXIT_FAILURE, EXIT_OK, CommandError, Streams, load_game_for_cli

if TYPE_CHECKING:
    from rich.console import Console

    from boardkit.log import Log
    from boardkit.runner.simulate import SimulationSummary


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``simulate`` to the ``boardkit`` subcommands."""
    sim: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help="play many games between random players",
        description="Play N games between random players (game i uses seed S+i) and summarise "
        "wins per seat, game lengths and time per game.",
    )
    add_game_arguments(sim)
    add_cap_argument(sim)
    sim.add_argument(
        "-n", "--games", type=int, default=100, metavar="N", help="games to play (default 100)"
    )
    sim.add_argument("--save-logs", metavar="DIR", help="write every game's log into DIR")
    add_force_argument(sim, "replace logs in DIR that have the same names")
    add_backend_arguments(sim)
    return sim


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play many games between random players and print a summary table."""
    from boardkit.files import atomic_write_text
    from boardkit.log import log_to_json
    from boardkit.options import check_game_count
    from boardkit.runner.simulate import simulate

    out, err = streams.out, streams.err
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    players = args.players if args.players is not None else default_players(game, options)
    check_game_count(args.games)  # bad input is refused before a fresh seed is printed
    seed = seed_or_fresh(args.seed, args.games)
    game.make_config(players, options, seed, args.cap)  # refuse bad input before making folders
    if args.seed is None:
        err.print(f"seeds from {seed} (drawn; --seed {seed} repeats this run)", soft_wrap=True)
    save_dir: Path | None = None
    if args.save_logs is not None:
        seeds = range(seed, seed + args.games)
        save_dir = _prepare_log_folder(args.save_logs, game.name, seeds, args.force)

    def save(index: int, log: Log) -> None:
        assert save_dir is not None and log.header.seed is not None  # a full log has its seed
        path = simulation_log_path(save_dir, game.name, log.header.seed)
        try:
            atomic_write_text(path, log_to_json(game, log), overwrite=args.force)
        except OSError as exc:
            raise CommandError(
                f"cannot write {path}: {exc.strerror or exc}", EXIT_FAILURE
            ) from None

    bar = progress_bar(err)
    with backend_executor(args) as executor, bar:
        task = bar.add_task(f"{game.name}", total=args.games)
        summary = simulate(
            game,
            args.games,
            players,
            options,
            seed,
            progress=lambda done, _total: bar.update(task, completed=done),
            on_log=save if save_dir is not None else None,
            executor=executor,
            cap=args.cap,
        )
    print_summary(summary, out)
    if save_dir is not None:
        out.print(f"logs saved in {save_dir}/", soft_wrap=True)
    return EXIT_OK


def simulation_log_path(folder: Path, game: str, seed: int) -> Path:
    """Where ``simulate --save-logs`` writes the log of the game played with ``seed``."""
    return folder / f"{game}-{seed}.json"


def _prepare_log_folder(name: str, game: str, seeds: range, force: bool) -> Path:
    """Make the folder ``name`` and return it; unless ``force``, refuse a run that would
    replace a log in it.

    Checked before any game is played, so that a clash (a second run with the same seeds) costs
    nothing and loses nothing.
    """
    from boardkit.files import make_folder

    folder = make_folder(name)
    if force:
        return folder
    taken = [p for p in (simulation_log_path(folder, game, s) for s in seeds) if p.exists()]
    if taken:
        more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
        raise CommandError(
            f"{taken[0]}{more} already exists; use another --save-logs folder or --seed, "
            "or add --force to replace the logs"
        )
    return folder


def print_summary(summary: SimulationSummary, out: Console) -> None:
    """The summary of a simulation as a heading and two tables."""
    from rich.table import Table
    from rich.text import Text

    from boardkit.present.voice import count_of

    out.print(
        Text.assemble(
            (summary.game, "bold"),
            f": {count_of(summary.games, 'game')} between {summary.players} random players, ",
            seeds_text(summary.first_seed, summary.games),
        ),
        soft_wrap=True,
    )
    out.print(f"options: {options_text(summary.options)}", soft_wrap=True)
    wins = Table(title="wins", title_justify="left", show_edge=False)
    wins.add_column("seat")
    wins.add_column("games won", justify="right")
    wins.add_column("share", justify="right")
    for seat, count in enumerate(summary.wins):
        wins.add_row(str(seat + 1), str(count), percent(count, summary.games))  # seats from 1
    wins.add_row("shared", str(summary.shared_wins), percent(summary.shared_wins, summary.games))
    wins.add_row("draw", str(summary.draws), percent(summary.draws, summary.games))
    if summary.truncated:
        wins.add_row("cut off", str(summary.truncated), percent(summary.truncated, summary.games))
    out.print(wins)
    figures = Table(title="games", title_justify="left", show_edge=False)
    figures.add_column("measure")
    figures.add_column("value", justify="right")
    figures.add_row("games played", str(summary.games))
    figures.add_row("length, mean (decisions)", f"{summary.mean_length:.1f}")
    figures.add_row("length, min", str(summary.min_length))
    figures.add_row("length, max", str(summary.max_length))
    figures.add_row("time per game", duration(summary.mean_seconds))
    figures.add_row("total time", duration(summary.total_seconds))
    out.print(figures)
