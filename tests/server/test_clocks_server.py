"""Clocks, timeouts, leaving and coming back, through the real app (issue 24): what the
players see in the ``state`` frames and what the logs the server writes record."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match
from boardkit.server import create_app
from boardkit.server.clocks import DAY, TAKEOVER_BOT
from tests.server.helpers import FAST, create, join, live
from tests.server.wsclient import Seat

TWO = [{"human": True}, {"human": True}]


def seated(
    client: TestClient, clock: dict[str, Any] | None
) -> tuple[str, list[str], dict[int, Seat]]:
    extra = {} if clock is None else {"clock": clock}
    match_id = create(client, "nim", TWO, options={"stones": 15}, **extra)
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    return match_id, tokens, seats


def wait_for(seat: Seat, test: Any, limit: float = 10.0) -> dict[str, Any]:
    """Read frames until the last state passes ``test``."""
    ends = time.monotonic() + limit
    while not test(seat.state):
        assert time.monotonic() < ends, f"gave up waiting: {seat.state}"
        seat.receive()
    return seat.state


def header_of(client: TestClient, match_id: str, token: str | None = None) -> Any:
    auth = {} if token is None else {"authorization": f"Bearer {token}"}
    text = client.get(f"/api/matches/{match_id}/log", headers=auth).text
    return json.loads(text)["header"], text


def test_a_seat_out_of_time_is_taken_by_a_bot_and_the_log_says_why(client: TestClient) -> None:
    match_id, tokens, seats = seated(
        client, {"kind": "realtime", "bank": 1, "increment": 0, "on_timeout": "bot"}
    )
    first = seats[0].state
    clock = first["clock"]
    slow = first["to_decide"]
    assert clock["kind"] == "realtime" and clock["running"] == slow
    assert clock["deadline"] == pytest.approx(time.time() + 1, abs=1.0)
    assert clock["left"][1 - slow] == 1.0
    state = wait_for(seats[slow], lambda s: s["seats"][slow]["stand_in"] == TAKEOVER_BOT)
    assert state["clock"]["left"][slow] == 0.0
    at = state["seq"] + 1
    moved = wait_for(seats[slow], lambda s: s["seq"] >= at)  # the bot decides for the seat
    assert seats[slow].entries[at]["player"] == slow
    assert moved["clock"]["running"] in (1 - slow, None)
    # the player may not act while the bot holds his seat
    header, text = header_of(client, match_id, tokens[0])
    assert header["time_control"] == "realtime 1+0 bot"
    assert header["seat_changes"] == [
        {"at": at, "seat": slow, "holder": TAKEOVER_BOT, "reason": "timeout"}
    ]
    match = Match.from_json(text)  # the redacted log reads, seat changes and all
    assert match.header.seat_changes[0].reason == "timeout"
    assert client.get(f"/api/matches/{match_id}").json()["clock"]["bank"] == 1.0


def test_a_seat_that_forfeits_on_time_ends_the_match(client: TestClient) -> None:
    match_id, tokens, seats = seated(
        client, {"kind": "realtime", "bank": 1, "on_timeout": "forfeit"}
    )
    slow = seats[0].state["to_decide"]
    state = wait_for(seats[1 - slow], lambda s: s["status"] == "finished")
    assert state["forfeit"] == slow and state["legal"] == []
    assert state["clock"]["running"] is None
    result = state["result"]  # the forfeiting seat loses, the page says who won
    assert result["winners"] == [1 - slow] and result["outcome"] == [1 - slow, " wins"]
    assert result["detail"] == f"{['ann', 'bob'][slow]} ran out of time and forfeits"
    summary = client.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "finished" and summary["forfeit"] == slow
    seats[slow].act(0)
    assert seats[slow].expect("error")["code"] == "finished"
    header, text = header_of(client, match_id, tokens[0])
    assert header["seat_changes"][-1]["holder"] == "forfeit"
    assert "seed" in header  # the match is over: its players get the full log
    assert Match.from_json(text).verified


def test_a_player_leaves_a_bot_plays_and_the_token_takes_the_seat_back(
    client: TestClient,
) -> None:
    match_id, tokens, seats = seated(client, None)
    who = seats[0].state["to_decide"]
    me = seats[who]
    me.send({"type": "leave"})
    state = wait_for(me, lambda s: s["seats"][who]["stand_in"] == TAKEOVER_BOT)
    at = state["seq"] + 1
    wait_for(me, lambda s: s["seq"] >= at)  # the bot moved for the seat
    assert me.entries[at]["player"] == who
    assert me.error({"type": "leave"})["code"] == "away"
    # the bot keeps the seat; the same token, on a new connection, takes it back
    me.close()
    again = Seat(client, match_id, tokens[who])
    again.send({"type": "return"})
    wait_for(again, lambda s: s["seats"][who]["stand_in"] is None)
    assert again.error({"type": "return"})["code"] == "not_away"
    header, text = header_of(client, match_id, tokens[who])
    reasons = [(c["seat"], c["holder"], c["reason"]) for c in header["seat_changes"]]
    assert reasons == [(who, TAKEOVER_BOT, "left"), (who, "human", "returned")]
    Match.from_json(text)
    spectator = Seat(client, match_id, None)
    assert spectator.error({"type": "leave"})["code"] == "not_a_player"


def test_a_player_whose_seat_a_bot_holds_cannot_act_and_its_bot_yields(
    client: TestClient,
) -> None:
    match_id = create(client, "nim", TWO, think_ms=60_000)  # the bot thinks for a minute
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    who = seats[0].state["to_decide"]
    me = seats[who]
    me.send({"type": "leave"})
    wait_for(me, lambda s: s["seats"][who]["stand_in"] == TAKEOVER_BOT)
    me.act(0)
    error = me.expect("error")
    assert error["code"] == "away" and "take it back" in error["message"]
    me.send({"type": "return"})
    wait_for(me, lambda s: s["seats"][who]["stand_in"] is None)
    me.act(0)  # the seat is the player's again, and the thinking bot's move will be dropped
    assert wait_for(me, lambda s: s["seq"] == 1)["entries"][0]["player"] == who
    assert live(client, match_id).bot_for(who) is None


def test_correspondence_runs_out_by_the_servers_clock(client: TestClient) -> None:
    """Days per decision, with the service's clock moved forward instead of waiting days."""
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    now = [time.time()]
    service.now = lambda: now[0]
    match_id, _, seats = seated(
        client, {"kind": "correspondence", "days": 2, "on_timeout": "forfeit"}
    )
    slow = seats[0].state["to_decide"]
    assert seats[0].state["clock"]["deadline"] == pytest.approx(now[0] + 2 * DAY)
    portal = client.portal
    assert portal is not None
    now[0] += 1.9 * DAY
    portal.call(service.check_clock, match_id)
    assert live(client, match_id).status == "running"
    now[0] += 0.2 * DAY
    portal.call(service.check_clock, match_id)
    state = wait_for(seats[1 - slow], lambda s: s["status"] == "finished")
    assert state["forfeit"] == slow
    header, _ = header_of(client, match_id)
    assert header["time_control"] == "correspondence 2d forfeit"


def test_seat_changes_and_the_clock_survive_a_restart(data: Path) -> None:
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        match_id, tokens, seats = seated(client, {"kind": "realtime", "bank": 600})
        who = seats[0].state["to_decide"]
        seats[who].send({"type": "leave"})
        wait_for(seats[who], lambda s: s["seats"][who]["stand_in"] == TAKEOVER_BOT)
        Seat.close_all()
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        held = live(client, match_id)
        assert held.stand_in(who) == TAKEOVER_BOT
        assert held.control.text() == "realtime 600+0 bot"
        seat = Seat(client, match_id, tokens[who])
        seat.send({"type": "return"})
        wait_for(seat, lambda s: s["seats"][who]["stand_in"] is None)
        Seat.close_all()


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "blitz"},
        {"kind": "realtime", "bank": -5},
        {"kind": "correspondence", "days": 1, "on_timeout": "pass"},
        "5+3",
    ],
)
def test_a_bad_clock_is_refused_naming_the_field(client: TestClient, clock: object) -> None:
    response = client.post("/api/matches", json={"game": "nim", "seats": TWO, "clock": clock})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_clock"
