"""The pure core: start a game, play one action, fold events.

These functions hold no state of their own; :class:`boardkit.match.Match`, replay, verification,
bots and the conformance kit all go through them, so there is exactly one way an action turns into
events. The hook order they follow is documented in :mod:`boardkit.flow`.

Each log entry is built the way a :class:`~boardkit.recorder.Recorder` builds it
(:func:`boardkit.recorder.record`): every event is folded once, as it is recorded. A game hook
that looked ahead in a recorder of its own (started at the state it was given) hands that
recorder back, and its state is kept as it is (see :meth:`boardkit.game.Game.apply`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from attrs import frozen

from boardkit import recorder
from boardkit.errors import GameDefinitionError, GameOverError, NotYourDecisionError
from boardkit.flow import GAME_ENDED, PhaseStarted, TurnStarted, decider
from boardkit.game import A, Game, S
from boardkit.options import Config
from boardkit.recorder import Reducer, fold_one, record
from boardkit.rng import Rng

_MAX_HOOK_ROUNDS = 10_000


def fold(game: Game[S, Any], state: S, events: Iterable[object]) -> S:
    """The state after applying ``events`` in order (flow first, then the game's reducer)."""
    return recorder.fold(game.reduce, state, events)


@frozen
class _Hooks:
    """Which optional flow hooks a game class overrides: a default hook gives no event (or
    says "no"), so the engine need not call it. Worked out once per class."""

    on_turn_end: bool
    phase_over: bool
    next_player: bool
    on_turn_start: bool


@cache
def _hooks(kind: type) -> _Hooks:
    def own(name: str) -> bool:
        return getattr(kind, name) is not getattr(Game, name)

    return _Hooks(own("on_turn_end"), own("phase_over"), own("next_player"), own("on_turn_start"))


def _settle(game: Game[S, Any], reduce: Reducer[S], state: S, out: list[object], rng: Rng) -> S:
    """Run the turn and phase hooks until someone must decide or the game is over; every event
    goes to ``out``, and the state after them is returned.

    A hook that gives no event costs no fold (most hooks of most games give none), and a hook
    the game does not override is not called at all (the default gives nothing). ``result``
    is asked again only when a hook changed the state since it was last asked.
    """
    hooks = _hooks(type(game))
    result = game.result
    for _ in range(_MAX_HOOK_ROUNDS):
        flow = state.flow
        if flow.ended:
            return state
        if result(state) is not None:
            return record(reduce, state, out, (GAME_ENDED,))
        if not flow.turn_over:
            return state
        checked = state
        if hooks.on_turn_end and (events := game.on_turn_end(state, rng)):
            state = record(reduce, state, out, events)
        if hooks.phase_over and game.phase_over(state):
            if events := game.on_phase_end(state, rng):
                state = record(reduce, state, out, events)
            nxt = game.next_phase(state)
            if nxt is None:
                return record(reduce, state, out, (GAME_ENDED,))
            state = record(reduce, state, out, (PhaseStarted(nxt),))
            if events := game.on_phase_start(state, rng):
                state = record(reduce, state, out, events)
        if state is not checked and result(state) is not None:
            return record(reduce, state, out, (GAME_ENDED,))
        flow = state.flow
        if hooks.next_player:
            player = game.next_player(state)
        else:
            player = 0 if flow.active is None else (flow.active + 1) % flow.players
        turn = TurnStarted(player, flow.turn + 1)
        out.append(turn)
        state = fold_one(reduce, state, turn)
        if hooks.on_turn_start and (events := game.on_turn_start(state, rng)):
            state = record(reduce, state, out, events)
    raise GameDefinitionError(f"{game.name}: turn hooks did not settle after many rounds")


def start(game: Game[S, Any], config: Config, rng: Rng | None = None) -> tuple[S, list[object]]:
    """The state after setup, and the setup events (log entry 0).

    ``rng`` defaults to the seeded stream of entry 0; a host that drives the chance outcomes
    itself passes a :class:`boardkit.chance.ChanceRng`.
    """
    if rng is None:
        rng = Rng.for_entry(config.seed, 0)
    reduce = game.reduce
    out: list[object] = []
    state = game.initial(config)
    state = record(reduce, state, out, game.setup(state, config, rng))
    state = record(reduce, state, out, (PhaseStarted(game.first_phase(state)),))
    state = record(reduce, state, out, game.on_phase_start(state, rng))
    state = record(reduce, state, out, (TurnStarted(game.first_player(state), 1),))
    state = record(reduce, state, out, game.on_turn_start(state, rng))
    return _settle(game, reduce, state, out, rng), out


def step(
    game: Game[S, A], state: S, player: int | None, action: A, rng: Rng
) -> tuple[S, list[object]]:
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
    reduce = game.reduce
    out: list[object] = []
    state = record(reduce, state, out, game.apply(state, action, rng))
    return _settle(game, reduce, state, out, rng), out
