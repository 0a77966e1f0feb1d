"""The names players join with reach every log the server writes and every picture it draws
(issue 23, item 7): a downloaded log names ann and bob, not "seat 1" and "seat 2"."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardkit import Match
from boardkit.cli import main
from boardkit.server import create_app
from boardkit.server.views import svg_of
from tests.server.helpers import FAST, create, join, live, play_until
from tests.server.wsclient import Seat

TWO = [{"human": True}, {"human": True}]


def _play_nim(client: TestClient) -> tuple[str, list[str]]:
    match_id = create(client, "nim", TWO, options={"stones": 7})
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    assert play_until(seats, lambda s: False, random.Random(5))["over"]
    Seat.close_all()
    return match_id, tokens


def test_a_downloaded_log_names_the_players_and_replay_says_who_won(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match_id, tokens = _play_nim(client)
    auth = {"authorization": f"Bearer {tokens[0]}"}
    text = client.get(f"/api/matches/{match_id}/log", headers=auth).text
    assert json.loads(text)["header"]["players"] == ["ann", "bob"]
    match = Match.from_json(text)  # the renamed header still verifies
    assert match.verified and match.is_over
    spectator = json.loads(client.get(f"/api/matches/{match_id}/log").text)
    assert spectator["header"]["players"] == ["ann", "bob"]
    path = tmp_path / "nim.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    winner = ("ann", "bob")[match.result.winners[0]] if match.result else "?"
    assert "ann, bob" in out and f"{winner} wins" in out and "seat 1" not in out


def test_a_match_stored_with_seat_names_serves_the_joined_names(data: Path) -> None:
    """The stored header keeps the names the match was made with; the seat rows hold who
    joined. A match stored so (every match before this rule) serves the names after a
    restart."""
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        match_id, tokens = _play_nim(client)
    database = next(data.glob("*.sqlite*"))
    with sqlite3.connect(database) as db:
        (header,) = db.execute(
            "SELECT header FROM boardkit_match WHERE id = ?", (match_id,)
        ).fetchone()
    assert json.loads(header)["players"] == ["seat 1", "seat 2"]  # as stored at creation
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        auth = {"authorization": f"Bearer {tokens[1]}"}
        text = client.get(f"/api/matches/{match_id}/log", headers=auth).text
        assert json.loads(text)["header"]["players"] == ["ann", "bob"]
        assert Match.from_json(text).verified


def test_the_picture_names_the_seats_as_they_join(client: TestClient) -> None:
    match_id = create(client, "khan", [{"human": True}, {"human": True}, {"bot": "random"}])
    first = Seat(client, match_id, join(client, match_id, "ann")["token"], svg=True)
    assert "ann: " in first.state["svg"] and "seat 2: " in first.state["svg"]  # not taken yet
    join(client, match_id, "bob")
    held = live(client, match_id)
    assert held.names == ("ann", "bob", "random bot")
    picture = svg_of(held, held.length - 1, 0)
    assert picture is not None and "bob: " in picture and "seat 2: " not in picture
