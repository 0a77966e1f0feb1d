"""``/metrics``: the server's counters in Prometheus' text format, scraped after real play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from boardkit.server.app import create_app
from tests.server.helpers import FAST, create, join
from tests.server.wsclient import Seat


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, by name and labels."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    out = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def _app(tmp_path: Path, name: str, **extra: Any) -> Any:
    return create_app(
        data_dir=tmp_path / name, think_ms=0, limits=FAST, gc_sweep_every=None, **extra
    )


def test_metrics_follow_matches_connections_actions_and_refusals(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, "a")) as client:
        before = scrape(client)
        assert before[("boardkit_matches_loaded", ())] == 0
        assert before[("boardkit_connections_open", ())] == 0
        # SQLite: one process, nobody else to hear (PostgreSQL's: test_multiprocess.py)
        assert before[("boardkit_listening", ())] == 1
        assert before[("boardkit_listen_reconnects_total", ())] == 0
        match_id = create(client, "nim", [{"human": True}] * 2)
        tokens = [join(client, match_id, n)["token"] for n in ("ann", "bob")]
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        watcher = Seat(client, match_id, None, svg=True)
        now = scrape(client)
        assert now[("boardkit_matches_loaded", ())] == 1
        assert now[("boardkit_connections_open", ())] == 3
        played = 0
        while played < 4 and not seats[0].state["over"]:
            state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
            me = seats[state["to_decide"]]
            me.until(state["seq"])
            me.act(0)
            me.until(state["seq"] + 1)
            played += 1
        # refused: an act by the seat that does not decide, and a stale entry number
        state = seats[0].until(played)
        waiting = seats[1 - state["to_decide"]]
        waiting.until(played)
        assert waiting.error({"type": "act", "seq": played, "index": 0})["code"] == (
            "not_your_turn"
        )
        deciding = seats[state["to_decide"]]
        assert deciding.error({"type": "act", "seq": 0, "index": 0})["code"] == "stale"
        assert client.get("/api/matches/nosuchmatch").status_code == 404
        after = scrape(client)
        game = (("by", "player"), ("game", "nim"))
        assert after[("boardkit_actions_total", game)] == played
        latency = (("game", "nim"),)
        assert after[("boardkit_action_latency_seconds_count", latency)] == played
        assert 0 < after[("boardkit_action_latency_seconds_sum", latency)] < 60
        assert after[("boardkit_refusals_total", (("code", "not_your_turn"),))] == 1
        assert after[("boardkit_refusals_total", (("code", "stale"),))] == 1
        assert after[("boardkit_refusals_total", (("code", "not_found"),))] == 1
        # the spectator asked for pictures: each drawn once, on a drawing thread, and kept
        drawn = after[("boardkit_pictures_total", (("found", "no"),))]
        assert drawn >= 1 and after[("boardkit_picture_seconds_count", ())] == drawn
        assert after[("boardkit_pictures_kept", ())] == drawn
        watcher.close()
        for seat in seats.values():
            seat.close()
        assert scrape(client)[("boardkit_connections_open", ())] == 0


def test_the_bot_queue_and_bot_actions(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, "b")) as client:
        slow = create(client, "nim", [{"bot": "random"}, {"bot": "random"}], think_ms=60_000)
        assert client.get(f"/api/matches/{slow}").status_code == 200
        assert scrape(client)[("boardkit_bot_queue", ())] == 1  # thinking for a minute
        fast = create(client, "nim", [{"bot": "random"}, {"bot": "random"}], think_ms=0)
        spectator = Seat(client, fast, None)
        while not spectator.state["over"]:
            spectator.receive()
        entries = spectator.state["seq"]  # every entry after the setup is a bot's move
        samples = scrape(client)
        assert samples[("boardkit_actions_total", (("by", "bot"), ("game", "nim")))] == entries
        assert samples[("boardkit_bot_queue", ())] == 1  # the slow match's bot, still
        assert samples[("boardkit_matches_loaded", ())] == 2
        spectator.close()


def test_two_applications_in_one_process_count_apart(tmp_path: Path) -> None:
    with (
        TestClient(_app(tmp_path, "one")) as one,
        TestClient(_app(tmp_path, "two")) as two,
    ):
        create(one, "nim", [{"human": True}] * 2)
        create(one, "nim", [{"human": True}] * 2)
        assert scrape(one)[("boardkit_matches_loaded", ())] == 2
        assert scrape(two)[("boardkit_matches_loaded", ())] == 0
        apps: list[Any] = [one.app, two.app]
        assert apps[0].state.service.metrics.registry is not apps[1].state.service.metrics.registry
