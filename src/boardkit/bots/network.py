"""A small policy-value network, evaluated with numpy alone: what the ``trained`` bot searches with.

The network reads one seat's observation (:meth:`boardkit.game.Game.observation`, a flat vector,
or its nonzero values alone, :class:`SparseObservation`, from
:meth:`boardkit.game.Game.sparse_observation`) and gives two things:

- a **policy**: a logit for every action index (:meth:`boardkit.game.Game.action_to_index`),
  of which only the legal ones are ever read, turned into probabilities by a softmax over them;
- a **value**: a logit for every seat *relative to the observer* (slot 0 is the observer, slot
  ``k`` the seat ``k`` places after him, the convention of both games' observations), turned by
  a softmax into each seat's expected share of the win, so the shares add up to 1 as the search's
  rewards do (:mod:`boardkit.bots.evaluation`).

Its shape is a multilayer perceptron: ``hidden`` layers with ReLU, then the two heads. Only the
columns of the policy head's matrix that belong to legal actions are multiplied, so a position
with 40 legal actions out of 9,230 costs 40 dot products there, not 9,230.

The weights live in one ``.npz`` file (:meth:`PolicyValueNet.save`, :meth:`PolicyValueNet.load`)
with a small JSON header: the game, the seat count, the sizes, and what the trainer recorded.
Weights are stored as float16 (half the size; the search cannot tell the difference) and
computed in float32. The file holds arrays only, never pickled objects, so loading one from an
untrusted place runs no code.

numpy is the only requirement (``pip install "boardkit[bots]"``); training is
:mod:`boardkit.train`'s job (the ``train`` extra).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from os import PathLike
from typing import IO, Any, NamedTuple

from boardkit.errors import BoardkitError
from boardkit.extras import needs_extra

with needs_extra("bots", __name__):
    import numpy as np  # type: ignore[import-not-found, unused-ignore]  # compiled build: no numpy

FORMAT = "boardkit-policy-value/1"
"""The value of the header's ``format``: a file of another format is refused by name."""

Array = Any
"""A numpy array (numpy's own typing of shapes does not help here)."""


class NetworkFileError(BoardkitError):
    """A network file that is not one, or one made for another game, seat count or size."""


class SparseObservation(NamedTuple):
    """An observation given by its nonzero values alone (what
    :meth:`boardkit.game.Game.sparse_observation` returns): their positions, ascending, and
    the values there. The network's first layer reads only those rows, so this form spares
    building and converting the dense vector, which is mostly zeros."""

    positions: Sequence[int]
    values: Sequence[float]


Observation = Sequence[float] | Array | SparseObservation
"""What the network reads: a dense observation (a sequence or an array of
:attr:`PolicyValueNet.observation_size` numbers) or a :class:`SparseObservation`."""


