"""The server's limits: what one connection, one address and the whole process may take.

A public table meets clients that open sockets and never speak, send headers and bodies a byte
at a time, create matches in a loop or ask for pictures as fast as they can. :class:`Limits`
holds every bound, with defaults safe for a public server; :func:`boardkit.server.app.create_app`
takes one and ``boardkit serve`` sets its fields from options.

Every refusal names the limit it hit (:class:`LimitError`): HTTP answers ``429`` (or ``503``
for the process-wide connection limit) with ``{"error": "limit", "limit": NAME, "max": N, …}``,
a WebSocket is closed with code 1008 (or 1013, "try again later", for the process-wide limit)
and a reason that starts with ``limit NAME``, and a message refused on its own is answered
with an ``error`` frame of code ``limit`` carrying ``limit`` and ``max``.

The address is the client's as the ASGI server reports it: behind a reverse proxy every client
has the proxy's address unless uvicorn is told to trust the proxy's ``X-Forwarded-For``
(``boardkit serve --forwarded-allow-ips``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from attrs import frozen

from boardkit.server.errors import ProtocolError

Clock = Callable[[], float]
"""Seconds from some fixed point, never going back (``time.monotonic``; tests inject one)."""


@frozen
class Limits:
    """Every bound the server keeps, with defaults for a public server.

    The first three bound what one WebSocket connection may send (:mod:`boardkit.server.protocol`);
    the rest bound connections, idle sockets, slow bodies, match creation and pictures.
    """

    max_message: int = 4096
    """The largest WebSocket frame a client may send, in bytes (the largest real message is
    well under 300); larger ones are refused with an error frame."""
    rate: float = 30.0
    """Messages per second one connection may send, on average."""
    burst: int = 60
    """Messages allowed at once before the rate applies."""
    max_connections: int = 2000
    """WebSocket connections open at once in this process."""
    max_connections_per_address: int = 32
    """WebSocket connections open at once from one client address."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to bind itself to a match with ``hello`` before it is closed
    (an idle socket holds memory and a connection slot)."""
    body_timeout: float = 10.0
    """Seconds an HTTP request body may take to arrive whole (a body sent a byte at a time is
    answered 408)."""
    creations_per_minute: float = 10.0
    """Matches one client address may create per minute, on average (bursts of as many)."""
    views_per_second: float = 10.0
    """``view`` requests (a picture of a past moment) per second one connection may send, on
    average (bursts of twice as many); each may cost a drawing."""

    def __attrs_post_init__(self) -> None:
        for name in ("max_message", "burst", "max_connections", "max_connections_per_address"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"Limits.{name} is a whole number of at least 1, not {value!r}")
        for name in (
            "rate",
            "hello_timeout",
            "body_timeout",
            "creations_per_minute",
            "views_per_second",
        ):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 < value < math.inf:
                raise ValueError(f"Limits.{name} is a positive finite number, not {value!r}")


class LimitError(ProtocolError):
    """A refusal because a limit was hit: ``limit`` names it, ``max`` is its value.

    ``status`` is the HTTP status to answer with and ``close_code`` the WebSocket close code;
    ``retry_after`` (seconds, if known) says when a retry may succeed.
    """

    code = "limit"

    def __init__(
        self,
        limit: str,
        maximum: float,
        message: str,
        *,
        status: int = 429,
        close_code: int = 1008,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"limit {limit} ({maximum:g}): {message}")
        self.limit = limit
        self.max = maximum
        self.status = status
        self.close_code = close_code
        self.retry_after = retry_after

    @property
    def counted(self) -> str:
        """The code this refusal is counted under in ``boardkit_refusals_total``."""
        return f"limit:{self.limit}"

    def fields(self) -> dict[str, Any]:
        """What an HTTP answer or an error frame carries besides the code and message."""
        whole = float(self.max).is_integer()
        out: dict[str, Any] = {"limit": self.limit, "max": int(self.max) if whole else self.max}
        if self.retry_after is not None:
            out["retry_after"] = math.ceil(self.retry_after)
        return out

    def reason(self) -> str:
        """A WebSocket close reason (at most 123 bytes) that names the limit."""
        return f"limit {self.limit} ({self.max:g})"


class TokenBucket:
    """Up to ``capacity`` tokens, refilled at ``rate`` per second; :meth:`take` spends one.

    A client may spend a burst of ``capacity`` at once, then ``rate`` per second on average.
    """

    def __init__(self, rate: float, capacity: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._tokens = capacity
        self._last = clock()

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + max(0.0, now - self._last) * self.rate)
        self._last = now

    def take(self) -> bool:
        """Spend one token; ``False`` (and nothing spent) when there is none."""
        self._refill()
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until a token is there (0 if one is)."""
        self._refill()
        return max(0.0, (1.0 - self._tokens) / self.rate)

    def full(self) -> bool:
        """Whether the bucket is full again (its client is as if never seen)."""
        self._refill()
        return self._tokens >= self.capacity


class AddressBuckets:
    """One :class:`TokenBucket` per client address; buckets that are full again are forgotten,
    so memory stays bounded by the addresses active within one refill time."""

    def __init__(self, rate: float, capacity: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        self._sweep_at = 1024

    def take(self, address: str) -> float | None:
        """Spend one of ``address``'s tokens: ``None`` if it had one, else the seconds until
        it will."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self._sweep_at:
                self._sweep()
            bucket = self._buckets[address] = TokenBucket(self.rate, self.capacity, self._clock)
        if bucket.take():
            return None
        return bucket.wait()

    def _sweep(self) -> None:
        self._buckets = {a: b for a, b in self._buckets.items() if not b.full()}
        self._sweep_at = max(1024, 2 * len(self._buckets))

    def __len__(self) -> int:
        return len(self._buckets)


class ConnectionCount:
    """Connections open now, in total and per address, against the two connection limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self._by_address: dict[str, int] = {}

    def admit(self, address: str) -> LimitError | None:
        """Count one more connection from ``address``, or the limit that refuses it (and count
        nothing)."""
        limits = self.limits
        if self.total >= limits.max_connections:
            return LimitError(
                "max_connections",
                limits.max_connections,
                "the server holds as many connections as it takes; try again later",
                status=503,
                close_code=1013,
            )
        mine = self._by_address.get(address, 0)
        if mine >= limits.max_connections_per_address:
            return LimitError(
                "max_connections_per_address",
                limits.max_connections_per_address,
                "too many connections from your address; close some",
            )
        self.total += 1
        self._by_address[address] = mine + 1
        return None

    def release(self, address: str) -> None:
        """One connection from ``address`` closed."""
        self.total -= 1
        left = self._by_address.get(address, 0) - 1
        if left > 0:
            self._by_address[address] = left
        else:
            self._by_address.pop(address, None)

    def of(self, address: str) -> int:
        """Connections open now from ``address``."""
        return self._by_address.get(address, 0)
