"""What every ``boardkit`` subcommand shares: exit codes, the command error, the progress bar.

Kept apart from :mod:`boardkit.cli` so that the subcommand modules (play, tournament, render)
can import it at module level without an import cycle.
"""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from boardkit.errors import BoardkitError

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class CommandError(BoardkitError):
    """A problem the command line reports as it is, with the exit code it deserves."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.exit_code = exit_code


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
