"""The actions a player can take; each names villages by number and guilds by name.

A front end builds any action from what the board shows: ``PlaceMaster(4, Guild.HEALER)``,
``RecruitStudents(((3, Guild.HEALER), (5, Guild.RAINMAKER)))``, ``Journey(4, 7)``, ``Pass()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from attrs import field, frozen

from boardkit.i18n import N_
from boardkit_shangrila.rules.components import GUILD_INDEX, GUILD_NAMES, Guild

Placement = tuple[int, Guild]
"""Where a student goes: ``(village, guild)``."""


@frozen
class PlaceSetupMaster:
    """Placement phase (S-S3): put a master of ``guild`` on its space in ``village``."""

    village: int
    guild: Guild


@frozen
class PlaceMaster:
    """Action 1 (S-A1): put a master of ``guild`` from supply on its space in ``village``."""

    village: int
    guild: Guild


def _placement_key(p: Any) -> tuple[int, int]:
    village = p[0] if len(p) > 0 and type(p[0]) is int else -1
    guild = GUILD_INDEX.get(p[1], -1) if len(p) > 1 and isinstance(p[1], Guild) else -1
    return village, guild


def _canonical(value: Iterable[Any]) -> tuple[Placement, ...]:
    """Placements in (village, guild) order, so that both orders of two students are equal."""
    if type(value) is tuple and len(value) == 2:
        a, b = value
        pairs = type(a) is tuple and type(b) is tuple and len(a) == len(b) == 2
        if pairs and type(a[0]) is int and type(b[0]) is int:
            if a[0] != b[0]:
                return value if a[0] < b[0] else (b, a)
            ga, gb = GUILD_INDEX.get(a[1]), GUILD_INDEX.get(b[1])
            if ga is not None and gb is not None:
                return value if ga <= gb else (b, a)
    items = tuple(tuple(p) if isinstance(p, list | tuple) else p for p in value)
    try:
        return tuple(sorted(items, key=_placement_key))
    except TypeError:
        return items


@frozen
class RecruitStudents:
    """Action 2 (S-A2): put a student on each own master at ``placements`` (one or two)."""

    placements: tuple[Placement, ...] = field(converter=_canonical)


@frozen
class Journey:
    """Action 3 (S-A3): every student in ``source`` travels to ``destination``."""

    source: int
    destination: int


@frozen
class Pass:
    """No action is possible, so the player passes (S-P1)."""


ShangrilaAction = PlaceSetupMaster | PlaceMaster | RecruitStudents | Journey | Pass
"""Any action of Shangrila."""
Action = ShangrilaAction
"""Shorter name of :data:`ShangrilaAction`, used inside the package."""
ACTION_TYPES: tuple[type, ...] = get_args(ShangrilaAction)
"""The classes of :data:`ShangrilaAction`, in order (for the codec)."""


def _guild_text(guild: object) -> str:
    return GUILD_NAMES[guild] if isinstance(guild, Guild) else repr(guild)


MENU_LABEL_TEMPLATES: tuple[str, ...] = (
    N_("village {village}"),
    N_("{guild} @ {village}"),
    N_("from {village}"),
    N_("to {village}"),
)
"""The patterns of :func:`menu_path`'s labels with a village number, as message ids of
Shangrila's catalogue (:attr:`boardkit.game.Game.menu_label_templates`): a reader of German
reads ``village 3`` as ``Dorf 3`` and ``Healer @ 3`` as ``Heiler @ 3``, a reader of Dutch
``dorp 3`` and ``Genezer @ 3``."""


def menu_path(action: object) -> tuple[str, ...]:
    """Menu labels for a front end: kind of action, then guild or source, then village.

    The fixed labels (the kinds, the guilds) are message ids of Shangrila's catalogue (marked
    ``N_``), shown in the reader's language (:func:`boardkit.present.menus.shown_label`) and
    typed as written here; a label with a village number is read through
    :data:`MENU_LABEL_TEMPLATES` (``village 3``: ``Dorf 3``)."""
    if isinstance(action, PlaceSetupMaster | PlaceMaster):
        kind = N_("setup master") if isinstance(action, PlaceSetupMaster) else N_("place master")
        return (kind, _guild_text(action.guild), f"village {action.village}")
    if isinstance(action, RecruitStudents) and action.placements:
        first = action.placements[0]
        rest = action.placements[1:]
        second = f"{_guild_text(rest[0][1])} @ {rest[0][0]}" if rest else N_("only this one")
        return (N_("recruit students"), f"{_guild_text(first[1])} @ {first[0]}", second)
    if isinstance(action, Journey):
        return (N_("journey"), f"from {action.source}", f"to {action.destination}")
    return (describe(action),)


def describe(action: object) -> str:
    """A short text: ``"journey 4 → 7"``, ``"students Healer @ 3 + Rainmaker @ 5"`` …"""
    if isinstance(action, PlaceSetupMaster):
        return f"setup master {_guild_text(action.guild)} @ {action.village}"
    if isinstance(action, PlaceMaster):
        return f"master {_guild_text(action.guild)} @ {action.village}"
    if isinstance(action, RecruitStudents):
        parts = []
        for p in action.placements:
            try:
                village, guild = p
            except (TypeError, ValueError):
                parts.append(repr(p))
                continue
            parts.append(f"{_guild_text(guild)} @ {village}")
        return "students " + " + ".join(parts)
    if isinstance(action, Journey):
        return f"journey {action.source} → {action.destination}"
    if isinstance(action, Pass):
        return "pass"
    return repr(action)
