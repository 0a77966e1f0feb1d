"""Finding games: the ``boardkit.games`` entry-point group.

A game package declares, in its ``pyproject.toml``::

    [project.entry-points."boardkit.games"]
    mygame = "mypackage.game:MyGame"

and boardkit lists it and loads it by name. :func:`register` adds a game for this process only
(handy in tests and notebooks).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from boardkit.errors import GameDefinitionError, UnknownGameError
from boardkit.game import Game

GROUP = "boardkit.games"

_registered: dict[str, type[Game[Any, Any]]] = {}


def register(game_class: type[Game[Any, Any]]) -> None:
    """Make ``game_class`` loadable by its name in this process."""
    _registered[game_class.name] = game_class


def available_games() -> list[str]:
    """Names of every installed or registered game, sorted."""
    names = {ep.name for ep in entry_points(group=GROUP)} | set(_registered)
    return sorted(names)


def load_game(name: str) -> Game[Any, Any]:
    """A fresh instance of the game called ``name``."""
    if name in _registered:
        return _registered[name]()
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            cls = ep.load()
            if not (isinstance(cls, type) and issubclass(cls, Game)):
                raise GameDefinitionError(f"entry point {name!r} does not name a Game subclass")
            return cls()
    raise UnknownGameError(name, available_games())
