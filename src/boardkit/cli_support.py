"""What every ``boardkit`` subcommand shares: exit codes, the command error, the progress bar.

Kept apart from :mod:`boardkit.cli` so that the subcommand modules (play, tournament, render)
can import it at module level without an import cycle.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from boardkit.errors import (
    BoardkitError,
    GameDefinitionError,
    InvalidLogError,
    UnknownGameError,
)
from boardkit.game import Game
from boardkit.log import DEFAULT_LIMITS, parse_document, parse_header
from boardkit.match import Match
from boardkit.registry import load_game
from boardkit.rng import new_seed

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class CommandError(BoardkitError):
    """A problem the command line reports as it is, with the exit code it deserves."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def exit_code_for(error: BoardkitError) -> int:
    """1 for a bad log or a broken game, 2 for everything the user can fix in the command."""
    if isinstance(error, CommandError):
        return error.exit_code
    if isinstance(error, InvalidLogError | GameDefinitionError):
        return EXIT_FAILURE
    return EXIT_USAGE


def progress_bar(console: Console) -> Progress:
    """A progress bar on ``console`` (games done of total, elapsed, remaining); silent when
    the console is not a terminal, so piped output stays clean."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    )


class CommandParser(argparse.ArgumentParser):
    """argparse whose usage errors read ``error: ...`` and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"error: {message}\n")


def fresh_seed(games: int = 1) -> int:
    """A seed drawn from the operating system's secure generator, for a run without ``--seed``.

    ``games`` consecutive seeds from it are all valid (``simulate`` and ``tournament`` play
    game ``i`` with seed ``S + i``). The command prints the seed so that the run can be repeated.
    Like :func:`boardkit.rng.new_seed` it draws from the whole 128-bit seed range, less the
    room those consecutive seeds need.
    """
    return new_seed(max(games, 1))


def seed_or_fresh(seed: int | None, games: int = 1) -> int:
    """``seed`` as given on the command line, or a :func:`fresh_seed` when it was left out."""
    return fresh_seed(games) if seed is None else seed


def load_game_for_cli(name: str) -> Game[Any, Any]:
    """The installed game ``name``; a plugin that fails to import becomes a clear error."""
    try:
        return load_game(name)
    except BoardkitError:
        raise
    except Exception as exc:
        raise CommandError(
            f"game {name!r} is installed but cannot be loaded ({type(exc).__name__}: {exc})",
            EXIT_FAILURE,
        ) from None


def read_log_file(path: str, verify: bool = True) -> Match[Any]:
    """The match a log file holds, replayed (and verified unless told not to).

    Every way this can fail becomes a boardkit error with a message that names the file: an
    unreadable file, a log for a game that is not installed, a bad entry, a crashing plugin.
    """
    try:
        with Path(path).open("rb") as file:
            text = file.read(DEFAULT_LIMITS.max_bytes + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}", EXIT_FAILURE) from None
    header = parse_header(parse_document(text))
    try:
        game = load_game_for_cli(header.game)
    except UnknownGameError as exc:  # the command was right; the log needs a missing game
        raise CommandError(
            f"{path} was written for a game that is not installed: {exc}", EXIT_FAILURE
        ) from None
    try:
        return Match.from_json(text, game, verify=verify)
    except BoardkitError:
        raise
    except Exception as exc:
        raise CommandError(
            f"{game.name} failed while replaying {path} ({type(exc).__name__}: {exc}); "
            "the log is damaged or the game has a bug",
            EXIT_FAILURE,
        ) from None
