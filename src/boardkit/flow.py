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
)
"""Any flow event: the events every game shares, folded by the framework."""

FLOW_EVENT_TYPES: tuple[type, ...] = get_args(FlowEvent)
"""The flow event classes, in the order of :data:`FlowEvent`."""
_FLOW_TYPES = frozenset(FLOW_EVENT_TYPES)


def _next_flow(flow: Flow, event: object) -> Flow:
    """The flow after one event, built (see :func:`reduce_flow`).

    Built with the constructor rather than ``attrs.evolve``: the constructor is several times
    cheaper.
    """
    cls = type(event)
    f = flow
    if cls is TurnStarted:
        assert isinstance(event, TurnStarted)
        return Flow(f.players, f.phase, event.turn, event.player, "", f.owed, False, f.ended)
    if cls is StepStarted:
        assert isinstance(event, StepStarted)
        return Flow(f.players, f.phase, f.turn, f.active, event.step, f.owed, f.turn_over, f.ended)
    if cls is DecisionOwed:
        assert isinstance(event, DecisionOwed)
        owed = (*f.owed, Owed(event.player, event.kind))
        return Flow(f.players, f.phase, f.turn, f.active, f.step, owed, f.turn_over, f.ended)
    if cls is DecisionSettled:
        return Flow(f.players, f.phase, f.turn, f.active, f.step, f.owed[1:], f.turn_over, f.ended)
    if cls is TurnEnded:
        return Flow(f.players, f.phase, f.turn, f.active, f.step, f.owed, True, f.ended)
    if cls is PhaseStarted:
        assert isinstance(event, PhaseStarted)
        return Flow(f.players, event.phase, f.turn, f.active, f.step, f.owed, f.turn_over, f.ended)
    if cls is GameEnded:
        return Flow(f.players, f.phase, f.turn, f.active, "", (), f.turn_over, True)
    return flow


_CACHE_LIMIT = 1 << 13
_INTERNED: dict[Flow, Flow] = {}
"""One canonical object per flow value met: transitions are remembered per object."""
_TRANSITIONS: dict[int, tuple[Flow, dict[object, Flow]]] = {}
"""``id(flow)`` of a canonical flow: the flow itself (which keeps its id from being reused
while it is here) and the flows events lead to, keyed by :func:`_event_key`."""


_SMALL_TEXT = 256
"""Most characters of phase, step and owed kinds together in a flow the tables keep."""


def _small(flow: Flow) -> bool:
    """Whether the tables may keep ``flow``: they outlive the match that made it, so a log
    read from outside (long step names, many owed decisions) must not fill them with large
    flows; such flows are built each time instead."""
    owed = flow.owed
    if len(owed) > 8:
        return False
    size = len(flow.phase) + len(flow.step)
    for decision in owed:
        size += len(decision.kind)
    return size <= _SMALL_TEXT


def _event_key(event: object) -> object:
    """A hashable key of a flow event that is cheap to build (its class and fields)."""
    cls = type(event)
    if cls is TurnEnded or cls is GameEnded or cls is DecisionSettled:
        return cls
    if cls is TurnStarted:
        return (event.player, event.turn)  # type: ignore[attr-defined]
    if cls is StepStarted:
        return ("s", event.step)  # type: ignore[attr-defined]
    if cls is PhaseStarted:
        return ("p", event.phase)  # type: ignore[attr-defined]
    return (cls, event.player, event.kind)  # type: ignore[attr-defined]


def reduce_flow(flow: Flow, event: object) -> Flow:
    """The flow after one event; events that are not flow events leave it unchanged.

    This runs several times per turn in every playout, replay and search. Flows are values,
    and the same few recur from game to game (turn 3, seat 2, step "actions" …), so each new
    flow value is kept once (interned) and every transition between kept flows is remembered:
    after the first games, a flow event costs two dictionary lookups instead of building a
    :class:`Flow`. A flow that is equal to a kept one but another object (a game's initial
    flow, a flow read from JSON) finds the kept one by value, once. The tables are emptied
    when they grow past a bound (a few thousand flows: a 4-player Khan or Shangrila game meets
    about 1,500 over a hundred games), and keep only small flows (:func:`_small`), so what
    they hold stays under a few megabytes.
    """
    if type(event) not in _FLOW_TYPES:
        return flow
    known = _TRANSITIONS.get(id(flow))
    key = _event_key(event)
    if known is not None and known[0] is flow:
        nxt = known[1].get(key)
        if nxt is not None:
            return nxt
    else:
        canonical = _INTERNED.get(flow)
        if canonical is not None:  # the same value met before as another object
            flow = canonical
            known = _TRANSITIONS.get(id(flow))
            if known is not None and (nxt := known[1].get(key)) is not None:
                return nxt
    nxt = _next_flow(flow, event)
    if not _small(nxt) or not _small(flow):
        return nxt  # an odd flow (long names, many owed decisions) is not kept alive
    if len(_INTERNED) >= _CACHE_LIMIT:
        _clear_tables()
        known = None
    nxt = _INTERNED.setdefault(nxt, nxt)
    if known is None or known[0] is not flow:
        flow = _INTERNED.setdefault(flow, flow)
        known = _TRANSITIONS.get(id(flow))
        if known is None:
            known = _TRANSITIONS[id(flow)] = (flow, {})
    known[1][key] = nxt
    return nxt


_TURNS: dict[int, tuple[Flow, dict[int, tuple[TurnStarted, Flow]]]] = {}
"""``id(flow)`` of a canonical flow: the flow itself, and by player the :class:`TurnStarted`
that begins that player's next turn and the flow after it (see :func:`turn_started`)."""


_CLOCKWISE: dict[int, tuple[Flow, TurnStarted, Flow]] = {}
"""``id(flow)`` of a canonical flow: the flow itself, and :func:`turn_started`'s answer for
the next seat clockwise (seat 0 when nobody is active), the engine's usual next turn."""


def _clear_tables() -> None:
    _INTERNED.clear()
    _TRANSITIONS.clear()
    _TURNS.clear()
    _CLOCKWISE.clear()


def turn_started(flow: Flow, player: int) -> tuple[TurnStarted, Flow]:
    """The event that begins ``player``'s turn after ``flow`` (turn ``flow.turn + 1``), and
    the flow it leads to: what the engine emits between two turns.

    Both are remembered per canonical flow and player (:func:`reduce_flow`'s tables), so
    between turns the engine builds neither an event nor a flow: the same :class:`TurnStarted`
    object stands in every log entry that starts that turn (events are values; a shared one
    is equal to a new one, and is written the same).
    """
    known = _TURNS.get(id(flow))
    if known is not None and known[0] is flow:
        hit = known[1].get(player)
        if hit is not None:
            return hit
    event = TurnStarted(player, flow.turn + 1)
    nxt = reduce_flow(flow, event)
    canonical = _INTERNED.get(flow) if nxt is _INTERNED.get(nxt) else None
    if canonical is None:
        return event, nxt  # an odd flow, not kept: nothing remembered either
    known = _TURNS.get(id(canonical))
    if known is None:
        known = _TURNS[id(canonical)] = (canonical, {})
    known[1][player] = (event, nxt)
    if player == next_seat(canonical.active, canonical.players):
        _CLOCKWISE[id(canonical)] = (canonical, event, nxt)
    return event, nxt


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
