"""Conquest (action C): placements, majority, protections (K-A-C1…K-A-C7) and the rulebook's
two conquest examples, reconstructed on cells of the shipped (reconstructed) board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import IllegalActionError, Rng
from boardkit.geometry.grid import cells_of
from boardkit.geometry.polyomino import SHAPES, orientations, placement_mask
from boardkit_khan.rules import conquest as conquest_module
from boardkit_khan.rules import fits as fits_module
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.components import TileKind, standard_tiles
from boardkit_khan.rules.conquest import (
    NO_PROTECTION,
    Conquest,
    ConquestInputError,
    Protections,
    Refusal,
    Situation,
    available_stacks,
    check_conquest,
    divine_area,
    evaluate,
    has_legal_conquest,
    legal_conquests,
)
from boardkit_khan.rules.fits import fit_finder, reach
from boardkit_khan.rules.placements import (
    StackKey,
    placement_table,
    stack_key_of,
    stack_placements,
    standard_stack_keys,
    tile_banks,
)

BOARD = default_board()
TABLE = placement_table(BOARD)
ALL = frozenset(standard_stack_keys())

I2 = StackKey(TileKind.CONQUEST, "I2")
I3 = StackKey(TileKind.CONQUEST, "I3")
L3 = StackKey(TileKind.CONQUEST, "L3")
L4 = StackKey(TileKind.CONQUEST, "L4")
P5 = StackKey(TileKind.CONQUEST, "P5")
BRIDGE_I3 = StackKey(TileKind.BRIDGE, "I3")
BRIDGE_L4 = StackKey(TileKind.BRIDGE, "L4")

# The examples are drawn on rows 9-12, columns A-F of the shipped board (Sand desert and
# Mountains): every cell there is land, so a small picture can be placed anywhere in it.
ORIGIN = (8, 0)


def at(row: int, col: int) -> int:
    """Board cell of picture coordinate ``(row, col)``."""
    return BOARD.grid.cell(ORIGIN[0] + row, ORIGIN[1] + col)


def situation(picture: str, seats: int, protections: Protections = NO_PROTECTION) -> Situation:
    """A situation from a picture: digits are seats' yurts, ``N`` neutral yurts, ``@`` a ruler,
    ``#`` a tile, ``.`` an empty land cell."""
    yurts = [0] * seats
    neutral = blocked = 0
    for r, line in enumerate(picture.split("\n")):
        for c, ch in enumerate(line.split()):
            bit = 1 << at(r, c)
            if ch.isdigit():
                yurts[int(ch)] |= bit
            elif ch == "N":
                neutral |= bit
            elif ch in "@#":
                blocked |= bit
            elif ch != ".":
                raise ValueError(f"bad picture character {ch!r}")
    return Situation(tuple(yurts), neutral, blocked, protections)


def place(stack: StackKey, *coords: tuple[int, int], origin: bool = True) -> tuple[int, int]:
    """``(orientation, anchor)`` of the placement of ``stack`` covering exactly ``coords``."""
    cells = [at(r, c) if origin else BOARD.grid.cell(r, c) for r, c in coords]
    mask = sum(1 << c for c in set(cells))
    for placement in TABLE.stack(stack).placements:
        if placement.mask == mask:
            return placement.orientation, placement.anchor
    raise AssertionError(f"{stack} has no placement covering {coords}")


def outcome(
    sit: Situation, player: int, stack: StackKey, where: tuple[int, int]
) -> Conquest | Refusal:
    return evaluate(TABLE, sit, player, ALL, stack, *where)


def refused(result: Conquest | Refusal, clause: str) -> bool:
    return isinstance(result, Refusal) and result.clause == clause


def listed(sit: Situation, player: int, stack: StackKey, where: tuple[int, int]) -> bool:
    return any(
        (c.stack, c.orientation, c.anchor) == (stack, *where)
        for c in legal_conquests(TABLE, sit, player, ALL)
    )


# -- rulebook example 1 -----------------------------------------------------------------------

YELLOW, GREEN = 0, 1
EXAMPLE_1 = """\
N N 0 0 N
. N 1 0 N
. . . 0 N"""
EX1_TILE_3 = (I3, ((0, 3), (1, 3), (2, 3)))  # three yellow yurts
EX1_TILE_4 = (L4, ((0, 3), (0, 4), (1, 4), (2, 4)))  # one yellow, three neutral yurts
EX1_TILE_5 = (P5, ((0, 2), (0, 3), (1, 2), (1, 3), (2, 3)))  # four yellow, one green
EX1_DOMINO = (I2, ((1, 1), (1, 2)))  # neutral + green
EX1_TWO_NEUTRALS = (I2, ((0, 0), (0, 1)))


