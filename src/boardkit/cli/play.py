"""The ``boardkit play`` subcommand: play a game at the terminal against bots or other people.

::

    boardkit play GAME [--players P] [--seat KIND ...] [--names a,b,c] [--option k=v ...]
                       [--seed S] [--log PATH] [--force]
    boardkit play --resume LOG [--seat KIND ...] [--log PATH] [--force]

A seat KIND is ``human``, ``random`` or the name of a bot of ``boardkit.bots``; seats are
given in seat order (repeat ``--seat`` or separate kinds with commas). Without ``--seat``,
seat 1 is a human and the others are the game's strongest bot that answers within about two
seconds a move (:attr:`boardkit.game.Game.opponent`: guided MCTS in Khan and Shangrila, greedy
in the examples); seats that the kinds given do not reach get that bot too. The log records
the seats (its header's ``seats``), so ``--resume`` sits the same people and bots again; kinds
given with ``--resume`` replace the recorded ones seat by seat from seat 1 (``--seat human``
takes seat 1 over and leaves the others as they were).

The game is saved after every entry: to ``--log PATH``, to the resumed file, or else to a new
file named after the game and the time (see :func:`boardkit.terminal.play.default_save_path`); the
command says where at the start. An existing file is never replaced unless ``--force`` is given (the
resumed file is the exception: the game in it goes on). Without ``--seed`` a fresh seed is drawn
from the operating system and printed.

Exit codes follow the rule of :mod:`boardkit.cli.support`: 2 for what the user can fix in the
command, 1 for a log that cannot be read or verified and for a game or bot that fails during
play (the log so far is saved), 130 when interrupted, 0 otherwise (the game ended, or the
player quit and the log was saved).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from boardkit.cli.arguments import (
    add_cap_argument,
    add_force_argument,
    add_game_arguments,
    add_language_argument,
    default_players,
    parse_option_args,
    seed_or_fresh,
)
from boardkit.cli.support import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    CommandError,
    Streams,
    load_game_for_cli,
    read_log_file,
)
from boardkit.errors import BoardkitError, InvalidOptionsError, OverwriteError

if TYPE_CHECKING:
    from boardkit.game import Game
    from boardkit.match import Match
    from boardkit.terminal.play import PlaySession


NAMES_PLAYERS_HELP = "number of players (default: as many as --names, else the smallest allowed)"
"""``--players`` of the commands that also take ``--names`` (play, watch)."""


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
    add_game_arguments(
        play,
        game_help="an installed game (not needed with --resume)",
        game_optional=True,
        players_help=NAMES_PLAYERS_HELP,
    )
    add_cap_argument(play)
    add_language_argument(play)
    play.add_argument(
        "--seat",
        action="append",
        metavar="KIND",
        help="human, random or a bot name, one per seat in order (repeat, or a,b,c); "
        "default: seat 1 human, the others the game's strongest bot that answers within about "
        "two seconds a move; with --resume, the seats the log records, "
        "the kinds given replacing them from seat 1",
    )
    play.add_argument("--names", metavar="A,B,C", help="player names, comma-separated")
    play.add_argument(
        "--log",
        "--save-log",  # the name watch and play-random give it
        dest="log",
        metavar="PATH",
        help="save the game to PATH after every entry (default: GAME-DATE-TIME.json here)",
    )
    add_force_argument(play, "replace the --log file if it exists")
    play.add_argument("--resume", metavar="LOG", help="continue the game saved in LOG")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Carry out ``boardkit play`` with parsed ``args``; return the exit code."""
    from boardkit.terminal.play import PlayStatus

    session = build_session(args, streams.stdin, streams.stdout)
    try:
        status = session.run()
        if args.seed is None and not args.resume and session.game.hidden_information:
            print(_seed_line(session.match, at_start=False), file=streams.stdout)
    except BoardkitError as exc:  # a game that breaks its contract mid-game
        raise CommandError(str(exc), EXIT_FAILURE) from None
    except Exception as exc:  # a bug in the game or a bot; the session saved the log
        raise CommandError(
            f"{session.game.name} failed during play ({type(exc).__name__}: {exc}); "
            f"the log so far is in {session.save_path}",
            EXIT_FAILURE,
        ) from None
    return EXIT_INTERRUPTED if status is PlayStatus.INTERRUPTED else EXIT_OK


