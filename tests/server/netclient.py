"""A protocol client over a real socket (the ``websockets`` package), for tests against real
server processes: same bookkeeping as :mod:`tests.server.wsclient`."""

from __future__ import annotations

import contextlib
import json
import random
import urllib.request
from typing import Any

from websockets.sync.client import connect


def http(base: str, path: str, body: object = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read().decode()
    return text if path.endswith("/log") else json.loads(text)


class NetSeat:
    """One connection to a server process, bound to a match as a seat (or a spectator)."""

    def __init__(self, base: str, match_id: str, token: str | None) -> None:
        self._opened = contextlib.ExitStack()  # the connection is a context manager
        self.ws = self._opened.enter_context(
            connect(base.replace("http", "ws", 1) + "/ws", max_size=2**24)
        )
        self.entries: dict[int, dict[str, Any]] = {}
        self.state: dict[str, Any] = {}
        hello: dict[str, Any] = {"type": "hello", "match": match_id, "svg": False}
        if token is not None:
            hello["token"] = token
        self.ws.send(json.dumps(hello))
        assert self.receive(10)["type"] == "welcome"
        assert self.receive(10)["type"] == "state"

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        if message["type"] == "state":
            if message["full"]:
                self.entries = {}
            for entry in message["entries"]:
                self.entries[entry["seq"]] = entry
            assert len(self.entries) == message["seq"] + 1
            self.state = message
        return message

    def until(self, seq: int, timeout: float = 20) -> dict[str, Any]:
        """The state once it holds entry ``seq``. A refusal that arrives meanwhile fails at
        once, with the server's words: waiting on would only time out, saying nothing."""
        while self.state.get("seq", -1) < seq:
            message = self.receive(timeout)
            if message["type"] == "error":
                raise AssertionError(f"refused while waiting for entry {seq}: {message}")
        return self.state

    def act_randomly(self, rng: random.Random) -> None:
        legal = self.state["legal"]
        index = rng.randrange(len(legal))
        self.ws.send(json.dumps({"type": "act", "seq": self.state["seq"], "index": index}))

    def close(self) -> None:
        self._opened.close()


def play(seats: dict[int, NetSeat], rng: random.Random, stop: Any = None) -> dict[str, Any]:
    """Play random actions for ``seats`` until the end or ``stop(state)``; the last state."""
    for _ in range(3000):
        state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
        if state["over"] or (stop is not None and stop(state)):
            return state
        who = state["to_decide"]
        first = next(iter(seats.values()))
        if who in seats:
            me = seats[who]
            mine = me.until(state["seq"])
            if not mine["legal"]:  # waiting on would time out, saying nothing
                raise AssertionError(
                    f"seat {who} owes a decision at entry {state['seq']} but its copy lists no "
                    f"legal action: {mine}"
                )
            me.act_randomly(rng)
            me.until(state["seq"] + 1)
        else:
            first.until(state["seq"] + 1)
    raise AssertionError("the match did not end")
