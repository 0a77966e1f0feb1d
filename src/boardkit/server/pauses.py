"""Pauses of the event loop: how late it runs what is due, and the collector's share of it.

Every player's move goes through the one event loop; when it stops (a long computation on it,
a full garbage collection, a machine that does not give the process the CPU), every match
waits. :class:`LoopLagWatch` is a task that sleeps a short :attr:`~LoopLagWatch.interval` over
and over and measures how late it wakes: that lateness (the *lag*) is what any callback due at
that moment waited too. Each lag goes to a histogram (``boardkit_event_loop_lag_seconds``), and
a lag over :attr:`~LoopLagWatch.warn_after` is logged as one warning that names what else was
going on: the garbage collector's longest collection meanwhile (:class:`GcPauses`) and the
database's work (:class:`~boardkit.server.storage.work.DatabaseWork`). A database that is slow
to commit does not stop the loop (its work runs off it), so it shows in the commit-time
histogram and in the moves' latency, not here; a lag with neither a collection nor the database
to blame points at the process's own work or at the machine.

The watch costs one timer and a few clock readings per interval (20 a second by default), the
collector's timing two clock readings per collection.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from boardkit.server.storage.work import DatabaseWork

log = logging.getLogger("boardkit.server.pauses")

LAG_INTERVAL = 0.05
"""Seconds the watch sleeps between two measures of the loop's lag."""
LAG_WARNING = 0.25
"""A lag of this many seconds or more is logged as a warning (``boardkit serve --lag-warning``)."""


class GcPauses:
    """Times every garbage collection (of any thread: each one stops them all) through
    :data:`gc.callbacks`, and remembers the longest since last asked."""

    def __init__(self, observe: Callable[[int, float], None]) -> None:
        self.observe = observe
        """Called with each collection's generation and seconds."""
        self._started: float | None = None
        self._lock = threading.Lock()
        self._longest: tuple[int, float] | None = None
        self.installed = False

    def install(self) -> None:
        """Start timing collections."""
        if not self.installed:
            gc.callbacks.append(self._on_collection)
            self.installed = True

    def uninstall(self) -> None:
        """Stop timing collections."""
        if self.installed:
            gc.callbacks.remove(self._on_collection)
            self.installed = False

    def take_longest(self) -> tuple[int, float] | None:
        """The longest collection since the last call, as (generation, seconds); ``None`` if
        none ran."""
        with self._lock:
            longest, self._longest = self._longest, None
        return longest

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        # collections never overlap: the one that runs holds the interpreter
        if phase == "start":
            self._started = time.perf_counter()
            return
        if self._started is None:  # installed while a collection ran
            return
        seconds = time.perf_counter() - self._started
        self._started = None
        generation = int(info["generation"])
        with self._lock:
            if self._longest is None or seconds > self._longest[1]:
                self._longest = (generation, seconds)
        self.observe(generation, seconds)


class LoopLagWatch:
    """Measures the event loop's lag every :attr:`interval` seconds (see the module's
    docstring); :meth:`run` is the task."""

    def __init__(
        self,
        observe: Callable[[float], None],
        *,
        interval: float = LAG_INTERVAL,
        warn_after: float | None = LAG_WARNING,
        database: DatabaseWork | None = None,
        collections: GcPauses | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if not interval > 0:
            raise ValueError(f"the lag watch's interval is a positive number, not {interval!r}")
        self.observe = observe
        """Called with each lag, in seconds."""
        self.interval = interval
        self.warn_after = warn_after
        """Seconds of lag from which one is logged as a warning (``None``: never)."""
        self.database = database
        self.collections = collections
        self._clock = clock

    async def run(self) -> None:
        """Measure until cancelled."""
        while True:
            due = self._clock() + self.interval
            await asyncio.sleep(self.interval)
            self.measured(self._clock() - due)

    def measured(self, lag: float) -> None:
        """Count one lag (seconds; a timer that woke early counts as 0), and warn if it is long."""
        lag = max(0.0, lag)
        self.observe(lag)
        database = None if self.database is None else self.database.take_slowest()
        collection = None if self.collections is None else self.collections.take_longest()
        if self.warn_after is None or lag < self.warn_after:
            return
        said = []
        if collection is not None:
            generation, seconds = collection
            said.append(
                f"the longest garbage collection meanwhile: generation {generation}, "
                f"{1000 * seconds:.0f} ms"
            )
        else:
            said.append("no garbage collection meanwhile")
        if self.database is not None:
            said.append(self.database.describe(database))
        log.warning(
            "the event loop woke %.0f ms late (a %.0f ms timer); %s",
            1000 * lag,
            1000 * self.interval,
            "; ".join(said),
            extra={"lag_ms": round(1000 * lag)},
        )
