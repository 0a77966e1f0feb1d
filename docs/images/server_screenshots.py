"""Take the screenshots of docs/server.md with Debian's Chromium (headless, through Playwright).

Run from the repository root: ``python docs/images/server_screenshots.py``. It starts a server on
a temporary SQLite database, creates a Khan match with two people and a bot, plays a few moves
and photographs the lobby, the match on a laptop and the match on a phone-sized screen (390×844:
the board at the full width, zoomed for tapping, its side panel below), each with a place on
the board clicked (the places still open lit, the candidates listed). Then a Shangrila match of
a person and two greedy bots, some moves in, on a laptop: the Players panel with colour dots
and whole-number scores.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server.live_server import serve  # noqa: E402
from tests.server.netclient import NetSeat, http, play  # noqa: E402
from tests.server.system import CHROMIUM_ARGS  # noqa: E402

OUT = Path(__file__).resolve().parent


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(["--data", tmp, "--think-ms", "0"], Path(tmp) / "log.txt") as server,
        sync_playwright() as p,
    ):
        seats = [{"human": True}, {"human": True}, {"bot": "greedy"}]
        shangrila = http(server.url, "/api/matches", {"game": "shangrila", "seats": seats})["id"]
        http(server.url, f"/api/matches/{shangrila}/join", {"name": "mia"})
        match_id = http(server.url, "/api/matches", {"game": "khan", "seats": seats})["id"]
        tokens = [
            http(server.url, f"/api/matches/{match_id}/join", {"name": name})
            for name in ("ann", "bob")
        ]
        bob = NetSeat(server.url, match_id, tokens[1]["token"])
        ann_net = NetSeat(server.url, match_id, tokens[0]["token"])
        play(
            {0: ann_net, 1: bob},
            random.Random(3),
            stop=lambda s: s["seq"] >= 24 and s["to_decide"] == 0,
        )
        ann_net.close()
        bob.close()
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, size in (("laptop", (1280, 800)), ("phone", (390, 844))):
            context = browser.new_context(viewport={"width": size[0], "height": size[1]})
            page = context.new_page()
            page.goto(server.url + "/")
            page.evaluate(
                "([k, v]) => localStorage.setItem(k, v)",
                [f"boardkit.seat.{match_id}", json.dumps(tokens[0])],
            )
            if name == "laptop":
                page.fill("#name", "ann")
                page.wait_for_selector(".matches li", state="attached")
                page.screenshot(path=str(OUT / "server-lobby.png"))
            page.goto(f"{server.url}/match/{match_id}")
            page.wait_for_selector("#menu button.action")
            lit = page.locator("#board .bk-target")
            visible = [lit.nth(k) for k in range(lit.count()) if lit.nth(k).is_visible()]
            if visible:  # a click on the board: the lit places, the chosen one, the candidates
                visible[len(visible) // 2].click()
            else:
                page.locator("#menu button.action").first.click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"server-match-{name}.png"), full_page=name == "phone")
            context.close()
        shoot_shangrila(server.url, browser)
        browser.close()
    urllib.request.urlcleanup()


def shoot_shangrila(url: str, browser: Any) -> None:
    """A Shangrila match of ann and two greedy bots, ten of ann's moves in, at 1280×800."""
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "greedy"}]
    match_id = http(url, "/api/matches", {"game": "shangrila", "seats": seats})["id"]
    token = http(url, f"/api/matches/{match_id}/join", {"name": "ann"})
    ann = NetSeat(url, match_id, token["token"])
    play({0: ann}, random.Random(7), stop=lambda s: s["seq"] >= 30 and s["to_decide"] == 0)
    ann.close()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url + "/")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"boardkit.seat.{match_id}", json.dumps(token)]
    )
    page.goto(f"{url}/match/{match_id}")
    page.wait_for_selector("#menu button.action")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "server-shangrila-laptop.png"))
    context.close()


if __name__ == "__main__":
    main()
