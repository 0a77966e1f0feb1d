"""issue 24, scale-out: several server processes on one database share undo requests, time a
match with the clocks the last change stored, apply a timeout exactly once, and start a match's
clocks in the same transaction as the join that starts it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from boardkit.flow import decider
from boardkit.log.seating import TIMEOUT
from boardkit.server.clocks import STATE_KEY
from boardkit.server.errors import StorageError
from boardkit.server.live import LiveMatch
from boardkit.server.service import MatchService
from boardkit.server.storage import OPEN, RUNNING, Storage, make_storage
from tests.server.live_server import serve
from tests.server.netclient import NetSeat, http
from tests.server.test_storage_contract import Factory, factory, opened, record, run

__all__ = ["factory"]  # the fixture, shared with the contract suite

TWO: list[dict[str, Any]] = [{"human": True}, {"human": True}]
REALTIME = {"kind": "realtime", "bank": 100, "increment": 5, "on_timeout": "bot"}


def _service(factory: Factory, now: list[float]) -> MatchService:
    return MatchService(
        factory(), think_ms=0, gc_sweep_every=None, unload_after=None, now=lambda: now[0]
    )


def _decider(live: LiveMatch) -> int:
    seat = decider(live.states[-1].flow)
    assert seat is not None
    return seat


async def _until(done: Callable[[], bool], what: str) -> None:
    for _ in range(500):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not within 5 s: {what}")


# --- undo requests, shared through the database ---------------------------------------------------


def test_the_undo_desk_is_written_only_over_the_one_read(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        assert await storage.undo_state("m1") is None
        assert await storage.put_undo_state("m1", '{"a":1}', None)
        assert not await storage.put_undo_state("m1", '{"b":1}', None)  # one is there already
        assert not await storage.put_undo_state("m1", '{"b":1}', '{"x":1}')  # not the one read
        assert await storage.undo_state("m1") == '{"a":1}'
        assert await storage.put_undo_state("m1", '{"b":1}', '{"a":1}')
        await storage.close()
        again = await opened(factory)
        assert await again.undo_state("m1") == '{"b":1}'  # kept across a reopen
        await again.close()

    run(go())


@pytest.mark.slow
@pytest.mark.postgres
def test_undo_asked_in_one_process_is_answered_in_the_other(
    tmp_path: Path, postgres_url: str
) -> None:
    """ann plays through process one, bob through process two: bob sees ann's request, his
    refusal and then his grant reach ann, and the take-back reaches both processes."""
    args = ["--db", postgres_url, "--think-ms", "0", "--rate-limit", "1000"]
    with (
        serve(args, tmp_path / "one.log") as one,
        serve(args, tmp_path / "two.log") as two,
    ):
        match_id = http(one.url, "/api/matches", {"game": "nim", "seats": TWO})["id"]
        ann = http(one.url, f"/api/matches/{match_id}/join", {"name": "ann"})["token"]
        bob = http(two.url, f"/api/matches/{match_id}/join", {"name": "bob"})["token"]
        seats = {0: NetSeat(one.url, match_id, ann), 1: NetSeat(two.url, match_id, bob)}
        for _ in range(2):
            who = seats[0].state["to_decide"]
            seq = seats[who].state["seq"]
            seats[who].ws.send(json.dumps({"type": "act", "seq": seq, "index": 0}))
            for seat in seats.values():
                seat.until(seq + 1)
        asker = seats[0].entries[1]["player"]
        other = 1 - asker

        def undo_frame(seat: int, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
            while True:
                frame = seats[seat].receive()
                if frame["type"] == "undo" and done(frame):
                    return frame

        # asked, then refused, across the processes
        seats[asker].ws.send(json.dumps({"type": "undo_ask", "seq": 2}))
        pending = undo_frame(other, lambda f: f["pending"] is not None)["pending"]
        assert pending["by"] == asker and pending["waiting"] == [other]
        seats[other].ws.send(json.dumps({"type": "undo_answer", "grant": False}))
        last = undo_frame(asker, lambda f: f["last"] is not None)
        assert last["pending"] is None
        assert last["last"]["outcome"] == "refused" and last["last"]["refused_by"] == other
        # asked again, then granted: the entries go back in both processes
        seats[asker].ws.send(json.dumps({"type": "undo_ask", "seq": 2}))
        undo_frame(other, lambda f: f["pending"] is not None)
        seats[other].ws.send(json.dumps({"type": "undo_answer", "grant": True}))
        granted = undo_frame(asker, lambda f: (f["last"] or {}).get("outcome") == "granted")
        assert granted["last"]["granted"] == [other] and granted["pending"] is None
        assert seats[asker].state["seq"] == 0 and seats[asker].state["to_decide"] == asker
        for seat in seats.values():
            seat.close()


# --- clocks, taken as stored ----------------------------------------------------------------------


def test_a_refresh_takes_the_clocks_the_other_process_stored(factory: Factory) -> None:
    """Process two hears of process one's move 5 s late (or its clock is 5 s ahead): it times
    the match with the clocks stored with the move, not from the moment it heard of it."""

    async def go() -> None:
        now_one, now_two = [1000.0], [1000.0]
        one, two = _service(factory, now_one), _service(factory, now_two)
        await one.start()
        await two.start()
        live = await one.create("nim", TWO, options={"stones": 15}, clock=REALTIME)
        for name in ("ann", "bob"):
            await one.join(live.id, None, name)
        there = await two.live(live.id)
        mover = _decider(live)
        now_one[0], now_two[0] = 1030.0, 1035.0
        await one.act(live.id, mover, live.length - 1, 0)  # 30 s spent, 5 s added
        if two.storage.shared:  # the notice
            await _until(lambda: there.length == live.length, "the move reached process two")
        else:
            await two.refresh(live.id)
        assert there.length == live.length
        for clocks in (live.clocks, there.clocks):
            assert clocks is not None
            assert clocks.left(mover, 1035.0) == pytest.approx(75.0)
            assert clocks.running == 1 - mover
            assert clocks.deadline() == pytest.approx(1130.0)
        await one.stop()
        await two.stop()

    run(go())


def test_a_timeout_is_applied_by_exactly_one_process(
    factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both processes' timers fire and both read the same header; the conditional write lets
    exactly one of them put the takeover bot in the seat, and the other takes that change."""

    async def go() -> None:
        now = [1000.0]
        one, two = _service(factory, now), _service(factory, now)
        await one.start()
        await two.start()
        live = await one.create("nim", TWO, options={"stones": 15}, clock=REALTIME)
        for name in ("ann", "bob"):
            await one.join(live.id, None, name)
        there = await two.live(live.id)
        slow = _decider(live)
        arrived: list[str] = []
        both = asyncio.Event()

        def gated(write: Callable[..., Awaitable[bool]]) -> Callable[..., Awaitable[bool]]:
            async def wait_for_both(*args: Any, **kwargs: Any) -> bool:
                arrived.append("write")  # both decided the timeout before either writes
                if len(arrived) == 2:
                    both.set()
                await both.wait()
                return await write(*args, **kwargs)

            return wait_for_both

        for service in (one, two):
            monkeypatch.setattr(
                service.storage, "update_header", gated(service.storage.update_header)
            )

        async def expire(service: MatchService, held: LiveMatch) -> tuple[int, str] | None:
            async with held.lock:
                await service.moves.refresh_locked(held)
                return await service.seats.expire_locked(held)

        now[0] = 1101.0  # past the bank of 100 s
        done = await asyncio.wait_for(asyncio.gather(expire(one, live), expire(two, there)), 10)
        assert [d for d in done if d is not None] == [(slow, one.seats.takeover(live))]
        record = await one.storage.get_match(live.id)
        assert record is not None
        stored = json.loads(record.header)["seat_changes"]
        assert [(c["seat"], c["reason"]) for c in stored] == [(slow, TIMEOUT)]
        for held in (live, there):
            assert [(c.seat, c.reason) for c in held.changes] == [(slow, TIMEOUT)]
            assert held.clocks is not None and held.clocks.running is None  # a bot decides
        await one.stop()
        await two.stop()

    run(go())


