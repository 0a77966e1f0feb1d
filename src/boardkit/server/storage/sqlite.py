"""The SQLite back end: one file in a data folder, nothing to install.

All database work runs on one dedicated thread (SQLite serialises writers anyway), so the event
loop never blocks on the disk. Appends are committed in groups
(:mod:`boardkit.server.storage.group`): those that arrive while a transaction runs (other
matches' moves) share the next one, each in its own savepoint, and each caller returns only once
that transaction has committed. The database is in WAL mode: a
committed entry is in the WAL file before :meth:`SQLiteStorage.append_entry` returns, so killing
the server process loses nothing that was acknowledged. ``synchronous=NORMAL`` (the default
here) may lose the last transactions on a power cut, not on a process crash; pass
``synchronous="FULL"`` to fsync every commit.

Only one server process may use a SQLite database: there is no way to tell the others about
a change. Use PostgreSQL for several processes.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from boardkit.server.errors import ConflictError, StorageError
from boardkit.server.storage.base import SEATS_QUERY, MatchRecord, Storage, record_of
from boardkit.server.storage.group import GroupCommit, Row
from boardkit.server.storage.migrations import VERSION_TABLE, pending

T = TypeVar("T")


class SQLiteStorage(Storage):
    """Matches in the SQLite database at ``path`` (created on first use, folders included)."""

    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL") -> None:
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StorageError(f"unknown SQLite synchronous mode {synchronous!r}")
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self._synchronous = synchronous
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="boardkit-sqlite")
        self._db: sqlite3.Connection | None = None
        self._appends = GroupCommit(self._commit_group)

    # --- plumbing --------------------------------------------------------------------------------

    async def _run(
        self, work: Callable[[sqlite3.Connection], T], what: str, *, write: bool = False
    ) -> T:
        """``work`` on the database thread, named ``what`` (``write``: a write transaction,
        whose time :attr:`work` reports)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, functools.partial(self._call, work, what, write)
        )

    def _call(self, work: Callable[[sqlite3.Connection], T], what: str, write: bool) -> T:
        if self._db is None:
            raise StorageError("the storage is not open")
        try:
            with self.work.doing(what, write=write):
                return work(self._db)
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.rollback()
            raise StorageError(f"SQLite failed: {type(exc).__name__}: {exc}") from None

    def _connect(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self._synchronous}")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=5000")
        self._db = db

    # --- the contract ----------------------------------------------------------------------------

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._pool, self._connect)
        except (sqlite3.Error, OSError) as exc:
            raise StorageError(f"cannot open the SQLite database {self.path}: {exc}") from None
        await self._run(_migrate, "migrate", write=True)

    async def close(self) -> None:
        def shut(db: sqlite3.Connection) -> None:
            db.close()

        if self._db is not None:
            await self._run(shut, "close")
            self._db = None
        self._pool.shutdown(wait=True)

    async def schema_version(self) -> int:
        return await self._run(_version, "schema_version")

    async def ping(self) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("SELECT 1 FROM boardkit_match LIMIT 1").fetchall()

        try:
            await self._run(work, "ping")
        except RuntimeError:  # the thread is gone: closed
            raise StorageError("the storage is closed") from None

    async def create_match(self, record: MatchRecord, setup_entry: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO boardkit_match (id, game, header, status, created, think_ms, "
                    "length) VALUES (?, ?, ?, ?, ?, ?, 1)",
                    (
                        record.id,
                        record.game,
                        record.header,
                        record.status,
                        record.created,
                        record.think_ms,
                    ),
                )
                db.executemany(
                    "INSERT INTO boardkit_seat (match_id, seat, kind, name, bot) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(record.id, s.seat, s.kind, s.name, s.bot) for s in record.seats],
                )
                db.execute(
                    "INSERT INTO boardkit_entry (match_id, seq, body) VALUES (?, 0, ?)",
                    (record.id, setup_entry),
                )
            except sqlite3.IntegrityError:
                db.rollback()
                raise ConflictError("a match with this id exists already") from None
            db.commit()

        await self._run(work, "create_match", write=True)

    async def get_match(self, match_id: str) -> MatchRecord | None:
        def work(db: sqlite3.Connection) -> MatchRecord | None:
            row = db.execute(_SELECT_MATCH + " WHERE id = ?", (match_id,)).fetchone()
            return None if row is None else _record(db, row)

        return await self._run(work, "get_match")

    async def list_matches(self, statuses: Sequence[str], limit: int = 200) -> list[MatchRecord]:
        def work(db: sqlite3.Connection) -> list[MatchRecord]:
            marks = ", ".join("?" for _ in statuses)
            rows = db.execute(
                f"{_SELECT_MATCH} WHERE status IN ({marks}) ORDER BY created DESC LIMIT ?",
                (*statuses, limit),
            ).fetchall()
            return [_record(db, row) for row in rows]

        return await self._run(work, "list_matches") if statuses else []

    async def claim_seat(
        self,
        match_id: str,
        seat: int,
        name: str,
        token_hash: str,
        player_hash: str | None = None,
        header: str | None = None,
    ) -> str | None:
        def work(db: sqlite3.Connection) -> str | None:
            db.execute("BEGIN IMMEDIATE")
            cursor = db.execute(
                "UPDATE boardkit_seat SET name = ?, token_hash = ?, player_hash = ? "
                "WHERE match_id = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL",
                (name, token_hash, player_hash, match_id, seat),
            )
            if cursor.rowcount != 1:
                db.rollback()
                return None
            db.execute(_START_WHEN_FULL, (header, match_id, match_id))
            row = db.execute("SELECT status FROM boardkit_match WHERE id = ?", (match_id,))
            status = str(row.fetchone()[0])
            db.commit()
            return status

        return await self._run(work, "claim_seat", write=True)

    async def seats_of_player(
        self, player_hash: str, limit: int = 200
    ) -> list[tuple[MatchRecord, int]]:
        def work(db: sqlite3.Connection) -> list[tuple[MatchRecord, int]]:
            rows = db.execute(
                "SELECT m.id, m.game, m.header, m.status, m.created, m.think_ms, m.length, "
                "s.seat FROM boardkit_match m JOIN boardkit_seat s ON s.match_id = m.id "
                "WHERE s.player_hash = ? ORDER BY m.created DESC, s.seat LIMIT ?",
                (player_hash, limit),
            ).fetchall()
            found = []
            for row in rows:
                seats = db.execute(SEATS_QUERY.format(param="?"), (row[0],)).fetchall()
                found.append((record_of(row[:7], seats), int(row[7])))
            return found

        return await self._run(work, "seats_of_player")

    async def update_header(
        self,
        match_id: str,
        header: str,
        status: str,
        expected: str | None = None,
        length: int | None = None,
    ) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            cursor = db.execute(
                "UPDATE boardkit_match SET header = ?, status = ? WHERE id = ? "
                "AND (? IS NULL OR header = ?) AND (? IS NULL OR length = ?)",
                (header, status, match_id, expected, expected, length, length),
            )
            db.commit()
            return cursor.rowcount == 1

        return await self._run(work, "update_header", write=True)

    async def undo_state(self, match_id: str) -> str | None:
        def work(db: sqlite3.Connection) -> str | None:
            row = db.execute(
                "SELECT body FROM boardkit_undo WHERE match_id = ?", (match_id,)
            ).fetchone()
            return None if row is None else str(row[0])

        return await self._run(work, "undo_state")

    async def put_undo_state(self, match_id: str, state: str, expected: str | None) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            if expected is None:
                cursor = db.execute(
                    "INSERT INTO boardkit_undo (match_id, body) VALUES (?, ?) "
                    "ON CONFLICT (match_id) DO NOTHING",
                    (match_id, state),
                )
            else:
                cursor = db.execute(
                    "UPDATE boardkit_undo SET body = ? WHERE match_id = ? AND body = ?",
                    (state, match_id, expected),
                )
            db.commit()
            return cursor.rowcount == 1

        return await self._run(work, "put_undo_state", write=True)

    async def seat_of_token(self, match_id: str, token_hash: str) -> int | None:
        def work(db: sqlite3.Connection) -> int | None:
            row = db.execute(
                "SELECT seat FROM boardkit_seat WHERE match_id = ? AND token_hash = ?",
                (match_id, token_hash),
            ).fetchone()
            return None if row is None else int(row[0])

        return await self._run(work, "seat_of_token")

    async def append_entry(
        self,
        match_id: str,
        seq: int,
        entry: str,
        status: str,
        header: str | None = None,
        expected: str | None = None,
    ) -> None:
        await self._appends.append((match_id, seq, entry, status, header, expected))

    async def _commit_group(self, rows: Sequence[Row]) -> list[ConflictError | None]:
        return await self._run(
            functools.partial(_append_all, rows=rows), "append_entry", write=True
        )

    async def drop_entries(self, match_id: str, first: int, length: int) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    "UPDATE boardkit_match SET length = ? WHERE id = ? AND length = ? "
                    "AND status = 'running' AND ? BETWEEN 1 AND length - 1",
                    (first, match_id, length, first),
                )
                if cursor.rowcount != 1:
                    raise ConflictError(f"match {match_id} no longer has {length} entries")
                db.execute(
                    "DELETE FROM boardkit_entry WHERE match_id = ? AND seq >= ?", (match_id, first)
                )
            except BaseException:
                db.rollback()
                raise
            db.commit()

        await self._run(work, "drop_entries", write=True)

    async def entries(self, match_id: str, start: int = 0) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            rows = db.execute(
                "SELECT body FROM boardkit_entry WHERE match_id = ? AND seq >= ? ORDER BY seq",
                (match_id, start),
            ).fetchall()
            return [str(r[0]) for r in rows]

        return await self._run(work, "entries")


