"""Square-grid helpers on int bitmasks.

A :class:`Grid` is a ``width`` × ``height`` box of square cells. Cells are numbered row-major:
``index = row * width + col`` with row 0 at the north (top) edge and column 0 at the west
(left) edge. A *set of cells* is an ``int`` bitmask whose bit ``1 << index`` is set for each
member. Python ints are arbitrary precision, so any box size works, and set operations
(``|``, ``&``, ``~``) are single machine-level operations for boards of a few hundred cells.

Everything that depends only on the box (neighbour masks, rays, edge masks) is computed once
when the grid is created, so rules engines can call these helpers on their hot path.

The module is game-agnostic: it knows nothing about terrain, rivers or rulers.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum

import attrs


class Direction(IntEnum):
    """The eight compass directions, numbered clockwise starting from north.

    The numbering matters: "the next direction clockwise" is ``Direction((d + 1) % 8)``.
    """

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> tuple[int, int]:
        """The step as ``(drow, dcol)``; north is ``drow = -1`` because row 0 is the top."""
        return DIRECTION_DELTAS[self]

    def clockwise(self, steps: int = 1) -> Direction:
        """The direction ``steps`` eighth-turns clockwise from this one."""
        return Direction((self.value + steps) % 8)


#: ``(drow, dcol)`` for each direction, in the clockwise order N, NE, E, SE, S, SW, W, NW.
DIRECTION_DELTAS: tuple[tuple[int, int], ...] = (
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
)

#: The four orthogonal ("side") directions.
ORTHOGONAL: tuple[Direction, ...] = (Direction.N, Direction.E, Direction.S, Direction.W)


def popcount(mask: int) -> int:
    """Number of cells in ``mask``."""
    return mask.bit_count()


def cells_of(mask: int) -> Iterator[int]:
    """Yield the cell indices of ``mask`` in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_cell(mask: int) -> int:
    """The smallest cell index in a non-empty ``mask``."""
    if not mask:
        raise ValueError("lowest_cell of an empty mask")
    return (mask & -mask).bit_length() - 1


def bit(cell: int) -> int:
    """The one-cell mask of ``cell``."""
    return 1 << cell


def mask_of(cells: Iterator[int] | tuple[int, ...] | list[int] | set[int] | frozenset[int]) -> int:
    """The mask holding exactly ``cells``."""
    result = 0
    for cell in cells:
        result |= 1 << cell
    return result


