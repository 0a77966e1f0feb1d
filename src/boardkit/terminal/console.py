"""The streams of a terminal play session: printing, reading lines, clearing, and what waits
for the next decision screen.

:class:`Console` is what :class:`~boardkit.terminal.play.PlaySession` writes to and reads from.
It works on any pair of text streams, so tests drive it with :class:`io.StringIO`; on a real
terminal (an output stream that is a tty) it draws in colour, wraps long lines at word ends and
keeps the story of the moves and the last message for the next decision screen, which clears
the screen and repeats them (:func:`fit_story`), so that nothing pushes the board off it.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

from boardkit.i18n import Messages
from boardkit.present.screen import Picture
from boardkit.terminal.frames import picture_lines

NOTICE_ROWS = 3
"""Rows a decision screen on a terminal gives a message (a refusal, what a command did) at
most; a longer message is cut there."""

_t = Messages("boardkit").text


class PlayStatus(enum.Enum):
    """How a session stopped."""

    FINISHED = "finished"
    """The game ended."""
    QUIT = "quit"
    """A person typed quit."""
    END_OF_INPUT = "end of input"
    """The input ran out (Ctrl-D, or a script's end)."""
    INTERRUPTED = "interrupted"
    """Ctrl-C."""


class Stop(Exception):
    """Unwinds a session to :meth:`~boardkit.terminal.play.PlaySession.run` (quit, end of
    input)."""

    def __init__(self, status: PlayStatus) -> None:
        super().__init__(status.value)
        self.status = status


class Console:
    """A session's input and output streams, with the seats' ``colours`` for its pictures.

    ``echo`` writes each line read after its prompt, so that a session fed from a script reads
    like a transcript.
    """

    def __init__(
        self, input: TextIO, output: TextIO, colours: Sequence[str], echo: bool = False
    ) -> None:
        self.input = input
        self.output = output
        self.colours = colours
        self.echo = echo
        self.notice: str | None = None
        """What :meth:`tell` keeps for the next decision screen (on a terminal)."""
        self.story: list[str] = []
        """What was told of the moves since the last decision screen (on a terminal its last
        lines are repeated on that screen, which is cleared first)."""
        self.pinned: list[str] = []
        """The intro's lines about who plays whom and in which colour: the first decision
        screen on a terminal shows them above the board whatever else it must fit."""

    def say(self, text: str) -> None:
        """Print a line."""
        self.output.write(text + "\n")
        self.output.flush()

    def read(self, prompt: str) -> str:
        """One line of input without its newline; the end of input stops the session."""
        if self.interactive():
            load_line_editing()
            try:
                return input(prompt)  # line editing and history when readline is loaded
            except EOFError:
                self.say("")
                raise Stop(PlayStatus.END_OF_INPUT) from None
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say("")
            raise Stop(PlayStatus.END_OF_INPUT)
        line = line.rstrip("\r\n")
        if self.echo:
            self.say(line)
        return line

    def interactive(self) -> bool:
        """Whether the session talks to the process's own terminal."""
        return (
            self.input is sys.stdin
            and self.output is sys.stdout
            and sys.stdin.isatty()
            and sys.stdout.isatty()
        )

    def colour(self) -> bool:
        """Whether the output is a terminal (drawn in colour, one screenful per decision)."""
        isatty = getattr(self.output, "isatty", None)
        return bool(isatty is not None and isatty())

    def clear(self) -> None:
        """Clear a real terminal and its scrollback (so a hand cannot be scrolled back to); on
        other streams, a rule."""
        if self.colour():
            self.output.write("\x1b[H\x1b[2J\x1b[3J")
        else:
            self.output.write("-" * 40 + "\n")
        self.output.flush()

    def tell_story(self, text: str) -> None:
        """Tell a move or what it did; a terminal's next decision screen repeats it. On a
        terminal a long line is wrapped at word ends, its indent kept (the terminal itself
        would break it mid-word)."""
        if not self.colour():
            self.say(text)
            return
        self.story.append(text)
        width = max(shutil.get_terminal_size((80, 24)).columns - 1, 20)
        indent = text[: len(text) - len(text.lstrip())]
        for part in textwrap.wrap(text, width, subsequent_indent=indent) or [""]:
            self.say(part)

    def tell(self, message: str) -> None:
        """Tell the person at the keyboard ``message`` (a refusal, what a command did).

        On a terminal the message waits in :attr:`notice` for the next decision screen, which
        keeps a place for it above the prompt, so that it never pushes the board or the menu
        off the screen; elsewhere it is printed at once.
        """
        if not self.colour():
            self.say(message)
            return
        self.notice = f"{self.notice}; {message}" if self.notice else message

    def notify(self, message: str) -> bool:
        """:meth:`tell` ``message``; whether the decision screen is to be drawn again (on a
        terminal, where the message waits for it)."""
        self.tell(message)
        return self.colour()

    def draw(self, picture: Picture, width: int, height: int | None) -> None:
        """The picture in at most ``width`` columns and ``height`` rows, in colour on a
        terminal."""
        lines = picture_lines(picture, self.colours if self.colour() else (), width, height)
        if self.colour():
            from rich.console import Console as RichConsole

            console = RichConsole(file=self.output, force_terminal=True, highlight=False)
            for row in lines:
                console.print(row, soft_wrap=True)
            self.output.flush()
        else:
            for row in lines:
                self.say(row.plain)

    def fresh_screen(
        self, picture: Picture, width: int, rows: int, pinned: Sequence[str] = ()
    ) -> None:
        """Clear the screen, then show the ``pinned`` rows (the intro, on the first screen),
        tell what was played since the last screen (as much of it as fits beside the board,
        :func:`fit_story`) and draw ``picture``, in ``rows`` rows below the pinned ones."""
        story = self.story[len(self.pinned) :] if self.pinned else self.story
        story = fit_story(story, width, rows - len(picture.board))
        self.story = []
        self.pinned = []
        self.output.write("\x1b[H\x1b[2J")  # the scrollback keeps what was told before
        for text in [*pinned, *story]:
            self.say(text)
        self.draw(picture, width, max(rows - len(story), len(picture.board)))


def fit_story(story: Sequence[str], width: int, rows: int) -> list[str]:
    """What was told of the moves since the last decision screen, in at most ``rows`` rows of
    ``width`` columns, for the top of the next one.

    ``story`` holds a line per move (``bob (bot): take 2``), each followed by its narration,
    indented (``  bob takes 2 stones, 5 left``); long lines wrap at word ends, their indent kept.
    When everything does not fit, what the screen tells anyway goes first: the lines that
    announce a turn (``  turn 7: bob's turn``, the framework's wording: the next move or the
    decision line below says whose turn it is), then a move's line where narration follows it
    (the narration tells the same move in full words), and then the oldest lines: the newest
    are kept, each whole (a wrapped line is not cut).
    """
    if rows <= 0:
        return []

    def wrapped(text: str) -> list[str]:
        indent = text[: len(text) - len(text.lstrip())]
        return textwrap.wrap(text, width, subsequent_indent=indent) or [""]

    def height(lines: Sequence[str]) -> int:
        return sum(len(wrapped(text)) for text in lines)

    turn_line = _turn_line()
    if height(story) > rows:
        story = [text for text in story if not turn_line.match(text)]
    if height(story) > rows:
        story = [
            text
            for k, text in enumerate(story)
            if text.startswith(" ") or k + 1 == len(story) or not story[k + 1].startswith(" ")
        ]
    kept: list[list[str]] = []  # whole lines, newest first: a line is never shown cut
    for text in reversed(story):
        parts = wrapped(text)
        if sum(map(len, kept)) + len(parts) > rows:
            break
        kept.append(parts)
    if not kept and story:
        return wrapped(story[-1])[:rows]
    return [part for parts in reversed(kept) for part in parts]


def _turn_line() -> re.Pattern[str]:
    """A narration line announcing a turn (:func:`boardkit.present.voice.describe_flow_event`),
    in the language shown: it starts with the words for "turn N" and a colon."""
    head = _t("turn {turn}", turn=0).split("0", 1)[0]
    return re.compile(rf"\s+{re.escape(head)}\d+: ")


def load_line_editing() -> None:
    """Give ``input()`` line editing and history where the readline module exists."""
    with contextlib.suppress(ImportError):  # Windows has no readline
        importlib.import_module("readline")
