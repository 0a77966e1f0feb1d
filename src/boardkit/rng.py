"""Seeded randomness that gives the same numbers on every Python version.

The standard library's :mod:`random` only promises stable ``random()`` output; helpers such as
``shuffle`` or ``randrange`` have changed between versions. boardkit therefore uses its own small
generator (SplitMix64), and derives one independent stream per log entry from the match seed and
the entry's sequence number. A game never keeps generator state in its game state: replay reads
random outcomes from the recorded events, and verification re-derives the same stream.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Rng:
    """A deterministic random stream (SplitMix64) with the few draws games need."""

    __slots__ = ("_state",)

    def __init__(self, seed: int, stream: int = 0) -> None:
        self._state = _mix(seed & _MASK64) ^ _mix((_mix(stream & _MASK64) + _GOLDEN) & _MASK64)

    @classmethod
    def for_entry(cls, seed: int, seq: int) -> Rng:
        """The stream used while producing log entry ``seq`` of a match seeded with ``seed``."""
        return cls(seed, seq + 1)

    def next_u64(self) -> int:
        """The next 64 random bits."""
        self._state = (self._state + _GOLDEN) & _MASK64
        return _mix(self._state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        while True:
            r = self.next_u64() >> (64 - bits) if bits <= 64 else self.next_u64()
            if r < n:
                return r

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy of ``items`` as a tuple."""
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)
