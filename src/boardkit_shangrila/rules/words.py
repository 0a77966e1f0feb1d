"""Shangrila's words for the rules' refusals, in the reader's language: the guilds as the
refusals name them ("the Healer space of village 3 is taken"), in the singular and the plural,
and the colours, as :class:`~boardkit.i18n.Message` of the ``boardkit_shangrila`` domain
(docs/translations.md). English is the language of the message ids.
"""

from __future__ import annotations

from boardkit.i18n import Message, Messages
from boardkit_shangrila.rules.components import COLOURS, Colour, Guild

_m = Messages("boardkit_shangrila")

GUILD_TITLES: dict[Guild, Message] = {
    Guild.HEALER: _m("Healer"),
    Guild.DRAGON_BREEDER: _m("Dragon breeder"),
    Guild.FIRE_KEEPER: _m("Fire keeper"),
    Guild.PRAYER_WHEEL_TURNER: _m("Prayer-wheel turner"),
    Guild.RAINMAKER: _m("Rainmaker"),
    Guild.ASTROLOGER: _m("Astrologer"),
    Guild.YETI_WHISPERER: _m("Yeti whisperer"),
}
"""Each guild's master, one of them (:data:`~.components.GUILD_NAMES` in the reader's
language)."""

GUILD_PLURALS: dict[Guild, Message] = {
    Guild.HEALER: _m("Healers"),
    Guild.DRAGON_BREEDER: _m("Dragon breeders"),
    Guild.FIRE_KEEPER: _m("Fire keepers"),
    Guild.PRAYER_WHEEL_TURNER: _m("Prayer-wheel turners"),
    Guild.RAINMAKER: _m("Rainmakers"),
    Guild.ASTROLOGER: _m("Astrologers"),
    Guild.YETI_WHISPERER: _m("Yeti whisperers"),
}
"""Each guild's masters, several of them."""

COLOUR_WORDS: dict[Colour, Message] = {
    Colour.RED: _m("red"),
    Colour.BLUE: _m("blue"),
    Colour.YELLOW: _m("yellow"),
    Colour.VIOLET: _m("violet"),
}
"""The colours, as the refusals name a player."""


def colour_word(colour: int) -> Message:
    """The colour ``colour`` (an index of :data:`~.components.COLOURS`) in running text."""
    return COLOUR_WORDS[COLOURS[colour]]


__all__ = ["COLOUR_WORDS", "GUILD_PLURALS", "GUILD_TITLES", "colour_word"]
