"""Telling the connections of a match that it changed: an in-process fan-out.

Each connection holds a :class:`Subscriber` of its match; :meth:`Hub.publish` wakes every
subscriber of a match, and each connection then sends its own seat what changed since the last
entry it sent (so a slow connection never makes the others wait, and a burst of changes costs
a slow connection one update, not one per change). Changes made by another server process
arrive through the storage's :meth:`~boardkit.server.storage.base.Storage.listen` (PostgreSQL's
LISTEN/NOTIFY), which refreshes the match and then publishes here.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Subscriber:
    """One connection's interest in one match: :attr:`wake` is set when the match changed."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.wake = asyncio.Event()


class Hub:
    """Subscribers by match."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscriber]] = defaultdict(set)

    def subscribe(self, match_id: str) -> Subscriber:
        """A new subscriber to ``match_id``'s changes."""
        subscriber = Subscriber(match_id)
        self._subscribers[match_id].add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Forget ``subscriber`` (when its connection closes)."""
        group = self._subscribers.get(subscriber.match_id)
        if group is not None:
            group.discard(subscriber)
            if not group:
                del self._subscribers[subscriber.match_id]

    def publish(self, match_id: str) -> None:
        """Wake every subscriber of ``match_id``."""
        for subscriber in self._subscribers.get(match_id, ()):
            subscriber.wake.set()

    def count(self, match_id: str) -> int:
        """How many connections follow ``match_id``."""
        return len(self._subscribers.get(match_id, ()))
