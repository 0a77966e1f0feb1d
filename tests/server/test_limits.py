"""The server's limits: each refuses with its name, while a normal client plays on.

Token buckets run on an injected clock; the limits of the application through Starlette's test
client; the timeouts that only a real socket can show (idle WebSockets, headers and bodies
sent a byte at a time) against a real ``boardkit serve`` process (slow).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed

from boardkit.server.app import create_app
from boardkit.server.command import configure
from boardkit.server.limits import AddressBuckets, ConnectionCount, LimitError, Limits, TokenBucket
from boardkit.server.protocol import Limits as ProtocolLimits
from tests.server.helpers import create, join
from tests.server.live_server import serve
from tests.server.netclient import NetSeat, http, play
from tests.server.test_metrics import scrape
from tests.server.wsclient import Seat


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# --- the pieces, on an injected clock ---------------------------------------------------------


def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, capacity=3.0, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == pytest.approx(0.5)
    clock.now += 0.25
    assert not bucket.take()  # half a token
    clock.now += 0.25
    assert bucket.take() and not bucket.take()
    clock.now += 60  # never more than the capacity, however long the wait
    assert bucket.full()
    assert sum(bucket.take() for _ in range(10)) == 3


def test_a_clock_that_goes_back_adds_no_tokens() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1.0, capacity=1.0, clock=clock)
    assert bucket.take()
    clock.now -= 50
    assert not bucket.take()
    clock.now += 1
    assert bucket.take()


def test_address_buckets_are_apart_and_forgotten_once_full() -> None:
    clock = Clock()
    buckets = AddressBuckets(rate=1 / 60, capacity=2, clock=clock)
    assert buckets.take("a") is None and buckets.take("a") is None
    wait = buckets.take("a")
    assert wait == pytest.approx(60.0)
    assert buckets.take("b") is None  # another address has its own bucket
    clock.now += 60
    assert buckets.take("a") is None
    # many addresses: the full buckets are swept, memory stays bounded
    for n in range(5000):
        buckets.take(f"10.0.{n // 256}.{n % 256}")
        clock.now += 120  # each bucket is full again before the next address comes
    assert len(buckets) <= 1024


def test_connection_count_keeps_both_limits() -> None:
    count = ConnectionCount(Limits(max_connections=3, max_connections_per_address=2))
    assert count.admit("a") is None and count.admit("a") is None
    refusal = count.admit("a")
    assert isinstance(refusal, LimitError)
    assert (refusal.limit, refusal.max, refusal.close_code) == (
        "max_connections_per_address",
        2,
        1008,
    )
    assert count.admit("b") is None
    refusal = count.admit("c")
    assert refusal is not None
    assert (refusal.limit, refusal.status, refusal.close_code) == ("max_connections", 503, 1013)
    assert refusal.reason() == "limit max_connections (3)"
    count.release("a")
    assert count.of("a") == 1 and count.admit("c") is None
    assert count.total == 3


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("max_connections", 0),
        ("max_connections_per_address", 1.5),
        ("hello_timeout", 0),
        ("creations_per_minute", float("inf")),
        ("views_per_second", float("nan")),
        ("body_timeout", -1.0),
    ],
)
def test_limits_refuse_values_that_bound_nothing(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=f"Limits.{field}"):
        Limits(**{field: value})


def test_the_protocol_module_still_offers_the_same_limits() -> None:
    assert ProtocolLimits is Limits


# --- the application, through the test client -------------------------------------------------


@contextlib.contextmanager
def app_client(tmp_path: Path, **limits: Any) -> Iterator[TestClient]:
    chosen = Limits(rate=10_000.0, burst=10_000, **limits)
    app = create_app(data_dir=tmp_path / "data", think_ms=0, limits=chosen, gc_sweep_every=None)
    with TestClient(app) as client:
        try:
            yield client
        finally:  # the client waits for every open connection when it stops
            Seat.close_all()


def nim_seats(client: TestClient) -> dict[int, Seat]:
    match_id = create(client, "nim", [{"human": True}] * 2)
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    return {i: Seat(client, match_id, tokens[i]) for i in range(2)}


def one_move(seats: dict[int, Seat]) -> dict[str, Any]:
    """The seat that decides plays its first legal action; the state after it."""
    state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
    me = seats[state["to_decide"]]
    me.until(state["seq"])
    me.act(0)
    return me.until(state["seq"] + 1)


def play_out(seats: dict[int, Seat]) -> dict[str, Any]:
    state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
    while not state["over"]:
        state = one_move(seats)
    return state


def refused_socket(client: TestClient) -> WebSocketDisconnect:
    """Open a WebSocket the server refuses at once; the close it got."""
    with client.websocket_connect("/ws") as ws, pytest.raises(WebSocketDisconnect) as caught:
        ws.receive_text()
    return caught.value


def test_match_creations_per_address_are_refused_past_the_limit(tmp_path: Path) -> None:
    with app_client(tmp_path, creations_per_minute=2) as client:
        seats = nim_seats(client)  # one creation
        typo = client.post("/api/matches", json={"game": "nim", "seat": []})
        assert typo.json()["error"] == "bad_request"  # a malformed request costs nothing
        create(client, "nim", [{"bot": "first"}] * 2)  # two
        response = client.post("/api/matches", json={"game": "nim", "seats": [{"human": True}]})
        assert response.status_code == 429
        body = response.json()
        assert body["error"] == "limit"
        assert (body["limit"], body["max"]) == ("creations_per_minute", 2)
        assert 1 <= body["retry_after"] <= 30 and response.headers["retry-after"] == str(
            body["retry_after"]
        )
        assert "creations_per_minute" in body["message"]
        assert play_out(seats)["over"]  # the players of the match already made play on
        counted = scrape(client)
        assert counted[("boardkit_refusals_total", (("code", "limit:creations_per_minute"),))] == 1


def test_connections_per_address_are_refused_with_the_limits_name(tmp_path: Path) -> None:
    with app_client(tmp_path, max_connections_per_address=3) as client:
        seats = nim_seats(client)
        watcher = Seat(client, seats[0].welcome["match"], None)
        closed = refused_socket(client)
        assert closed.code == 1008
        assert closed.reason == "limit max_connections_per_address (3)"
        one_move(seats)  # the three open connections play on
        watcher.close()
        again = Seat(client, seats[0].welcome["match"], None)  # a place came free
        assert again.welcome["type"] == "welcome"
        assert play_out(seats)["over"]
        counted = scrape(client)
        key = ("boardkit_refusals_total", (("code", "limit:max_connections_per_address"),))
        assert counted[key] == 1


def test_connections_in_total_are_refused_as_try_again_later(tmp_path: Path) -> None:
    with app_client(tmp_path, max_connections=2) as client:
        seats = nim_seats(client)
        closed = refused_socket(client)
        assert (closed.code, closed.reason) == (1013, "limit max_connections (2)")
        assert play_out(seats)["over"]


def test_a_socket_that_never_says_hello_is_closed_on_time(tmp_path: Path) -> None:
    with app_client(tmp_path, hello_timeout=0.5) as client:
        seats = nim_seats(client)
        started = time.monotonic()
        with client.websocket_connect("/ws") as idle:
            idle.send_text('{"type": "ping"}')  # talking is not saying hello
            assert idle.receive_json() == {"type": "pong"}
            with pytest.raises(WebSocketDisconnect) as caught:
                idle.receive_text()
        waited = time.monotonic() - started
        assert 0.4 <= waited < 5
        assert (caught.value.code, caught.value.reason) == (1008, "limit hello_timeout (0.5)")
        time.sleep(0.3)  # the seats said hello: past the timeout, they play on
        assert play_out(seats)["over"]
        counted = scrape(client)
        assert counted[("boardkit_refusals_total", (("code", "limit:hello_timeout"),))] == 1


def test_view_requests_past_the_rate_get_an_error_frame_naming_the_limit(tmp_path: Path) -> None:
    with app_client(tmp_path, views_per_second=1.0) as client:
        seats = nim_seats(client)
        one_move(seats)
        viewer = seats[0]
        viewer.until(1)
        answers = []
        for _ in range(3):  # a burst of two, then refused
            viewer.send({"type": "view", "seq": 0})
            answers.append(viewer.receive())
        assert [a["type"] for a in answers] == ["view", "view", "error"]
        error = answers[2]
        assert (error["code"], error["limit"], error["max"]) == ("limit", "views_per_second", 1)
        assert error["retry_after"] == 1
        # the connection stays open and plays on; the other seat's views are its own
        seats[1].send({"type": "view", "seq": 0})
        assert seats[1].expect("view")["seq"] == 0
        assert play_out(seats)["over"]


def test_serve_options_set_every_limit() -> None:
    parser = configure(argparse.ArgumentParser())
    args = parser.parse_args(
        [
            "--max-connections",
            "50",
            "--max-connections-per-address",
            "5",
            "--hello-timeout",
            "2.5",
            "--header-timeout",
            "3",
            "--body-timeout",
            "4",
            "--creations-per-minute",
            "6",
            "--views-per-second",
            "7",
            "--forwarded-allow-ips",
            "10.0.0.1",
        ]
    )
    assert (args.max_connections, args.max_connections_per_address) == (50, 5)
    assert (args.hello_timeout, args.header_timeout, args.body_timeout) == (2.5, 3.0, 4.0)
    assert (args.creations_per_minute, args.views_per_second) == (6.0, 7.0)
    assert args.forwarded_allow_ips == "10.0.0.1"
    defaults = parser.parse_args([])
    assert defaults.max_connections == Limits().max_connections
    assert defaults.max_connections_per_address == Limits().max_connections_per_address
    assert defaults.hello_timeout == Limits().hello_timeout
    assert defaults.body_timeout == Limits().body_timeout
    assert defaults.creations_per_minute == Limits().creations_per_minute
    assert defaults.views_per_second == Limits().views_per_second


@pytest.mark.parametrize(
    "option", ["--max-connections=0", "--hello-timeout=nan", "--views-per-second=-1"]
)
def test_serve_refuses_a_limit_that_bounds_nothing(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = configure(argparse.ArgumentParser())
    with pytest.raises(SystemExit):
        parser.parse_args([option])
    assert option.split("=")[1] in capsys.readouterr().err


# --- a real server: idle sockets, slow headers and slow bodies are dropped on time -----------

IDLE = 200


async def _idle_sockets(url: str, count: int) -> list[float]:
    """Open ``count`` WebSockets that never say hello; the seconds each stayed open."""
    opened = time.monotonic()
    sockets = [await async_connect(url, open_timeout=20) for _ in range(count)]

    async def closed_after(ws: Any) -> float:
        with contextlib.suppress(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1008 and ws.close_reason.startswith("limit hello_timeout")
        return time.monotonic() - opened

    return await asyncio.wait_for(asyncio.gather(*map(closed_after, sockets)), 30)


def _slow_http(port: int, start: bytes) -> socket.socket:
    """A connection that sends ``start`` and then nothing."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=20)
    conn.sendall(start)
    return conn