_START_WHEN_FULL = (
    "UPDATE boardkit_match SET status = 'running', header = COALESCE(?, header) "
    "WHERE id = ? AND status = 'open' AND NOT "
    "EXISTS (SELECT 1 FROM boardkit_seat WHERE match_id = ? AND kind = 'human' AND "
    "token_hash IS NULL)"
)
_SELECT_MATCH = "SELECT id, game, header, status, created, think_ms, length FROM boardkit_match"


def _record(db: sqlite3.Connection, row: Any) -> MatchRecord:
    return record_of(row, db.execute(SEATS_QUERY.format(param="?"), (row[0],)).fetchall())


def _append_all(db: sqlite3.Connection, rows: Sequence[Row]) -> list[ConflictError | None]:
    """Append every row (match, seq, entry, status, header or ``None``, expected header or
    ``None``) in one transaction; per row, ``None`` or the conflict that kept it out."""
    outcomes: list[ConflictError | None] = []
    db.execute("BEGIN IMMEDIATE")
    for match_id, seq, entry, status, header, expected in rows:
        db.execute("SAVEPOINT append")
        cursor = db.execute(
            "UPDATE boardkit_match SET length = length + 1, status = ?, "
            "header = COALESCE(?, header) WHERE id = ? AND length = ? "
            "AND (? IS NULL OR header = ?)",
            (status, header, match_id, seq, expected, expected),
        )
        conflict = None
        if cursor.rowcount != 1:
            conflict = ConflictError(
                f"entry {seq} is not the next entry of this match, or the match changed since "
                "it was read"
            )
        else:
            try:
                db.execute(
                    "INSERT INTO boardkit_entry (match_id, seq, body) VALUES (?, ?, ?)",
                    (match_id, seq, entry),
                )
            except sqlite3.IntegrityError:
                conflict = ConflictError(f"entry {seq} exists already")
        if conflict is not None:
            db.execute("ROLLBACK TO append")
        db.execute("RELEASE append")
        outcomes.append(conflict)
    db.commit()
    return outcomes


def _version(db: sqlite3.Connection) -> int:
    db.execute(VERSION_TABLE)
    row = db.execute("SELECT MAX(version) FROM boardkit_schema").fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


def _migrate(db: sqlite3.Connection) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        for version, statements in pending(_version(db)):
            for sql in statements:
                db.execute(sql)
            db.execute("INSERT INTO boardkit_schema (version) VALUES (?)", (version,))
    except BaseException:
        db.rollback()
        raise
    db.commit()
