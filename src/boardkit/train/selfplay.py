"""Games played to make training samples, by one of two teachers.

- **The heuristic teacher** (the first generation, before any network exists): at each
  decision it plays every legal action in thought (up to ``candidates`` of them, on one world
  drawn by ``game.determinize`` when information is hidden, so it never peeks) and judges the
  position after it by the game's heuristic (:func:`boardkit.bots.evaluation.heuristic`), the
  way ``greedy`` does. The policy target is a softmax of those values, mapped onto [0, 1] among
  the node's actions and sharpened by ``sharpness``; the move played is drawn from it, so the
  games differ. This distils into the network what a guided ``mcts`` pays for by stepping every
  action of every node.
- **The search teacher** (every later generation): the ``trained`` bot
  (:class:`~boardkit.bots.trained.TrainedBot`) with the latest network, with Dirichlet noise at
  the root; the target is the share of the root's visits each action got, and the move played
  is drawn from the visits for the first ``explore_moves`` decisions of each seat and is the
  most visited after that (expert iteration: the search improves on the network, the network
  learns the search).

Every decision of every seat becomes a sample (:mod:`boardkit.train.samples`); when the game is
over, each sample gets the final shares of the win, relative to the seat that decided. A game
is played on the bare engine with a seed, so the same seed and network give the same games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from boardkit import engine
from boardkit.bots.evaluation import (
    estimated_rewards,
    heuristic,
    outcome_for,
    outcome_rewards,
)
from boardkit.bots.network import PolicyValueNet
from boardkit.bots.trained import TrainedBot
from boardkit.errors import IllegalActionError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.registry import as_game
from boardkit.rng import Rng
from boardkit.train.samples import Samples

WIN_BONUS = 1_000.0
"""How far an action that ends the game with a win of the mover outranks any heuristic value
(and one that ends it with a loss falls below), for the heuristic teacher."""


@frozen
class Teaching:
    """How a teacher plays: the heuristic's (``network is None``) or the search's.

    ``value_mix`` is the weight of the heuristic's estimate in the value target, against the
    game's outcome: a few hundred games are too few for a network to learn the outcome of
    positions it has not seen (it learns the games by heart instead), while the estimate is a
    function of the position that it can learn (:func:`~boardkit.bots.evaluation.
    estimated_rewards`). 0 is the outcome alone.

    ``value_weight`` is the search teacher's leaf judgement, as the ``trained`` bot's parameter
    of that name: 1 (the default) lets the network alone judge each new leaf; below 1 the
    guided ``mcts``'s capped rollout takes the rest, as the shipped ``trained`` bot plays
    (0.5), so the teacher is no weaker than the bot it trains even while the network's value
    is poor.
    """

    candidates: int = 200
    sharpness: float = 8.0
    iterations: int = 64
    exploration: float = 1.5
    noise: float = 0.25
    explore_moves: int = 8
    value_mix: float = 0.25
    priors: str = "network"
    value_weight: float = 1.0

    def __attrs_post_init__(self) -> None:
        if not 0.0 <= self.value_weight <= 1.0:
            raise ValueError(f"value_weight is a share from 0 to 1, not {self.value_weight}")
        if self.value_weight != 1.0 and self.priors != "heuristic":
            raise ValueError(
                "value_weight below 1 mixes rollouts into the heuristic's search: it needs "
                f'priors="heuristic", not {self.priors!r}'
            )


def play_games(
    game_name: str,
    players: int,
    seeds: list[int],
    teaching: Teaching,
    network: bytes | None = None,
    options: dict[str, object] | None = None,
    estimate_inputs: bool = False,
) -> Samples:
    """Play one game per seed with the heuristic teacher (``network`` is ``None``) or the search
    teacher (``network`` holds a saved :class:`PolicyValueNet`), and return every decision as a
    sample; with ``estimate_inputs`` each sample's inputs are the observation followed by the
    heuristic's estimate (:attr:`PolicyValueNet.reads_estimate`). Arguments are plain data so
    that a worker process can run it."""
    game = as_game(game_name)
    config0 = game.make_config(players, options, 0, None)
    width = int(math.prod(game.observation_shape(config0) or (0,)))
    width += players if estimate_inputs else 0
    net = None if network is None else PolicyValueNet.load(network)
    parts = [
        _one_game(game, players, seed, teaching, net, options, width, estimate_inputs)
        for seed in seeds
    ]
    return Samples.concatenate(parts) if parts else Samples.empty(width, players)


def _one_game(
    game: Game[Any, Any],
    players: int,
    seed: int,
    teaching: Teaching,
    net: PolicyValueNet | None,
    options: dict[str, object] | None,
    width: int,
    estimate_inputs: bool,
) -> Samples:
    config = game.make_config(players, options, seed, None)
    state, _ = engine.start(game, config)
    rng = Rng(seed, 1)
    bot = None
    if net is not None:
        bot = TrainedBot(
            iterations=teaching.iterations,
            exploration=teaching.exploration,
            noise=teaching.noise,
            priors=teaching.priors,
            value_weight=teaching.value_weight,
        )
        bot._networks[(game.name, players)] = net
    observations: list[list[float]] = []
    legal_rows: list[list[int]] = []
    policy_rows: list[list[float]] = []
    seats: list[int] = []
    estimates: list[tuple[float, ...]] = []
    moves = [0] * players
    seq = 1
    while (who := decider(state.flow)) is not None:
        actions = game.legal_actions(state)
        if bot is None:
            indices, probs = _heuristic_target(game, state, who, actions, teaching, rng)
            chosen = _draw(probs, rng)
        else:
            visits = _search(bot, game, state, who, players, rng)
            indices = sorted(visits)
            counts = [visits[i][0] for i in indices]
            total = sum(counts) or 1
            probs = [count / total for count in counts]
            bot.temperature = 1.0 if moves[who] < teaching.explore_moves else 0.0
            chosen = indices.index(bot.pick(visits, rng))
        if len(indices) > 1:
            observation = list(game.observation(state, who))
            if teaching.value_mix or estimate_inputs:
                estimates.append(_estimate(game, state, who, players, rng))
                if estimate_inputs:
                    observation.extend(estimates[-1])
            observations.append(observation)
            legal_rows.append(indices)
            policy_rows.append(probs)
            seats.append(who)
        moves[who] += 1
        action = game.index_to_action(indices[chosen], state)
        state, _ = engine.step(
            game, state, who, action, Rng.for_entry(seed, seq), engine.cut_off_at(config, seq)
        )
        seq += 1
    result = game.result(state)
    final = (1.0 / players,) * players if result is None else outcome_rewards(result, players)
    mix = teaching.value_mix
    values = [[final[(seat + k) % players] for k in range(players)] for seat in seats]
    if mix:
        values = [
            [(1 - mix) * v + mix * e for v, e in zip(row, estimate, strict=True)]
            for row, estimate in zip(values, estimates, strict=True)
        ]
    return Samples.build(observations, legal_rows, policy_rows, values, width, players)


def _search(
    bot: TrainedBot, game: Game[Any, Any], state: Any, who: int, players: int, rng: Rng
) -> dict[int, tuple[int, float]]:
    """The search teacher's root visits by action index (and prior, 0 when the heuristic
    ranked the actions)."""
    if bot.priors == "network":
        return bot.search(game, state, who, rng)
    result = bot.heuristic_search(game, players).search(game, state, who, rng)
    return {game.action_to_index(s.action, state): (s.visits, 0.0) for s in result.actions}


def _estimate(
    game: Game[Any, Any], state: Any, who: int, players: int, rng: Rng
) -> tuple[float, ...]:
    """The heuristic's shares of the win of every seat, relative to ``who``, judged on a world
    drawn for ``who`` (so that the estimate reads nothing ``who`` cannot see)."""
    world = game.determinize(state, who, rng) if game.hidden_information else state
    shares = estimated_rewards(game, world, players)
    return tuple(shares[(who + k) % players] for k in range(players))


def _heuristic_target(
    game: Game[Any, Any], state: Any, who: int, actions: Any, teaching: Teaching, rng: Rng
) -> tuple[list[int], list[float]]:
    """The legal action indices (ascending) and the heuristic teacher's probabilities."""
    world = game.determinize(state, who, rng) if game.hidden_information else state
    count = len(actions)
    examined: Sequence[int] = range(count)
    if count > teaching.candidates:
        examined = sorted(rng.shuffled(range(count))[: teaching.candidates])
    raw: dict[int, float] = {}
    for position in examined:
        try:
            after, _ = engine.step(game, world, who, actions[position], rng)
        except IllegalActionError:
            continue  # legal in the true state, not in the drawn world
        result = game.result(after)
        bonus = 0.0
        if result is not None:
            bonus = WIN_BONUS if outcome_for(result, who) > 0 else -WIN_BONUS
        raw[position] = heuristic(game, after, who) + bonus
    pairs = sorted((game.action_to_index(actions[p], state), p) for p in range(count))
    if not raw:
        return [i for i, _ in pairs], [1.0 / count] * count
    low, high = min(raw.values()), max(raw.values())
    span = (high - low) or 1.0
    weights = [
        math.exp(teaching.sharpness * ((raw[p] - high) / span)) if p in raw else 0.0
        for _, p in pairs
    ]
    total = math.fsum(weights)
    return [i for i, _ in pairs], [w / total for w in weights]


def _draw(probs: list[float], rng: Rng) -> int:
    """A position in ``probs`` drawn with those probabilities."""
    draw = rng.random()
    for position, p in enumerate(probs):
        draw -= p
        if draw < 0:
            return position
    return max(range(len(probs)), key=probs.__getitem__)
