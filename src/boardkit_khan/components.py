"""Khan's cards, special cards, tiles and yurt supply (K-C4…K-C7), loaded from package data.

The printed card and tile faces exist only as pictures, so the values live in
``boardkit_khan/data/components.toml``: anyone with the physical game can drop in the true values
without touching code. The shipped values follow these decisions:

* **Deck (K-C4).** 72 ruler cards, 9 per ruler. Each ruler has exactly one card of each of the
  9 symbols. Directions follow the formula ``direction = (ruler_index + symbol_index) mod 8``
  (:func:`formula_deck`), where ``ruler_index`` is the ruler's position on the board (0–7) and
  ``symbol_index`` the symbol's position in :class:`Symbol` (0–8). For every symbol exactly one
  ruler gets each direction, so each of the 8 directions appears exactly 9 times in the deck.
* **Special cards (K-C5).** 6 High Morale, 4 Protection, 4 Divine Support, 4 Scout, dealt
  2/2/1, 2/1/1, 2/1/1, 2/1/1 per player in games of 2/3/4 players. Every Divine Support card
  pictures all six regions (decision; the real region sets are not public).
* **Tiles (K-C6).** 29 conquest tiles (4 dominoes, 4 straight and 4 bent trominoes, the 5
  tetrominoes, the 12 pentominoes) and 9 bridges (5 straight of 3, 2 straight of 4, 2 L of 4).
  Points equal the number of cells (decision). A tile's *stack* is ``(kind, shape)``: the unit a
  Scout reserves in 2- and 3-player games (K-X4).
* **Yurts (K-C7).** Each camp holds exactly :data:`CAMP_YURTS` neutral yurts; player yurts and the
  general supply are unlimited.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

import attrs

from boardkit.errors import BoardkitError
from boardkit.geometry.grid import Direction
from boardkit.geometry.polyomino import SHAPES, Shape
from boardkit.present.voice import noun_for
from boardkit_khan.board import Board, Region

#: K-C7: neutral yurts in each ruler's camp at the start (they drive K-R4).
CAMP_YURTS = 5
#: K-C7: printed material, for reference only — the rules say yurts are not limited by it.
PRINTED_NEUTRAL_YURTS = 60
PRINTED_PLAYER_YURTS = 40
#: K-C7 decision: player yurts and the general supply are unlimited.
PLAYER_YURTS_UNLIMITED = True
GENERAL_SUPPLY_UNLIMITED = True

#: K-S5: hand size.
HAND_SIZE = 4

COMPONENTS_RESOURCE = "components.toml"


class ComponentsFileError(BoardkitError, ValueError):
    """``components.toml`` cannot be parsed or breaks an invariant; the message says where."""


class Symbol(Enum):
    """The 9 card symbols (K-C4): six terrains, the Khan joker, the river, the outland.

    The declaration order is the ``symbol_index`` of the deck formula.
    """

    MOUNTAINS = "mountains"
    ICE_DESERT = "ice_desert"
    TUNDRA = "tundra"
    STONE_DESERT = "stone_desert"
    SAND_DESERT = "sand_desert"
    TROPICAL_FOREST = "tropical_forest"
    KHAN = "khan"
    RIVER = "river"
    OUTLAND = "outland"

    @property
    def region(self) -> Region | None:
        """The region a terrain symbol allows (K-A-A); ``None`` for Khan, river, outland."""
        return _SYMBOL_REGION.get(self)

    @classmethod
    def for_region(cls, region: Region) -> Symbol:
        """The terrain symbol showing ``region``."""
        return _REGION_SYMBOL[region]


_SYMBOL_REGION: dict[Symbol, Region] = {
    Symbol.MOUNTAINS: Region.MOUNTAINS,
    Symbol.ICE_DESERT: Region.ICE_DESERT,
    Symbol.TUNDRA: Region.TUNDRA,
    Symbol.STONE_DESERT: Region.STONE_DESERT,
    Symbol.SAND_DESERT: Region.SAND_DESERT,
    Symbol.TROPICAL_FOREST: Region.TROPICAL_FOREST,
}
_REGION_SYMBOL: dict[Region, Symbol] = {r: s for s, r in _SYMBOL_REGION.items()}


@attrs.frozen(slots=True)
class Card:
    """A ruler card (K-C4): the ruler it names, a direction and a symbol."""

    ruler: str
    direction: Direction
    symbol: Symbol

    def __str__(self) -> str:
        return f"{self.ruler} {self.direction.name} {self.symbol.value}"


class SpecialCard(Enum):
    """The four kinds of special card (K-C5, K-X1…K-X4)."""

    HIGH_MORALE = "high_morale"
    PROTECTION = "protection"
    DIVINE_SUPPORT = "divine_support"
    SCOUT = "scout"


class TileKind(Enum):
    """Conquest tile (K-A-C1) or bridge (K-A-C2)."""

    CONQUEST = "conquest"
    BRIDGE = "bridge"


@attrs.frozen(slots=True)
class TileSpec:
    """One physical tile (K-C6).

    ``shape`` names an entry of :data:`boardkit.geometry.polyomino.SHAPES`; ``points`` is the
    printed value (decision: the number of cells until the printed values are known).
    """

    id: str
    kind: TileKind
    shape: str
    points: int

    @property
    def cells(self) -> Shape:
        """The tile's cells in its base orientation."""
        return SHAPES[self.shape]

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(SHAPES[self.shape])

    @property
    def stack(self) -> tuple[TileKind, str]:
        """The stack the tile sits in: all tiles of one kind and shape (K-X4 Scout)."""
        return (self.kind, self.shape)


