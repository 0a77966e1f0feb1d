"""The recorder: one fold per event, and a game's own recorder kept by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from attrs import field, frozen
from attrs.validators import instance_of

from boardkit import Flow, Rng, engine
from boardkit.examples.nim import NimGame, NimState, StonesTaken, Take
from boardkit.flow import FLOW_EVENT_TYPES, FLOW_STEPS, TurnEnded, TurnStarted
from boardkit.recorder import (
    Recorder,
    fold,
    fold_event,
    record,
    record_event,
    record_turn_start,
    replace_flow,
)
from boardkit.runner.simulate import random_playout


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


# --- replacing a state's flow ---------------------------------------------------------------


@frozen
class _Slotted:
    flow: Flow
    count: int
    names: tuple[str, ...] = ()


@frozen
class _Checked:
    flow: Flow = field(validator=instance_of(Flow))
    count: int = 0


@frozen
class _Derived:
    flow: Flow
    count: int
    double: int = field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.count)


@attrs.frozen(slots=False)
class _WithDict:
    flow: Flow
    count: int


@pytest.mark.parametrize("kind", [_Slotted, _Checked, _WithDict])
def test_replacing_the_flow_is_evolve(kind: type[Any]) -> None:
    """Every kind of state class gets what attrs.evolve gives: a new object, equal fields,
    the original untouched (the slot-filling copy for a plain slotted class, a constructor or
    evolve for the others)."""
    state = kind(Flow(2), 3)
    flow = Flow(2, "main", 4, 1)
    copy = replace_flow(state, flow)
    assert copy is not state and type(copy) is kind
    assert copy == attrs.evolve(state, flow=flow)
    assert state.flow == Flow(2) and copy.flow is flow
    assert hash(copy) == hash(attrs.evolve(state, flow=flow))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.count = 5


def test_a_state_with_derived_fields_is_rebuilt_by_evolve() -> None:
    """A class with a field its constructor does not take is not copied slot by slot (evolve
    recomputes such a field), so it keeps evolve's behaviour."""
    state = _Derived(Flow(2), 3)
    copy = replace_flow(state, Flow(2, "x"))
    assert copy.double == 6 and copy == attrs.evolve(state, flow=Flow(2, "x"))


def test_fold_event_is_fold_of_one_event_flow_first() -> None:
    """A flow event updates the state's flow before the game's reducer sees it; any event goes
    through ``fold_event`` exactly as through ``fold``."""
    game = NimGame()
    match = random_playout(game, 2, seed=4)
    state = game.initial(match.config)
    for entry in match.log.entries:
        for event in entry.events:
            one = fold_event(game.reduce, state, event)
            assert one == fold(game.reduce, state, (event,))
            state = one
    assert state == match.state
    started = match.state_at(0)  # a turn under way
    ended = fold_event(game.reduce, started, TurnEnded())
    assert ended.flow.turn_over and not started.flow.turn_over
    assert ended.stones == started.stones


def test_the_engines_own_flow_events_are_recorded_as_record_records_them() -> None:
    """``record_event`` and ``record_turn_start`` append the same event and give the same state
    as ``record`` of that event, and the reducer sees the event (the counting reducer)."""
    game = CountingNim(ahead=False)
    state = fold_event(game.reduce, random_playout(NimGame(), 2, seed=4).state_at(0), TurnEnded())
    by_record: list[object] = []
    expected = record(game.reduce, state, by_record, (TurnStarted(1, state.flow.turn + 1),))
    calls = game.calls
    by_turn_start: list[object] = []
    after = record_turn_start(game.reduce, state, by_turn_start, 1)
    assert game.calls == calls + 1
    assert after == expected and by_turn_start == by_record
    assert type(by_turn_start[0]) is TurnStarted and hash(by_turn_start[0]) == hash(by_record[0])
    by_event: list[object] = []
    assert record_event(game.reduce, state, by_event, TurnEnded()) == fold(
        game.reduce, state, (TurnEnded(),)
    )
    assert by_event == [TurnEnded()]


def test_every_flow_event_class_has_its_flow_step() -> None:
    """Folding recognises a flow event by ``FLOW_STEPS``: it must name every flow event class."""
    assert set(FLOW_STEPS) == set(FLOW_EVENT_TYPES)
