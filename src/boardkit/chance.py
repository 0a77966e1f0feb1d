"""Randomness a host can drive: a game's random draws as explicit chance outcomes.

Every random outcome of a boardkit game comes from the :class:`~boardkit.rng.Rng` the engine
hands to its hooks, and games draw only through :meth:`Rng.below` (``choice``, ``shuffle`` and
``shuffled`` are built on it). So a draw is always "one of ``n`` equally likely outcomes", and a
host that wants to choose the outcomes itself (OpenSpiel's chance nodes, a test that forces a
deal, a search that enumerates outcomes) replaces the seeded stream with a :class:`ChanceRng`:

- ``ChanceRng(outcomes)`` answers the draws of one engine call from ``outcomes``, in order;
- when it runs out it raises :class:`ChanceNeeded` with the number of outcomes of the next draw,
  the engine call is abandoned (it changed nothing: states are immutable), and the host calls
  again with one more outcome.

Because :func:`boardkit.engine.start` and :func:`boardkit.engine.step` are pure functions of their
arguments, replaying the same outcomes gives the same events. The default everywhere stays the
seeded stream, and logs do not change: the outcomes end up in the events, as always.

A :class:`RecordingRng` is the seeded stream that also records the outcomes it gave, so a host
can check that a seeded entry and its recorded outcomes agree
(:func:`boardkit.testing.encoding_checks.check_chance`).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.errors import BoardkitError, GameDefinitionError
from boardkit.rng import Rng

_UNUSED_SEED = 0


class ChanceNeeded(BoardkitError):
    """The engine call needs one more chance outcome: one of ``range(outcomes)``, uniform."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a chance outcome in range({outcomes}) is needed")
        self.outcomes = outcomes


class ChanceRng(Rng):
    """An :class:`Rng` whose draws are given by the host instead of a seed.

    ``below(n)`` returns the next given outcome (checked to lie in ``range(n)``) or raises
    :class:`ChanceNeeded`; ``random()`` and raw bits have no finite outcome list and raise
    :class:`~boardkit.errors.GameDefinitionError`: a game that uses them cannot be driven.
    """

    __slots__ = ("_given", "_used")

    def __init__(self, outcomes: Sequence[int] = ()) -> None:
        super().__init__(_UNUSED_SEED, 0)
        self._given = tuple(outcomes)
        self._used = 0

    @property
    def used(self) -> int:
        """How many of the given outcomes were drawn."""
        return self._used

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self._used == len(self._given):
            raise ChanceNeeded(n)
        value = self._given[self._used]
        if type(value) is not int or not 0 <= value < n:
            raise ValueError(f"chance outcome {value!r} is not in range({n})")
        self._used += 1
        return value

    def next_u64(self) -> int:
        raise GameDefinitionError(
            "the game drew raw random bits (next_u64 or random()); draw through below(), "
            "choice() or shuffle() so that a host can drive the outcomes"
        )


class RecordingRng(Rng):
    """The seeded stream ``Rng(seed, stream)``, keeping every ``below`` outcome it gave."""

    __slots__ = ("bounds", "outcomes")

    def __init__(self, seed: int, stream: int = 0) -> None:
        super().__init__(seed, stream)
        self.outcomes: list[int] = []
        self.bounds: list[int] = []

    @classmethod
    def for_entry(cls, seed: int, seq: int) -> RecordingRng:
        """The recording twin of :meth:`Rng.for_entry`."""
        return cls(seed, seq + 1)

    def below(self, n: int) -> int:
        value = super().below(n)
        self.outcomes.append(value)
        self.bounds.append(n)
        return value
