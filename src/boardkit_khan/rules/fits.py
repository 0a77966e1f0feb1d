"""Where every orientation of every stack fits, in one generated function per board.

The conquest scan (:mod:`boardkit_khan.rules.conquest`) asks, for each orientation of each available
stack, which anchors place the tile on allowed cells only: ``anchors & allowed & AND(allowed >>
d for d in offsets)``. Done orientation by orientation that is about 360 ``&`` in a Python loop
for the 102 orientations of the 23 standard stacks. Most orientations share their first cells
(an L and a T start with the same domino), so this module arranges the offset lists as a tree
(a trie: one node per distinct prefix, 131 of them) and writes it out as straight-line Python,
compiled once per board: each product is computed once, shared by every orientation below it,
and a product of zero skips its whole subtree. No loop runs per orientation.

:func:`fit_finder` gives the :class:`FitFinder` of a table and a set of stacks. Its ``find``
returns ``(position, fits)`` for every orientation with at least one fitting anchor, in scan
order (stack order, then orientation), where ``position`` indexes ``orientations``, keeping
only anchors whose tile covers one of the player's yurts; stacks outside the finder's set are
never reported. The finder knows nothing of majorities or protections: the scan checks the
anchors it reports, exactly as it checked its own loop's results before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import NamedTuple

from boardkit_khan.rules.placements import PlacementTable, StackKey

__all__ = ["FitFinder", "Orientation", "fit_finder", "reach"]


class Orientation(NamedTuple):
    """One orientation of a stack as the scan reads it: the stack, whether it is a bridge, the
    orientation's number, the mask of its static anchors, its cell offsets from the anchor,
    and its shape at anchor cell 0 (a placement is ``shape << anchor``)."""

    stack: StackKey
    bridge: bool
    number: int
    anchors: int
    offsets: tuple[int, ...]
    shape: int


Find = Callable[[int, int | None, int], list[tuple[int, int]]]
"""``find(land_allowed, bridge_allowed, own)``: ``bridge_allowed`` is ``None`` when the finder
has no bridges. Only anchors whose tile covers a cell of ``own`` (the player's yurts) are
reported. The masks are shifted once per offset, at the top of the generated function."""


class FitFinder(NamedTuple):
    """The generated finder of one table and set of stacks, with what its results index:
    ``orientations`` (by position), ``stacks`` (in scan order) and, per orientation, the index
    of its stack in ``stacks``."""

    orientations: tuple[Orientation, ...]
    stacks: tuple[StackKey, ...]
    stack_of: tuple[int, ...]
    find: Find
    has_bridges: bool


_FINDERS: dict[tuple[PlacementTable, frozenset[StackKey]], FitFinder] = {}
_FINDERS_LIMIT = 256


def fit_finder(table: PlacementTable, stacks: Collection[StackKey]) -> FitFinder:
    """The finder for ``stacks`` on ``table`` (generated on first use, then remembered)."""
    wanted = frozenset(stacks)
    finder = _FINDERS.get((table, wanted))
    if finder is None:
        if len(_FINDERS) >= _FINDERS_LIMIT:
            _FINDERS.clear()
        finder = _FINDERS[(table, wanted)] = _generate(table, wanted)
    return finder


def _orientations(table: PlacementTable, stacks: frozenset[StackKey]) -> tuple[Orientation, ...]:
    out: list[Orientation] = []
    for key in sorted(stacks, key=lambda key: (key.kind.value, key.shape)):
        for o in table.stack(key).orientations:
            shape = 1
            for offset in o.offsets:
                shape |= 1 << offset
            out.append(Orientation(key, key.bridge, o.index, o.anchors, tuple(o.offsets), shape))
    return tuple(out)


class _Node:
    """A prefix of offset lists: its children by next offset, the orientations ending here."""

    __slots__ = ("children", "leaves")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.leaves: list[int] = []


def _trie(orientations: tuple[Orientation, ...], bridge: bool) -> _Node:
    root = _Node()
    for position, o in enumerate(orientations):
        if o.bridge is not bridge:
            continue
        node = root
        for offset in o.offsets:
            node = node.children.setdefault(offset, _Node())
        node.leaves.append(position)
    return root


def _emit(
    node: _Node,
    var: str,
    shifted: str,
    depth: int,
    lines: list[str],
    names: dict[str, int],
    orientations: tuple[Orientation, ...],
) -> None:
    """Lines for ``node``, whose product over all allowed shifts so far is in ``var``."""
    pad = "    " * depth
    for position in node.leaves:
        anchors = f"A{position}"
        names[anchors] = orientations[position].anchors
        touch = " | ".join(["w", *(f"o{d}" for d in orientations[position].offsets)])
        lines += [
            f"{pad}f = {var} & {anchors}",
            f"{pad}if f:",
            f"{pad}    f &= {touch}",
            f"{pad}    if f:",
            f"{pad}        out.append(({position}, f))",
        ]
    for offset, child in sorted(node.children.items()):
        child_var = f"{var}_{offset}"
        lines += [f"{pad}{child_var} = {var} & {shifted}{offset}", f"{pad}if {child_var}:"]
        _emit(child, child_var, shifted, depth + 1, lines, names, orientations)
        if lines[-1].endswith(":"):  # pragma: no cover (every trie node ends in a leaf)
            lines.append(f"{pad}    pass")


def _generate(table: PlacementTable, stacks: frozenset[StackKey]) -> FitFinder:
    orientations = _orientations(table, stacks)
    land = {d for o in orientations if not o.bridge for d in o.offsets}
    river = {d for o in orientations if o.bridge for d in o.offsets}
    names: dict[str, int] = {}
    lines = ["def find(a, b, w):", "    out = []"]
    lines += [f"    s{d} = a >> {d}" for d in sorted(land)]
    lines += [f"    o{d} = w >> {d}" for d in sorted(land | river)]
    _emit(_trie(orientations, False), "a", "s", 1, lines, names, orientations)
    lines.append("    if b is not None:")
    lines += [f"        t{d} = b >> {d}" for d in sorted(river)]
    _emit(_trie(orientations, True), "b", "t", 2, lines, names, orientations)
    lines += ["        pass", "    out.sort()", "    return out"]
    namespace: dict[str, object] = dict(names)
    exec("\n".join(lines) + "\n", namespace)
    find: Find = namespace["find"]  # type: ignore[assignment]
    ordered = tuple(sorted(stacks, key=lambda key: (key.kind.value, key.shape)))
    index = {key: i for i, key in enumerate(ordered)}
    return FitFinder(
        orientations,
        ordered,
        tuple(index[o.stack] for o in orientations),
        find,
        any(o.bridge for o in orientations),
    )


_REACH: dict[Find, tuple[int, ...]] = {}
"""By finder (its generated ``find`` function, one object per finder, hashed by identity and
kept alive as the key), what :func:`reach` worked out."""


def reach(finder: FitFinder) -> tuple[int, ...]:
    """Per cell, every cell a placement of ``finder``'s orientations covering it also covers
    (0 for a cell no placement covers); worked out once per finder.

    Whether a placement fits depends only on its own cells, so ``find`` run on allowed masks
    cut down to the reach of some cells still reports exactly the fits covering those cells.
    """
    known = _REACH.get(finder.find)
    if known is not None:
        return known
    cells: dict[int, int] = {}
    for o in finder.orientations:
        anchors = o.anchors
        while anchors:
            low = anchors & -anchors
            anchors ^= low
            mask = o.shape << (low.bit_length() - 1)
            rest = mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                cell = bit.bit_length() - 1
                cells[cell] = cells.get(cell, 0) | mask
    table = tuple(cells.get(cell, 0) for cell in range(max(cells, default=-1) + 1))
    if len(_REACH) >= _FINDERS_LIMIT:
        _REACH.clear()
    _REACH[finder.find] = table
    return table