@attrs.frozen(slots=True)
class SpecialCardSpec:
    """A kind of special card: names, total in the box, and count per player for 2/3/4 players."""

    card: SpecialCard
    name: str
    german: str
    total: int
    per_player: tuple[int, int, int]


@attrs.frozen(slots=True)
class Components:
    """Everything in ``components.toml``, parsed and checked."""

    deck: tuple[Card, ...]
    special_cards: tuple[SpecialCardSpec, ...]
    divine_support_regions: tuple[frozenset[Region], ...]
    tiles: tuple[TileSpec, ...]


def allowed_cells(board: Board, symbol: Symbol) -> int:
    """Land cells a card with ``symbol`` lets a player invade (K-A-A), free or not.

    Terrain: that region; Khan: all land; river: land bordering the river; outland: land
    bordering the outland. The caller removes occupied cells.
    """
    region = symbol.region
    if region is not None:
        return board.region_mask(region)
    if symbol is Symbol.KHAN:
        return board.land
    if symbol is Symbol.RIVER:
        return board.river_border
    return board.outland_border


# -- formula ----------------------------------------------------------------------------------


def formula_direction(ruler_index: int, symbol: Symbol) -> Direction:
    """The K-C4 deck decision: ``Direction((ruler_index + symbol_index) % 8)``."""
    return Direction((ruler_index + list(Symbol).index(symbol)) % 8)


def formula_deck(ruler_names: Sequence[str]) -> tuple[Card, ...]:
    """The deck the formula gives for rulers in board order (ruler-major, symbol order)."""
    return tuple(
        Card(name, formula_direction(index, symbol), symbol)
        for index, name in enumerate(ruler_names)
        for symbol in Symbol
    )


# -- parsing ----------------------------------------------------------------------------------


