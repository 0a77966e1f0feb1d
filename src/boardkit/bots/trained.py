"""Tree search guided by a trained policy-value network: the ``trained`` bot.

It searches in one of two ways, chosen by ``priors``:

- ``"heuristic"`` (the default): the guided search of :mod:`boardkit.bots.mcts` (the game's
  heuristic ranks and widens a node's actions, UCB1 with a progressive bias), each new leaf
  judged by the network's value instead of a random rollout (:meth:`TrainedBot.heuristic_search`).
  While the network's policy is young, the heuristic ranks actions better than it does.
  ``value_weight`` below 1 mixes in the guided ``mcts``'s own leaf judgement, as AlphaGo mixed
  its value network with rollouts: the leaf's reward is ``value_weight * network + (1 -
  value_weight) * rollout``, the rollout being exactly :class:`~boardkit.bots.mcts.MCTSBot`'s
  (random moves, cut at ``rollout_cap`` decisions, where the game's heuristic estimates the
  shares). ``value_weight=1`` is the network alone, ``0`` the guided ``mcts`` alone, and the
  default, :data:`DEFAULT_VALUE_WEIGHT`, the mean of both; a part whose weight is 0 is not
  computed, so neither draws nor costs anything. Why: a young network's value judges a leaf
  worse than a short rollout and the heuristic do, but the two err differently, so the mean of
  both beats either: in Khan the mixed bot won 68.5 % of 200 games against ``greedy`` at 0.05 s
  a move where the network alone won 56 % of the same 200 (docs/training.md).
- ``"network"``: AlphaZero's search, described below.

The network search is AlphaZero's, in the open-loop, determinized form of
:mod:`boardkit.bots.mcts` (one tree of action sequences shared by all the worlds drawn for
hidden information). Each iteration:

1. **Determinize**: in a game with hidden information, draw a world consistent with what the
   searching seat sees (``game.determinize``); otherwise the world is the state.
2. **Select**: from the root, at each node the seat that decides picks, among its actions legal
   in this world, the one with the best ``mean + exploration * prior * sqrt(N) / (1 + n)``
   (PUCT): ``mean`` is that seat's mean reward through the child, ``n`` the child's visits,
   ``N`` the node's, and ``prior`` the network's probability for the action. A child never
   visited counts the node's own value estimate as its mean.
3. **Evaluate**: at the first node never evaluated, the network reads the deciding seat's
   observation and gives the priors of its legal actions and every seat's expected share of
   the win. No rollout: the value is the estimate. A finished game gives its real shares.
4. **Back up**: every node on the path adds the reward of the seat that chose it.

The bot plays the root action visited most (ties: the higher prior). With ``temperature`` above
0 it draws an action with probability proportional to ``visits ** (1 / temperature)``, and with
``noise`` above 0 it mixes Dirichlet noise into the root priors: both are for self-play
(:mod:`boardkit.train`), where the games must differ.

Why the network search can be fast: a guided ``mcts`` steps every action of a node to rank it
by the heuristic; this search reads the ranking from one network evaluation, a few matrix
products in numpy, so at the same thinking time it searches far more positions (how well depends
on how good the policy is: docs/training.md has the figures). Why it does not peek: as in
:mod:`boardkit.bots.mcts`, the true state is read only by ``game.determinize`` (which keeps what
the seat may see) and for the seat's own legal actions; observations, values and priors are
computed on the drawn worlds, from the view of the seat deciding there.

The network comes from the ``weights`` file, or else from the game
(:meth:`boardkit.game.Game.trained_network`). numpy is the only requirement.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import cache
from os import PathLike
from typing import TYPE_CHECKING, Any

from boardkit import engine
from boardkit.bots.base import (
    BotParameterError,
    check_non_negative_float,
    check_positive_float,
    check_positive_int,
    legal_actions_for,
    parse_bot_spec,
)
from boardkit.bots.evaluation import Rewards, estimated_rewards, outcome_rewards
from boardkit.bots.mcts import MCTSBot
from boardkit.errors import GameDefinitionError, NotOfferedError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.rng import Rng

if TYPE_CHECKING:  # numpy is imported only when a network is loaded
    from boardkit.bots.network import Observation, PolicyValueNet

DEFAULT_ITERATIONS = 200
DEFAULT_EXPLORATION = {"network": 1.5, "heuristic": 1.0}
"""The exploration weight for each source of priors: PUCT's for the network's, UCB1's of the
guided ``mcts`` for the heuristic's (the figures the two searches were tuned with)."""
DEFAULT_WIDENING = 2.0
DEFAULT_VALUE_WEIGHT = 0.5
"""The network's share of a leaf's judgement with heuristic priors (1: the network alone; the
search with network priors always judges by the network alone)."""
DEFAULT_ROLLOUT_CAP = 10
"""The cap of the rollout part of a mixed leaf for a game whose own opponent
(:attr:`boardkit.game.Game.opponent`) names no ``mcts`` rollout cap."""
PRIORS = ("network", "heuristic")
"""Where a node's priors come from: the network's policy (one evaluation per node), or the
game's heuristic of the position each action leads to (as the guided ``mcts`` ranks them: one
step and one heuristic per action, dearer but sharper while the policy is young)."""
NOISE_ALPHA = 0.3
"""The Dirichlet concentration of the root noise of self-play, for ten legal actions; it is
scaled by ``10 / legal`` so that a node with many actions gets sparser noise."""

