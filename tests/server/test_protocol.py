"""The server's protocol as a client uses it: lobby, join, play, resync, reconnect, consent,
downloads, restarts, and every kind of bad input (each answered, none changing the match)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match
from boardkit.bots.mcts import DEFAULT_ITERATIONS, MCTSBot
from boardkit.bots.random_bot import RandomBot
from boardkit.log import entry_to_json, redact_entries
from boardkit.present.narration import narrate_entry
from boardkit.server import create_app
from boardkit.server.leases import server_bot
from boardkit.server.protocol import Limits
from boardkit.server.tokens import token_hash
from tests.server.helpers import FAST, create, decider_of, join, live, play_until
from tests.server.wsclient import Seat

THREE: list[dict[str, Any]] = [{"human": True}] * 3
HUMANS_AND_BOT: list[dict[str, Any]] = [{"human": True}, {"human": True}, {"bot": "random"}]


def two_seats(client: TestClient, game: str = "khan") -> tuple[str, dict[int, Seat], list[str]]:
    match_id = create(client, game, HUMANS_AND_BOT)
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    return match_id, seats, tokens


# --- the lobby ---------------------------------------------------------------------------------


def test_the_lobby_lists_games_and_matches_and_hands_out_seats(
    client: TestClient, data: Path
) -> None:
    games = client.get("/api/games").json()
    names = {g["name"]: g for g in games["games"]}
    assert {"khan", "shangrila", "nim"} <= set(names)
    assert 3 in names["shangrila"]["players"] and names["khan"]["hidden_information"]
    assert {"random", "greedy", "mcts"} <= set(games["bots"])
    match_id = create(client, "shangrila", HUMANS_AND_BOT)
    listed = client.get("/api/matches").json()["matches"]
    assert [m["id"] for m in listed] == [match_id]
    assert listed[0]["status"] == "open"
    first = join(client, match_id, "ann")
    assert first["seat"] == 0 and len(first["token"]) == 43
    second = join(client, match_id, "bob<script>")
    assert second["seat"] == 1
    again = client.post(f"/api/matches/{match_id}/join", json={"name": "eve"})
    assert again.status_code == 400 and again.json()["error"] == "no_seat"
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "running"
    assert [s["name"] for s in summary["seats"]] == ["ann", "bob<script>", "random bot"]
    assert first["token"] not in json.dumps(summary)
    # tokens are stored hashed
    with sqlite3.connect(data / "boardkit.sqlite3") as db:
        stored = {row[0] for row in db.execute("SELECT token_hash FROM boardkit_seat")}
    assert token_hash(first["token"]) in stored and first["token"] not in stored


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ({"game": "chess", "seats": [{"human": True}] * 2}, "not_found", 404),
        ({"game": "shangrila", "seats": [{"human": True}]}, "bad_request", 400),
        ({"game": "shangrila", "seats": [{"bot": "nobody"}] * 3}, "bad_request", 400),
        # a bot's budget is the server's: mcts:seconds=100000 would hold a bot thread for a day
        ({"game": "shangrila", "seats": [{"bot": "mcts:seconds=100000"}] * 3}, "bad_request", 400),
        ({"game": "shangrila", "seats": [{"bot": "greedy:max_actions=9"}] * 3}, "bad_request", 400),
        ({"game": "shangrila", "seats": THREE, "options": {"x": 1}}, "bad_request", 400),
        ({"game": "shangrila", "seats": THREE, "think_ms": True}, "bad_request", 400),
        ({"game": "shangrila", "seats": "three"}, "bad_request", 400),
        # a seat is exactly {"human": true} or {"bot": NAME}: these all were quietly humans
        ({"game": "shangrila", "seats": [{"humn": True}] * 3}, "bad_request", 400),
        ({"game": "shangrila", "seats": [{"human": False}] * 3}, "bad_request", 400),
        ({"game": "shangrila", "seats": [{"human": 1}] * 3}, "bad_request", 400),
        ({"game": "shangrila", "seats": [{"bot": None}] * 3}, "bad_request", 400),
        (
            {"game": "shangrila", "seats": [{"human": True, "bot": "random"}] * 3},
            "bad_request",
            400,
        ),
        # a misspelt field was ignored, and the match made with the defaults
        (
            {"game": "shangrila", "seats": THREE, "option": {"edition": "english"}},
            "bad_request",
            400,
        ),
        ({"game": "shangrila", "seats": THREE, "think": 0}, "bad_request", 400),
        ({"game": 7, "seats": [{"human": True}] * 3}, "bad_request", 400),
    ],
)
def test_a_bad_match_is_refused_with_a_reason(
    client: TestClient, body: dict[str, Any], code: str, status: int
) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status
    assert response.json()["error"] == code and response.json()["message"]
    assert client.get("/api/matches").json()["matches"] == []


def test_a_stored_bot_spec_with_parameters_plays_with_the_default_budget() -> None:
    """A match stored before bots were taken by name alone resumes with the defaults: its
    ``mcts:seconds=100000`` does not hold a bot thread for a day."""
    bot = server_bot("mcts:seconds=100000:iterations=1000000000")
    assert isinstance(bot, MCTSBot)
    assert bot.seconds is None and bot.iterations == DEFAULT_ITERATIONS
    assert isinstance(server_bot("random"), RandomBot)


def test_a_join_takes_a_seat_and_a_name_and_nothing_else(client: TestClient) -> None:
    match_id = create(client, "shangrila", THREE)
    for body in [{"name": 123}, {"name": ["ann"]}, {"name": "ann", "token": "x"}, {"nme": "ann"}]:
        response = client.post(f"/api/matches/{match_id}/join", json=body)
        assert response.status_code == 400, body
        assert response.json()["error"] == "bad_request"
    assert all(not s["taken"] for s in client.get(f"/api/matches/{match_id}").json()["seats"])


def test_a_player_cannot_take_another_seats_name(client: TestClient) -> None:
    """Names are distinct (case aside), so nobody passes for another seat or for a bot."""
    match_id = create(client, "shangrila", [{"human": True}] * 3 + [{"bot": "random"}])
    join(client, match_id, "Random Bot")
    join(client, match_id, "seat 3", seat=1)  # the name seat 3 has until it is taken
    join(client, match_id, "ann", seat=2)
    names = [s["name"] for s in client.get(f"/api/matches/{match_id}").json()["seats"]]
    assert names == ["Random Bot#2", "seat 3#2", "ann", "random bot"]
    assert live(client, match_id).names == tuple(names)
    match_id = create(client, "shangrila", THREE)
    join(client, match_id, "x" * 40)
    join(client, match_id, "X" * 32)
    names = [s["name"] for s in client.get(f"/api/matches/{match_id}").json()["seats"]]
    assert names == ["x" * 32, "X" * 30 + "#2", "seat 3"]


def test_a_pinned_seed_is_ascii_digits(data: Path) -> None:
    """On a pinned-seed server, "²" (a digit to ``str.isdigit``) was an internal error. One
    server for every bad seed (starting one costs more than the requests)."""
    with TestClient(create_app(data_dir=data, pinned_seeds=True)) as client:
        for seed in ["²", "١٢", "9" * 41, "-1", 7]:
            body = {"game": "shangrila", "seats": THREE, "seed": seed}
            response = client.post("/api/matches", json=body)
            assert response.status_code == 400, seed
            assert response.json()["error"] == "bad_request", seed
            assert create(client, "shangrila", THREE, seed="7")


def test_bad_http_bodies_are_refused(client: TestClient) -> None:
    assert client.post("/api/matches", content=b"{nope").json()["error"] == "bad_json"
    assert client.post("/api/matches", content=b"[1]").json()["error"] == "bad_json"
    big = client.post("/api/matches", content=b" " * 20_000)
    assert big.status_code == 400 and big.json()["error"] == "too_big"
    assert client.get("/api/matches/nothing").status_code == 404
    assert client.post("/api/matches/nothing/join", json={}).status_code == 404


def _post_in_chunks(app: Any, chunks: int, headers: list[tuple[bytes, bytes]]) -> tuple[int, int]:
    """POST /api/matches with ``chunks`` chunks of 4 KiB, straight through ASGI: the status
    and how many chunks the application read before it answered."""
    pulled = 0
    answer: dict[str, Any] = {}

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b" " * 4096, "more_body": pulled < chunks}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] = answer.get("body", b"") + message.get("body", b"")

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/matches",
        "raw_path": b"/api/matches",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    asyncio.run(app(scope, receive, send))
    assert json.loads(answer["body"])["error"] == "too_big"
    return answer["status"], pulled


def test_a_huge_body_is_refused_before_it_is_read(data: Path) -> None:
    """A gigabyte body was read into memory whole before the size check: now the server reads
    no more than the limit (16 KiB) and answers, and a declared length over it is refused
    before any byte is read."""
    app = create_app(data_dir=data)
    status, pulled = _post_in_chunks(app, 250_000, [])  # a gigabyte, streamed
    assert status == 400 and pulled <= 5
    status, pulled = _post_in_chunks(app, 250_000, [(b"content-length", str(2**30).encode())])
    assert status == 400 and pulled == 0


# --- playing -----------------------------------------------------------------------------------


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_two_seats_and_a_bot_play_a_whole_match(client: TestClient) -> None:
    match_id, seats, _ = two_seats(client, "khan")
    end = play_until(seats, lambda s: False, random.Random(1))
    assert end["over"] and end["result"]["winners"]
    held = live(client, match_id)
    full = held.match.log
    for seat, conn in seats.items():
        conn.until(end["seq"])
        mine = redact_entries(held.game, full.entries, seat)
        # the seat was sent exactly its redacted log, and its narration
        for entry, sent in zip(mine, [conn.entries[i] for i in range(len(mine))], strict=True):
            assert sent["entry"] == json.loads(json.dumps(entry_to_json(held.game, entry)))
        before = held.game.initial(held.match.config)
        lines = narrate_entry(held.game, before, full.entries[0].events, seat, held.names)
        assert conn.entries[0]["lines"] == lines
        assert conn.state["scores"] is not None and len(conn.state["scores"]) == 3
        text = "\n".join(conn.frames)
        assert str(held.match.config.seed) not in text and '"seed"' not in text
        conn.close()


def test_only_the_deciding_seat_gets_actions_with_paths(client: TestClient) -> None:
    match_id, seats, _ = two_seats(client, "shangrila")
    who = decider_of(client, match_id)
    assert who == seats[0].state["to_decide"] == seats[1].state["to_decide"]
    other = 1 - who if who in (0, 1) else None
    if who in seats:
        legal = seats[who].state["legal"]
        assert legal and legal[0]["i"] == 0 and legal[0]["path"] and legal[0]["text"]
        assert [a["i"] for a in legal] == list(range(len(legal)))
    if other is not None:
        assert seats[other].state["legal"] == []


def test_a_stale_action_gets_a_full_resync_and_changes_nothing(client: TestClient) -> None:
    match_id, seats, _ = two_seats(client, "shangrila")
    rng = random.Random(2)
    state = play_until(seats, lambda s: s["seq"] >= 3 and s["to_decide"] in (0, 1), rng)
    me = seats[state["to_decide"]]
    me.until(state["seq"])
    length = live(client, match_id).length
    me.send({"type": "act", "seq": state["seq"] - 1, "index": 0})
    error = me.expect("error")
    assert error["code"] == "stale"
    resync = me.expect("state")
    assert resync["full"] and resync["seq"] == state["seq"] and len(resync["entries"]) == length
    assert live(client, match_id).length == length
    me.act(0)  # the resynced client plays on
    me.until(state["seq"] + 1)


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_reconnecting_seat_resumes_exactly(client: TestClient) -> None:
    match_id, seats, tokens = two_seats(client, "shangrila")
    state = play_until(seats, lambda s: s["seq"] >= 4, random.Random(3))
    seats[0].close()
    back = Seat(client, match_id, tokens[0])
    assert back.welcome["you"] == 0
    assert back.state["seq"] >= state["seq"] and back.state["full"]
    assert len(back.entries) == back.state["seq"] + 1
    seats[0] = back
    end = play_until(seats, lambda s: False, random.Random(4))
    assert end["over"]


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_consent_is_asked_of_the_seat_that_owes_it(client: TestClient) -> None:
    """Khan's consent: the non-active seat decides, gets the actions, and its answer counts."""
    for attempt in range(8):
        match_id = create(client, "khan", [{"human": True}, {"human": True}])
        tokens = [join(client, match_id, n)["token"] for n in ("ann", "bob")]
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        state = play_until(
            seats,
            lambda s: s["to_decide"] is not None and s["to_decide"] != s["active"],
            random.Random(attempt),
        )
        if state["over"]:
            continue
        owed, active = state["to_decide"], state["active"]
        assert state["asked"]  # an answer put to a seat outside its turn ("your answer")
        seats[owed].until(state["seq"])
        seats[active].until(state["seq"])
        assert seats[active].state["legal"] == []
        answers = seats[owed].state["legal"]
        assert answers and all(a["path"][0] for a in answers)
        # the active seat may not answer for the other one
        error = seats[active].error({"type": "act", "seq": state["seq"], "index": 0})
        assert error["code"] == "not_your_turn"
        seats[owed].act(0)
        after = seats[active].until(state["seq"] + 1)
        assert after["entries"][-1]["player"] == owed
        return
    pytest.fail("no consent decision came up in 8 random Khan matches")


