"""The review route of a finished match: a seat's own decisions from its redacted log, every
seat's for a game that hides nothing, refusals, and the page."""

from __future__ import annotations

import random

from starlette.testclient import TestClient

from boardkit import Match
from boardkit.runner.review import review_match
from boardkit.server.review import SECONDS
from tests.server.helpers import create, join, live, play_until
from tests.server.wsclient import Seat

TWO = [{"human": True}, {"human": True}]


def finished(client: TestClient, game: str, options: dict[str, object]) -> tuple[str, list[str]]:
    match_id = create(client, game, TWO, options=options)
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    assert play_until(seats, lambda s: False, random.Random(3))["over"]
    Seat.close_all()
    return match_id, tokens


def test_a_seat_gets_the_review_of_its_own_decisions_from_its_own_log(
    client: TestClient,
) -> None:
    match_id, tokens = finished(client, "goofspiel", {})
    auth = {"authorization": f"Bearer {tokens[1]}"}
    response = client.get(f"/api/matches/{match_id}/review?iterations=8&seed=2", headers=auth)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["viewer"] == "seat 1" and body["seats"] == [1]
    assert body["players"] == ["ann", "bob"]
    assert body["decisions"] and {d["seat"] for d in body["decisions"]} == {1}
    # exactly the review of the seat's redacted log: nothing else was read
    redacted = Match.from_json(live(client, match_id).log_json(1, full=False))
    made = review_match(redacted, seed=2, iterations=8, seconds=SECONDS)
    expected = made.to_json(game=redacted.game)  # the moves in English too (no lang asked)
    assert body == expected
    # asked again: the same answer
    again = client.get(f"/api/matches/{match_id}/review?iterations=8&seed=2", headers=auth)
    assert again.json() == body


def test_without_a_token_a_game_that_hides_nothing_is_reviewed_for_every_seat(
    client: TestClient,
) -> None:
    match_id, _ = finished(client, "nim", {"stones": 9})
    body = client.get(f"/api/matches/{match_id}/review?iterations=20").json()
    assert body["seats"] == [0, 1] and body["viewer"] == "spectator"
    assert {d["seat"] for d in body["decisions"]} == {0, 1}


def test_the_review_is_refused_with_a_reason(client: TestClient) -> None:
    match_id, tokens = finished(client, "goofspiel", {})
    hidden = client.get(f"/api/matches/{match_id}/review?iterations=5")
    assert hidden.status_code == 403 and "send your seat's token" in hidden.json()["message"]
    auth = {"authorization": f"Bearer {tokens[0]}"}
    for query, word in (("iterations=0", "iterations"), ("iterations=99999", "iterations"),
                        ("seed=x", "seed")):  # fmt: skip
        bad = client.get(f"/api/matches/{match_id}/review?{query}", headers=auth)
        assert bad.status_code == 400 and word in bad.json()["message"]
    running = create(client, "nim", TWO)
    refused = client.get(f"/api/matches/{running}/review")
    assert refused.status_code == 400 and refused.json()["error"] == "not_over"
    assert client.get("/api/matches/nope/review").status_code == 404


def test_the_review_page_is_served(client: TestClient) -> None:
    match_id, _ = finished(client, "nim", {"stones": 5})
    page = client.get(f"/match/{match_id}/review")
    assert page.status_code == 200 and "/static/review.js" in page.text
    assert client.get("/static/review.js").status_code == 200
