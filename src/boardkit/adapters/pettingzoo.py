"""Any boardkit game as a PettingZoo environment, AEC or parallel (extra ``pettingzoo``).

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
  :class:`~boardkit.errors.IllegalActionError` and changes nothing; so does anything that is
  not an integer (a bool, a float, a string, an array; numpy's integer scalars are integers),
  with its subclass :class:`~boardkit.errors.InvalidActionIndexError`.
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
- **Seeding**: ``reset(seed=s)`` seeds the environment's ``np_random`` and plays the match a
  :class:`~boardkit.match.Match` with seed ``s`` would play; a later ``reset()`` without a seed
  draws the next match's seed from ``np_random``, continuing the seeded stream (the first
  ``reset()`` with no seed ever given seeds it from the operating system).
  ``env.unwrapped.table.log()`` is the match's log.
- **render** (``render_mode="ansi"``) returns the board as a spectator sees it.

The **parallel environment** (:func:`parallel_env`, PettingZoo's ``ParallelEnv``) asks every
agent that decides now at once, which is what a round of sealed bids is: the decisions of a
kind the game declares simultaneous (:attr:`boardkit.game.Game.simultaneous_decisions`,
Goofspiel's ``"bid"``) that are owed together form one step, each of those agents' masks
showing its own legal actions. Any other decision is a step of its deciding agent alone, so
every game works, a turn-based one as a parallel environment in which one agent moves per
step. ``step(actions)`` needs an index from every agent whose mask is not empty (a missing one
is an :class:`~boardkit.errors.InvalidActionIndexError`) and ignores the others' entries; the
actions are checked together before any is played, so a refused step changes nothing. The
agents are played in the order the game asks them, which by the declaration of a simultaneous
kind changes nothing: none of them is shown another's choice before all are in. All agents
stay until the game ends, then leave together; stepping after that raises
:class:`~boardkit.errors.EpisodeOverError` until ``reset()``. Observations, rewards, seeding
and truncation are those of the AEC environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from attrs import evolve

from boardkit.adapters.table import AdapterMatch, as_index, seed_from
from boardkit.errors import (
    EpisodeOverError,
    GameDefinitionError,
    IllegalActionError,
    InvalidActionIndexError,
)
from boardkit.extras import needs_extra
from boardkit.flow import decider
from boardkit.game import Game

with needs_extra("pettingzoo", "boardkit.adapters.pettingzoo"):
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv, ParallelEnv

__all__ = ["BoardkitAECEnv", "BoardkitParallelEnv", "env", "parallel_env"]


def _agent(seat: int) -> str:
    return f"player_{seat}"


class _Seats:
    """What both environments share: the match, the agents, their spaces and observations,
    and the seeded stream that ``reset()`` without a seed draws from."""

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int,
        options: Mapping[str, object] | None,
        reward: str,
        cap: int | None,
    ) -> None:
        self.table = AdapterMatch(game, players, options, reward, cap)
        self.possible_agents = [_agent(seat) for seat in range(players)]
        self.seat_of = {name: seat for seat, name in enumerate(self.possible_agents)}
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
        self.np_random: np.random.Generator | None = None

    def reset(self, seed: int | None) -> None:
        """Seed ``np_random`` with ``seed`` when given, and start the match of ``seed``, or of
        a seed drawn from ``np_random`` (see *Seeding* in the module docstring)."""
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        self.table.reset(seed if seed is not None else seed_from(self.np_random))

    def observe(self, seat: int, legal: list[int]) -> dict[str, Any]:
        """``seat``'s observation, with ``legal`` (indices) as its action mask."""
        mask = np.zeros(self.table.num_actions, np.int8)
        mask[legal] = 1
        observation = np.asarray(self.table.observation(seat), np.float32)
        shaped = observation.reshape(self.table.observation_shape)
        return {"observation": shaped, "action_mask": mask}


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
        self._seats = _Seats(game, players, options, reward, cap)
        self.table = self._seats.table
        self.metadata = {**type(self).metadata, "name": f"boardkit_{self.table.game.name}_v0"}  # type: ignore[misc]
        self.render_mode = render_mode
        self.possible_agents = list(self._seats.possible_agents)
        self._seat = self._seats.seat_of
        self.observation_spaces = self._seats.observation_spaces
        self.action_spaces = self._seats.action_spaces
        self.agents: list[str] = []

    @property
    def np_random(self) -> np.random.Generator | None:
        """The seeded stream ``reset()`` without a seed draws the next match's seed from."""
        return self._seats.np_random

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match (``seed``: see the module docstring; ``options`` is unused)."""
        self._seats.reset(seed)
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
        legal = list(self.table.legal()) if self.table.to_decide == seat else []
        return self._seats.observe(seat, legal)

    def step(self, action: object) -> None:
        """Play ``action`` (an index in the action mask) for ``agent_selection``."""
        if self.table.state is None:
            raise EpisodeOverError("no match has started: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidActionIndexError(
                f"{agent} must decide: step() needs an action index, not None"
            )
        self._cumulative_rewards[agent] = 0.0
        self.table.play(action)
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


class BoardkitParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one game and player count; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

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
        self._seats = _Seats(game, players, options, reward, cap)
        self.table = self._seats.table
        self.metadata = {**type(self).metadata, "name": f"boardkit_{self.table.game.name}_v0"}  # type: ignore[misc]
        self.render_mode = render_mode
        self.possible_agents = list(self._seats.possible_agents)
        self.observation_spaces = self._seats.observation_spaces
        self.action_spaces = self._seats.action_spaces
        self.agents: list[str] = []
        self._legal: dict[int, list[int]] = {}

    @property
    def np_random(self) -> np.random.Generator | None:
        """The seeded stream ``reset()`` without a seed draws the next match's seed from."""
        return self._seats.np_random

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def deciding(self) -> list[int]:
        """The seats that decide in the next step, in the order the game asks them: every seat
        owed a decision of a simultaneous kind when the first owed decision is one, else the
        seat that decides (none once the game is over)."""
        flow = self.table.state.flow
        who = decider(flow)
        if who is None:
            return []
        together = self.table.game.simultaneous_decisions
        if not flow.owed or flow.owed[0].kind not in together:
            return [who]
        seats: list[int] = []
        for owed in flow.owed:
            if owed.kind in together and owed.player not in seats:
                seats.append(owed.player)
        return seats

    def _legal_of(self, seat: int) -> list[int]:
        """The legal indices of ``seat`` at its simultaneous decision: asked of the position
        with its decision first among those owed, which the declaration of a simultaneous kind
        makes the same decision whatever the order."""
        table = self.table
        if table.to_decide == seat:
            return list(table.legal())
        state = table.state
        owed = state.flow.owed
        mine = next(o for o in owed if o.player == seat)
        ahead = evolve(state.flow, owed=(mine, *(o for o in owed if o is not mine)))
        turned = evolve(state, flow=ahead)
        game = table.game
        return sorted(game.action_to_index(a, turned) for a in game.legal_actions(turned))

    def _observations(self) -> dict[str, dict[str, Any]]:
        self._legal = {seat: self._legal_of(seat) for seat in self.deciding()}
        return {
            name: self._seats.observe(seat, self._legal.get(seat, []))
            for name, seat in self._seats.seat_of.items()
            if name in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Start a new match (``seed``: see the module docstring; ``options`` is unused)."""
        self._seats.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {name: {} for name in self.agents}

    def step(self, actions: Mapping[str, object]) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """Play the action of every agent that decides now (see the module docstring)."""
        if not self.agents:
            raise EpisodeOverError("the match is over (or never started): call reset() first")
        chosen: dict[int, int] = {}
        for seat, legal in self._legal.items():
            name = _agent(seat)
            action = actions.get(name)
            if action is None:
                raise InvalidActionIndexError(f"{name} decides now: step() needs its action index")
            index = as_index(action)
            if index not in legal:
                raise IllegalActionError(
                    "action-index", f"index {index} is not a legal action of {name} now"
                )
            chosen[seat] = index
        table = self.table
        before = (table.state, list(table.entries))
        try:
            while chosen:
                who = table.to_decide
                if who not in chosen:
                    raise GameDefinitionError(
                        f"{table.game.name} asked seat {who} during a simultaneous decision of "
                        f"seats {sorted(chosen)}"
                    )
                table.play(chosen.pop(who))
        except BaseException:
            table.state, table.entries = before
            table.forget_legal()
            raise
        live = list(self.agents)
        final = table.final_rewards()
        rewards = dict.fromkeys(live, 0.0)
        ended = dict.fromkeys(live, False)
        if final is not None:
            rewards = {name: final[self._seats.seat_of[name]] for name in live}
            ended = dict.fromkeys(live, True)
        cut = table.truncated
        terminations = ended if not cut else dict.fromkeys(live, False)
        truncations = ended if cut else dict.fromkeys(live, False)
        if final is not None:
            self._legal = {}
            observations = {
                name: self._seats.observe(self._seats.seat_of[name], []) for name in live
            }
            self.agents = []
        else:
            observations = self._observations()
        return observations, rewards, terminations, truncations, {name: {} for name in live}

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


def parallel_env(
    game: Game[Any, Any] | str,
    players: int,
    options: Mapping[str, object] | None = None,
    **kwargs: Any,
) -> BoardkitParallelEnv:
    """The parallel environment of ``game`` for ``players`` seats with ``options``; keywords as
    for :func:`env` (see the module docstring)."""
    return BoardkitParallelEnv(game, players, options, **kwargs)
