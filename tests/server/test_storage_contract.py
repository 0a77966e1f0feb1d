"""The storage contract, run against every back end: SQLite (always) and PostgreSQL (slow).

One suite, two back ends: whatever the server relies on (migrations, atomic appends that refuse
a second writer, seat claims, persistence across a reopen) must hold for both.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from attrs import evolve as attrs_evolve

from boardkit.server.errors import ConflictError, StorageError
from boardkit.server.storage import (
    FINISHED,
    OPEN,
    RUNNING,
    MatchRecord,
    SeatRecord,
    Storage,
    make_storage,
)
from boardkit.server.storage.migrations import SCHEMA_VERSION

T = TypeVar("T")
Factory = Callable[[], Storage]


def run(coro: Awaitable[T]) -> T:
    async def main() -> T:
        return await coro

    return asyncio.run(main())


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgres", marks=[pytest.mark.slow, pytest.mark.postgres]),
    ]
)
def factory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Factory]:
    """Makes storages over one database of the back end under test."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    yield lambda: make_storage(url)


def record(match_id: str = "m1", humans: int = 2, bots: int = 1) -> MatchRecord:
    seats = [SeatRecord(i, "human", f"seat {i + 1}") for i in range(humans)]
    seats += [SeatRecord(humans + i, "bot", "random bot", "random", True) for i in range(bots)]
    return MatchRecord(match_id, "nim", '{"h":1}', tuple(seats), OPEN, 1.5, 100, 1)


async def opened(factory: Factory) -> Storage:
    storage = factory()
    await storage.open()
    return storage


def test_ping_answers_while_open_and_refuses_before_and_after(factory: Factory) -> None:
    async def go() -> None:
        storage = factory()
        with pytest.raises(StorageError, match="not open"):
            await storage.ping()
        await storage.open()
        await storage.ping()
        await storage.close()
        with pytest.raises(StorageError):
            await storage.ping()

    run(go())


def test_open_creates_the_schema_once(factory: Factory) -> None:
    async def go() -> None:
        first = await opened(factory)
        assert await first.schema_version() == SCHEMA_VERSION
        await first.close()
        again = await opened(factory)  # a second open migrates nothing and loses nothing
        assert await again.schema_version() == SCHEMA_VERSION
        await again.close()

    run(go())


def test_a_match_round_trips(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), '{"seq":0}')
        got = await storage.get_match("m1")
        assert got == record()
        assert await storage.get_match("nope") is None
        assert await storage.entries("m1") == ['{"seq":0}']
        with pytest.raises(ConflictError):
            await storage.create_match(record(), '{"seq":0}')
        await storage.create_match(record("m2"), "{}")
        listed = await storage.list_matches([OPEN])
        assert [m.id for m in listed] == ["m1", "m2"] or {m.id for m in listed} == {"m1", "m2"}
        assert await storage.list_matches([FINISHED]) == []
        await storage.close()

    run(go())


