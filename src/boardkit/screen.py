"""A game's compact picture for small screens: the board, the facts beside it, seats' colours.

``boardkit watch`` and ``boardkit play`` draw a game on an 80×24 terminal. A game's
:meth:`~boardkit.game.Game.render_text` is its full account (every ruler, every card count, the
legend) and is too tall for that; a game may therefore offer a *screen*: an object with

* ``picture(state, player, names) -> Picture`` — the board as a few short lines plus a side
  panel (the running score, whose turn, a legend in words), as ``player`` (``None``: a
  spectator) may see it;
* ``colours(players) -> tuple[str, ...]`` — each seat's colour as a word (``"red"``), which
  the front ends say ("you are red") and paint with.

Screens are found through the ``boardkit.screens`` entry-point group, by game name, like games
themselves (``khan = "boardkit_khan.screen:SCREEN"``), so that a game package adds one without
boardkit knowing it; a game without one is drawn from its ``render_text`` with a default
palette. The picture is UI-free: a :data:`Line` is text in segments, each tagged with the seat
it belongs to (or ``None``), and a front end decides how a seat is painted (colour on a
terminal, nothing in a pipe).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any, Protocol

from attrs import frozen

from boardkit.game import Game

GROUP = "boardkit.screens"

Segment = tuple[str, int | None]
"""Some text and the seat it belongs to (``None``: nobody's)."""

Line = tuple[Segment, ...]
"""One line of a picture."""

DEFAULT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
"""Seat colours of a game whose screen names none (or that has no screen)."""


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


class Screen(Protocol):
    """What a game's screen offers (see the module docstring)."""

    def picture(self, state: Any, player: int | None, names: Sequence[str]) -> Picture:
        """The compact picture of ``state`` as ``player`` may see it."""
        ...

    def colours(self, players: int) -> tuple[str, ...]:
        """Each seat's colour as a word, in seat order."""
        ...


class TextScreen:
    """The screen of a game that offers none: its ``render_text``, and the default palette."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def picture(self, state: Any, player: int | None, names: Sequence[str]) -> Picture:
        """Every line of ``render_text``, as the board."""
        text = self.game.render_text(state, player)
        return Picture(tuple(line(row) for row in text.splitlines()))

    def colours(self, players: int) -> tuple[str, ...]:
        """The default palette, repeated if a game has more seats than it has colours."""
        return tuple(DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)] for seat in range(players))


_loaded: dict[str, Screen] = {}


def screen_for(game: Game[Any, Any]) -> Screen:
    """The screen of ``game``: its ``boardkit.screens`` entry point, else a :class:`TextScreen`.

    A screen that fails to load is not an error worth stopping a game for: the text screen is
    used instead.
    """
    if game.name in _loaded:
        return _loaded[game.name]
    for ep in entry_points(group=GROUP, name=game.name):
        try:
            found: Screen = ep.load()
        except Exception:  # a broken screen plugin falls back to the game's own text
            break
        _loaded[game.name] = found
        return found
    return TextScreen(game)
