"""SQLite's WAL checkpoints on their own thread: off the commit path, the WAL bounded, and
every committed entry in the database after a reopen."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from boardkit.server.errors import StorageError
from boardkit.server.storage import MatchRecord, SeatRecord
from boardkit.server.storage.checkpoints import Checkpointer
from boardkit.server.storage.sqlite import SQLiteStorage
from boardkit.server.storage.work import DatabaseWork

ENTRY = "x" * 2000  # about half a page: a few hundred appends fill 1000 pages of WAL


def _record(match_id: str) -> MatchRecord:
    seats = (SeatRecord(0, "human", "ann"), SeatRecord(1, "human", "bob"))
    return MatchRecord(match_id, "nim", "{}", seats, "running", 1.0, 0, 1)


def _wal_bytes(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


async def _append_in_bursts(storage: SQLiteStorage, bursts: int, pause: float) -> int:
    """``bursts`` of 100 appends each, ``pause`` seconds apart; the entries appended."""
    await storage.create_match(_record("m"), "e0")
    seq = 1
    for _ in range(bursts):
        for _ in range(100):
            await storage.append_entry("m", seq, f"{seq}:{ENTRY}", "running")
            seq += 1
        await asyncio.sleep(pause)
    return seq


def test_checkpoints_keep_the_wal_bounded_and_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    checkpoints: list[tuple[float, int]] = []

    async def go() -> tuple[int, int, int]:
        storage = SQLiteStorage(path, checkpoint_every=0.02)
        storage.work.on_checkpoint = lambda seconds, pages, thread: checkpoints.append(
            (seconds, pages)
        )
        await storage.open()
        length = await _append_in_bursts(storage, 12, 0.1)
        wal = _wal_bytes(path)
        await storage.close()
        again = SQLiteStorage(path)
        await again.open()
        stored = await again.entries("m")
        await again.close()
        assert stored[0] == "e0"
        assert stored[1:] == [f"{seq}:{ENTRY}" for seq in range(1, length)]
        return length, wal, path.stat().st_size

    length, wal, database = asyncio.run(go())
    # 1,200 entries of 2 KB, 2.4 MB in all: the WAL held about one burst (200 KB) at a time
    assert database > 2_000_000
    assert 0 < wal < 20_000_000  # under restart_pages (16 MiB) and a burst
    assert checkpoints
    assert length == 1201


def test_without_checkpoints_the_wal_would_hold_everything(tmp_path: Path) -> None:
    """The same appends with the writer's automatic checkpoints off and no checkpoint thread:
    what the test above measures is the thread's doing."""
    path = tmp_path / "db.sqlite3"

    async def go() -> tuple[int, int, int]:
        storage = SQLiteStorage(path, checkpoint_every=1000.0)  # never within the test
        await storage.open()
        await _append_in_bursts(storage, 12, 0.0)
        wal = _wal_bytes(path)
        assert storage.checkpoints is not None
        _, held, copied = storage.checkpoints.checkpoint()  # as the thread would, now
        await storage.close()
        return wal, held, copied

    wal, held, copied = asyncio.run(go())
    # far past SQLite's 1000 pages (4 MB): the commits themselves never checkpointed
    print(wal, held, copied)
    assert wal > 6_000_000
    assert held == copied > 1500


def test_a_checkpoint_with_nothing_new_is_not_counted(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("CREATE TABLE t (x TEXT)")
    work = DatabaseWork()
    heard: list[int] = []
    work.on_checkpoint = lambda seconds, pages, thread: heard.append(pages)
    checkpointer = Checkpointer(path, 1000.0, work)
    checkpointer.start()
    try:
        db.execute("INSERT INTO t VALUES (?)", (ENTRY,))
        _, held, copied = checkpointer.checkpoint()
        assert held == copied > 0
        checkpointer.checkpoint()  # nothing committed since: nothing to tell
        assert heard == [held]
        db.execute("INSERT INTO t VALUES (?)", (ENTRY,))
        checkpointer.checkpoint()
        assert len(heard) == 2
    finally:
        checkpointer.stop()
        db.close()


def test_checkpoint_every_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="positive"):
        SQLiteStorage(tmp_path / "db.sqlite3", checkpoint_every=0)
