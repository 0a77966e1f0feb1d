"""Single keys from the terminal, without Enter, for pacing a game being watched.

:class:`KeyReader` puts a terminal's input in cbreak mode (keys arrive one by one, not echoed)
while it is open and gives them back through :meth:`KeyReader.wait`, which also serves as the
pause between frames. Where there is no terminal to read (a pipe, a file, Windows without
``termios``) it reads nothing and :meth:`~KeyReader.wait` is a plain sleep, so callers need no
second code path.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from types import TracebackType
from typing import Any, TextIO


class KeyReader:
    """Keys typed on ``stream`` (default: standard input) while the reader is open."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self._saved: Any = None
        self._fd: int | None = None

    @property
    def active(self) -> bool:
        """Whether keys are being read (a terminal in cbreak mode)."""
        return self._fd is not None

    def __enter__(self) -> KeyReader:
        try:
            import termios
            import tty

            fd = self.stream.fileno()
            if not os.isatty(fd):
                return self
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
            self._fd = fd
        except (ImportError, OSError, ValueError, AttributeError):
            self._fd = None  # no terminal to read keys from: waits are sleeps
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            import termios

            with contextlib.suppress(OSError):
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._fd = None

    def wait(self, seconds: float | None) -> str | None:
        """The next key typed within ``seconds`` (``None``: wait for one), else ``None``.

        Without a terminal this sleeps ``seconds`` and returns ``None`` (and never waits
        forever: ``None`` seconds returns at once).
        """
        if self._fd is None:
            if seconds:
                time.sleep(seconds)
            return None
        ready, _, _ = select.select([self._fd], [], [], seconds)
        if not ready:
            return None
        data = os.read(self._fd, 1)
        if not data:
            return None
        return data.decode(errors="replace")
