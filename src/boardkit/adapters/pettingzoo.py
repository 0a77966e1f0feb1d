"""Any boardkit game as a PettingZoo AEC environment (extra ``pettingzoo``).

::

    from boardkit.adapters.pettingzoo import env

    environment = env("khan", players=3)
    environment.reset(seed=7)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        action = None
        if not (termination or truncation):
            action = environment.action_space(agent).sample(observation["action_mask"])
        environment.step(action)

Facts:

- **Agents** are ``"player_0"`` … ``"player_{n-1}"``, one per seat.
- **agent_selection** is the seat that must decide now (:func:`boardkit.flow.decider`), which
  may be a seat that is not the active one: in Khan the protected player answers a conquest
  that needs his consent. Agents do not strictly alternate.
- **Actions**: ``Discrete(num_actions)``, the game's action index
  (:meth:`boardkit.game.Game.action_to_index`). An index outside the action mask raises
  :class:`~boardkit.errors.IllegalActionError` and changes nothing.
- **Observations**: a dict with ``"observation"`` (``Box(0, 1, observation_shape, float32)``,
  :meth:`boardkit.game.Game.observation` of that agent's seat, from its view only) and
  ``"action_mask"`` (``Box(0, 1, (num_actions,), int8)``, the legal actions of the agent when it
  is the one to decide, all zeros otherwise).
- **Rewards** at the end only, ``reward="win"`` (+1 winners, -1 the others, 0 for all in a
  draw: nobody wins, or everyone shares the win) or ``reward="score"`` (the final scores); see
  :mod:`boardkit.adapters.table`.
- **Termination and truncation**: every agent terminates when the game ends by its rules.
  A match that reaches its entry cap first (``cap``; a game without a natural bound always has
  one, :data:`boardkit.options.DEFAULT_CAP` unless given) truncates instead: every agent's
  ``truncations`` entry is true, its termination false, and the rewards are 0.
- **Seeding**: ``reset(seed=s)`` plays the match a :class:`~boardkit.match.Match` with seed ``s``
  would play (``seed=None``: a fresh secret seed); ``env.unwrapped.table.log()`` is its log.
- **render** (``render_mode="ansi"``) returns the board as a spectator sees it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from boardkit.adapters.table import AdapterMatch
from boardkit.extras import needs_extra
from boardkit.game import Game

with needs_extra("pettingzoo", "boardkit.adapters.pettingzoo"):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

__all__ = ["BoardkitAECEnv", "env"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


class BoardkitAECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game and player count; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        reward: str = "win",
        render_mode: str | None = None,
        cap: int | None = None,
    ) -> None:
        super().__init__()
        self.table = AdapterMatch(game, players, options, reward, cap)
        self.metadata = {**type(self).metadata, "name": f"boardkit_{self.table.game.name}_v0"}  # type: ignore[misc]
        self.render_mode = render_mode
        self.possible_agents = [_agent(seat) for seat in range(players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        size, shape = self.table.num_actions, self.table.observation_shape
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(size) for name in self.possible_agents}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match (``seed``: see the module docstring; ``options`` is unused)."""
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._select()

    def _select(self) -> None:
        who = self.table.to_decide
        self.agent_selection = _agent(who) if who is not None else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        mask = np.zeros(self.table.num_actions, np.int8)
        if self.table.to_decide == seat:
            mask[list(self.table.legal())] = 1
        observation = np.asarray(self.table.observation(seat), np.float32)
        shaped = observation.reshape(self.table.observation_shape)
        return {"observation": shaped, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index in the action mask) for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must decide: step() needs an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        self.table.play(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        final = self.table.final_rewards()
        if final is not None:
            ended = self.truncations if self.table.truncated else self.terminations
            for name in self.agents:
                self.rewards[name] = final[self._seat[name]]
                ended[name] = True
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """The board as a spectator sees it (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state, None)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: Game[Any, Any] | str,
    players: int,
    options: Mapping[str, object] | None = None,
    **kwargs: Any,
) -> BoardkitAECEnv:
    """The AEC environment of ``game`` (an installed game's name, or a game) for ``players``
    seats with ``options``; ``reward``, ``render_mode`` and ``cap`` as keywords (see the module
    docstring)."""
    return BoardkitAECEnv(game, players, options, **kwargs)
