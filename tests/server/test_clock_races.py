"""issue 24, scale-out: a move and a timeout of the same seat, decided by two server processes on
one database at nearly the same moment. Exactly one of them is stored; the other is refused
(the move with ``out_of_time``, the timeout in silence), and nothing acknowledged is lost.

Each test holds one process at the moment it writes (or keeps its copy of the match stale) while
the other stores the competing change, so the race is played out the same way every time; with
SQLite the two services share one database file, with PostgreSQL they also hear each other's
notices.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.flow import decider
from boardkit.log.seating import FORFEIT, HUMAN, LEFT, RETURNED, TIMEOUT
from boardkit.server import create_app
from boardkit.server.errors import OutOfTimeError, ProtocolError
from boardkit.server.live import LiveMatch
from boardkit.server.service import MatchService
from boardkit.server.storage import FINISHED, RUNNING
from tests.server.helpers import FAST, create, join
from tests.server.test_storage_contract import Factory, factory, run
from tests.server.wsclient import Seat

__all__ = ["factory"]  # the fixture, shared with the contract suite

TWO: list[dict[str, Any]] = [{"human": True}, {"human": True}]


def _clock(on_timeout: str) -> dict[str, Any]:
    return {"kind": "realtime", "bank": 100, "increment": 5, "on_timeout": on_timeout}


def _service(factory: Factory, now: list[float], monkeypatch: pytest.MonkeyPatch) -> MatchService:
    service = MatchService(
        factory(), think_ms=0, gc_sweep_every=None, unload_after=None, now=lambda: now[0]
    )
    # No bot moves: the entries stand still while a test looks at them.
    monkeypatch.setattr(service.bot_desk, "start_bot", lambda live: None)
    return service


async def _table(
    factory: Factory,
    monkeypatch: pytest.MonkeyPatch,
    on_timeout: str,
    now: list[float],
    now_two: list[float] | None = None,
) -> tuple[MatchService, MatchService, LiveMatch, LiveMatch]:
    """Two processes (with the clock ``now``; process two with ``now_two`` if given), a nim
    match with a 100 s real-time clock started at second 1000 by ann's and bob's joins in
    process one, loaded in both."""
    one = _service(factory, now, monkeypatch)
    two = _service(factory, now if now_two is None else now_two, monkeypatch)
    await one.start()
    await two.start()
    live = await one.create("nim", TWO, options={"stones": 15}, clock=_clock(on_timeout))
    for name in ("ann", "bob"):
        await one.join(live.id, None, name)
    there = await two.live(live.id)
    await two.refresh(live.id)
    return one, two, live, there


def _decider(live: LiveMatch) -> int:
    seat = decider(live.states[-1].flow)
    assert seat is not None
    return seat


def _held_at_write(service: MatchService) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold ``service``'s next append until the second event is set; the first is set when it
    got there (the move was checked, and is about to be stored)."""
    reached, release = asyncio.Event(), asyncio.Event()
    write = service.storage.append_entry

    async def held(*args: Any, **kwargs: Any) -> None:
        reached.set()
        await release.wait()
        await write(*args, **kwargs)

    service.storage.append_entry = held  # type: ignore[method-assign]
    return reached, release


def _held_at_header_write(service: MatchService) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold ``service``'s next header write (a seat change) until the second event is set; the
    first is set when it got there (the change was decided on the header just read). Later
    writes pass at once."""
    reached, release = asyncio.Event(), asyncio.Event()
    write = service.storage.update_header

    async def held(*args: Any, **kwargs: Any) -> bool:
        if not reached.is_set():
            reached.set()
            await release.wait()
        return await write(*args, **kwargs)

    service.storage.update_header = held  # type: ignore[method-assign]
    return reached, release


async def _stored(service: MatchService, match_id: str) -> tuple[int, str, list[Any]]:
    record = await service.storage.get_match(match_id)
    assert record is not None
    changes = json.loads(record.header).get("seat_changes", [])
    return record.length, record.status, [(c["seat"], c["holder"], c["reason"]) for c in changes]


async def _caught_up(service: MatchService, live: LiveMatch, length: int) -> None:
    """Process ``service`` holds ``length`` entries of ``live``: by the notice (PostgreSQL), or
    by reading the database (SQLite, which has no notices)."""
    if not service.storage.shared:
        await service.refresh(live.id)
    for _ in range(500):
        if live.length == length:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not within 5 s: {length} entries, {live.length} held")


async def _move_refused_by_a_timeout(
    factory: Factory, monkeypatch: pytest.MonkeyPatch, on_timeout: str
) -> tuple[ProtocolError, tuple[int, str, list[Any]], LiveMatch, int]:
    """Process one checks the seat's move at second 1099 and is held at its write; process two
    then (second 1101) finds the seat out of time and stores the timeout; one writes. The
    refusal, what is stored, one's copy and the seat."""
    now_one, now_two = [1000.0], [1000.0]
    one, two, live, _ = await _table(factory, monkeypatch, on_timeout, now_one, now_two)
    slow = _decider(live)
    reached, release = _held_at_write(one)
    now_one[0] = 1099.0  # one second left: the move is in time where it is checked
    move = asyncio.ensure_future(one.act(live.id, slow, live.length - 1, 0))
    await asyncio.wait_for(reached.wait(), 5)
    now_two[0] = 1101.0  # process two's timer: the bank is spent
    await two.check_clock(live.id)
    release.set()
    with pytest.raises(ProtocolError) as refused:
        await asyncio.wait_for(move, 10)
    stored = await _stored(one, live.id)
    await one.stop()
    await two.stop()
    return refused.value, stored, live, slow