# --- bad input ---------------------------------------------------------------------------------


def assert_usable(seat: Seat) -> None:
    seat.send({"type": "ping"})
    assert seat.expect("pong") == {"type": "pong"}


def test_every_bad_message_gets_a_clear_error_and_changes_nothing(client: TestClient) -> None:
    match_id, seats, tokens = two_seats(client, "shangrila")
    other_id = create(client, "shangrila", HUMANS_AND_BOT)
    other_token = join(client, other_id)["token"]
    # wait until a person decides: no bot moves while the bad messages come
    state = play_until(seats, lambda s: s["to_decide"] in (0, 1), random.Random(12))
    for seat in seats.values():
        seat.until(state["seq"])
    length = live(client, match_id).length
    who = state["to_decide"]
    idle = seats[1 - who]
    cases: list[tuple[object, str]] = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('"hello"', "bad_json"),
        ({"type": "launch"}, "unknown_type"),
        ({"kind": "act"}, "unknown_type"),
        ({"type": "act", "seq": True, "index": 0}, "bad_request"),
        ({"type": "act", "seq": 1.0, "index": 0}, "bad_request"),
        ({"type": "act", "seq": "1", "index": 0}, "bad_request"),
        ({"type": "act", "seq": -1, "index": 0}, "bad_request"),
        ({"type": "act", "seq": 1, "index": 0, "player": 0}, "bad_request"),
        ({"type": "act", "seq": length - 1, "index": 0}, "not_your_turn"),
        ({"type": "view", "seq": 10_000}, "bad_seq"),
        ({"type": "hello", "match": match_id, "token": tokens[0]}, "already_bound"),
        ("x" * 5000, "too_big"),
        ("[" * 3000 + "]" * 3000, "too_big"),
        ("[" * 1500 + "]" * 1500, "bad_json"),
    ]
    for message, code in cases:
        error = idle.error(message)
        assert error["code"] == code, (message, error)
        assert error["message"] and len(error["message"]) < 300
        assert all(t not in error["message"] for t in tokens)
        assert_usable(idle)
    assert live(client, match_id).length == length
    # a token of another match, a forged one and a malformed one, on fresh connections
    for token, code in [(other_token, "bad_token"), ("A" * 43, "bad_token"), ("x y", "bad_token")]:
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "match": match_id, "token": token}))
            error = json.loads(ws.receive_text())
            assert error["type"] == "error" and error["code"] == code
            assert token not in error["message"]
            ws.send_text(json.dumps({"type": "act", "seq": 0, "index": 0}))
            assert json.loads(ws.receive_text())["code"] == "no_hello"
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(ws.receive_text())["type"] == "pong"
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "match": "no-such-match"}))
        assert json.loads(ws.receive_text())["code"] == "not_found"
    with client.websocket_connect("/ws") as ws:  # JSON can spell a lone surrogate out
        ws.send_text('{"type": "hello", "match": "\\ud800"}')
        assert json.loads(ws.receive_text())["code"] == "bad_request"
    # a spectator cannot act
    spectator = Seat(client, match_id, None)
    assert spectator.welcome["you"] is None
    assert spectator.error({"type": "act", "seq": length - 1, "index": 0})["code"] == "not_a_player"
    assert live(client, match_id).length == length


