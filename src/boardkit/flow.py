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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Final, Protocol, Self, get_args

from attrs import Attribute, field, frozen

from boardkit.errors import GameDefinitionError
from boardkit.replacing import replacer

NAME: Final = re.compile(r"\w[\w.-]*")
"""What a phase, step or decision kind may be called (the whole name must match): a word of
letters, digits, ``_``, ``-`` and ``.``, beginning with a letter, a digit or ``_``. Such a name
is one word of a position and never ``-`` (which a position reads as "none")."""

NAME_RULE: Final = (
    "a phase, step or decision kind is one word of letters, digits, '_', '-' and '.', "
    "beginning with a letter, a digit or '_' (a position writes it as one word)"
)
"""The rule of :data:`NAME` in words, as errors quote it."""


def is_name(name: object) -> bool:
    """Whether ``name`` may name a phase, a step or a decision kind (:data:`NAME`)."""
    return type(name) is str and NAME.fullmatch(name) is not None


def check_name(name: object, what: str) -> str:
    """``name`` if it may name a phase, step or decision kind; else a
    :class:`~boardkit.errors.GameDefinitionError` that says ``what`` gave which name.

    ``what`` says where the name came from, as in ``"nim: Game.next_phase gave the phase"``.
    """
    if not is_name(name):
        raise GameDefinitionError(f"{what} {name!r}, which is not a name: {NAME_RULE}")
    assert isinstance(name, str)
    return name


def _named(kind: str) -> Any:
    """An attrs validator: the field holds a name (:func:`check_name`)."""

    def validate(instance: object, attribute: Attribute[str], value: object) -> None:
        check_name(value, f"{type(instance).__name__} names the {kind}")

    return validate


@frozen
class Owed:
    """A decision owed by ``player`` (who need not be the active player), of a game-named kind."""

    player: int
    kind: str


@frozen
class Flow:
    """Where the game stands: seats, phase, turn number, active player, step, owed decisions."""

    players: int
    phase: str = ""
    turn: int = 0
    active: int | None = None
    step: str = ""
    owed: tuple[Owed, ...] = ()
    turn_over: bool = False
    ended: bool = False
    truncated: bool = False
    """Whether the match was cut off at its entry cap (:class:`GameTruncated`) rather than
    ended by the game's rules; then ``ended`` is true too and the game gives no result."""


class HasFlow(Protocol):
    """What the framework needs of a game state: its flow."""

    @property
    def flow(self) -> Flow: ...


# --- flow events -------------------------------------------------------------------------------


@frozen
class PhaseStarted:
    """A new phase began; ``phase`` is a name (:data:`NAME`)."""

    phase: str = field(validator=_named("phase"))


@frozen
class TurnStarted:
    """``player``'s turn began; ``turn`` counts turns from 1."""

    player: int
    turn: int


@frozen
class StepStarted:
    """The active player moved on to a named step inside the turn (:data:`NAME`)."""

    step: str = field(validator=_named("step"))


@frozen
class DecisionOwed:
    """``player`` must now decide something of ``kind`` (a name, :data:`NAME`) before play
    goes on."""

    player: int
    kind: str = field(validator=_named("decision kind"))


@frozen
class DecisionSettled:
    """The first owed decision was made."""

    player: int


class _Shared:
    """A fieldless event: one shared instance per class (``TurnEnded() is TurnEnded()``).

    Such an event says everything by its type, so every log entry can point at the same
    object instead of holding a copy (a log of a few thousand turns holds thousands of them).
    """

    __slots__ = ()
    _instances: ClassVar[dict[type, object]] = {}

    def __new__(cls) -> Self:
        shared = _Shared._instances.get(cls)
        if shared is None:
            shared = _Shared._instances[cls] = super().__new__(cls)
        return shared  # type: ignore[return-value]


@frozen
class TurnEnded(_Shared):
    """The active player's turn is over; the framework runs the end-of-turn hooks."""


@frozen
class GameEnded(_Shared):
    """The game is over; nobody decides any more."""


@frozen
class GameTruncated:
    """The match reached its cap of ``entries`` log entries (the setup entry included) before
    the game ended by its rules: it is cut off, and :class:`GameEnded` follows at once.

    The framework emits it, never a game (see :func:`boardkit.engine.step` and
    :attr:`boardkit.options.Config.cap`)."""

    entries: int


TURN_ENDED = TurnEnded()
"""The one :class:`TurnEnded` event (``TurnEnded()`` gives it too)."""
GAME_ENDED = GameEnded()
"""The one :class:`GameEnded` event (``GameEnded()`` gives it too)."""


FlowEvent = (
    PhaseStarted
    | TurnStarted
    | StepStarted
    | DecisionOwed
    | DecisionSettled
    | TurnEnded
    | GameEnded
    | GameTruncated
)
"""Any flow event: the events every game shares, folded by the framework."""

FLOW_EVENT_TYPES: tuple[type, ...] = get_args(FlowEvent)
"""The flow event classes, in the order of :data:`FlowEvent`."""


# --- markers: framework events that change nothing, for the front ends --------------------------


@frozen
class RoundEnded:
    """Round ``round`` (counted from 1) is over: a moment the front ends stop on.

    A game emits it from the hook or action that ends a round, *after* the events that score
    the round and *before* those that set up the next one (a new deal, the next prize), all in
    one log entry. It changes no state (the flow and the game's reducer leave it alone), but
    it marks the state folded up to it, the table the round ended on, which would otherwise
    never be seen: ``boardkit watch`` and ``boardkit play`` stop on it, ``show --at round:N``
    and ``render --at round:N`` show it, the browser page lets a reader step to it, and
    narration words it (the framework's line is "round 3 is over"; a game's
    :meth:`~boardkit.game.Game.describe_event` may give a summary instead).
    :mod:`boardkit.rounds` finds these moments in a log. Like any event it is recorded, so
    adding it to a game changes that game's logs: a new major version.
    """

    round: int


MARKER_EVENT_TYPES: tuple[type, ...] = (RoundEnded,)
"""The framework's marker events: written to logs like flow events, folded by nobody."""


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


_with_turn_over = replacer(Flow, "turn_over")
_with_turn = replacer(Flow, "turn", "active", "step", "turn_over")
_with_step = replacer(Flow, "step")
_with_owed = replacer(Flow, "owed")
_with_phase = replacer(Flow, "phase")
_with_end = replacer(Flow, "step", "owed", "ended")
_with_truncated = replacer(Flow, "truncated")


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


_new = object.__new__
_set_player = TurnStarted.player.__set__  # type: ignore[attr-defined]
_set_turn = TurnStarted.turn.__set__  # type: ignore[attr-defined]


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


def asked_out_of_turn(flow: Flow, simultaneous: frozenset[str] = frozenset()) -> bool:
    """Whether the decision owed now is put to someone outside his own turn, an answer the
    active player waits for (Khan's consent: "bob must answer"), rather than the decider's own
    move or one of the decisions every player owes at once: the kinds in ``simultaneous``,
    a game's :attr:`~boardkit.game.Game.simultaneous_decisions` (Goofspiel's sealed bids)."""
    if flow.ended or not flow.owed:
        return False
    owed = flow.owed[0]
    return owed.player != flow.active and owed.kind not in simultaneous