@pytest.mark.parametrize("tile", [EX1_TILE_3, EX1_TILE_4, EX1_TILE_5], ids=["3", "4", "5"])
def test_example_1_yellow_may_lay_every_tile_but_the_two_cell_one(
    tile: tuple[StackKey, tuple[tuple[int, int], ...]],
) -> None:
    """Rulebook example 1 (K-A-C5): yellow may lay each tile shown except the 2-cell one; no
    majority over neutral yurts is needed (the 4-cell tile covers 1 yellow and 3 neutral)."""
    sit = situation(EXAMPLE_1, 2)
    stack, coords = tile
    where = place(stack, *coords)
    result = outcome(sit, YELLOW, stack, where)
    assert isinstance(result, Conquest)
    assert result.sharers == (YELLOW,)
    assert listed(sit, YELLOW, stack, where)
    assert refused(outcome(sit, GREEN, stack, where), "K-A-C5")


def test_example_1_green_may_lay_the_two_cell_tile_over_neutral_and_green() -> None:
    """Rulebook example 1 (K-A-C5): green may cover the neutral and the green yurt; yellow
    may not, since he would cover none of his own."""
    sit = situation(EXAMPLE_1, 2)
    where = place(EX1_DOMINO[0], *EX1_DOMINO[1])
    result = outcome(sit, GREEN, I2, where)
    assert isinstance(result, Conquest) and result.sharers == (GREEN,)
    refusal = outcome(sit, YELLOW, I2, where)
    assert refused(refusal, "K-A-C5") and isinstance(refusal, Refusal)
    own = f"player {YELLOW + 1}'s own yurts"  # seats are counted from 1 in what people read
    assert refusal.message == f"no majority: the tile covers none of {own}"


def test_example_1_nobody_may_lay_the_two_cell_tile_over_two_neutrals() -> None:
    """Rulebook example 1 (K-A-C5): covering only neutral yurts gives nobody a majority."""
    sit = situation(EXAMPLE_1, 2)
    where = place(EX1_TWO_NEUTRALS[0], *EX1_TWO_NEUTRALS[1])
    for player in (YELLOW, GREEN):
        assert refused(outcome(sit, player, I2, where), "K-A-C5")
        assert not listed(sit, player, I2, where)


# -- rulebook example 2 -----------------------------------------------------------------------

RED, YELLOW2, BLUE = 0, 1, 2
EXAMPLE_2 = """\
0 0 . 1 . .
0 2 2 1 . .
N . . 1 0 .
. . . N 1 @"""
EX2_TILES = {
    1: (L3, ((0, 0), (0, 1), (1, 0))),  # three red yurts
    2: (I3, ((0, 3), (1, 3), (2, 3))),  # three yellow yurts
    3: (I2, ((1, 1), (1, 2))),  # two blue yurts
    4: (L3, ((2, 4), (3, 4), (3, 3))),  # one red, one yellow, one neutral
}
EX2_MAY_LAY = {1: {RED}, 2: {YELLOW2}, 3: {BLUE}, 4: {RED, YELLOW2}}


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_example_2_who_may_lay_which_tile(number: int) -> None:
    """Rulebook example 2 (K-A-C5): red may lay tile 1, yellow tile 2, blue only tile 3, and
    tile 4 may be laid by red or by yellow."""
    sit = situation(EXAMPLE_2, 3)
    stack, coords = EX2_TILES[number]
    where = place(stack, *coords)
    for player in (RED, YELLOW2, BLUE):
        result = outcome(sit, player, stack, where)
        assert isinstance(result, Conquest) == (player in EX2_MAY_LAY[number]), (player, result)
        assert listed(sit, player, stack, where) == (player in EX2_MAY_LAY[number])


@pytest.mark.parametrize("player", [RED, YELLOW2])
def test_example_2_tile_4_is_conquered_jointly(player: int) -> None:
    """Rulebook example 2 (K-A-C5): whoever of red and yellow lays tile 4, both put a yurt on it."""
    sit = situation(EXAMPLE_2, 3)
    stack, coords = EX2_TILES[4]
    result = outcome(sit, player, stack, place(stack, *coords))
    assert isinstance(result, Conquest)
    assert result.sharers == (RED, YELLOW2)


def test_example_2_rulers_may_not_be_covered() -> None:
    """Rulebook example 2 (K-A-C4): "Herrscherfiguren dürfen nicht überdeckt werden"."""
    sit = situation(EXAMPLE_2, 3)
    where = place(I3, (3, 3), (3, 4), (3, 5))
    for player in (RED, YELLOW2):
        assert refused(outcome(sit, player, I3, where), "K-A-C4")
        assert not listed(sit, player, I3, where)


