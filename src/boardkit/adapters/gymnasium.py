"""One seat of any boardkit game as a Gymnasium environment, against boardkit bots (extra
``gymnasium``).

::

    from boardkit.adapters.gymnasium import BoardkitEnv

    environment = BoardkitEnv("shangrila", players=3, seat=0, opponents=["greedy", "random"])
    observation, info = environment.reset(seed=1)
    done = False
    while not done:
        action = environment.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = environment.step(action)
        done = terminated or truncated

Facts:

- **The agent** plays seat ``seat``; every other seat is played by a boardkit bot named by a
  spec for :func:`boardkit.bots.bot_from_spec` (``"random"``, ``"greedy"``,
  ``"mcts:iterations=200"`` …): ``opponents`` lists one spec per other seat, in seat order, or a
  single spec for all of them. The bot in seat ``s`` draws from the seat's stream of the seed
  (:func:`boardkit.runner.seats.seat_rng`) as in every loop. The bots also answer the
  decisions their seats owe out of turn (Khan's consent), and the agent is asked whenever its
  seat must decide.
- **Seeding** follows Gymnasium: ``reset(seed=s)`` seeds the environment's ``np_random`` and
  plays the game a :class:`~boardkit.match.Match` with seed ``s`` plays; a later ``reset()``
  without a seed draws the next game's seed from ``np_random``, so it continues the seeded
  stream instead of asking the operating system. Two environments seeded alike, or a vector
  environment's autoresets, play the same games with the same actions. The first ``reset()``
  with no seed ever given seeds ``np_random`` from the operating system, as Gymnasium does.
- **Actions**: ``Discrete(num_actions)``, the game's action index. The observation's
  ``"action_mask"`` (also in ``info["action_mask"]``) marks the legal ones.
- **Illegal actions** (an index outside the mask): with ``illegal="end"`` (the default) the
  episode ends at once with reward ``illegal_reward`` (-1) and ``info["illegal_action"] =
  True``, the game left as it was; with ``illegal="raise"``,
  :class:`~boardkit.errors.IllegalActionError` is raised. Agents that sample from the mask
  never see either. An action that is not an integer at all (a bool, a float, a string, an
  array; numpy's integer scalars are integers) is refused with
  :class:`~boardkit.errors.InvalidActionIndexError` in both modes, never truncated to an index.
- **An ended episode stays ended**: once ``step`` has returned ``terminated`` or
  ``truncated`` (an illegal action under ``illegal="end"`` included), every further ``step``
  raises :class:`~boardkit.errors.EpisodeOverError` until ``reset()``; so does a ``step``
  before the first ``reset()``.
- **Observations**: a dict, ``"observation"`` (``Box(0, 1, observation_shape, float32)``,
  the seat's view only) and ``"action_mask"`` (``Box(0, 1, (num_actions,), int8)``).
- **Rewards**: 0 until the end, then the seat's final reward, ``reward="win"`` or
  ``reward="score"`` as in :mod:`boardkit.adapters.table`.
- **Termination and truncation**: ``terminated`` is true when the game ends by its rules;
  ``truncated`` (with ``terminated`` false and reward 0) when the match reaches its entry cap
  first. A game without a natural bound (:meth:`boardkit.game.Game.max_entries` is ``None``)
  is always played under a cap, ``cap`` or :data:`boardkit.options.DEFAULT_CAP`; ``cap`` also
  cuts a bounded game short. The cap counts log entries, the setup entry and the bots' moves
  included.

**Registered ids.** Importing this module registers, with Gymnasium, one id for every installed
game (:func:`boardkit.registry.available_games`) and player count that the game plays with its
default options and that offers the encodings: ``boardkit/<game>-<n>p-v<major>``, such as
``boardkit/shangrila-3p-v1``, ``boardkit/khan-2p-v1`` or ``boardkit/goofspiel-4p-v2``. So
``gymnasium.make("boardkit/khan-2p-v1", opponents="greedy")`` and
``gymnasium.make_vec("boardkit/nim-3p-v1", num_envs=8, vectorization_mode="sync")`` work once
the module is imported (or with the id written ``"boardkit.adapters.gymnasium:boardkit/..."``,
which has Gymnasium import it; Gymnasium 1.x loads no plugins by itself). Every id also has a
vector entry point: ``make_vec`` with ``vectorization_mode="vector_entry_point"`` (Gymnasium's
choice when no mode is named) builds one :class:`boardkit.adapters.vector.BoardkitVectorEnv`,
which steps all the games in one call. Keywords given to
``make`` reach :class:`BoardkitEnv` (``seat``, ``opponents``, ``options``, ``reward`` …). The
version after ``-v`` is the game's major rules version (:attr:`boardkit.game.Game.version`):
an id names one game whose rules, action index and observation layout stay the same, and a
game changes its major version when any of them changes incompatibly. A player count the
defaults refuse (Shangrila with two seats needs ``two_colours_each``) gets no id; build it
with :class:`BoardkitEnv` and its ``options``. :func:`register_envs` registers games made known
later (:func:`boardkit.registry.register`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardkit.adapters.single_seat import ILLEGAL_MODES, opponent_specs
from boardkit.adapters.table import AdapterMatch, as_index, seed_from
from boardkit.bots import bot_from_spec
from boardkit.bots.base import Bot
from boardkit.errors import (
    EpisodeOverError,
    GameDefinitionError,
    IllegalActionError,
    InvalidOptionsError,
)
from boardkit.extras import needs_extra
from boardkit.game import Game
from boardkit.registry import available_games, load_game
from boardkit.rng import Rng
from boardkit.runner.seats import seat_rng

with needs_extra("gymnasium", "boardkit.adapters.gymnasium"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

__all__ = ["ID_NAMESPACE", "ILLEGAL_MODES", "BoardkitEnv", "env_id", "register_envs"]

ID_NAMESPACE = "boardkit"
"""The Gymnasium namespace of the registered ids."""

VECTOR_ENTRY_POINT = "boardkit.adapters.vector:BoardkitVectorEnv"
"""What ``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")`` builds
(:class:`boardkit.adapters.vector.BoardkitVectorEnv`), imported only when it is asked for."""

Observation = dict[str, np.ndarray[Any, Any]]


class BoardkitEnv(gymnasium.Env[Observation, np.int64]):
    """One seat against bots; see the module docstring."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        cap: int | None = None,
    ) -> None:
        self.table = AdapterMatch(game, players, options, reward, cap)
        specs = opponent_specs(players, seat, opponents, illegal)
        self.bots: dict[int, Bot] = {s: bot_from_spec(spec) for s, spec in specs.items()}
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        size, shape = self.table.num_actions, self.table.observation_shape
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self._rngs: dict[int, Rng] = {}
        self._over = "no episode has started: call reset() first"
        """Why ``step`` is refused now, or ``""`` while the episode is in progress."""

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        mask = np.zeros(self.table.num_actions, np.int8)
        if self.table.to_decide == self.seat:
            mask[list(self.table.legal())] = 1
        values = np.asarray(self.table.observation(self.seat), np.float32)
        observation: Observation = {
            "observation": values.reshape(self.table.observation_shape),
            "action_mask": mask,
        }
        return observation, {"action_mask": mask.copy()}

    def _bots_play(self) -> None:
        table, game = self.table, self.table.game
        while (who := table.to_decide) is not None and who != self.seat:
            action = self.bots[who].choose(game, table.state, who, self._rngs[who])
            table.play(game.action_to_index(action, table.state))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game and let the bots play until the agent's seat must decide
        (``seed``: see *Seeding* in the module docstring; ``options`` is unused)."""
        super().reset(seed=seed)
        self.table.reset(seed if seed is not None else seed_from(self.np_random))
        game_seed = self.table.config.seed
        self._rngs = {s: seat_rng(game_seed, s) for s in self.bots}
        self._over = ""
        self._bots_play()
        return self._observe()

    def step(self, action: object) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent's seat, then the bots until the agent decides again."""
        if self._over:
            raise EpisodeOverError(self._over)
        index = as_index(action)
        if index not in self.table.legal():
            if self.illegal == "raise":
                raise IllegalActionError("action-index", f"index {index} is not a legal action now")
            self._over = (
                f"the episode ended when index {index}, not a legal action, was played; "
                "call reset() to start the next one"
            )
            observation, info = self._observe()
            return observation, self.illegal_reward, True, False, {**info, "illegal_action": True}
        self.table.play(index)
        self._bots_play()
        observation, info = self._observe()
        final = self.table.final_rewards()
        if final is None:
            return observation, 0.0, False, False, info
        cut = self.table.truncated
        ending = "was cut off at its entry cap" if cut else "is over"
        self._over = f"the episode ended: the game {ending}; call reset() to start the next one"
        return observation, final[self.seat], not cut, cut, info

    def render(self) -> str | None:
        """The board as the agent's seat sees it (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state, self.seat)


def env_id(game: Game[Any, Any], players: int) -> str:
    """The registered Gymnasium id of ``game`` with ``players`` seats:
    ``boardkit/<game>-<n>p-v<major>`` (see *Registered ids* in the module docstring)."""
    major = game.version.split(".", 1)[0]
    return f"{ID_NAMESPACE}/{game.name}-{players}p-v{major}"


def _playable(game: Game[Any, Any], players: int) -> bool:
    try:
        game.make_config(players, None, 0)
    except InvalidOptionsError:
        return False
    return True


def register_envs() -> list[str]:
    """Register the id of every installed game and player count not registered yet (see
    *Registered ids* in the module docstring); return every boardkit id now registered, sorted.

    A plugin that fails to load is skipped here (``boardkit games`` names its error), so one
    broken game does not stop the others from being made.
    """
    ids: list[str] = []
    for name in available_games():
        try:
            game = load_game(name)
        except GameDefinitionError:
            continue
        if not (game.offers("num_actions") and game.offers("observation")):
            continue
        for players in game.player_counts:
            if not _playable(game, players):
                continue
            made = env_id(game, players)
            ids.append(made)
            if made not in gymnasium.registry:
                gymnasium.register(
                    id=made,
                    entry_point=f"{__name__}:BoardkitEnv",
                    vector_entry_point=VECTOR_ENTRY_POINT,
                    kwargs={"game": name, "players": players},
                )
    return sorted(ids)


register_envs()
