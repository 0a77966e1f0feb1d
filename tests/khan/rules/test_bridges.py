"""Bridges (K-A-C2): a bridge crosses the river where it lies — banks are read at the tile.

The river forks at I6 and its eastern branch (K2…K6) ends inside the Ice desert, so the land on
both sides of the branch is one piece of the map; the bridges over it must still be legal. The
tests use the shipped (reconstructed) board and, for "any board file", small boards of their own.
"""

from __future__ import annotations

import pytest

from boardkit.geometry.grid import cells_of
from boardkit.geometry.polyomino import SHAPES, orientations, placement_mask
from boardkit_khan.rules.board import Board, build_board
from boardkit_khan.rules.board_validation import validate_board
from boardkit_khan.rules.components import TileKind
from boardkit_khan.rules.conquest import Conquest, Refusal, Situation, evaluate
from boardkit_khan.rules.events import TileLaid
from boardkit_khan.rules.placements import (
    StackKey,
    placement_table,
    standard_stack_keys,
    tile_banks,
)

from ..game_builders import (
    BOARD,
    conquer_at,
    legal,
    main_state,
    mask,
    of_type,
    step,
    with_yurts,
)

TABLE = placement_table(BOARD)
ALL = frozenset(standard_stack_keys())
BRIDGES = tuple(key for key in sorted(ALL) if key.bridge)
BRIDGE_I3 = StackKey(TileKind.BRIDGE, "I3")
BRIDGE_I4 = StackKey(TileKind.BRIDGE, "I4")
BRIDGE_L4 = StackKey(TileKind.BRIDGE, "L4")


def covering(stack: StackKey, cells: int) -> tuple[int, int] | None:
    """``(orientation, anchor)`` of the placement of ``stack`` covering exactly ``cells``."""
    for placement in TABLE.stack(stack).placements:
        if placement.mask == cells:
            return placement.orientation, placement.anchor
    return None


def reference_banks(board: Board, cells: int) -> int:
    """The number of tile-local banks, computed the slow way (K-A-C2's definition).

    Covered land cells are joined when they are side neighbours; a path may not leave the tile
    and may not step on a river cell. Written independently of ``tile_banks``.
    """
    land = [c for c in cells_of(cells) if board.is_land(c)]
    seen: set[int] = set()
    groups = 0
    for start in land:
        if start in seen:
            continue
        groups += 1
        todo = [start]
        while todo:
            here = todo.pop()
            if here in seen:
                continue
            seen.add(here)
            todo += [c for c in cells_of(board.grid.side_neighbours(here)) if c in land]
    return groups


def is_bridge_placement(board: Board, cells: int) -> bool:
    """K-A-C2 (static part): in play, ≥ 1 river cell, land in ≥ 2 tile-local banks."""
    return (
        cells & ~board.in_play == 0
        and cells & board.river != 0
        and reference_banks(board, cells) >= 2
    )


def every_position(board: Board, shape: str) -> list[int]:
    """The masks of every position of ``shape`` on ``board``, in every orientation (K-A-C3)."""
    found = []
    for index in range(len(orientations(SHAPES[shape]))):
        for anchor in range(board.grid.size):
            cells = placement_mask(SHAPES[shape], index, anchor, board.grid)
            if cells is not None:
                found.append(cells)
    return found


# -- the definition, on every shape and orientation ------------------------------------------


@pytest.mark.parametrize("key", BRIDGES, ids=str)
def test_k_a_c2_bridge_placements_are_exactly_the_tile_local_crossings(key: StackKey) -> None:
    """K-A-C2 / K-A-C3: for every bridge shape (straight 3, straight 4, L-shaped 4) in every
    orientation at every anchor of the shipped board, the position is a placement exactly when
    its river cells separate its land cells (≥ 1 river cell, land in ≥ 2 tile-local banks)."""
    table = {p.mask for p in TABLE.stack(key).placements}
    expected = {
        cells for cells in every_position(BOARD, key.shape) if is_bridge_placement(BOARD, cells)
    }
    assert table == expected
    assert all(len(tile_banks(BOARD, cells)) >= 2 for cells in table)