# -- K-A-C1 conquest tiles --------------------------------------------------------------------


def test_k_a_c1_conquest_tiles_only_lie_on_land() -> None:
    """K-A-C1: every placement of every conquest tile covers land only."""
    for key in ALL:
        if not key.bridge:
            assert all(p.mask & ~BOARD.land == 0 for p in TABLE.stack(key).placements)


def test_k_a_c1_conquest_tile_over_the_river_is_refused() -> None:
    """K-A-C1: a conquest tile may not cover a river cell (it is not a placement at all)."""
    sit = Situation((BOARD.land, 0), 0, 0)
    straight = orientations(SHAPES["I3"]).index(frozenset({(0, 0), (0, 1), (0, 2)}))
    result = evaluate(TABLE, sit, 0, ALL, I3, straight, BOARD.grid.cell(9, 7))  # M ~ F
    assert refused(result, "K-A-C1")


def test_k_a_c1_every_covered_cell_must_hold_a_yurt() -> None:
    """K-A-C1: a conquest tile over an empty land cell is refused and not listed."""
    sit = situation("0 0 .", 1)
    where = place(I3, (0, 0), (0, 1), (0, 2))
    assert refused(outcome(sit, 0, I3, where), "K-A-C1")
    assert not listed(sit, 0, I3, where)
    assert isinstance(outcome(sit, 0, I2, place(I2, (0, 0), (0, 1))), Conquest)


# -- K-A-C2 bridges ---------------------------------------------------------------------------


def test_k_a_c2_every_bridge_placement_crosses_the_river_between_two_banks() -> None:
    """K-A-C2: each bridge placement covers a river cell and land on two tile-local banks."""
    for key in ALL:
        if key.bridge:
            stack = TABLE.stack(key)
            assert stack.placements, key
            for p in stack.placements:
                assert p.river and p.mask & ~BOARD.in_play == 0
                assert len(tile_banks(BOARD, p.mask)) >= 2


def test_k_a_c2_bridge_over_yurts_on_both_banks_across_regions() -> None:
    """K-A-C2: a bridge M ~ F with yurts on both banks is legal; it crosses a region border."""
    west, east = BOARD.grid.cell(9, 7), BOARD.grid.cell(9, 9)
    assert BOARD.region_of(west) is Region.MOUNTAINS
    assert BOARD.region_of(east) is Region.TROPICAL_FOREST
    sit = Situation(((1 << west), 0), 1 << east, 0)
    where = place(BRIDGE_I3, (9, 7), (9, 8), (9, 9), origin=False)
    result = evaluate(TABLE, sit, 0, ALL, BRIDGE_I3, *where)
    assert isinstance(result, Conquest) and result.sharers == (0,)
    assert result.mask & BOARD.river


def test_k_a_c2_bridge_with_an_empty_land_cell_is_refused() -> None:
    """K-A-C2: every land cell under a bridge must hold a yurt."""
    west = BOARD.grid.cell(9, 7)
    sit = Situation(((1 << west), 0), 0, 0)
    where = place(BRIDGE_I3, (9, 7), (9, 8), (9, 9), origin=False)
    assert refused(evaluate(TABLE, sit, 0, ALL, BRIDGE_I3, *where), "K-A-C2")


def test_k_a_c2_bridge_without_two_banks_or_without_river_is_refused() -> None:
    """K-A-C2: a bridge touching land on one bank only, or no river, is not a placement."""
    sit = Situation((BOARD.land,), 0, 0)
    straight = orientations(SHAPES["I3"]).index(frozenset({(0, 0), (0, 1), (0, 2)}))
    one_bank = evaluate(TABLE, sit, 0, ALL, BRIDGE_I3, straight, BOARD.grid.cell(5, 6))  # S ~ ~
    assert isinstance(one_bank, Refusal) and one_bank.clause == "K-A-C2"
    assert "one bank only" in one_bank.message
    dry = evaluate(TABLE, sit, 0, ALL, BRIDGE_I3, straight, BOARD.grid.cell(9, 1))  # D D M
    assert isinstance(dry, Refusal) and dry.clause == "K-A-C2"
    assert "no river" in dry.message


def test_k_a_c2_bridges_may_lie_side_by_side_but_not_overlap() -> None:
    """K-A-C2 / K-A-C4: a second bridge right next to the first is legal; over it, refused."""
    first = place(BRIDGE_I3, (9, 7), (9, 8), (9, 9), origin=False)
    first_mask = TABLE.stack(BRIDGE_I3).get(*first).mask  # type: ignore[union-attr]
    land = BOARD.grid
    mine = sum(1 << land.cell(r, c) for r, c in [(10, 7), (10, 9), (11, 7), (11, 9)])
    sit = Situation((mine,), 0, first_mask)
    beside = place(BRIDGE_I3, (10, 7), (10, 8), (10, 9), origin=False)
    assert isinstance(evaluate(TABLE, sit, 0, ALL, BRIDGE_I3, *beside), Conquest)
    over = place(BRIDGE_L4, (9, 7), (9, 8), (9, 9), (10, 9), origin=False)
    assert refused(evaluate(TABLE, sit, 0, ALL, BRIDGE_L4, *over), "K-A-C4")


