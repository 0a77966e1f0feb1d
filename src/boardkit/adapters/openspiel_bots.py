"""boardkit's bots as OpenSpiel bots (extra ``openspiel``).

::

    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    from boardkit.adapters.openspiel import load_game
    from boardkit.adapters.openspiel_bots import mcts_bot

    game = load_game("shangrila", 3)
    bots = [mcts_bot(game, 0, seed=1, iterations=50)] + [
        pyspiel.make_uniform_random_bot(p, 7 + p) for p in (1, 2)
    ]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))

:class:`BoardkitBot` is a ``pyspiel.Bot`` that plays one seat of a boardkit game loaded in
OpenSpiel (:mod:`boardkit.adapters.openspiel`) with any boardkit bot
(:mod:`boardkit.bots`): asked for a step, it hands the bot the boardkit state behind the
OpenSpiel state and returns the action index of the bot's choice. :func:`mcts_bot` builds one
around boardkit's Monte Carlo tree search, guided by the game's heuristic by default
(:data:`GUIDED`), which is far stronger than OpenSpiel's own MCTS with random rollouts in games
with many actions per decision.

Seeds: a bot draws from its own :class:`~boardkit.rng.Rng`, ``seat_rng(seed, player)`` of the
seat rule (:func:`boardkit.runner.seats.seat_rng`), made once when the bot is built and not
reset between games: the same bots, built with the same seeds and playing the same games in
the same order, choose the same actions. A time budget (``seconds``) is not reproducible.

Hidden information: the bot is given the true state, as boardkit's bots always are, and
boardkit's bots read it only through ``game.determinize`` (see :mod:`boardkit.bots.base`).
The entry cap of a capped registration is not part of the search: the bot searches on as if
the match could go past it.
"""

from __future__ import annotations

from typing import Any

from boardkit.adapters.openspiel import BoardkitSpielGame, BoardkitSpielState
from boardkit.bots.base import Bot, BotParameterError
from boardkit.bots.registry import bot_from_spec, make_bot
from boardkit.errors import IllegalActionError
from boardkit.extras import needs_extra
from boardkit.runner.seats import seat_rng

with needs_extra("openspiel", "boardkit.adapters.openspiel_bots"):
    import pyspiel

__all__ = ["GUIDED", "BoardkitBot", "mcts_bot"]

GUIDED: dict[str, object] = {"prior_weight": 1.0, "widening": 2.0}
"""The search settings :func:`mcts_bot` adds to boardkit's MCTS unless told otherwise: priors
from the heuristic and progressive widening (docs/bots.md, "Guided search")."""


class BoardkitBot(pyspiel.Bot):  # type: ignore[misc]
    """One seat of a boardkit game in OpenSpiel, played by a boardkit bot.

    ``game`` is a game loaded from :mod:`boardkit.adapters.openspiel`, ``player`` the seat,
    ``bot`` a boardkit bot or a bot spec (``"mcts:iterations=200:widening=2"``,
    :func:`boardkit.bots.parse_bot_spec`), ``seed`` the seed of the bot's random stream.
    Raises :class:`~boardkit.bots.base.BotParameterError` for a game that is not a boardkit
    game, a seat the game does not have, a bad seed or a bot that cannot be built.
    """

    def __init__(self, game: Any, player: int, bot: Bot | str = "mcts", seed: int = 0) -> None:
        super().__init__()
        if not isinstance(game, BoardkitSpielGame):
            raise BotParameterError(
                f"BoardkitBot plays boardkit games loaded in OpenSpiel "
                f"(boardkit.adapters.openspiel), not {game}"
            )
        players = game.num_players()
        if type(player) is not int or not 0 <= player < players:
            raise BotParameterError(
                f"BoardkitBot: player must be a seat from 0 to {players - 1}, not {player!r}"
            )
        try:
            rng = seat_rng(seed, player)
        except ValueError as error:
            raise BotParameterError(f"BoardkitBot: {error}, not {seed!r}") from None
        self.game = game
        self.player = player
        self.bot: Bot = bot_from_spec(bot) if isinstance(bot, str) else bot
        self.seed = seed
        self._rng = rng

    def step(self, state: Any) -> int:
        """The action index of the bot's choice in ``state``, where this bot's seat decides.

        Raises :class:`~boardkit.errors.NotYourDecisionError` when another seat decides,
        :class:`~boardkit.errors.IllegalActionError` at a chance node,
        :class:`~boardkit.errors.GameOverError` at the end, and
        :class:`~boardkit.bots.base.BotParameterError` for a state of another game.
        """
        if not isinstance(state, BoardkitSpielState) or state.get_game() != self.game:
            raise BotParameterError(f"BoardkitBot: a state of {self.game} is needed, not {state}")
        if state.is_chance_node():
            raise IllegalActionError(
                "flow", f"player {self.player} may not act now: chance decides (a chance node)"
            )
        bk, position = self.game.boardkit_game, state.boardkit_state
        action = self.bot.choose(bk, position, self.player, self._rng)
        index: int = bk.action_to_index(action, position)
        if index not in state.legal_actions(self.player):  # a bot that broke its contract
            raise IllegalActionError(
                "bot", f"{self.bot.name} chose {action!r}, which is not legal here"
            )
        return index

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot keeps no memory of a game (its random stream runs on)."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the bot reads each state afresh."""

    def provides_policy(self) -> bool:
        """No: a boardkit bot gives an action, not a distribution over actions."""
        return False

    def is_clone_implemented(self) -> bool:
        """No: build another bot instead."""
        return False

    def __repr__(self) -> str:
        return f"BoardkitBot({self.game}, player={self.player}, bot={self.bot!r}, seed={self.seed})"


def mcts_bot(game: Any, player: int, *, seed: int = 0, **params: object) -> BoardkitBot:
    """A :class:`BoardkitBot` playing boardkit's MCTS (:class:`boardkit.bots.MCTSBot`) with
    ``params`` (``iterations``, ``seconds``, ``rollout_cap``, ...), guided by the heuristic
    (:data:`GUIDED`) unless ``prior_weight`` or ``widening`` say otherwise.

    Raises :class:`~boardkit.bots.base.BotParameterError` for a parameter MCTS does not have
    or a value it cannot use.
    """
    return BoardkitBot(game, player, make_bot("mcts", **{**GUIDED, **params}), seed)
