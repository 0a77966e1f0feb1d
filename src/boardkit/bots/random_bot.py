"""The baseline: a uniformly random legal action."""

from __future__ import annotations

from typing import Any

from boardkit.bots.base import legal_actions_for
from boardkit.game import Game
from boardkit.rng import Rng


class RandomBot:
    """Plays a legal action chosen uniformly at random (the yardstick other bots must beat)."""

    def __init__(self) -> None:
        self._name = "random"

    @property
    def name(self) -> str:
        """``"random"``."""
        return self._name

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """A legal action of ``player``, every one equally likely."""
        return rng.choice(legal_actions_for(game, state, player))

    def __repr__(self) -> str:
        return "RandomBot()"
