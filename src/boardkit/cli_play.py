"""The ``boardkit play`` subcommand: play a game at the terminal against bots or other people.

::

    boardkit play GAME [--players P] [--seat KIND ...] [--names a,b,c] [--option k=v ...]
                       [--seed S] [--log PATH]
    boardkit play --resume LOG [--seat KIND ...] [--log PATH]

A seat KIND is ``human``, ``random`` or the name of a bot of ``boardkit.bots``; seats are
given in seat order (repeat ``--seat`` or separate kinds with commas). Without ``--seat``,
seat 0 is a human and the others are random bots.

:func:`add_parser` adds the subcommand to the ``boardkit`` parser and :func:`run` carries it
out; ``python -m boardkit.cli_play ARGS`` runs it on its own. Errors are printed as
``error: <message>`` on stderr: exit code 2 for what the user can fix in the command, 1 for a
log that cannot be read or verified, 130 when interrupted, 0 otherwise (the game ended, or the
player quit and the log was saved).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from boardkit.cli_support import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    CommandError,
    CommandParser,
    exit_code_for,
    load_game_for_cli,
    read_log_file,
)
from boardkit.errors import BoardkitError, InvalidOptionsError
from boardkit.match import Match
from boardkit.play import PlaySession, PlayStatus


class PlayCommandError(CommandError):
    """A problem with the command itself (an unreadable file, conflicting arguments)."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``play`` subcommand to ``subparsers`` (from ``add_subparsers``); return it."""
    play: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play a game at the terminal",
        description="Play a game at the terminal: people choose from menus, bots answer. "
        "Type ? during the game for the commands (undo, save, quit, ...).",
    )
    configure_parser(play)
    return play


def configure_parser(play: argparse.ArgumentParser) -> None:
    """The arguments of ``boardkit play``."""
    play.add_argument(
        "game", nargs="?", metavar="GAME", help="an installed game (not needed with --resume)"
    )
    play.add_argument(
        "-p",
        "--players",
        type=int,
        metavar="P",
        help="number of players (default: as many as --names, else the smallest allowed)",
    )
    play.add_argument(
        "--seat",
        action="append",
        metavar="KIND",
        help="human, random or a bot name, one per seat in order (repeat, or a,b,c); "
        "default: seat 0 human, the others random",
    )
    play.add_argument("--names", metavar="A,B,C", help="player names, comma-separated")
    play.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="set a game option (repeat for several); bools take true or false",
    )
    play.add_argument("--seed", type=int, metavar="S", help="seed (default 0)")
    play.add_argument("--log", metavar="PATH", help="write the log to PATH after every action")
    play.add_argument("--resume", metavar="LOG", help="continue the game saved in LOG")


def run(
    args: argparse.Namespace,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Carry out ``boardkit play`` with parsed ``args``; return the exit code.

    The streams default to the process's own; tests pass their own.
    """
    errors = stderr if stderr is not None else sys.stderr
    try:
        session = build_session(args, stdin, stdout)
    except BoardkitError as exc:
        print(f"error: {exc}", file=errors)
        return exit_code_for(exc)
    try:
        status = session.run()
    except BoardkitError as exc:  # a game that breaks its contract mid-game
        print(f"error: {exc}", file=errors)
        return EXIT_FAILURE
    except Exception as exc:  # a bug in the game or a bot; the session saved the log
        print(
            f"error: {session.game.name} failed during play ({type(exc).__name__}: {exc}); "
            f"the log so far is in {session.save_path}",
            file=errors,
        )
        return EXIT_FAILURE
    return EXIT_INTERRUPTED if status is PlayStatus.INTERRUPTED else EXIT_OK


def build_session(
    args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> PlaySession:
    """The session ``args`` ask for: a new or resumed match, its seats and where it is saved."""
    if args.resume:
        match = _resumed_match(args)
        save_path = Path(args.log or args.resume)
    else:
        match = _new_match(args)
        save_path = (
            Path(args.log) if args.log else _free_path(f"{match.game.name}-{match.config.seed}")
        )
    kinds = [kind for spec in args.seat or [] for kind in spec.split(",")]
    if any(not kind.strip() for kind in kinds):
        raise InvalidOptionsError("--seat needs a kind for every seat (human, random, a bot)")
    session = PlaySession(
        match, kinds, input=stdin, output=stdout, save_path=save_path, log_path=args.log
    )
    if args.log:
        try:
            match.save(args.log)
        except OSError as exc:
            raise PlayCommandError(f"cannot write {args.log}: {exc.strerror or exc}") from None
    return session


def _new_match(args: argparse.Namespace) -> Match[Any]:
    from boardkit.cli import parse_option_args

    if not args.game:
        raise PlayCommandError("name a game to play (see 'boardkit games'), or give --resume LOG")
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    names = _names(args.names)
    players = args.players
    if players is None:
        players = len(names) if names else min(game.player_counts)
    if names and len(names) != players:
        raise InvalidOptionsError(f"--names gives {len(names)} names for {players} players")
    seed = 0 if args.seed is None else args.seed
    return Match.new(game, names or players, options, seed)


def _resumed_match(args: argparse.Namespace) -> Match[Any]:
    clashing = [
        flag
        for flag, value in (
            ("--option", args.option),
            ("--seed", args.seed),
            ("--names", args.names),
            ("--players", args.players),
        )
        if value is not None
    ]
    if clashing:
        raise PlayCommandError(
            f"{', '.join(clashing)} cannot be used with --resume: the log fixes the game's set-up"
        )
    match = read_log_file(args.resume)
    if args.game and args.game != match.game.name:
        raise PlayCommandError(f"{args.resume} is a game of {match.game.name}, not {args.game}")
    return match


def _names(text: str | None) -> list[str]:
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise InvalidOptionsError(f"--names needs a non-empty name for every player: {text!r}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise InvalidOptionsError(f"--names repeats {', '.join(repeated)}; names must differ")
    return names


def _free_path(stem: str) -> Path:
    """``stem.json`` in the current directory, or ``stem-2.json`` … if that exists already."""
    path = Path(f"{stem}.json")
    n = 2
    while path.exists():
        path = Path(f"{stem}-{n}.json")
        n += 1
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """``boardkit play`` on its own: ``python -m boardkit.cli_play ARGS``."""
    parser = CommandParser(prog="boardkit play", description="Play a game at the terminal.")
    configure_parser(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
