"""What every ``boardkit`` command shares: the streams, the exit-code rule and the one error
handler, and loading what a command names (a game, a log file).

The exit-code rule: 0 success; 1 when something the command was given failed (a log that cannot
be read or verified, a game that cannot be loaded, a game or bot that breaks during play, a file
that cannot be written); 2 a usage error the person can fix in the command (an unknown game, a
bad option or player count, an entry out of range, a file that exists already); 130 interrupted.
Errors are printed as ``error: <message>`` on stderr, never as a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from attrs import frozen

from boardkit.errors import (
    BoardkitError,
    FileAccessError,
    GameDefinitionError,
    InvalidLogError,
    UnknownGameError,
)
from boardkit.registry import load_game

if TYPE_CHECKING:
    from boardkit.game import Game
    from boardkit.match import Match


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
    """1 for a bad log, a broken game or a file that cannot be read or written; 2 for everything
    the user can fix in the command."""
    if isinstance(error, CommandError):
        return error.exit_code
    if isinstance(error, InvalidLogError | GameDefinitionError | FileAccessError):
        return EXIT_FAILURE
    return EXIT_USAGE


class Streams:
    """The streams a command talks through (default: the process's own; tests pass theirs).

    ``out`` and ``err`` are rich consoles over ``stdout`` and ``stderr`` (plain text unless the
    stream is a terminal); ``stdin``, ``stdout`` and ``stderr`` are the raw streams, ``None``
    for the process's own, for commands that write text as it is.
    """

    def __init__(
        self,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> None:
        from rich.console import Console

        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.out = Console(file=stdout, highlight=False, markup=False)
        self.err = Console(file=stderr, stderr=True, highlight=False, markup=False)

    def write(self, text: str) -> None:
        """Write ``text`` to standard output as it is."""
        (self.stdout if self.stdout is not None else sys.stdout).write(text)


def run_guarded(body: Callable[[], int], streams: Streams) -> int:
    """Run a command's ``body`` and return its exit code; the one error handler.

    A boardkit error is printed as ``error: <message>`` with the code of :func:`exit_code_for`;
    Ctrl-C prints ``interrupted`` and gives 130.
    """
    from rich.text import Text

    try:
        return body()
    except BoardkitError as exc:
        streams.err.print(Text.assemble(("error:", "bold red"), f" {exc}"), soft_wrap=True)
        position = exc.position if isinstance(exc, InvalidLogError) else None
        if position is not None:
            streams.err.print(f"the entry was played from: {position}", soft_wrap=True)
        return exit_code_for(exc)
    except KeyboardInterrupt:
        streams.err.print("interrupted")
        return EXIT_INTERRUPTED


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
    from boardkit.files import read_bytes
    from boardkit.log import DEFAULT_LIMITS, parse_document, parse_header
    from boardkit.match import Match

    text = read_bytes(path, DEFAULT_LIMITS.max_bytes + 1)
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


@frozen
class RoundAt:
    """``--at round:N``: the moment round ``N`` ended (a :class:`~boardkit.flow.RoundEnded`
    marker of the log), rather than the end of an entry."""

    round: int


def entry_at(match: Match[Any], at: int | RoundAt | None, player: int | None) -> tuple[int, Any]:
    """The entry number ``--at`` names (default: the last; negative counts from the end) and
    the state after it; for ``round:N``, the entry where round N ended and the state at its
    marker (:func:`boardkit.rounds.find_round_end`). ``--player`` must be a seat of the log.

    An entry out of range, or a round the log marks no end of, is an
    :class:`~boardkit.errors.UndoError` naming what the log has.
    """
    from boardkit.rounds import find_round_end

    if isinstance(at, RoundAt):
        end = find_round_end(match, at.round)
        number, state = end.seq, end.state
    else:
        number = len(match) - 1 if at is None else at
        if number < 0 <= number + len(match):
            number += len(match)
        state = match.state_at(number)
    seats = len(match.header.players)
    if player is not None and not 0 <= player < seats:
        raise CommandError(f"there is no seat {player + 1}; this log has seats 1 to {seats}")
    return number, state
