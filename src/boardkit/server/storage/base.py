"""The storage interface every back end implements, and the records it stores.

The server's durable state is small: one row per match (its game, the *full* log header with the
secret seed, its status), one row per seat (human or bot, the SHA-256 of its token once joined),
and one row per log entry (its JSON, as in a log file). A match is rebuilt from these rows by
replaying the log (:meth:`boardkit.match.Match.from_json`, which re-checks the seed commitment
and every action), so a restarted server resumes every match exactly where its last committed
entry left it.

Every method is a coroutine; back ends run their blocking drivers off the event loop.
:meth:`Storage.append_entry` is the one write on the hot path: it inserts entry ``seq`` of a
match and fails with :class:`~boardkit.server.errors.ConflictError` if that entry already exists
(another process wrote it first), which is how several server processes share matches safely.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from attrs import frozen

from boardkit.server.errors import StorageError
from boardkit.server.storage.work import DatabaseWork

OPEN = "open"
"""A match waiting for players: some human seat is free."""
RUNNING = "running"
"""Every human seat is taken; the match is being played."""
FINISHED = "finished"
"""The game is over."""
STATUSES_ALL = (OPEN, RUNNING, FINISHED)
"""Every status a match can have."""


@frozen
class SeatRecord:
    """One seat: ``kind`` is ``"human"`` or ``"bot"``; ``bot`` is a bot spec for a bot seat;
    ``player`` the hash of the player key that took it (:mod:`boardkit.server.players`), ``""``
    if none did. The hash links a person's matches: it is for the server and its webhook,
    never for the lobby."""

    seat: int
    kind: str
    name: str
    bot: str = ""
    taken: bool = False
    player: str = ""


@frozen
class MatchRecord:
    """One match as stored: everything but its entries and token hashes.

    ``header`` is the full log header as JSON text (it holds the secret seed; it never leaves the
    server before the game is over). ``length`` is the number of entries committed.
    """

    id: str
    game: str
    header: str
    seats: tuple[SeatRecord, ...]
    status: str
    created: float
    think_ms: int
    length: int


SEATS_QUERY = (
    "SELECT seat, kind, name, bot, (kind = 'bot' OR token_hash IS NOT NULL), "
    "COALESCE(player_hash, '') FROM boardkit_seat WHERE match_id = {param} ORDER BY seat"
)
"""A match's seats in the order :func:`record_of` reads them; ``{param}`` is the back end's
placeholder (``?`` or ``%s``)."""


def record_of(row: Sequence[Any], seats: Sequence[Sequence[Any]]) -> MatchRecord:
    """A :class:`MatchRecord` from a ``boardkit_match`` row (id, game, header, status, created,
    think_ms, length) and its seats' rows (:data:`SEATS_QUERY`), the same for every back end."""
    return MatchRecord(
        id=row[0],
        game=row[1],
        header=row[2],
        seats=tuple(SeatRecord(int(s[0]), s[1], s[2], s[3], bool(s[4]), s[5]) for s in seats),
        status=row[3],
        created=float(row[4]),
        think_ms=int(row[5]),
        length=int(row[6]),
    )


Listener = Callable[[str, int], Awaitable[None]]
"""Called with (match id, entry count) when another process changed a match."""

UndoListener = Callable[[str], Awaitable[None]]
"""Called with a match's id when another process stored its undo desk anew."""

Resync = Callable[[], Awaitable[None]]
"""Called when notices may have been missed (the listening connection was lost and is back):
the listener's owner brings every match it holds up to the database."""


