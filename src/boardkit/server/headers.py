"""A deadline for HTTP request headers, which uvicorn does not keep on its own.

uvicorn times out a keep-alive connection between requests, but a new connection that sends
its request line and headers a byte at a time (or nothing at all) is held open for ever. The
protocol class that :func:`header_timeout_protocol` makes closes a connection when a request's
headers are not complete within the deadline, counted from the connection's start or from the
previous answer on it. Once the headers are in, the body is the application's to time
(:attr:`boardkit.server.limits.Limits.body_timeout`), and an upgraded WebSocket the session's
(:attr:`~boardkit.server.limits.Limits.hello_timeout`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from boardkit.extras import needs_extra

with needs_extra("server", "boardkit.server.headers"):
    import uvicorn  # noqa: F401  (the extra's check: the protocols below are uvicorn's)


def _base() -> type[Any]:
    """uvicorn's fastest HTTP protocol here: httptools' if installed, else h11's."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools is optional for uvicorn
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    return HttpToolsProtocol


def header_timeout_protocol(seconds: float) -> type[asyncio.Protocol]:
    """An HTTP protocol class for ``uvicorn.run(http=…)`` that closes a connection whose next
    request's headers have not arrived within ``seconds`` of its start or of its last answer."""
    base = _base()

    class HeaderDeadline(base):  # type: ignore[misc,valid-type]
        """uvicorn's HTTP protocol with a deadline on each request's headers."""

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self.header_deadline = self.loop.call_later(seconds, self.headers_overdue, None)

        def on_response_complete(self) -> None:
            # the next request on this connection has its own deadline
            super().on_response_complete()
            self.header_deadline.cancel()
            done = self.cycle
            self.header_deadline = self.loop.call_later(seconds, self.headers_overdue, done)

        def headers_overdue(self, last: Any) -> None:
            """Close the connection if no request's headers were completed since ``last`` (the
            request answered when the deadline was set, ``None`` for a new connection)."""
            transport = self.transport
            if (
                self.cycle is last  # no newer request's headers complete
                and (last is None or last.response_complete)
                and not transport.is_closing()
                and transport.get_protocol() is self  # not upgraded to a WebSocket
            ):
                transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self.header_deadline.cancel()
            super().connection_lost(exc)

    return HeaderDeadline