class PolicyValueNet:
    """A trained policy-value network (see the module docstring).

    ``trunk`` is a list of ``(weights, bias)`` pairs, each weights matrix ``(inputs,
    outputs)``; ``policy`` and ``value`` are the heads' pairs. ``meta`` is the header: at
    least ``game``, ``players``, ``observation_size`` and ``num_actions``.
    """

    def __init__(
        self,
        trunk: Sequence[tuple[Array, Array]],
        policy: tuple[Array, Array],
        value: tuple[Array, Array],
        meta: Mapping[str, Any],
    ) -> None:
        self.trunk = [(_f32(w), _f32(b)) for w, b in trunk]
        self.policy_weights, self.policy_bias = _f32(policy[0]), _f32(policy[1])
        self.value_weights, self.value_bias = _f32(value[0]), _f32(value[1])
        self.meta = dict(meta)
        # the policy head read by column: one contiguous row per action
        self._policy_rows = np.ascontiguousarray(self.policy_weights.T)
        self._check_shapes()

    @property
    def game(self) -> str:
        """The name of the game the network was trained for."""
        return str(self.meta["game"])

    @property
    def players(self) -> int:
        """The seat count it was trained for (the value head has one output per seat)."""
        return int(self.meta["players"])

    @property
    def observation_size(self) -> int:
        """The length of the observation vector it reads."""
        return int(self.meta["observation_size"])

    @property
    def reads_estimate(self) -> bool:
        """Whether the network also reads the heuristic's estimate of every seat's share of the
        win (:func:`~boardkit.bots.evaluation.estimated_rewards`, relative to the observer),
        after the observation: it then learns a correction of the game's heuristic rather than
        a judgement from nothing."""
        return bool(self.meta.get("estimate_inputs", False))

    @property
    def input_size(self) -> int:
        """The width of the first layer: the observation, and the estimate if it reads one."""
        return self.observation_size + (self.players if self.reads_estimate else 0)

    @property
    def num_actions(self) -> int:
        """The size of the action index it writes logits for."""
        return int(self.meta["num_actions"])

    def check_fits(self, game: str, players: int, observation_size: int, actions: int) -> None:
        """Raise :class:`NetworkFileError` unless the network was made for this game, seat
        count, observation size and action count."""
        want = {
            "game": game,
            "players": players,
            "observation_size": observation_size,
            "num_actions": actions,
        }
        have = {key: self.meta.get(key) for key in want}
        if have != want:
            wrong = ", ".join(
                f"{k} {have[k]!r} (needed {want[k]!r})" for k in want if have[k] != want[k]
            )
            raise NetworkFileError(f"this network does not fit: {wrong}")

    def hidden(self, observation: Observation, estimate: Sequence[float] | None = None) -> Array:
        """The trunk's output for one observation, dense or sparse (and the estimate, when the
        network reads one)."""
        # Observations are mostly zeros (flags of cells, cards, seats): the first layer reads
        # only the rows of the inputs that are set, a tenth of the matrix in Khan. This also
        # keeps a single evaluation off the BLAS thread pool, whose start-up costs more than the
        # product (measured: 0.4 ms instead of 13 ms on two busy cores).
        if isinstance(observation, SparseObservation):
            rows, values = self._sparse_inputs(observation, estimate)
        else:
            h = np.asarray(observation, dtype=np.float32)
            if h.shape != (self.observation_size,):
                raise NetworkFileError(
                    f"the network reads observations of {self.observation_size} numbers, not "
                    f"{h.shape}: it was trained for another board, options or game"
                )
            if self.reads_estimate:
                self._check_estimate(estimate)
                h = np.concatenate([h, np.asarray(estimate, dtype=np.float32)])
            rows = np.flatnonzero(h)
            values = h[rows]
        for layer, (weights, bias) in enumerate(self.trunk):
            h = values @ weights[rows] if layer == 0 else h @ weights
            h += bias
            np.maximum(h, 0.0, out=h)
        return h

    def _sparse_inputs(
        self, observation: SparseObservation, estimate: Sequence[float] | None
    ) -> tuple[Array, Array]:
        """The rows of the first layer's inputs that are set, and their values: the observation's
        nonzero positions, then the estimate's nonzero shares."""
        rows = np.asarray(observation.positions, dtype=np.intp)
        values = np.asarray(observation.values, dtype=np.float32)
        if rows.shape != values.shape or (
            rows.size and not 0 <= rows[0] <= rows[-1] < self.observation_size
        ):
            raise NetworkFileError(
                f"a sparse observation needs as many values as positions, ascending positions "
                f"below {self.observation_size}; got {rows.size} positions "
                f"and {values.size} values"
            )
        if self.reads_estimate:
            self._check_estimate(estimate)
            shares = np.asarray(estimate, dtype=np.float32)
            set_shares = np.flatnonzero(shares)
            rows = np.concatenate([rows, set_shares + self.observation_size])
            values = np.concatenate([values, shares[set_shares]])
        return rows, values

    def _check_estimate(self, estimate: Sequence[float] | None) -> None:
        if estimate is None or len(estimate) != self.players:
            raise ValueError(f"this network also reads an estimate of {self.players} shares")

    def evaluate(
        self,
        observation: Observation,
        legal: Sequence[int],
        estimate: Sequence[float] | None = None,
    ) -> tuple[Array, Array]:
        """The priors of the ``legal`` action indices (in that order, adding up to 1) and every
        relative seat's expected share of the win (adding up to 1)."""
        h = self.hidden(observation, estimate)
        index = np.asarray(legal, dtype=np.intp)
        logits = self._policy_rows[index] @ h + self.policy_bias[index]
        return _softmax(logits), _softmax(h @ self.value_weights + self.value_bias)

    def value(self, observation: Observation, estimate: Sequence[float] | None = None) -> Array:
        """Every relative seat's expected share of the win (the value head alone)."""
        h = self.hidden(observation, estimate)
        return _softmax(h @ self.value_weights + self.value_bias)

    def save(self, file: str | PathLike[str] | IO[bytes]) -> None:
        """Write the network as one ``.npz`` file (float16 weights and the JSON header)."""
        arrays: dict[str, Array] = {}
        for i, (w, b) in enumerate(self.trunk):
            arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"] = w.astype(np.float16), b
        arrays["policy_w"] = self.policy_weights.astype(np.float16)
        arrays["policy_b"] = self.policy_bias
        arrays["value_w"], arrays["value_b"] = self.value_weights, self.value_bias
        header = {**self.meta, "format": FORMAT, "layers": len(self.trunk)}
        arrays["header"] = np.frombuffer(json.dumps(header, sort_keys=True).encode(), np.uint8)
        np.savez_compressed(file, **arrays)

    @classmethod
    def load(cls, file: str | PathLike[str] | IO[bytes] | bytes) -> PolicyValueNet:
        """Read a network written by :meth:`save` (a path, an open binary file or the bytes).

        Raises :class:`NetworkFileError` for anything else: not an ``.npz``, another format, a
        missing array, shapes that do not chain (and :class:`OSError` for a path that cannot be
        read).
        """
        if isinstance(file, (str, PathLike)):
            with open(file, "rb") as handle:
                file = handle.read()
        source = io.BytesIO(file) if isinstance(file, bytes) else file
        try:
            with np.load(source, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError) as exc:
            raise NetworkFileError(f"not a network file: {exc}") from None
        try:
            header = json.loads(bytes(arrays.pop("header")).decode())
        except (KeyError, ValueError, UnicodeDecodeError):
            raise NetworkFileError("not a network file: no readable header") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            found = header.get("format") if isinstance(header, dict) else None
            raise NetworkFileError(f"network format {found!r} is not {FORMAT!r}")
        try:
            layers = int(header["layers"])
            trunk = [(arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"]) for i in range(layers)]
            policy = (arrays["policy_w"], arrays["policy_b"])
            value = (arrays["value_w"], arrays["value_b"])
        except (KeyError, TypeError, ValueError) as exc:
            raise NetworkFileError(f"network file lacks {exc}") from None
        meta = {k: v for k, v in header.items() if k not in ("format", "layers")}
        return cls(trunk, policy, value, meta)

    def _check_shapes(self) -> None:
        for key in ("game", "players", "observation_size", "num_actions"):
            if key not in self.meta:
                raise NetworkFileError(f"network header lacks {key!r}")
        width = self.input_size
        for i, (weights, bias) in enumerate(self.trunk):
            if weights.ndim != 2 or weights.shape[0] != width or bias.shape != weights.shape[1:]:
                raise NetworkFileError(
                    f"trunk layer {i} has shape {weights.shape} / {bias.shape}, "
                    f"which does not follow a layer of width {width}"
                )
            width = weights.shape[1]
        heads = (
            ("policy", self.policy_weights, self.policy_bias, self.num_actions),
            ("value", self.value_weights, self.value_bias, self.players),
        )
        for name, weights, bias, outputs in heads:
            if weights.shape != (width, outputs) or bias.shape != (outputs,):
                raise NetworkFileError(
                    f"{name} head has shape {weights.shape} / {bias.shape}, "
                    f"not ({width}, {outputs}) / ({outputs},)"
                )

    def __repr__(self) -> str:
        sizes = [self.observation_size, *(w.shape[1] for w, _ in self.trunk)]
        shape = " → ".join(map(str, sizes))
        return (
            f"PolicyValueNet({self.game}, {self.players} players: {shape} → "
            f"{self.num_actions} actions + {self.players} values)"
        )


def _f32(array: Array) -> Array:
    return np.ascontiguousarray(array, dtype=np.float32)


def _softmax(logits: Array) -> Array:
    shifted = np.exp(logits - logits.max())
    result: Array = shifted / shifted.sum()
    return result
