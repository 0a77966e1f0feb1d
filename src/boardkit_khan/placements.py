"""Every legal *geometric* placement of every Khan tile, precomputed once per board.

A tile lies on the board in one of its orientations (rotations and flips, K-A-C3) with that
orientation's anchor on some cell. Which of those placements can ever be legal depends only on
the board's map, so this module computes them once per ``(board, stack)`` and caches them; the
conquest rules (:mod:`boardkit_khan.conquest`) then only do a few ``&`` operations per call.

Vocabulary
    *Stack* — the tiles of one kind and one shape (the rulebook sorts the stock "by type and
    form" into stacks). Identical tiles are interchangeable, so actions name a
    :class:`StackKey` rather than a tile: ``StackKey(TileKind.CONQUEST, "L4")``. ``shape`` is
    a name from :data:`boardkit.geometry.polyomino.SHAPES`.

    *Placement identity* — ``(stack, orientation, anchor)``. ``orientation`` is the index into
    :func:`boardkit.geometry.polyomino.orientations` of the shape (stable: it depends only on the
    shape's cells), ``anchor`` the grid cell (``row * width + col``) on which that orientation's
    anchor — the west-most cell of its north-most row — lies. A front end builds a placement
    from "a tile, an orientation, an anchor cell"; :meth:`StackPlacements.get` looks it up.

What is filtered here (the static part of the rules)
    * conquest tiles (K-A-C1): every cell is a land cell;
    * bridges (K-A-C2): at least one river cell, no out-of-play cell, and the covered river
      cells separate the covered land cells: the land cells under the tile fall into at least
      two *tile-local banks* (:func:`tile_banks`), groups of covered land cells joined side to
      side without leaving the tile or crossing a river cell. Banks are read where the bridge
      crosses, not as parts of the whole map: the river's branch ends inside the land, so the
      land on both sides of it is one piece of the map and still two banks of the branch
      ("mindestens ein Landfeld auf beiden Uferseiten"). A tile lying along the river (its land
      all on one side) is no bridge. Bridges may cross region borders (no region check at all).

    Whether the covered land cells hold yurts and whether a ruler or a tile is in the way
    (K-A-C4) change during play and are checked in :mod:`boardkit_khan.conquest`.

Public API
    ``StackKey(bridge, shape)`` · ``Placement`` (orientation, anchor, mask, land, river) ·
    ``OrientationPlacements`` (per orientation: cell offsets, mask of valid anchors, placements
    by anchor) · ``StackPlacements`` (``placements``, ``orientations``, ``get(o, a)``,
    ``geometry_refusal(o, a)``) · :func:`placement_table` (one cached :class:`PlacementTable`
    per board; ``table.stack(key)`` builds a stack on first use) · :func:`stack_placements`
    (shortcut) · :func:`stack_key_of` (the stack of a ``TileSpec``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import attrs

from boardkit.geometry.grid import cells_of
from boardkit.geometry.polyomino import SHAPES, Shape, anchor, normalise, orientations
from boardkit_khan.board import Board
from boardkit_khan.components import TileKind, TileSpec, standard_tiles

__all__ = [
    "OrientationPlacements",
    "Placement",
    "PlacementTable",
    "StackKey",
    "StackPlacements",
    "placement_table",
    "stack_key_of",
    "stack_placements",
    "standard_stack_keys",
    "tile_banks",
]


def _kind_order(kind: TileKind) -> str:
    return kind.value


@attrs.frozen(slots=True, order=True, cache_hash=True)
class StackKey:
    """One stack of identical tiles: its kind and its shape name.

    The same pair as :attr:`boardkit_khan.components.TileSpec.stack`, as a JSON-friendly value
    (an enum and a string) that actions and events can carry. Keys sort by kind value, then
    shape name.
    """

    kind: TileKind = attrs.field(order=_kind_order)
    shape: str = attrs.field()

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, TileKind):
            raise ValueError(f"tile kind must be a TileKind, got {self.kind!r}")
        if self.shape not in SHAPES:
            raise ValueError(f"unknown tile shape {self.shape!r}; known: {', '.join(SHAPES)}")

    @property
    def bridge(self) -> bool:
        """Whether the stack holds bridges (K-A-C2) rather than conquest tiles (K-A-C1)."""
        return self.kind is TileKind.BRIDGE

    def __str__(self) -> str:
        return f"{self.kind.value} {self.shape}"


@attrs.frozen(slots=True)
class Placement:
    """One position of a tile on the board.

    ``mask`` holds every covered cell; ``land`` and ``river`` split it by terrain (``river`` is
    always 0 for conquest tiles).
    """

    orientation: int
    anchor: int
    mask: int
    land: int
    river: int


@attrs.frozen(slots=True)
class OrientationPlacements:
    """The placements of one orientation of a shape.

    ``offsets`` are the cell-index offsets of the oriented shape's cells from its anchor (all
    positive, anchor excluded, because the anchor is the first cell in row-major order).
    ``anchors`` is the mask of anchor cells whose placement passed the static filter, so that
    ``anchors & AND(allowed >> d for d in offsets) & allowed`` is the set of anchors whose
    placement lies entirely inside ``allowed`` — one big-int operation per cell of the shape,
    independent of the number of anchors.
    """

    index: int
    offsets: tuple[int, ...]
    anchors: int
    by_anchor: Mapping[int, Placement]


@attrs.frozen(slots=True, eq=False)
class StackPlacements:
    """All statically valid placements of one stack on one board."""

    key: StackKey
    board: Board
    orientations: tuple[OrientationPlacements, ...]
    #: Every placement, ordered by orientation index then anchor cell.
    placements: tuple[Placement, ...]

    def get(self, orientation: int, anchor_cell: int) -> Placement | None:
        """The placement ``(orientation, anchor_cell)``, or ``None`` if it is not valid here."""
        if not 0 <= orientation < len(self.orientations):
            return None
        return self.orientations[orientation].by_anchor.get(anchor_cell)

    def geometry_refusal(self, orientation: int, anchor_cell: int) -> tuple[str, str] | None:
        """Why ``(orientation, anchor_cell)`` is not a valid placement: ``(clause, message)``.

        ``None`` when the placement exists. Used to give refusals that name the rule.
        """
        grid = self.board.grid
        count = len(self.orientations)
        if not 0 <= orientation < count:
            return (
                "K-A-C3",
                f"{self.key} has orientations 0..{count - 1}, not {orientation}",
            )
        if not 0 <= anchor_cell < grid.size:
            return ("K-A-C3", f"anchor cell {anchor_cell} is outside the board")
        if anchor_cell in self.orientations[orientation].by_anchor:
            return None
        where = f"{self.key} in orientation {orientation} at {grid.label(anchor_cell)}"
        if self.key.bridge:
            return ("K-A-C2", f"{where} {bridge_problem(self, orientation, anchor_cell)}")
        return ("K-A-C1", f"{where} would cover a cell that is not land")


def _raw_mask(board: Board, oriented: Shape, anchor_cell: int) -> int | None:
    grid = board.grid
    top_row, top_col = anchor(oriented)
    arow, acol = divmod(anchor_cell, grid.width)
    mask = 0
    for r, c in oriented:
        row, col = arow + r - top_row, acol + c - top_col
        if not (0 <= row < grid.height and 0 <= col < grid.width):
            return None
        mask |= 1 << (row * grid.width + col)
    return mask


def tile_banks(board: Board, mask: int) -> list[int]:
    """The tile-local banks of a tile lying on ``mask``: its land cells grouped side to side.

    Two covered land cells are on the same bank when a side-connected path of covered land
    cells joins them; the path never leaves the tile and never steps onto a river cell. A
    bridge needs at least two such groups (K-A-C2): then its river cells separate land on one
    side of the river from land on the other, wherever on the river it lies.
    """
    return board.grid.components(mask & board.land)


def bridge_problem(stack: StackPlacements, orientation: int, anchor_cell: int) -> str:
    """Why a bridge of ``stack`` placed so cannot stand, as the end of a sentence that starts
    with the bridge ("would leave the field"); asked only of a placement already refused."""
    board = stack.board
    oriented = orientations(SHAPES[stack.key.shape])[orientation]
    mask = _raw_mask(board, oriented, anchor_cell)
    if mask is None or mask & ~board.in_play:
        return "would leave the field"
    if not mask & board.river:
        return "covers no river cell"
    return (
        "does not cross the river: its river cells do not separate its land cells "
        "(land on one bank only)"
    )


def _valid(board: Board, key: StackKey, mask: int) -> bool:
    if key.bridge:
        return (
            mask & ~board.in_play == 0
            and mask & board.river != 0
            and len(tile_banks(board, mask)) >= 2
        )
    return mask & ~board.land == 0


def _build_stack(board: Board, key: StackKey) -> StackPlacements:
    """Every statically valid placement of ``key``'s shape on ``board``.

    Conquest tiles: all cells land (K-A-C1). Bridges: see the module docstring (K-A-C2).
    All rotations and flips are included (K-A-C3).
    """
    width = board.grid.width
    per_orientation: list[OrientationPlacements] = []
    flat: list[Placement] = []
    for index, oriented in enumerate(orientations(normalise(SHAPES[key.shape]))):
        top_row, top_col = anchor(oriented)
        offsets = tuple(
            sorted(
                (r - top_row) * width + (c - top_col)
                for r, c in oriented
                if (r, c) != anchor(oriented)
            )
        )
        by_anchor: dict[int, Placement] = {}
        anchors = 0
        for anchor_cell in cells_of(board.in_play):
            mask = _raw_mask(board, oriented, anchor_cell)
            if mask is None or not _valid(board, key, mask):
                continue
            placement = Placement(
                orientation=index,
                anchor=anchor_cell,
                mask=mask,
                land=mask & board.land,
                river=mask & board.river,
            )
            by_anchor[anchor_cell] = placement
            anchors |= 1 << anchor_cell
            flat.append(placement)
        per_orientation.append(
            OrientationPlacements(
                index=index, offsets=offsets, anchors=anchors, by_anchor=by_anchor
            )
        )
    return StackPlacements(
        key=key, board=board, orientations=tuple(per_orientation), placements=tuple(flat)
    )


class PlacementTable:
    """The placements of every stack on one board, built on first use of each stack.

    One table exists per board (:func:`placement_table` caches it), so the cost of building a
    stack's placements is paid once per process. ``land`` and ``river`` repeat the board's
    masks for the hot path.
    """

    __slots__ = ("_stacks", "board", "land", "river")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.land = board.land
        self.river = board.river
        self._stacks: dict[StackKey, StackPlacements] = {}

    def stack(self, key: StackKey) -> StackPlacements:
        """The placements of ``key`` (built and remembered on first call)."""
        found = self._stacks.get(key)
        if found is None:
            found = self._stacks[key] = _build_stack(self.board, key)
        return found

    def __repr__(self) -> str:
        return f"PlacementTable({self.board.name!r}, {len(self._stacks)} stacks built)"


@cache
def placement_table(board: Board) -> PlacementTable:
    """The (cached) placement table of ``board``."""
    return PlacementTable(board)


def stack_placements(board: Board, key: StackKey) -> StackPlacements:
    """Every statically valid placement of ``key``'s shape on ``board`` (cached per board).

    Conquest tiles: all cells land (K-A-C1). Bridges: see the module docstring (K-A-C2).
    All rotations and flips are included (K-A-C3).
    """
    return placement_table(board).stack(key)


# -- adapters from tile descriptions ----------------------------------------------------------


def stack_key_of(tile: TileSpec) -> StackKey:
    """The stack of a tile (the :attr:`TileSpec.stack` pair as a :class:`StackKey`)."""
    return StackKey(tile.kind, tile.shape)


def standard_stack_keys(tiles: tuple[TileSpec, ...] | None = None) -> tuple[StackKey, ...]:
    """The distinct stacks of ``tiles`` (default: the 38 standard tiles), sorted."""
    return tuple(sorted({stack_key_of(t) for t in (standard_tiles() if tiles is None else tiles)}))
