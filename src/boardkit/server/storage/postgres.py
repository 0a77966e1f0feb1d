"""The PostgreSQL back end (psycopg 3): several server processes share the same matches.

Connections come from a small pool of asynchronous connections. Every write that changes a match
also sends ``NOTIFY boardkit`` inside its transaction, so the notice is delivered exactly when
the change commits; each process LISTENs on one more connection and refreshes the match from the
database when another process changed it (:meth:`PostgresStorage.listen`). When that connection
drops (a proxy restart, a failover, an administrator's ``pg_terminate_backend``) the process
reconnects at once, then with growing pauses, and resyncs every match it holds, since the notices
sent meanwhile are lost. A connection that goes silent without being closed (a network partition,
a proxy that drops it without a word) is found out too: after ``listen_check`` seconds without a
notice the process sends itself one, and a connection that does not hear it within as many
seconds again is replaced the same way.

Two processes racing to append the same entry cannot both win: the append updates the match row
only where its length is still the entry's number, and the loser gets a
:class:`~boardkit.server.errors.ConflictError`. Each match's bots run in one process only: the
one holding the match's *bot lease*, a session advisory lock on a connection of its own
(:meth:`PostgresStorage.bot_lease`); PostgreSQL frees it when that connection ends (the process
died), and another process then takes it. Appends are committed in groups
(:mod:`boardkit.server.storage.group`): those that arrive while a transaction runs share the
next one, sent in one pipelined round trip.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from boardkit.server.errors import ConflictError, StorageError
from boardkit.server.storage.base import (
    SEATS_QUERY,
    Listener,
    MatchRecord,
    Resync,
    Storage,
    UndoListener,
    record_of,
)
from boardkit.server.storage.group import GroupCommit, Row
from boardkit.server.storage.migrations import VERSION_TABLE, pending

log = logging.getLogger("boardkit.server.storage.postgres")

CHANNEL = "boardkit"
UNDO = "undo"
"""The middle field of a notice that a match's undo desk was stored anew (``pid:undo:match``),
where a change to the match itself carries its entry count (``pid:length:match``)."""
PING = "ping"
"""The middle field of the notice a process sends itself to check that its listening connection
still hears (``pid:ping:``; every process ignores it, its sender included)."""
_LOCK_KEY = 0x626B5F736368  # advisory lock for migrations ("bk_sch")
LISTEN_RETRY_PAUSES = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
"""Seconds to wait before each try to get the listening connection back; the last pause repeats
until the database answers again."""
LISTEN_CHECK = 15.0
"""Seconds without a notice after which a process pings itself through the database, and the
seconds the listening connection then has to hear it (:class:`PostgresStorage`'s
``listen_check``)."""
CONNECT_TIMEOUT = 10
"""Seconds a new connection may take (libpq's ``connect_timeout``) unless the URL sets its own:
a reconnect that hangs would leave the process deaf as surely as a dropped connection."""


class _SilentConnection(Exception):
    """The listening connection heard nothing, not even the process's own ping, in time."""


def _connect_timeout(dsn: str) -> int | None:
    """:data:`CONNECT_TIMEOUT`, or ``None`` where ``dsn`` sets a ``connect_timeout`` of its own
    (psycopg leaves out a parameter given as ``None``)."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        given = conninfo_to_dict(dsn)
    except Exception:  # a malformed URL fails where it is used, with libpq's own words
        return CONNECT_TIMEOUT
    return None if "connect_timeout" in given else CONNECT_TIMEOUT


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    if parts.username:
        host = f"{parts.username}@{host}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


class PostgresStorage(Storage):
    """Matches in the PostgreSQL database at ``dsn`` (``postgresql://user@host:port/db``)."""

    def __init__(self, dsn: str, *, pool_size: int = 4, listen_check: float = LISTEN_CHECK) -> None:
        if not listen_check > 0:
            raise StorageError(
                f"listen_check must be a positive number of seconds, not {listen_check!r}"
            )
        self._dsn = dsn
        self.listen_check = listen_check
        """Seconds without a notice before the listening connection must prove it is alive."""
        self.url = _without_password(dsn)
        self._size = pool_size
        self._pool: asyncio.Queue[Any] = asyncio.Queue()
        self._all: list[Any] = []
        self._listen_task: asyncio.Task[None] | None = None
        self._listen_conn: Any = None
        self._appends = GroupCommit(self._commit_group)
        self.process_id = secrets.token_hex(8)
        """Tags this process's notices, so that it does not refresh from its own writes."""
        self._undo_listener: UndoListener | None = None
        self._lease_conn: Any = None
        self._lease_lock = asyncio.Lock()
        self._leases: set[str] = set()
        self._listen_reconnects = 0
        self._deaf: str | None = None

    @property
    def shared(self) -> bool:
        return True

    @property
    def deaf(self) -> str | None:
        return self._deaf

    @property
    def listen_reconnects(self) -> int:
        return self._listen_reconnects

    # --- plumbing --------------------------------------------------------------------------------

    async def _connect(self, autocommit: bool = False) -> Any:
        import psycopg

        try:
            return await psycopg.AsyncConnection.connect(
                self._dsn, autocommit=autocommit, connect_timeout=_connect_timeout(self._dsn)
            )
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to {self.url}: {_reason(exc)}") from None

    @contextlib.asynccontextmanager
    async def _transaction(self, what: str, *, write: bool = False) -> AsyncIterator[Any]:
        """A pooled connection inside a transaction (committed on success, else rolled back),
        named ``what`` in :attr:`work` (``write``: a write transaction, timed from the
        connection taken to the commit returning)."""
        import psycopg

        conn = await self._pool.get()
        try:
            with self.work.doing(what, write=write):
                async with conn.transaction():
                    yield conn
        except psycopg.errors.UniqueViolation:
            raise ConflictError("that row exists already") from None
        except psycopg.Error as exc:
            if conn.broken:
                conn = await self._connect()
            raise StorageError(f"PostgreSQL failed: {_reason(exc)}") from None
        finally:
            self._pool.put_nowait(conn)

    async def _notify(self, conn: Any, match_id: str, length: int) -> None:
        payload = f"{self.process_id}:{length}:{match_id}"
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    # --- the contract ----------------------------------------------------------------------------

    async def open(self) -> None:
        for _ in range(self._size):
            conn = await self._connect()
            self._all.append(conn)
            self._pool.put_nowait(conn)
        async with self._transaction("migrate", write=True) as conn:
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            await conn.execute(VERSION_TABLE)
            for version, statements in pending(await _version(conn)):
                for sql in statements:
                    await conn.execute(sql)
                await conn.execute("INSERT INTO boardkit_schema (version) VALUES (%s)", (version,))

    async def close(self) -> None:
        if self._lease_conn is not None:
            with contextlib.suppress(Exception):
                await self._lease_conn.close()
        if self._listen_task is not None:
            self._listen_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listen_task
        if self._listen_conn is not None:
            with contextlib.suppress(Exception):
                await self._listen_conn.close()
        for conn in self._all:
            with contextlib.suppress(Exception):
                await conn.close()
        self._all.clear()

    async def schema_version(self) -> int:
        async with self._transaction("schema_version") as conn:
            return await _version(conn)

    async def ping(self) -> None:
        """A pooled connection reads the match table; one found broken (its backend ended:
        a restart, a failover, ``pg_terminate_backend``) is replaced first, so the check
        says ready again as soon as the database takes connections again."""
        import psycopg

        if not self._all:
            raise StorageError("the storage is not open")
        conn = await self._pool.get()
        try:
            for attempt in range(2):  # a connection that ends here is replaced once, at once
                if conn.broken or conn.closed:
                    conn = await self._connect()
                    self._all.append(conn)
                try:
                    async with conn.transaction():
                        await conn.execute("SELECT 1 FROM boardkit_match LIMIT 1")
                    return
                except psycopg.Error as exc:
                    if attempt == 1 or not conn.broken:
                        raise StorageError(f"PostgreSQL failed: {_reason(exc)}") from None
        finally:
            self._pool.put_nowait(conn)

    async def create_match(self, record: MatchRecord, setup_entry: str) -> None:
        async with self._transaction("create_match", write=True) as conn:
            await conn.execute(
                "INSERT INTO boardkit_match (id, game, header, status, created, think_ms, length) "
                "VALUES (%s, %s, %s, %s, %s, %s, 1)",
                (
                    record.id,
                    record.game,
                    record.header,
                    record.status,
                    record.created,
                    record.think_ms,
                ),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO boardkit_seat (match_id, seat, kind, name, bot) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    [(record.id, s.seat, s.kind, s.name, s.bot) for s in record.seats],
                )
            await conn.execute(
                "INSERT INTO boardkit_entry (match_id, seq, body) VALUES (%s, 0, %s)",
                (record.id, setup_entry),
            )
            await self._notify(conn, record.id, 1)

    async def get_match(self, match_id: str) -> MatchRecord | None:
        async with self._transaction("get_match") as conn:
            cur = await conn.execute(_SELECT_MATCH + " WHERE id = %s", (match_id,))
            row = await cur.fetchone()
            return None if row is None else await _record(conn, row)

    async def list_matches(self, statuses: Sequence[str], limit: int = 200) -> list[MatchRecord]:
        if not statuses:
            return []
        async with self._transaction("list_matches") as conn:
            cur = await conn.execute(
                _SELECT_MATCH + " WHERE status = ANY(%s) ORDER BY created DESC LIMIT %s",
                (list(statuses), limit),
            )
            return [await _record(conn, row) for row in await cur.fetchall()]

    async def claim_seat(
        self,
        match_id: str,
        seat: int,
        name: str,
        token_hash: str,
        player_hash: str | None = None,
        header: str | None = None,
    ) -> str | None:
        async with self._transaction("claim_seat", write=True) as conn:
            # Lock the match row first: two joins of the last two seats must not both see the
            # other seat free.
            await conn.execute(
                "SELECT id FROM boardkit_match WHERE id = %s FOR UPDATE", (match_id,)
            )
            cur = await conn.execute(
                "UPDATE boardkit_seat SET name = %s, token_hash = %s, player_hash = %s "
                "WHERE match_id = %s AND seat = %s AND kind = 'human' AND token_hash IS NULL",
                (name, token_hash, player_hash, match_id, seat),
            )
            if cur.rowcount != 1:
                return None
            await conn.execute(
                "UPDATE boardkit_match SET status = 'running', header = COALESCE(%s, header) "
                "WHERE id = %s AND status = 'open' AND NOT EXISTS (SELECT 1 FROM boardkit_seat "
                "WHERE match_id = %s AND kind = 'human' AND token_hash IS NULL)",
                (header, match_id, match_id),
            )
            cur = await conn.execute(
                "SELECT status, length FROM boardkit_match WHERE id = %s", (match_id,)
            )
            row = await cur.fetchone()
            await self._notify(conn, match_id, int(row[1]))
            return str(row[0])

    async def seats_of_player(
        self, player_hash: str, limit: int = 200
    ) -> list[tuple[MatchRecord, int]]:
        async with self._transaction("seats_of_player") as conn:
            cur = await conn.execute(
                "SELECT m.id, m.game, m.header, m.status, m.created, m.think_ms, m.length, "
                "s.seat FROM boardkit_match m JOIN boardkit_seat s ON s.match_id = m.id "
                "WHERE s.player_hash = %s ORDER BY m.created DESC, s.seat LIMIT %s",
                (player_hash, limit),
            )
            return [(await _record(conn, row[:7]), int(row[7])) for row in await cur.fetchall()]

    async def update_header(
        self,
        match_id: str,
        header: str,
        status: str,
        expected: str | None = None,
        length: int | None = None,
    ) -> bool:
        async with self._transaction("update_header", write=True) as conn:
            cur = await conn.execute(
                "UPDATE boardkit_match SET header = %s, status = %s WHERE id = %s "
                "AND (%s::text IS NULL OR header = %s) AND (%s::int IS NULL OR length = %s) "
                "RETURNING length",
                (header, status, match_id, expected, expected, length, length),
            )
            row = await cur.fetchone()
            if row is not None:
                await self._notify(conn, match_id, int(row[0]))
            return row is not None

    async def undo_state(self, match_id: str) -> str | None:
        async with self._transaction("undo_state") as conn:
            cur = await conn.execute(
                "SELECT body FROM boardkit_undo WHERE match_id = %s", (match_id,)
            )
            row = await cur.fetchone()
            return None if row is None else str(row[0])

    async def put_undo_state(self, match_id: str, state: str, expected: str | None) -> bool:
        async with self._transaction("put_undo_state", write=True) as conn:
            if expected is None:
                cur = await conn.execute(
                    "INSERT INTO boardkit_undo (match_id, body) VALUES (%s, %s) "
                    "ON CONFLICT (match_id) DO NOTHING",
                    (match_id, state),
                )
            else:
                cur = await conn.execute(
                    "UPDATE boardkit_undo SET body = %s WHERE match_id = %s AND body = %s",
                    (state, match_id, expected),
                )
            if cur.rowcount != 1:
                return False
            await conn.execute(
                "SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.process_id}:{UNDO}:{match_id}")
            )
            return True

    async def seat_of_token(self, match_id: str, token_hash: str) -> int | None:
        async with self._transaction("seat_of_token") as conn:
            cur = await conn.execute(
                "SELECT seat FROM boardkit_seat WHERE match_id = %s AND token_hash = %s",
                (match_id, token_hash),
            )
            row = await cur.fetchone()
            return None if row is None else int(row[0])

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
        """Every append of the group in one transaction, pipelined (one round trip for all).

        Each is one statement: bump the length where it is still the entry's number (and the
        header the one expected, if one is), insert
        the entry only then, and queue the notice only for an inserted entry (PostgreSQL
        delivers it at the commit). An append whose number is not the next one inserts nothing
        and fails alone. A statement that fails outright (an entry that exists though the length
        says otherwise) fails the whole group's transaction; the group is then retried one
        append per transaction, so that only the faulty append fails.
        """
        try:
            async with self._transaction("append_entry", write=True) as conn:
                async with conn.pipeline():
                    cursors = [
                        await conn.execute(_APPEND, self._append_params(row), prepare=True)
                        for row in rows
                    ]
                counts = [cursor.rowcount for cursor in cursors]
        except ConflictError:
            if len(rows) == 1:
                raise
            return [await self._commit_one(row) for row in rows]
        return [None if n == 1 else _Rollback(row[1]) for n, row in zip(counts, rows, strict=True)]

    async def _commit_one(self, row: Row) -> ConflictError | None:
        try:
            outcome = await self._commit_group([row])
        except ConflictError as exc:
            return exc
        return outcome[0]

    def _append_params(self, row: Row) -> tuple[object, ...]:
        match_id, seq, entry, status, header, expected = row
        payload = f"{self.process_id}:{seq + 1}:{match_id}"
        return (status, header, match_id, seq, expected, expected, seq, entry, CHANNEL, payload)

    async def drop_entries(self, match_id: str, first: int, length: int) -> None:
        async with self._transaction("drop_entries", write=True) as conn:
            cur = await conn.execute(
                "UPDATE boardkit_match SET length = %s WHERE id = %s AND length = %s "
                "AND status = 'running' AND %s BETWEEN 1 AND length - 1",
                (first, match_id, length, first),
            )
            if cur.rowcount != 1:
                raise ConflictError(f"match {match_id} no longer has {length} entries")
            await conn.execute(
                "DELETE FROM boardkit_entry WHERE match_id = %s AND seq >= %s", (match_id, first)
            )
            await self._notify(conn, match_id, first)

    async def entries(self, match_id: str, start: int = 0) -> list[str]:
        async with self._transaction("entries") as conn:
            cur = await conn.execute(
                "SELECT body FROM boardkit_entry WHERE match_id = %s AND seq >= %s ORDER BY seq",
                (match_id, start),
            )
            return [str(r[0]) for r in await cur.fetchall()]

    async def listen(
        self, listener: Listener, resync: Resync | None = None, undo: UndoListener | None = None
    ) -> None:
        """LISTEN on a connection of its own and call ``listener`` for each other process's
        notice of a change to a match, ``undo`` for each of a stored undo desk; when the
        connection drops or goes silent, reconnect and call ``resync`` (see the module's
        docstring). Returns once the first LISTEN is in place."""
        self._listen_conn = await self._listening_connection()
        self._undo_listener = undo
        self._listen_task = asyncio.create_task(self._pump(listener, resync))

    async def _listening_connection(self) -> Any:
        conn = await self._connect(autocommit=True)
        try:
            await conn.execute(f"LISTEN {CHANNEL}")
        except Exception:
            with contextlib.suppress(Exception):
                await conn.close()
            raise
        return conn

    async def _pump(self, listener: Listener, resync: Resync | None) -> None:
        import psycopg

        while True:
            try:
                await self._listen_until_lost(listener)
            except psycopg.Error as exc:
                lost = f"the LISTEN connection was lost ({_reason(exc)})"
            except StorageError as exc:  # the ping could not be sent: the database is away
                lost = f"the LISTEN connection could not be checked ({exc})"
            except _SilentConnection:
                lost = (
                    "the LISTEN connection heard nothing, not even its own ping, for "
                    f"{2 * self.listen_check:g} s"
                )
            except Exception as exc:  # whatever it was, a deaf process is worse than a new one
                log.error("the LISTEN connection failed (%s)", exc, exc_info=True)
                lost = f"the LISTEN connection failed ({type(exc).__name__})"
            else:
                lost = "the LISTEN connection closed"
            self._deaf = f"{lost}; reconnecting"
            log.warning("%s; reconnecting", lost)
            with contextlib.suppress(Exception):
                await self._listen_conn.close()
            self._listen_conn = await self._relisten()
            self._listen_reconnects += 1
            self._deaf = f"{lost}; listening again, resyncing the matches held"
            log.info("listening again after %d reconnect(s); resyncing", self._listen_reconnects)
            if resync is not None:
                try:
                    await resync()
                except Exception as exc:  # the next notice or reconnect tries again
                    log.error("resync after reconnecting failed: %s", exc, exc_info=True)
            self._deaf = None

    async def _listen_until_lost(self, listener: Listener) -> None:
        """Hear the notices on the listening connection until it fails (raises) or is closed
        (returns).

        After ``listen_check`` seconds without a notice, this process sends itself one (a
        *ping*, through a pooled connection); when nothing at all arrives in as long again,
        :class:`_SilentConnection` is raised. Waiting for notices alone would never find out a
        connection that went silent without being closed, and asking the listening connection
        itself for a round trip would leave a query to cancel on a connection that does not
        answer (psycopg then waits seconds for the cancellation); the ping proves the very path
        the other processes' notices take."""
        conn = self._listen_conn
        pinged = False
        while True:
            heard = False
            async for note in conn.notifies(timeout=self.listen_check):
                heard = True
                await self._hear(listener, note.payload)
            if conn.closed:
                return
            if heard:
                pinged = False
            elif pinged:
                raise _SilentConnection
            else:
                async with self._transaction("listen_check") as pool_conn:
                    await pool_conn.execute(
                        "SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.process_id}:{PING}:")
                    )
                pinged = True

    async def _relisten(self) -> Any:
        """A new listening connection, trying until the database answers."""
        attempt = 0
        while True:
            await asyncio.sleep(LISTEN_RETRY_PAUSES[min(attempt, len(LISTEN_RETRY_PAUSES) - 1)])
            attempt += 1
            try:
                return await self._listening_connection()
            except Exception as exc:
                log.warning("LISTEN reconnect %d failed: %s", attempt, exc)

    async def _hear(self, listener: Listener, payload: str) -> None:
        origin, _, rest = payload.partition(":")
        length, _, match_id = rest.partition(":")
        undo = self._undo_listener if length == UNDO else None
        if origin == self.process_id or not (length.isdigit() or undo is not None):
            return
        try:
            if undo is not None:
                await undo(match_id)
            else:
                await listener(match_id, int(length))
        except Exception as exc:  # one bad refresh must not stop the others
            log.error(
                "refreshing match %s failed: %s",
                match_id,
                exc,
                exc_info=True,
                extra={"match": match_id},
            )

    # --- bot leases ------------------------------------------------------------------------------

    @property
    def bot_leases(self) -> frozenset[str]:
        """The matches whose bot lease this process holds."""
        return frozenset(self._leases)

    async def bot_lease(self, match_id: str) -> bool:
        """Hold or take ``match_id``'s bot lease: ``pg_try_advisory_lock`` on the lease
        connection, so that the lease goes with that connection when this process dies. If the
        connection itself dropped, every lease it held went with it: they are all asked again."""
        conn = self._lease_conn
        if match_id in self._leases and conn is not None and not conn.broken:
            return True
        async with self._lease_lock:
            if self._lease_conn is None or self._lease_conn.broken or self._lease_conn.closed:
                if self._lease_conn is not None:
                    log.warning("the bot lease connection dropped; asking for the leases again")
                self._leases.clear()
                self._lease_conn = await self._connect(autocommit=True)
            import psycopg

            try:
                cur = await self._lease_conn.execute(
                    "SELECT pg_try_advisory_lock(%s)", (_lease_key(match_id),)
                )
                row = await cur.fetchone()
            except psycopg.Error as exc:  # the connection went, and its leases with it
                self._leases.clear()
                self._lease_conn = None
                raise StorageError(f"cannot take a bot lease: {_reason(exc)}") from None
            if row is not None and row[0]:
                self._leases.add(match_id)
                return True
            return False

    async def release_bot_lease(self, match_id: str) -> None:
        if match_id not in self._leases:
            return
        async with self._lease_lock:
            self._leases.discard(match_id)
            if self._lease_conn is not None and not self._lease_conn.broken:
                with contextlib.suppress(Exception):  # a lost connection freed it already
                    await self._lease_conn.execute(
                        "SELECT pg_advisory_unlock(%s)", (_lease_key(match_id),)
                    )


