"""One move of look-ahead: play every candidate action in thought and keep the best outcome.

For each candidate the bot runs :func:`boardkit.engine.step` on a copy of the position (states
are immutable, so "a copy" costs nothing) and judges the position it leads to for itself:

1. first by the outcome if the game ended there: a win beats anything (a win alone beats a
   shared one), a loss is worse than anything;
2. then by :func:`boardkit.bots.evaluation.heuristic` (the game's ``evaluate`` hook, else its
   score).

An action that only hands a decision to another seat (an owed consent, say) is judged the same
way: by the position right after it. Ties are broken at random, so on a game with no heuristic
the bot still takes an immediate win when it sees one and plays randomly otherwise.

Games with many actions: at most ``max_actions`` candidates are examined, drawn at random.
Hidden information: the bot does not look ahead on the true state (that would show it, for
instance, the card it is about to draw); it looks ahead on ``determinizations`` states drawn by
``game.determinize(state, player, rng)`` and averages over them.
"""

from __future__ import annotations

from typing import Any

from boardkit import engine
from boardkit.bots.base import check_positive_int, legal_actions_for, sample_actions
from boardkit.bots.evaluation import heuristic, outcome_for
from boardkit.errors import IllegalActionError
from boardkit.game import Game
from boardkit.rng import Rng

DEFAULT_MAX_ACTIONS = 200
DEFAULT_DETERMINIZATIONS = 4


class GreedyBot:
    """Chooses the action whose immediate result looks best for itself (see the module doc)."""

    def __init__(
        self,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        determinizations: int = DEFAULT_DETERMINIZATIONS,
    ) -> None:
        self.max_actions = check_positive_int("greedy", "max_actions", max_actions)
        self.determinizations = check_positive_int("greedy", "determinizations", determinizations)

    @property
    def name(self) -> str:
        """``"greedy"``."""
        return "greedy"

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """The candidate action with the best (outcome, heuristic) for ``player``."""
        actions = legal_actions_for(game, state, player)
        if len(actions) == 1:
            return actions[0]
        candidates = sample_actions(actions, self.max_actions, rng)
        if game.hidden_information:
            worlds = [game.determinize(state, player, rng) for _ in range(self.determinizations)]
        else:
            worlds = [state]
        best: list[Any] = []
        best_value: tuple[float, float] | None = None
        for action in candidates:
            value = self._value(game, worlds, player, action, rng)
            if value is None:
                continue
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best if best else candidates)

    @staticmethod
    def _value(
        game: Game[Any, Any], worlds: list[Any], player: int, action: Any, rng: Rng
    ) -> tuple[float, float] | None:
        """Mean (outcome, heuristic) of ``action`` over the worlds where it is legal."""
        outcome = value = 0.0
        counted = 0
        for world in worlds:
            try:
                after, _ = engine.step(game, world, player, action, rng)
            except IllegalActionError:
                continue  # legal in the true state but not in this sampled world
            result = game.result(after)
            if result is not None:
                share = outcome_for(result, player)
                outcome += share if share > 0 else -1.0
            value += heuristic(game, after, player)
            counted += 1
        if not counted:
            return None
        return outcome / counted, value / counted

    def __repr__(self) -> str:
        return (
            f"GreedyBot(max_actions={self.max_actions}, determinizations={self.determinizations})"
        )
