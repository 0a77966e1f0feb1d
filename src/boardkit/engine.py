"""The pure core: start a game, play one action, fold events.

These functions hold no state of their own; :class:`boardkit.match.Match`, replay, verification,
bots and the conformance kit all go through them, so there is exactly one way an action turns into
events. The hook order they follow is documented in :mod:`boardkit.flow`.

The engine decides which events happen and in which order; folding them into states is
:mod:`boardkit.recorder`'s, through its public functions only. Each log entry is built the way
a :class:`~boardkit.recorder.Recorder` builds it (:func:`boardkit.recorder.record`): every
event is folded once, as it is recorded. A game hook that looked ahead in a recorder of its own
(started at the state it was given) hands that recorder back, and its state is kept as it is
(see :meth:`boardkit.game.Game.apply`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from boardkit import recorder
from boardkit.errors import (
    GameDefinitionError,
    GameOverError,
    NotStartedError,
    NotYourDecisionError,
)
from boardkit.flow import (
    GAME_ENDED,
    GameTruncated,
    PhaseStarted,
    TurnStarted,
    check_name,
    next_seat,
)
from boardkit.game import A, Game, S
from boardkit.options import Config
from boardkit.recorder import Reducer, record, record_event, record_turn_start
from boardkit.result import Result
from boardkit.rng import Rng

_MAX_HOOK_ROUNDS: Final = 10_000


def fold(game: Game[S, Any], state: S, events: Iterable[object]) -> S:
    """The state after applying ``events`` in order (flow first, then the game's reducer)."""
    return recorder.fold(game.reduce, state, events)


class _Hooks:
    """Which optional flow hooks a game class overrides: a default hook gives no event (or
    says "no", or names the usual phase or player), so the engine need not call it. Worked
    out once per class (:func:`_hooks`). A plain class, not an attrs one: compiled, its fields
    are read as C struct members, several times in every :func:`step`."""

    def __init__(self, kind: type) -> None:
        def own(name: str) -> bool:
            return getattr(kind, name) is not getattr(Game, name)

        self.setup: bool = own("setup")
        self.on_turn_end: bool = own("on_turn_end")
        self.phase_over: bool = own("phase_over")
        self.next_player: bool = own("next_player")
        self.on_turn_start: bool = own("on_turn_start")
        self.first_phase: bool = own("first_phase")
        self.first_player: bool = own("first_player")
        self.on_phase_start: bool = own("on_phase_start")
        between = ("on_turn_end", "phase_over", "next_player", "on_turn_start")
        self.plain: bool = not any(own(name) for name in between)
        """None of the hooks that run between two turns is overridden."""


def _hooks(kind: type) -> _Hooks:
    """The :class:`_Hooks` of a game class, worked out on its first game."""
    hooks = _HOOKS.get(kind)
    if hooks is None:
        hooks = _HOOKS[kind] = _Hooks(kind)
    return hooks


_HOOKS: Final[dict[type, _Hooks]] = {}
"""By game class, its :class:`_Hooks` (a class's methods are taken as fixed once it plays)."""


def _settle(game: Game[S, Any], reduce: Reducer[S], state: S, out: list[object], rng: Rng) -> S:
    """Run the turn and phase hooks until someone must decide or the game is over; every event
    goes to ``out``, and the state after them is returned.

    A hook that gives no event costs no fold (most hooks of most games give none), and a hook
    the game does not override is not called at all (the default gives nothing). ``result``
    is asked again only when a hook changed the state since it was last asked. Every event
    is recorded and folded by :mod:`boardkit.recorder`: a hook's events by
    :func:`~boardkit.recorder.record`, the engine's own one at a time
    (:func:`~boardkit.recorder.record_event`; the :class:`~boardkit.flow.TurnStarted` between
    two turns by :func:`~boardkit.recorder.record_turn_start`).
    """
    hooks = _hooks(type(game))
    result = game.result
    for _ in range(_MAX_HOOK_ROUNDS):
        flow = state.flow
        if flow.ended:
            return state
        if result(state) is not None:
            return record_event(reduce, state, out, GAME_ENDED)
        if not flow.turn_over:
            return state
        if hooks.plain:  # no hook between two turns: the next seat clockwise starts its turn
            player = next_seat(flow.active, flow.players)
        else:
            checked = state
            if hooks.on_turn_end and (events := game.on_turn_end(state, rng)):
                state = record(reduce, state, out, events)
            if hooks.phase_over and game.phase_over(state):
                if events := game.on_phase_end(state, rng):
                    state = record(reduce, state, out, events)
                nxt = game.next_phase(state)
                if nxt is None:
                    return record_event(reduce, state, out, GAME_ENDED)
                started = _phase_started(game, "next_phase", nxt)
                state = record_event(reduce, state, out, started)
                if events := game.on_phase_start(state, rng):
                    state = record(reduce, state, out, events)
            if state is not checked and result(state) is not None:
                return record_event(reduce, state, out, GAME_ENDED)
            if hooks.next_player:
                player = game.next_player(state)
            else:
                flow = state.flow
                player = next_seat(flow.active, flow.players)
        state = record_turn_start(reduce, state, out, player)
        if hooks.on_turn_start and (events := game.on_turn_start(state, rng)):
            state = record(reduce, state, out, events)
        flow = state.flow
        if flow.ended or flow.turn_over:  # a turn over at once (a forced pass): the hooks again
            continue
        # what the next round would do: ask result once more, and stop
        if result(state) is not None:
            return record_event(reduce, state, out, GAME_ENDED)
        return state
    raise GameDefinitionError(f"{game.name}: turn hooks did not settle after many rounds")


def start(game: Game[S, Any], config: Config, rng: Rng | None = None) -> tuple[S, list[object]]:
    """The state after setup, and the setup events (log entry 0).

    ``rng`` defaults to the seeded stream of entry 0; a host that drives the chance outcomes
    itself passes a :class:`boardkit.chance.ChanceRng`. Hooks the game does not override
    are not called (their defaults give no event, the phase ``"main"`` and seat 0).
    """
    if rng is None:
        rng = Rng.for_entry(config.seed, 0)
    hooks = _hooks(type(game))
    reduce = game.reduce
    out: list[object] = []
    state = game.initial(config)
    if hooks.setup:
        state = record(reduce, state, out, game.setup(state, config, rng))
    if hooks.first_phase:
        started = _phase_started(game, "first_phase", game.first_phase(state))
    else:
        started = _FIRST_PHASE_STARTED
    state = record(reduce, state, out, (started,))
    if hooks.on_phase_start:
        state = record(reduce, state, out, game.on_phase_start(state, rng))
    player = game.first_player(state) if hooks.first_player else 0
    state = record(reduce, state, out, (TurnStarted(player, 1),))  # always turn 1
    if hooks.on_turn_start:
        state = record(reduce, state, out, game.on_turn_start(state, rng))
    return _settle(game, reduce, state, out, rng), out


_FIRST_PHASE: Final = "main"
"""What the default :meth:`~boardkit.game.Game.first_phase` names."""
_FIRST_PHASE_STARTED: Final = PhaseStarted(_FIRST_PHASE)
"""The event that starts it (one shared instance: events are values)."""


def _phase_started(game: Game[Any, Any], hook: str, phase: object) -> PhaseStarted:
    """The event that starts the phase a game's ``hook`` named, once the name is checked
    (a :class:`~boardkit.errors.GameDefinitionError` naming the game, the hook and the name)."""
    return PhaseStarted(check_name(phase, f"{game.name}: Game.{hook} gave the phase"))


def step(
    game: Game[S, A],
    state: S,
    player: int | None,
    action: A,
    rng: Rng,
    cut_off: int | None = None,
) -> tuple[S, list[object]]:
    """The state after ``player`` plays ``action``, and every event it caused.

    ``cut_off`` is the match's entry cap when this entry is the last the cap allows (see
    :func:`cut_off_at`): unless the game ended by its rules, the entry then ends with
    :class:`~boardkit.flow.GameTruncated` and :class:`~boardkit.flow.GameEnded`.

    Raises an :class:`~boardkit.errors.IllegalActionError` (and changes nothing) when the game is
    over, when ``player`` does not owe the decision, or when the rules refuse the action.
    ``player=None`` means "whoever must decide now".

    The action's fields are taken to have their declared types: :meth:`Match.play
    <boardkit.match.Match.play>` and the log reader check that first
    (:func:`boardkit.action_check.check_action`), this low-level step does not. A field of the wrong
    type may fail here with a plain ``TypeError``, in the compiled build sooner than in pure
    Python (docs/performance.md).
    """
    flow = state.flow
    if flow.owed:
        who = None if flow.ended else flow.owed[0].player
    else:
        who = None if flow.ended else flow.active
    if who is None:
        raise GameOverError() if flow.ended else NotStartedError()
    if player is not None and player != who:
        raise NotYourDecisionError(player, who)
    reduce = game.reduce
    events = game.apply(state, action, rng)
    kind = type(events)
    if kind is list or kind is tuple:  # what record() does with a plain sequence
        out = list(events)
        state = recorder.fold(reduce, state, out)
    else:
        out = []
        state = record(reduce, state, out, events)
    state = _settle(game, reduce, state, out, rng)
    if cut_off is not None and not state.flow.ended:
        state = record(reduce, state, out, (GameTruncated(cut_off), GAME_ENDED))
    return state, out


def cut_off_at(config: Config, seq: int) -> int | None:
    """The cap to pass :func:`step` for log entry ``seq`` of a match set up with ``config``:
    :attr:`Config.cap <boardkit.options.Config.cap>` when entry ``seq`` is the last the cap
    allows (the cap counts the setup entry: entry ``cap - 1`` is the last), else ``None``."""
    cap = config.cap
    return cap if cap is not None and seq + 1 >= cap else None


def outcome(game: Game[S, Any], state: S) -> Result | None:
    """The outcome of ``state``: the game's :meth:`~boardkit.game.Game.result`, or for a match
    cut off at its entry cap (``state.flow.truncated``) a truncated
    :class:`~boardkit.result.Result`.

    A truncated result has no winner. Its scores are the standings when the match was cut
    off, each seat's :meth:`~boardkit.game.Game.score` rounded to a whole number, for a game
    that offers ``score``; zeros for one that does not. Every front end asks this rather than
    ``game.result`` for a match's outcome.
    """
    flow = state.flow
    if not flow.truncated:
        return game.result(state)
    if game.offers("score"):
        scores = tuple(round(game.score(state, seat)) for seat in range(flow.players))
    else:
        scores = (0,) * flow.players
    detail = f"the match reached its entry cap in turn {flow.turn}, before the game's end"
    return Result((), scores, detail, truncated=True)
