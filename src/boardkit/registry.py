"""Finding games: the ``boardkit.games`` entry-point group.

A game package declares, in its ``pyproject.toml``::

    [project.entry-points."boardkit.games"]
    mygame = "mypackage.game:MyGame"

and boardkit lists it and loads it by name. :func:`register` adds a game for this process only
(handy in tests and notebooks).

Plugins fail safely: a plugin that does not import, names something that is not a
:class:`~boardkit.game.Game` subclass, or whose constructor raises becomes a
:class:`~boardkit.errors.GameDefinitionError` that names the plugin (its entry point's name and
value) and its error, never a raw exception; two plugins that claim one game name are an error
too, rather than one silently winning. :func:`game_plugins` reports every plugin with its
status, so that one broken package never hides the games of the others.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from boardkit.errors import GameDefinitionError, UnknownGameError, shorten

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from boardkit.game import Game

GROUP = "boardkit.games"

MAX_REASON = 300
"""Longest plugin error kept in a message, in characters (a plugin's error text is not ours)."""

_registered: dict[str, type[Game[Any, Any]]] = {}


@frozen
class GamePlugin:
    """One game plugin and whether it works.

    ``name`` is the game name it is listed under, ``source`` where it comes from (the entry
    point's value, ``"module:Class"``, or ``"registered in this process"``). A healthy plugin
    has its ``game`` (a fresh instance) and no ``error``; a broken one has no game and its
    ``error`` says why, naming the plugin.
    """

    name: str
    source: str
    game: Game[Any, Any] | None = None
    error: GameDefinitionError | None = None

    @property
    def ok(self) -> bool:
        """Whether the plugin loaded and gave a game."""
        return self.error is None


def register(game_class: type[Game[Any, Any]]) -> None:
    """Make ``game_class`` loadable by its name in this process.

    Registering the same class again does nothing; a name already taken by another registered
    class, or by an installed plugin that names another class, is a
    :class:`~boardkit.errors.GameDefinitionError`.
    """
    name = game_class.name
    taken = _registered.get(name)
    if taken is not None and taken is not game_class:
        raise GameDefinitionError(
            f"cannot register {_class_path(game_class)} as game {name!r}: "
            f"{_class_path(taken)} is registered under that name"
        )
    for ep in _entry_points(name):
        if ep.value != _class_path(game_class):
            raise GameDefinitionError(
                f"cannot register {_class_path(game_class)} as game {name!r}: the installed "
                f"plugin {ep.name!r} ({ep.value}) has that name"
            )
    _registered[name] = game_class


def available_games() -> list[str]:
    """Names of every installed or registered game, sorted (broken plugins included)."""
    names = {ep.name for ep in _entry_points()} | set(_registered)
    return sorted(names)


def load_game(name: str) -> Game[Any, Any]:
    """A fresh instance of the game called ``name``.

    Raises :class:`~boardkit.errors.UnknownGameError` when no game has that name, and
    :class:`~boardkit.errors.GameDefinitionError` (naming the plugin and its error) when the
    plugin is broken or two plugins claim the name.
    """
    if name in _registered:
        return _construct(name, "registered in this process", _registered[name])
    found = _entry_points(name)
    if not found:
        raise UnknownGameError(name, available_games())
    _refuse_duplicates(name, found)
    return _construct(found[0].name, found[0].value, _load_class(found[0]))


def as_game(game: Game[Any, Any] | str) -> Game[Any, Any]:
    """``game`` itself, or a fresh instance of the game called ``game`` (:func:`load_game`).

    What every entry point that accepts "a game or its name" (simulations, tournaments, the
    research adapters, :class:`~boardkit.match.Match`) does with that argument. Anything else
    (``None``, a number, a game's class instead of an instance) raises
    :class:`~boardkit.errors.UnknownGameError` saying what was given, rather than an
    ``AttributeError`` from deep inside the first method called on it.
    """
    from boardkit.game import Game

    if isinstance(game, str):
        return load_game(game)
    if isinstance(game, Game):
        return game
    if isinstance(game, type) and issubclass(game, Game):
        given = f"the class {game.__name__}; pass an instance, {game.__name__}()"
    else:
        given = "None" if game is None else f"{type(game).__name__} {shorten(game)}"
    raise UnknownGameError(
        shorten(game),
        available_games(),
        message=f"a game is a Game or an installed game's name, not {given}",
    )


def game_plugins() -> list[GamePlugin]:
    """Every installed or registered game plugin with its status, healthy or broken.

    Each plugin is loaded on its own, so a broken one is reported (with the reason) and the
    others are still listed. Sorted by name, and by source for plugins that share a name.
    """
    plugins = [_registered_plugin(name, cls) for name, cls in _registered.items()]
    by_name: dict[str, list[EntryPoint]] = {}
    for ep in _entry_points():
        if ep.name not in _registered:
            by_name.setdefault(ep.name, []).append(ep)
    for name, found in by_name.items():
        plugins.extend(_installed_plugins(name, found))
    return sorted(plugins, key=lambda p: (p.name, p.source))


# --- helpers ------------------------------------------------------------------------------------


def _entry_points(name: str | None = None) -> list[EntryPoint]:
    """The group's entry points (only those called ``name`` when given), each value once."""
    return [ep for ep in _all_entry_points() if name is None or ep.name == name]


_scanned: tuple[object, tuple[EntryPoint, ...]] | None = None
"""The last scan of the installed distributions: what it was made for (``sys.path`` and the
scanning function), and its entry points."""
_classes: dict[tuple[str, str], type[Game[Any, Any]]] = {}
"""Plugin classes already loaded, by entry point (name, value)."""


def entry_points(*, group: str) -> Sequence[EntryPoint]:
    """The installed distributions' entry points of ``group``.

    :mod:`importlib.metadata` is imported here, on the first lookup, rather than with this
    module: it brings in a good part of the standard library (``email``, ``zipfile``, ``csv``),
    which a process that never looks a game up by name should not pay for at start-up.
    """
    from importlib.metadata import entry_points as installed

    return installed(group=group)


def _all_entry_points() -> tuple[EntryPoint, ...]:
    """The group's entry points, each value once; scanned again only when ``sys.path`` changes.

    Scanning every installed distribution's metadata takes milliseconds, which
    ``simulate("shangrila", 1)`` or ``Match.from_json`` without a game would pay on every call.
    A change of ``sys.path`` (a folder added, as a test or a notebook may do) or of the scanning
    function (a test replacing it) triggers a new scan; a package installed into a folder
    already on the path is seen after :func:`forget_plugins`.
    """
    global _scanned
    key = (tuple(sys.path), entry_points)
    if _scanned is not None and _scanned[0] == key:
        return _scanned[1]
    seen: dict[tuple[str, str], EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        seen.setdefault((ep.name, ep.value), ep)  # one distribution found twice on the path
    found = tuple(seen.values())
    _scanned = (key, found)
    _classes.clear()  # a folder added in front may shadow a plugin's module
    return found


def forget_plugins() -> None:
    """Forget the installed plugins found so far, so the next lookup scans the path again."""
    global _scanned
    _scanned = None
    _classes.clear()


def _refuse_duplicates(name: str, found: Sequence[EntryPoint]) -> None:
    """A :class:`GameDefinitionError` when several plugins claim the game name ``name``."""
    if len(found) > 1:
        sources = ", ".join(sorted(ep.value for ep in found))
        raise GameDefinitionError(
            f"game name {name!r} is claimed by {len(found)} installed plugins ({sources}); "
            "uninstall all but one"
        )


def _load_class(ep: EntryPoint) -> type[Game[Any, Any]]:
    """The class an entry point names; any failure is a :class:`GameDefinitionError`.

    A class that loaded is remembered (as long as the scan that found its entry point).
    """
    from boardkit.game import Game  # here: listing games by name needs no game machinery

    known = _classes.get((ep.name, ep.value))
    if known is not None:
        return known
    try:
        loaded = ep.load()
    except Exception as exc:
        raise _plugin_error(ep.name, ep.value, "cannot be imported", exc) from None
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise GameDefinitionError(
            f"game plugin {ep.name!r} ({ep.value}) does not name a Game subclass: "
            f"{_brief(repr(loaded))}"
        )
    _classes[(ep.name, ep.value)] = loaded
    return loaded


def _construct(name: str, source: str, cls: type[Game[Any, Any]]) -> Game[Any, Any]:
    """``cls()``; a constructor that raises is a :class:`GameDefinitionError` naming the plugin."""
    try:
        return cls()
    except Exception as exc:
        raise _plugin_error(name, source, "failed to start", exc) from None


def _registered_plugin(name: str, cls: type[Game[Any, Any]]) -> GamePlugin:
    source = "registered in this process"
    try:
        return GamePlugin(name, source, game=_construct(name, source, cls))
    except GameDefinitionError as exc:
        return GamePlugin(name, source, error=exc)


def _installed_plugins(name: str, found: Sequence[EntryPoint]) -> list[GamePlugin]:
    """The plugins of one game name: one entry per entry point, all broken if they clash."""
    try:
        _refuse_duplicates(name, found)
    except GameDefinitionError as exc:
        return [GamePlugin(name, ep.value, error=exc) for ep in found]
    ep = found[0]
    try:
        return [GamePlugin(name, ep.value, game=_construct(name, ep.value, _load_class(ep)))]
    except GameDefinitionError as exc:
        return [GamePlugin(name, ep.value, error=exc)]


def _plugin_error(name: str, source: str, what: str, exc: Exception) -> GameDefinitionError:
    return GameDefinitionError(
        f"game plugin {name!r} ({source}) {what}: {type(exc).__name__}: {_brief(str(exc))}"
    )


def _class_path(cls: type) -> str:
    """``module:QualName``, the way an entry point names a class."""
    return f"{cls.__module__}:{cls.__qualname__}"


def _brief(text: str) -> str:
    """``text`` cut to :data:`MAX_REASON` characters, saying how much was left out."""
    if len(text) <= MAX_REASON:
        return text
    return f"{text[:MAX_REASON]}… ({len(text) - MAX_REASON} more characters)"


def game_picture(name: str, state: object, player: int | None = None) -> str:
    """The SVG text the installed game ``name`` draws of ``state`` (deprecated).

    Looking a game up by name to draw a state fails for a game registered under another name;
    draw through the game object instead: ``game.picture(state, player)``
    (:meth:`boardkit.game.Game.picture`). A game that draws no picture raises
    :class:`~boardkit.errors.GameDefinitionError`.
    """
    warnings.warn(
        "boardkit.registry.game_picture(name, state) is deprecated: draw through the game, "
        "game.picture(state, player); it is removed in 0.3.0",
        DeprecationWarning,
        stacklevel=2,
    )
    game = load_game(name)
    if not game.offers("render_svg"):
        raise GameDefinitionError(f"the game {name!r} draws no picture (it has no render_svg)")
    return str(game.picture(state, player))


def game_position_text(name: str, state: object) -> str:
    """``state`` in the notation of the installed game ``name`` (deprecated), or its ``repr``
    when the game cannot write it.

    Looking a game up by name to write a state fails for a game registered under another name;
    write through the game object instead: ``game.format_position(state)``.
    """
    warnings.warn(
        "boardkit.registry.game_position_text(name, state) is deprecated: write through the "
        "game, game.format_position(state); it is removed in 0.3.0",
        DeprecationWarning,
        stacklevel=2,
    )
    try:
        text = load_game(name).format_position(state)
    except Exception:
        return repr(state)
    return text if isinstance(text, str) else repr(state)
