"""What a storage's database connections are doing, and how long its writes take.

A server whose moves wait on the database feels every slow commit, and an operator who sees a
latency spike wants to know whether the database caused it. Each back end wraps every unit of
database work in :meth:`DatabaseWork.doing`: the work in progress can then be named at any
moment (:meth:`DatabaseWork.busy`, read by the event loop's lag watch), and each write
transaction's time, from its start to its commit returning, goes to :attr:`DatabaseWork.on_write`
(the server's commit-time histogram). Slow work that has finished is remembered until asked for
(:meth:`DatabaseWork.take_slowest`), so that a watch that wakes after a stall can still say what
the database did during it.

The cost is two clock readings and two uncontended lock acquisitions per unit of work (about
4 µs, with the histogram's observation): nothing beside a transaction's own round trip.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

WriteObserver = Callable[[float], None]
"""Told the seconds one write transaction took (called on the thread that ran it)."""


class DatabaseWork:
    """The database work of one storage: what runs now, the slowest since last asked, and each
    write transaction's time."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.on_write: WriteObserver | None = None
        """Called with each write transaction's seconds (``None``: nobody listens)."""
        self._clock = clock
        self._lock = threading.Lock()
        self._running: dict[int, tuple[str, float]] = {}
        self._next = 0
        self._slowest: tuple[str, float] | None = None

    @contextlib.contextmanager
    def doing(self, what: str, *, write: bool = False) -> Iterator[None]:
        """Run the body as database work named ``what`` (``write``: a write transaction, timed
        for :attr:`on_write` when it succeeds)."""
        started = self._clock()
        with self._lock:
            key = self._next
            self._next += 1
            self._running[key] = (what, started)
        ok = False
        try:
            yield
            ok = True
        finally:
            seconds = self._clock() - started
            with self._lock:
                del self._running[key]
                if self._slowest is None or seconds > self._slowest[1]:
                    self._slowest = (what, seconds)
            observe = self.on_write
            if ok and write and observe is not None:
                observe(seconds)

    def busy(self) -> tuple[str, float] | None:
        """The longest-running work in progress, and for how many seconds it has run; ``None``
        when the database is idle."""
        with self._lock:
            if not self._running:
                return None
            what, started = min(self._running.values(), key=lambda item: item[1])
        return what, self._clock() - started

    def take_slowest(self) -> tuple[str, float] | None:
        """The slowest work finished since the last call, and its seconds (``None``: none);
        starts afresh."""
        with self._lock:
            slowest, self._slowest = self._slowest, None
        return slowest

    def describe(self, slowest: tuple[str, float] | None) -> str:
        """In words for a log line: what the database is doing now, and ``slowest`` (what
        :meth:`take_slowest` gave for the time in question)."""
        now = self.busy()
        parts = []
        if now is not None:
            parts.append(f"the database is running {now[0]} (for {1000 * now[1]:.0f} ms so far)")
        if slowest is not None:
            parts.append(
                f"the database's slowest work meanwhile: {slowest[0]} ({1000 * slowest[1]:.0f} ms)"
            )
        return "; ".join(parts) if parts else "the database did nothing meanwhile"
