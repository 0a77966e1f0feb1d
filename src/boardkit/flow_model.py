"""The flow as data: the :class:`Flow` every game state carries, owed decisions, the flow
events and the names they use (attrs classes, always pure Python).

:mod:`boardkit.flow` is where games and front ends find all of it, beside the functions that
fold the flow events (:func:`boardkit.flow.reduce_flow`, the turn the engine starts between two
turns). The two live apart because those functions are compiled in the optional compiled build
(docs/performance.md) while these classes stay pure: cattrs reads their fields' types,
:class:`TurnEnded` and :class:`GameEnded` share one instance each through a ``__new__``, and a
compiled module may hold no attrs class.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final, Protocol, Self, get_args

from attrs import Attribute, field, frozen

from boardkit.errors import GameDefinitionError

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


def asked_out_of_turn(flow: Flow, simultaneous: frozenset[str] = frozenset()) -> bool:
    """Whether the decision owed now is put to someone outside his own turn, an answer the
    active player waits for (Khan's consent: "bob must answer"), rather than the decider's own
    move or one of the decisions every player owes at once: the kinds in ``simultaneous``,
    a game's :attr:`~boardkit.game.Game.simultaneous_decisions` (Goofspiel's sealed bids)."""
    if flow.ended or not flow.owed:
        return False
    owed = flow.owed[0]
    return owed.player != flow.active and owed.kind not in simultaneous
