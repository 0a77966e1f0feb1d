"""Time travel in Debian's Chromium: a spectator steps back through a finished bot match on the
page, and a moment seen before (stepped to, or watched live) is shown again from the picture the
page kept, the server sending its tag alone."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest

from tests.server.browsing import Player, create_match
from tests.server.live_server import ServerProcess
from tests.server.netclient import NetSeat, http

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _finished_bot_match(url: str) -> str:
    body = {"game": "shangrila", "seats": [{"bot": "random"}] * 3, "think_ms": 0}
    match_id = create_match(url, body)
    for _ in range(600):
        with urllib.request.urlopen(f"{url}/api/matches/{match_id}") as answer:
            if json.loads(answer.read())["status"] == "finished":
                return match_id
        time.sleep(0.05)
    raise AssertionError("the bots did not finish their match")


def _show(watcher: Player, seq: int) -> str:
    """Click entry ``seq`` in the log; the picture the page then shows."""
    watcher.page.locator(f"#log li[data-seq='{seq}']").first.click()
    watcher.page.wait_for_selector(f'#past-text:has-text("After entry {seq}:")')
    shown: str = watcher.page.inner_html("#board")
    return shown


def test_a_moment_seen_before_is_shown_from_the_kept_picture(
    browser: Any, server: ServerProcess
) -> None:
    match_id = _finished_bot_match(server.url)
    watcher = Player(browser, server.url, "watcher")
    asked: list[dict[str, Any]] = []
    watcher.page.on(
        "websocket", lambda ws: ws.on("framesent", lambda raw: asked.append(json.loads(raw)))
    )
    watcher.page.goto(f"{server.url}/match/{match_id}")
    watcher.wait_over()
    first = _show(watcher, 3)
    _show(watcher, 4)
    again = _show(watcher, 3)
    assert again == first and "<svg" in first
    views = [m for m in asked if m["type"] == "view"]
    answers = [json.loads(f) for f in watcher.frames if f.startswith('{"type":"view"')]
    assert [v["seq"] for v in views] == [3, 4, 3] and [a["seq"] for a in answers] == [3, 4, 3]
    assert "have" not in views[0] and "have" not in views[1]
    assert views[2]["have"] == answers[0]["svg_tag"]  # the page named the picture it kept
    assert "svg" not in answers[2] and answers[2]["svg_tag"] == answers[0]["svg_tag"]
    assert watcher.errors == []
    watcher.close()


def test_a_moment_watched_live_is_shown_again_from_the_state_frames_picture(
    browser: Any, server: ServerProcess
) -> None:
    """The page keeps the picture each state frame brings, under its tag: stepping back to a
    moment it watched live, it names that picture, and the server sends the tag alone."""
    body = {"game": "shangrila", "seats": [{"human": True}] * 3}
    match_id = create_match(server.url, body)
    # every seat taken before any connects: each is sent the running match, its legal actions
    tokens = [http(server.url, f"/api/matches/{match_id}/join", {})["token"] for _ in range(3)]
    seats = {i: NetSeat(server.url, match_id, token) for i, token in enumerate(tokens)}
    watcher = Player(browser, server.url, "watcher")
    asked: list[dict[str, Any]] = []
    watcher.page.on(
        "websocket", lambda ws: ws.on("framesent", lambda raw: asked.append(json.loads(raw)))
    )
    watcher.page.goto(f"{server.url}/match/{match_id}")
    watcher.wait_seq(0)
    rng = random.Random(2)
    boards = {}
    for _ in range(2):
        state = max((seat.state for seat in seats.values()), key=lambda s: s["seq"])
        mover = seats[state["to_decide"]]
        mover.until(state["seq"])
        mover.act_randomly(rng)
        seq = mover.until(state["seq"] + 1)["seq"]
        watcher.wait_seq(seq)
        boards[seq] = watcher.page.inner_html("#board")
    first = min(boards)
    states = [json.loads(f) for f in watcher.frames if f.startswith('{"type":"state"')]
    [live] = [s for s in states if s["seq"] == first]
    assert live["svg"].startswith("<svg") and live["svg_tag"]
    assert _show(watcher, first) == boards[first]
    views = [m for m in asked if m["type"] == "view"]
    answers = [json.loads(f) for f in watcher.frames if f.startswith('{"type":"view"')]
    assert views == [{"type": "view", "seq": first, "have": live["svg_tag"]}]
    assert "svg" not in answers[0] and answers[0]["svg_tag"] == live["svg_tag"]
    assert watcher.errors == []
    watcher.close()
    for seat in seats.values():
        seat.close()
