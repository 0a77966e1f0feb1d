"""The conformance check of a game's shipped networks (:meth:`~boardkit.game.Game.trained_network`).

A game that ships a policy-value network for a seat count promises that the ``trained`` bot
(:mod:`boardkit.bots.trained`) plays with it. :func:`check_trained_network` holds it to that,
for one configuration, when the game offers a network for its seat count:

- the file loads (:meth:`boardkit.bots.network.PolicyValueNet.load`): an ``.npz`` of the
  network format whose layers chain;
- it names the game and the seat count, reads observations of the length of
  ``observation_shape(config)`` and writes a logit for each of ``num_actions(config)`` action
  indices;
- a :class:`~boardkit.bots.trained.TrainedBot` of that network, searching a few iterations
  with each kind of priors (the network's policy head, and the heuristic's with the network's
  value), chooses a legal action on a fresh game: the first position, after the setup, where
  the deciding seat has a choice.

A network is made for the observation and action sizes of one configuration; the kit checks it
against the configuration it is given (:func:`boardkit.testing.check_game` passes each seat
count with the game's default options, what ``boardkit train`` trains under). A game that
offers no network for the seat count (``None``, or the hook not offered) passes without a
check. The check needs numpy (the ``bots`` extra), as the trained bot does.
"""

from __future__ import annotations

import math
from typing import Any

from boardkit import engine
from boardkit.bots.random_bot import RandomBot
from boardkit.errors import NotOfferedError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.options import Config
from boardkit.rng import Rng
from boardkit.runner.seats import seat_rngs
from boardkit.testing.errors import ConformanceError, place

SEARCH_ITERATIONS = 4
"""The iterations of each trained bot's search: enough to read both heads of the network."""
FIRST_CHOICE_WITHIN = 40
"""Random entries played, at most, to reach a position where the deciding seat has a choice."""


def check_trained_network(game: Game[Any, Any], config: Config) -> bool:
    """Check the network ``game`` ships for ``config``'s seat count (see the module docstring);
    return whether there was one to check. Raises :class:`ConformanceError` naming the
    configuration and what is wrong."""
    players = config.players
    where = f"{place(game.name, config)} trained_network({players})"
    try:
        file = game.trained_network(players)
    except NotOfferedError:
        return False
    if file is None:
        return False
    from boardkit.bots.network import NetworkFileError, PolicyValueNet
    from boardkit.bots.trained import TrainedBot

    try:
        net = PolicyValueNet.load(file.read_bytes())
    except (NetworkFileError, OSError) as exc:
        raise ConformanceError(f"{where}: {file} does not load: {exc}") from exc
    _check_sizes(game, config, net, where)
    state = _first_choice(game, config)
    who = decider(state.flow)
    if who is None:  # the setup ended the game: no position to choose in
        return True
    legal = game.legal_actions(state)
    for priors in ("network", "heuristic"):
        bot = TrainedBot(iterations=SEARCH_ITERATIONS, priors=priors)
        try:
            action = bot.choose(game, state, who, Rng(config.seed, 1))
        except Exception as exc:
            raise ConformanceError(
                f"{where}: the trained bot (priors={priors}) fails on a fresh game: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        if not any(action is a or action == a for a in legal):
            raise ConformanceError(
                f"{where}: the trained bot (priors={priors}) chose {action!r}, "
                f"not a legal action of seat {who}"
            )
    return True


def _check_sizes(game: Game[Any, Any], config: Config, net: Any, where: str) -> None:
    """The network names the game and seat count, and its first layer and policy head fit the
    game's observation and action index under ``config``."""
    shape = game.observation_shape(config)
    actions = game.num_actions(config)
    if shape is None or actions is None:
        missing = "observation_shape" if shape is None else "num_actions"
        raise ConformanceError(
            f"{where}: the game ships a network but offers no {missing}(), which it reads or writes"
        )
    wanted = {
        "game": game.name,
        "players": config.players,
        "observation size": math.prod(shape),
        "action count": actions,
    }
    found = {
        "game": net.game,
        "players": net.players,
        "observation size": net.observation_size,
        "action count": net.num_actions,
    }
    wrong = [
        f"{key} {found[key]!r}, the game's is {wanted[key]!r}"
        for key in wanted
        if found[key] != wanted[key]
    ]
    if wrong:
        raise ConformanceError(f"{where}: the network does not fit the game: {'; '.join(wrong)}")


def _first_choice(game: Game[Any, Any], config: Config) -> Any:
    """The first state of a random game where the deciding seat has two or more legal
    actions (a lone action is played without a search), or the last one reached within
    :data:`FIRST_CHOICE_WITHIN` entries, never the end."""
    streams, bot = seat_rngs(config.seed, config.players), RandomBot()
    state, _ = engine.start(game, config)
    for seq in range(1, FIRST_CHOICE_WITHIN + 1):
        who = decider(state.flow)
        if who is None or len(game.legal_actions(state)) > 1:
            return state
        action = bot.choose(game, state, who, streams[who])
        following, _ = engine.step(game, state, who, action, Rng.for_entry(config.seed, seq))
        if decider(following.flow) is None:
            return state
        state = following
    return state
