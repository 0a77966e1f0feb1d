"""The pieces of Die Brücken von Shangrila: guilds, colours and their counts (S-C2, S-C3, S-C4).

Guilds and colours are string-valued enums so that logs and actions read as words
(``"healer"``, ``"red"``); the engine works with their positions (``GUILD_INDEX``,
``COLOUR_INDEX``) so that a village can be a small tuple of integers.
"""

from __future__ import annotations

import enum
from typing import Final

from boardkit.i18n import N_


class Guild(enum.Enum):
    """The seven guilds; every village has one master space for each (S-C2)."""

    HEALER = "healer"
    DRAGON_BREEDER = "dragon_breeder"
    FIRE_KEEPER = "fire_keeper"
    PRAYER_WHEEL_TURNER = "prayer_wheel_turner"
    RAINMAKER = "rainmaker"
    ASTROLOGER = "astrologer"
    YETI_WHISPERER = "yeti_whisperer"

    # Members are singletons and compare by identity, so the identity hash (in C) serves as
    # well as Enum's (a Python call hashing the name); the rules look guilds up several times
    # per action.
    __hash__ = object.__hash__


class Colour(enum.Enum):
    """The four player colours, in seat order (S-C3)."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    VIOLET = "violet"

    __hash__ = object.__hash__  # as Guild's


GUILDS: Final[tuple[Guild, ...]] = tuple(Guild)
"""Guilds in space order: space ``g`` of a village belongs to ``GUILDS[g]``."""

COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
"""Colours in seat order: colour ``c`` is ``COLOURS[c]``."""

GUILD_INDEX: Final[dict[Guild, int]] = {g: i for i, g in enumerate(GUILDS)}
COLOUR_INDEX: Final[dict[Colour, int]] = {c: i for i, c in enumerate(COLOURS)}

GUILD_COUNT: Final = 7
TILES_PER_GUILD: Final = 6
"""Each colour has six tiles of every guild, 42 in all (S-C3)."""

STONES_GERMAN: Final = 11
"""Stones of the Wise in the German box (the twelfth is a spare) (S-C4)."""

GUILD_NAMES: Final[dict[Guild, str]] = {
    Guild.HEALER: N_("Healer"),
    Guild.DRAGON_BREEDER: N_("Dragon breeder"),
    Guild.FIRE_KEEPER: N_("Fire keeper"),
    Guild.PRAYER_WHEEL_TURNER: N_("Prayer-wheel turner"),
    Guild.RAINMAKER: N_("Rainmaker"),
    Guild.ASTROLOGER: N_("Astrologer"),
    Guild.YETI_WHISPERER: N_("Yeti whisperer"),
}
"""English display names of the guilds (message ids: a menu shows a guild's line in the
reader's language, the rulebook's German names in German)."""

GUILD_NAMES_DE: Final[dict[Guild, str]] = {
    Guild.HEALER: "Heiler",
    Guild.DRAGON_BREEDER: "Drachenzüchter",
    Guild.FIRE_KEEPER: "Feuerbewahrer",
    Guild.PRAYER_WHEEL_TURNER: "Gebetsmüller",
    Guild.RAINMAKER: "Regenmacher",
    Guild.ASTROLOGER: "Sterndeuter",
    Guild.YETI_WHISPERER: "Yeti-Flüsterer",
}
"""The rulebook's German guild names."""

GUILD_INITIALS: Final[dict[Guild, str]] = {
    Guild.HEALER: "H",
    Guild.DRAGON_BREEDER: "D",
    Guild.FIRE_KEEPER: "F",
    Guild.PRAYER_WHEEL_TURNER: "P",
    Guild.RAINMAKER: "R",
    Guild.ASTROLOGER: "A",
    Guild.YETI_WHISPERER: "Y",
}
"""One letter per guild for the text board."""

PEOPLES: Final[dict[Colour, str]] = {
    Colour.RED: "Ro-Tarya",
    Colour.BLUE: "Ba-Lao",
    Colour.YELLOW: "Gyl-Den",
    Colour.VIOLET: "Li-Lamas",
}
"""The mountain people each colour stands for (S-C3)."""

COLOUR_INITIALS: Final[dict[Colour, str]] = {
    Colour.RED: "r",
    Colour.BLUE: "b",
    Colour.YELLOW: "y",
    Colour.VIOLET: "v",
}
"""One letter per colour for the text board."""


def guild_by_name(text: str) -> Guild:
    """The guild named ``text``: its value (``"healer"``), English or German name, any case."""
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    for guild in GUILDS:
        names = (guild.value, GUILD_NAMES[guild], GUILD_NAMES_DE[guild])
        if key in {n.lower().replace("-", "_").replace(" ", "_") for n in names}:
            return guild
    raise ValueError(f"no guild named {text!r}; guilds: {', '.join(g.value for g in GUILDS)}")
