"""The clock arithmetic (boardkit.server.clocks), driven by an injected time: no sleeping."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit.server.clocks import (
    DAY,
    Clocks,
    TimeControl,
    parse_clock,
    read_time_control,
)
from boardkit.server.errors import ProtocolError


def realtime(bank: float = 60.0, increment: float = 5.0, policy: str = "bot") -> Clocks:
    return Clocks(TimeControl("realtime", bank, increment, policy), 2)


def test_only_the_running_seat_spends_time() -> None:
    clocks = realtime()
    clocks.switch(0, 100.0, moved=False)
    assert clocks.left(0, 110.0) == 50.0
    assert clocks.left(1, 110.0) == 60.0
    assert clocks.deadline() == 160.0


def test_a_move_charges_the_time_spent_and_adds_the_increment() -> None:
    clocks = realtime()
    clocks.switch(0, 100.0, moved=False)
    clocks.switch(1, 112.0, moved=True)
    assert clocks.remaining == [53.0, 60.0]
    assert clocks.deadline() == 172.0
    clocks.switch(None, 130.0, moved=False)  # the seat lost the turn: no increment
    assert clocks.remaining == [53.0, 42.0]
    assert clocks.deadline() is None and clocks.expired(10**9) is None


def test_the_running_seat_expires_at_its_deadline_and_not_before() -> None:
    clocks = realtime(bank=10, increment=0)
    clocks.switch(1, 0.0, moved=False)
    assert clocks.expired(9.999) is None
    assert clocks.expired(10.0) == 1
    assert clocks.left(1, 25.0) == 0.0


def test_correspondence_gives_each_decision_the_full_period() -> None:
    clocks = Clocks(parse_clock({"kind": "correspondence", "days": 2}), 2)
    clocks.switch(0, 0.0, moved=False)
    clocks.switch(0, 1.5 * DAY, moved=True)  # the same seat decides again
    assert clocks.deadline() == 3.5 * DAY
    clocks.switch(1, 2 * DAY, moved=True)
    assert clocks.expired(4 * DAY - 1) is None
    assert clocks.expired(4 * DAY) == 1


def test_a_returning_seat_gets_at_least_its_grace() -> None:
    clocks = realtime(bank=100, increment=2)
    clocks.switch(0, 0.0, moved=False)
    clocks.switch(None, 200.0, moved=False)
    assert clocks.remaining[0] == 0.0
    clocks.returned(0)
    assert clocks.remaining[0] == 10.0
    clocks.returned(1)
    assert clocks.remaining[1] == 100.0


def test_the_page_sees_left_running_and_deadline() -> None:
    clocks = realtime()
    clocks.switch(1, 50.0, moved=False)
    shown = clocks.to_json(55.0)
    assert shown == {
        "kind": "realtime",
        "on_timeout": "bot",
        "bank": 60.0,
        "increment": 5.0,
        "left": [60.0, 55.0],
        "running": 1,
        "deadline": 110.0,
    }


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "realtime", "bank": 300, "increment": 5, "on_timeout": "bot"},
        {"kind": "realtime", "bank": 2.5},
        {"kind": "correspondence", "days": 3, "on_timeout": "forfeit"},
        {"kind": "correspondence", "days": 0.5},
    ],
)
def test_a_control_survives_its_text(data: dict[str, object]) -> None:
    control = parse_clock(data)
    assert read_time_control(control.text()) == control


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "JSON object"),
        ({"kind": "blitz"}, "kind is realtime or correspondence"),
        ({"kind": "realtime"}, "bank"),
        ({"kind": "realtime", "bank": True}, "bank"),
        ({"kind": "realtime", "bank": 0}, "from 1"),
        ({"kind": "realtime", "bank": float("nan")}, "number"),
        ({"kind": "realtime", "bank": 9, "increment": -1}, "increment"),
        ({"kind": "realtime", "bank": 9, "days": 1}, "unknown field 'days'"),
        ({"kind": "correspondence", "days": 61}, "days"),
        ({"kind": "correspondence", "days": 1, "on_timeout": "resign"}, "on_timeout"),
    ],
)
def test_bad_clocks_are_refused_with_the_field_named(data: object, words: str) -> None:
    with pytest.raises(ProtocolError, match=words) as caught:
        parse_clock(data)
    assert caught.value.code == "bad_clock"


@pytest.mark.parametrize("text", ["", "realtime 5 bot", "correspondence 3 bot", "realtime 5+1"])
def test_text_that_is_no_control_is_refused(text: str) -> None:
    with pytest.raises(ProtocolError, match="not a time control"):
        read_time_control(text)


@given(
    st.lists(st.tuples(st.sampled_from([0, 1, None]), st.floats(0, 50), st.booleans()), max_size=20)
)
def test_time_is_conserved(steps: list[tuple[int | None, float, bool]]) -> None:
    """Whatever the order of decisions, the time left plus the time spent is the banks plus
    the increments earned, and no seat's time goes below zero."""
    clocks = realtime(bank=100, increment=3)
    now, earned = 0.0, 0.0
    spent = [0.0, 0.0]
    for seat, wait, moved in steps:
        ran = clocks.running
        if ran is not None:
            spent[ran] += min(wait, clocks.left(ran, now))
        now += wait
        if ran is not None and moved:
            earned += 3
        clocks.switch(seat, now, moved=moved)
        assert min(clocks.remaining) >= 0
    assert sum(clocks.remaining) + sum(spent) == pytest.approx(200 + earned)


def test_a_correspondence_seat_told_again_keeps_its_deadline() -> None:
    clocks = Clocks(parse_clock({"kind": "correspondence", "days": 1}), 2)
    clocks.switch(0, 0.0, moved=False)
    clocks.switch(0, 0.5 * DAY, moved=False)
    assert clocks.deadline() == DAY


def test_a_state_restores_the_clocks_and_a_copy_is_independent() -> None:
    clocks = realtime(bank=60.0, increment=5.0)
    clocks.switch(0, 100.0, moved=False)
    clocks.switch(1, 110.0, moved=True)  # seat 0: 60 - 10 + 5
    twin = clocks.copy()
    twin.switch(0, 130.0, moved=True)
    assert clocks.running == 1 and clocks.remaining == [55.0, 60.0]  # the copy moved alone
    again = realtime(bank=60.0, increment=5.0)
    assert again.restore(clocks.state())
    assert (again.remaining, again.running, again.since) == ([55.0, 60.0], 1, 110.0)
    assert again.deadline() == clocks.deadline() == 170.0
    for damaged in (
        None,
        {"remaining": [1.0], "running": None, "since": 0.0},  # one seat of two
        {"remaining": [1.0, -2.0], "running": None, "since": 0.0},
        {"remaining": [1.0, 2.0], "running": 2, "since": 0.0},
        {"remaining": [1.0, 2.0], "running": None, "since": "noon"},
        {"remaining": [1.0, 2.0], "running": True, "since": 0.0},
    ):
        assert not again.restore(damaged)
    assert again.remaining == [55.0, 60.0]  # a damaged state changes nothing
