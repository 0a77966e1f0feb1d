"""A bare Khan conquest generator on plain int bitmasks: the reference for boardkit's.

Every legal conquest of one player in one position (K-A-C1 to K-A-C7 of docs/khan.md), with
nothing but ints, tuples and lists: no attrs objects, no sorting, no per-placement lookups.
``benchmarks/khan_conquest_reference.py`` divides the speed of
:func:`boardkit_khan.rules.conquest.legal_conquests` by this one on the same crowded positions.

Cells are bits ``row * width + col`` as in boardkit. For each stack and each orientation of its
shape (rotations and flips, K-A-C3) the tables hold the shape as a mask anchored at its first
cell in reading order, the offsets of its other cells, and the mask of the anchors where the
placement is statically possible. A generator call then finds, per orientation, the anchors
whose every cell is allowed with one shift-and-AND per cell of the shape, and looks only at
those one by one for the majority (K-A-C5) and the protections (K-A-C7).

Bridges (K-A-C2) follow the **revised** clause, banks read at the tile: the bridge covers at
least one river cell, no cell out of play, and its covered land cells fall apart into at least
two side-connected groups once the covered river cells are taken away (the river separates
them inside the tile). Until that revision is merged into boardkit the two generators may
disagree on bridges; ``tests/test_bare_references.py`` compares conquest tiles only until then.

Only the board's masks and the shapes' cells are read from boardkit (the inputs both sides
share); the orientations, the static filter and the generator are written here.

Run ``python benchmarks/bare_khan_conquest.py`` for its calls per second alone.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

Found = tuple[bool, str, int, tuple[int, ...], tuple[int, ...]]
"""A conquest: ``(bridge?, shape name, covered mask, sharers, protectors who must consent)``."""

Orientation = tuple[int, tuple[int, ...], int]
"""``(shape mask at anchor 0, offsets of the other cells, mask of allowed anchors)``."""

Stack = tuple[bool, str, tuple[Orientation, ...]]
"""``(bridge?, shape name, orientations)``."""

Tables = tuple[int, int, tuple[Stack, ...]]
"""``(land mask, river mask, stacks)`` of one board."""

Position = tuple[tuple[int, ...], int, int, int | None, tuple[tuple[int, int], ...]]
"""``(yurts per seat, neutral yurts, blocked cells, Great Khan's protected seat or None,
Divine Support cards as (protector, area))``."""


def _orientations(cells: Iterable[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The distinct rotations and flips of a shape, each normalised and in reading order."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    out: list[list[tuple[int, int]]] = []
    shape = list(cells)
    for flip in (False, True):
        current = [(r, -c) for r, c in shape] if flip else shape
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            top = min(r for r, _ in current)
            left = min(c for _, c in current)
            key = tuple(sorted((r - top, c - left) for r, c in current))
            if key not in seen:
                seen.add(key)
                out.append(list(key))
    return out


def _land_groups(cells: set[int], width: int) -> int:
    """How many side-connected groups the cells ``cells`` form."""
    groups = 0
    left = set(cells)
    while left:
        groups += 1
        todo = [left.pop()]
        while todo:
            cell = todo.pop()
            r, c = divmod(cell, width)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                other = nr * width + nc
                if nc >= 0 and nc < width and other in left:
                    left.remove(other)
                    todo.append(other)
    return groups


def build_stack(
    bridge: bool,
    name: str,
    cells: Iterable[tuple[int, int]],
    width: int,
    height: int,
    land: int,
    river: int,
    in_play: int,
) -> Stack:
    """The orientation tables of one stack on one board (the static part of K-A-C1/C2)."""
    orientations: list[Orientation] = []
    for shape in _orientations(cells):
        ar, ac = shape[0]  # reading order: the first cell is the anchor
        offsets = tuple((r - ar) * width + (c - ac) for r, c in shape[1:])
        anchors = 0
        for row in range(height):
            for col in range(width):
                covered = []
                for r, c in shape:
                    rr, cc = row + r - ar, col + c - ac
                    if not (0 <= rr < height and 0 <= cc < width):
                        break
                    covered.append(rr * width + cc)
                else:
                    mask = sum(1 << x for x in covered)
                    if bridge:
                        ok = (
                            not mask & ~in_play
                            and mask & river != 0
                            and _land_groups({x for x in covered if land >> x & 1}, width) >= 2
                        )
                    else:
                        ok = not mask & ~land
                    if ok:
                        anchors |= 1 << (row * width + col)
        if anchors:
            orientations.append((1 | sum(1 << d for d in offsets), offsets, anchors))
    return bridge, name, tuple(orientations)


def conquests(tables: Tables, position: Position, player: int) -> list[Found]:
    """Every legal conquest of ``player`` in ``position`` with the stacks of ``tables``."""
    land, river, stacks = tables
    yurts, neutral, blocked, khan, divine = position
    own = yurts[player]
    found: list[Found] = []
    if not own:
        return found
    occupied = neutral
    for y in yurts:
        occupied |= y
    free = ~blocked
    land_ok = occupied & land & free
    bridge_ok = land_ok | (river & free)
    guarded = 0
    if khan is not None and khan != player:
        guarded = yurts[khan]
    for protector, area in divine:
        if protector != player:
            guarded |= neutral & area
    rivals = [(seat, y) for seat, y in enumerate(yurts) if seat != player and y]
    solo: tuple[int, ...] = (player,)
    for bridge, name, orientations in stacks:
        allowed = bridge_ok if bridge else land_ok
        for shape, offsets, anchors in orientations:
            fits = anchors & allowed
            for d in offsets:
                if not fits:
                    break
                fits &= allowed >> d
            if not fits:
                continue
            near = own
            for d in offsets:
                near |= own >> d
            fits &= near
            while fits:
                low = fits & -fits
                fits ^= low
                mask = shape << (low.bit_length() - 1)
                mine = (mask & own).bit_count()
                sharers = solo
                for seat, y in rivals:  # K-A-C5: nobody covers more, ties share
                    count = (mask & y).bit_count()
                    if count > mine:
                        break
                    if count == mine:
                        sharers += (seat,)
                else:
                    if len(sharers) > 1:
                        sharers = tuple(sorted(sharers))
                    consent: tuple[int, ...] = ()
                    if mask & guarded:  # K-A-C7: every protector concerned must share
                        needed = []
                        if khan is not None and khan != player and mask & yurts[khan]:
                            needed.append(khan)
                        for protector, area in divine:
                            if protector != player and mask & neutral & area:
                                needed.append(protector)
                        if not all(x in sharers for x in needed):
                            continue
                        consent = tuple(sorted(set(needed)))
                    found.append((bridge, name, mask, sharers, consent))
    return found


def tables_for(board: Any, keys: Iterable[Any]) -> Tables:
    """Tables for a boardkit ``Board`` and ``StackKey`` s (reads only masks and shape cells)."""
    from boardkit.geometry.polyomino import SHAPES

    grid = board.grid
    stacks = [
        build_stack(
            key.bridge,
            key.shape,
            SHAPES[key.shape],
            grid.width,
            grid.height,
            board.land,
            board.river,
            board.in_play,
        )
        for key in keys
    ]
    return board.land, board.river, tuple(stacks)


def position_of(situation: Any) -> Position:
    """The plain tuple of a boardkit ``Situation``."""
    p = situation.protections
    return situation.yurts, situation.neutral, situation.blocked, p.khan, tuple(p.divine)


def found_of(conquest: Any) -> Found:
    """The plain tuple of a boardkit ``Conquest``, to compare with :func:`conquests`."""
    key = conquest.stack
    return key.bridge, key.shape, conquest.mask, conquest.sharers, conquest.consent_from


def main() -> None:
    from khan_conquest_bench import crowded_situation

    from boardkit import Rng
    from boardkit_khan.rules.board_validation import default_board
    from boardkit_khan.rules.placements import standard_stack_keys

    board = default_board()
    tables = tables_for(board, standard_stack_keys())
    rng = Rng(1244)
    positions = [position_of(crowded_situation(board, rng)[0]) for _ in range(5)]
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for position in positions:
            conquests(tables, position, 0)
        calls += len(positions)
    elapsed = time.perf_counter() - start
    print(f"bare Khan conquest generator: {calls / elapsed:,.0f} calls/s")
    print(f"{elapsed / calls * 1e6:.0f} µs per call")


if __name__ == "__main__":
    main()
