"""Bots that play any boardkit game through the game protocol alone.

- :class:`RandomBot` — a uniformly random legal action;
- :class:`FirstBot` — always the first legal action (a naive player's baseline);
- :class:`GreedyBot` — one move of look-ahead, judged by the game's heuristic or score;
- :class:`MCTSBot` — Monte Carlo tree search (UCT), determinized for hidden information;
- :class:`TrainedBot` — tree search guided by a trained network (numpy; docs/training.md).

Every bot has a ``name`` and ``choose(game, state, player, rng)``; the caller passes the seeded
:class:`~boardkit.rng.Rng`, so games between bots are reproducible. :func:`make_bot` builds a
bot by its registry name (:data:`BOTS`). See ``docs/bots.md``.
"""

from boardkit.bots.base import Bot, BotParameterError, UnknownBotError, parse_bot_spec
from boardkit.bots.evaluation import estimated_rewards, heuristic, outcome_rewards
from boardkit.bots.first import FirstBot
from boardkit.bots.greedy import GreedyBot
from boardkit.bots.mcts import ActionStats, MCTSBot, SearchResult
from boardkit.bots.random_bot import RandomBot
from boardkit.bots.registry import BOTS, bot_from_spec, make_bot
from boardkit.bots.trained import TrainedBot

__all__ = [
    "BOTS",
    "ActionStats",
    "Bot",
    "BotParameterError",
    "FirstBot",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "SearchResult",
    "TrainedBot",
    "UnknownBotError",
    "bot_from_spec",
    "estimated_rewards",
    "heuristic",
    "make_bot",
    "outcome_rewards",
    "parse_bot_spec",
]
