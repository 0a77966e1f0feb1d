"""A game that need not end, on the server: a match created with an entry cap is cut off there,
the seats are told so, its log records the cap, and a restarted server holds the same end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match, registry
from boardkit.server import create_app
from tests.core.endless_game import EndlessGame
from tests.server.helpers import FAST, create, join, live
from tests.server.wsclient import Seat

HUMANS: list[dict[str, Any]] = [{"human": True}, {"human": True}]


@pytest.fixture(autouse=True)
def _endless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register(EndlessGame)


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _client(data: Path) -> TestClient:
    return TestClient(create_app(data_dir=data, think_ms=0, limits=FAST, gc_sweep_every=None))


@pytest.fixture()
def client(data: Path) -> Iterator[TestClient]:
    with _client(data) as test_client:
        try:
            yield test_client
        finally:
            Seat.close_all()


def _pass_to_the_cut(client: TestClient, cap: int) -> tuple[str, dict[int, Seat], list[str]]:
    """A two-person match of the endless game in which both always pass, played to its cap."""
    match_id = create(client, "endless", HUMANS, cap=cap)
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    for seq in range(cap - 1):
        state = seats[0].until(seq)
        seat = seats[state["to_decide"]]
        seat.until(seq)
        seat.act(0)  # pass the lowest card
        for each in seats.values():
            each.until(seq + 1)
    return match_id, seats, tokens


def test_a_match_is_cut_off_at_its_cap_and_the_seats_are_told(client: TestClient) -> None:
    match_id, seats, tokens = _pass_to_the_cut(client, 5)
    for seat in seats.values():
        state = seat.until(4)
        assert state["over"] and state["legal"] == []
        result = state["result"]
        assert result["truncated"] is True and result["winners"] == []
        assert "entry cap" in result["detail"]
    held = live(client, match_id)
    assert held.length == 5 and held.states[-1].flow.truncated
    auth = {"authorization": f"Bearer {tokens[0]}"}
    log = client.get(f"/api/matches/{match_id}/log", headers=auth)
    assert json.loads(log.text)["header"]["cap"] == 5
    match = Match.from_json(log.text, EndlessGame())
    assert match.verified and match.result is not None and match.result.truncated


def test_a_restarted_server_holds_the_same_cut(data: Path) -> None:
    with _client(data) as first:
        match_id, _, tokens = _pass_to_the_cut(first, 4)
        before = live(first, match_id).states[-1]
        Seat.close_all()
    with _client(data) as second:
        seat = Seat(second, match_id, tokens[1])
        state = seat.until(3)
        assert state["over"] and state["result"]["truncated"] is True
        assert live(second, match_id).states[-1] == before
        Seat.close_all()


def test_the_default_cap_of_a_game_without_a_bound(client: TestClient) -> None:
    match_id = create(client, "endless", HUMANS)
    assert live(client, match_id).match.config.cap == 1000


@pytest.mark.parametrize("cap", [1, True, "5", 2.5])
def test_a_bad_cap_is_refused(client: TestClient, cap: object) -> None:
    response = client.post("/api/matches", json={"game": "endless", "seats": HUMANS, "cap": cap})
    assert response.status_code == 400
    assert "cap" in response.text