def _answer(conn: socket.socket) -> tuple[bytes, float]:
    """What the server sends before it closes the connection, and when it closed it."""
    data = b""
    while chunk := conn.recv(4096):
        data += chunk
    conn.close()
    return data, time.monotonic()


@pytest.mark.slow
def test_idle_sockets_and_slow_requests_are_dropped_while_a_game_goes_on(tmp_path: Path) -> None:
    args = [
        "--data",
        str(tmp_path / "data"),
        "--think-ms",
        "0",
        "--hello-timeout",
        "2",
        "--header-timeout",
        "2",
        "--body-timeout",
        "2",
        "--max-connections-per-address",
        str(IDLE + 10),
    ]
    with serve(args, tmp_path / "server.log") as server:
        match_id = http(
            server.url, "/api/matches", {"game": "nim", "seats": [{"human": True}] * 2}
        )["id"]
        tokens = [http(server.url, f"/api/matches/{match_id}/join", {})["token"] for _ in range(2)]
        started = time.monotonic()
        slow = [
            _slow_http(server.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n") for _ in range(20)
        ]
        body = b'{"game": "ni'
        half = (
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + b"Content-Length: 100\r\n\r\n"
            + body
        )
        bodies = [_slow_http(server.port, half) for _ in range(5)]
        # a keep-alive connection: one request answered, the next one's headers never finished
        kept = _slow_http(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        first = kept.recv(4096)
        while not first.endswith(b"}"):  # the answer's head and body may come apart
            first += kept.recv(4096)
        assert first.startswith(b"HTTP/1.1 200")
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHo")
        kept_at = time.monotonic()
        ws_url = server.url.replace("http", "ws", 1) + "/ws"
        loop = asyncio.new_event_loop()
        try:
            idle = loop.run_in_executor(None, lambda: asyncio.run(_idle_sockets(ws_url, IDLE)))
            seats = {i: NetSeat(server.url, match_id, tokens[i]) for i in range(2)}
            end = play(seats, random.Random(5))  # meanwhile, a whole game
            played = time.monotonic() - started
            for seat in seats.values():
                seat.close()
            lifetimes = loop.run_until_complete(asyncio.wait_for(idle, 40))
        finally:
            loop.close()
        assert end["over"]
        assert len(lifetimes) == IDLE
        assert min(lifetimes) >= 1.5 and max(lifetimes) < 15, (min(lifetimes), max(lifetimes))
        for conn in slow:  # headers never finished: closed without an answer
            data, when = _answer(conn)
            assert data == b"" and 1.5 <= when - started < 15
        data, when = _answer(kept)
        assert data == b"" and 1.5 <= when - kept_at < 15
        for conn in bodies:  # a body that never finished: 408, naming the limit
            data, when = _answer(conn)
            assert data.startswith(b"HTTP/1.1 408"), data[:200]
            assert b'"limit":"body_timeout"' in data
            assert 1.5 <= when - started < 15
        assert played < 30
        with urllib.request.urlopen(server.url + "/metrics", timeout=10) as response:
            metrics = response.read().decode()
        assert f'boardkit_refusals_total{{code="limit:hello_timeout"}} {IDLE}.0' in metrics
        assert 'boardkit_refusals_total{code="limit:body_timeout"} 5.0' in metrics
