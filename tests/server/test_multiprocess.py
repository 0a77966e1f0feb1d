"""Two server processes on one PostgreSQL database serve the same match: an action through one
reaches a client of the other, bots run once, and the log verifies."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from boardkit import Match
from tests.server.live_server import serve
from tests.server.netclient import NetSeat, http, play
from tests.server.silencing import SilencingProxy

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

T = TypeVar("T")


def _wait_until(
    read: Callable[[], T], done: Callable[[T], bool], seconds: float, pause: float = 0.05
) -> T:
    """Read ``read()`` every ``pause`` seconds until ``done`` holds for it, and return that
    reading; fails, naming the last reading, after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done(value := read()):
        assert time.monotonic() < deadline, f"still {value!r} after {seconds} s"
        time.sleep(pause)
    return value


def test_an_action_through_one_process_reaches_a_client_of_the_other(
    tmp_path: Path, postgres_url: str
) -> None:
    args = ["--db", postgres_url, "--think-ms", "0", "--rate-limit", "1000"]
    with (
        serve(args, tmp_path / "one.log") as one,
        serve(args, tmp_path / "two.log") as two,
    ):
        spec = [{"human": True}, {"human": True}, {"bot": "random"}]
        match_id = http(one.url, "/api/matches", {"game": "shangrila", "seats": spec})["id"]
        # the other process lists and joins the match it never saw
        assert match_id in [m["id"] for m in http(two.url, "/api/matches")["matches"]]
        ann = http(one.url, f"/api/matches/{match_id}/join", {"name": "ann"})["token"]
        bob = http(two.url, f"/api/matches/{match_id}/join", {"name": "bob"})["token"]
        seats = {0: NetSeat(one.url, match_id, ann), 1: NetSeat(two.url, match_id, bob)}
        watcher = NetSeat(two.url, match_id, None)
        rng = random.Random(5)
        state = play(seats, rng, stop=lambda s: s["to_decide"] == 0)
        seats[0].until(state["seq"])
        seats[0].act_randomly(rng)  # through process one…
        seen = seats[1].until(state["seq"] + 1)  # …reaches bob on process two
        assert seen["entries"][-1]["player"] == 0
        watcher.until(state["seq"] + 1)
        end = play(seats, rng)
        assert end["over"]
        for url, token in ((one.url, ann), (two.url, bob)):
            text = http(url, f"/api/matches/{match_id}/log", token=token)
            match = Match.from_json(text)
            assert match.verified and match.is_over and len(match) == end["seq"] + 1
        for seat in (*seats.values(), watcher):
            seat.close()


def _listening_backends(url: str, terminate: bool = False) -> list[int]:
    """The pids of the server processes' LISTEN connections to this database (terminated first
    when ``terminate``, as an administrator or a failover would)."""
    import psycopg

    what = "pg_terminate_backend(pid), pid" if terminate else "true, pid"
    query = (
        f"SELECT {what} FROM pg_stat_activity WHERE datname = current_database() "
        "AND query = 'LISTEN boardkit' AND pid <> pg_backend_pid()"
    )
    with psycopg.connect(url, autocommit=True) as conn:
        return sorted(int(row[1]) for row in conn.execute(query).fetchall())


def _ann_on_one_bob_and_cyd_on_two(one: str, two: str) -> tuple[str, list[str], dict[int, NetSeat]]:
    """A 3-player Shangrila match of people, created through process ``one``: ann joins and
    plays through ``one``, bob and cyd through ``two``. Its id, their tokens and seats."""
    match_id = http(one, "/api/matches", {"game": "shangrila", "seats": [{"human": True}] * 3})
    tokens = [
        http(url, f"/api/matches/{match_id['id']}/join", {"name": name})["token"]
        for url, name in ((one, "ann"), (two, "bob"), (two, "cyd"))
    ]
    seats = {
        seat: NetSeat(url, match_id["id"], token)
        for seat, (url, token) in enumerate(zip((one, two, two), tokens, strict=True))
    }
    return match_id["id"], tokens, seats


def test_a_process_that_loses_its_listen_connection_reconnects_and_resyncs(
    tmp_path: Path, postgres_url: str
) -> None:
    """issue 24: a dropped LISTEN connection (here ``pg_terminate_backend``) no longer leaves a
    process deaf to the others for good: a move made while it was away reaches its clients by
    the resync, and moves after it as fast as before (within a second)."""
    args = ["--db", postgres_url, "--think-ms", "0", "--rate-limit", "1000"]
    with (
        serve(args, tmp_path / "one.log") as one,
        serve(args, tmp_path / "two.log") as two,
    ):
        match_id, tokens, seats = _ann_on_one_bob_and_cyd_on_two(one.url, two.url)
        rng = random.Random(11)
        before = _listening_backends(postgres_url)
        assert len(before) == 2  # one per process
        for attempt in range(2):
            state = play(seats, rng, stop=lambda s: s["to_decide"] != 0)
            seq = state["seq"]
            seats[0].until(seq)
            if attempt == 0:  # the move is made while both processes are deaf
                assert _listening_backends(postgres_url, terminate=True) == before
            else:  # both listen again, on new connections
                now = _wait_until(
                    lambda: _listening_backends(postgres_url),
                    lambda now: now != before and len(now) == 2,
                    seconds=10,
                )
                assert not set(now) & set(before)
            mover = seats[state["to_decide"]]
            mover.until(seq)
            started = time.monotonic()
            mover.act_randomly(rng)
            seen = seats[0].until(seq + 1, timeout=10)  # ann's process is one, the mover's two
            took = time.monotonic() - started
            assert seen["entries"][-1]["player"] == state["to_decide"]
            if attempt == 1:
                assert took < 1.0, took
        end = play(seats, rng)
        assert end["over"]
        text = http(one.url, f"/api/matches/{match_id}/log", token=tokens[0])
        assert Match.from_json(text).verified
        for seat in seats.values():
            seat.close()


