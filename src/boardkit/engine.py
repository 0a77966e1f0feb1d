"""The pure core: start a game, play one action, fold events.

These functions hold no state of their own; :class:`boardkit.match.Match`, replay, verification,
bots and the conformance kit all go through them, so there is exactly one way an action turns into
events. The hook order they follow is documented in :mod:`boardkit.flow`.

Each log entry is built in one :class:`~boardkit.recorder.Recorder`: every event is folded once,
as it is recorded. A game hook that looked ahead in a recorder of its own (started at the state
it was given) hands that recorder back, and its state is kept as it is (see
:meth:`boardkit.game.Game.apply`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardkit import recorder
from boardkit.errors import GameDefinitionError, GameOverError, NotYourDecisionError
from boardkit.flow import GAME_ENDED, PhaseStarted, TurnStarted, decider
from boardkit.game import Game
from boardkit.options import Config
from boardkit.recorder import Recorder
from boardkit.rng import Rng

_MAX_HOOK_ROUNDS = 10_000


def fold(game: Game[Any, Any], state: Any, events: Iterable[object]) -> Any:
    """The state after applying ``events`` in order (flow first, then the game's reducer)."""
    return recorder.fold(game.reduce, state, events)


def _settle(game: Game[Any, Any], rec: Recorder[Any], rng: Rng) -> None:
    """Run the turn and phase hooks until someone must decide or the game is over.

    A hook that gives no event costs no fold (most hooks of most games give none).
    """
    for _ in range(_MAX_HOOK_ROUNDS):
        flow = rec.state.flow
        if flow.ended:
            return
        if game.result(rec.state) is not None:
            rec.emit(GAME_ENDED)
            return
        if not flow.turn_over:
            return
        if events := game.on_turn_end(rec.state, rng):
            rec.extend(events)
        if game.phase_over(rec.state):
            if events := game.on_phase_end(rec.state, rng):
                rec.extend(events)
            nxt = game.next_phase(rec.state)
            if nxt is None:
                rec.emit(GAME_ENDED)
                return
            rec.emit(PhaseStarted(nxt))
            if events := game.on_phase_start(rec.state, rng):
                rec.extend(events)
        if game.result(rec.state) is not None:
            rec.emit(GAME_ENDED)
            return
        player = game.next_player(rec.state)
        rec.emit(TurnStarted(player, rec.state.flow.turn + 1))
        if events := game.on_turn_start(rec.state, rng):
            rec.extend(events)
    raise GameDefinitionError(f"{game.name}: turn hooks did not settle after many rounds")


def start(game: Game[Any, Any], config: Config) -> tuple[Any, list[object]]:
    """The state after setup, and the setup events (log entry 0)."""
    rng = Rng.for_entry(config.seed, 0)
    rec: Recorder[Any] = Recorder(game.reduce, game.initial(config))
    rec.extend(game.setup(rec.state, config, rng))
    rec.emit(PhaseStarted(game.first_phase(rec.state)))
    rec.extend(game.on_phase_start(rec.state, rng))
    rec.emit(TurnStarted(game.first_player(rec.state), 1))
    rec.extend(game.on_turn_start(rec.state, rng))
    _settle(game, rec, rng)
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
    rec: Recorder[Any] = Recorder(game.reduce, state)
    rec.extend(game.apply(state, action, rng))
    _settle(game, rec, rng)
    return rec.state, rec.events
