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
"""

from __future__ import annotations

from typing import ClassVar, Protocol, Self, get_args

from attrs import frozen


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
    """A new phase began."""

    phase: str


@frozen
class TurnStarted:
    """``player``'s turn began; ``turn`` counts turns from 1."""

    player: int
    turn: int


@frozen
class StepStarted:
    """The active player moved on to a named step inside the turn."""

    step: str


@frozen
class DecisionOwed:
    """``player`` must now decide something of ``kind`` before play goes on."""

    player: int
    kind: str


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


def reduce_flow(flow: Flow, event: object) -> Flow:
    """The flow after one event; events that are not flow events leave it unchanged.

    A pure function of its arguments that keeps nothing: the flow is built with the
    constructor (several times cheaper than ``attrs.evolve``), which costs the same at turn 10
    and at turn 10,000. Folding (:mod:`boardkit.recorder`) calls it for every flow event.
    """
    cls = type(event)
    f = flow
    if cls is TurnEnded:
        return Flow(
            f.players, f.phase, f.turn, f.active, f.step, f.owed, True, f.ended, f.truncated
        )
    if cls is TurnStarted:
        assert isinstance(event, TurnStarted)
        return Flow(
            f.players, f.phase, event.turn, event.player, "", f.owed, False, f.ended, f.truncated
        )
    if cls is StepStarted:
        assert isinstance(event, StepStarted)
        return Flow(
            f.players,
            f.phase,
            f.turn,
            f.active,
            event.step,
            f.owed,
            f.turn_over,
            f.ended,
            f.truncated,
        )
    if cls is DecisionOwed:
        assert isinstance(event, DecisionOwed)
        owed = (*f.owed, Owed(event.player, event.kind))
        return Flow(
            f.players, f.phase, f.turn, f.active, f.step, owed, f.turn_over, f.ended, f.truncated
        )
    if cls is DecisionSettled:
        return Flow(
            f.players,
            f.phase,
            f.turn,
            f.active,
            f.step,
            f.owed[1:],
            f.turn_over,
            f.ended,
            f.truncated,
        )
    if cls is PhaseStarted:
        assert isinstance(event, PhaseStarted)
        return Flow(
            f.players,
            event.phase,
            f.turn,
            f.active,
            f.step,
            f.owed,
            f.turn_over,
            f.ended,
            f.truncated,
        )
    if cls is GameEnded:
        return Flow(f.players, f.phase, f.turn, f.active, "", (), f.turn_over, True, f.truncated)
    if cls is GameTruncated:
        return Flow(
            f.players, f.phase, f.turn, f.active, f.step, f.owed, f.turn_over, f.ended, True
        )
    return flow


def turn_started(flow: Flow, player: int) -> tuple[TurnStarted, Flow]:
    """The event that begins ``player``'s turn after ``flow`` (turn ``flow.turn + 1``), and
    the flow it leads to: what the engine emits between two turns."""
    f = flow
    return (
        TurnStarted(player, f.turn + 1),
        Flow(f.players, f.phase, f.turn + 1, player, "", f.owed, False, f.ended, f.truncated),
    )


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