def test_an_index_outside_the_legal_list_is_refused(client: TestClient) -> None:
    match_id, seats, _ = two_seats(client, "shangrila")
    state = play_until(seats, lambda s: s["to_decide"] in (0, 1), random.Random(5))
    me = seats[state["to_decide"]]
    me.until(state["seq"])
    count = len(me.state["legal"])
    error = me.error({"type": "act", "seq": state["seq"], "index": count})
    assert error["code"] == "bad_action" and str(count) in error["message"]
    assert live(client, match_id).length == state["seq"] + 1


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_finished_match_refuses_actions(client: TestClient) -> None:
    _, seats, _ = two_seats(client, "shangrila")
    end = play_until(seats, lambda s: False, random.Random(6))
    seats[0].until(end["seq"])
    error = seats[0].error({"type": "act", "seq": end["seq"], "index": 0})
    assert error["code"] == "finished"
    assert_usable(seats[0])


def test_a_flood_is_rate_limited_and_the_connection_survives(data: Path) -> None:
    app = create_app(data_dir=data, think_ms=0, limits=Limits(rate=5.0, burst=5))
    with TestClient(app) as client:
        match_id = create(client, "shangrila", HUMANS_AND_BOT)
        seat = Seat(client, match_id, join(client, match_id)["token"])
        for _ in range(12):
            seat.send({"type": "ping"})
        kinds = [seat.receive() for _ in range(12)]
        limited = [m for m in kinds if m["type"] == "error"]
        assert limited and all(m["code"] == "rate_limited" for m in limited)
        time.sleep(0.5)
        assert_usable(seat)
        Seat.close_all()


