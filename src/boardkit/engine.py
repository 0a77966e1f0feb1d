"""The pure core: start a game, play one action, fold events.

These functions hold no state of their own; :class:`boardkit.match.Match`, replay, verification,
bots and the conformance kit all go through them, so there is exactly one way an action turns into
events. The hook order they follow is documented in :mod:`boardkit.flow`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
from attrs import evolve

from boardkit.errors import GameDefinitionError, GameOverError, NotYourDecisionError
from boardkit.flow import (
    FLOW_EVENT_TYPES,
    Flow,
    GameEnded,
    PhaseStarted,
    TurnStarted,
    decider,
    reduce_flow,
)
from boardkit.game import Game
from boardkit.options import Config
from boardkit.rng import Rng

_FLOW_TYPES = frozenset(FLOW_EVENT_TYPES)
_MAX_HOOK_ROUNDS = 10_000


_Replacer = Callable[[Any, Flow], Any]
_REPLACERS: dict[type, _Replacer] = {}


def _flow_replacer(cls: type) -> _Replacer:
    """A fast ``evolve(state, flow=...)`` for one state class (a generated constructor call)."""
    replacer = _REPLACERS.get(cls)
    if replacer is not None:
        return replacer
    fields = attrs.fields(cls)
    if all(f.init and f.alias == f.name for f in fields) and any(f.name == "flow" for f in fields):
        args = ", ".join("flow" if f.name == "flow" else f"state.{f.name}" for f in fields)
        namespace: dict[str, Any] = {"cls": cls}
        exec(f"def replace(state, flow):\n    return cls({args})\n", namespace)
        replacer = namespace["replace"]
    else:

        def replacer(state: Any, flow: Flow) -> Any:
            return evolve(state, flow=flow)

    _REPLACERS[cls] = replacer
    return replacer


def fold(game: Game[Any, Any], state: Any, events: Iterable[object]) -> Any:
    """The state after applying ``events`` in order (flow first, then the game's reducer)."""
    reduce = game.reduce
    for event in events:
        if type(event) in _FLOW_TYPES:
            state = _flow_replacer(type(state))(state, reduce_flow(state.flow, event))
        state = reduce(state, event)
    return state


class _Recorder:
    """Folds events into a state while keeping them, for one log entry."""

    __slots__ = ("events", "game", "state")

    def __init__(self, game: Game[Any, Any], state: Any) -> None:
        self.game = game
        self.state = state
        self.events: list[object] = []

    def add(self, events: Iterable[object]) -> None:
        reduce, state, record = self.game.reduce, self.state, self.events.append
        for event in events:
            record(event)
            if type(event) in _FLOW_TYPES:
                state = _flow_replacer(type(state))(state, reduce_flow(state.flow, event))
            state = reduce(state, event)
        self.state = state


def _settle(rec: _Recorder, rng: Rng) -> None:
    """Run the turn and phase hooks until someone must decide or the game is over."""
    game = rec.game
    for _ in range(_MAX_HOOK_ROUNDS):
        flow = rec.state.flow
        if flow.ended:
            return
        if game.result(rec.state) is not None:
            rec.add((GameEnded(),))
            return
        if not flow.turn_over:
            return
        rec.add(game.on_turn_end(rec.state, rng))
        if game.phase_over(rec.state):
            rec.add(game.on_phase_end(rec.state, rng))
            nxt = game.next_phase(rec.state)
            if nxt is None:
                rec.add((GameEnded(),))
                return
            rec.add((PhaseStarted(nxt),))
            rec.add(game.on_phase_start(rec.state, rng))
        if game.result(rec.state) is not None:
            rec.add((GameEnded(),))
            return
        player = game.next_player(rec.state)
        rec.add((TurnStarted(player, rec.state.flow.turn + 1),))
        rec.add(game.on_turn_start(rec.state, rng))
    raise GameDefinitionError(f"{game.name}: turn hooks did not settle after many rounds")


def start(game: Game[Any, Any], config: Config, rng: Rng | None = None) -> tuple[Any, list[object]]:
    """The state after setup, and the setup events (log entry 0).

    ``rng`` defaults to the seeded stream of entry 0; a host that drives the chance outcomes
    itself passes a :class:`boardkit.chance.ChanceRng`.
    """
    if rng is None:
        rng = Rng.for_entry(config.seed, 0)
    rec = _Recorder(game, game.initial(config))
    rec.add(game.setup(rec.state, config, rng))
    rec.add((PhaseStarted(game.first_phase(rec.state)),))
    rec.add(game.on_phase_start(rec.state, rng))
    rec.add((TurnStarted(game.first_player(rec.state), 1),))
    rec.add(game.on_turn_start(rec.state, rng))
    _settle(rec, rng)
    return rec.state, rec.events


def step(
    game: Game[Any, Any], state: Any, player: int | None, action: object, rng: Rng
) -> tuple[Any, list[object]]:
    """The state after ``player`` plays ``action``, and every event it caused.

    Raises an :class:`~boardkit.errors.IllegalActionError` (and changes nothing) when the game is
    over, when ``player`` does not owe the decision, or when the rules refuse the action.
    ``player=None`` means "whoever must decide now".
    """
    who = decider(state.flow)
    if who is None:
        raise GameOverError()
    if player is not None and player != who:
        raise NotYourDecisionError(player, who)
    rec = _Recorder(game, state)
    rec.add(game.apply(state, action, rng))
    _settle(rec, rng)
    return rec.state, rec.events