# --- the join that starts a match starts its clocks, in one transaction ---------------------------


def test_the_join_that_starts_a_match_stores_its_header_with_it(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(humans=2, bots=0), "e0")
        assert await storage.claim_seat("m1", 0, "ann", "a" * 64, header='{"h":2}') == OPEN
        got = await storage.get_match("m1")
        assert got is not None and got.header == '{"h":1}'  # the match did not start: kept
        assert await storage.claim_seat("m1", 0, "eve", "e" * 64, header='{"h":3}') is None
        assert await storage.claim_seat("m1", 1, "bob", "b" * 64, header='{"h":4}') == RUNNING
        got = await storage.get_match("m1")
        assert got is not None and got.header == '{"h":4}' and got.status == RUNNING
        await storage.close()

    run(go())


def test_a_match_starts_with_its_clocks_stored_by_the_join_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No write after the join: a server whose header writes fail (or that dies right after
    the join) still has the match's first clock stored as running from the join."""

    async def go() -> None:
        now = [1000.0]
        service = _service(lambda: make_storage(None, tmp_path), now)
        await service.start()
        live = await service.create("nim", TWO, options={"stones": 15}, clock=REALTIME)

        async def refused(*args: Any, **kwargs: Any) -> bool:
            raise StorageError("no header writes here")

        monkeypatch.setattr(service.storage, "update_header", refused)
        await service.join(live.id, None, "ann")
        now[0] = 1007.0
        await service.join(live.id, None, "bob")
        stored: Storage = service.storage
        record = await stored.get_match(live.id)
        assert record is not None and record.status == RUNNING
        state = json.loads(record.header)[STATE_KEY]
        assert state["running"] == _decider(live) and state["since"] == 1007.0
        assert live.clocks is not None and live.clocks.deadline() == pytest.approx(1107.0)
        await service.stop()

    run(go())
