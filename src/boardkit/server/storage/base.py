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

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from attrs import frozen

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
    """One seat: ``kind`` is ``"human"`` or ``"bot"``; ``bot`` is a bot spec for a bot seat."""

    seat: int
    kind: str
    name: str
    bot: str = ""
    taken: bool = False


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
    "SELECT seat, kind, name, bot, (kind = 'bot' OR token_hash IS NOT NULL) FROM boardkit_seat "
    "WHERE match_id = {param} ORDER BY seat"
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
        seats=tuple(SeatRecord(int(s[0]), s[1], s[2], s[3], bool(s[4])) for s in seats),
        status=row[3],
        created=float(row[4]),
        think_ms=int(row[5]),
        length=int(row[6]),
    )


Listener = Callable[[str, int], Awaitable[None]]
"""Called with (match id, entry count) when another process changed a match."""


class Storage(ABC):
    """Where matches live. One contract, tested against every back end (tests/server)."""

    url: str
    """Where the data is, without credentials (for messages)."""

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
    async def claim_seat(self, match_id: str, seat: int, name: str, token_hash: str) -> str | None:
        """Give a free human seat its name and token hash, in one transaction that also moves an
        open match to running once no human seat is free; the match's status afterwards, or
        ``None`` (and no change) if the seat is taken or not a human seat."""

    @abstractmethod
    async def seat_of_token(self, match_id: str, token_hash: str) -> int | None:
        """The seat of ``match_id`` whose token has this hash, or ``None``."""

    @abstractmethod
    async def append_entry(self, match_id: str, seq: int, entry: str, status: str) -> None:
        """Insert entry ``seq`` (JSON text) and set the match's status and length, atomically.

        Raises :class:`~boardkit.server.errors.ConflictError` if entry ``seq`` exists already or
        ``seq`` is not the next entry; the database is then unchanged. Once this returns, the
        entry survives a crash of the server process.
        """

    @abstractmethod
    async def update_header(self, match_id: str, header: str, status: str) -> None:
        """Replace the match's stored header (JSON text) and set its status, in one transaction:
        how the server records a seat that changed hands (the header's ``seat_changes``) and a
        match that ended by forfeit."""

    @abstractmethod
    async def entries(self, match_id: str, start: int = 0) -> list[str]:
        """The entries' JSON texts from ``start`` on, in order."""

    async def listen(self, listener: Listener) -> None:
        """Call ``listener`` whenever another process commits to a match (no-op by default:
        a back end that only one process can use has no one else to hear)."""
        return None

    @property
    def shared(self) -> bool:
        """Whether several server processes may use this storage at once."""
        return False
