"""A TCP proxy in front of PostgreSQL that can make a server process's listening connection go
silent without closing it, as a network partition or a proxy that drops a connection without a
word would (the bytes sent either way are swallowed, the sockets stay open), and can refuse new
connections for a while, as a database that is away would."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType
from urllib.parse import urlsplit, urlunsplit

LISTENS = b"LISTEN boardkit"
"""What a connection sends that marks it as a server process's listening connection."""


class _Link:
    """One client connection and its upstream twin."""

    def __init__(self, client: socket.socket, upstream: socket.socket) -> None:
        self.client = client
        self.upstream = upstream
        self.listens = False
        self.silent = False

    def close(self) -> None:
        for sock in (self.client, self.upstream):
            with contextlib.suppress(OSError):  # already closed by the other pump
                sock.close()


class SilencingProxy:
    """Forwards connections to the PostgreSQL server of ``url``; :attr:`url` is the same
    database through the proxy. :meth:`silence_listeners` swallows, from then on, everything
    the listening connections open at that moment send or receive."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        self._target = (parts.hostname, parts.port)
        self._server = socket.create_server(("127.0.0.1", 0))
        port = self._server.getsockname()[1]
        netloc = f"{parts.username}@127.0.0.1:{port}" if parts.username else f"127.0.0.1:{port}"
        self.url = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
        self._links: list[_Link] = []
        self._lock = threading.Lock()
        self._closed = False
        self.refusing = False
        """While true, new connections are closed as soon as they are accepted."""
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if self.refusing:
                client.close()
                continue
            upstream = socket.create_connection(self._target)
            link = _Link(client, upstream)
            with self._lock:
                self._links.append(link)
            threading.Thread(target=self._pump, args=(link, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(link, False), daemon=True).start()

    def _pump(self, link: _Link, outbound: bool) -> None:
        source, sink = (link.client, link.upstream) if outbound else (link.upstream, link.client)
        try:
            while chunk := source.recv(65536):
                if outbound and LISTENS in chunk:
                    link.listens = True
                if not link.silent:
                    sink.sendall(chunk)
        except OSError:
            pass
        link.close()

    def silence_listeners(self) -> int:
        """Make every listening connection open now go silent; how many there were."""
        with self._lock:
            chosen = [link for link in self._links if link.listens and not link.silent]
        for link in chosen:
            link.silent = True
        return len(chosen)

    def close(self) -> None:
        self._closed = True
        self._server.close()
        with self._lock:
            for link in self._links:
                link.close()

    def __enter__(self) -> SilencingProxy:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
