"""Tests for boardkit.geometry: square-grid bitmask helpers and polyominoes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.geometry.grid import (
    DIRECTION_DELTAS,
    Direction,
    Grid,
    cells_of,
    connected_components,
    popcount,
    side_neighbours_mask,
)
from boardkit.geometry.polyomino import (
    PENTOMINO_NAMES,
    SHAPES,
    TETROMINO_NAMES,
    anchor,
    normalise,
    orientations,
    placement_mask,
    placement_table,
    placements,
    same_free_shape,
    shape_from_picture,
)
from tests.budget import examples

GRID = Grid(13, 13)


def grids() -> st.SearchStrategy[Grid]:
    return st.builds(Grid, st.integers(1, 9), st.integers(1, 9))


@st.composite
def grid_and_mask(draw: st.DrawFn) -> tuple[Grid, int]:
    grid = draw(grids())
    mask = draw(st.integers(0, grid.full_mask))
    return grid, mask


def naive_side_neighbours(grid: Grid, mask: int) -> int:
    """Reference implementation cell by cell, to check the shift-based one."""
    result = 0
    for cell in cells_of(mask):
        row, col = divmod(cell, grid.width)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if grid.contains(row + dr, col + dc):
                result |= 1 << grid.cell(row + dr, col + dc)
    return result & ~mask


# -- grid ---------------------------------------------------------------------------------------


def test_directions_are_clockwise_from_north() -> None:
    assert [d.name for d in Direction] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert DIRECTION_DELTAS[Direction.N] == (-1, 0)
    assert DIRECTION_DELTAS[Direction.SE] == (1, 1)
    assert Direction.NW.clockwise() is Direction.N
    assert Direction.E.clockwise(4) is Direction.W


def test_cell_index_is_row_major_with_row_zero_north() -> None:
    assert GRID.cell(0, 0) == 0
    assert GRID.cell(1, 0) == 13
    assert GRID.coords(57) == (4, 5)
    assert GRID.label(0) == "A1"
    assert GRID.label(168) == "M13"
    with pytest.raises(ValueError):
        GRID.cell(13, 0)


def test_ray_stops_at_box_edge_and_respects_max_steps() -> None:
    centre = GRID.cell(6, 6)
    assert GRID.ray(centre, Direction.N) == tuple(GRID.cell(r, 6) for r in range(5, -1, -1))
    assert GRID.ray(centre, Direction.NE, 3) == (
        GRID.cell(5, 7),
        GRID.cell(4, 8),
        GRID.cell(3, 9),
    )
    corner = GRID.cell(0, 0)
    assert GRID.ray(corner, Direction.N) == ()
    assert GRID.ray(corner, Direction.NW) == ()
    assert len(GRID.ray(corner, Direction.SE)) == 12
    assert GRID.step(corner, Direction.W) is None


def test_side_neighbours_at_corner_edge_and_centre() -> None:
    assert popcount(GRID.side_neighbours(0)) == 2
    assert popcount(GRID.side_neighbours(GRID.cell(0, 5))) == 3
    assert popcount(GRID.side_neighbours(GRID.cell(6, 6))) == 4
    assert popcount(GRID.all_neighbours(GRID.cell(6, 6))) == 8
    # no wrap-around from the east edge to the next row's west edge
    east = GRID.cell(3, 12)
    assert not GRID.side_neighbours(east) & (1 << GRID.cell(4, 0))
    assert not GRID.side_neighbours_mask(1 << east) & (1 << GRID.cell(4, 0))


def test_components_of_two_blobs_touching_only_at_a_corner() -> None:
    mask = (1 << GRID.cell(0, 0)) | (1 << GRID.cell(1, 1))
    assert connected_components(GRID, mask) == [1 << GRID.cell(0, 0), 1 << GRID.cell(1, 1)]
    assert not GRID.is_connected(mask)
    assert GRID.is_connected(mask | (1 << GRID.cell(0, 1)))


@given(grid_and_mask())
def test_side_neighbours_mask_matches_cellwise_reference(gm: tuple[Grid, int]) -> None:
    grid, mask = gm
    assert side_neighbours_mask(grid, mask) == naive_side_neighbours(grid, mask)
    assert grid.side_neighbours_mask(mask) & mask == 0


@given(grid_and_mask())
def test_components_partition_the_mask(gm: tuple[Grid, int]) -> None:
    grid, mask = gm
    comps = grid.components(mask)
    union = 0
    for comp in comps:
        assert comp != 0
        assert union & comp == 0, "components overlap"
        assert grid.is_connected(comp)
        union |= comp
    assert union == mask
    # maximal: no component touches another one side to side
    for comp in comps:
        assert grid.side_neighbours_mask(comp) & mask == 0


@given(grid_and_mask())
def test_linked_cells_are_the_components_of_two_cells_or_more(gm: tuple[Grid, int]) -> None:
    grid, mask = gm
    linked = grid.linked_cells(mask)
    assert grid.components(linked) == [c for c in grid.components(mask) if popcount(c) > 1]
    for cell in range(grid.width * grid.height):
        assert bool(linked >> cell & 1) == bool(
            mask >> cell & 1 and grid.side_neighbours(cell) & mask
        )


@given(grid_and_mask())
def test_component_of_grows_the_cells_own_component(gm: tuple[Grid, int]) -> None:
    grid, mask = gm
    for comp in grid.components(mask):
        for cell in cells_of(comp):
            assert grid.component_of(mask, cell) == comp
    outside = next((c for c in range(grid.width * grid.height) if not mask >> c & 1), None)
    if outside is not None:
        assert grid.component_of(mask, outside) == 0


@given(grid_and_mask())
def test_cells_of_and_popcount_agree(gm: tuple[Grid, int]) -> None:
    _, mask = gm
    cells = list(cells_of(mask))
    assert cells == sorted(set(cells))
    assert len(cells) == popcount(mask)
    assert sum(1 << c for c in cells) == mask


@given(grids(), st.data())
def test_rays_are_straight_lines_inside_the_box(grid: Grid, data: st.DataObject) -> None:
    cell = data.draw(st.integers(0, grid.size - 1))
    direction = data.draw(st.sampled_from(list(Direction)))
    row, col = grid.coords(cell)
    dr, dc = direction.delta
    ray = grid.ray(cell, direction)
    for k, nxt in enumerate(ray, start=1):
        assert grid.coords(nxt) == (row + k * dr, col + k * dc)
    assert not grid.contains(row + (len(ray) + 1) * dr, col + (len(ray) + 1) * dc)


# -- polyominoes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("I2", 2),
        ("I3", 2),
        ("L3", 4),
        ("I4", 2),
        ("O4", 1),
        ("T4", 4),
        ("S4", 4),
        ("L4", 8),
        ("F5", 8),
        ("I5", 2),
        ("X5", 1),
        ("L5", 8),
        ("N5", 8),
        ("P5", 8),
        ("T5", 4),
        ("U5", 4),
        ("V5", 4),
        ("W5", 4),
        ("Y5", 8),
        ("Z5", 4),
    ],
)
def test_orientation_counts(name: str, count: int) -> None:
    assert len(orientations(SHAPES[name])) == count


def test_twelve_free_pentominoes_have_63_fixed_orientations() -> None:
    assert sum(len(orientations(SHAPES[n])) for n in PENTOMINO_NAMES) == 63
    assert sum(len(orientations(SHAPES[n])) for n in TETROMINO_NAMES) == 19


def test_named_shapes_are_pairwise_different_free_polyominoes() -> None:
    names = list(SHAPES)
    for i, a in enumerate(names):
        assert len(SHAPES[a]) == int(a[1]), a
        for b in names[i + 1 :]:
            assert not same_free_shape(SHAPES[a], SHAPES[b]), (a, b)


def test_without_flip_only_rotations_are_listed() -> None:
    assert len(orientations(SHAPES["L4"], allow_flip=False)) == 4
    assert len(orientations(SHAPES["S4"], allow_flip=False)) == 2


def test_orientation_order_is_stable() -> None:
    # Orientation 0 is the shape as defined; orientation 1 is it turned 90° clockwise.
    l3 = SHAPES["L3"]
    assert orientations(l3)[0] == l3
    assert orientations(l3)[1] == shape_from_picture("##\n#.")
    assert all(normalise(o) == o for o in orientations(SHAPES["F5"]))


def test_placement_mask_puts_the_anchor_on_the_anchor_cell() -> None:
    # L3 orientation 0 is "#." / "##": anchor (0,0); placing it at C2 covers C2, C3, D3.
    mask = placement_mask(SHAPES["L3"], 0, GRID.cell(1, 2), GRID)
    assert mask == sum(1 << GRID.cell(r, c) for r, c in [(1, 2), (2, 2), (2, 3)])
    # The anchor is the west-most cell of the top row, even if cells lie further west below it.
    s4 = SHAPES["S4"]  # ".##" / "##."
    assert anchor(s4) == (0, 1)
    mask = placement_mask(s4, 0, GRID.cell(0, 1), GRID)
    assert mask == sum(1 << GRID.cell(r, c) for r, c in [(0, 1), (0, 2), (1, 0), (1, 1)])
    # Falling off the west edge gives None.
    assert placement_mask(s4, 0, GRID.cell(0, 0), GRID) is None
    with pytest.raises(IndexError):
        placement_mask(SHAPES["X5"], 1, 0, GRID)


def test_placement_table_keys_map_to_exactly_one_mask() -> None:
    table = placement_table(SHAPES["P5"], GRID, GRID.full_mask)
    keys = [(o, a) for o, a, _ in table]
    masks = [m for _, _, m in table]
    assert len(set(keys)) == len(keys)
    assert len(set(masks)) == len(masks)
    for o, a, m in table:
        assert placement_mask(SHAPES["P5"], o, a, GRID) == m


def test_placement_counts_on_an_open_box() -> None:
    assert len(placements(SHAPES["I2"], GRID, GRID.full_mask)) == 2 * 13 * 12
    assert len(placements(SHAPES["X5"], GRID, GRID.full_mask)) == 11 * 11
    assert len(placements(SHAPES["O4"], GRID, GRID.full_mask)) == 12 * 12
    small = Grid(3, 3)
    assert placements(SHAPES["I5"], small, small.full_mask) == ()


@settings(max_examples=examples(60))
@given(
    st.sampled_from(sorted(SHAPES)),
    st.integers(0, Grid(6, 6).full_mask),
)
def test_every_placement_lies_inside_the_allowed_mask(name: str, allowed: int) -> None:
    grid = Grid(6, 6)
    shape = SHAPES[name]
    found = placements(shape, grid, allowed)
    assert len(set(found)) == len(found)
    for mask in found:
        assert mask & ~allowed == 0
        assert popcount(mask) == len(shape)
        assert grid.is_connected(mask)
    # Completeness: every placement on the open grid that fits the mask is listed.
    expected = {m for m in placements(shape, grid, grid.full_mask) if m & ~allowed == 0}
    assert set(found) == expected
