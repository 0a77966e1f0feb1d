"""Khan's words in the reader's language: the game's gettext domain and the names of its things
(cards, tiles, regions, special cards, seat colours, lists) as :class:`~boardkit.i18n.Message`.

The narration (:mod:`boardkit_khan.present.narration`) and the refusals
(:mod:`boardkit_khan.rules.refusals`) word their sentences with these, so "the L-pentomino"
reads "das 5-Felder-Plättchen in L-Form" in German and "de L-tegel van 5 vakjes" in Dutch, with
the rulebooks' terms (docs/translations.md). English is the language of the message ids.

A tile has a bare name ("L-pentomino") and one with its article (:func:`tile_words`), since
German tiles are neuter and bridges feminine: "the {tile}" and "the {bridge}" are two messages.
Ruler names ("Seljuk") and cell labels ("E7") are names and stay as they are.

Menu labels are what a person types, so they stay English (:func:`~boardkit_khan.rules.actions.
menu_path`); :func:`card_words` and :func:`tile_words` are for running text only.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.geometry.grid import Direction
from boardkit.i18n import Message, Messages
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import Card, SpecialCard, Symbol, standard_deck
from boardkit_khan.rules.placements import StackKey

_m = Messages("boardkit_khan")

SYMBOL_WORDS: dict[Symbol, Message] = {
    Symbol.MOUNTAINS: _m("Mountains"),
    Symbol.ICE_DESERT: _m("Ice desert"),
    Symbol.TUNDRA: _m("Tundra"),
    Symbol.STONE_DESERT: _m("Stone desert"),
    Symbol.SAND_DESERT: _m("Sand desert"),
    Symbol.TROPICAL_FOREST: _m("Tropical forest"),
    Symbol.KHAN: _m("Khan"),
    Symbol.RIVER: _m("River"),
    Symbol.OUTLAND: _m("Outland"),
}
"""The card symbols (K-C4) as cards name them: the regions, the Khan joker, river, outland."""

REGION_WORDS: dict[Region, Message] = {
    Region.MOUNTAINS: SYMBOL_WORDS[Symbol.MOUNTAINS],
    Region.ICE_DESERT: SYMBOL_WORDS[Symbol.ICE_DESERT],
    Region.TUNDRA: SYMBOL_WORDS[Symbol.TUNDRA],
    Region.STONE_DESERT: SYMBOL_WORDS[Symbol.STONE_DESERT],
    Region.SAND_DESERT: SYMBOL_WORDS[Symbol.SAND_DESERT],
    Region.TROPICAL_FOREST: SYMBOL_WORDS[Symbol.TROPICAL_FOREST],
}
"""The regions by their titles (:attr:`~boardkit_khan.rules.board.Region.title`)."""

DIRECTION_WORDS: dict[Direction, Message] = {
    Direction.N: _m("N"),
    Direction.NE: _m("NE"),
    Direction.E: _m("E"),
    Direction.SE: _m("SE"),
    Direction.S: _m("S"),
    Direction.SW: _m("SW"),
    Direction.W: _m("W"),
    Direction.NW: _m("NW"),
}
"""The compass directions as a card shows them."""

SPECIAL_WORDS: dict[SpecialCard, Message] = {
    SpecialCard.HIGH_MORALE: _m("High Morale"),
    SpecialCard.PROTECTION: _m("Protection of the Great Khan"),
    SpecialCard.DIVINE_SUPPORT: _m("Divine Support"),
    SpecialCard.SCOUT: _m("Scout"),
}
"""The special cards (K-C5) by their printed names."""

SEAT_COLOUR_WORDS: tuple[Message, ...] = (_m("red"), _m("blue"), _m("green"), _m("yellow"))
"""The seats by the colour of their yurts, in seat order."""


def seat_colour(seat: int) -> Message:
    """A seat by its yurt colour: "blue"; "player 5" past the four colours."""
    if 0 <= seat < len(SEAT_COLOUR_WORDS):
        return SEAT_COLOUR_WORDS[seat]
    return _m("player {number}", number=seat + 1)


def card_words(card: int | Card) -> Message | str:
    """A ruler card as ``Seljuk/NE/Tundra`` (a deck index or the card); ``?`` for an index
    outside the deck."""
    if isinstance(card, int):
        deck = standard_deck()
        if not 0 <= card < len(deck):
            return "?"
        card = deck[card]
    return _m(
        "{ruler}/{direction}/{symbol}",
        ruler=card.ruler,
        direction=DIRECTION_WORDS[card.direction],
        symbol=SYMBOL_WORDS[card.symbol],
    )


def tile_bare(stack: StackKey) -> Message:
    """A tile's shape without an article: "L-pentomino", "straight three-cell bridge"."""
    letter, size = stack.shape[0], int(stack.shape[1:] or 0)
    if stack.bridge:
        straight = letter == "I"
        if size == 3:
            if straight:
                return _m("straight three-cell bridge")
            return _m("{letter}-shaped three-cell bridge", letter=letter)
        if size == 4:
            if straight:
                return _m("straight four-cell bridge")
            return _m("{letter}-shaped four-cell bridge", letter=letter)
        if straight:
            return _m("straight {size}-cell bridge", size=size)
        return _m("{letter}-shaped {size}-cell bridge", letter=letter, size=size)
    if size == 2:
        return _m("domino")
    if size == 3:
        return _m("straight tromino") if letter == "I" else _m("bent tromino")
    if size == 4:
        return _m("{letter}-tetromino", letter=letter)
    if size == 5:
        return _m("{letter}-pentomino", letter=letter)
    return _m("{letter}-omino", letter=letter)


def tile_words(stack: StackKey) -> Message:
    """A tile with its article: "the L-pentomino", "the straight three-cell bridge"
    (:func:`~boardkit_khan.rules.placements.tile_name` in the reader's language)."""
    if stack.bridge:
        return _m("the {bridge}", bridge=tile_bare(stack))
    return _m("the {tile}", tile=tile_bare(stack))


def join_messages(items: Sequence[Message | str]) -> Message | str:
    """A list in running text: "a", "a and b", "a, b and c"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _m("{items} and {last}", items=comma_list(items[:-1]), last=items[-1])


def comma_list(items: Sequence[Message | str]) -> Message | str:
    """A list with commas only: "a, b, c" (a score line, the first part of a list)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _m("{items}, {item}", items=comma_list(items[:-1]), item=items[-1])


__all__ = [
    "DIRECTION_WORDS",
    "REGION_WORDS",
    "SEAT_COLOUR_WORDS",
    "SPECIAL_WORDS",
    "SYMBOL_WORDS",
    "card_words",
    "comma_list",
    "join_messages",
    "seat_colour",
    "tile_bare",
    "tile_words",
]
