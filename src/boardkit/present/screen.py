"""A game's compact picture for small screens, as data: lines of text tagged with seats.

``boardkit watch`` and ``boardkit play`` draw a game on an 80×24 terminal. A game's
:meth:`~boardkit.game.Game.render_text` is its full account (every ruler, every card count, the
legend) and is too tall for that; a game may therefore offer the hook
:meth:`~boardkit.game.Game.render_screen`, which returns a :class:`Picture`: the board as a few
short lines plus a side panel (the running score, whose turn, a legend in words), and
:meth:`~boardkit.game.Game.player_colours`, each seat's colour as a word (``"red"``) that the
front ends say ("you are red") and paint with.

The picture is UI-free: a :data:`Line` is text in segments, each tagged with the seat it belongs
to (or ``None``), and a front end decides how a seat is painted (colour on a terminal, nothing
in a pipe; :mod:`boardkit.terminal.frames` does it with rich). :mod:`boardkit.game` names these
types for its hooks (for type checkers only: the framework does not import the presentation kit).
"""

from __future__ import annotations

from attrs import frozen

from boardkit.game import DEFAULT_COLOURS as DEFAULT_COLOURS

SCREEN_COLUMNS = 79
"""The width a compact picture promises to fit, board and side panel side by side with
:data:`GAP` columns between them (one column of an 80-column terminal is left free, so that a
full line never wraps)."""

GAP = 1
"""Columns between the board and the side panel."""

Segment = tuple[str, int | None]
"""Some text and the seat it belongs to (``None``: nobody's)."""

Line = tuple[Segment, ...]
"""One line of a picture."""


def line(*parts: str | Segment) -> Line:
    """A :data:`Line` from plain strings (nobody's) and ``(text, seat)`` pairs."""
    return tuple((part, None) if isinstance(part, str) else part for part in parts)


def plain(text_line: Line) -> str:
    """The text of a line without its seats."""
    return "".join(text for text, _ in text_line)


@frozen
class Picture:
    """A compact picture: ``board`` (the map, narrow) and ``side`` (facts drawn beside the map,
    or below it when both do not fit side by side)."""

    board: tuple[Line, ...]
    side: tuple[Line, ...] = ()

    @property
    def board_width(self) -> int:
        """The widest board line, in characters."""
        return max((len(plain(row)) for row in self.board), default=0)

    @property
    def side_width(self) -> int:
        """The widest side line, in characters."""
        return max((len(plain(row)) for row in self.side), default=0)

    @property
    def width(self) -> int:
        """The columns the picture takes with the side panel beside the board."""
        if not self.side:
            return self.board_width
        return self.board_width + GAP + self.side_width

    @classmethod
    def of_text(cls, text: str) -> Picture:
        """Every line of ``text`` as the board, nobody's (a game's ``render_text``)."""
        return cls(tuple(line(row) for row in text.splitlines()))
