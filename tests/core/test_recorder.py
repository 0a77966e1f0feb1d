"""The recorder: one fold per event, and a game's own recorder kept by the engine."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from boardkit import Rng, engine
from boardkit.examples.nim import NimGame, NimState, StonesTaken, Take
from boardkit.flow import TurnEnded
from boardkit.recorder import Recorder, fold
from boardkit.simulate import random_playout


class CountingNim(NimGame):
    """Nim whose reducer counts its calls; ``ahead`` makes ``apply`` look ahead in a recorder."""

    def __init__(self, ahead: bool, start_elsewhere: bool = False) -> None:
        self.ahead = ahead
        self.start_elsewhere = start_elsewhere
        self.calls = 0

    def reduce(self, state: NimState, event: object) -> NimState:
        self.calls += 1
        return super().reduce(state, event)

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        if not self.ahead:
            return super().apply(state, action, rng)
        start = NimState(state.flow, state.stones, state.max_take, state.starter, state.winner)
        rec = Recorder(self.reduce, start if self.start_elsewhere else state)
        rec.emit(*super().apply(state, action, rng))
        assert rec.state.stones == state.stones - action.count  # the rule sees the fold so far
        return rec


def _events_and_calls(game: CountingNim) -> tuple[int, int]:
    match = random_playout(game, 2, seed=11)
    return sum(len(e.events) for e in match.log.entries), game.calls


@pytest.mark.parametrize("ahead", [False, True])
def test_every_event_is_folded_once_with_or_without_lookahead(ahead: bool) -> None:
    events, calls = _events_and_calls(CountingNim(ahead))
    assert calls == events


def test_a_recorder_started_elsewhere_is_folded_again_and_gives_the_same_log() -> None:
    plain = random_playout(CountingNim(False), 2, seed=11)
    game = CountingNim(True, start_elsewhere=True)
    events, calls = _events_and_calls(game)
    assert calls > events  # not trusted: folded in the rule and again by the engine
    assert random_playout(CountingNim(True, True), 2, seed=11).log == plain.log


def test_the_engine_keeps_the_recorders_state_as_it_is() -> None:
    game = NimGame()
    state, _ = engine.start(game, game.make_config(2, seed=3))
    rec = Recorder(game.reduce, state)
    rec.emit(StonesTaken(0, 1), TurnEnded())
    outer: Recorder[NimState] = Recorder(game.reduce, state)
    outer.extend(rec)
    assert outer.state is rec.state
    assert outer.events == [StonesTaken(0, 1), TurnEnded()]
    assert fold(game.reduce, state, outer) == outer.state


def test_a_recorder_is_a_sequence_of_its_events() -> None:
    game = NimGame()
    state = game.initial(game.make_config(2, seed=3))
    rec = Recorder(game.reduce, state)
    rec.emit(StonesTaken(0, 2))
    assert len(rec) == 1 and rec[0] == StonesTaken(0, 2) and list(rec) == rec.events
    assert rec.start is state and rec.state.stones == state.stones - 2