class Storage(ABC):
    """Where matches live. One contract, tested against every back end (tests/server)."""

    url: str
    """Where the data is, without credentials (for messages)."""

    @functools.cached_property
    def work(self) -> DatabaseWork:
        """What the database connections are doing, and each write transaction's time
        (:mod:`boardkit.server.storage.work`): the back end wraps its database work in it."""
        return DatabaseWork()

    @abstractmethod
    async def open(self) -> None:
        """Connect, and create or migrate the schema to :data:`~.migrations.SCHEMA_VERSION`."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections; the storage is unusable afterwards."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version the database is at."""

    @abstractmethod
    async def ping(self) -> None:
        """Read the database once, as every request would (the readiness check): returns when
        it answers, raises :class:`~boardkit.server.errors.StorageError` saying why not."""

    @abstractmethod
    async def create_match(self, record: MatchRecord, setup_entry: str) -> None:
        """Store a new match with its setup entry (entry 0), all in one transaction."""

    @abstractmethod
    async def get_match(self, match_id: str) -> MatchRecord | None:
        """The match, or ``None``."""

    @abstractmethod
    async def list_matches(self, statuses: Sequence[str], limit: int = 200) -> list[MatchRecord]:
        """Matches with one of ``statuses``, newest first."""

    @abstractmethod
    async def claim_seat(
        self,
        match_id: str,
        seat: int,
        name: str,
        token_hash: str,
        player_hash: str | None = None,
        header: str | None = None,
    ) -> str | None:
        """Give a free human seat its name and token hash (and the hash of the player key that
        took it, if any: :mod:`boardkit.server.players`), in one transaction that also moves an
        open match to running once no human seat is free, and then (only then) replaces its
        stored header with ``header`` when one is given: the server's clocks start with the
        match, in the same transaction as the join that starts it, so no crash or other process
        ever sees a running match whose clocks never started. The match's status afterwards, or
        ``None`` (and no change) if the seat is taken or not a human seat."""

    @abstractmethod
    async def seats_of_player(
        self, player_hash: str, limit: int = 200
    ) -> list[tuple[MatchRecord, int]]:
        """Every (match, seat) the player key with this hash took, newest match first."""

    @abstractmethod
    async def seat_of_token(self, match_id: str, token_hash: str) -> int | None:
        """The seat of ``match_id`` whose token has this hash, or ``None``."""

    @abstractmethod
    async def append_entry(
        self,
        match_id: str,
        seq: int,
        entry: str,
        status: str,
        header: str | None = None,
        expected: str | None = None,
    ) -> None:
        """Insert entry ``seq`` (JSON text) and set the match's status and length, atomically;
        with ``header``, replace the match's stored header in the same transaction (the server
        keeps its clocks there, :mod:`boardkit.server.clocks`, so that they survive a restart
        exactly as of the last entry). With ``expected``, only if the stored header is still
        that text: the header the move was checked against, so that a move is never stored
        over a seat change (a timeout, a forfeit, a player who left) it did not see.

        Raises :class:`~boardkit.server.errors.ConflictError` if entry ``seq`` exists already,
        ``seq`` is not the next entry, or the stored header is not ``expected``; the database
        is then unchanged. Once this returns, the entry survives a crash of the server process.
        """

    async def drop_entries(self, match_id: str, first: int, length: int) -> None:
        """Delete entries ``first`` and after of a running match that has ``length`` entries,
        and set its length to ``first``, atomically (an undo by consent,
        :mod:`boardkit.server.undo`).

        Raises :class:`~boardkit.server.errors.ConflictError` if the match does not have
        exactly ``length`` entries (another move came first) or is not running; the database is
        then unchanged. A back end that cannot drop entries raises
        :class:`~boardkit.server.errors.StorageError`.
        """
        raise StorageError(f"{type(self).__name__} cannot take entries back")

    @abstractmethod
    async def update_header(
        self,
        match_id: str,
        header: str,
        status: str,
        expected: str | None = None,
        length: int | None = None,
    ) -> bool:
        """Replace the match's stored header (JSON text) and set its status, in one transaction:
        how the server records a seat that changed hands (the header's ``seat_changes``) and a
        match that ended by forfeit. With ``expected``, only if the stored header is still that
        text (a conditional write: of several processes that saw the same header and decide
        the same change, such as a seat's timeout, exactly one writes it); with ``length``,
        only if the match still has that many entries (a timeout decided on a copy of the
        match that a stored move has left behind is not written). Whether it wrote."""

    @abstractmethod
    async def undo_state(self, match_id: str) -> str | None:
        """The match's undo desk as last stored (JSON text, :mod:`boardkit.server.undo`: the
        open request and how the last one ended), or ``None`` if none was ever stored."""

    @abstractmethod
    async def put_undo_state(self, match_id: str, state: str, expected: str | None) -> bool:
        """Store the match's undo desk as ``state`` if what is stored is still ``expected``
        (``None``: nothing yet), atomically, and tell the other processes
        (:meth:`listen`'s ``undo`` listener); whether it was written. A request asked and
        answered through different processes thus never loses an answer: the process whose
        write lost rereads the desk and decides again."""

    @abstractmethod
    async def entries(self, match_id: str, start: int = 0) -> list[str]:
        """The entries' JSON texts from ``start`` on, in order."""

    async def listen(
        self, listener: Listener, resync: Resync | None = None, undo: UndoListener | None = None
    ) -> None:
        """Call ``listener`` whenever another process commits to a match, and ``undo`` whenever
        another process stores a match's undo desk (no-op by default: a back end that only one
        process can use has no one else to hear).

        A back end whose notices travel on a connection of their own keeps listening when that
        connection drops: it reconnects and then calls ``resync``, since whatever was committed
        while it was away sent notices nobody heard.
        """
        return None

    async def bot_lease(self, match_id: str) -> bool:
        """Whether this process runs ``match_id``'s bots: it holds the match's bot lease, or
        takes it now if it is free. Always true for a back end only one process uses.

        A shared back end hands each match's lease to one process at a time and frees it when
        that process dies, so that each bot decision is computed once, and a match whose process
        died is carried on by another that asks again.
        """
        return True

    async def release_bot_lease(self, match_id: str) -> None:
        """Give up ``match_id``'s bot lease (the match is over, or unloaded); no-op if not held."""
        return None

    @property
    def shared(self) -> bool:
        """Whether several server processes may use this storage at once."""
        return False

    @property
    def deaf(self) -> str | None:
        """Why this process may be missing other processes' changes right now (its listening
        connection is lost and not yet back, or back and not yet resynced), or ``None`` while
        it hears them (always, for a back end only one process uses). The readiness check
        reports it: a load balancer then sends clients to a process that hears."""
        return None

    @property
    def listen_reconnects(self) -> int:
        """How often the listening connection was lost and got back (0 for a back end only one
        process uses)."""
        return 0
