"""The server's messages to people number seats from 1, as the lobby's "join seat 1" does; the
protocol's fields keep the seat numbers the code uses (from 0)."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.helpers import create, decider_of, join
from tests.server.wsclient import Seat


def refusal(client: TestClient, url: str, body: object) -> str:
    response = client.post(url, json=body)
    assert response.status_code == 400, response.text
    message: str = response.json()["message"]
    return message


def test_a_bad_seat_in_a_new_match_is_named_from_1(client: TestClient) -> None:
    bad_kind = refusal(client, "/api/matches", {"game": "nim", "seats": [{"human": True}, {}]})
    assert bad_kind.startswith("seat 2: a seat is")
    bad_bot = refusal(
        client, "/api/matches", {"game": "nim", "seats": [{"bot": "nobody"}, {"human": True}]}
    )
    assert bad_bot.startswith("seat 1: a bot is one of")


def test_a_taken_seat_is_named_as_the_lobby_names_it(client: TestClient) -> None:
    match_id = create(client, "nim", [{"human": True}, {"human": True}])
    assert join(client, match_id, "ann", seat=0)["seat"] == 0  # the field counts from 0
    taken = refusal(client, f"/api/matches/{match_id}/join", {"name": "bob", "seat": 0})
    assert taken == "seat 1 is not free"


def test_playing_out_of_turn_names_the_seat_that_decides_from_1(client: TestClient) -> None:
    match_id = create(client, "nim", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    deciding = decider_of(client, match_id)
    assert deciding is not None
    waiting = seats[1 - deciding]
    error = waiting.error({"type": "act", "seq": waiting.state["seq"], "index": 0})
    assert error["code"] == "not_your_turn"
    name = ("ann", "bob")[deciding]
    assert error["message"] == (
        f"it is not your decision: seat {deciding + 1} ({name}) decides now"
    )
