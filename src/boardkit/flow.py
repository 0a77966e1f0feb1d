"""Turn order, phases, steps and owed decisions, held as data in every game state.

A game state carries a :class:`Flow`. Games change it only by emitting the flow events defined
here; the framework folds them (see :func:`reduce_flow`) before handing each event to the game's
own reducer. So "who must decide now?" always has an answer read off the state:
:func:`decider` — the first player owed a decision if any, else the active player, else nobody.

Documented hook order (what :mod:`boardkit.engine` does after an action whose events end the turn)::

    action events ─► TurnEnded folded
        1. game.on_turn_end(state)
        2. if game.phase_over(state):
               game.on_phase_end(state)
               next = game.next_phase(state)      None ends the game
               PhaseStarted(next);  game.on_phase_start(state)
        3. if game.result(state) is not None:  GameEnded, stop
        4. TurnStarted(game.next_player(state));  game.on_turn_start(state)
        5. if the new turn is already over (say, a forced pass), go back to 1.

All events produced by these hooks belong to the same log entry as the action that caused them.

Phases, steps and the kinds of owed decisions are *names*: one word of letters, digits, ``_``,
``-`` and ``.``, not beginning with ``-`` or ``.`` (:data:`NAME`). A position writes each as one
``key=value`` word (``phase=end step=draw owed=1:consent``), so a name with a space, a comma or a
colon could not be read back; the events refuse such a name when the game builds them, and the
engine when :meth:`~boardkit.game.Game.first_phase` or :meth:`~boardkit.game.Game.next_phase`
gives one, with a :class:`~boardkit.errors.GameDefinitionError` that names it (and the hook).

The classes and the names' rules are defined in :mod:`boardkit.flow_model` and are found here
too; this module adds the functions that move a flow on (:func:`reduce_flow`,
:func:`turn_started`, :func:`decider`, :func:`next_seat`). The optional compiled build
compiles these functions, which the engine calls for every turn of every game; the classes stay
pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from boardkit.flow_model import (
    FLOW_EVENT_TYPES,
    GAME_ENDED,
    MARKER_EVENT_TYPES,
    NAME,
    NAME_RULE,
    TURN_ENDED,
    DecisionOwed,
    DecisionSettled,
    Flow,
    FlowEvent,
    GameEnded,
    GameTruncated,
    HasFlow,
    Owed,
    PhaseStarted,
    RoundEnded,
    StepStarted,
    TurnEnded,
    TurnStarted,
    asked_out_of_turn,
    check_name,
    is_name,
)
from boardkit.replacing import replacer

__all__ = [
    "FLOW_EVENT_TYPES",
    "FLOW_STEPS",
    "GAME_ENDED",
    "MARKER_EVENT_TYPES",
    "NAME",
    "NAME_RULE",
    "TURN_ENDED",
    "DecisionOwed",
    "DecisionSettled",
    "Flow",
    "FlowEvent",
    "GameEnded",
    "GameTruncated",
    "HasFlow",
    "Owed",
    "PhaseStarted",
    "RoundEnded",
    "StepStarted",
    "TurnEnded",
    "TurnStarted",
    "asked_out_of_turn",
    "check_name",
    "decider",
    "is_name",
    "next_seat",
    "reduce_flow",
    "turn_started",
]


def reduce_flow(flow: Flow, event: object) -> Flow:
    """The flow after one event; events that are not flow events leave it unchanged.

    A pure function of its arguments that keeps nothing: the flow is copied with the fields the
    event changes replaced (:func:`boardkit.replacing.replacer`: a bare copy, about three
    quarters of a constructor call and several times cheaper than ``attrs.evolve``), which
    costs the same at turn 10 and at turn 10,000. Folding (:mod:`boardkit.recorder`) calls
    the step of :data:`FLOW_STEPS` directly, for every flow event.
    """
    flow_step = FLOW_STEPS.get(type(event))
    return flow if flow_step is None else flow_step(flow, event)


_with_turn_over: Final = replacer(Flow, "turn_over")
_with_turn: Final = replacer(Flow, "turn", "active", "step", "turn_over")
_with_step: Final = replacer(Flow, "step")
_with_owed: Final = replacer(Flow, "owed")
_with_phase: Final = replacer(Flow, "phase")
_with_end: Final = replacer(Flow, "step", "owed", "ended")
_with_truncated: Final = replacer(Flow, "truncated")


def _turn_ended(flow: Flow, event: TurnEnded) -> Flow:
    return _with_turn_over(flow, True)


def _turn_begun(flow: Flow, event: TurnStarted) -> Flow:
    return _with_turn(flow, event.turn, event.player, "", False)


def _step_started(flow: Flow, event: StepStarted) -> Flow:
    return _with_step(flow, event.step)


def _decision_owed(flow: Flow, event: DecisionOwed) -> Flow:
    return _with_owed(flow, (*flow.owed, Owed(event.player, event.kind)))


def _decision_settled(flow: Flow, event: DecisionSettled) -> Flow:
    return _with_owed(flow, flow.owed[1:])


def _phase_started(flow: Flow, event: PhaseStarted) -> Flow:
    return _with_phase(flow, event.phase)


def _game_ended(flow: Flow, event: GameEnded) -> Flow:
    return _with_end(flow, "", (), True)


def _game_truncated(flow: Flow, event: GameTruncated) -> Flow:
    return _with_truncated(flow, True)


FLOW_STEPS: Final[dict[type, Callable[[Flow, Any], Flow]]] = {
    TurnEnded: _turn_ended,
    TurnStarted: _turn_begun,
    StepStarted: _step_started,
    DecisionOwed: _decision_owed,
    DecisionSettled: _decision_settled,
    PhaseStarted: _phase_started,
    GameEnded: _game_ended,
    GameTruncated: _game_truncated,
}
"""Each flow event class (:data:`FLOW_EVENT_TYPES`), and the flow after an event of it:
what :func:`reduce_flow` does, found with one look-up (folding asks it for every event, and
a class missing from it is no flow event)."""


def turn_started(flow: Flow, player: int) -> tuple[TurnStarted, Flow]:
    """The event that begins ``player``'s turn after ``flow`` (turn ``flow.turn + 1``), and
    the flow it leads to: what the engine emits between two turns (through
    :func:`boardkit.recorder.record_turn_start`), without a look-up of the event's class.

    The event is built bare, its two slots filled (:class:`TurnStarted` has no validator):
    equal to ``TurnStarted(player, turn)`` in every way, at two thirds of its constructor's
    cost, once per turn of every game."""
    turn = flow.turn + 1
    event = _new(TurnStarted)
    _set_player(event, player)
    _set_turn(event, turn)
    return event, _with_turn(flow, turn, player, "", False)


_new: Final = object.__new__
_set_player: Final = TurnStarted.__dict__["player"].__set__
_set_turn: Final = TurnStarted.__dict__["turn"].__set__


def next_seat(active: int | None, players: int) -> int:
    """The seat after ``active`` going clockwise (seat order, wrapping round to seat 0); seat
    0 when nobody is active yet. The engine's usual next turn, and every game's "the next
    player" where its rules go round the table."""
    return 0 if active is None else (active + 1) % players


def decider(flow: Flow) -> int | None:
    """The player who must decide now, or ``None`` when the game is over."""
    if flow.ended:
        return None
    if flow.owed:
        return flow.owed[0].player
    return flow.active
