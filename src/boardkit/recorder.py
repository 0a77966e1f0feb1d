"""Folding events: the one module where an event reaches a state.

:func:`fold` is how every event reaches a state, live, in replay and in search: a flow event
of :mod:`boardkit.flow` first updates the state's ``flow`` (its step in
:data:`boardkit.flow.FLOW_STEPS`, as :func:`boardkit.flow.reduce_flow` takes it, a pure
function, and :func:`replace_flow`), then the game's reducer sees the event.
:func:`fold_event` does it for one event; :func:`record` and a :class:`Recorder` do it while
keeping the events (:func:`record_event` and :func:`record_turn_start` for one event the
engine emits itself), which is how the engine (:mod:`boardkit.engine`) builds a log entry: the
engine decides which events happen and in what order, and hands every one of them to this
module, so the fold is written once, here, rather than in the engine: a game's look-ahead
(a :class:`Recorder`) folds the same way without importing the engine. Folding keeps no
table that grows with what it folds: what a fold costs never depends on what was folded
before (its one table holds the flow copier of each state class, which
:func:`boardkit.replacing.replacer` makes).

A game whose rules must look at the state *between* their own events (Khan: the next step of
a turn depends on what the last event changed) builds its events in a :class:`Recorder` started
at the state the engine handed it, and returns that recorder instead of a list. The engine then
takes the recorder's state as the fold of those events and does not fold them again (see
:meth:`boardkit.game.Game.apply`). Games that never look ahead just return their events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar, overload

from boardkit.flow import FLOW_STEPS, Flow, turn_started
from boardkit.replacing import replacer

S = TypeVar("S")

Reducer = Callable[[S, object], S]
"""A game's reducer: the state after one event (see :meth:`boardkit.game.Game.reduce`)."""


def replace_flow(state: S, flow: Flow) -> S:
    """``state`` with ``flow`` in place of its flow: a fast ``attrs.evolve(state, flow=flow)``
    (:func:`boardkit.replacing.replacer`, which makes it once per state class). What folding
    a flow event does before the game's reducer."""
    return replacer(type(state), "flow")(state, flow)


def fold(reduce: Reducer[S], state: S, events: Iterable[object]) -> S:
    """The state after applying ``events`` in order: for each one, its flow part first (for a
    flow event of :mod:`boardkit.flow`), then ``reduce``.

    The only place where events meet a state; :func:`fold_event`, :func:`record` and
    :class:`Recorder` use it (:func:`fold_event` writes the same steps out for one event).
    """
    flow_steps = FLOW_STEPS
    for event in events:
        flow_step = flow_steps.get(type(event))
        if flow_step is not None:
            kind = type(state)
            copy = _FLOW_COPIERS.get(kind) or _FLOW_COPIERS.setdefault(kind, replacer(kind, "flow"))
            state = copy(state, flow_step(state.flow, event))  # type: ignore[attr-defined]
        state = reduce(state, event)
    return state


_FLOW_COPIERS: Final[dict[type, Callable[..., Any]]] = {}
""":func:`replace_flow`'s copier of each state class, keyed by the class alone: what
:func:`fold` looks up per flow event, a third cheaper than :func:`replace_flow` (``replacer``
keys its own table by class and names, a tuple built per call)."""


def fold_event(reduce: Reducer[S], state: S, event: object) -> S:
    """The state after one event: :func:`fold` of ``(event,)``, without the loop."""
    flow_step = FLOW_STEPS.get(type(event))
    if flow_step is not None:
        kind = type(state)
        copy = _FLOW_COPIERS.get(kind) or _FLOW_COPIERS.setdefault(kind, replacer(kind, "flow"))
        state = copy(state, flow_step(state.flow, event))  # type: ignore[attr-defined]
    return reduce(state, event)


def record_event(reduce: Reducer[S], state: S, out: list[object], event: object) -> S:
    """Append ``event`` to ``out`` and return ``state`` with it folded (:func:`fold_event`):
    :func:`record` of one event, for the flow events the engine emits itself."""
    out.append(event)
    return fold_event(reduce, state, event)


def record_turn_start(reduce: Reducer[S], state: S, out: list[object], player: int) -> S:
    """Record the :class:`~boardkit.flow.TurnStarted` that begins ``player``'s turn after
    ``state`` (turn ``state.flow.turn + 1``) and return the state with it folded: what
    :func:`record_event` does with that event, the flow taken from
    :func:`boardkit.flow.turn_started` (the engine starts a turn after every action)."""
    event, flow = turn_started(state.flow, player)  # type: ignore[attr-defined]
    out.append(event)
    kind = type(state)
    copy = _FLOW_COPIERS.get(kind) or _FLOW_COPIERS.setdefault(kind, replacer(kind, "flow"))
    return reduce(copy(state, flow), event)


def record(reduce: Reducer[S], state: S, out: list[object], events: Iterable[object]) -> S:
    """Append ``events`` to ``out`` and return ``state`` with them folded.

    ``events`` may be a :class:`Recorder` that started at ``state`` itself and folds with
    ``reduce``: its state is then returned as it is (it is what folding its events gives).
    What :meth:`Recorder.extend` does, for callers that keep the state and the events in local
    variables (the engine's loop).
    """
    kind = type(events)
    if kind is Recorder:
        if events.start is state and events.reduce == reduce:  # type: ignore[attr-defined]
            out.extend(events.events)  # type: ignore[attr-defined]
            return events.state  # type: ignore[attr-defined, no-any-return]
    elif kind is not list and kind is not tuple:
        events = list(events)
    out.extend(events)
    return fold(reduce, state, events)


class Recorder(Sequence[object], Generic[S]):
    """Events of one log entry, each folded once, as it is emitted.

    :attr:`state` is the fold so far (it starts at :attr:`start`), :attr:`events` the events in
    order. A recorder is a sequence of its events, so a game's hook may return it where a list
    of events is expected; the engine recognizes a recorder it can trust (same reducer, started
    at the very state object the engine holds) and keeps its state instead of folding again.
    """

    __slots__ = ("events", "reduce", "start", "state")

    def __init__(self, reduce: Reducer[S], state: S) -> None:
        self.reduce = reduce
        """The reducer every event goes through (the game's :meth:`~boardkit.game.Game.reduce`)."""
        self.start = state
        """The state the recorder started from."""
        self.state = state
        """The state after every event emitted so far."""
        self.events: list[object] = []
        """The events emitted so far, in order."""

    def emit(self, *events: object) -> None:
        """Record ``events`` in order, folding each into :attr:`state` once.

        What :meth:`extend` does with a plain tuple, without its look at what it was handed
        (a game's rules emit one or two events at a time, hundreds of times a game)."""
        self.events += events
        self.state = fold(self.reduce, self.state, events)

    def extend(self, events: Iterable[object]) -> None:
        """Record and fold ``events``; a trusted recorder's state is taken as it is.

        A recorder is trusted when it started at this recorder's current state (the same
        object) and folds with the same reducer: its state is then exactly what folding its
        events here would give.
        """
        self.state = record(self.reduce, self.state, self.events, events)

    # --- a sequence of its events ---------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.events)

    @overload
    def __getitem__(self, index: int) -> object: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[object]: ...
    def __getitem__(self, index: int | slice) -> object | Sequence[object]:
        return self.events[index]

    def __iter__(self) -> Iterator[object]:
        return iter(self.events)

    def __repr__(self) -> str:
        return f"Recorder({self.events!r})"
