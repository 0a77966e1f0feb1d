"""Tests for Khan's component data: deck, special cards, tiles, yurts (K-C4…K-C7)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from boardkit.geometry.grid import Direction
from boardkit.geometry.polyomino import PENTOMINO_NAMES, SHAPES, TETROMINO_NAMES, same_free_shape
from boardkit_khan.rules import components
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.components import (
    CAMP_YURTS,
    Card,
    ComponentsFileError,
    SpecialCard,
    Symbol,
    TileKind,
    allowed_cells,
    divine_support_regions,
    formula_deck,
    parse_components,
    special_card_specs,
    special_cards_per_player,
    standard_deck,
    standard_tiles,
    tile_stacks,
)

DATA = Path(__file__).resolve().parents[3] / "src" / "boardkit_khan" / "data" / "components.toml"
TEXT = DATA.read_text(encoding="utf-8")


def test_k_c4_deck_has_72_cards_one_per_ruler_and_symbol() -> None:
    """K-C4: 72 cards, 9 per ruler, each ruler one card of each of the 9 symbols."""
    deck = standard_deck()
    assert len(deck) == 72
    assert len(set(deck)) == 72
    rulers = [r.name for r in default_board().rulers]
    assert Counter(c.ruler for c in deck) == dict.fromkeys(rulers, 9)
    assert len(Symbol) == 9
    for ruler in rulers:
        assert {c.symbol for c in deck if c.ruler == ruler} == set(Symbol)


def test_k_c4_each_direction_appears_nine_times() -> None:
    """K-C4 decision: each of the 8 directions appears exactly 9 times in the deck."""
    assert Counter(c.direction for c in standard_deck()) == dict.fromkeys(Direction, 9)


def test_k_c4_shipped_deck_follows_the_documented_formula() -> None:
    """K-C4: direction = (ruler_index + symbol_index) mod 8, rulers in board order."""
    rulers = [r.name for r in default_board().rulers]
    assert standard_deck() == formula_deck(rulers)
    assert Card("Russian", Direction.N, Symbol.MOUNTAINS) in standard_deck()
    assert Card("Seljuk", Direction.NE, Symbol.OUTLAND) in standard_deck()
    assert Card("Goryeo", Direction.NW, Symbol.MOUNTAINS) in standard_deck()


def test_symbols_map_to_regions() -> None:
    assert Symbol.TUNDRA.region is Region.TUNDRA
    assert Symbol.KHAN.region is None
    assert Symbol.RIVER.region is None
    assert Symbol.OUTLAND.region is None
    assert all(Symbol.for_region(r).region is r for r in Region)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, {"high_morale": 2, "protection": 2, "divine_support": 2, "scout": 2}),
        (3, {"high_morale": 2, "protection": 1, "divine_support": 1, "scout": 1}),
        (4, {"high_morale": 1, "protection": 1, "divine_support": 1, "scout": 1}),
    ],
)
def test_k_c5_special_cards_per_player(players: int, expected: dict[str, int]) -> None:
    """K-C5: High Morale 2/2/1, Protection 2/1/1, Divine Support 2/1/1, Scout 2/1/1."""
    got = special_cards_per_player(players)
    assert {card.value: n for card, n in got.items()} == expected
    totals = {spec.card: spec.total for spec in special_card_specs()}
    for card, n in got.items():
        assert n * players <= totals[card], "the box must hold enough cards"


def test_k_c5_totals_and_divine_support_regions() -> None:
    """K-C5: 18 special cards (6/4/4/4); every Divine Support card pictures all six regions."""
    totals = {spec.card: spec.total for spec in special_card_specs()}
    assert totals == {
        SpecialCard.HIGH_MORALE: 6,
        SpecialCard.PROTECTION: 4,
        SpecialCard.DIVINE_SUPPORT: 4,
        SpecialCard.SCOUT: 4,
    }
    assert sum(totals.values()) == 18
    regions = divine_support_regions()
    assert len(regions) == totals[SpecialCard.DIVINE_SUPPORT]
    assert all(r == frozenset(Region) for r in regions)
    for bad in (1, 5):
        with pytest.raises(ValueError):
            special_cards_per_player(bad)


def test_k_c6_tiles() -> None:
    """K-C6: 29 conquest tiles (4 I2, 4 I3, 4 L3, 5 tetrominoes, 12 pentominoes), 9 bridges."""
    tiles = standard_tiles()
    assert len(tiles) == 38
    assert len({t.id for t in tiles}) == 38
    conquest = Counter(t.shape for t in tiles if t.kind is TileKind.CONQUEST)
    bridges = Counter(t.shape for t in tiles if t.kind is TileKind.BRIDGE)
    assert sum(conquest.values()) == 29
    assert conquest == {
        "I2": 4,
        "I3": 4,
        "L3": 4,
        **dict.fromkeys(TETROMINO_NAMES, 1),
        **dict.fromkeys(PENTOMINO_NAMES, 1),
    }
    sizes = Counter(t.size for t in tiles if t.kind is TileKind.CONQUEST)
    assert sizes == {2: 4, 3: 8, 4: 5, 5: 12}
    assert all(len(SHAPES[t.shape]) == t.size for t in tiles)
    assert bridges == {"I3": 5, "I4": 2, "L4": 2}
    # The 12 conquest pentominoes are pairwise different free shapes.
    pentos = [t.cells for t in tiles if t.size == 5]
    assert all(not same_free_shape(a, b) for i, a in enumerate(pentos) for b in pentos[i + 1 :])


def test_k_c6_points_equal_size_and_stacks() -> None:
    """K-C6 decision: points = number of cells; a stack is (kind, shape) for the Scout."""
    tiles = standard_tiles()
    assert all(t.points == t.size == len(t.cells) for t in tiles)
    assert sum(t.points for t in tiles) == 4 * 2 + 8 * 3 + 5 * 4 + 12 * 5 + 5 * 3 + 4 * 4
    stacks = tile_stacks(tiles)
    assert len(stacks) == 3 + 5 + 12 + 3
    assert len(stacks[(TileKind.BRIDGE, "I3")]) == 5
    assert len(stacks[(TileKind.CONQUEST, "I3")]) == 4
    assert (TileKind.CONQUEST, "I3") != (TileKind.BRIDGE, "I3")


def test_k_c7_camps_hold_five_yurts_and_player_yurts_are_unlimited() -> None:
    """K-C7 decision: each camp holds exactly 5 neutral yurts; player yurts are unlimited."""
    assert CAMP_YURTS == 5
    assert components.PLAYER_YURTS_UNLIMITED is True
    assert components.GENERAL_SUPPLY_UNLIMITED is True
    # 8 camps of 5 plus the general supply's 20 make the 60 printed neutral yurts.
    assert 8 * CAMP_YURTS + 20 == components.PRINTED_NEUTRAL_YURTS


def test_printed_points_can_be_dropped_in() -> None:
    """Points are data: changing the file changes the tile, no code involved."""
    text = TEXT.replace(
        'id = "C29"\nkind = "conquest"\nshape = "Z5"\npoints = 5',
        'id = "C29"\nkind = "conquest"\nshape = "Z5"\npoints = 7',
    )
    tiles = parse_components(text).tiles
    assert next(t for t in tiles if t.id == "C29").points == 7


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"N mountains"', '"UP mountains"', r"'deck\.Russian' item 1: unknown direction"),
        ('"N mountains"', '"N lava"', r"'deck\.Russian' item 1"),
        ('shape = "Z5"', 'shape = "Q5"', r"tiles\[29\]: unknown shape 'Q5'"),
        ('kind = "bridge"', 'kind = "ferry"', r"tiles\[30\]"),
        ("per_player = [2, 2, 1]", "per_player = [2, 2]", r"high_morale\.per_player"),
        ('id = "C02"', 'id = "C01"', "duplicate tile id"),
    ],
)
def test_malformed_components_name_the_problem(old: str, new: str, message: str) -> None:
    assert old in TEXT
    with pytest.raises(ComponentsFileError, match=message):
        parse_components(TEXT.replace(old, new, 1), "components.toml")


def test_allowed_cells_per_symbol() -> None:
    """K-A-A support: the cells each card symbol allows on the shipped board."""
    board = default_board()
    assert allowed_cells(board, Symbol.KHAN) == board.land
    assert allowed_cells(board, Symbol.RIVER) == board.river_border
    assert allowed_cells(board, Symbol.OUTLAND) == board.outland_border
    assert allowed_cells(board, Symbol.TUNDRA) == board.region_mask(Region.TUNDRA)
    for symbol in Symbol:
        assert allowed_cells(board, symbol) & ~board.land == 0
        assert allowed_cells(board, symbol) != 0