# -- K-A-C3 rotations and flips ---------------------------------------------------------------


def test_k_a_c3_every_orientation_of_every_stack_is_offered() -> None:
    """K-A-C3: with every land cell holding the player's yurt and nothing in the way, the
    legal conquests are exactly all static placements, in every rotation and flip."""
    sit = Situation((BOARD.land, 0), 0, 0)
    found = legal_conquests(TABLE, sit, 0, ALL)
    expected = {(key, p.orientation, p.anchor) for key in ALL for p in TABLE.stack(key).placements}
    assert {(c.stack, c.orientation, c.anchor) for c in found} == expected
    for key in ALL:
        count = len(orientations(SHAPES[key.shape]))
        assert len(TABLE.stack(key).orientations) == count
        assert {c.orientation for c in found if c.stack == key} == set(range(count)), key


def test_k_a_c3_a_flipped_tile_is_legal_and_unknown_orientations_are_refused() -> None:
    """K-A-C3: the mirror image of the L tetromino may be laid; orientation 8 does not exist."""
    sit = situation("0 0\n0 .\n0 .", 1)
    where = place(L4, (0, 0), (0, 1), (1, 0), (2, 0))
    assert where[0] >= 4  # found among the mirrored orientations (4..7)
    assert isinstance(outcome(sit, 0, L4, where), Conquest)
    assert refused(outcome(sit, 0, L4, (8, where[1])), "K-A-C3")


# -- K-A-C4 nothing under a tile --------------------------------------------------------------


def test_k_a_c4_no_tile_over_a_ruler_or_another_tile() -> None:
    """K-A-C4: a ruler or a tile in the way refuses the placement."""
    sit = situation("0 0 @ 0 # 0", 1)
    for coords in [((0, 1), (0, 2)), ((0, 3), (0, 4))]:
        where = place(I2, *coords)
        assert refused(outcome(sit, 0, I2, where), "K-A-C4")
        assert not listed(sit, 0, I2, where)


# -- K-A-C5 majority --------------------------------------------------------------------------


def test_k_a_c5_sole_majority_puts_one_yurt() -> None:
    """K-A-C5: 2 own against 1 → only the active player marks the tile."""
    sit = situation("0 1 0", 2)
    result = outcome(sit, 0, I3, place(I3, (0, 0), (0, 1), (0, 2)))
    assert isinstance(result, Conquest) and result.sharers == (0,)


def test_k_a_c5_a_rival_with_more_yurts_forbids_the_tile() -> None:
    """K-A-C5: nobody may cover more of his yurts than the active player."""
    sit = situation("0 1 1", 2)
    where = place(I3, (0, 0), (0, 1), (0, 2))
    result = outcome(sit, 0, I3, where)
    assert refused(result, "K-A-C5")
    assert isinstance(outcome(sit, 1, I3, where), Conquest)


def test_k_a_c5_three_way_tie_gives_three_sharers() -> None:
    """K-A-C5: every player tied for the most puts a yurt on the tile; neutral don't count."""
    sit = situation("2 0 N 1\n. . . 3", 4)
    where = place(I4, (0, 0), (0, 1), (0, 2), (0, 3))
    result = outcome(sit, 1, I4, where)
    assert isinstance(result, Conquest) and result.sharers == (0, 1, 2)


I4 = StackKey(TileKind.CONQUEST, "I4")


# -- K-A-C6 availability ----------------------------------------------------------------------


def test_k_a_c6_a_stack_that_is_not_available_is_refused_and_not_listed() -> None:
    """K-A-C6: if no tile of the wanted shape is left, another shape must be used."""
    sit = situation("0 0 0", 1)
    where = place(I3, (0, 0), (0, 1), (0, 2))
    without = ALL - {I3}
    assert refused(evaluate(TABLE, sit, 0, without, I3, *where), "K-A-C6")
    found = legal_conquests(TABLE, sit, 0, without)
    assert found and all(c.stack != I3 for c in found)
    assert any(c.stack == I2 for c in found)


