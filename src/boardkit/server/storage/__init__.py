"""Where the server keeps its matches: :func:`open_storage` picks a back end from a URL.

- ``sqlite:///PATH`` (or no URL: ``DATA/boardkit.sqlite3``): :class:`.sqlite.SQLiteStorage`
- ``postgresql://…`` or ``postgres://…``: :class:`.postgres.PostgresStorage`
"""

from __future__ import annotations

from pathlib import Path

from boardkit.server.errors import StorageError
from boardkit.server.storage.base import (
    FINISHED,
    OPEN,
    RUNNING,
    STATUSES_ALL,
    MatchRecord,
    SeatRecord,
    Storage,
)

__all__ = [
    "FINISHED",
    "OPEN",
    "RUNNING",
    "STATUSES_ALL",
    "MatchRecord",
    "SeatRecord",
    "Storage",
    "make_storage",
]


def make_storage(
    url: str | None, data_dir: str | Path = "boardkit-data", *, listen_check: float | None = None
) -> Storage:
    """The storage ``url`` names (not opened yet); ``None`` is SQLite in ``data_dir``.
    ``listen_check`` (PostgreSQL only; ``None``: its default) is how many seconds without a
    notice pass before the listening connection must show it is alive
    (:class:`~boardkit.server.storage.postgres.PostgresStorage`)."""
    if url is None or url == "":
        from boardkit.server.storage.sqlite import SQLiteStorage

        return SQLiteStorage(Path(data_dir) / "boardkit.sqlite3")
    if url.startswith("sqlite:///"):
        from boardkit.server.storage.sqlite import SQLiteStorage

        return SQLiteStorage(url.removeprefix("sqlite:///"))
    if url.startswith(("postgresql://", "postgres://")):
        from boardkit.server.storage.postgres import PostgresStorage

        if listen_check is None:
            return PostgresStorage(url)
        return PostgresStorage(url, listen_check=listen_check)
    scheme = url.split(":", 1)[0][:20]
    raise StorageError(
        f"unknown database URL scheme {scheme!r}; use sqlite:///PATH or postgresql://…"
    )
