"""How bots judge a position: the game's own heuristic if it has one, else the score.

A game may offer the two bot hints of the :class:`~boardkit.game.Game` protocol:

- :meth:`~boardkit.game.Game.evaluate`: a heuristic, higher is better for ``player``;
- :meth:`~boardkit.game.Game.score`: the player's current score in a game still going on.

:func:`heuristic` picks the best information available, in that order, and falls back on the
final scores once the game is over (and on 0 when the game offers nothing). Bots never look at
the game's name: everything here goes through these hooks.

Rewards for tree search live in [0, 1] per player and add up to at most 1 over the table:
:func:`outcome_rewards` shares a win equally among the winners, and a draw equally among all
seats; :func:`estimated_rewards`
turns heuristic values of an unfinished game into such shares.
"""

from __future__ import annotations

import math
from typing import Any

from boardkit.game import Game
from boardkit.result import Result

Rewards = tuple[float, ...]
"""One reward in [0, 1] per seat, in seat order."""

CAPPED_WEIGHT = 0.5
"""How much a heuristic estimate counts against a plain draw when a rollout is cut short.

An estimate is a guess about a game nobody finished, so it counts as half a decided game and
half an even share (see :func:`estimated_rewards`)."""


def heuristic(game: Game[Any, Any], state: Any, player: int) -> float:
    """How good ``state`` looks for ``player``: higher is better.

    ``game.evaluate(state, player)`` when the game offers it; otherwise the final score of
    ``player`` when the game is over, ``game.score(state, player)`` while it goes on (if the
    game offers it), and 0 when the game offers no measure at all.
    """
    if game.offers("evaluate"):
        return float(game.evaluate(state, player))
    result = game.result(state)
    if result is not None:
        return float(result.scores[player])
    if game.offers("score"):
        return float(game.score(state, player))
    return 0.0


def outcome_rewards(result: Result, players: int) -> Rewards:
    """A finished game as rewards: each winner gets an equal share of 1, the others 0; in a
    draw (:attr:`~boardkit.result.Result.is_draw`: nobody won, or every seat shares the win)
    every seat gets an equal share, so that a search prefers a draw to a loss."""
    if result.is_draw:
        return (1.0 / players,) * players
    share = 1.0 / len(result.winners)
    winners = set(result.winners)
    return tuple(share if seat in winners else 0.0 for seat in range(players))


def outcome_for(result: Result, player: int) -> float:
    """``player``'s share of the win: 1 alone, 1/k in a k-way shared win or a draw of k seats,
    0 otherwise."""
    if result.is_draw:
        return 1.0 / len(result.scores)
    if player not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


def estimated_rewards(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """Rewards for an unfinished game, from the heuristic of every seat
    (:meth:`~boardkit.game.Game.evaluate_seats` when the game offers ``evaluate``).

    The heuristic values are mapped linearly onto [0, 1] (the leader 1, the last 0), turned into
    shares that add up to 1, and blended with an even split by :data:`CAPPED_WEIGHT`. All equal
    values give an even split.
    """
    result = game.result(state)
    if result is not None:
        return outcome_rewards(result, players)
    if game.offers("evaluate"):  # every seat's heuristic at once (Game.evaluate_seats)
        values = [float(value) for value in game.evaluate_seats(state)]
    else:
        values = [heuristic(game, state, seat) for seat in range(players)]
    even = 1.0 / players
    low, high = min(values), max(values)
    if high == low:
        return (even,) * players
    spread = [(v - low) / (high - low) for v in values]
    total = math.fsum(spread)
    return tuple(CAPPED_WEIGHT * (s / total) + (1.0 - CAPPED_WEIGHT) * even for s in spread)
