"""issue 24, play across days: a player key that spans matches without accounts ("my matches",
"your turn" first, tokens back on a second device) and signed, retried webhook notifications
that carry no secret."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.server.app import create_app
from boardkit.server.players import player_hash, seat_token, well_formed_key
from boardkit.server.tokens import token_hash, well_formed
from boardkit.server.webhooks import Webhook, signature
from tests.server.helpers import FAST, create, decider_of, join
from tests.server.wsclient import Seat


def _key() -> str:
    return secrets.token_urlsafe(32)


# --- keys and tokens --------------------------------------------------------------------------


def test_a_seat_token_is_derived_from_the_key_match_and_seat() -> None:
    key, other = _key(), _key()
    assert well_formed_key(key) and not well_formed_key("short") and not well_formed_key(7)
    token = seat_token(key, "m1", 0)
    assert well_formed(token) and len(token) == 43
    assert token == seat_token(key, "m1", 0)  # the same on every device holding the key
    assert len({token, seat_token(key, "m1", 1), seat_token(key, "m2", 0)}) == 3
    assert seat_token(other, "m1", 0) != token
    assert player_hash(key) not in (token_hash(key), player_hash(other))


# --- my matches -------------------------------------------------------------------------------


def _my(client: TestClient, key: object) -> Any:
    return client.post("/api/my-matches", json={"player": key})


def test_my_matches_lists_a_keys_seats_your_turn_first_with_their_tokens(
    client: TestClient,
) -> None:
    key = _key()
    ids, tokens, bobs = [], [], []
    for _ in range(3):
        match_id = create(client, "nim", [{"human": True}, {"human": True}])
        tokens.append(join(client, match_id, "ann", seat=0, player=key)["token"])
        bobs.append(join(client, match_id, "bob", seat=1)["token"])
        ids.append(match_id)
    assert tokens == [seat_token(key, i, 0) for i in ids]
    for n, match_id in enumerate(ids):  # ann's turn in the second match only
        wanted = 0 if n == 1 else 1
        if decider_of(client, match_id) != wanted:
            mover = 1 - wanted
            Seat(client, match_id, (tokens, bobs)[mover][n]).act(0)
        deadline = 200
        while decider_of(client, match_id) != wanted and deadline:
            deadline -= 1
            client.get("/healthz")  # let the move land
        assert decider_of(client, match_id) == wanted
    listed = _my(client, key).json()["matches"]
    assert {m["id"] for m in listed} == set(ids)
    assert listed[0]["id"] == ids[1] and listed[0]["your_turn"] is True
    assert [m["your_turn"] for m in listed[1:]] == [False, False]
    for m in listed:
        assert m["seat"] == 0 and m["names"] == ["ann", "bob"] and m["game"] == "nim"
        assert m["token"] == tokens[ids.index(m["id"])]  # a second device gets its seats back
    assert _my(client, _key()).json() == {"matches": []}


def test_my_matches_and_join_refuse_a_malformed_key_and_the_lobby_shows_no_key(
    client: TestClient,
) -> None:
    response = _my(client, "not a key")
    assert response.status_code == 403 and "not a player key" in response.text
    match_id = create(client, "nim", [{"human": True}, {"human": True}])
    response = client.post(f"/api/matches/{match_id}/join", json={"name": "x", "player": "k!"})
    assert response.status_code == 400 and "player key" in response.text
    key = _key()
    join(client, match_id, "ann", player=key)
    lobby = (
        client.get("/api/matches?status=open,running").text
        + client.get(f"/api/matches/{match_id}").text
    )
    assert key not in lobby and player_hash(key) not in lobby
    response = client.post("/api/my-matches", json={"player": key, "extra": 1})
    assert response.status_code == 400 and "extra" in response.text


# --- webhooks -----------------------------------------------------------------------------------


def test_a_delivery_is_signed_and_retried_with_one_id_until_taken() -> None:
    tries: list[tuple[bytes, dict[str, str]]] = []
    answers: Iterator[OSError | int] = iter([OSError("connection refused"), 502, 200])

    def post(url: str, body: bytes, headers: Mapping[str, str], timeout: float) -> int:
        assert url == "https://hooks.example/boardkit"
        tries.append((body, dict(headers)))
        answer = next(answers)
        if isinstance(answer, OSError):
            raise answer
        return answer

    hook = Webhook("https://hooks.example/boardkit", "s3cret", pauses=(0.01, 0.01), post=post)
    event = {"event": "your_turn", "match": "m1", "seat": 1}
    assert asyncio.run(hook.deliver(event)) is True
    assert len(tries) == 3 and hook.delivered == 1 and hook.given_up == 0
    assert len({h["x-boardkit-delivery"] for _, h in tries}) == 1  # retries share the id
    for body, headers in tries:
        assert json.loads(body) == event
        expected = signature("s3cret", headers["x-boardkit-timestamp"], body)
        assert hmac.compare_digest(headers["x-boardkit-signature"], expected)
    failing = Webhook("http://hooks.example/", "s3cret", pauses=(0.01,), post=lambda *a: 500)
    assert asyncio.run(failing.deliver(event)) is False and failing.given_up == 1


def test_a_webhook_needs_an_http_url_and_a_secret() -> None:
    with pytest.raises(ValueError, match="http"):
        Webhook("ftp://x", "s")
    with pytest.raises(ValueError, match="secret"):
        Webhook("https://x", "")


class _Receiver(BaseHTTPRequestHandler):
    """A webhook receiver: answers 503 to the first try of each delivery, 204 after."""

    got: list[tuple[dict[str, str], bytes]] = []  # noqa: RUF012
    seen: set[str] = set()  # noqa: RUF012

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["content-length"]))
        headers = {k.lower(): v for k, v in self.headers.items()}
        first = headers["x-boardkit-delivery"] not in _Receiver.seen
        _Receiver.seen.add(headers["x-boardkit-delivery"])
        if not first:
            _Receiver.got.append((headers, body))
        self.send_response(503 if first else 204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_the_server_tells_the_webhook_whose_turn_it_is_with_no_secret(tmp_path: Path) -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
    hook = Webhook(url, "s3cret", pauses=(0.05,))
    key = _key()
    try:
        with TestClient(
            create_app(data_dir=tmp_path, think_ms=0, limits=FAST, webhook=hook)
        ) as client:
            match_id = create(client, "nim", [{"human": True}, {"human": True}])
            ann = join(client, match_id, "ann", seat=0, player=key)["token"]
            bob = join(client, match_id, "bob", seat=1)["token"]
            first = decider_of(client, match_id)
            assert first is not None
            Seat(client, match_id, (ann, bob)[first]).act(0)
            for _ in range(400):
                if _Receiver.got:
                    break
                client.get("/healthz")
                threading.Event().wait(0.01)
            Seat.close_all()
    finally:
        receiver.shutdown()
    assert len(_Receiver.got) == 1, _Receiver.got
    headers, body = _Receiver.got[0]
    event = json.loads(body)
    waiting = 1 - first
    assert event == {
        "event": "your_turn",
        "match": match_id,
        "game": "nim",
        "seat": waiting,
        "name": ("ann", "bob")[waiting],
        "player": player_hash(key) if waiting == 0 else None,
        "entry": event["entry"],
        "path": f"/match/{match_id}",
    }
    assert event["entry"] >= 1
    for secret in (ann, bob, key):
        assert secret not in body.decode()
    mac = hmac.new(
        b"s3cret", headers["x-boardkit-timestamp"].encode() + b"." + body, hashlib.sha256
    )
    assert headers["x-boardkit-signature"] == "sha256=" + mac.hexdigest()
