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

The default position format. A game without a notation of its own still writes and reads
positions: :meth:`Game.format_position <boardkit.game.Game.format_position>` and
:meth:`~boardkit.game.Game.parse_position` default to :func:`json_position` and
:func:`parse_json_position`, one line of JSON holding the game's name, its number of players
and the codec's JSON of the state (:mod:`boardkit.codec`): ``{"game": "highcard", "players": 2,
"state": {...}}``. A seat's form holds the JSON of that seat's view and says whose it is
(``"seen_by": 0``), so it reads back only as a partial position. The text is exact (a state
reads back equal, as the codec promises) but not short; a game whose people read and write
positions gives itself a notation (docs/positions.md).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Final

from boardkit.codec import codec_for
from boardkit.errors import InvalidPositionError
from boardkit.flow import decider
from boardkit.options import Config

if TYPE_CHECKING:  # types only: the protocol's default positions call this module
    from boardkit.game import Game

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


_JSON_FIELDS: Final = frozenset({"game", "players", "state", "seen_by"})


def offers_positions(game: Game[Any, Any]) -> bool:
    """Whether ``game`` has a position notation of its own (overrides both hooks of
    :class:`Game`); every other game writes the default format (:func:`json_position`)."""
    return game.offers("format_position") and game.offers("parse_position")


def json_position(game: Game[Any, Any], state: Any, player: int | None = None) -> str:
    """``state`` in the default position format (the module docstring): the whole state for
    ``player=None``, else the JSON of ``game.view(state, player)`` marked as ``player``'s.

    What :meth:`Game.format_position <boardkit.game.Game.format_position>` writes for a game
    without a notation of its own."""
    codec = codec_for(game)
    document: dict[str, Any] = {"game": game.name, "players": state.flow.players}
    if player is None or not game.hidden_information:
        document["state"] = codec.dump_state(state)
    else:
        document["seen_by"] = player
        document["state"] = codec.dump_any(game.view(state, player))
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def parse_json_position(
    game: Game[Any, Any], text: str, config: Config, *, partial: bool = False
) -> Any:
    """The state a text of :func:`json_position` describes, for a match set up with ``config``.

    Raises :class:`~boardkit.errors.InvalidPositionError`, and nothing else, for any text it
    cannot take: ``syntax`` (not one JSON object with the fields ``game``, ``players``,
    ``state`` and maybe ``seen_by``, another game's, or a state the codec refuses),
    ``players`` (another number of seats than ``config``'s) and ``hidden-unknown`` (a seat's
    form, unless ``partial``)."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidPositionError("syntax", "a position in the default format is JSON") from None
    if not isinstance(document, dict) or not {"game", "players", "state"} <= set(document):
        raise InvalidPositionError(
            "syntax", "a position in the default format is a JSON object of game, players, state"
        )
    extra = sorted(set(document) - _JSON_FIELDS)
    if extra:
        raise InvalidPositionError("syntax", f"unknown field {extra[0]!r} in the position")
    if document["game"] != game.name:
        raise InvalidPositionError("syntax", f"a position of {game.name}, not of another game")
    players = document["players"]
    if type(players) is not int or players != config.players:
        raise refuse("players", f"a position for {players} in a match of {config.players}")
    if "seen_by" in document and not partial:
        raise refuse("hidden-unknown", f"the position is seat {document['seen_by']}'s view")
    try:
        state = codec_for(game).load_state(document["state"])
    except Exception as exc:  # a state the codec or the state's own checks refuse
        raise InvalidPositionError("syntax", f"not a state of {game.name}: {exc}") from None
    flow = getattr(state, "flow", None)
    if getattr(flow, "players", None) != config.players:
        raise refuse("players", f"the state's flow has other seats than the match's {players}")
    return state


def position_players(text: str) -> int:
    """The seats a position names: its ``players=N`` field in the common syntax, its
    ``players`` field in the default format."""
    if text.lstrip().startswith("{"):
        try:
            players = json.loads(text).get("players")
        except (ValueError, RecursionError, AttributeError):
            players = None
        if type(players) is not int:
            raise InvalidPositionError(
                "syntax", "a position in the default format names its players as a number"
            )
        return players
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
