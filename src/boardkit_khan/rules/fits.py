"""Where every orientation of every stack fits, in one finder per board and set of stacks.

The conquest scan (:mod:`boardkit_khan.rules.conquest`) asks, for each orientation of each available
stack, which anchors place the tile on allowed cells only: ``anchors & allowed & AND(allowed >>
d for d in offsets)``. Done orientation by orientation that is about 360 ``&`` in a Python loop
for the 102 orientations of the 23 standard stacks. Most orientations share their first cells
(an L and a T start with the same domino), so this module arranges the offset lists as a tree
(a trie: one node per distinct prefix, 131 of them): each product is computed once, shared by
every orientation below it, and a product of zero skips its whole subtree.

The trie runs in one of two forms, with the same results. Pure Python runs it written out as
straight-line Python, compiled with ``exec`` once per board (no loop or call per node: the
interpreter's fastest form). ``exec``'d code is never compiled by mypyc, so the compiled build
walks the trie instead (:func:`_walk`, compiled with this module), holding the masks as Python
ints (:data:`Mask`); pure Python walks it at about twice the cost of the straight-line form.

:func:`fit_finder` gives the :class:`FitFinder` of a table and a set of stacks. Its ``find``
returns ``(position, fits)`` for every orientation with at least one fitting anchor, in scan
order (stack order, then orientation), where ``position`` indexes ``orientations``, keeping
only anchors whose tile covers one of the player's yurts; stacks outside the finder's set are
never reported. The finder knows nothing of majorities or protections: the scan checks the
anchors it reports, exactly as it checked its own loop's results before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, NamedTuple

from boardkit.compiled import is_compiled
from boardkit_khan.rules.placements import PlacementTable, StackKey

__all__ = ["FitFinder", "Mask", "Orientation", "fit_finder", "reach"]


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


Mask = Any
"""A mask of cells (an ``int``) where the scan combines masks in bulk: typed ``Any`` so that
compiled code keeps each mask a Python ``int`` object and combines masks with the
interpreter's own big-integer operations. Typed ``int``, mypyc would convert every result back
to its tagged form (a range check per operation, and its own copy of the digits), which costs
more than the operation on masks of the board's size; the interpreter sees no difference."""


Find = Callable[[Mask, Mask | None, Mask], list[tuple[int, Mask]]]
"""``find(land_allowed, bridge_allowed, own)``: ``bridge_allowed`` is ``None`` when the finder
has no bridges. Only anchors whose tile covers a cell of ``own`` (the player's yurts) are
reported. Each mask is shifted at most once per offset in a call."""


class FitFinder(NamedTuple):
    """The finder of one table and set of stacks, with what its results index:
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
    """A prefix of offset lists: its last offset and that offset's slot (in the shifted masks of
    a walk), its children in order of offset, and the orientations ending here (their
    positions and static anchors)."""

    __slots__ = ("anchors", "by_offset", "children", "offset", "positions", "slot")

    def __init__(self, offset: int, slot: int) -> None:
        self.offset = offset
        self.slot = slot
        self.by_offset: dict[int, _Node] = {}
        self.children: list[_Node] = []
        self.positions: list[int] = []
        self.anchors: list[Mask] = []


def _trie(orientations: tuple[Orientation, ...], bridge: bool) -> tuple[_Node, int]:
    """The trie of the orientations that are (or are not) bridges, and its number of slots
    (one per distinct offset)."""
    root = _Node(0, -1)
    slots: dict[int, int] = {}
    for position, o in enumerate(orientations):
        if o.bridge is not bridge:
            continue
        node = root
        for offset in o.offsets:
            child = node.by_offset.get(offset)
            if child is None:
                slot = slots.setdefault(offset, len(slots))
                child = node.by_offset[offset] = _Node(offset, slot)
            node = child
        node.positions.append(position)
        node.anchors.append(o.anchors)
    pending = [root]
    while pending:
        node = pending.pop()
        node.children = [node.by_offset[offset] for offset in sorted(node.by_offset)]
        pending += node.children
    return root, len(slots)


def _walk(
    node: _Node,
    product: Mask,
    touch: Mask,
    allowed: Mask,
    own: Mask,
    shifted: list[Mask],
    moved: list[Mask],
    out: list[tuple[int, Mask]],
) -> None:
    """Report the orientations ending at and below ``node``. ``product`` is ``allowed`` ANDed
    with itself shifted by each offset on the way here (never zero: a child whose product is
    zero is skipped with everything below it), ``touch`` is ``own`` ORed with itself shifted
    the same way (an anchor in it places a tile covering a cell of ``own``). ``shifted`` and
    ``moved`` hold, by slot, ``allowed`` and ``own`` shifted by the slot's offset, each worked
    out when first needed (``None`` until then)."""
    anchors = node.anchors
    for i in range(len(anchors)):
        fits = product & anchors[i]
        if fits:
            fits &= touch
            if fits:
                out.append((node.positions[i], fits))
    for child in node.children:
        slot = child.slot
        allowed_here = shifted[slot]
        if allowed_here is None:
            allowed_here = shifted[slot] = allowed >> child.offset
        below = product & allowed_here
        if below:
            own_here = moved[slot]
            if own_here is None:
                own_here = moved[slot] = own >> child.offset
            _walk(child, below, touch | own_here, allowed, own, shifted, moved, out)


class _TrieFinder:
    """The tries of one finder's land and bridge orientations, and its ``find``."""

    __slots__ = ("land", "land_slots", "river", "river_slots")

    def __init__(self, orientations: tuple[Orientation, ...]) -> None:
        self.land, self.land_slots = _trie(orientations, False)
        self.river, self.river_slots = _trie(orientations, True)

    def find(self, a: Mask, b: Mask | None, w: Mask) -> list[tuple[int, Mask]]:
        """``(position, fits)`` of every orientation with a fitting anchor covering ``w``, in
        position order (see :data:`Find`)."""
        out: list[tuple[int, Mask]] = []
        if a:
            slots = self.land_slots
            _walk(self.land, a, w, a, w, [None] * slots, [None] * slots, out)
        if b is not None and b:
            slots = self.river_slots
            _walk(self.river, b, w, b, w, [None] * slots, [None] * slots, out)
        out.sort()
        return out