def build_session(
    args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> PlaySession:
    """The session ``args`` ask for: a new or resumed match, its seats and where it is saved.

    The save file is written once before the session is returned, so that a file that exists
    (or cannot be written) stops the command before anybody plays.
    """
    from boardkit.files import check_writable
    from boardkit.terminal.play import PlaySession, resumed_kinds

    if args.log:  # a folder or a missing folder is refused before the game is set up
        check_writable(args.log, overwrite=True)
    if args.resume:
        match = _resumed_match(args)
        save_path = Path(args.log) if args.log else None
        same_file = save_path is None or _same_file(save_path, Path(args.resume))
        save_path = Path(args.resume) if same_file else save_path
        overwrite = args.force or same_file
    else:
        match = _new_match(args, stdout)
        save_path = Path(args.log) if args.log else None
        overwrite = args.force
    kinds = [kind for spec in args.seat or [] for kind in spec.split(",")]
    if any(not kind.strip() for kind in kinds):
        raise InvalidOptionsError("--seat needs a kind for every seat (human, random, a bot)")
    if args.resume:
        kinds = resumed_kinds(match.header.seats, kinds)
    else:
        kinds = default_kinds(match.game, match.config.players, kinds)
    session = PlaySession(
        match, kinds, input=stdin, output=stdout, save_path=save_path, overwrite=overwrite
    )
    _start_saving(session, args)
    return session


def default_kinds(game: Game[Any, Any], players: int, kinds: Sequence[str]) -> list[str]:
    """The seat kinds of a new game: ``kinds`` (``--seat``), then for the seats they do not
    reach a person in seat 1 when no kind was given, and the game's
    :attr:`~boardkit.game.Game.opponent` bot in the others. More kinds than seats are left
    for the session to refuse."""
    filled = list(kinds)
    for seat in range(len(kinds), players):
        filled.append("human" if seat == 0 and not kinds else game.opponent)
    return filled


def _start_saving(session: PlaySession, args: argparse.Namespace) -> None:
    """Write the session's file before play starts; a file in the way is a command error."""
    from boardkit.files import file_error

    path = session.save_path
    try:
        session.start_saving()
    except OverwriteError:
        raise PlayCommandError(
            f"{path} already exists and was not replaced: continue that game with "
            f"'boardkit play --resume {path}', choose another --log, or add --force to replace it"
        ) from None
    except OSError as exc:  # a FileAccessError from the save: exit code 1, like other commands
        raise file_error(str(path), "write", exc) from None


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name the same file (``b`` exists: it was just read)."""
    try:
        return a.exists() and a.samefile(b)
    except OSError:
        return False


def _new_match(args: argparse.Namespace, stdout: TextIO | None = None) -> Match[Any]:
    from boardkit.match import Match

    if not args.game:
        raise PlayCommandError("name a game to play (see 'boardkit games'), or give --resume LOG")
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    names = parse_names(args.names)
    players = args.players
    if players is None:
        players = len(names) if names else default_players(game, options)
    names_for(names, players)
    match = Match.new(game, names or players, options, seed_or_fresh(args.seed), cap=args.cap)
    if args.seed is None:
        print(_seed_line(match, at_start=True), file=stdout)
    return match


def _seed_line(match: Match[Any], at_start: bool) -> str:
    """The line that tells a drawn seed, so that the game can be set up again.

    In a game with hidden information the seed gives every hidden card away, so it is only
    shown once the session is over; at the start the line says so instead.
    """
    if at_start and match.game.hidden_information:
        return "a fresh seed was drawn; it is shown when the session ends (it reveals the cards)"
    return f"seed {match.config.seed} (--seed {match.config.seed} sets up the same game again)"


def _resumed_match(args: argparse.Namespace) -> Match[Any]:
    clashing = [
        flag
        for flag, value in (
            ("--option", args.option),
            ("--seed", args.seed),
            ("--names", args.names),
            ("--players", args.players),
            ("--cap", args.cap),  # the cap is part of the log's set-up too
        )
        if value is not None
    ]
    if clashing:
        raise PlayCommandError(
            f"{', '.join(clashing)} cannot be used with --resume: the log fixes the game's set-up"
        )
    match = read_log_file(args.resume)
    if match.header.is_redacted:  # refused before the session writes the file
        from boardkit.present.voice import reader_text

        reader = reader_text(match.header.viewer, match.header.players)
        raise PlayCommandError(
            f"{args.resume} is the log of {reader}, redacted: it holds "
            "none of the other players' secrets, so the game cannot go on from it (read it with "
            "'boardkit replay' or 'boardkit show')"
        )
    if args.game and args.game != match.game.name:
        raise PlayCommandError(f"{args.resume} is a game of {match.game.name}, not {args.game}")
    return match


def parse_names(text: str | None) -> list[str]:
    """``--names A,B,C`` as a list, each name stripped of the spaces around it. The names are
    checked where every match's names are, by :meth:`Match.new` (non-empty, distinct, bounded,
    printable), so that the command line and the Python API refuse the same names alike; an
    empty ``--names`` is refused here, since it would read as one player without a name."""
    if text is None:
        return []
    if not text.strip():
        raise InvalidOptionsError(
            "--names is empty; give one name per seat, separated by commas (--names ann,bob)"
        )
    return [name.strip() for name in text.split(",")]


def names_for(names: list[str], players: int) -> None:
    """Refuse ``--names`` that name another number of players than ``players``."""
    from boardkit.present.voice import count_of

    if names and len(names) != players:
        raise InvalidOptionsError(
            f"--names gives {count_of(len(names), 'name')} for {count_of(players, 'player')}"
        )
