"""Starting from a position: what the framework checks of a start position, for every game.

A game reads its own notation (:meth:`~boardkit.game.Game.parse_position`) and checks the
invariants of its rules. A match can only start where the framework can take over, so
:func:`start_state` also holds the position to the invariants of the flow, named in
:data:`START_INVARIANTS`:

- the position has as many seats as the match;
- someone must decide now (no turn half-ended, no game waiting to start), or the game is over;
- the game's :meth:`~boardkit.game.Game.result` agrees with the flow: a result exactly when the
  game has ended (after every action the engine ends a game that has a result, so no settled
  state is "won but going on"), or the match was cut off at its entry cap (``truncated=yes``,
  ended and without a result);
- the player who must decide has a legal action (the contract of
  :meth:`~boardkit.game.Game.legal_actions`).

:func:`viewer_position` is the start position as one viewer may read it, what a redacted log
carries in its header.
"""

from __future__ import annotations

import re
from typing import Any, Final

from boardkit.errors import InvalidPositionError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.options import Config

START_INVARIANTS: Final[dict[str, str]] = {
    "players": "the position has as many seats as the match",
    "hidden-unknown": "a match starts from a whole position, not a player's view",
    "options": "the position agrees with the match's options",
    "decision": "someone must decide now, or the game is over",
    "over": "the game has a result exactly when its flow has ended",
    "legal-action": "the player who must decide has a legal action",
}
"""The invariants a start position is held to by every game, by the name
:class:`~boardkit.errors.InvalidPositionError` reports (``hidden-unknown`` and ``options`` are
checked by each game's :meth:`~boardkit.game.Game.parse_position`)."""

_PLAYERS = re.compile(r"(?:^|\s)players=([0-9]{1,3})(?=\s|$)")


def offers_positions(game: Game[Any, Any]) -> bool:
    """Whether ``game`` writes and reads positions (overrides both hooks of :class:`Game`)."""
    return game.offers("format_position") and game.offers("parse_position")


def position_players(text: str) -> int:
    """The seats a position in the common syntax names (its ``players=N`` field)."""
    found = _PLAYERS.findall(text)
    if len(found) != 1:
        raise InvalidPositionError(
            "syntax", "a position names its number of players once, as players=N"
        )
    return int(found[0])


def refuse(invariant: str, reason: str) -> InvalidPositionError:
    """The error for a start position that breaks one of :data:`START_INVARIANTS`."""
    return InvalidPositionError(invariant, f"{reason} ({START_INVARIANTS[invariant]})")


def start_state(game: Game[Any, Any], text: str, config: Config, *, partial: bool = False) -> Any:
    """The state a match set up with ``config`` starts from at the position ``text``.

    The game reads the text and checks its own invariants; then :func:`check_start` holds it to
    the framework's. ``partial`` admits a position with hidden parts unknown (the start of a
    redacted log); it is then not asked for legal actions. Raises
    :class:`~boardkit.errors.InvalidPositionError` naming the broken invariant.
    """
    state = game.parse_position(text, config, partial=partial)
    check_start(game, state, config, partial=partial)
    return state


def check_start(game: Game[Any, Any], state: Any, config: Config, *, partial: bool = False) -> None:
    """Raise :class:`~boardkit.errors.InvalidPositionError` if a match cannot start at
    ``state``: the flow invariants of :data:`START_INVARIANTS`."""
    flow = state.flow
    if flow.players != config.players:
        raise refuse("players", f"a position for {flow.players} in a match of {config.players}")
    has_result = game.result(state) is not None
    if flow.ended:
        if not has_result and not flow.truncated:
            raise refuse("over", "the flow has ended but the game gives no result")
        return
    if flow.truncated:
        raise refuse("over", "the match was cut off but the flow goes on (write ended=yes)")
    if has_result:
        raise refuse("over", "the game has a result but the flow goes on (write ended=yes)")
    who = decider(flow)
    if flow.turn_over or who is None:
        state_of = "the turn is over" if flow.turn_over else "nobody is active or owed a decision"
        raise refuse("decision", f"{state_of}, and the game has not ended")
    if not partial and not game.legal_actions(state):
        raise refuse("legal-action", f"player {who} must decide but has no legal action")


def viewer_position(game: Game[Any, Any], state: Any, viewer: int | None) -> str:
    """``state`` in the notation as ``viewer`` (a seat, ``None``: a spectator) may read it.

    A seat's form is ``format_position(state, seat)``; a spectator's is the form of the
    spectator's view. A game without hidden information shows everyone the whole position.
    """
    if not game.hidden_information:
        return game.format_position(state)
    if viewer is None:
        return game.format_position(game.view(state, None))
    return game.format_position(state, viewer)