_Key = tuple[int, int]


class _Node:
    """A node of the open-loop tree: the statistics of one action sequence from the root."""

    __slots__ = ("children", "estimate", "priors", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[_Key, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.priors: dict[_Key, float] | None = None
        self.estimate = 0.0


class TrainedBot:
    """PUCT tree search guided by a policy-value network (see the module docstring)."""

    def __init__(
        self,
        weights: str | PathLike[str] | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        temperature: float = 0.0,
        noise: float = 0.0,
        priors: str = "heuristic",
        widening: float = DEFAULT_WIDENING,
        value_weight: float | None = None,
        rollout_cap: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.weights = None if weights is None else str(weights)
        self.iterations = (
            None if iterations is None else check_positive_int("trained", "iterations", iterations)
        )
        self.seconds = (
            None if seconds is None else check_positive_float("trained", "seconds", seconds)
        )
        if exploration is None:
            exploration = DEFAULT_EXPLORATION[priors] if priors in PRIORS else 1.0
        self.exploration = check_positive_float("trained", "exploration", exploration)
        self.temperature = check_non_negative_float("trained", "temperature", temperature)
        self.noise = check_non_negative_float("trained", "noise", noise)
        if self.noise > 1:
            raise BotParameterError(f"trained: noise is a share of the priors, not {noise}")
        if priors not in PRIORS:
            raise BotParameterError(
                f"trained: priors is one of {', '.join(PRIORS)}, not {priors!r}"
            )
        self.priors = priors
        self.widening = check_non_negative_float("trained", "widening", widening)
        if value_weight is None:
            value_weight = 1.0 if priors == "network" else DEFAULT_VALUE_WEIGHT
        self.value_weight = check_non_negative_float("trained", "value_weight", value_weight)
        if self.value_weight > 1:
            raise BotParameterError(
                f"trained: value_weight is the network's share of a leaf, from 0 to 1, "
                f"not {value_weight}"
            )
        if priors == "network" and self.value_weight != 1:
            raise BotParameterError(
                "trained: value_weight below 1 mixes rollouts into the heuristic search; "
                'with priors="network" the network alone judges leaves'
            )
        self.rollout_cap = (
            None
            if rollout_cap is None
            else check_positive_int("trained", "rollout_cap", rollout_cap)
        )
        self._clock = clock
        self._networks: dict[tuple[str, int], PolicyValueNet] = {}

    @property
    def name(self) -> str:
        """``"trained"``."""
        return "trained"

    def network(self, game: Game[Any, Any], players: int) -> PolicyValueNet:
        """The network this bot searches with for ``game`` at ``players`` seats (loaded once).

        Raises :class:`~boardkit.bots.base.BotParameterError` when there is none: no
        ``weights`` file and the game ships no network for that seat count.
        """
        key = (game.name, players)
        net = self._networks.get(key)
        if net is None:
            net = self._networks[key] = self._load(game, players)
        return net

    def _load(self, game: Game[Any, Any], players: int) -> PolicyValueNet:
        from boardkit.bots.network import NetworkFileError, PolicyValueNet

        if self.weights is not None:
            try:
                net = PolicyValueNet.load(self.weights)
            except OSError as exc:
                raise BotParameterError(
                    f"trained: cannot read weights {self.weights}: {exc}"
                ) from None
        else:
            try:
                file = game.trained_network(players)
            except NotOfferedError:
                file = None
            if file is None:
                raise BotParameterError(
                    f"trained: {game.name} ships no network for {players} players; train one "
                    "with `boardkit train` and pass it as weights=PATH"
                )
            net = PolicyValueNet.load(file.read_bytes())
        if net.game != game.name or net.players != players:
            raise NetworkFileError(
                f"the network was trained for {net.game}, {net.players} players, "
                f"not {game.name}, {players} players"
            )
        return net

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """The action the search settles on (a lone legal action is played at once)."""
        actions = legal_actions_for(game, state, player)
        if len(actions) == 1:
            return actions[0]
        if self.priors == "heuristic":
            return self.heuristic_search(game, state.flow.players).choose(game, state, player, rng)
        visits = self.search(game, state, player, rng)
        return game.index_to_action(self.pick(visits, rng), state)

    def heuristic_search(self, game: Game[Any, Any], players: int) -> MCTSBot:
        """The search of ``priors="heuristic"``: the guided ``mcts`` search (the heuristic ranks
        and widens a node's actions), each new leaf judged by the network's value instead of a
        rollout, or with ``value_weight`` below 1 by a mix of both."""
        return _ValueLeafMCTS(
            self.network(game, players),
            self.value_weight,
            iterations=self.iterations,
            seconds=self.seconds,
            exploration=self.exploration,
            prior_weight=1.0,
            widening=self.widening,
            rollout_cap=self.rollout_cap_for(game),
            clock=self._clock,
        )

    def rollout_cap_for(self, game: Game[Any, Any]) -> int:
        """The cap of a mixed leaf's rollout in ``game``: ``rollout_cap`` when given, else the
        one of the game's own strong opponent (:attr:`~boardkit.game.Game.opponent`, the guided
        ``mcts`` settings the game was tuned with: 10 in Khan, 6 in Shangrila), else
        :data:`DEFAULT_ROLLOUT_CAP`."""
        if self.rollout_cap is not None:
            return self.rollout_cap
        try:
            name, params = parse_bot_spec(game.opponent)
        except BotParameterError:  # a game's spec that does not parse: no cap to take
            return DEFAULT_ROLLOUT_CAP
        cap = params.get("rollout_cap")
        if name == "mcts" and isinstance(cap, int) and not isinstance(cap, bool) and cap > 0:
            return cap
        return DEFAULT_ROLLOUT_CAP

    def pick(self, visits: dict[int, tuple[int, float]], rng: Rng) -> int:
        """The root action index to play from the search's ``{index: (visits, prior)}``: the
        most visited (ties: the higher prior, then the lower index), or with a temperature a
        draw weighted by ``visits ** (1 / temperature)``."""
        if self.temperature > 0:
            order = sorted(visits)
            weights = [visits[i][0] ** (1.0 / self.temperature) for i in order]
            total = math.fsum(weights)
            if total > 0:
                draw = rng.random() * total
                for index, weight in zip(order, weights, strict=True):
                    draw -= weight
                    if draw < 0:
                        return index
                return order[-1]
        return max(sorted(visits), key=lambda i: visits[i])

    def search(
        self, game: Game[Any, Any], state: Any, player: int, rng: Rng
    ) -> dict[int, tuple[int, float]]:
        """Search from ``state`` for ``player``; every legal root action index with its visits
        and its prior (what self-play records as the policy target)."""
        legal = list(game.legal_action_indices(state))
        players = state.flow.players
        net = self.network(game, players)
        root = _Node()
        self._expand(net, game, state, player, legal, root, players)
        if self.noise > 0:
            self._add_noise(root, player, legal, rng)
        deadline = None if self.seconds is None else self._clock() + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and self._clock() >= deadline:
                break
            world = game.determinize(state, player, rng) if game.hidden_information else state
            self._iterate(net, game, world, root, players, rng)
            done += 1
        priors = root.priors or {}
        result: dict[int, tuple[int, float]] = {}
        for index in legal:
            child = root.children.get((player, index))
            result[index] = (0 if child is None else child.visits, priors.get((player, index), 0))
        return result

    def _iterate(
        self,
        net: PolicyValueNet,
        game: Game[Any, Any],
        world: Any,
        root: _Node,
        players: int,
        rng: Rng,
    ) -> None:
        """One select-evaluate-backup pass in ``world``."""
        node = root
        path: list[tuple[_Node, int]] = []
        c = self.exploration
        sqrt = math.sqrt
        while True:
            who = decider(world.flow)
            if who is None:
                rewards = _final(game, world, players)
                break
            legal = game.legal_action_indices(world)
            if not legal:
                raise GameDefinitionError(
                    f"{game.name}: seat {who} must decide but has no legal action"
                )
            if node.priors is None:
                rewards = self._expand(net, game, world, who, legal, node, players)
                break
            priors, children = node.priors, node.children
            spread = c * sqrt(node.visits + 1)
            fallback = 1.0 / len(legal)
            best_key, best_value = (who, legal[0]), -math.inf
            for index in legal:
                key = (who, index)
                prior = priors.get(key, fallback)
                child = children.get(key)
                if child is None or not child.visits:
                    value = node.estimate + spread * prior
                else:
                    value = child.reward / child.visits + spread * prior / (1 + child.visits)
                if value > best_value:
                    best_key, best_value = key, value
            child = children.get(best_key)
            if child is None:
                child = children[best_key] = _Node()
            world, _ = engine.step(game, world, who, game.index_to_action(best_key[1], world), rng)
            path.append((child, who))
            node = child
        root.visits += 1
        for child, who in path:
            child.visits += 1
            child.reward += rewards[who]

    @staticmethod
    def _expand(
        net: PolicyValueNet,
        game: Game[Any, Any],
        world: Any,
        who: int,
        legal: Any,
        node: _Node,
        players: int,
    ) -> Rewards:
        """Evaluate ``node`` with the network: store its priors and its value for ``who``, and
        return every seat's estimated reward."""
        estimate = relative_estimate(game, world, who, players) if net.reads_estimate else None
        priors, shares = net.evaluate(observe(game, world, who), legal, estimate)
        node.priors = {(who, int(i)): float(p) for i, p in zip(legal, priors, strict=True)}
        rewards = tuple(float(shares[(seat - who) % players]) for seat in range(players))
        node.estimate = rewards[who]
        return rewards

    def _add_noise(self, root: _Node, player: int, legal: list[int], rng: Rng) -> None:
        """Mix Dirichlet noise into the root priors (self-play's exploration)."""
        alpha = NOISE_ALPHA * 10 / len(legal)
        draws = [_gamma(alpha, rng) for _ in legal]
        total = math.fsum(draws) or 1.0
        priors = root.priors or {}
        for index, draw in zip(legal, draws, strict=True):
            key = (player, index)
            priors[key] = (1 - self.noise) * priors.get(key, 0.0) + self.noise * draw / total

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its loaded networks (a worker process loads its own)."""
        state = dict(self.__dict__)
        state["_networks"] = {}
        return state

    def __repr__(self) -> str:
        return (
            f"TrainedBot(weights={self.weights!r}, iterations={self.iterations}, "
            f"seconds={self.seconds}, exploration={self.exploration}, "
            f"temperature={self.temperature}, noise={self.noise}, priors={self.priors!r}, "
            f"widening={self.widening}, value_weight={self.value_weight}, "
            f"rollout_cap={self.rollout_cap})"
        )


class _ValueLeafMCTS(MCTSBot):
    """:class:`~boardkit.bots.mcts.MCTSBot`'s guided search (the heuristic ranks a node's
    actions) that judges a new leaf by the network's value instead of a rollout, or by
    ``value_weight`` times the value plus the rest times :class:`MCTSBot`'s own rollout."""

    def __init__(self, net: PolicyValueNet, value_weight: float, **params: Any) -> None:
        super().__init__(**params)
        self.net = net
        self.value_weight = value_weight

    def _rollout(self, game: Game[Any, Any], world: Any, players: int, rng: Rng) -> Rewards:
        who = decider(world.flow)
        if who is None:
            return _final(game, world, players)
        weight = self.value_weight
        if weight == 0:  # the guided mcts's leaf, draw for draw
            return super()._rollout(game, world, players, rng)
        value = _network_value(self.net, game, world, who, players)
        if weight == 1:  # the network alone: no rollout, no draw
            return value
        rolled = super()._rollout(game, world, players, rng)
        rest = 1.0 - weight
        return tuple(weight * v + rest * r for v, r in zip(value, rolled, strict=True))


def _network_value(
    net: PolicyValueNet, game: Game[Any, Any], world: Any, who: int, players: int
) -> Rewards:
    """Every seat's share of the win by the network, read from ``who``'s observation."""
    estimate = relative_estimate(game, world, who, players) if net.reads_estimate else None
    shares = net.value(observe(game, world, who), estimate)
    return tuple(float(shares[(seat - who) % players]) for seat in range(players))


def observe(game: Game[Any, Any], world: Any, who: int) -> Observation:
    """``who``'s observation of ``world`` as the network reads it fastest: the nonzero values
    alone where the game lists them itself (:meth:`~boardkit.game.Game.sparse_observation`
    overridden), else the dense vector (deriving the nonzeros in Python would cost more than
    numpy's conversion)."""
    if _lists_nonzeros(type(game)):
        from boardkit.bots.network import SparseObservation  # loaded with the network

        return SparseObservation(*game.sparse_observation(world, who))
    return game.observation(world, who)


@cache
def _lists_nonzeros(kind: type) -> bool:
    """Whether the game class ``kind`` overrides :meth:`Game.sparse_observation`."""
    return getattr(kind, "sparse_observation", None) is not Game.sparse_observation


def relative_estimate(
    game: Game[Any, Any], world: Any, who: int, players: int
) -> tuple[float, ...]:
    """The heuristic's estimate of every seat's share of the win in ``world``
    (:func:`~boardkit.bots.evaluation.estimated_rewards`), relative to ``who``: slot ``k`` is
    the seat ``k`` places after ``who``. Called on worlds the searching seat may see."""
    shares = estimated_rewards(game, world, players)
    return tuple(shares[(who + k) % players] for k in range(players))


def _final(game: Game[Any, Any], world: Any, players: int) -> Rewards:
    result = game.result(world)
    if result is None:  # ended by the flow without a result: nobody wins
        return (0.0,) * players
    return outcome_rewards(result, players)


def _gamma(alpha: float, rng: Rng) -> float:
    """A Gamma(``alpha``, 1) draw from the seeded stream (Marsaglia and Tsang's method, with
    the boost for ``alpha`` below 1)."""
    boost = 1.0
    if alpha < 1:
        boost = max(rng.random(), 1e-300) ** (1 / alpha)
        alpha += 1
    d = alpha - 1 / 3
    c = 1 / math.sqrt(9 * d)
    while True:
        x = _normal(rng)
        v = (1 + c * x) ** 3
        if v <= 0:
            continue
        u = max(rng.random(), 1e-300)
        if math.log(u) < 0.5 * x * x + d - d * v + d * math.log(v):
            return boost * d * v


def _normal(rng: Rng) -> float:
    """A standard normal draw (Box–Muller) from the seeded stream."""
    u1 = max(rng.random(), 1e-300)
    return math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * rng.random())
