"""Bots by name: the :data:`BOTS` registry, :func:`make_bot` and bot specs such as
``"mcts:iterations=200"`` for the command line and tournaments (:func:`parse_bot_spec`, kept in
:mod:`boardkit.bots.base` so that a bot can read a game's spec too)."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from boardkit.bots.base import Bot, BotParameterError, UnknownBotError
from boardkit.bots.base import parse_bot_spec as parse_bot_spec  # its name here stays
from boardkit.bots.first import FirstBot
from boardkit.bots.greedy import GreedyBot
from boardkit.bots.mcts import MCTSBot
from boardkit.bots.random_bot import RandomBot
from boardkit.bots.trained import TrainedBot

BotFactory = Callable[..., Bot]
"""Anything that builds a bot from keyword parameters (a bot class will do)."""

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "first": FirstBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "trained": TrainedBot,
}
"""The bots :func:`make_bot` knows, by name. Add your own: ``BOTS["mine"] = MyBot``."""


def make_bot(name: str, **params: object) -> Bot:
    """A new bot of the kind registered as ``name``, built with ``params``.

    Raises :class:`~boardkit.bots.base.UnknownBotError` for a name nobody registered and
    :class:`~boardkit.bots.base.BotParameterError` for a parameter the bot does not take.
    """
    factory = BOTS.get(name)
    if factory is None:
        raise UnknownBotError(name, list(BOTS))
    accepted = _parameter_names(factory)
    if accepted is not None:
        unknown = sorted(set(params) - accepted)
        if unknown:
            known = ", ".join(sorted(accepted)) or "none"
            raise BotParameterError(
                f"bot {name!r} has no parameter {', '.join(unknown)}; its parameters: {known}"
            )
    return factory(**params)


def _parameter_names(factory: BotFactory) -> set[str] | None:
    """The keyword parameters ``factory`` takes, or ``None`` if it takes any (``**kwargs``)."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    names: set[str] = set()
    for parameter in signature.parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if parameter.kind in (
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        ):
            names.add(parameter.name)
    names.discard("clock")  # a testing hook, not a playing parameter
    return names


def bot_from_spec(spec: str) -> Bot:
    """The bot a spec string describes (see :func:`parse_bot_spec`)."""
    name, params = parse_bot_spec(spec)
    return make_bot(name, **params)
