"""The village graph of Shangrila (S-C1) and the red village (S-S2).

The rulebook prints no village names, so villages are numbered 0-12 (top left to bottom right).
Each of the 23 paths carries one bridge; a path is an ``(a, b)`` pair with ``a < b`` and has an
index into :data:`PATHS`, so the intact bridges of a game fit in one integer bitmask.
Everything a rule needs per village (neighbours with the path between, the mask of its paths)
is computed once here.
"""

from __future__ import annotations

from typing import Final

VILLAGE_COUNT: Final = 13
VILLAGES: Final[tuple[int, ...]] = tuple(range(VILLAGE_COUNT))

ADJACENCY: Final[tuple[tuple[int, ...], ...]] = (
    (1, 3, 4, 6),
    (0, 2, 5),
    (1, 5, 9),
    (0, 4, 6, 10),
    (0, 3, 5, 7),
    (1, 2, 4, 8),
    (0, 3, 10),
    (4, 8, 10, 11),
    (5, 7, 9, 12),
    (2, 8, 12),
    (3, 6, 7, 11),
    (7, 10, 12),
    (8, 9, 11),
)
"""Neighbours of each village (S-C1)."""

POSITIONS: Final[tuple[tuple[int, int], ...]] = (
    (17, 15),
    (55, 15),
    (85, 18),
    (24, 48),
    (44, 34),
    (70, 32),
    (17, 76),
    (47, 66),
    (68, 51),
    (89, 53),
    (40, 90),
    (70, 89),
    (82, 71),
)
"""Approximate drawing positions, percent of board width and height from the top left."""

RED_VILLAGE: Final = 2
"""The red-walled village, out of play with three players (S-S2)."""

PATHS: Final[tuple[tuple[int, int], ...]] = tuple(
    sorted((a, b) for a in VILLAGES for b in ADJACENCY[a] if a < b)
)
"""Every path as ``(a, b)`` with ``a < b``; a path's index is its bit in a bridge mask."""

PATH_INDEX: Final[dict[tuple[int, int], int]] = {p: i for i, p in enumerate(PATHS)}

ALL_BRIDGES: Final = (1 << len(PATHS)) - 1
"""The bridge mask with every bridge intact."""

INCIDENT: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, p in enumerate(PATHS) if v in p) for v in VILLAGES
)
"""For each village, the mask of the paths that touch it."""

ROUTES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((w, PATH_INDEX[(min(v, w), max(v, w))]) for w in ADJACENCY[v]) for v in VILLAGES
)
"""For each village, its ``(neighbour, path index)`` pairs."""

RED_VILLAGE_BRIDGES: Final = INCIDENT[RED_VILLAGE]
"""The three paths of the red village, which carry no bridge with three players (S-S2)."""


def path_index(a: int, b: int) -> int | None:
    """The index of the path between villages ``a`` and ``b``; ``None`` if not joined."""
    return PATH_INDEX.get((a, b) if a < b else (b, a))


def bridges_at(bridges: int, village: int) -> int:
    """How many intact bridges (in the mask ``bridges``) touch ``village``."""
    return (bridges & INCIDENT[village]).bit_count()