def test_k_a_c6_identical_tiles_do_not_multiply_actions() -> None:
    """K-A-C6: the four dominoes are one stack; each placement is listed once."""
    sit = situation("0 0 0", 1)
    found = [c for c in legal_conquests(TABLE, sit, 0, ALL) if c.stack == I2]
    assert len(found) == 2  # A-B and B-C
    assert len({(c.orientation, c.anchor) for c in found}) == 2


def test_k_a_c6_available_stacks_drop_empty_and_reserved_stacks() -> None:
    """K-A-C6 / K-X4: a Scout on a stack (2–3 players) removes the whole stack for others; a
    Scout on one tile (4 players) removes that tile only; used tiles are gone."""
    tiles = standard_tiles()
    stock = [t for t in tiles if t.id != "C13"]  # the only straight tetromino is used
    stacks = available_stacks(stock, reserved_stacks={I3})
    assert I3 not in stacks and I4 not in stacks
    assert stacks[I2] == ("C01", "C02", "C03", "C04")
    one_tile = available_stacks(stock, reserved_tiles={"C02", "C14"})
    assert one_tile[I2] == ("C01", "C03", "C04")
    assert StackKey(TileKind.CONQUEST, "O4") not in one_tile
    assert set(available_stacks(tiles)) == ALL == {stack_key_of(t) for t in tiles}


# -- K-A-C7 protection ------------------------------------------------------------------------


def test_k_a_c7_great_khan_forbids_covering_a_protected_player_without_majority() -> None:
    """K-A-C7 / K-X2: player 1 is protected and would not share the majority: refused."""
    sit = situation("0 0 1", 2, Protections(khan=1))
    where = place(I3, (0, 0), (0, 1), (0, 2))
    assert refused(outcome(sit, 0, I3, where), "K-A-C7")
    assert not listed(sit, 0, I3, where)


def test_k_a_c7_great_khan_needs_consent_when_the_protected_player_shares() -> None:
    """K-A-C7 / K-X2 / K-X5: the protected player shares the majority → legal with his consent."""
    sit = situation("0 N 1", 2, Protections(khan=1))
    where = place(I3, (0, 0), (0, 1), (0, 2))
    result = outcome(sit, 0, I3, where)
    assert isinstance(result, Conquest)
    assert result.sharers == (0, 1) and result.consent_from == (1,) and result.needs_consent
    assert any(c == result for c in legal_conquests(TABLE, sit, 0, ALL))


def test_k_a_c7_own_protection_never_restricts_the_protected_player() -> None:
    """K-A-C7 / K-X2: "no *other* player" — the protected player covers his own yurts freely."""
    sit = situation("1 1 0", 2, Protections(khan=1))
    result = outcome(sit, 1, I3, place(I3, (0, 0), (0, 1), (0, 2)))
    assert isinstance(result, Conquest) and result.consent_from == ()


def test_k_a_c7_divine_support_protects_neutral_yurts() -> None:
    """K-A-C7 / K-X3 (2–3 players): protected neutral yurts may only be covered jointly with
    the protector, who must consent; covering them alone is refused."""
    area = divine_area(BOARD, 3)
    sit = situation("0 N 2 . 0 N", 3, Protections(divine=((2, area),)))
    alone = place(I2, (0, 4), (0, 5))
    assert refused(outcome(sit, 0, I2, alone), "K-A-C7")
    jointly = outcome(sit, 0, I3, place(I3, (0, 0), (0, 1), (0, 2)))
    assert isinstance(jointly, Conquest) and jointly.consent_from == (2,)
    assert isinstance(outcome(sit, 2, I2, place(I2, (0, 1), (0, 2))), Conquest)


def test_k_a_c7_divine_support_with_four_players_protects_one_region_only() -> None:
    """K-A-C7 / K-X3 (4 players): only the neutral yurts of the chosen region are protected."""
    sand = divine_area(BOARD, 4, Region.SAND_DESERT)
    assert BOARD.region_of(at(0, 0)) is Region.SAND_DESERT
    assert BOARD.region_of(at(0, 5)) is Region.MOUNTAINS
    sit = situation("N 0 . . 0 N", 4, Protections(divine=((3, sand),)))
    assert refused(outcome(sit, 0, I2, place(I2, (0, 0), (0, 1))), "K-A-C7")
    assert isinstance(outcome(sit, 0, I2, place(I2, (0, 4), (0, 5))), Conquest)
    with pytest.raises(ConquestInputError):
        divine_area(BOARD, 4)


def test_k_a_c7_two_protectors_must_both_consent() -> None:
    """K-A-C7: a tile touching yurts guarded by two cards needs both protectors' consent."""
    protections = Protections(khan=1, divine=((2, BOARD.land),))
    sit = situation("0 1 2 N", 3, protections)
    result = outcome(sit, 0, I4, place(I4, (0, 0), (0, 1), (0, 2), (0, 3)))
    assert isinstance(result, Conquest)
    assert result.sharers == (0, 1, 2) and result.consent_from == (1, 2)