def parse_components(text: str, source: str = "<string>") -> Components:
    """Parse ``components.toml`` text; raises :class:`ComponentsFileError` naming the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentsFileError(f"{source}: not valid TOML: {exc}") from None

    def fail(message: str) -> ComponentsFileError:
        return ComponentsFileError(f"{source}: {message}")

    deck: list[Card] = []
    raw_deck = _table(data, "deck", fail)
    for ruler, entries in raw_deck.items():
        if not isinstance(entries, list):
            raise fail(f"key 'deck.{ruler}' must be a list like [\"N mountains\", ...]")
        for position, entry in enumerate(entries, start=1):
            where = f"'deck.{ruler}' item {position}"
            parts = entry.split() if isinstance(entry, str) else []
            if len(parts) != 2:
                raise fail(f"{where}: expected 'DIRECTION symbol', got {entry!r}")
            try:
                direction = Direction[parts[0]]
                symbol = Symbol(parts[1])
            except (KeyError, ValueError):
                raise fail(
                    f"{where}: unknown direction or symbol in {entry!r}; directions are "
                    f"{' '.join(d.name for d in Direction)}, symbols "
                    f"{' '.join(s.value for s in Symbol)}"
                ) from None
            deck.append(Card(ruler, direction, symbol))

    specials: list[SpecialCardSpec] = []
    raw_specials = _table(data, "special_cards", fail)
    for card in SpecialCard:
        entry = raw_specials.get(card.value)
        key = f"special_cards.{card.value}"
        if not isinstance(entry, dict):
            raise fail(f"missing table [{key}]")
        per = entry.get("per_player")
        if not (isinstance(per, list) and len(per) == 3 and all(isinstance(n, int) for n in per)):
            raise fail(f"key '{key}.per_player' must be three integers (2, 3, 4 players)")
        total = entry.get("total")
        name = entry.get("name")
        german = entry.get("german")
        if not isinstance(total, int) or not isinstance(name, str) or not isinstance(german, str):
            raise fail(f"table [{key}] needs name (text), german (text) and total (integer)")
        specials.append(SpecialCardSpec(card, name, german, total, (per[0], per[1], per[2])))
    extra = sorted(set(raw_specials) - {c.value for c in SpecialCard})
    if extra:
        raise fail(f"unknown special {noun_for(len(extra), 'card')}: {', '.join(extra)}")

    divine = raw_specials[SpecialCard.DIVINE_SUPPORT.value].get("regions")
    if not isinstance(divine, list):
        raise fail("key 'special_cards.divine_support.regions' must list one region list per card")
    divine_regions: list[frozenset[Region]] = []
    for position, names in enumerate(divine, start=1):
        try:
            divine_regions.append(frozenset(Symbol(n).region or _no_region(n) for n in names))
        except (TypeError, ValueError) as exc:
            raise fail(
                f"key 'special_cards.divine_support.regions' card {position}: {exc}"
            ) from None

    tiles: list[TileSpec] = []
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list):
        raise fail("key 'tiles' must be an array of tables ([[tiles]])")
    for position, entry in enumerate(raw_tiles, start=1):
        where = f"tiles[{position}]"
        try:
            tiles.append(
                TileSpec(
                    id=_str(entry["id"]),
                    kind=TileKind(entry["kind"]),
                    shape=_shape_name(entry["shape"]),
                    points=_int(entry["points"]),
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise fail(f"{where}: {exc}") from None
    ids = Counter(t.id for t in tiles)
    duplicates = sorted(i for i, n in ids.items() if n > 1)
    if duplicates:
        raise fail(f"duplicate tile {noun_for(len(duplicates), 'id')}: {', '.join(duplicates)}")
    return Components(tuple(deck), tuple(specials), tuple(divine_regions), tuple(tiles))


def _table(data: dict[str, Any], key: str, fail: Any) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise fail(f"missing table [{key}]")
    return value


def _no_region(name: str) -> Region:
    raise ValueError(f"{name!r} is not a region")


def _str(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"expected non-empty text, got {value!r}")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _shape_name(value: object) -> str:
    name = _str(value)
    if name not in SHAPES:
        raise ValueError(f"unknown shape {name!r}; known: {', '.join(SHAPES)}")
    return name


@cache
def standard_components() -> Components:
    """The shipped component data (``boardkit_khan/data/components.toml``)."""
    resource = resources.files("boardkit_khan").joinpath("data", COMPONENTS_RESOURCE)
    return parse_components(
        resource.read_text(encoding="utf-8"), f"boardkit_khan/data/{COMPONENTS_RESOURCE}"
    )


def standard_deck() -> tuple[Card, ...]:
    """The 72 ruler cards (K-C4), in file order (shuffle before use)."""
    return standard_components().deck


def standard_tiles() -> tuple[TileSpec, ...]:
    """The 38 tiles (K-C6), in file order."""
    return standard_components().tiles


def special_card_specs() -> tuple[SpecialCardSpec, ...]:
    """The four kinds of special card with totals and per-player counts (K-C5)."""
    return standard_components().special_cards


def special_cards_per_player(n_players: int) -> dict[SpecialCard, int]:
    """How many of each special card every player gets in a game of ``n_players`` (K-C5, K-S1)."""
    if n_players not in (2, 3, 4):
        raise ValueError(f"Khan is for 2–4 players, not {n_players}")
    return {spec.card: spec.per_player[n_players - 2] for spec in special_card_specs()}


def divine_support_regions() -> tuple[frozenset[Region], ...]:
    """The regions pictured on each Divine Support card (K-X3; decision: all six on each)."""
    return standard_components().divine_support_regions


def tile_stacks(tiles: Sequence[TileSpec]) -> dict[tuple[TileKind, str], tuple[TileSpec, ...]]:
    """Tiles grouped by stack ``(kind, shape)`` in first-appearance order (K-X4)."""
    stacks: dict[tuple[TileKind, str], list[TileSpec]] = {}
    for tile in tiles:
        stacks.setdefault(tile.stack, []).append(tile)
    return {key: tuple(group) for key, group in stacks.items()}