@attrs.frozen(slots=True, eq=False, repr=False)
class Grid:
    """A ``width`` × ``height`` box of square cells with precomputed neighbour tables.

    Two grids are equal when they have the same size; the tables are derived data.
    """

    width: int
    height: int
    _side_neighbours: tuple[int, ...] = attrs.field(init=False)
    _all_neighbours: tuple[int, ...] = attrs.field(init=False)
    _rays: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False)
    _not_west: int = attrs.field(init=False)
    _not_east: int = attrs.field(init=False)
    full_mask: int = attrs.field(init=False)
    edge_mask: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"grid size must be positive, got {self.width}×{self.height}")
        side: list[int] = []
        every: list[int] = []
        rays: list[tuple[tuple[int, ...], ...]] = []
        edge = 0
        for cell in range(self.width * self.height):
            row, col = divmod(cell, self.width)
            if row in (0, self.height - 1) or col in (0, self.width - 1):
                edge |= 1 << cell
            side_mask = 0
            all_mask = 0
            cell_rays: list[tuple[int, ...]] = []
            for direction in Direction:
                drow, dcol = DIRECTION_DELTAS[direction]
                steps: list[int] = []
                r, c = row + drow, col + dcol
                while 0 <= r < self.height and 0 <= c < self.width:
                    steps.append(r * self.width + c)
                    r += drow
                    c += dcol
                cell_rays.append(tuple(steps))
                if steps:
                    all_mask |= 1 << steps[0]
                    if direction in ORTHOGONAL:
                        side_mask |= 1 << steps[0]
            side.append(side_mask)
            every.append(all_mask)
            rays.append(tuple(cell_rays))
        object.__setattr__(self, "_side_neighbours", tuple(side))
        object.__setattr__(self, "_all_neighbours", tuple(every))
        object.__setattr__(self, "_rays", tuple(rays))
        object.__setattr__(self, "full_mask", (1 << (self.width * self.height)) - 1)
        object.__setattr__(self, "edge_mask", edge)
        west = east = 0
        for row in range(self.height):
            west |= 1 << (row * self.width)
            east |= 1 << (row * self.width + self.width - 1)
        object.__setattr__(self, "_not_west", self.full_mask & ~west)
        object.__setattr__(self, "_not_east", self.full_mask & ~east)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.width, self.height) == (other.width, other.height)

    def __hash__(self) -> int:
        return hash((Grid, self.width, self.height))

    def __repr__(self) -> str:
        return f"Grid(width={self.width}, height={self.height})"

    # -- coordinates -------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of cells in the box."""
        return self.width * self.height

    def cell(self, row: int, col: int) -> int:
        """Index of the cell at ``(row, col)``; raises ``ValueError`` outside the box."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise ValueError(f"({row}, {col}) is outside the {self.width}×{self.height} grid")
        return row * self.width + col

    def coords(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of ``cell``."""
        self._check(cell)
        return divmod(cell, self.width)

    def contains(self, row: int, col: int) -> bool:
        """Whether ``(row, col)`` lies inside the box."""
        return 0 <= row < self.height and 0 <= col < self.width

    def label(self, cell: int) -> str:
        """A human label like ``"C7"``: column letter A.. then row number 1.. (row 1 = north)."""
        row, col = self.coords(cell)
        return f"{_column_letters(col)}{row + 1}"

    def _check(self, cell: int) -> None:
        if not 0 <= cell < self.size:
            raise ValueError(f"cell {cell} is outside the {self.width}×{self.height} grid")

    # -- neighbourhoods ---------------------------------------------------------------------

    def step(self, cell: int, direction: Direction) -> int | None:
        """The cell one step from ``cell`` in ``direction``, or ``None`` past the edge."""
        ray = self._rays[cell][direction]
        return ray[0] if ray else None

    def ray(self, cell: int, direction: Direction, max_steps: int | None = None) -> tuple[int, ...]:
        """Cells from ``cell`` (exclusive) along ``direction`` until the box edge.

        At most ``max_steps`` cells are returned when it is given. The tuple is precomputed,
        so slicing it is the only per-call cost.
        """
        full = self._rays[cell][direction]
        return full if max_steps is None else full[:max_steps]

    def side_neighbours(self, cell: int) -> int:
        """Mask of the up to four orthogonal neighbours of ``cell``."""
        return self._side_neighbours[cell]

    def all_neighbours(self, cell: int) -> int:
        """Mask of the up to eight neighbours (sides and corners) of ``cell``."""
        return self._all_neighbours[cell]

    def side_neighbours_mask(self, mask: int) -> int:
        """Cells side-adjacent to some cell of ``mask`` (excluding ``mask`` itself).

        This is a one-step orthogonal dilation minus the original set. It is computed with
        shifts on the whole mask, so its cost does not grow with the number of cells.
        """
        w = self.width
        grown = (
            (mask << w)  # south
            | (mask >> w)  # north
            | ((mask & self._not_east) << 1)  # east
            | ((mask & self._not_west) >> 1)  # west
        )
        return grown & self.full_mask & ~mask

    # -- connectivity -----------------------------------------------------------------------

    def linked_cells(self, mask: int) -> int:
        """The cells of ``mask`` with a side neighbour in ``mask``: the side-connected parts of
        two cells or more, without the lone cells (one shift per side on the whole mask)."""
        w = self.width
        return mask & (
            (mask << w)
            | (mask >> w)
            | ((mask & self._not_east) << 1)
            | ((mask & self._not_west) >> 1)
        )

    def component_of(self, mask: int, cell: int) -> int:
        """The side-connected part of ``mask`` containing ``cell`` (0 if ``cell`` not in it)."""
        if not (mask >> cell) & 1:
            return 0
        return self._grown(1 << cell, mask & self.full_mask)

    def components(self, mask: int) -> list[int]:
        """Side-connected components of ``mask``, ordered by their lowest cell."""
        result: list[int] = []
        rest = mask & self.full_mask
        while rest:
            grown = self._grown(rest & -rest, rest)  # the part of the lowest cell
            result.append(grown)
            rest ^= grown
        return result

    def _grown(self, start: int, inside: int) -> int:
        """``start`` (cells of ``inside``) grown through side neighbours within ``inside``.

        Grown from its newest cells only (the frontier), the dilation inlined: heuristics that
        sum up clusters call this for every position a search looks at."""
        w, not_east, not_west = self.width, self._not_east, self._not_west
        grown = frontier = start
        while frontier:
            spread = (
                (frontier << w)
                | (frontier >> w)
                | ((frontier & not_east) << 1)
                | ((frontier & not_west) >> 1)
            )
            frontier = spread & inside & ~grown
            grown |= frontier
        return grown

    def is_connected(self, mask: int) -> bool:
        """Whether ``mask`` is non-empty and forms one side-connected group."""
        return mask != 0 and self.component_of(mask, lowest_cell(mask)) == mask

    # -- display ----------------------------------------------------------------------------

    def render(self, mask: int, on: str = "#", off: str = ".") -> str:
        """A text picture of ``mask``, one line per row, for debugging and docs."""
        lines = []
        for row in range(self.height):
            lines.append(
                "".join(
                    on if (mask >> (row * self.width + col)) & 1 else off
                    for col in range(self.width)
                )
            )
        return "\n".join(lines)


def _column_letters(col: int) -> str:
    """Spreadsheet-style column name: 0 → A, 25 → Z, 26 → AA."""
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def side_neighbours_mask(grid: Grid, mask: int) -> int:
    """Module-level alias of :meth:`Grid.side_neighbours_mask`."""
    return grid.side_neighbours_mask(mask)


def connected_components(grid: Grid, mask: int) -> list[int]:
    """Module-level alias of :meth:`Grid.components`."""
    return grid.components(mask)
