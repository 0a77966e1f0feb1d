"""kill -9 in the middle of a match: nothing acknowledged is lost, the match resumes, its log
verifies."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from boardkit import Match
from tests.server.live_server import ServerProcess
from tests.server.netclient import NetSeat, http, play

pytestmark = [pytest.mark.slow, pytest.mark.crash]


def test_a_killed_server_resumes_at_the_last_acknowledged_entry(tmp_path: Path) -> None:
    args = ["--data", str(tmp_path / "data"), "--think-ms", "0", "--rate-limit", "1000"]
    server = ServerProcess(args, tmp_path / "server.log")
    seats_spec = [{"human": True}, {"human": True}, {"bot": "random"}]
    match_id = http(server.url, "/api/matches", {"game": "khan", "seats": seats_spec})["id"]
    tokens = [
        http(server.url, f"/api/matches/{match_id}/join", {"name": n})["token"]
        for n in ("ann", "bob")
    ]
    seats = {i: NetSeat(server.url, match_id, tokens[i]) for i in range(2)}
    rng = random.Random(21)
    state = play(seats, rng, stop=lambda s: s["seq"] >= 25 and s["to_decide"] in (0, 1))
    acked = {i: dict(seat.entries) for i, seat in seats.items()}
    last_acked = max(max(e) for e in acked.values())
    # one more action in flight, then SIGKILL without waiting for its answer
    me = seats[state["to_decide"]]
    me.until(state["seq"])
    me.act_randomly(rng)
    server.kill()
    for seat in seats.values():
        seat.close()

    server = ServerProcess(args, tmp_path / "server.log")
    try:
        seats = {i: NetSeat(server.url, match_id, tokens[i]) for i in range(2)}
        resumed = seats[0].state["seq"]
        assert resumed >= last_acked
        for i, seat in seats.items():  # what each seat was told is exactly what it is told now
            for seq, entry in acked[i].items():
                assert seat.entries[seq] == entry
        end = play(seats, rng)
        assert end["over"]
        text = http(server.url, f"/api/matches/{match_id}/log", token=tokens[0])
        match = Match.from_json(text)
        assert match.verified and match.is_over
        assert json.loads(text)["header"]["seed"]
        for seat in seats.values():
            seat.close()
    finally:
        server.stop()
