"""Monte Carlo tree search (UCT) with random rollouts, for any game and any number of players.

Each iteration of the search:

1. **Determinize.** In a game with ``hidden_information`` the bot draws a fresh world with
   ``game.determinize(state, player, rng)``: the root position with everything the searching
   player cannot see re-drawn at random, consistently with what they can see. The whole
   iteration runs in that world. In a game without hidden information the world is the state.
2. **Select.** From the root, follow the tree: at each node the seat that decides in the
   current world picks, among the children legal *in this world*, the one with the best UCB1
   value ``mean + c * sqrt(ln(available) / visits)``, where ``mean`` is that seat's mean reward
   through the child and ``available`` counts the visits of the parent in which the child was
   legal.
3. **Expand.** At the first node with a legal action not yet in the tree, add one such action
   at random.
4. **Roll out.** Play random legal actions until the game ends or ``rollout_cap`` decisions have
   been made; a finished game gives each seat its share of the win, a capped one an estimate
   from the game's ``evaluate`` hook or score (:func:`~boardkit.bots.evaluation.estimated_rewards`).
5. **Back up.** Every node on the path adds the reward of the seat that chose it.

Guided search (off by default): with ``prior_weight`` or ``widening`` above 0 every action at
a node gets a prior, the heuristic (:func:`~boardkit.bots.evaluation.heuristic`) of the position
it leads to for the seat playing it. Untried actions are then expanded best prior first,
selection adds ``prior_weight * prior / (visits + 1)`` (progressive bias), and ``widening``
limits a node seen ``n`` times to its ``ceil(widening * sqrt(n + 1))`` best actions (progressive
widening). ``rollout_sample`` above 1 makes each rollout move the heuristic's favourite among
that many random legal actions. This is what lets the search beat a greedy bot in games with
many actions per decision and a good heuristic (docs/bots.md has the figures).

This is single-observer *information-set* MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse,
2012) in its open-loop form: one tree whose nodes are sequences of actions, not states, shared by
all determinizations. Chance (dice, draws) is handled the same way: the world is re-played from
the root each iteration, so random outcomes are re-drawn each time. The bot's choice is the root
action visited most often (ties: the higher mean, then the first in legal order).

Speed without a change of result: in a game without hidden information, a step in the tree that
draws nothing from the seeded stream is kept in the node it leads to and not re-played (a pure
game would give the same world again, and no draw is skipped); see ``MCTSBot._iterate``.

Why it does not peek: the true state is read in exactly two places, ``game.determinize(state,
player, rng)`` (which by contract keeps only what ``player`` may see) and
``game.legal_actions(state)`` for the searching player's own options. Every simulated step,
result and evaluation is computed on a determinized world. So two states that look the same to
the searching player give the same search, draw for draw, when the game's ``determinize`` depends
only on the player's view (``tests/bots/test_bots.py`` checks both).

Budget: ``iterations`` (reproducible) and/or ``seconds`` (wall clock, so not reproducible);
the search stops at whichever comes first. With neither, it runs :data:`DEFAULT_ITERATIONS`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from attrs import frozen

from boardkit import engine
from boardkit.bots.base import (
    check_non_negative_float,
    check_positive_float,
    check_positive_int,
    legal_actions_for,
    sample_actions,
)
from boardkit.bots.evaluation import Rewards, estimated_rewards, heuristic, outcome_rewards
from boardkit.errors import GameDefinitionError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.rng import Rng

DEFAULT_ITERATIONS = 500
DEFAULT_ROLLOUT_CAP = 200
DEFAULT_EXPLORATION = 1.0
DEFAULT_PRIOR_WEIGHT = 0.0
DEFAULT_WIDENING = 0.0
DEFAULT_ROLLOUT_SAMPLE = 1


def action_key(action: object) -> Hashable:
    """A dictionary key for ``action``: itself when hashable (frozen attrs classes are), else
    its repr."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


class _Node:
    """A node of the open-loop tree: statistics of one action sequence from the root."""

    __slots__ = ("available", "children", "choice", "priors", "reward", "visits", "world")

    def __init__(self) -> None:
        self.children: dict[int, dict[Hashable, _Node]] = {}
        """The children by the seat that chose them, then by the action's :func:`action_key`
        (the seat that decides at a node may differ between determinized worlds)."""
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.priors: dict[tuple[int, Hashable], float] | None = None
        self.world: Any = None
        """The world after this node's actions, once known to be the same in every iteration
        (see :meth:`MCTSBot._iterate`); ``None`` until then."""
        self.choice: _Choice | None = None
        """In a node whose world is always the same, the decision there, worked out once."""


_Choice = tuple[int, Sequence[Any], list[_Node | None], dict[Hashable, _Node]]
"""The decision at a node: the seat, its legal actions, the child of each action (``None``
while untried) and the seat's children by :func:`action_key`."""