def _lease_key(match_id: str) -> int:
    """The advisory lock key of a match's bot lease: 64 bits of a hash of its id (signed, as
    PostgreSQL's bigint), apart from the migration lock's key."""
    digest = hashlib.sha256(b"boardkit bot lease:" + match_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class _Rollback(ConflictError):
    def __init__(self, seq: int) -> None:
        super().__init__(
            f"entry {seq} is not the next entry of this match, or the match changed since it "
            "was read"
        )


_APPEND = (
    "WITH bumped AS (UPDATE boardkit_match SET length = length + 1, status = %s, "
    "header = COALESCE(%s, header) WHERE id = %s AND length = %s "
    "AND (%s::text IS NULL OR header = %s) RETURNING id), "
    "added AS (INSERT INTO boardkit_entry (match_id, seq, body) SELECT id, %s, %s FROM bumped "
    "RETURNING match_id) "
    "SELECT pg_notify(%s, %s) FROM added"
)
_SELECT_MATCH = "SELECT id, game, header, status, created, think_ms, length FROM boardkit_match"


async def _record(conn: Any, row: Any) -> MatchRecord:
    cur = await conn.execute(SEATS_QUERY.format(param="%s"), (row[0],))
    return record_of(row, await cur.fetchall())


async def _version(conn: Any) -> int:
    await conn.execute(VERSION_TABLE)
    cur = await conn.execute("SELECT MAX(version) FROM boardkit_schema")
    row = await cur.fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


def _reason(exc: BaseException) -> str:
    """The driver's message, first line only, without the connection string."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]
