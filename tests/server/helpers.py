"""Shared set-up of the protocol tests: an app on a fresh SQLite file, matches, seats."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from boardkit.flow import decider
from boardkit.server.limits import Limits
from tests.server.wsclient import Seat

FAST = Limits(rate=10_000.0, burst=10_000)
"""Limits for tests that play at machine speed, far above any person's rate (the `client`
fixture's; test_protocol.py checks the rate limit itself)."""


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    response = client.post("/api/matches", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    match_id: str = response.json()["id"]
    return match_id


def join(client: TestClient, match_id: str, name: str = "ann", **extra: Any) -> dict[str, Any]:
    response = client.post(f"/api/matches/{match_id}/join", json={"name": name, **extra})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def live(client: TestClient, match_id: str) -> Any:
    """The server's own copy of the match (to check what it holds)."""
    app: Any = client.app
    return app.state.service.matches.loaded[match_id]


def play_until(
    seats: dict[int, Seat], stop: Any, rng: random.Random, limit: int = 2000
) -> dict[str, Any]:
    """Play random legal actions through ``seats`` until ``stop(state)`` or the end."""
    for _ in range(limit):
        state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
        if state["over"] or stop(state):
            return state
        who = state["to_decide"]
        if who in seats:
            me = seats[who]
            me.until(state["seq"])
            me.act(rng.randrange(len(me.state["legal"])))
            me.until(state["seq"] + 1)
        else:  # a bot decides: wait for its move
            next(iter(seats.values())).until(state["seq"] + 1)
    raise AssertionError("the match did not end")


def decider_of(client: TestClient, match_id: str) -> int | None:
    return decider(live(client, match_id).states[-1].flow)