def test_k_a_c2_the_branch_can_be_bridged_along_its_whole_length() -> None:
    """K-A-C2: each branch cell K2…K5 is crossed by a straight 3 (Jn–Kn–Ln) and two straight 4
    bridges (In–Kn…, Jn–…Mn); the land on both sides is one piece of the map (Ice desert)."""
    assert (
        BOARD.grid.component_of(BOARD.land, BOARD.parse_label("J4")) >> BOARD.parse_label("L4") & 1
    )
    for row in range(2, 6):
        assert covering(BRIDGE_I3, mask(f"J{row}", f"K{row}", f"L{row}")) is not None, row
        assert covering(BRIDGE_I4, mask(f"I{row}", f"J{row}", f"K{row}", f"L{row}")) is not None
    for row in range(3, 6):
        assert covering(BRIDGE_I4, mask(f"J{row}", f"K{row}", f"L{row}", f"M{row}")) is not None


@pytest.mark.parametrize(
    ("where", "stack", "cells"),
    [
        ("main stream", BRIDGE_I3, ("H10", "I10", "J10")),
        ("main stream, L-shaped", BRIDGE_L4, ("H9", "H10", "I10", "J10")),
        ("branch", BRIDGE_I3, ("J4", "K4", "L4")),
        ("branch, L-shaped", BRIDGE_L4, ("J3", "J4", "K4", "L4")),
        ("branch, straight 4", BRIDGE_I4, ("I3", "J3", "K3", "L3")),
        ("near the fork", BRIDGE_I3, ("J5", "J6", "J7")),
        ("near the fork, L-shaped", BRIDGE_L4, ("J5", "K5", "L5", "J6")),
        ("at the mouth", BRIDGE_I4, ("G13", "H13", "I13", "J13")),
    ],
)
def test_k_a_c2_bridges_over_the_river_are_placements(
    where: str, stack: StackKey, cells: tuple[str, ...]
) -> None:
    """K-A-C2: bridges over the main stream, over the branch, near the fork and at the mouth,
    with a yurt on every covered land cell, are legal for the player holding the majority."""
    covered = mask(*cells)
    at = covering(stack, covered)
    assert at is not None, where
    land = covered & BOARD.land
    sit = Situation((land, 0), 0, 0)
    result = evaluate(TABLE, sit, 0, ALL, stack, *at)
    assert isinstance(result, Conquest), (where, result)
    assert result.mask & BOARD.river


@pytest.mark.parametrize(
    ("where", "stack", "cells"),
    [
        ("along the main stream", BRIDGE_I3, ("G6", "H6", "I6")),
        ("along the branch, L-shaped", BRIDGE_L4, ("J3", "J4", "J5", "K5")),
        ("between stream and branch", BRIDGE_I4, ("H4", "I4", "J4", "K4")),
        ("in the river", BRIDGE_I4, ("K2", "K3", "K4", "K5")),
        ("on dry land", BRIDGE_I3, ("J2", "J3", "J4")),
    ],
)
def test_k_a_c2_bridges_lying_along_the_river_are_refused(
    where: str, stack: StackKey, cells: tuple[str, ...]
) -> None:
    """K-A-C2: a bridge whose land lies on one side of the river only (or that covers no river,
    or no land) is no placement, even with a yurt on every land cell; the refusal names K-A-C2."""
    covered = mask(*cells)
    assert covering(stack, covered) is None, where
    sit = Situation((BOARD.land,), 0, 0)
    shape = SHAPES[stack.shape]
    for index in range(len(orientations(shape))):
        for anchor in range(BOARD.grid.size):
            if placement_mask(shape, index, anchor, BOARD.grid) == covered:
                result = evaluate(TABLE, sit, 0, ALL, stack, index, anchor)
                assert isinstance(result, Refusal) and result.clause == "K-A-C2", where
                return
    raise AssertionError(f"no position of {stack} covers {cells}")


