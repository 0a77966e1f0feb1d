"""A heuristic for Khan bots: the score as it stands plus what the yurts on the board promise.

The running score alone (tile points and the area bonus if the game ended now) is a poor guide:
it tells a bot to conquer whatever it can at once, which spends its yurts on small tiles, and it
sees no value in invading, although every tile of the end phase goes to the player with the
most yurts under it (K-A-C5). So the value of a position for a seat adds, to its standing, the
*potential* of the yurts still on the board:

- **clusters**: yurts (any owner, neutral included) on side-connected land cells form a
  cluster; conquest tiles can only lie on such cells (K-A-C1), so a cluster of ``s`` cells can
  give up to ``s`` tile points (a lone yurt is too small for any conquest tile);
- **majority**: a cluster's points go to the seats with the most yurts in it, softened by
  :data:`MAJORITY_SHARPNESS`: a seat's share is ``n**k / sum(m**k)`` over the seats' yurt counts
  (neutral yurts count for nobody), so a clear majority takes nearly everything, a tie splits it,
  and a lone own yurt beside neutral ones takes the whole cluster;
- **areas**: a cluster touching a tile that carries the seat's yurt would grow one of its areas,
  so its share counts :data:`AREA_GROWTH` more (the K-V2 bonus goes to the largest areas);
- the potential is a promise, not points, so it counts :data:`POTENTIAL_WEIGHT` of its size, and
  never more than the tile points left in the stock.

The value is relative: the seat's own figure minus the mean of the others', so that hurting an
opponent (covering his yurts, out-numbering him in a cluster) is worth as much as helping
oneself. Finished games are judged by the final scores, the same way.

Cost: one pass over the clusters (bitmask operations), some tens of microseconds a call; bots
call it once per candidate action (``benchmarks/bots_bench.py`` measures the whole move).
"""

from __future__ import annotations

import math
from functools import cache

from boardkit_khan.rules.scoring import area_bonuses, areas_of, tile_points
from boardkit_khan.rules.state import KhanState, Static, static_for

POTENTIAL_WEIGHT = 1.0
"""How much one cell of a cluster's potential counts against one tile point already won."""

MAJORITY_SHARPNESS = 3.0
"""The exponent of the soft majority: 1 shares by yurt counts, large values give all to the
leader."""

AREA_GROWTH = 0.25
"""Extra weight of a cluster next to one of the seat's tiles (it would grow an area)."""


def evaluate(state: KhanState, player: int) -> float:
    """How good ``state`` looks for ``player``: own value minus the others' mean (see module)."""
    values = seat_values(state)
    if len(values) == 1:
        return values[0]
    others = (math.fsum(values) - values[player]) / (len(values) - 1)
    return values[player] - others


def evaluate_seats(state: KhanState) -> tuple[float, ...]:
    """:func:`evaluate` for every seat, from one :func:`seat_values` pass (bots judging a
    position for every seat would otherwise work the clusters out once per seat)."""
    values = seat_values(state)
    if len(values) == 1:
        return values
    total, others = math.fsum(values), len(values) - 1
    return tuple(value - (total - value) / others for value in values)


def seat_values(state: KhanState) -> tuple[float, ...]:
    """Every seat's standing plus weighted potential (the final totals once the game is over)."""
    outcome = state.outcome
    if outcome is not None:
        return tuple(float(total) for total in outcome.total)
    static = static_for(state.options.board)
    standing = standings(state, static)
    potential = potentials(state, static)
    return tuple(s + POTENTIAL_WEIGHT * p for s, p in zip(standing, potential, strict=True))


def standings(state: KhanState, static: Static) -> tuple[int, ...]:
    """Tile points plus the area bonus as it stands, per seat (K-V1…K-V3 if the game ended now)."""
    tiles = [(t.mask, static.tiles[t.tile].points, t.owners) for t in state.field.placed]
    if not tiles:
        return (0,) * state.players
    points = tile_points(tiles, state.players)
    river = state.options.area_counts_river
    areas = [
        areas_of(static.board, tiles, seat, area_counts_river=river)
        for seat in range(state.players)
    ]
    bonuses = area_bonuses(areas)
    return tuple(p + b for p, b in zip(points, bonuses, strict=True))


def potentials(state: KhanState, static: Static) -> tuple[float, ...]:
    """Per seat, the tile points its yurts on the board promise (clusters, majority, areas)."""
    field = state.field
    players = state.players
    yurts = field.yurts
    grid = static.board.grid
    occupied = field.neutral
    for mine in yurts:
        occupied |= mine
    owned_tiles = _owned_tile_cells(state)
    grown = [grid.side_neighbours_mask(cells) if cells else 0 for cells in owned_tiles]
    totals = [0.0] * players
    for cluster in grid.components(grid.linked_cells(occupied)):  # no lone yurts: too small
        size = cluster.bit_count()
        weights = [
            (cluster & yurts[seat]).bit_count() ** MAJORITY_SHARPNESS for seat in range(players)
        ]
        whole = math.fsum(weights)
        if not whole:
            continue
        for seat in range(players):
            if weights[seat]:
                growth = 1.0 + AREA_GROWTH if cluster & grown[seat] else 1.0
                totals[seat] += size * growth * weights[seat] / whole
    return _capped(totals, _stock_points(state, static))


def _owned_tile_cells(state: KhanState) -> list[int]:
    """Per seat, the cells under tiles carrying that seat's yurt."""
    cells = [0] * state.players
    for tile in state.field.placed:
        for seat in tile.owners:
            cells[seat] |= tile.mask
    return cells


def _stock_points(state: KhanState, static: Static) -> int:
    """The printed points of the tiles still in the stock: all any seat can still win."""
    return _points_of_stock(state.options.board, state.field.stock)


@cache
def _points_of_stock(board_file: str, stock: int) -> int:
    """The points of the tiles in ``stock`` (a game meets a few dozen stocks, so it is cached)."""
    tiles = static_for(board_file).tiles
    return sum(spec.points for index, spec in enumerate(tiles) if (stock >> index) & 1)


def _capped(totals: list[float], limit: int) -> tuple[float, ...]:
    """``totals`` scaled down, together, so that they add up to at most ``limit``."""
    whole = math.fsum(totals)
    if whole <= limit or whole <= 0:
        return tuple(totals)
    scale = limit / whole
    return tuple(value * scale for value in totals)