# -- errors -----------------------------------------------------------------------------------


def test_check_conquest_raises_an_illegal_action_error_naming_the_clause() -> None:
    sit = situation("0 1 1", 2)
    where = place(I3, (0, 0), (0, 1), (0, 2))
    with pytest.raises(IllegalActionError) as info:
        check_conquest(TABLE, sit, 0, ALL, I3, *where)
    assert info.value.rule == "K-A-C5"
    assert check_conquest(TABLE, sit, 1, ALL, I3, *where).sharers == (1,)


def test_a_seat_outside_the_situation_is_a_typed_error() -> None:
    sit = situation("0 0", 1)
    with pytest.raises(ConquestInputError):
        legal_conquests(TABLE, sit, 3, ALL)


def test_stack_key_rejects_unknown_shapes() -> None:
    with pytest.raises(ValueError, match="unknown tile shape"):
        StackKey(TileKind.CONQUEST, "Q9")


# -- properties: generation and validation agree ----------------------------------------------


def random_situation(seed: int) -> tuple[Situation, int]:
    """A random position on the shipped board: tiles and rulers in the way, yurts of 2–4
    players and neutral yurts on most free land, random protection cards."""
    rng = Rng(seed)
    seats = 2 + rng.below(3)
    blocked = 0
    keys = sorted(ALL)
    for _ in range(rng.below(10)):
        placement = rng.choice(stack_placements(BOARD, rng.choice(keys)).placements)
        if not placement.mask & blocked:
            blocked |= placement.mask
    free = list(cells_of(BOARD.land & ~blocked))
    rng.shuffle(free)
    for cell in free[: rng.below(9)]:
        blocked |= 1 << cell  # rulers
    yurts = [0] * seats
    neutral = 0
    fill = 0.4 + 0.6 * rng.random()
    for cell in cells_of(BOARD.land & ~blocked):
        if rng.random() < fill:
            owner = rng.below(seats + 1)
            if owner == seats:
                neutral |= 1 << cell
            else:
                yurts[owner] |= 1 << cell
    khan = rng.below(seats) if rng.below(2) else None
    divine: tuple[tuple[int, int], ...] = ()
    if rng.below(2):
        region = rng.choice(list(Region))
        divine = ((rng.below(seats), divine_area(BOARD, seats, region)),)
    sit = Situation(tuple(yurts), neutral, blocked, Protections(khan, divine))
    assert sit.problems() == []
    return sit, rng.below(seats)


@given(st.integers(0, 2**32))
def test_every_listed_conquest_passes_evaluate(seed: int) -> None:
    """K-A-C1…K-A-C7: each generated conquest is accepted by ``evaluate`` with the same outcome."""
    sit, player = random_situation(seed)
    found = legal_conquests(TABLE, sit, player, ALL)
    for conquest in found:
        again = evaluate(
            TABLE, sit, player, ALL, conquest.stack, conquest.orientation, conquest.anchor
        )
        assert again == conquest
    assert has_legal_conquest(TABLE, sit, player, ALL) == bool(found)


@given(st.integers(0, 2**32))
def test_every_placement_refused_by_evaluate_is_not_listed(seed: int) -> None:
    """K-A-C1…K-A-C7: over every static placement, evaluate accepts exactly the listed ones."""
    sit, player = random_situation(seed)
    found = {(c.stack, c.orientation, c.anchor) for c in legal_conquests(TABLE, sit, player, ALL)}
    accepted = set()
    for key in ALL:
        for p in TABLE.stack(key).placements:
            if isinstance(
                evaluate(TABLE, sit, player, ALL, key, p.orientation, p.anchor), Conquest
            ):
                accepted.add((key, p.orientation, p.anchor))
    assert accepted == found


@given(
    st.integers(0, 2**32),
    st.sampled_from(sorted(ALL)),
    st.integers(-1, 8),
    st.integers(-1, 169),
)
def test_random_placements_refused_by_evaluate_are_not_listed(
    seed: int, stack: StackKey, orientation: int, anchor: int
) -> None:
    """Random (tile, orientation, anchor) triples, valid or not: refused ⇔ not listed, and a
    refusal always names one of the conquest clauses."""
    sit, player = random_situation(seed)
    result = evaluate(TABLE, sit, player, ALL, stack, orientation, anchor)
    is_listed = listed(sit, player, stack, (orientation, anchor))
    if isinstance(result, Refusal):
        assert not is_listed
        assert result.clause in {f"K-A-C{i}" for i in range(1, 8)}
        assert result.message
    else:
        assert is_listed


