"""The review of a finished match in Debian's Chromium: a person plays Nim against a bot on
the page, follows the banner's link to the review, and sees the graph of their win chance,
the costly decisions and the table of their own decisions."""

from __future__ import annotations

import random
import urllib.request
from typing import Any

from boardkit import Match
from boardkit.runner.review import review_match
from tests.server.browsing import Player, create_match
from tests.server.live_server import ServerProcess


def test_a_player_reviews_a_finished_match_on_the_page(browser: Any, server: ServerProcess) -> None:
    body = {"game": "nim", "seats": [{"human": True}, {"bot": "first"}], "options": {"stones": 9}}
    match_id = create_match(server.url, body)
    ann = Player(browser, server.url, "ann")
    ann.join(match_id)
    rng = random.Random(4)
    for _ in range(40):
        ann.page.wait_for_selector("body[data-seq]", state="attached")
        if ann.body("over") == "true":
            break
        seq = ann.seq()
        if ann.body("to-decide") == ann.body("you"):
            legal = ann.legal(seq)
            ann.play(seq, rng.choice(legal), rng)
        ann.wait_seq(seq + 1)
    ann.wait_over()
    ann.page.locator("#review-link").click()
    ann.page.wait_for_url(f"**/match/{match_id}/review")
    ann.page.wait_for_selector("body[data-ready='true']", state="attached", timeout=60_000)
    assert "reviewed from ann's view (seat 1)" in ann.page.inner_text("#about")
    # the graph: one curve, ann's, with a point per decision of hers
    assert ann.page.locator("#graph svg polyline[data-seat='0']").count() == 1
    assert ann.page.locator("#graph svg polyline").count() == 1
    # the page shows what the server's review says, which is the review of ann's own log
    with urllib.request.urlopen(f"{server.url}/api/matches/{match_id}/log") as response:
        log = Match.from_json(response.read())
    expected = review_match(log, [0], seed=0, iterations=200)
    points = ann.page.locator("#graph svg circle.point")
    assert points.count() == len(expected.decisions) > 0
    rows = ann.page.locator("#decisions tr")
    assert rows.count() == len(expected.decisions) + 1
    for decision, row in zip(expected.decisions, range(1, rows.count()), strict=True):
        cells = rows.nth(row).locator("td").all_inner_texts()
        assert cells[0] == str(decision.seq) and cells[1] == "ann" and cells[2] == decision.played
    costly = ann.page.locator("#costly li")
    if expected.costly():
        assert costly.count() == len(expected.costly())
        worst = expected.costly()[0]
        assert f"the bot preferred {worst.preferred}" in costly.first.inner_text()
        assert ann.page.locator("#graph circle.point.costly").count() == len(expected.costly())
    else:
        assert "no decision cost much" in costly.first.inner_text()
    assert not ann.errors
