"""The naive baseline: always the first legal action, in the game's own order.

This is what a person does who answers ``1`` at every prompt of ``boardkit play``. It is not
random at all, so it is a yardstick of a different kind from :class:`~boardkit.bots.RandomBot`:
a game whose legal actions happen to list a good move first (Khan lists conquests in a fixed
order, Shangrila its villages) lets it play surprisingly well, and a bot that calls itself
greedy must beat it clearly.
"""

from __future__ import annotations

from typing import Any

from boardkit.bots.base import legal_actions_for
from boardkit.game import Game
from boardkit.rng import Rng


class FirstBot:
    """Plays ``game.legal_actions(state)[0]``; never draws from ``rng``."""

    @property
    def name(self) -> str:
        """``"first"``."""
        return "first"

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """The first of ``player``'s legal actions."""
        return legal_actions_for(game, state, player)[0]

    def __repr__(self) -> str:
        return "FirstBot()"
