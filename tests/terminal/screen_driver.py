"""A pseudo-terminal of 80×24 for tests: run ``boardkit`` in it, type, and read the screen.

:class:`Terminal` starts a command in a pseudo-terminal (``pexpect``) and feeds everything it
writes into a VT100 emulator (``pyte``), so a test reads the 80×24 screen a person would see
(cursor moves, in-place updates, the alternate screen) rather than the raw bytes. ``raw``
keeps every byte written, for checks on what ever reached the terminal (a hand shown to the
wrong player, say).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect  # type: ignore[import-untyped, unused-ignore]
import pyte

ROWS = 24
COLUMNS = 80


class Terminal:
    """``argv`` running in an 80×24 pseudo-terminal (see the module docstring)."""

    def __init__(self, argv: list[str], cwd: Path | None = None, timeout: float = 60.0) -> None:
        env = dict(os.environ)
        env.update({"TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)})
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            argv[0],
            argv[1:],
            dimensions=(ROWS, COLUMNS),
            encoding="utf-8",
            env=env,
            cwd=str(cwd) if cwd else None,
            timeout=timeout,
        )
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""
        self.timeout = timeout

    @classmethod
    def boardkit(cls, *args: str, cwd: Path | None = None) -> Terminal:
        """``boardkit ARGS`` with this interpreter."""
        return cls([sys.executable, "-m", "boardkit", *args], cwd=cwd)

    def pump(self, seconds: float = 0.05) -> bool:
        """Read what the program wrote within ``seconds``; ``False`` once it has ended."""
        try:
            data = self.child.read_nonblocking(100_000, timeout=seconds)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def settle(self, quiet: float = 0.5, timeout: float | None = None) -> str:
        """Read until the program has written nothing for ``quiet`` seconds; the screen then."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            before = len(self.raw)
            if not self.pump(quiet) or len(self.raw) == before:
                break
        return self.text()

    def text(self) -> str:
        """The screen as text, one line per row, trailing blanks cut."""
        return "\n".join(row.rstrip() for row in self.screen.display)

    def wait_for(self, needle: str, timeout: float | None = None) -> str:
        """Read until ``needle`` is on the screen; the screen then. Fails after ``timeout``."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while needle not in self.text():
            if time.monotonic() > deadline or not self.pump():
                if needle in self.text():
                    break
                raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.text()}")
        return self.text()

    def wait_written(self, needle: str, since: int = 0, timeout: float | None = None) -> str:
        """Read until ``needle`` is in what the program wrote after ``raw[since]``; that text.

        For lines that may scroll off the screen within one read (a bot's moves printed
        right after a person's), where :meth:`wait_for` could miss them.
        """
        deadline = time.monotonic() + (timeout or self.timeout)
        while needle not in self.raw[since:]:
            if time.monotonic() > deadline or not self.pump():
                if needle in self.raw[since:]:
                    break
                raise AssertionError(f"{needle!r} was never written; the screen:\n{self.text()}")
        return self.raw[since:]

    def type(self, text: str) -> None:
        """Type ``text`` (add ``\\r`` for Enter)."""
        self.child.send(text)

    def line(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.child.send(text + "\r")

    def finish(self, timeout: float | None = None) -> int:
        """Read to the end; the exit status."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while self.pump(0.2):
            if time.monotonic() > deadline:
                self.child.terminate(force=True)
                raise AssertionError(f"the program did not end; the screen:\n{self.text()}")
        self.child.close()
        status = self.child.exitstatus
        return status if status is not None else -1