# --- logs, time travel, restarts ---------------------------------------------------------------


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_logs_redacted_during_play_and_full_for_players_after(client: TestClient) -> None:
    match_id, seats, tokens = two_seats(client, "khan")
    auth = {"authorization": f"Bearer {tokens[0]}"}
    during = client.get(f"/api/matches/{match_id}/log", headers=auth)
    assert during.status_code == 200
    header = json.loads(during.text)["header"]
    assert "seed" not in header and "salt" not in header and header["viewer"] == 0
    Match.from_json(during.text)  # a redacted log the player can load
    forged = client.get(
        f"/api/matches/{match_id}/log", headers={"authorization": "Bearer " + "A" * 43}
    )
    assert forged.status_code == 403 and "A" * 43 not in forged.text
    end = play_until(seats, lambda s: False, random.Random(7))
    assert end["over"]
    full = client.get(f"/api/matches/{match_id}/log", headers=auth)
    match = Match.from_json(full.text)  # verifies the seed commitment and every action
    assert match.verified and match.is_over
    assert json.loads(full.text)["header"]["seed_commitment"] == header["seed_commitment"]
    spectator = json.loads(client.get(f"/api/matches/{match_id}/log").text)
    assert spectator["header"]["viewer"] == "spectator" and "seed" not in spectator["header"]


