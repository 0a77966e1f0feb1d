"""SQLite's WAL checkpoints, run on a thread of their own instead of inside a commit.

In WAL mode every commit appends pages to the ``-wal`` file; a *checkpoint* copies them into
the database file and syncs it, so that the WAL can start over. SQLite's default runs one
inside whichever commit takes the WAL past 1000 pages: that commit, and every move queued
behind it on the one database thread, waits for the copy and the sync. :class:`Checkpointer`
turns those off on the writing connection (``PRAGMA wal_autocheckpoint=0``, set by the back
end) and runs a ``PASSIVE`` checkpoint every :attr:`~Checkpointer.every` seconds from a
connection of its own: it copies what no reader still needs, never waits for the writer, and
the writer never waits for it.

The writer starts the WAL over only at a write that begins when every page of it is in the
database file, which never happens on its own under steady load: commits land while the
checkpoint copies and syncs. So once the WAL holds :attr:`~Checkpointer.restart_pages` pages
or more, the thread, having copied the bulk, asks the database thread (``finish``) to
checkpoint the few pages committed meanwhile, between two transactions; the next commit then
starts the WAL over. That small checkpoint is the only one on the commit path, and it comes
once per :attr:`~Checkpointer.restart_pages` pages (SQLite's own came once per 1000 pages,
each copying all of them); the WAL stays under about that many pages and a second's commits.

Durability is unchanged: a commit is in the WAL before it returns, as before, and a
checkpoint only copies committed pages. A checkpoint with nothing new to copy syncs nothing.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from boardkit.server.storage.work import DatabaseWork

log = logging.getLogger("boardkit.server.storage.checkpoints")

CHECKPOINT_EVERY = 1.0
"""Seconds between two checkpoints of the SQLite back end by default."""
RESTART_PAGES = 4096
"""Pages of WAL (4 KiB each: 16 MiB) from which the WAL is started over by default."""


class Checkpointer:
    """Checkpoints the SQLite database at ``path`` every ``every`` seconds on a thread of its
    own, as ``checkpoint`` work of ``work``, whose
    :attr:`~boardkit.server.storage.work.DatabaseWork.on_checkpoint` hears each one that found
    pages to copy."""

    def __init__(
        self,
        path: Path,
        every: float,
        work: DatabaseWork,
        finish: Callable[[], object] | None = None,
        restart_pages: int = RESTART_PAGES,
    ) -> None:
        if not every > 0:
            raise ValueError(f"checkpoints come every positive number of seconds, not {every!r}")
        self.path = path
        self.every = every
        self.work = work
        self.finish = finish
        self.restart_pages = restart_pages
        """The WAL's pages from which ``finish`` is called after a checkpoint."""
        """Asks the writer to checkpoint what was committed during a checkpoint that copied
        pages (see the module's docstring)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._db: sqlite3.Connection | None = None
        self._last: tuple[int, int] | None = None
        self.found_pages = False
        """Whether the last checkpoint found pages committed since the one before."""

    def start(self) -> None:
        """Open the checkpointing connection and start its thread."""
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._thread = threading.Thread(
            target=self._run, name="boardkit-sqlite-checkpoints", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (after the checkpoint under way, if any) and close its connection."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._db is not None:
            self._db.close()
            self._db = None

    def checkpoint(self) -> tuple[float, int, int]:
        """One ``PASSIVE`` checkpoint now (on the calling thread): its seconds, the pages the
        WAL held, and how many of them are in the database file now (all of them, unless a
        reader still needed some)."""
        assert self._db is not None, "the checkpointer is not started"
        started = time.perf_counter()
        with self.work.doing("checkpoint"):
            _, held, copied = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        seconds = time.perf_counter() - started
        # the same figures as last time, all copied: nothing was committed since
        idle = (held, copied) == self._last and held == copied
        self._last = (held, copied)
        self.found_pages = held > 0 and not idle
        observe = self.work.on_checkpoint
        if self.found_pages and observe is not None:
            observe(seconds, held, "checkpoints")
        return seconds, held, copied

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                _, held, _ = self.checkpoint()
                if self.found_pages and held >= self.restart_pages and self.finish is not None:
                    self.finish()
            except sqlite3.Error as exc:  # the next one tries again; commits go on meanwhile
                log.warning("SQLite checkpoint of %s failed: %s", self.path, exc)
