"""Training samples: positions with the targets a policy-value network learns.

One sample is one decision of a played game, seen by the seat that made it:

- ``observation``: that seat's observation (:meth:`boardkit.game.Game.observation`), stored as
  float16 (the observations are 0/1 flags and small fractions; half the memory);
- ``legal`` and ``policy``: the legal action indices and the teacher's probability for each
  (the search's visit shares, or the heuristic's preference in the first generation);
- ``value``: every seat's share of the win at the end of the game, *relative* to the deciding
  seat (slot 0 is that seat), the order the network's value head uses.

:class:`Samples` keeps many such rows in flat numpy arrays: the observations as a matrix, the
variable-length legal sets and their probabilities in one array each with row offsets (the
compressed-sparse-row layout), so a million samples are a handful of arrays that save to one
``.npz`` and load without unpickling anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from typing import Any

import numpy as np

Array = Any


class Samples:
    """Rows of training samples in flat arrays (see the module docstring)."""

    def __init__(
        self, observations: Array, offsets: Array, legal: Array, policy: Array, values: Array
    ) -> None:
        self.observations = np.asarray(observations, dtype=np.float16)
        self.offsets = np.asarray(offsets, dtype=np.int64)
        self.legal = np.asarray(legal, dtype=np.int32)
        self.policy = np.asarray(policy, dtype=np.float32)
        self.values = np.asarray(values, dtype=np.float32)
        rows = len(self.observations)
        if len(self.offsets) != rows + 1 or len(self.values) != rows:
            raise ValueError(
                f"{rows} observations need {rows + 1} offsets and {rows} values, "
                f"not {len(self.offsets)} and {len(self.values)}"
            )
        if len(self.legal) != len(self.policy) or (rows and self.offsets[-1] != len(self.legal)):
            raise ValueError("the legal indices, their probabilities and the offsets disagree")

    def __len__(self) -> int:
        return len(self.observations)

    @classmethod
    def build(
        cls,
        observations: Sequence[Sequence[float]],
        legal: Sequence[Sequence[int]],
        policy: Sequence[Sequence[float]],
        values: Sequence[Sequence[float]],
        width: int,
        players: int,
    ) -> Samples:
        """Samples from per-row lists (what a played game gives)."""
        offsets = np.zeros(len(legal) + 1, dtype=np.int64)
        np.cumsum([len(row) for row in legal], out=offsets[1:])
        flat_legal = np.fromiter((i for row in legal for i in row), np.int32, int(offsets[-1]))
        flat_policy = np.fromiter((p for row in policy for p in row), np.float32, int(offsets[-1]))
        matrix = np.asarray(observations, dtype=np.float16).reshape(len(observations), width)
        value_rows = np.asarray(values, dtype=np.float32).reshape(len(values), players)
        return cls(matrix, offsets, flat_legal, flat_policy, value_rows)

    @classmethod
    def empty(cls, width: int, players: int) -> Samples:
        """No samples, of the given observation width and seat count."""
        return cls(
            np.zeros((0, width), np.float16),
            np.zeros(1, np.int64),
            np.zeros(0, np.int32),
            np.zeros(0, np.float32),
            np.zeros((0, players), np.float32),
        )

    @classmethod
    def concatenate(cls, parts: Sequence[Samples]) -> Samples:
        """All rows of ``parts``, in order (at least one part)."""
        offsets = [np.zeros(1, np.int64)]
        shift = 0
        for part in parts:
            offsets.append(part.offsets[1:] + shift)
            shift += int(part.offsets[-1])
        return cls(
            np.concatenate([p.observations for p in parts]),
            np.concatenate(offsets),
            np.concatenate([p.legal for p in parts]),
            np.concatenate([p.policy for p in parts]),
            np.concatenate([p.values for p in parts]),
        )

    def last(self, count: int) -> Samples:
        """The newest ``count`` rows (all of them when there are fewer): a replay window."""
        return self.rows(max(0, len(self) - count), len(self))

    def rows(self, start: int, stop: int) -> Samples:
        """Rows ``start`` to ``stop`` (excluded), as samples of their own."""
        if (start, stop) == (0, len(self)):
            return self
        base, end = int(self.offsets[start]), int(self.offsets[stop])
        return Samples(
            self.observations[start:stop],
            self.offsets[start : stop + 1] - base,
            self.legal[base:end],
            self.policy[base:end],
            self.values[start:stop],
        )

    def batch(self, rows: Array) -> tuple[Array, Array, Array, Array]:
        """The rows ``rows`` as ``(observations, row of each legal entry, its index, its
        probability)`` plus values: what a trainer turns into a masked dense batch."""
        starts, ends = self.offsets[rows], self.offsets[rows + 1]
        counts = ends - starts
        owner = np.repeat(np.arange(len(rows)), counts)
        positions = np.concatenate([np.arange(s, e) for s, e in zip(starts, ends, strict=True)])
        return (
            self.observations[rows].astype(np.float32),
            np.stack([owner, self.legal[positions]]),
            self.policy[positions],
            self.values[rows],
        )

    def save(self, path: str | PathLike[str]) -> None:
        """Write the rows to one compressed ``.npz`` file."""
        np.savez_compressed(
            path,
            observations=self.observations,
            offsets=self.offsets,
            legal=self.legal,
            policy=self.policy,
            values=self.values,
        )

    @classmethod
    def load(cls, path: str | PathLike[str]) -> Samples:
        """Read rows written by :meth:`save` (no pickled objects are read)."""
        with np.load(path, allow_pickle=False) as data:
            return cls(
                data["observations"],
                data["offsets"],
                data["legal"],
                data["policy"],
                data["values"],
            )
