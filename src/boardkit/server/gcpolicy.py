"""Garbage collection for a server that holds many long-lived matches in memory.

CPython frees almost everything by reference counting; its cyclic collector is there for
reference cycles only, and each *full* (generation 2) collection scans every container object
the process holds. A server with a hundred matches in memory holds hundreds of thousands of them
(each match keeps its log entries and states), so a full collection stops the event loop for
100 to 600 ms on a busy 2-core machine, and the collector starts one every few seconds while the
matches grow. Measured with ``benchmarks/server_load.py``, those pauses made the p99 latency.

:class:`GcPolicy` keeps the collector but stops it from rescanning what is known to live long:

- once the server has started (imports done, matches resumed), everything alive is moved to the
  permanent generation (:func:`gc.freeze`), which collections skip;
- after every collection of the middle generation or a full one, what survived it is frozen
  likewise. Objects that outlive two young collections in a server are, nearly all, the data of
  its matches (entries, states, the texts kept for its frames), which live as long as the match
  is held; frozen, no later collection scans them again, so a full collection finds little to
  scan. Freezing only after full collections (as this policy first did) let the middle
  generation's survivors pile up between them: with 100 matches in play, each full collection
  scanned them all and stopped the event loop for 55–60 ms, five times in 30 s; freezing after
  the middle generation's collections too, the longest pause was 11 ms (the collector's total
  time fell a little, 1.15 → 0.96 s). Cycles that become garbage after they were frozen wait for
  the sweep either way (about 5,700 objects per 30 s of that load, the same with both rules);
- every :attr:`GcPolicy.sweep_every` seconds, one true full collection of everything
  (:meth:`GcPolicy.sweep`: unfreeze, collect, freeze again), so that a reference cycle that
  became garbage after it was frozen is freed within that time, not kept for ever. This pause is
  as long as an ordinary full collection, but comes once per interval, not every few seconds.

Nothing here changes what a match holds or when an entry is committed: it only decides when the
collector looks for cycles.
"""

from __future__ import annotations

import gc
from typing import Any


class GcPolicy:
    """The collector's schedule for one server process (see the module's docstring)."""

    def __init__(self, sweep_every: float = 600.0) -> None:
        self.sweep_every = sweep_every
        """Seconds between complete collections (0: never; then frozen cycles are never freed)."""
        self.installed = False

    def install(self) -> None:
        """Freeze what is alive now, and the survivors of every full collection from now on.

        The young generations keep CPython's thresholds: their collections scan a few thousand
        objects at most, a millisecond or so; a larger threshold would make them rarer but
        longer, and it is the longest pause that the worst latency feels.
        """
        if self.installed:
            return
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._after_collection)
        self.installed = True

    def uninstall(self) -> None:
        """Back to CPython's own schedule (everything frozen becomes collectable again)."""
        if not self.installed:
            return
        gc.callbacks.remove(self._after_collection)
        gc.unfreeze()
        self.installed = False

    def sweep(self) -> int:
        """One complete collection of every object, frozen ones included; what it freed."""
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        return freed

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] >= 1:
            gc.freeze()