@frozen
class ActionStats:
    """What the search learnt about one root action: visits and the searcher's mean reward."""

    action: Any
    visits: int
    mean_reward: float


@frozen
class SearchResult:
    """The outcome of one search: iterations run and the statistics of every root action."""

    iterations: int
    actions: tuple[ActionStats, ...]

    def best(self) -> ActionStats:
        """The most visited action (ties: higher mean reward, then the first listed)."""
        return max(self.actions, key=lambda s: (s.visits, s.mean_reward))


class MCTSBot:
    """UCT Monte Carlo tree search with determinizations for hidden information."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_cap: int = DEFAULT_ROLLOUT_CAP,
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
        widening: float = DEFAULT_WIDENING,
        rollout_sample: int = DEFAULT_ROLLOUT_SAMPLE,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = (
            None if iterations is None else check_positive_int("mcts", "iterations", iterations)
        )
        self.seconds = None if seconds is None else check_positive_float("mcts", "seconds", seconds)
        self.exploration = check_positive_float("mcts", "exploration", exploration)
        self.rollout_cap = check_positive_int("mcts", "rollout_cap", rollout_cap)
        self.prior_weight = check_non_negative_float("mcts", "prior_weight", prior_weight)
        self.widening = check_non_negative_float("mcts", "widening", widening)
        self.rollout_sample = check_positive_int("mcts", "rollout_sample", rollout_sample)
        self._clock = clock

    @property
    def name(self) -> str:
        """``"mcts"``."""
        return "mcts"

    @property
    def guided(self) -> bool:
        """Whether the tree ranks actions by the heuristic (``prior_weight`` or ``widening``)."""
        return self.prior_weight > 0 or self.widening > 0

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """The root action the search visited most (a lone legal action is played at once)."""
        actions = legal_actions_for(game, state, player)
        if len(actions) == 1:
            return actions[0]
        return self.search(game, state, player, rng).best().action

    def search(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> SearchResult:
        """Run the search from ``state`` for ``player`` and report every root action's figures."""
        actions = legal_actions_for(game, state, player)
        root = _Node()
        players = state.flow.players
        deadline = None if self.seconds is None else self._clock() + self.seconds
        # Without hidden information every iteration starts from the state itself; with the
        # seeded stream, a step that draws nothing can then be kept in the tree (_iterate).
        fixed = not game.hidden_information and type(rng) is Rng
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and self._clock() >= deadline:
                break
            world = game.determinize(state, player, rng) if game.hidden_information else state
            self._iterate(game, world, root, players, rng, fixed)
            done += 1
        stats = []
        tried = root.children.get(player, {})
        for action in actions:
            child = tried.get(action_key(action))
            visits = 0 if child is None else child.visits
            mean = 0.0 if child is None or not child.visits else child.reward / child.visits
            stats.append(ActionStats(action, visits, mean))
        return SearchResult(done, tuple(stats))

    def _iterate(
        self,
        game: Game[Any, Any],
        world: Any,
        root: _Node,
        players: int,
        rng: Rng,
        fixed: bool,
    ) -> None:
        """One select-expand-rollout-backup pass in ``world``.

        ``fixed`` says that ``world`` is the same in every iteration and ``rng`` is the seeded
        stream. Along the tree, while the world stays fixed, a step that draws nothing from
        ``rng`` is a function of the world and the action alone (games are pure), so its
        result is kept in the child (:attr:`_Node.world`) and later iterations take it from
        there instead of stepping again: the same worlds and the same draws, for less work.
        Such a node keeps its decision too (:attr:`_Node.choice`: the seat, its legal actions
        and their children), so the world is not asked again. The first step that draws
        (dice, a shuffle) ends this for the rest of the iteration.

        Each node's children are looked up once per visit (``found``): every action is hashed
        once, and the same list serves the expansion test and the UCB1 comparison.
        """
        node = root
        path: list[tuple[_Node, int]] = []
        step, legal_actions, c = engine.step, game.legal_actions, self.exploration
        weight, guided = self.prior_weight, self.guided
        log, sqrt = math.log, math.sqrt
        while True:
            choice = node.choice if fixed else None
            if choice is not None:
                who, actions, found, children = choice
            else:
                seat = decider(world.flow)
                if seat is None:
                    rewards = self._final(game, world, players)
                    break
                who = seat
                actions = legal_actions(world)
                if not actions:
                    raise GameDefinitionError(
                        f"{game.name}: seat {who} must decide but has no legal action"
                    )
                known = node.children.get(who)
                if known is None:
                    known = node.children[who] = {}
                children = known
                get = children.get
                try:
                    found = [get(a) for a in actions]
                except TypeError:  # an unhashable action: keyed by its repr, as action_key says
                    found = [get(action_key(a)) for a in actions]
                if fixed:
                    node.choice = (who, actions, found, children)
            considered: Sequence[int]
            bias: list[float] | None
            if guided:
                considered, bias = self._ranked(game, world, node, who, actions, rng)
            else:
                considered, bias = range(len(actions)), None
            # Every considered child that exists was available in this visit; while none is
            # missing, the UCB1 values are worked out in the same pass.
            untried: list[int] = []
            best_index, best_value = 0, -math.inf
            for index in considered:
                child = found[index]
                if child is None:
                    untried.append(index)
                    continue
                child.available += 1
                if untried:
                    continue
                visits = child.visits
                value = child.reward / visits + c * sqrt(log(child.available) / visits)
                if bias is not None:
                    value += weight * bias[index] / (visits + 1)
                if value > best_value:
                    best_index, best_value = index, value
            if untried:
                index = untried[0] if guided else untried[rng.below(len(untried))]
                action = actions[index]
                child = _Node()
                child.available = 1
                children[action_key(action)] = child
                found[index] = child
                drawn = rng.drawn if fixed else 0
                world, _ = step(game, world, who, action, rng)
                if fixed and rng.drawn == drawn:
                    child.world = world
                path.append((child, who))
                rewards = self._rollout(game, world, players, rng)
                break
            chosen = found[best_index]
            assert chosen is not None  # no considered child is missing
            node = chosen
            if node.world is not None:
                world = node.world
            else:
                drawn = rng.drawn if fixed else 0
                world, _ = step(game, world, who, actions[best_index], rng)
                if fixed and rng.drawn == drawn:
                    node.world = world
                else:
                    fixed = False
            path.append((node, who))
        root.visits += 1
        for child, who in path:
            child.visits += 1
            child.reward += rewards[who]

    def _ranked(
        self,
        game: Game[Any, Any],
        world: Any,
        node: _Node,
        who: int,
        actions: Sequence[Any],
        rng: Rng,
    ) -> tuple[list[int], list[float]]:
        """The indexes of the actions the node considers, best prior first, and every action's
        prior mapped onto [0, 1].

        A prior is the heuristic of the position the action leads to, for the seat playing it,
        worked out once per node and action. With ``widening`` only the best
        ``ceil(widening * sqrt(visits + 1))`` actions are considered, so a node with many
        actions searches its promising ones deeply before it tries the rest.
        """
        priors = node.priors
        if priors is None:
            priors = node.priors = {}
        raw: list[float] = []
        for action in actions:
            key = (who, action_key(action))
            value = priors.get(key)
            if value is None:
                after, _ = engine.step(game, world, who, action, rng)
                value = priors[key] = heuristic(game, after, who)
            raw.append(value)
        low, high = min(raw), max(raw)
        span = high - low
        bias = [(value - low) / span for value in raw] if span else [0.0] * len(raw)
        order = sorted(range(len(raw)), key=raw.__getitem__, reverse=True)
        if self.widening > 0:
            del order[max(1, math.ceil(self.widening * math.sqrt(node.visits + 1))) :]
        return order, bias

    def _rollout(self, game: Game[Any, Any], world: Any, players: int, rng: Rng) -> Rewards:
        """Play from ``world`` to the end, or to the cap and an estimate.

        Each move is random, or with ``rollout_sample`` above 1 the best (by the heuristic of
        the seat that plays it) of that many legal actions drawn at random.
        """
        step, legal_actions, sample = engine.step, game.legal_actions, self.rollout_sample
        for _ in range(self.rollout_cap):
            who = decider(world.flow)
            if who is None:
                return self._final(game, world, players)
            actions = legal_actions(world)
            if not actions:
                raise GameDefinitionError(
                    f"{game.name}: seat {who} must decide but has no legal action"
                )
            if sample == 1 or len(actions) == 1:
                world, _ = step(game, world, who, actions[rng.below(len(actions))], rng)
                continue
            best, best_value = world, -math.inf
            for action in sample_actions(actions, sample, rng):
                after, _ = step(game, world, who, action, rng)
                value = heuristic(game, after, who)
                if value > best_value:
                    best, best_value = after, value
            world = best
        if decider(world.flow) is None:
            return self._final(game, world, players)
        return estimated_rewards(game, world, players)

    @staticmethod
    def _final(game: Game[Any, Any], world: Any, players: int) -> Rewards:
        result = game.result(world)
        if result is None:  # ended by the flow without a result: nobody wins
            return (0.0,) * players
        return outcome_rewards(result, players)

    def __repr__(self) -> str:
        return (
            f"MCTSBot(iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration}, rollout_cap={self.rollout_cap}, "
            f"prior_weight={self.prior_weight}, widening={self.widening}, "
            f"rollout_sample={self.rollout_sample})"
        )