def test_situation_problems_report_inconsistent_input() -> None:
    """A malformed situation is reported, not silently scored (checked by the tests' builder)."""
    cell = at(0, 0)
    assert Situation((1 << cell, 1 << cell), 0, 0).problems() == [
        "yurts of seat 1 overlap other yurts"
    ]
    assert Situation((1 << cell,), 0, 1 << cell).problems() == [
        "a yurt lies under a tile or a ruler"
    ]
    assert "seat 5" in Situation((0,), 0, 0, Protections(khan=5)).problems()[0]
    assert Situation((1 << cell,), 0, 0).problems() == []


def test_a_player_without_yurts_has_no_conquest() -> None:
    """K-A-C5: without an own yurt on the board there is nothing to conquer (K-E3 uses this)."""
    sit = situation("1 1 N", 2)
    assert legal_conquests(TABLE, sit, 0, ALL) == []
    assert not has_legal_conquest(TABLE, sit, 0, ALL)
    assert has_legal_conquest(TABLE, sit, 1, ALL)


def test_k_a_c3_placement_identity_matches_the_polyomino_module() -> None:
    """K-A-C3: ``(orientation, anchor)`` means the same as in ``boardkit.geometry.polyomino``,
    so a front end can build any listed placement from tile, orientation and anchor cell."""
    for key in ALL:
        stack = TABLE.stack(key)
        for p in stack.placements:
            assert placement_mask(SHAPES[key.shape], p.orientation, p.anchor, BOARD.grid) == p.mask
            assert stack.get(p.orientation, p.anchor) is p
    assert stack_placements(BOARD, I2) is TABLE.stack(I2)  # one cached table per board


def test_every_placement_is_its_oriented_shape_shifted_to_its_anchor() -> None:
    """What the generator relies on to skip the look-up of each placement."""
    for key in standard_stack_keys():
        stack = TABLE.stack(key)
        for orientation in stack.orientations:
            shape = 1
            for offset in orientation.offsets:
                shape |= 1 << offset
            for anchor, placement in orientation.by_anchor.items():
                assert placement.mask == shape << anchor
                assert (placement.orientation, placement.anchor) == (orientation.index, anchor)


def _fits_one_by_one(
    allowed: int, bridge_allowed: int, own: int, keys: frozenset[StackKey]
) -> list[int]:
    """Per orientation in scan order, the anchors whose cells are all allowed and whose tile
    covers a cell of ``own`` (the definition, placement by placement)."""
    out = []
    for key in sorted(keys, key=lambda k: (k.kind.value, k.shape)):
        mask = bridge_allowed if key.bridge else allowed
        for o in TABLE.stack(key).orientations:
            fits = 0
            for anchor, placement in o.by_anchor.items():
                if placement.mask & ~mask == 0 and placement.mask & own:
                    fits |= 1 << anchor
            out.append(fits)
    return out


@given(st.integers(0, 2**32))
def test_the_generated_fit_finder_agrees_with_the_definition(seed: int) -> None:
    """fits.py: every orientation with a fitting anchor that covers an own cell is reported,
    with exactly those anchors, in scan order, for the standard stacks and a set outside them,
    by the walk of the tries and by their straight-line form alike."""
    rng = Rng(seed)
    extra = [StackKey(TileKind.BRIDGE, "I2"), StackKey(TileKind.BRIDGE, "T4")]
    assert not set(extra) & ALL
    for keys in (ALL, frozenset(sorted(ALL)[: rng.below(len(ALL))] + extra)):
        allowed = BOARD.land
        for cell in cells_of(BOARD.land):
            if rng.below(3) == 0:
                allowed &= ~(1 << cell)
        bridge_allowed = allowed | (BOARD.river & ~(rng.below(2**40) << rng.below(120)))
        finder = fit_finder(TABLE, keys)
        own = allowed & rng.below(2**64) << rng.below(120)
        expected = _fits_one_by_one(allowed, bridge_allowed, own, keys)
        for find in (
            finder.find,
            fits_module._generate(TABLE, keys, walk=True).find,  # the compiled build's
            fits_module._generate(TABLE, keys, walk=False).find,  # the interpreter's
        ):
            found = find(allowed, bridge_allowed if finder.has_bridges else None, own)
            assert found == [(i, fits) for i, fits in enumerate(expected) if fits]
        assert [(o.stack, o.number) for o in finder.orientations] == [
            (key, o.index)
            for key in sorted(keys, key=lambda k: (k.kind.value, k.shape))
            for o in TABLE.stack(key).orientations
        ]