def test_a_move_stored_after_another_process_put_a_bot_in_the_seat_is_refused(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def go() -> None:
        refusal, stored, live, slow = await _move_refused_by_a_timeout(factory, monkeypatch, "bot")
        assert isinstance(refusal, OutOfTimeError) and refusal.code == "out_of_time"
        bot = live.stand_in(slow)
        assert bot is not None
        assert str(refusal) == (
            f"your time ran out before your move was stored: the {bot.split(':')[0]} bot "
            "plays this seat now; take it back to play on"
        )
        # the timeout another process stored (and told its clients of) is kept; the move is not
        assert stored == (1, RUNNING, [(slow, bot, TIMEOUT)])
        assert live.length == 1 and [(c.seat, c.reason) for c in live.changes] == [(slow, TIMEOUT)]
        assert live.clocks is not None and live.clocks.running is None  # a bot decides now

    run(go())


def test_a_move_stored_after_another_process_forfeited_the_seat_is_refused(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def go() -> None:
        refusal, stored, live, slow = await _move_refused_by_a_timeout(
            factory, monkeypatch, "forfeit"
        )
        assert isinstance(refusal, OutOfTimeError)
        assert str(refusal) == (
            "your time ran out before your move was stored: you forfeit, and the game is over"
        )
        assert stored == (1, FINISHED, [(slow, FORFEIT, TIMEOUT)])  # still over, nothing added
        assert live.status == FINISHED and live.length == 1
        assert live.forfeit is not None and live.forfeit.seat == slow

    run(go())


def test_a_timeout_is_not_applied_on_a_copy_a_stored_move_left_behind(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reverse race: process one stores the seat's move at second 1099; process two, which
    has not replayed it yet, looks at its clock at second 1101. Its copy says the seat is out
    of time, but the database holds the move: no timeout is stored, and two catches up."""

    async def go() -> None:
        now = [1000.0]
        one, two, live, there = await _table(factory, monkeypatch, "forfeit", now)
        mover = _decider(live)
        async with there.lock:  # two's copy cannot hear of the move meanwhile
            now[0] = 1099.0
            await one.act(live.id, mover, live.length - 1, 0)
            now[0] = 1101.0
            assert there.length == 1 and there.clocks is not None
            assert there.clocks.expired(1101.0) == mover  # what the stale copy believes
            assert await two.seats.expire_locked(there) is None
        assert await _stored(one, live.id) == (2, RUNNING, [])  # the move, and no forfeit
        await _caught_up(two, there, 2)
        assert there.status == RUNNING and there.changes == ()
        for held in (live, there):
            assert held.clocks is not None and held.clocks.running == 1 - mover
            assert held.clocks.deadline() == pytest.approx(1199.0)
        await one.stop()
        await two.stop()

    run(go())


def test_a_move_is_stored_over_a_seat_change_of_another_seat_and_keeps_it(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While process one writes ann's move, bob leaves through process two: the move is stored
    anyway (its checks still hold), and bob's leaving is kept in the stored header beside it."""

    async def go() -> None:
        now = [1000.0]
        one, two, live, _ = await _table(factory, monkeypatch, "bot", now)
        mover = _decider(live)
        other = 1 - mover
        reached, release = _held_at_write(one)
        now[0] = 1010.0
        move = asyncio.ensure_future(one.act(live.id, mover, live.length - 1, 0))
        await asyncio.wait_for(reached.wait(), 5)
        await two.leave(live.id, other)
        release.set()
        await asyncio.wait_for(move, 10)
        length, status, changes = await _stored(one, live.id)
        bot = one.seats.takeover(live)
        assert (length, status, changes) == (2, RUNNING, [(other, bot, LEFT)])
        assert live.length == 2 and live.stand_in(other) == bot
        assert live.clocks is not None and live.clocks.running is None  # the bot decides
        assert live.clocks.left(mover, 1010.0) == pytest.approx(95.0)  # 10 s spent, 5 added
        await one.stop()
        await two.stop()

    run(go())


def test_a_move_after_the_deadline_is_refused_and_the_timeout_applied_at_once(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One process, the seat's time up by its clock before its timer fired: the move is
    refused (it never wins over the deadline), and the policy is applied by the refusal."""

    async def go() -> None:
        now = [1000.0]
        one, two, live, _ = await _table(factory, monkeypatch, "bot", now)
        slow = _decider(live)
        now[0] = 1100.5
        with pytest.raises(OutOfTimeError, match="ran out before your move was stored"):
            await one.act(live.id, slow, live.length - 1, 0)
        bot = one.seats.takeover(live)
        assert await _stored(one, live.id) == (1, RUNNING, [(slow, bot, TIMEOUT)])
        assert live.length == 1 and live.stand_in(slow) == bot
        await one.stop()
        await two.stop()

    run(go())


def test_the_late_player_gets_out_of_time_and_then_the_board_as_it_is(tmp_path: Path) -> None:
    """Through the app: the refusal is an ``out_of_time`` error frame that names the problem,
    followed by a full ``state`` in which the takeover bot holds the seat."""
    app = create_app(data_dir=tmp_path, think_ms=60_000, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        clock = _clock("bot")
        match_id = create(client, "nim", TWO, options={"stones": 15}, clock=clock)
        tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        slow = seats[0].state["to_decide"]
        service = app.state.service
        service.now = lambda: time.time() + 101.0  # the bank is spent; the timer sleeps on
        error = seats[slow].error({"type": "act", "seq": seats[slow].state["seq"], "index": 0})
        assert error["code"] == "out_of_time"
        assert error["message"].startswith("your time ran out before your move was stored: the ")
        state = seats[slow].expect("state")
        assert state["full"] and state["seq"] == 0
        assert state["seats"][slow]["stand_in"] is not None
        for seat in seats.values():
            seat.close()


async def _seat_change_against_a_timeout(
    factory: Factory,
    monkeypatch: pytest.MonkeyPatch,
    on_timeout: str,
    change: str,
    who: str,
    left_first: bool = False,
) -> tuple[BaseException | None, tuple[int, str, list[Any]], LiveMatch, int, int]:
    """Process one decides a seat change (``change``: "leave" or "come_back") of the seat
    ``who`` names ("slow": the seat whose clock runs; "other": the other one) at second 1050
    and is held at its header write; process two then (second 1101) finds the running seat out
    of time and stores the timeout; one writes. With ``left_first``, the other seat left
    (through one) before. What one's change raised (``None``: it was stored), what is stored,
    one's copy, the slow seat and the other."""
    now_one, now_two = [1000.0], [1000.0]
    one, two, live, _ = await _table(factory, monkeypatch, on_timeout, now_one, now_two)
    slow = _decider(live)
    other = 1 - slow
    if left_first:
        await one.leave(live.id, other)
    reached, release = _held_at_header_write(one)
    now_one[0] = 1050.0
    seat = slow if who == "slow" else other
    task = asyncio.ensure_future(getattr(one, change)(live.id, seat))
    await asyncio.wait_for(reached.wait(), 5)
    now_two[0] = 1101.0  # process two's timer: the slow seat's bank is spent
    await two.check_clock(live.id)
    release.set()
    raised: BaseException | None = None
    try:
        await asyncio.wait_for(task, 10)
    except ProtocolError as exc:
        raised = exc
    stored = await _stored(one, live.id)
    await one.stop()
    await two.stop()
    return raised, stored, live, slow, other


def test_a_leave_decided_before_another_process_stored_a_timeout_keeps_the_timeout(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other seat's player leaves through process one while process two stores the slow
    seat's timeout: one's write finds the header changed, catches up and leaves on the match
    as stored, so both changes are kept."""

    async def go() -> None:
        raised, stored, live, slow, other = await _seat_change_against_a_timeout(
            factory, monkeypatch, "bot", "leave", "other"
        )
        assert raised is None
        bot = live.stand_in(other)
        assert bot is not None and live.stand_in(slow) == bot
        assert stored == (1, RUNNING, [(slow, bot, TIMEOUT), (other, bot, LEFT)])
        assert [(c.seat, c.reason) for c in live.changes] == [(slow, TIMEOUT), (other, LEFT)]

    run(go())


def test_a_leave_decided_before_another_process_stored_a_forfeit_is_refused(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Process two stores the slow seat's forfeit (the match ends) while the other seat's leave
    is being written through process one: the leave is refused with ``not_running`` naming
    the forfeit, and the finished match stays as two stored it."""

    async def go() -> None:
        raised, stored, live, slow, _ = await _seat_change_against_a_timeout(
            factory, monkeypatch, "forfeit", "leave", "other"
        )
        assert isinstance(raised, ProtocolError) and raised.code == "not_running"
        assert str(raised) == (
            f"the match is over: seat {slow + 1} forfeited when its time ran out"
        )
        assert stored == (1, FINISHED, [(slow, FORFEIT, TIMEOUT)])
        assert live.status == FINISHED
        assert live.forfeit is not None and live.forfeit.seat == slow

    run(go())


def test_leaving_a_seat_another_process_timed_out_meanwhile_is_refused(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slow seat's player leaves through process one as process two puts the takeover bot
    in that seat for its timeout: the timeout is kept (not overwritten by a leave), and the
    leave is refused with ``away``, saying why a bot holds the seat."""

    async def go() -> None:
        raised, stored, live, slow, _ = await _seat_change_against_a_timeout(
            factory, monkeypatch, "bot", "leave", "slow"
        )
        assert isinstance(raised, ProtocolError) and raised.code == "away"
        assert str(raised) == "your time ran out: a bot plays this seat already"
        bot = live.stand_in(slow)
        assert bot is not None
        assert stored == (1, RUNNING, [(slow, bot, TIMEOUT)])

    run(go())


def test_a_return_decided_before_another_process_stored_a_timeout_keeps_the_timeout(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other seat's player, who had left, takes it back through process one while process
    two stores the slow seat's timeout: both are kept, and the return's grace is on the
    clocks of the match as stored."""

    async def go() -> None:
        raised, stored, live, slow, other = await _seat_change_against_a_timeout(
            factory, monkeypatch, "bot", "come_back", "other", left_first=True
        )
        assert raised is None
        bot = live.stand_in(slow)
        assert bot is not None and live.stand_in(other) is None
        assert stored == (
            1,
            RUNNING,
            [(other, bot, LEFT), (slow, bot, TIMEOUT), (other, HUMAN, RETURNED)],
        )
        assert live.clocks is not None and live.clocks.running is None  # a bot decides

    run(go())


def test_a_leave_that_conflicts_twice_is_refused_and_overwrites_nothing(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each time process one is about to write the other seat's leave, process two stores a
    change first (the slow seat's timeout, then that seat's return): one catches up once and
    then refuses with ``seat_conflict``, and both of two's changes stay stored."""

    async def go() -> None:
        now = [1000.0]
        one, two, live, _ = await _table(factory, monkeypatch, "bot", now)
        slow = _decider(live)
        other = 1 - slow
        write = one.storage.update_header
        meanwhile = [
            lambda: two.check_clock(live.id),
            lambda: two.come_back(live.id, slow),
        ]

        async def raced(*args: Any, **kwargs: Any) -> bool:
            if meanwhile:
                await meanwhile.pop(0)()
            return await write(*args, **kwargs)

        one.storage.update_header = raced  # type: ignore[method-assign]
        now[0] = 1101.0  # the slow seat's bank is spent: two's timer applies its timeout
        with pytest.raises(ProtocolError) as refused:
            await one.leave(live.id, other)
        assert refused.value.code == "seat_conflict"
        assert str(refused.value) == (
            "the match changed in another process while your seat change was stored; try again"
        )
        bot = one.seats.takeover(live)
        assert await _stored(one, live.id) == (
            1,
            RUNNING,
            [(slow, bot, TIMEOUT), (slow, HUMAN, RETURNED)],
        )
        assert live.stand_in(other) is None  # the leave was not made in memory either
        await one.stop()
        await two.stop()

    run(go())
