"""A map of bounded size that drops its least recently used entry first.

The server keeps three kinds of work that are dear to redo and cheap to keep for a while: the
pictures it has drawn (:class:`boardkit.server.pictures.PictureCache`), the pictures it has
compressed (:class:`boardkit.server.splice.SegmentCache`) and the reviews it has searched
(:class:`boardkit.server.review.ReviewCache`). Each is bounded by a count, so that a server that
runs for months keeps its memory flat, and each drops what was used longest ago. They share this
one map. Only the event loop uses them, so it takes no lock.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruMap(Generic[K, V]):
    """At most :attr:`size` values by key; keeping one more drops the least recently used.

    ``owner`` and ``items`` name the cache and what it holds in the error for a bad size:
    ``LruMap(-1, "picture cache", "pictures")`` raises ``ValueError("the picture cache holds 0
    or more pictures, not -1")``. A size of 0 keeps nothing (every look-up misses).
    """

    def __init__(self, size: int, owner: str = "cache", items: str = "entries") -> None:
        if type(size) is not int or size < 0:
            raise ValueError(f"the {owner} holds 0 or more {items}, not {size!r}")
        self.size = size
        """The most values kept."""
        self.hits = 0
        """Look-ups that found their value (:meth:`find`)."""
        self._kept: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        return iter(self._kept)

    def find(self, key: K) -> V | None:
        """The value kept under ``key`` (marked as just used, counted in :attr:`hits`), or
        ``None``."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            self.hits += 1
        return found

    def keep(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key`` as the most recently used, dropping the least recently
        used past :attr:`size`."""
        if self.size == 0:
            return
        kept = self._kept
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > self.size:
            kept.popitem(last=False)

    def forget(self, which: Callable[[K], bool]) -> None:
        """Drop every value whose key ``which`` accepts."""
        for key in [k for k in self._kept if which(k)]:
            del self._kept[key]

    def clear(self) -> None:
        """Drop every value."""
        self._kept.clear()
