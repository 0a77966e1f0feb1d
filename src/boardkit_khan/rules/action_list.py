"""The legal actions of a step-2 decision as a lazy sequence: actions are found only when
asked for.

A crowded position has dozens of legal conquests and a hundred cells for action D; a random
player, a bot's sampling or a menu's first page looks at one or a few of them. :class:`ActionList`
holds the conquests the generator found (:class:`~boardkit_khan.rules.conquest.Conquest` tuples,
made at tuple speed) and turns one into a :class:`~boardkit_khan.rules.actions.Conquer` action only
when it is read; the invasions and action D are :class:`CellActions`, a cell mask per card that
gives its count at once and finds the cell of an index only when it is read. The order and
length are those of the plain list it replaces: the actions before the conquests (invasions,
displacements), the conquests, then the actions after them (action D).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from boardkit.geometry.grid import cells_of
from boardkit_khan.rules.actions import Conquer, KhanAction
from boardkit_khan.rules.conquest import Conquest


def _index(index: int, n: int) -> int:
    if index < 0:
        index += n
    if not 0 <= index < n:
        raise IndexError("legal action index out of range")
    return index


class _LazyActions(Sequence[KhanAction]):
    """What the lazy lists share: a known length ``_n``, and equality with any sequence (a
    list, a tuple) holding the same actions in the same order, as a list of them would be."""

    __slots__ = ()
    _n: int

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=False))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


def _nth_cell(mask: int, i: int) -> int:
    """The cell of the ``i``-th lowest set bit of ``mask`` (``i`` below its count): whole
    chunks of 32 cells are skipped by their counts, then the bits of one chunk are walked."""
    base = 0
    chunk = mask & _CHUNK
    count = chunk.bit_count()
    while i >= count:
        i -= count
        mask >>= 32
        base += 32
        chunk = mask & _CHUNK
        count = chunk.bit_count()
    for _ in range(i):
        chunk &= chunk - 1
    return base + (chunk & -chunk).bit_length() - 1


_CHUNK = (1 << 32) - 1


class CellActions(_LazyActions):
    """``[row[cell] for row, mask in parts for cell in cells_of(mask)]``, found on demand.

    ``row`` is a table of shared actions indexed by cell (``Invade(card, cell)`` for one card,
    ``InvadeAnywhere(cell)``) or by another small number (``DisplaceRuler(ruler)``, the mask
    then holding ruler numbers); the length is the masks' cell count, so it costs nothing to
    know; reading index ``i`` finds the ``i``-th cell of its mask (:func:`_nth_cell`).
    """

    __slots__ = ("_n", "_parts")

    def __init__(self, parts: Sequence[tuple[Sequence[KhanAction], int]]) -> None:
        self._parts: list[tuple[Sequence[KhanAction], int, int]] = []
        n = 0
        for row, mask in parts:
            if mask:
                count = mask.bit_count()
                self._parts.append((row, mask, count))
                n += count
        self._n = n

    def __len__(self) -> int:
        return self._n

    def _build(self, i: int) -> KhanAction:
        for row, mask, count in self._parts:
            if i < count:
                return row[_nth_cell(mask, i)]
            i -= count
        raise IndexError("legal action index out of range")  # pragma: no cover (checked)

    @overload
    def __getitem__(self, index: int) -> KhanAction: ...
    @overload
    def __getitem__(self, index: slice) -> list[KhanAction]: ...
    def __getitem__(self, index: int | slice) -> KhanAction | list[KhanAction]:
        if isinstance(index, slice):
            return list(self)[index]
        return self._build(_index(index, self._n))

    def __iter__(self) -> Iterator[KhanAction]:
        for row, mask, _ in self._parts:
            for cell in cells_of(mask):
                yield row[cell]


class ActionList(_LazyActions):
    """``[*head, *(a Conquer for each conquest), *tail]``, built on demand.

    ``head`` and ``tail`` are lists or lazy sequences (:class:`CellActions`).
    """

    __slots__ = ("_conquests", "_head", "_n", "_split", "_tail")

    def __init__(
        self,
        head: Sequence[KhanAction],
        conquests: list[Conquest],
        tail: Sequence[KhanAction],
    ) -> None:
        self._head = head
        self._conquests = conquests
        self._tail = tail
        self._split = len(head) + len(conquests)
        self._n = self._split + len(tail)

    def __len__(self) -> int:
        return self._n

    def _build(self, i: int) -> KhanAction:
        head = len(self._head)
        if i < head:
            return self._head[i]
        if i < self._split:
            c = self._conquests[i - head]
            return Conquer(c.stack, c.orientation, c.anchor)
        return self._tail[i - self._split]

    @overload
    def __getitem__(self, index: int) -> KhanAction: ...
    @overload
    def __getitem__(self, index: slice) -> list[KhanAction]: ...
    def __getitem__(self, index: int | slice) -> KhanAction | list[KhanAction]:
        n = self._n
        if isinstance(index, slice):
            return [self._build(i) for i in range(*index.indices(n))]
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("legal action index out of range")
        return self._build(index)

    def __iter__(self) -> Iterator[KhanAction]:
        yield from self._head
        for c in self._conquests:
            yield Conquer(c.stack, c.orientation, c.anchor)
        yield from self._tail