def _ready(url: str) -> tuple[int, dict[str, Any]]:
    """``/readyz``'s status and answer."""
    try:
        with urllib.request.urlopen(url + "/readyz", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def _metric(url: str, name: str) -> float:
    """One unlabelled figure of a server process's /metrics."""
    with urllib.request.urlopen(url + "/metrics", timeout=10) as response:
        text = response.read().decode()
    return next(float(line.split()[1]) for line in text.splitlines() if line.startswith(name + " "))


def test_a_process_whose_listen_connection_goes_silent_replaces_it_and_resyncs(
    tmp_path: Path, postgres_url: str
) -> None:
    """issue 24: a listening connection that goes silent without being closed (a network
    partition; here a proxy that swallows its bytes) is found out when it does not hear the
    process's own ping (``--listen-check``) and replaced, and the other process's moves reach
    the clients again; waiting for notices alone would have left the process deaf for good.
    While it cannot get a new one, ``/readyz`` says it is not ready and why, and ``/metrics``
    says it is not listening."""
    check = 0.5
    with SilencingProxy(postgres_url) as proxy:
        args = ["--think-ms", "0", "--rate-limit", "1000", "--listen-check", str(check)]
        with (
            serve(["--db", postgres_url, *args], tmp_path / "one.log") as one,
            serve(["--db", proxy.url, *args], tmp_path / "two.log") as two,
        ):
            assert _ready(two.url)[0] == 200 and _metric(two.url, "boardkit_listening") == 1
            match_id, tokens, seats = _ann_on_one_bob_and_cyd_on_two(one.url, two.url)
            rng = random.Random(3)
            state = play(seats, rng, stop=lambda s: s["to_decide"] == 0)
            seq = state["seq"]
            proxy.refusing = True  # the database is away for new connections…
            assert proxy.silence_listeners() == 1  # …and two's listening one goes silent
            seats[0].until(seq)
            seats[0].act_randomly(rng)  # through process one, while two hears nothing
            # two finds out that it is deaf
            ready = _wait_until(lambda: _ready(two.url), lambda r: r[0] != 200, 10, pause=0.1)
            assert ready[0] == 503
            assert "not hearing the other processes" in ready[1]["reason"]
            assert "not even its own ping, for 1 s; reconnecting" in ready[1]["reason"]
            assert _metric(two.url, "boardkit_listening") == 0
            started = time.monotonic()
            proxy.refusing = False  # back: the next try reconnects, the resync brings the move
            seen = seats[1].until(seq + 1, timeout=20)
            took = time.monotonic() - started
            assert seen["entries"][-1]["player"] == 0
            assert took < 12.0, took  # the longest pause between tries is 5 s
            # ready once the resync has gone through them all
            _wait_until(lambda: _ready(two.url), lambda r: r[0] == 200, seconds=5)
            assert _metric(two.url, "boardkit_listening") == 1
            assert _metric(two.url, "boardkit_listen_reconnects_total") == 1
            end = play(seats, rng)
            assert end["over"]
            text = http(two.url, f"/api/matches/{match_id}/log", token=tokens[1])
            assert Match.from_json(text).verified
            for seat in seats.values():
                seat.close()


def _bot_choices(url: str) -> float:
    """The bot choices a server process started, from its /metrics."""
    with urllib.request.urlopen(url + "/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("boardkit_bot_choices_total{")
    )


def test_each_bot_decision_is_computed_once_and_a_dead_process_bots_go_on_elsewhere(
    tmp_path: Path, postgres_url: str
) -> None:
    """issue 24: a match's bots run only in the process holding its bot lease (before, every
    process computed every bot decision and all but one were thrown away); killed with
    ``kill -9`` mid-match, that process's lease goes with its connection, and the other process
    takes it and carries the bots on."""
    args = ["--db", postgres_url, "--think-ms", "0", "--rate-limit", "1000"]
    with (
        serve(args, tmp_path / "one.log") as one,
        serve(args, tmp_path / "two.log") as two,
    ):
        spec = [{"human": True}, {"bot": "random"}, {"bot": "random"}]
        match_id = http(one.url, "/api/matches", {"game": "shangrila", "seats": spec})["id"]
        token = http(one.url, f"/api/matches/{match_id}/join", {"name": "ann"})["token"]
        ann = {
            one.url: NetSeat(one.url, match_id, token),
            two.url: NetSeat(two.url, match_id, token),
        }
        rng = random.Random(3)
        # stopped on ann's turn, so that no bot is thinking while the counts are read
        state = play({0: ann[one.url]}, rng, stop=lambda s: s["seq"] >= 12 and s["to_decide"] == 0)
        ann[two.url].until(state["seq"])
        bot_entries = sum(1 for e in ann[one.url].entries.values() if e["player"] in (1, 2))
        assert bot_entries > 0
        choices = {url: _bot_choices(url) for url in (one.url, two.url)}
        assert sum(choices.values()) == bot_entries, choices  # each computed once…
        assert sorted(choices.values())[0] == 0, choices  # …all in one process
        holder, other = (one, two) if choices[one.url] else (two, one)
        ann[holder.url].close()
        holder.kill()
        end = play({0: ann[other.url]}, rng)
        assert end["over"]
        after = sum(1 for e in ann[other.url].entries.values() if e["player"] in (1, 2))
        assert after > bot_entries and _bot_choices(other.url) == after - bot_entries
        text = http(other.url, f"/api/matches/{match_id}/log", token=token)
        assert Match.from_json(text).verified
        ann[other.url].close()
