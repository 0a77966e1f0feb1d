"""A small test client for the server's protocol over Starlette's TestClient WebSockets.

It keeps what a real client keeps (the entries it was sent, the last state) and checks the
protocol's promises as it goes: entries arrive in order, never twice, none missing.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect  # noqa: F401  (re-exported for tests)


class Seat:
    """One WebSocket connection, bound to a match as a seat or a spectator."""

    opened: list[Seat] = []  # noqa: RUF012  (every live connection, closed by close_all)

    def __init__(
        self,
        client: TestClient,
        match_id: str,
        token: str | None,
        svg: bool = False,
        lang: str | None = None,
    ):
        self._cm = client.websocket_connect("/ws")
        self.closed = False
        Seat.opened.append(self)
        self.ws: Any = self._cm.__enter__()
        self.frames: list[str] = []
        self.entries: dict[int, dict[str, Any]] = {}
        self.state: dict[str, Any] = {}
        hello: dict[str, Any] = {"type": "hello", "match": match_id, "svg": svg}
        if token is not None:
            hello["token"] = token
        if lang is not None:
            hello["lang"] = lang
        self.send(hello)
        self.welcome = self.expect("welcome")
        self.expect("state")

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._cm.__exit__(None, None, None)

    @classmethod
    def close_all(cls) -> None:
        """Close every connection still open (a TestClient waits for them when it stops)."""
        while cls.opened:
            cls.opened.pop().close()

    def send(self, message: object) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        raw = self.ws.receive_text()
        self.frames.append(raw)
        message: dict[str, Any] = json.loads(raw)
        if message["type"] == "state":
            self._take(message)
        return message

    def _take(self, message: dict[str, Any]) -> None:
        if message["full"]:
            self.entries = {}
        for entry in message["entries"]:
            assert entry["seq"] not in self.entries, f"entry {entry['seq']} sent twice"
            assert entry["seq"] == len(self.entries), "an entry is missing"
            self.entries[entry["seq"]] = entry
        assert len(self.entries) == message["seq"] + 1
        self.state = message

    def expect(self, kind: str) -> dict[str, Any]:
        """The next frame of type ``kind``; updates (``state``) that come first are taken in."""
        message = self.receive()
        while message["type"] == "state" and kind != "state":
            message = self.receive()
        assert message["type"] == kind, str(message)[:500]
        return message

    def error(self, message: object) -> dict[str, Any]:
        """Send ``message`` and return the error it gets."""
        self.send(message)
        return self.expect("error")

    def until(self, seq: int) -> dict[str, Any]:
        """Read frames until the state after entry ``seq`` (or later) arrived."""
        while self.state.get("seq", -1) < seq:
            message = self.receive()
            assert message["type"] != "error", f"waiting for entry {seq}: {message}"
        return self.state

    def act(self, index: int = 0) -> None:
        self.send({"type": "act", "seq": self.state["seq"], "index": index})
