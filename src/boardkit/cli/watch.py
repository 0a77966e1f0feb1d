"""``boardkit watch``: a whole game between bots, shown as it happens.

::

    boardkit watch GAME [--players P] [--bots SPEC,SPEC,...] [--names A,B,C] [--option k=v ...]
                        [--seed S] [--delay SECONDS] [--step] [--save-log FILE] [--force]

On a terminal the game is one screen updated in place, an entry every ``--delay`` seconds
(default 0.8); space pauses, ``n`` steps, ``+``/``-`` change the speed, ``q`` stops, and
``--step`` starts paused. Piped or redirected it prints a plain transcript instead: the board
once, one block per entry, the board and the result at the end (no waiting unless ``--delay``
is given). See :mod:`boardkit.terminal.watch`.

Bots are given one spec per seat (``--bots greedy,mcts:iterations=200,random``) or one for
every seat (default ``greedy``). Players are named after their colours unless ``--names`` is
given. Exit codes follow :mod:`boardkit.cli.support` (0 also when ``q`` stopped the game).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import (
    add_cap_argument,
    add_force_argument,
    add_game_arguments,
    add_language_argument,
    default_players,
    delay_seconds,
    parse_option_args,
    seed_or_fresh,
)
from boardkit.cli.play import names_for, parse_names
from boardkit.cli.support import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandError,
    Streams,
    load_game_for_cli,
)
from boardkit.errors import BoardkitError, InvalidOptionsError

if TYPE_CHECKING:
    from boardkit.game import Game
    from boardkit.match import Match


DEFAULT_BOT = "greedy"

WATCH_PLAYERS_HELP = (
    "number of players (default: as many as --names, else as many as --bots gives one per "
    "seat, else the smallest allowed)"
)
"""``--players`` of ``watch``: the count also follows from one bot spec per seat."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``watch`` to the ``boardkit`` subcommands."""
    watch: argparse.ArgumentParser = subparsers.add_parser(
        "watch",
        help="watch a game between bots as it happens",
        description="Watch a whole game between bots: on a terminal one screen updated in "
        "place (space pauses, n steps, +/- change the speed, q stops); piped, a plain "
        "transcript.",
    )
    add_game_arguments(watch, players_help=WATCH_PLAYERS_HELP)
    add_cap_argument(watch)
    add_language_argument(watch)
    watch.add_argument(
        "--bots",
        metavar="SPEC,SPEC",
        default=DEFAULT_BOT,
        help=f"a bot per seat, or one for all (default {DEFAULT_BOT}); see docs/bots.md",
    )
    watch.add_argument("--names", metavar="A,B,C", help="player names (default: their colours)")
    watch.add_argument(
        "--delay",
        type=delay_seconds,
        metavar="SECONDS",
        help="seconds between entries (default 0.8 on a terminal, 0 in a pipe)",
    )
    watch.add_argument(
        "--step", action="store_true", help="start paused: each entry waits for a key"
    )
    watch.add_argument("--save-log", metavar="FILE", help="write the game's log to FILE")
    add_force_argument(watch, "replace the --save-log file if it exists")
    return watch


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play and show a whole game between bots."""
    from boardkit.bots.registry import bot_from_spec
    from boardkit.files import check_writable
    from boardkit.match import Match
    from boardkit.terminal.keys import KeyReader
    from boardkit.terminal.watch import Watch

    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    names = parse_names(args.names)
    bots_given = len(args.bots.split(","))  # one spec for every seat, or one per seat
    players = args.players
    if players is None:
        players = len(names) or (bots_given if bots_given > 1 else default_players(game, options))
    names_for(names, players)
    if args.save_log is not None:  # before the game, not after it
        check_writable(args.save_log, overwrite=args.force)
    specs = bot_specs(args.bots, players)
    bots = [bot_from_spec(spec) for spec in specs]
    match = Match.new(
        game,
        names or colour_names(game, players),
        options,
        seed_or_fresh(args.seed),
        cap=args.cap,
    )
    watch = Watch(
        match,
        bots,
        specs,
        streams.out,
        delay=args.delay,
        step=args.step,
        keys=KeyReader(streams.stdin),
    )
    try:
        watch.run()
    except BoardkitError:
        raise
    except Exception as exc:  # a bug in the game or a bot: one line, the log saved below
        kept = "" if args.save_log is None else f"; the log so far is in {args.save_log}"
        raise CommandError(
            f"{game.name} failed during the game ({type(exc).__name__}: {exc}){kept}",
            EXIT_FAILURE,
        ) from None
    finally:
        if args.save_log is not None:
            _save(match, args.save_log, args.force, streams)
    if args.seed is None:
        streams.out.print(f"seed {match.config.seed} (--seed sets up the same game again)")
    return EXIT_OK


def bot_specs(text: str, players: int) -> list[str]:
    """One bot spec per seat from ``--bots`` (one spec for all, or one per seat)."""
    specs = [spec.strip() for spec in text.split(",")]
    if any(not spec for spec in specs):
        raise InvalidOptionsError(f"--bots needs a bot for every seat: {text!r}")
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise InvalidOptionsError(
            f"--bots gives {len(specs)} bots for {players} players; give one, or one per seat"
        )
    return specs


def colour_names(game: Game[Any, Any], players: int) -> list[str]:
    """Players named after their seats' colours, when those differ; else the game's default."""
    colours = list(game.player_colours(players))
    if len(set(colours)) == players == len(colours):
        return colours
    return [f"player {seat + 1}" for seat in range(players)]


def _save(match: Match[Any], path: str, force: bool, streams: Streams) -> None:
    match.save(path, overwrite=force)
    streams.out.print(f"log saved to {path}", soft_wrap=True)
