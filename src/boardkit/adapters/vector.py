"""Many games of one seat against bots, stepped in one call: a Gymnasium vector environment
(extra ``gymnasium``).

::

    from boardkit.adapters.vector import BoardkitVectorEnv

    environments = BoardkitVectorEnv("shangrila", players=3, num_envs=8)
    observations, infos = environments.reset(seed=1)
    for _ in range(20):
        actions = observations["action_mask"].argmax(axis=1)  # the first legal index of each
        observations, rewards, terminations, truncations, infos = environments.step(actions)

Facts:

- **Sub-environment ``i`` is a** :class:`~boardkit.adapters.gymnasium.BoardkitEnv` with the
  same arguments (``seat``, ``opponents``, ``reward``, ``illegal``, ``illegal_reward``,
  ``cap``, ``options``): the same observations, masks, rewards, terminations and truncations,
  game for game, as a :class:`gymnasium.vector.SyncVectorEnv` of such environments given the
  same seeds and actions. What differs is the cost per step, not the result.
- **Seeding** follows Gymnasium's vector convention: ``reset(seed=s)`` seeds sub-environment
  ``i`` with ``s + i``; ``reset(seed=[s0, s1, …])`` gives one seed each (``None`` entries
  draw from the operating system); every later game of a sub-environment (an autoreset, a
  plain ``reset()``) draws its seed from that sub-environment's seeded ``np_random``, as the
  single environment does.
- **Autoreset**: ``autoreset_mode=AutoresetMode.NEXT_STEP`` (Gymnasium's default): the step
  after a sub-environment's episode ended resets it, ignores its action and returns its first
  observation with reward 0 and neither flag set. ``AutoresetMode.SAME_STEP``: the ending step
  resets at once and returns the new game's first observation; the final one is in
  ``infos["final_obs"]`` (an object array, ``None`` where no episode ended) and its info in
  ``infos["final_info"]``, each with its ``_``-prefixed mask, as ``SyncVectorEnv`` gives them.
- **Observations and infos**: ``{"observation": (num_envs, *shape) float32, "action_mask":
  (num_envs, num_actions) int8}``; ``infos["action_mask"]`` holds the masks again (with
  ``infos["_action_mask"]`` all true), and ``infos["illegal_action"]`` (with its mask) appears
  on a step where an illegal action ended an episode under ``illegal="end"``.
- **Buffers**: observations, masks, rewards, terminations and truncations are written into
  arrays allocated once, in the constructor. With ``copy=True`` (the default, as
  ``SyncVectorEnv``) every call returns fresh copies, safe to keep in a replay buffer. With
  ``copy=False`` it returns the buffers themselves, the same array objects every call,
  overwritten by the next ``step`` or ``reset``; ``infos["action_mask"]`` is then the very
  array ``observations["action_mask"]``.
- **Actions**: one action index per sub-environment, an integer array of shape
  ``(num_envs,)`` (a list of ints is accepted). Anything else, a float or bool array, a wrong
  shape, is refused with :class:`~boardkit.errors.InvalidActionIndexError` before any game
  moves, as the single environment refuses a non-integer action. An index the mask does not
  mark follows ``illegal``: ``"end"`` ends that sub-environment's episode with
  ``illegal_reward``; ``"raise"`` raises :class:`~boardkit.errors.IllegalActionError` before
  any sub-environment has moved. ``step`` before the first ``reset`` raises
  :class:`~boardkit.errors.EpisodeOverError`.

Why it is faster than a ``SyncVectorEnv`` of single environments: the bots' moves are played
as the actions they are, without indexing every legal action first (a move of a type in
:attr:`~boardkit.game.Game.slot_indexed_actions` is rebuilt from its index alone); the index
of an action is remembered across steps and games (for action types whose index depends on
the action alone, not the slot-indexed ones); a game that lists its legal indices itself
(:meth:`~boardkit.game.Game.legal_action_indices` overridden, as Shangrila and Khan do) has
its mask set from them, and only the action the agent picks is built; observations and masks
are written straight into their rows of the batch (a list observation is packed as float32
into the row's bytes; one of another length than ``observation_shape`` promises is a
:class:`~boardkit.errors.GameDefinitionError`); and no per-environment dicts are built and
merged. The game's own work (its rules, its legal actions, its observation) is the same.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from typing import Any

from boardkit.adapters.single_seat import ILLEGAL_MODES as ILLEGAL_MODES
from boardkit.adapters.single_seat import opponent_specs
from boardkit.adapters.table import AdapterMatch, seed_from
from boardkit.bots import bot_from_spec
from boardkit.bots.base import Bot
from boardkit.errors import (
    EpisodeOverError,
    GameDefinitionError,
    IllegalActionError,
    InvalidActionIndexError,
    InvalidOptionsError,
    shorten,
)
from boardkit.extras import needs_extra
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.registry import as_game
from boardkit.rng import Rng
from boardkit.runner.seats import seat_rng

with needs_extra("gymnasium", "boardkit.adapters.vector"):
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

__all__ = ["BoardkitVectorEnv"]

AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)

Observations = dict[str, np.ndarray[Any, Any]]


class _Slot:
    """One sub-environment: its match, its bots and their random streams, its generator."""

    def __init__(self, match: AdapterMatch, bots: dict[int, Bot]) -> None:
        self.match = match
        self.bots = bots
        self.rngs: dict[int, Rng] = {}
        self.np_random: np.random.Generator | None = None
        self.legal: dict[int, object] = {}
        """The agent's legal actions by index, while the agent's seat decides (when the game
        lists them as actions)."""
        self.mask = bytearray()
        """The agent's mask as written into the batch, one byte per index (1: legal; all 0
        while another seat decides or the game is over)."""
        self.started = False


class BoardkitVectorEnv(VectorEnv[Observations, np.ndarray[Any, Any], np.ndarray[Any, Any]]):
    """``num_envs`` games of one seat against bots, stepped in one call; see the module
    docstring."""

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int,
        num_envs: int,
        options: Mapping[str, object] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        illegal: str = "end",
        illegal_reward: float = -1.0,
        cap: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise InvalidOptionsError(f"num_envs must be a positive int, not {num_envs!r}")
        mode = _autoreset_mode(autoreset_mode)
        self.game = as_game(game)
        matches = [AdapterMatch(self.game, players, options, reward, cap) for _ in range(num_envs)]
        specs = opponent_specs(players, seat, opponents, illegal)
        self._slots = [
            _Slot(m, {s: bot_from_spec(spec) for s, spec in specs.items()}) for m in matches
        ]
        self.num_envs = num_envs
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.autoreset_mode = mode
        self.copy = copy
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        size, shape = matches[0].num_actions, matches[0].observation_shape
        self.num_actions = size
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, *shape), np.float32)
        self._rows = self._observations.reshape(num_envs, -1)
        """A flat view of every observation row, what the game's observation is written into."""
        self._masks = np.zeros((num_envs, size), np.int8)
        self._mask_bytes = self._masks.data.cast("B")
        """The mask buffer's bytes, what a mask row is copied into."""
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._all = np.ones(num_envs, np.bool_)
        self._slot_types: tuple[type, ...] = tuple(self.game.slot_indexed_actions)
        self._indices: dict[object, int] = {}
        """The index of every action seen whose index depends on the action alone."""
        self._memo_limit = 8 * size + 1024
        self._by_index = type(self.game).legal_action_indices is not Game.legal_action_indices
        """Whether the game lists its legal indices itself, without building the actions:
        then only the action the agent picks is built (:meth:`Game.index_to_action`)."""
        self._width = int(np.prod(shape))
        self._observation_bytes = self._observations.data.cast("B")
        """The observation buffer's bytes, what :attr:`_pack` writes a row into."""
        packer = struct.Struct(f"={self._width}f")
        self._pack, self._row_bytes = packer.pack_into, packer.size
        """Writes one observation row: a list of Python floats packed as float32 in native byte
        order, straight into the buffer (half the time of ``np.fromiter`` and a copy for
        Shangrila's 808 values, a third less for Khan's 3,879 with two players)."""

    # --- the per-step work ---------------------------------------------------------------------

    def _index(self, action: object, state: Any) -> int:
        game = self.game
        if self._slot_types and isinstance(action, self._slot_types):
            return game.action_to_index(action, state)
        try:
            known = self._indices.get(action)
        except TypeError:  # an unhashable action: nothing to remember it by
            return game.action_to_index(action, state)
        if known is None:
            if len(self._indices) >= self._memo_limit:
                self._indices.clear()
            known = self._indices[action] = game.action_to_index(action, state)
        return known

    def _observe(self, i: int) -> None:
        """Write sub-environment ``i``'s observation and mask into their rows, and keep the
        agent's legal actions by index for its next step."""
        slot, game = self._slots[i], self.game
        state = slot.match.state
        observation = game.observation(state, self.seat)
        kind = type(observation)
        if kind is list or kind is tuple:  # packed straight into the row's bytes, as float32
            try:
                self._pack(self._observation_bytes, i * self._row_bytes, *observation)
            except (struct.error, OverflowError, TypeError) as exc:
                raise GameDefinitionError(
                    f"{game.name}: an observation of {len(observation)} values does not fill "
                    f"the {self._width} floats in [0, 1] of observation_shape() ({exc})"
                ) from exc
        else:
            self._rows[i] = observation
        # the mask row is built as bytes and copied into the buffer at once (about half the
        # time of clearing the row in numpy and setting its legal indices by fancy indexing)
        size = self.num_actions
        row = bytearray(size)
        if decider(state.flow) != self.seat:
            slot.legal = {}
        elif self._by_index:
            for index in game.legal_action_indices(state):
                row[index] = 1
        else:
            legal = {self._index(a, state): a for a in game.legal_actions(state)}
            for index in legal:
                row[index] = 1
            slot.legal = legal
        self._mask_bytes[i * size : i * size + size] = row
        slot.mask = row

    @staticmethod
    def _marked(slot: _Slot, index: int) -> bool:
        """Whether the agent's mask in ``slot`` marks ``index``."""
        mask = slot.mask
        return 0 <= index < len(mask) and mask[index] == 1

    def _legal(self, slot: _Slot, index: int) -> object | None:
        """The agent's action of ``index`` in ``slot``, or ``None`` when it is not legal."""
        if not self._marked(slot, index):
            return None
        if self._by_index:
            action: object = self.game.index_to_action(index, slot.match.state)
            return action
        return slot.legal[index]

    def _bots_play(self, slot: _Slot) -> None:
        match, game, seat, slot_types = slot.match, self.game, self.seat, self._slot_types
        while (who := decider(match.state.flow)) is not None and who != seat:
            state = match.state
            action = slot.bots[who].choose(game, state, who, slot.rngs[who])
            if slot_types and isinstance(action, slot_types):
                # the index's own action, as the single environment plays it: the legal action
                # of that index (a bot that chose in a determinized world named its cards
                # there), built from the index alone, without indexing every legal action
                action = game.index_to_action(game.action_to_index(action, state), state)
            match.play_legal(action)

    def _reset_slot(self, i: int, seed: int | None) -> None:
        slot = self._slots[i]
        if seed is not None:
            slot.np_random, _ = seeding.np_random(seed)
        elif slot.np_random is None:
            slot.np_random, _ = seeding.np_random()
        slot.match.reset(seed if seed is not None else seed_from(slot.np_random))
        game_seed = slot.match.config.seed
        slot.rngs = {s: seat_rng(game_seed, s) for s in slot.bots}
        slot.started = True
        self._bots_play(slot)
        self._observe(i)

    def _result(self) -> tuple[Observations, dict[str, Any]]:
        observations, masks = self._observations, self._masks
        if self.copy:
            observations, masks = observations.copy(), masks.copy()
            info_masks = masks.copy()
        else:
            info_masks = masks
        return (
            {"observation": observations, "action_mask": masks},
            {"action_mask": info_masks, "_action_mask": self._all.copy()},
        )

    # --- the Gymnasium interface ---------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observations, dict[str, Any]]:
        """Start a new game in every sub-environment (``seed``: see *Seeding* in the module
        docstring; ``options`` is unused)."""
        seeds = self._seeds(seed)
        for i, s in enumerate(seeds):
            self._reset_slot(i, s)
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        return self._result()

    def _seeds(self, seed: object) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int) and not isinstance(seed, bool):
            return [seed + i for i in range(self.num_envs)]
        if isinstance(seed, Sequence) and not isinstance(seed, str):
            seeds = list(seed)
            if len(seeds) == self.num_envs and all(
                s is None or (isinstance(s, int) and not isinstance(s, bool)) for s in seeds
            ):
                return seeds
        raise InvalidOptionsError(
            f"seed must be None, an int or {self.num_envs} ints (one per sub-environment), "
            f"not {shorten(seed)}"
        )

    def _actions(self, actions: object) -> list[int]:
        array = np.asarray(actions)
        if array.dtype.kind not in "iu" or array.shape != (self.num_envs,):
            raise InvalidActionIndexError(
                f"actions are {self.num_envs} integer action indices (shape ({self.num_envs},)),"
                f" not {shorten(actions)} (dtype {array.dtype}, shape {array.shape})"
            )
        indices: list[int] = array.tolist()
        return indices

    def step(
        self, actions: object
    ) -> tuple[
        Observations,
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        dict[str, Any],
    ]:
        """Play each sub-environment's action for the agent's seat, then its bots until the
        agent decides again (autoresets: see the module docstring)."""
        indices = self._actions(actions)
        slots, next_step = self._slots, self.autoreset_mode == AutoresetMode.NEXT_STEP
        if not all(slot.started for slot in slots):
            raise EpisodeOverError("no episode has started: call reset() first")
        if self.illegal == "raise":
            for i, (slot, index) in enumerate(zip(slots, indices, strict=True)):
                if not self._marked(slot, index) and not (next_step and self._autoreset[i]):
                    raise IllegalActionError(
                        "action-index",
                        f"index {index} is not a legal action of sub-environment {i} now",
                    )
        rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
        rewards[:] = 0.0
        terminations[:] = False
        truncations[:] = False
        illegal: list[int] = []
        ended: list[int] = []
        for i, slot in enumerate(slots):
            if next_step and self._autoreset[i]:
                self._reset_slot(i, None)
                continue
            action = self._legal(slot, indices[i])
            if action is None:
                illegal.append(i)
                ended.append(i)
                rewards[i] = self.illegal_reward
                terminations[i] = True
                continue  # the game is left as it was: its rows already show it
            match = slot.match
            match.play_legal(action)
            self._bots_play(slot)
            self._observe(i)
            final = match.final_rewards()
            if final is not None:
                ended.append(i)
                cut = match.truncated
                rewards[i] = final[self.seat]
                terminations[i] = not cut
                truncations[i] = cut
        infos: dict[str, Any] = {}
        if illegal:
            flags = np.zeros(self.num_envs, np.bool_)
            flags[illegal] = True
            illegal_info = {"illegal_action": flags, "_illegal_action": flags.copy()}
        if next_step:
            np.logical_or(terminations, truncations, out=self._autoreset)
            if illegal:
                infos.update(illegal_info)
        elif ended:
            infos.update(self._final(ended, illegal_info if illegal else {}))
            for i in ended:
                self._reset_slot(i, None)
        observations, step_infos = self._result()
        step_infos.update(infos)
        if self.copy:
            return observations, rewards.copy(), terminations.copy(), truncations.copy(), step_infos
        return observations, rewards, terminations, truncations, step_infos

    def _final(self, ended: list[int], illegal_info: dict[str, Any]) -> dict[str, Any]:
        """``final_obs`` and ``final_info`` of the sub-environments in ``ended``, shaped as
        ``SyncVectorEnv`` shapes them under ``SAME_STEP``."""
        n = self.num_envs
        final_obs = np.full(n, None, dtype=object)
        final_masks = np.zeros_like(self._masks)
        present = np.zeros(n, np.bool_)
        for i in ended:
            final_obs[i] = {
                "observation": self._observations[i].copy(),
                "action_mask": self._masks[i].copy(),
            }
            final_masks[i] = self._masks[i]
            present[i] = True
        final_info: dict[str, Any] = {"action_mask": final_masks, "_action_mask": present.copy()}
        final_info.update(illegal_info)
        return {
            "final_obs": final_obs,
            "_final_obs": present.copy(),
            "final_info": final_info,
            "_final_info": present.copy(),
        }


def _autoreset_mode(mode: object) -> AutoresetMode:
    for known in AUTORESET_MODES:
        if mode == known or mode == known.value:
            return known
    names = ", ".join(m.value for m in AUTORESET_MODES)
    raise InvalidOptionsError(f"autoreset_mode must be one of {names}, not {mode!r}")