def test_an_append_may_replace_the_header_in_its_own_transaction(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        before = (await storage.get_match("m1")).header  # type: ignore[union-attr]
        await storage.append_entry("m1", 1, "e1", RUNNING)  # no header: the header stays
        got = await storage.get_match("m1")
        assert got is not None and got.header == before
        await storage.append_entry("m1", 2, "e2", RUNNING, header='{"clocks":1}')
        got = await storage.get_match("m1")
        assert got is not None and got.header == '{"clocks":1}' and got.length == 3
        with pytest.raises(ConflictError):  # a refused append changes no header either
            await storage.append_entry("m1", 2, "other e2", RUNNING, header='{"clocks":2}')
        got = await storage.get_match("m1")
        assert got is not None and got.header == '{"clocks":1}' and got.length == 3
        await storage.close()

    run(go())


def test_appends_are_in_order_and_refuse_a_second_writer(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        await storage.append_entry("m1", 1, "e1", RUNNING)
        with pytest.raises(ConflictError):
            await storage.append_entry("m1", 1, "other e1", RUNNING)  # entry 1 exists
        with pytest.raises(ConflictError):
            await storage.append_entry("m1", 3, "e3", RUNNING)  # a gap
        with pytest.raises(ConflictError):
            await storage.append_entry("nope", 1, "e1", RUNNING)  # no such match
        await storage.append_entry("m1", 2, "e2", FINISHED)
        assert await storage.entries("m1") == ["e0", "e1", "e2"]
        assert await storage.entries("m1", 2) == ["e2"]
        got = await storage.get_match("m1")
        assert got is not None and got.length == 3 and got.status == FINISHED
        await storage.close()

    run(go())


def test_appends_at_once_to_many_matches_commit_and_a_conflict_fails_alone(
    factory: Factory,
) -> None:
    # SQLite commits appends that arrive together in one transaction (group commit): each must
    # still succeed or fail on its own, and be durable once its caller returns.
    async def go() -> None:
        storage = await opened(factory)
        ids = [f"m{i}" for i in range(8)]
        for match_id in ids:
            await storage.create_match(record(match_id), "e0")
        results = await asyncio.gather(
            *(storage.append_entry(m, 1, f"{m} e1", RUNNING) for m in ids),
            storage.append_entry("m3", 5, "a gap", RUNNING),
            *(storage.append_entry(m, 2, f"{m} e2", FINISHED) for m in ids[:2]),
            return_exceptions=True,
        )
        assert results[:8] == [None] * 8
        assert isinstance(results[8], ConflictError)
        assert all(r is None or isinstance(r, ConflictError) for r in results[9:])
        await storage.close()
        again = await opened(factory)
        for match_id in ids:
            got = await again.entries(match_id)
            assert got[:2] == ["e0", f"{match_id} e1"] and "a gap" not in got
        await again.close()

    run(go())


def test_racing_appends_let_exactly_one_win(factory: Factory) -> None:
    async def go() -> None:
        one, two = await opened(factory), await opened(factory)
        await one.create_match(record(), "e0")
        results = await asyncio.gather(
            one.append_entry("m1", 1, "from one", RUNNING),
            two.append_entry("m1", 1, "from two", RUNNING),
            return_exceptions=True,
        )
        assert sum(r is None for r in results) == 1
        assert sum(isinstance(r, ConflictError) for r in results) == 1
        assert len(await one.entries("m1")) == 2
        await one.close()
        await two.close()

    run(go())


def test_seats_are_claimed_once_and_the_match_starts_when_full(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        assert await storage.claim_seat("m1", 0, "ann", "h" * 64) == OPEN
        assert await storage.claim_seat("m1", 0, "eve", "e" * 64) is None  # taken
        assert await storage.claim_seat("m1", 2, "eve", "e" * 64) is None  # a bot's seat
        assert await storage.claim_seat("m1", 9, "eve", "e" * 64) is None  # no such seat
        assert await storage.claim_seat("m1", 1, "bob", "b" * 64) == RUNNING
        got = await storage.get_match("m1")
        assert got is not None
        assert [(s.name, s.taken) for s in got.seats] == [
            ("ann", True),
            ("bob", True),
            ("random bot", True),
        ]
        assert await storage.seat_of_token("m1", "h" * 64) == 0
        assert await storage.seat_of_token("m1", "b" * 64) == 1
        assert await storage.seat_of_token("m1", "e" * 64) is None
        assert await storage.seat_of_token("m2", "h" * 64) is None
        await storage.close()

    run(go())


def test_racing_joins_of_the_last_seats_start_the_match(factory: Factory) -> None:
    async def go() -> None:
        one, two = await opened(factory), await opened(factory)
        await one.create_match(record(humans=2, bots=0), "e0")
        statuses = await asyncio.gather(
            one.claim_seat("m1", 0, "ann", "a" * 64), two.claim_seat("m1", 1, "bob", "b" * 64)
        )
        assert RUNNING in statuses
        got = await one.get_match("m1")
        assert got is not None and got.status == RUNNING
        await one.close()
        await two.close()

    run(go())


def test_what_was_committed_survives_a_reopen(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        await storage.append_entry("m1", 1, "e1", RUNNING)
        await storage.close()
        again = await opened(factory)
        assert await again.entries("m1") == ["e0", "e1"]
        await again.close()

    run(go())


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    run(_open_close(f"sqlite:///{path}"))
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO boardkit_schema (version) VALUES (?)", (SCHEMA_VERSION + 1,))
    with pytest.raises(StorageError, match="newer than this boardkit"):
        run(_open_close(f"sqlite:///{path}"))


async def _open_close(url: str) -> None:
    storage = make_storage(url)
    await storage.open()
    await storage.close()


def test_an_unknown_url_is_refused() -> None:
    with pytest.raises(StorageError, match="unknown database URL scheme 'mysql'"):
        make_storage("mysql://root:secret@host/db")


@pytest.mark.slow
@pytest.mark.postgres
def test_postgres_tells_the_other_processes(postgres_url: str) -> None:
    async def go() -> None:
        writer, reader = make_storage(postgres_url), make_storage(postgres_url)
        await writer.open()
        await reader.open()
        heard: list[tuple[str, int]] = []
        got = asyncio.Event()

        async def listener(match_id: str, length: int) -> None:
            heard.append((match_id, length))
            got.set()

        await reader.listen(listener)
        await writer.create_match(record(), "e0")
        await writer.append_entry("m1", 1, "e1", RUNNING)
        while len(heard) < 2:
            got.clear()
            await asyncio.wait_for(got.wait(), 10)
        assert heard == [("m1", 1), ("m1", 2)]
        await writer.close()
        await reader.close()

    run(go())


def test_postgres_url_hides_the_password() -> None:
    storage: Any = make_storage("postgresql://me:hunter2@db.example:5432/boardkit")
    assert "hunter2" not in storage.url
    assert storage.url == "postgresql://me@db.example:5432/boardkit"


def test_the_seats_a_player_key_took_are_listed_newest_first_and_nobody_elses(
    factory: Factory,
) -> None:
    async def go() -> None:
        storage = await opened(factory)
        for i, match_id in enumerate(("old", "new")):
            mine = attrs_evolve(record(match_id), created=float(i))
            await storage.create_match(mine, '{"seq":0}')
            assert await storage.claim_seat(match_id, 1, "ann", f"t-ann-{i}", "hash-ann") == OPEN
            assert await storage.claim_seat(match_id, 0, "bob", f"t-bob-{i}") == RUNNING
        found = await storage.seats_of_player("hash-ann")
        assert [(r.id, seat) for r, seat in found] == [("new", 1), ("old", 1)]
        assert found[0][0].seats[1].player == "hash-ann" and found[0][0].seats[0].player == ""
        assert await storage.seats_of_player("hash-nobody") == []
        await storage.close()


def test_update_header_replaces_the_header_and_sets_the_status(factory: Factory) -> None:
    """How a seat change (and a forfeit's end) is recorded: the header and status change
    together, the entries and seats do not."""

    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), '{"seq":0}')
        await storage.update_header("m1", '{"h":2}', "finished")
        got = await storage.get_match("m1")
        assert got is not None
        assert (got.header, got.status, got.length) == ('{"h":2}', "finished", 1)
        assert got.seats == record().seats
        assert await storage.entries("m1") == ['{"seq":0}']
        await storage.close()
        again = await opened(factory)
        assert (await again.get_match("m1")) == got
        await again.close()

    run(go())


def test_an_append_over_a_header_that_changed_is_refused(factory: Factory) -> None:
    """A move is stored only over the header it was checked against: a seat change (a
    timeout) stored meanwhile keeps it out, entry and header alike."""

    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        await storage.append_entry("m1", 1, "e1", RUNNING, '{"h":2}', expected='{"h":1}')
        assert await storage.update_header("m1", '{"h":"timeout"}', RUNNING, expected='{"h":2}')
        with pytest.raises(ConflictError, match="changed since it was read"):
            await storage.append_entry("m1", 2, "late", RUNNING, '{"h":3}', expected='{"h":2}')
        got = await storage.get_match("m1")
        assert got is not None and (got.header, got.length) == ('{"h":"timeout"}', 2)
        assert await storage.entries("m1", 2) == []
        await storage.append_entry("m1", 2, "e2", RUNNING, expected='{"h":"timeout"}')
        assert await storage.entries("m1", 2) == ["e2"]
        await storage.close()

    run(go())


def test_a_header_write_for_a_length_the_match_left_behind_is_refused(factory: Factory) -> None:
    """A timeout decided on a copy that a stored move left behind is not written, even over
    the same header text."""

    async def go() -> None:
        storage = await opened(factory)
        await storage.create_match(record(), "e0")
        await storage.append_entry("m1", 1, "e1", RUNNING)  # the header stays '{"h":1}'
        assert not await storage.update_header("m1", '{"h":2}', FINISHED, '{"h":1}', length=1)
        got = await storage.get_match("m1")
        assert got is not None and (got.header, got.status) == ('{"h":1}', RUNNING)
        assert await storage.update_header("m1", '{"h":2}', FINISHED, '{"h":1}', length=2)
        got = await storage.get_match("m1")
        assert got is not None and (got.header, got.status) == ('{"h":2}', FINISHED)
        await storage.close()

    run(go())


def test_each_write_transaction_is_timed_and_reads_are_not(factory: Factory) -> None:
    async def go() -> None:
        storage = factory()
        writes: list[float] = []
        storage.work.on_write = writes.append
        await storage.open()
        migrations = len(writes)  # the schema's own transaction, when there was one to write
        await storage.create_match(record(), "e0")
        await storage.append_entry("m1", 1, "e1", OPEN)
        assert len(writes) == migrations + 2
        await storage.get_match("m1")
        await storage.entries("m1")
        await storage.list_matches([OPEN])
        assert len(writes) == migrations + 2
        assert all(0 <= seconds < 30 for seconds in writes)
        assert storage.work.busy() is None
        slowest = storage.work.take_slowest()
        assert slowest is not None and slowest[0] in (
            "migrate",
            "create_match",
            "append_entry",
            "get_match",
            "entries",
            "list_matches",
        )
        await storage.close()

    run(go())
