"""Polyomino shapes, their orientations and their placements on a :class:`~.grid.Grid`.

A *shape* is a ``frozenset`` of ``(row, col)`` offsets. Shapes are compared after
:func:`normalise`, which translates them so that the smallest row and the smallest column
are both 0.

Orientation indices are stable
    :func:`orientations` tries the eight symmetries of the square in a fixed order —
    the four rotations by 0°, 90°, 180°, 270° clockwise, then the mirror image (flipped
    left-right) followed by the same four rotations — and keeps the first occurrence of every
    distinct normalised result. Index ``k`` of that tuple is "orientation ``k``" of the shape.
    The order depends only on the shape's cells, so an index written to a log today selects
    the same orientation tomorrow.

Anchor cell
    The *anchor* of an oriented shape is its first cell in sorted ``(row, col)`` order, i.e.
    the west-most cell of its north-most row. Placing "orientation ``k`` at anchor cell ``a``"
    means translating orientation ``k`` so that its anchor lands on grid cell ``a``; see
    :func:`placement_mask`. Every placement of a shape therefore has exactly one
    ``(orientation, anchor)`` key and vice versa.

The named free polyominoes needed by Khan are in :data:`SHAPES`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from boardkit.geometry.grid import Grid

Shape = frozenset[tuple[int, int]]


def shape_from_cells(cells: Iterable[tuple[int, int]]) -> Shape:
    """A normalised shape from ``(row, col)`` pairs; rejects empty input."""
    shape = frozenset(cells)
    if not shape:
        raise ValueError("a shape needs at least one cell")
    return normalise(shape)


def shape_from_picture(picture: str) -> Shape:
    """A shape from a small ASCII picture: ``#`` marks a cell, anything else is empty.

    Leading and trailing blank lines are ignored, so triple-quoted strings work.
    """
    rows = [line for line in picture.splitlines() if line.strip()]
    return shape_from_cells(
        (r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"
    )


def normalise(shape: Shape) -> Shape:
    """Translate ``shape`` so that its minimal row and minimal column are 0."""
    if not shape:
        return shape
    min_row = min(r for r, _ in shape)
    min_col = min(c for _, c in shape)
    return frozenset((r - min_row, c - min_col) for r, c in shape)


def anchor(shape: Shape) -> tuple[int, int]:
    """The anchor of an oriented shape: its first cell in sorted ``(row, col)`` order."""
    return min(shape)


def _rotate_cw(shape: Shape) -> Shape:
    """Rotate 90° clockwise: ``(r, c) → (c, -r)``, then normalise."""
    return normalise(frozenset((c, -r) for r, c in shape))


def _mirror(shape: Shape) -> Shape:
    """Mirror left-right: ``(r, c) → (r, -c)``, then normalise."""
    return normalise(frozenset((r, -c) for r, c in shape))


@lru_cache(maxsize=512)
def orientations(shape: Shape, allow_flip: bool = True) -> tuple[Shape, ...]:
    """All distinct orientations of ``shape`` in the stable order described in the module.

    With ``allow_flip=False`` only rotations are considered (the "one-sided" shapes).
    """
    base = normalise(shape)
    candidates: list[Shape] = []
    current = base
    for _ in range(4):
        candidates.append(current)
        current = _rotate_cw(current)
    if allow_flip:
        current = _mirror(base)
        for _ in range(4):
            candidates.append(current)
            current = _rotate_cw(current)
    seen: set[Shape] = set()
    result: list[Shape] = []
    for cand in candidates:
        if cand not in seen:
            seen.add(cand)
            result.append(cand)
    return tuple(result)


def same_free_shape(a: Shape, b: Shape) -> bool:
    """Whether ``a`` and ``b`` are the same free polyomino (equal up to rotation/flip)."""
    return normalise(b) in orientations(normalise(a), True)


def placement_mask(
    shape: Shape,
    orientation_index: int,
    anchor_cell: int,
    grid: Grid,
    allow_flip: bool = True,
) -> int | None:
    """The mask of ``shape`` in one orientation with that orientation's anchor on ``anchor_cell``.

    Returns ``None`` when part of the placed shape would fall outside the grid. Raises
    ``IndexError`` for an orientation index the shape does not have.
    """
    oriented = orientations(normalise(shape), allow_flip)[orientation_index]
    anchor_row, anchor_col = grid.coords(anchor_cell)
    top_row, top_col = anchor(oriented)
    mask = 0
    for r, c in oriented:
        row = anchor_row + r - top_row
        col = anchor_col + c - top_col
        if not grid.contains(row, col):
            return None
        mask |= 1 << (row * grid.width + col)
    return mask


@lru_cache(maxsize=1024)
def placement_table(
    shape: Shape, grid: Grid, allowed_mask: int, allow_flip: bool = True
) -> tuple[tuple[int, int, int], ...]:
    """Every placement inside ``allowed_mask`` as ``(orientation_index, anchor_cell, mask)``.

    Ordered by orientation index, then anchor cell. Cached, because the rules engine asks
    the same question (which cells could this tile cover?) many times per game.
    """
    result: list[tuple[int, int, int]] = []
    for index, oriented in enumerate(orientations(normalise(shape), allow_flip)):
        top_row, top_col = anchor(oriented)
        offsets = [(r - top_row, c - top_col) for r, c in oriented]
        for anchor_cell in range(grid.size):
            if not (allowed_mask >> anchor_cell) & 1:
                continue
            arow, acol = divmod(anchor_cell, grid.width)
            mask = 0
            for dr, dc in offsets:
                row, col = arow + dr, acol + dc
                if not (0 <= row < grid.height and 0 <= col < grid.width):
                    mask = -1
                    break
                mask |= 1 << (row * grid.width + col)
            if mask > 0 and mask & allowed_mask == mask:
                result.append((index, anchor_cell, mask))
    return tuple(result)


def placements(
    shape: Shape, grid: Grid, allowed_mask: int, allow_flip: bool = True
) -> tuple[int, ...]:
    """Masks of every placement of ``shape`` (orientations × translations) inside ``allowed_mask``.

    Distinct orientations never produce the same mask, so the tuple has no duplicates.
    """
    return tuple(mask for _, _, mask in placement_table(shape, grid, allowed_mask, allow_flip))


def _p(picture: str) -> Shape:
    return shape_from_picture(picture)


#: The named free polyominoes used by Khan. ``I2`` is the domino, ``L3`` the bent tromino;
#: the 4-cell names are the tetrominoes, the 5-cell ones the 12 free pentominoes (Conway's
#: letters F I L N P T U V W X Y Z).
SHAPES: dict[str, Shape] = {
    "I2": _p("##"),
    "I3": _p("###"),
    "L3": _p("#\n##"),
    "I4": _p("####"),
    "O4": _p("##\n##"),
    "T4": _p("###\n.#."),
    "S4": _p(".##\n##."),
    "L4": _p("#.\n#.\n##"),
    "F5": _p(".##\n##.\n.#."),
    "I5": _p("#####"),
    "L5": _p("#.\n#.\n#.\n##"),
    "N5": _p(".#\n.#\n##\n#."),
    "P5": _p("##\n##\n#."),
    "T5": _p("###\n.#.\n.#."),
    "U5": _p("#.#\n###"),
    "V5": _p("#..\n#..\n###"),
    "W5": _p("#..\n##.\n.##"),
    "X5": _p(".#.\n###\n.#."),
    "Y5": _p(".#\n##\n.#\n.#"),
    "Z5": _p("##.\n.#.\n.##"),
}

#: Readable aliases for the shapes above.
DOMINO = "I2"
TETROMINO_NAMES: tuple[str, ...] = ("I4", "O4", "T4", "S4", "L4")
PENTOMINO_NAMES: tuple[str, ...] = (
    "F5", "I5", "L5", "N5", "P5", "T5", "U5", "V5", "W5", "X5", "Y5", "Z5",
)  # fmt: skip


def shape(name: str) -> Shape:
    """The named shape from :data:`SHAPES`; raises ``KeyError`` with the known names."""
    try:
        return SHAPES[name]
    except KeyError:
        raise KeyError(f"unknown shape {name!r}; known: {', '.join(SHAPES)}") from None