def test_conquests_of_stacks_outside_the_standard_set_are_listed_too() -> None:
    """A set of stacks with one the standard tiles do not have gets its own finder."""
    sit, player = random_situation(11)
    bridge = StackKey(TileKind.BRIDGE, "T4")
    assert bridge not in ALL and TABLE.stack(bridge).placements
    keys = frozenset({bridge, *sorted(ALL)[:5]})
    found = legal_conquests(TABLE, sit, player, keys)
    expected = []
    for key in sorted(keys, key=lambda k: (k.kind.value, k.shape)):
        for placement in TABLE.stack(key).placements:
            outcome = evaluate(
                TABLE, sit, player, keys, key, placement.orientation, placement.anchor
            )
            if isinstance(outcome, Conquest):
                expected.append(outcome)
    assert found == expected and any(c.stack == bridge for c in found)


def _fresh(sit: Situation, player: int, keys: frozenset[StackKey]) -> list[Conquest]:
    """A listing scanned from scratch: the player's last listing is forgotten first."""
    saved = dict(conquest_module._LAST)
    conquest_module._LAST.clear()
    try:
        return legal_conquests(TABLE, sit, player, keys)
    finally:
        conquest_module._LAST.clear()
        conquest_module._LAST.update(saved)


@given(st.integers(0, 2**32))
def test_a_listing_carried_over_from_the_last_one_equals_a_fresh_scan(seed: int) -> None:
    """A player's listing after a few cells changed (yurts placed or gone, rulers and tiles
    moved), a stack left the offer or the protections changed is the one a fresh scan gives,
    whether it is carried over from his last listing or not."""
    sit, player = random_situation(seed)
    rng = Rng(seed + 1)
    keys = ALL
    legal_conquests(TABLE, sit, player, keys)
    for _ in range(4):
        yurts = list(sit.yurts)
        neutral, blocked = sit.neutral, sit.blocked
        land = list(cells_of(BOARD.land))
        for _ in range(1 + rng.below(6)):
            bit = 1 << rng.choice(land)
            yurts = [y & ~bit for y in yurts]
            neutral &= ~bit
            blocked &= ~bit
            what = rng.below(len(yurts) + 3)
            if what < len(yurts):
                yurts[what] |= bit
            elif what == len(yurts):
                neutral |= bit
            elif what == len(yurts) + 1:
                blocked |= bit
        protections = sit.protections
        if rng.below(3) == 0:
            protections = Protections(rng.choice([None, *range(len(yurts))]), ())
        if rng.below(3) == 0:
            keys = frozenset(sorted(keys)[: rng.below(len(keys))] + sorted(keys)[-3:])
        sit = Situation(tuple(yurts), neutral, blocked, protections)
        assert legal_conquests(TABLE, sit, player, keys) == _fresh(sit, player, keys)


def test_a_small_change_is_carried_over_and_a_seat_count_change_is_not() -> None:
    """One yurt placed since the last listing: the listing is carried over (judged again only
    where the yurt lies); the same seat in a game with another number of seats starts afresh.

    ``_carried`` is asked directly with the remembered listing (a spy put in its place would not
    see the calls of the compiled build, where the module calls its own functions directly)."""
    sit, player = random_situation(5)
    before = legal_conquests(TABLE, sit, player, ALL)
    last = conquest_module._LAST[(TABLE, player)]
    finder, usable = conquest_module._finder(TABLE, ALL)
    free = next(iter(cells_of(BOARD.land & ~sit.blocked & ~sit.neutral & ~sum(sit.yurts))))
    yurts = list(sit.yurts)
    yurts[player] |= 1 << free
    after = Situation(tuple(yurts), sit.neutral, sit.blocked, sit.protections)
    carried = conquest_module._carried(last, TABLE, after, player, finder, usable)
    assert carried is not None and carried[0] == _fresh(after, player, ALL)
    assert legal_conquests(TABLE, after, player, ALL) == _fresh(after, player, ALL)
    assert len(_fresh(after, player, ALL)) >= len(before)
    other = Situation((*after.yurts, 0), after.neutral, after.blocked, after.protections)
    last = conquest_module._LAST[(TABLE, player)]
    assert conquest_module._carried(last, TABLE, other, player, finder, usable) is None
    assert legal_conquests(TABLE, other, player, ALL) == _fresh(other, player, ALL)


def test_the_reach_of_a_cell_holds_every_placement_covering_it() -> None:
    """fits.reach: per cell, the union of the placements of the finder's stacks covering it."""
    finder = fit_finder(TABLE, ALL)
    cells = reach(finder)
    for cell in (0, 37, 80, BOARD.grid.size - 1):
        expected = 0
        for key in ALL:
            for placement in TABLE.stack(key).placements:
                if placement.mask >> cell & 1:
                    expected |= placement.mask
        assert (cells[cell] if cell < len(cells) else 0) == expected
