"""Two server processes on one PostgreSQL database serve the same match: an action through one
reaches a client of the other, bots run once, and the log verifies."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardkit import Match
from tests.server.live_server import serve
from tests.server.netclient import NetSeat, http, play

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


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
