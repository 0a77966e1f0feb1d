"""Undo by consent through the real application: asked, granted, refused, withdrawn by a move,
refused by the rule, granted by bots, and kept across a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from boardkit.server import create_app
from boardkit.server.storage.sqlite import SQLiteStorage
from tests.server.helpers import FAST, create, join, live
from tests.server.wsclient import Seat

TWO: list[dict[str, Any]] = [{"human": True}] * 2


def table(client: TestClient, game: str = "nim", seats: list[dict[str, Any]] = TWO) -> Any:
    match_id = create(client, game, seats)
    humans = [i for i, s in enumerate(seats) if s.get("human")]
    tokens = {i: join(client, match_id, ["ann", "bob"][i], seat=i)["token"] for i in humans}
    return match_id, {i: Seat(client, match_id, tokens[i]) for i in humans}


def move(seats: dict[int, Seat], index: int = 0) -> int:
    """The seat that decides plays its legal action ``index``; every seat sees it. Returns
    the seat that moved."""
    seq = max(s.state["seq"] for s in seats.values())
    for s in seats.values():
        s.until(seq)
    who: int = next(iter(seats.values())).state["to_decide"]
    seats[who].act(index)
    for s in seats.values():
        s.until(seq + 1)
    return who


def undo_frame(seat: Seat, done: Any) -> dict[str, Any]:
    """The next ``undo`` frame for which ``done(frame)`` holds."""
    while True:
        frame = seat.expect("undo")
        if done(frame):
            return frame


def error(seat: Seat, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` and return the error it gets (``undo`` frames before it are passed)."""
    seat.send(message)
    while True:
        frame = seat.receive()
        if frame["type"] not in ("state", "undo"):
            assert frame["type"] == "error", frame
            return frame


def test_undo_asked_then_granted_takes_the_entries_back_everywhere(
    client: TestClient, data: Path
) -> None:
    match_id, seats = table(client)
    first = move(seats)
    second = move(seats)
    assert first != second
    asker, other = seats[first], seats[second]
    asker.send({"type": "undo_ask", "seq": 2})
    asked = undo_frame(other, lambda f: f["pending"] is not None)
    assert asked["pending"] == {
        "by": first,
        "first": 1,
        "at": 2,
        "waiting": [second],
        "granted": [],
    }
    assert live(client, match_id).length == 3  # nothing changes before the answer
    other.send({"type": "undo_answer", "grant": True})
    for seat in (asker, other):
        frame = undo_frame(seat, lambda f: f["last"] is not None)
        assert frame["pending"] is None
        assert frame["last"] == {"outcome": "granted", "by": first, "first": 1, "granted": [second]}
        assert seat.state["seq"] == 0 and seat.state["full"]
        assert seat.state["to_decide"] == first
    assert live(client, match_id).length == 1
    rows = asyncio.run(_stored_entries(data, match_id))
    assert len(rows) == 1
    # play goes on from there, and the new entry takes the freed number
    move(seats, 1)
    assert asker.state["seq"] == 1 and live(client, match_id).length == 2


async def _stored_entries(data: Path, match_id: str) -> list[str]:
    storage = SQLiteStorage(data / "boardkit.sqlite3")
    await storage.open()
    try:
        return await storage.entries(match_id)
    finally:
        await storage.close()


def test_undo_refused_by_the_other_seat_changes_nothing(client: TestClient) -> None:
    match_id, seats = table(client)
    first = move(seats)
    second = move(seats)
    seats[first].send({"type": "undo_ask", "seq": 2})
    undo_frame(seats[second], lambda f: f["pending"] is not None)
    seats[second].send({"type": "undo_answer", "grant": False})
    frame = undo_frame(seats[first], lambda f: f["last"] is not None)
    assert frame["pending"] is None
    assert frame["last"] == {"outcome": "refused", "by": first, "first": 1, "refused_by": second}
    assert live(client, match_id).length == 3
    refusal = error(seats[second], {"type": "undo_answer", "grant": True})
    assert refusal["code"] == "no_undo"


def test_a_move_withdraws_the_request(client: TestClient) -> None:
    _, seats = table(client)
    first = move(seats)
    seats[first].send({"type": "undo_ask", "seq": 1})
    other = 1 - first
    undo_frame(seats[other], lambda f: f["pending"] is not None)
    move(seats)  # the asked seat moves instead of answering
    frame = undo_frame(seats[first], lambda f: f["last"] is not None)
    assert frame["pending"] is None and frame["last"]["outcome"] == "withdrawn"
    assert error(seats[other], {"type": "undo_answer", "grant": True})["code"] == "no_undo"


def test_the_rule_refuses_with_its_reason(client: TestClient) -> None:
    _, seats = table(client, "goofspiel")
    move(seats)
    move(seats)  # the second bid: both bids turn up
    refusal = error(seats[0], {"type": "undo_ask", "seq": 2})
    assert refusal["code"] == "undo_refused"
    assert refusal["message"].startswith("cannot undo: entry 2 showed player ")
    assert error(seats[1], {"type": "undo_ask", "seq": 2})["code"] == "undo_refused"


def test_a_bot_grants_at_once(client: TestClient) -> None:
    match_id, seats = table(client, "nim", [{"human": True}, {"bot": "random"}])
    ann = seats[0]
    state = ann.state
    while state["to_decide"] != 0:
        state = ann.until(state["seq"] + 1)
    seq = state["seq"]
    ann.act(0)
    state = ann.until(seq + 2)  # ann's move and the bot's reply
    ann.send({"type": "undo_ask", "seq": state["seq"]})
    frame = undo_frame(ann, lambda f: f["last"] is not None)
    assert frame["last"]["outcome"] == "granted" and frame["last"]["granted"] == []
    assert ann.state["seq"] == seq and ann.state["to_decide"] == 0
    assert live(client, match_id).length == seq + 1


def test_bad_undo_messages_are_refused(client: TestClient) -> None:
    match_id, seats = table(client)
    first = move(seats)
    spectator = Seat(client, match_id, None)
    assert error(spectator, {"type": "undo_ask", "seq": 1})["code"] == "not_a_player"
    assert error(seats[first], {"type": "undo_ask", "seq": 0})["code"] == "stale"
    assert error(seats[first], {"type": "undo_ask", "seq": "1"})["code"] == "bad_request"
    assert error(seats[first], {"type": "undo_answer", "grant": 1})["code"] == "bad_request"
    assert error(seats[first], {"type": "undo_ask", "seq": 1, "x": 1})["code"] == "bad_request"
    other = seats[1 - first]
    assert error(other, {"type": "undo_ask", "seq": 1})["message"].startswith(
        "cannot undo: player "
    )
    seats[first].send({"type": "undo_ask", "seq": 1})
    undo_frame(other, lambda f: f["pending"] is not None)
    again = error(seats[first], {"type": "undo_ask", "seq": 1})
    assert again["code"] == "undo_pending"
    assert error(seats[first], {"type": "undo_answer", "grant": True})["code"] == "not_asked"


def test_a_granted_undo_survives_a_restart(data: Path) -> None:
    app = create_app(data_dir=data, think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        match_id, seats = table(client)
        first = move(seats)
        second = move(seats)
        seats[first].send({"type": "undo_ask", "seq": 2})
        undo_frame(seats[second], lambda f: f["pending"] is not None)
        seats[second].send({"type": "undo_answer", "grant": True})
        undo_frame(seats[first], lambda f: f["last"] is not None)
        Seat.close_all()
    app = create_app(data_dir=data, think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        watcher = Seat(client, match_id, None)
        assert watcher.state["seq"] == 0
        assert live(client, match_id).verified
        Seat.close_all()