def test_k_a_c2_refusal_says_the_bridge_does_not_cross() -> None:
    """K-A-C2: the refusal of a bridge along the river says its land lies on one bank only."""
    covered = mask("G6", "H6", "I6")
    shape = SHAPES["I3"]
    straight = next(
        (i, a)
        for i in range(len(orientations(shape)))
        for a in range(BOARD.grid.size)
        if placement_mask(shape, i, a, BOARD.grid) == covered
    )
    result = evaluate(TABLE, Situation((BOARD.land,), 0, 0), 0, ALL, BRIDGE_I3, *straight)
    assert isinstance(result, Refusal) and result.clause == "K-A-C2"
    assert "one bank only" in result.message


# -- in a game ---------------------------------------------------------------------------------


def test_k_a_c2_bridge_j4_k4_l4_over_the_branch_in_a_game() -> None:
    """K-A-C2 (issue 10): with a yurt on J4 and on L4, the straight bridge J4–K4–L4 over the
    river's branch is a legal action C and is laid; it used to be refused with "does not reach
    land on two different banks"."""
    state = main_state(2, seed=3)
    player = state.flow.active
    assert player is not None
    state = with_yurts(state, {"J4": player, "L4": None})
    action = conquer_at(BRIDGE_I3, mask("J4", "K4", "L4"))
    assert action in legal(state)
    after, events = step(state, action)
    laid = of_type(events, TileLaid)
    assert len(laid) == 1 and laid[0].mask == mask("J4", "K4", "L4")
    assert laid[0].owners == (player,)
    assert after.field.tiles & mask("K4")


# -- any board file ----------------------------------------------------------------------------

#: A small board of its own: a river from the north edge forks at C3 and ends at C4; its eastern
#: branch ends inside the land at E2, so all the land is one side-connected piece.
FORKED = (
    "TT~TTTT",
    "TT~T~TT",
    "TT~~~TT",
    "TT~TTTT",
    "TTTTTTT",
)


def test_k_a_c2_any_board_a_branch_ending_in_the_land_can_be_bridged() -> None:
    """K-A-C2 on a board of its own: the land is one piece, yet bridges cross both the stream
    and the branch, and a straight bridge along the branch's side is refused."""
    board = build_board(FORKED)
    assert len(board.grid.components(board.land)) == 1
    table = placement_table(board)

    def cells(*labels: str) -> int:
        return sum(1 << board.parse_label(label) for label in labels)

    straight = {p.mask for p in table.stack(BRIDGE_I3).placements}
    assert cells("B1", "C1", "D1") in straight  # the stream
    assert cells("D2", "E2", "F2") in straight  # the branch's end
    assert cells("D3", "E3", "F3") not in straight  # three cells, two of them river: one bank
    assert cells("E1", "E2", "E3") not in straight  # along the branch: no land beyond it
    for key in BRIDGES:
        expected = {c for c in every_position(board, key.shape) if is_bridge_placement(board, c)}
        assert {p.mask for p in table.stack(key).placements} == expected, key


# -- the board validator (K-C1) -----------------------------------------------------------------


def test_k_c1_validator_requires_a_river_a_bridge_can_cross() -> None:
    """K-C1: the validator asks for a river that separates land somewhere (a bridge placement
    exists); a river along the edge of the board, with land on one side only, is reported."""
    rows = ["T" * 12 + "~"] * 13
    problems = validate_board(build_board(rows))
    assert any(p.startswith("K-C1: the river separates land nowhere") for p in problems)
    assert not any("separates land nowhere" in p for p in validate_board(BOARD))


def test_k_c1_validator_accepts_a_river_ending_inside_the_land() -> None:
    """K-C1: a river whose three ends all lie inside the land leaves the land in one piece; it
    is no longer reported for having fewer than two banks, as bridges can cross it."""
    rows = ["T" * 13] * 13
    rows[3] = "TTTT~~~~~TTTT"  # a stream with a fork at G4 and a branch down to G7
    for row in (4, 5, 6):
        rows[row] = "TTTTTT~TTTTTT"
    board = build_board(rows)
    assert len(board.grid.components(board.land)) == 1
    problems = validate_board(board)
    assert not any("bank" in p or "separates land" in p for p in problems), problems