def _emit(
    node: _Node,
    var: str,
    shifted: str,
    path: tuple[int, ...],
    lines: list[str],
    names: dict[str, int],
) -> None:
    """Straight-line lines for ``node``, reached by the offsets ``path``, whose product over the
    allowed masks shifted so far is in ``var`` (the masks shifted by ``d``: ``{shifted}{d}``;
    the player's yurts shifted by ``d``: ``o{d}``)."""
    pad = "    " * (len(path) + (2 if shifted == "t" else 1))
    touch = " | ".join(["w", *(f"o{d}" for d in path)])
    for position, anchors in zip(node.positions, node.anchors, strict=True):
        names[f"A{position}"] = anchors
        lines += [
            f"{pad}f = {var} & A{position}",
            f"{pad}if f:",
            f"{pad}    f &= {touch}",
            f"{pad}    if f:",
            f"{pad}        out.append(({position}, f))",
        ]
    for child in node.children:
        child_var = f"{var}_{child.offset}"
        lines += [f"{pad}{child_var} = {var} & {shifted}{child.offset}", f"{pad}if {child_var}:"]
        _emit(child, child_var, shifted, (*path, child.offset), lines, names)


def _straight_line(orientations: tuple[Orientation, ...]) -> Find:
    """The tries written out as one Python function and compiled with ``exec``: each product is
    a local, no call per node (the interpreter's fastest ``find``, see the module's text)."""
    land = {d for o in orientations if not o.bridge for d in o.offsets}
    river = {d for o in orientations if o.bridge for d in o.offsets}
    names: dict[str, int] = {}
    lines = ["def find(a, b, w):", "    out = []"]
    lines += [f"    s{d} = a >> {d}" for d in sorted(land)]
    lines += [f"    o{d} = w >> {d}" for d in sorted(land | river)]
    _emit(_trie(orientations, False)[0], "a", "s", (), lines, names)
    lines.append("    if b is not None:")
    lines += [f"        t{d} = b >> {d}" for d in sorted(river)]
    _emit(_trie(orientations, True)[0], "b", "t", (), lines, names)
    lines += ["        pass", "    out.sort()", "    return out"]
    namespace: dict[str, object] = dict(names)
    exec("\n".join(lines) + "\n", namespace)
    find: Find = namespace["find"]  # type: ignore[assignment]
    return find


def _generate(
    table: PlacementTable, stacks: frozenset[StackKey], *, walk: bool | None = None
) -> FitFinder:
    """The finder of ``stacks`` on ``table``: its ``find`` walks the tries when ``walk`` is true
    (by default: when this module runs compiled), runs them as straight-line Python otherwise
    (the same results either way)."""
    if walk is None:
        walk = is_compiled(__name__)
    orientations = _orientations(table, stacks)
    find = _TrieFinder(orientations).find if walk else _straight_line(orientations)
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
"""By finder (its ``find``, one object per finder, hashed by identity and kept alive as the
key), what :func:`reach` worked out."""


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
