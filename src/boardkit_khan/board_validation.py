"""Check a :class:`~boardkit_khan.board.Board` against the published numbers (K-C1…K-C3), and
load the boards that pass: the shipped one (:func:`default_board`) and board files
(:func:`load_board`).

:func:`validate_board` returns *every* violation as a plain sentence (an empty list means the
board is valid), so someone transcribing the printed board sees all mistakes at once.

Definitions used by the checks (documented in ``docs/khan-board.md``):

* **One fork** — the river cells, joined side to side, form a tree (connected, no cycle) with
  exactly one branching cell: one cell with 3 river side-neighbours, none with 4, and exactly
  3 ends (cells with one river side-neighbour). A 2×2 block of river is a cycle.
* **Bridges** — the river must separate land somewhere: at least one placement of the
  standard bridges (straight 3, straight 4, L-shaped 4, any orientation) passes the bridge rule
  of K-A-C2 (:func:`boardkit_khan.placements.tile_banks`: its river cells separate its land
  cells). Banks are read at the tile, not as parts of the map: the branch of the river ends
  inside the land, so counting the map's land components would say nothing about bridges.
* **Outland exceptions** — the cells listed in ``[outland] not_bordering`` must be land cells
  that the outland rule would otherwise count (box edge or next to an out-of-play cell), and
  they must be exactly 4 Mountain, 3 Sand desert and 4 Tropical forest cells.
* **Spread** — the 8 start cells lie in at least :data:`MIN_RULER_REGIONS` regions and any two
  are at least :data:`MIN_RULER_DISTANCE` apart in king-move (Chebyshev) distance, i.e. there
  are at least two cells between any two rulers in every line.
* **Edge ruler** — the Russian stands on the edge of the box and has exactly 5 escape
  directions (:meth:`Board.escape_directions`), as in the rulebook's example.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from itertools import combinations
from pathlib import Path

from boardkit.geometry.grid import cells_of
from boardkit.present.voice import count_of
from boardkit_khan.board import (
    Board,
    BoardFileError,
    InvalidBoardError,
    Region,
    parse_board,
    read_board_file,
)
from boardkit_khan.placements import stack_placements, standard_stack_keys

__all__ = [
    "BOX_SIZE",
    "CELLS_IN_PLAY",
    "KNOWN_RULERS",
    "LAND_CELLS",
    "MIN_RULER_DISTANCE",
    "MIN_RULER_REGIONS",
    "OUTLAND_EXCEPTIONS",
    "REGION_SIZES",
    "RIVER_CELLS",
    "RULER_COUNT",
    "BoardFileError",
    "InvalidBoardError",
    "validate_board",
]

#: K-C1 numbers.
BOX_SIZE = (13, 13)
CELLS_IN_PLAY = 154
LAND_CELLS = 132
RIVER_CELLS = 22
REGION_SIZES: dict[Region, int] = {
    Region.MOUNTAINS: 22,
    Region.ICE_DESERT: 20,
    Region.TUNDRA: 22,
    Region.STONE_DESERT: 21,
    Region.SAND_DESERT: 22,
    Region.TROPICAL_FOREST: 25,
}
#: K-C2: edge land cells that face the supply rather than the outland, per region.
OUTLAND_EXCEPTIONS: dict[Region, int] = {
    Region.MOUNTAINS: 4,
    Region.ICE_DESERT: 0,
    Region.TUNDRA: 0,
    Region.STONE_DESERT: 0,
    Region.SAND_DESERT: 3,
    Region.TROPICAL_FOREST: 4,
}
#: K-C3.
RULER_COUNT = 8
MIN_RULER_REGIONS = 5
MIN_RULER_DISTANCE = 3
#: The rulers the rulebook names, with their colours (K-C3).
KNOWN_RULERS: dict[str, str] = {"Seljuk": "grey", "Russian": "light blue"}
EDGE_RULER = "Russian"
EDGE_RULER_DIRECTIONS = 5


def validate_board(board: Board) -> list[str]:
    """Every way ``board`` breaks K-C1…K-C3, one sentence each; ``[]`` when it is valid."""
    problems: list[str] = []
    for check in _CHECKS:
        problems.extend(check(board))
    return problems


def _check_box(board: Board) -> list[str]:
    """K-C1: the 13×13 box and the number of cells in play."""
    out: list[str] = []
    size = (board.grid.width, board.grid.height)
    if size != BOX_SIZE:
        out.append(
            f"K-C1: the box is {size[0]}×{size[1]} cells, expected {BOX_SIZE[0]}×{BOX_SIZE[1]}"
        )
    in_play = board.in_play.bit_count()
    if in_play != CELLS_IN_PLAY:
        out.append(f"K-C1: {in_play} cells are in play, expected {CELLS_IN_PLAY}")
    holes = [
        board.label(c)
        for c in cells_of(board.grid.full_mask & ~board.in_play)
        if not _reaches_box_edge(board, c)
    ]
    if holes:
        out.append(
            f"K-C1: out-of-play {_cells(len(holes))} "
            + ", ".join(holes)
            + " form a hole inside the board (not connected to the box edge)"
        )
    return out


def _reaches_box_edge(board: Board, cell: int) -> bool:
    out_mask = board.grid.full_mask & ~board.in_play
    return bool(board.grid.component_of(out_mask, cell) & board.grid.edge_mask)


def _check_regions(board: Board) -> list[str]:
    """K-C1: land total, region sizes, each region one side-connected group."""
    out: list[str] = []
    land = board.land.bit_count()
    if land != LAND_CELLS:
        out.append(f"K-C1: {land} land cells, expected {LAND_CELLS}")
    for region, mask in board.regions:
        size = mask.bit_count()
        want = REGION_SIZES[region]
        if size != want:
            out.append(f"K-C1: {region.title} has {size} cells, expected {want}")
        if mask:
            pieces = board.grid.components(mask)
            if len(pieces) > 1:
                where = "; ".join(
                    f"{count_of(p.bit_count(), 'cell')} from {board.label(_lowest(p))}"
                    for p in pieces
                )
                out.append(
                    f"K-C1: {region.title} is split into {len(pieces)} side-connected "
                    f"pieces ({where}), expected one"
                )
    return out


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _check_river(board: Board) -> list[str]:
    """K-C1: 22 river cells forming a tree with one fork, and a river a bridge can cross."""
    out: list[str] = []
    grid = board.grid
    river = board.river
    size = river.bit_count()
    if size != RIVER_CELLS:
        out.append(f"K-C1: the river has {size} cells, expected {RIVER_CELLS}")
    if not river:
        out.append("K-C1: there is no river")
        return out
    pieces = grid.components(river)
    if len(pieces) > 1:
        out.append(
            f"K-C1: the river falls into {len(pieces)} side-connected pieces, expected one "
            f"(pieces start at {', '.join(board.label(_lowest(p)) for p in pieces)})"
        )
    degree = {c: (grid.side_neighbours(c) & river).bit_count() for c in cells_of(river)}
    links = sum(degree.values()) // 2
    if len(pieces) == 1 and links != size - 1:
        out.append(
            f"K-C1: the river has {count_of(links - size + 1, 'loop')} "
            "(e.g. a 2×2 block of river); it must be a tree"
        )
    forks = [board.label(c) for c, d in degree.items() if d >= 3]
    crossings = [board.label(c) for c, d in degree.items() if d == 4]
    ends = [board.label(c) for c, d in degree.items() if d == 1]
    if len(forks) != 1 or crossings:
        detail = ", ".join(forks) if forks else "none"
        out.append(
            "K-C1: the river must have exactly one fork (one cell with 3 river side-neighbours,"
            f" none with 4); found {count_of(len(forks), 'branching cell')}: {detail}"
        )
    if len(ends) != 3:
        out.append(
            f"K-C1: a river with one fork has 3 ends; found {len(ends)}: "
            f"{', '.join(ends) or 'none'}"
        )
    if not _bridge_exists(board):
        out.append(
            "K-C1: the river separates land nowhere: no bridge (straight 3, straight 4, "
            "L-shaped 4) can be laid with land on both sides of it (K-A-C2)"
        )
    return out


def _bridge_exists(board: Board) -> bool:
    """Whether some standard bridge has a placement on ``board`` (K-A-C2, static part)."""
    return any(
        stack_placements(board, key).placements for key in standard_stack_keys() if key.bridge
    )


def _check_outland(board: Board) -> list[str]:
    """K-C2: the listed supply-facing cells are edge land cells, 4 M / 3 D / 4 F."""
    out: list[str] = []
    grid = board.grid
    natural = board.land & (
        grid.edge_mask | grid.side_neighbours_mask(~board.in_play & grid.full_mask)
    )
    stray = board.outland_exceptions & ~natural
    if stray:
        out.append(
            f"K-C2: outland {'exception' if stray.bit_count() == 1 else 'exceptions'} "
            + ", ".join(board.label(c) for c in cells_of(stray))
            + (" is not a land cell" if stray.bit_count() == 1 else " are not land cells")
            + " on the edge of the board"
        )
    for region, mask in board.regions:
        count = (board.outland_exceptions & mask).bit_count()
        want = OUTLAND_EXCEPTIONS[region]
        if count != want:
            out.append(
                f"K-C2: {count} {region.title} edge {_cells(count)} "
                f"{'is' if count == 1 else 'are'} listed as not bordering the "
                f"outland, expected {want}"
            )
    extra = board.outland_additions & ~board.land
    if extra:
        out.append(
            "K-C2: cells listed as also bordering the outland are not land: "
            + ", ".join(board.label(c) for c in cells_of(extra))
        )
    return out


def _check_rulers(board: Board) -> list[str]:
    """K-C3: 8 distinct rulers on distinct, spread-out land cells; known rulers as printed."""
    out: list[str] = []
    rulers = board.rulers
    if len(rulers) != RULER_COUNT:
        out.append(f"K-C3: {len(rulers)} rulers, expected {RULER_COUNT}")
    names = [r.name for r in rulers]
    for name in sorted({n for n in names if names.count(n) > 1}):
        out.append(f"K-C3: the ruler name {name!r} is used {names.count(name)} times")
    colours = [r.colour for r in rulers]
    for colour in sorted({c for c in colours if colours.count(c) > 1}):
        out.append(f"K-C3: the colour {colour!r} is used by {colours.count(colour)} rulers")
    cells = [r.start_cell for r in rulers]
    for cell in sorted({c for c in cells if cells.count(c) > 1}):
        who = ", ".join(r.name for r in rulers if r.start_cell == cell)
        out.append(f"K-C3: rulers {who} share the start cell {board.label(cell)}")
    for spec in rulers:
        if not board.is_land(spec.start_cell):
            out.append(
                f"K-C3: {spec.name} starts on {board.label(spec.start_cell)}, which is not land"
            )
    regions = {board.region_of(r.start_cell) for r in rulers} - {None}
    if rulers and len(regions) < MIN_RULER_REGIONS:
        out.append(
            f"K-C3: the rulers start in {count_of(len(regions), 'region')}, expected at least "
            f"{MIN_RULER_REGIONS} (spread them evenly)"
        )
    for a, b in combinations(rulers, 2):
        ra, ca = board.grid.coords(a.start_cell)
        rb, cb = board.grid.coords(b.start_cell)
        distance = max(abs(ra - rb), abs(ca - cb))
        if 0 < distance < MIN_RULER_DISTANCE:
            out.append(
                f"K-C3: {a.name} ({board.label(a.start_cell)}) and {b.name} "
                f"({board.label(b.start_cell)}) are {distance} apart, expected at least "
                f"{MIN_RULER_DISTANCE} (king-move distance)"
            )
    by_name = {r.name: r for r in rulers}
    for name, colour in KNOWN_RULERS.items():
        known = by_name.get(name)
        if known is None:
            out.append(f"K-C3: the {colour} {name} ruler is missing")
            continue
        if known.colour != colour:
            out.append(f"K-C3: the {name} ruler must be {colour}, not {known.colour}")
        if known.reconstructed:
            out.append(
                f"K-C3: the {name} ruler is known from the rulebook; mark it not reconstructed"
            )
    for spec in rulers:
        if spec.name not in KNOWN_RULERS and not spec.reconstructed:
            out.append(
                f"K-C3: the {spec.name} ruler is not in the rulebook; mark it reconstructed = true"
            )
    edge_spec = by_name.get(EDGE_RULER)
    if edge_spec is not None:
        cell = edge_spec.start_cell
        if not (board.grid.edge_mask >> cell) & 1:
            out.append(
                f"K-C3: the {EDGE_RULER} ruler must stand on the edge of the board, "
                f"{board.label(cell)} is not on it"
            )
        free = len(board.escape_directions(cell))
        if free != EDGE_RULER_DIRECTIONS:
            out.append(
                f"K-C3: the {EDGE_RULER} ruler on {board.label(cell)} has {free} escape "
                f"directions, expected {EDGE_RULER_DIRECTIONS}"
            )
    return out


_CHECKS: tuple[Callable[[Board], list[str]], ...] = (
    _check_box,
    _check_regions,
    _check_river,
    _check_outland,
    _check_rulers,
)


# --- loading checked boards ------------------------------------------------------------------


def load_board(path: str | Path, *, validate: bool = True) -> Board:
    """Load a board file; with ``validate`` (default) raise :class:`InvalidBoardError` on any
    violation of K-C1…K-C3 reported by ``validate_board``."""
    file = Path(path)
    board = parse_board(read_board_file(file), str(file))
    if validate:
        _raise_if_invalid(board, str(file))
    return board


def _raise_if_invalid(board: Board, source: str) -> None:
    problems = validate_board(board)
    if problems:
        raise InvalidBoardError(source, problems)


DEFAULT_BOARD_RESOURCE = "board.txt"


@cache
def default_board() -> Board:
    """The shipped reconstructed board (package data ``boardkit_khan/data/board.txt``)."""
    resource = resources.files("boardkit_khan").joinpath("data", DEFAULT_BOARD_RESOURCE)
    text = resource.read_text(encoding="utf-8")
    board = parse_board(text, f"boardkit_khan/data/{DEFAULT_BOARD_RESOURCE}")
    _raise_if_invalid(board, f"boardkit_khan/data/{DEFAULT_BOARD_RESOURCE}")
    return board


def _cells(count: int) -> str:
    """ "cell" or "cells" for a count, in the messages of a board file's author."""
    return "cell" if count == 1 else "cells"
