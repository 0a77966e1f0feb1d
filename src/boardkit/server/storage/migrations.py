"""The versioned schema: each migration is a list of SQL statements, applied in order.

The schema is portable SQL that both SQLite and PostgreSQL accept. The ``boardkit_schema`` table
holds the version reached; :func:`pending` says what an opening storage must still run, inside
one transaction (PostgreSQL takes an advisory lock first, so that two processes starting at
once do not both migrate). A database at a newer version than this boardkit knows is refused.
Never edit a released migration: append a new one.
"""

from __future__ import annotations

from boardkit.server.errors import StorageError

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: matches, seats, entries.
    (
        """CREATE TABLE boardkit_match (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            header TEXT NOT NULL,
            status TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            think_ms INTEGER NOT NULL,
            length INTEGER NOT NULL
        )""",
        "CREATE INDEX boardkit_match_status ON boardkit_match (status, created)",
        """CREATE TABLE boardkit_seat (
            match_id TEXT NOT NULL REFERENCES boardkit_match (id),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            bot TEXT NOT NULL,
            token_hash TEXT,
            PRIMARY KEY (match_id, seat)
        )""",
        "CREATE UNIQUE INDEX boardkit_seat_token ON boardkit_seat (token_hash)",
        """CREATE TABLE boardkit_entry (
            match_id TEXT NOT NULL REFERENCES boardkit_match (id),
            seq INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (match_id, seq)
        )""",
    ),
    # 2: the player key (its hash) that took a seat, for "my matches" across matches.
    (
        "ALTER TABLE boardkit_seat ADD COLUMN player_hash TEXT",
        "CREATE INDEX boardkit_seat_player ON boardkit_seat (player_hash)",
    ),
    # 3: each match's undo desk (the open request to take back, the last outcome), shared by
    # every process that serves the match.
    (
        """CREATE TABLE boardkit_undo (
            match_id TEXT PRIMARY KEY REFERENCES boardkit_match (id),
            body TEXT NOT NULL
        )""",
    ),
)
"""Migration ``i`` takes the schema from version ``i`` to ``i + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this boardkit writes."""

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS boardkit_schema (version INTEGER NOT NULL)"


def pending(current: int) -> list[tuple[int, tuple[str, ...]]]:
    """The migrations to run from ``current``, numbered by the version each one reaches."""
    if current > SCHEMA_VERSION:
        raise StorageError(
            f"the database's schema is version {current}, newer than this boardkit's "
            f"{SCHEMA_VERSION}; upgrade boardkit"
        )
    return [(i + 1, MIGRATIONS[i]) for i in range(current, SCHEMA_VERSION)]