def test_time_travel_shows_the_seats_past(client: TestClient) -> None:
    match_id, seats, tokens = two_seats(client, "khan")
    play_until(seats, lambda s: s["seq"] >= 6, random.Random(8))
    seats[0].close()
    seat = Seat(client, match_id, tokens[0], svg=True)
    seat.send({"type": "view", "seq": 2})
    view = seat.receive()
    while view["type"] != "view":  # a bot's move may come first
        view = seat.receive()
    held = live(client, match_id)
    drawn = held.game.render_svg(held.states[2], 0, held.entries[2].action, names=held.names)
    assert view["svg"] == drawn and "ann: " in drawn
    assert view["entry"]["seq"] == 2


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_restarted_server_resumes_every_match(data: Path) -> None:
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        match_id, seats, tokens = two_seats(client, "shangrila")
        state = play_until(seats, lambda s: s["seq"] >= 5, random.Random(9))
        Seat.close_all()
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        assert seats[0].state["seq"] >= state["seq"]
        end = play_until(seats, lambda s: False, random.Random(10))
        assert end["over"]
        log = client.get(
            f"/api/matches/{match_id}/log", headers={"authorization": f"Bearer {tokens[1]}"}
        )
        assert Match.from_json(log.text).verified
        Seat.close_all()


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_match_that_does_not_replay_tells_clients_no_secret(
    data: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A stored log that no longer replays (a rules change, a damaged database) was refused
    with the replay's reason, which quotes the full log: "recorded as CardDrawn(player=1,
    card=42)", another seat's card, sent to anyone who asked for the match. The reason is now
    for the operator's eyes only."""
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        match_id, seats, _ = two_seats(client, "khan")
        play_until(seats, lambda s: s["seq"] >= 12, random.Random(3))
        Seat.close_all()
    with sqlite3.connect(data / "boardkit.sqlite3") as db:
        rows = db.execute(
            "SELECT seq, body FROM boardkit_entry WHERE match_id = ? AND seq > 0 ORDER BY seq",
            (match_id,),
        ).fetchall()
        damaged = []
        for seq, body in rows:
            entry = json.loads(body)
            drawn = [e for e in entry["events"] if e["type"] == "CardDrawn" and e["player"] == 1]
            if drawn:
                drawn[0]["card"] = (drawn[0]["card"] + 1) % 72  # what a rules change would do
                damaged.append(json.dumps(entry))
                db.execute(
                    "UPDATE boardkit_entry SET body = ? WHERE match_id = ? AND seq = ?",
                    (damaged[0], match_id, seq),
                )
                break
        assert damaged, "no card drawn by seat 1 yet"
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        answers = [client.get(f"/api/matches/{match_id}"), client.get(f"/api/matches/{match_id}")]
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "match": match_id}))
            error = json.loads(ws.receive_text())
        assert error["type"] == "error" and error["code"] == "storage"
        for answer in answers:
            assert answer.status_code == 503 and answer.json()["error"] == "storage"
        for text in [answers[0].text, error["message"]]:
            assert match_id in text and "CardDrawn" not in text and "card=" not in text
        service: Any = client.app.state.service  # type: ignore[attr-defined]
        assert match_id in service.matches.broken  # not replayed again for every client
    (record,) = [r for r in caplog.records if "does not replay:" in r.getMessage()]
    assert "CardDrawn" in record.getMessage()  # the operator learns why
    assert record.levelno == logging.ERROR and record.name == "boardkit.server.loading"
    assert vars(record)["match"] == match_id and vars(record)["game"] == "khan"
    (resumed,) = [r for r in caplog.records if "cannot be resumed" in r.getMessage()]
    assert resumed.levelno == logging.ERROR and "CardDrawn" not in resumed.getMessage()
    assert vars(resumed)["match"] == match_id and vars(resumed)["game"] == "khan"


def test_an_all_bot_match_plays_itself_for_spectators(client: TestClient) -> None:
    match_id = create(client, "shangrila", [{"bot": "random"}] * 3)
    watcher = Seat(client, match_id, None)
    while not watcher.state["over"]:
        watcher.receive()
    assert watcher.state["result"]["winners"]
    assert client.get("/api/matches?status=finished").json()["matches"][0]["id"] == match_id
