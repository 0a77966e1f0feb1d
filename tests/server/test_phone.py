"""The page on a phone and on a laptop, in Debian's Chromium: a Khan match at 390×844 played
by tapping the board (the board at the full width, its side panel below it, every place one
taps at least 32 px), a Shangrila match at 1280×800 whose Players panel shows each seat's
name with its colour dot and the rulebook's score, a whole number; and the lobby's options,
each with a label, a widget that fits it and help in plain words.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

from tests.server.browsing import PHONE, Player
from tests.server.live_server import ServerProcess
from tests.server.netclient import http

pytestmark = [pytest.mark.slow, pytest.mark.browser]

MIN_TAP = 32

SIZES = """() => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const frames = [...document.querySelectorAll("#board .fit-frame")].map((node) => ({
    ...box(node), part: node.dataset.part,
    scroll: node.scrollWidth, client: node.clientWidth }));
  const lit = [...document.querySelectorAll("#board .bk-target")]
    .filter((node) => node.tagName.toLowerCase() !== "line").map(box);
  const taps = [...document.querySelectorAll(
    "#decision button, .board-area button, #back, #forward")]
    .filter((node) => node.offsetParent !== null).map(box);
  const cards = [...document.querySelectorAll("#board .hand-frame [data-target]")].map(
    (node) => ({ ...box(node), lit: node.classList.contains("bk-target") }));
  const elsewhere = document.querySelectorAll(
    "#board .fit-frame:not(.hand-frame) [data-target^='card-']").length;
  const hand = [...document.querySelectorAll("#board .hand-card")].map(box);
  const svgs = [...document.querySelectorAll("#board svg")].map(box);
  return { frames, lit, taps, cards, elsewhere, hand, svgs,
    page: document.documentElement.clientWidth };
}"""


def check_phone_layout(ann: Player) -> dict[str, Any]:
    """The board takes the page's width; the hand, if any, comes below it, then the side panel;
    every lit place, every hand card (lit or not) and every button is at least MIN_TAP pixels
    on each side (a hand card not much more: the hand is drawn at the size a tap needs), the
    hand's text at least 12 px high, the hand as wide as the screen at most; what was measured."""
    sizes: dict[str, Any] = ann.page.evaluate(SIZES)
    parts = [frame["part"] for frame in sizes["frames"]]
    assert parts in (["board", "side"], ["board", "hand", "side"]), parts
    board = sizes["frames"][0]
    assert board["w"] >= sizes["page"] - 24, f"the board is {board['w']} px of {sizes['page']}"
    assert sizes["svgs"][0]["w"] >= board["w"] - 1, "the board's picture is narrower than it"
    for above, below in itertools.pairwise(sizes["frames"]):
        assert below["y"] >= above["y"] + above["h"] - 1, f"the {below['part']} is not below"
    for lit in sizes["lit"]:
        assert min(lit["w"], lit["h"]) >= MIN_TAP - 0.5, f"a lit place is {lit}"
    for tap in sizes["taps"]:
        assert min(tap["w"], tap["h"]) >= MIN_TAP - 0.5, f"a button is {tap}"
    assert bool(sizes["cards"]) == ("hand" in parts) == bool(sizes["hand"])
    assert not sizes["elsewhere"], "a hand card is left in the board or the side panel"
    for card in sizes["cards"]:
        assert min(card["w"], card["h"]) >= MIN_TAP - 0.5, f"a hand card is {card}"
        assert card["h"] <= MIN_TAP * 1.25, f"a hand card is blown up to {card}"
    for text in sizes["hand"]:
        assert text["h"] >= 12, f"a hand card's text is {text['h']} px high"
    for frame in sizes["frames"]:
        if frame["part"] in ("hand", "side"):
            assert frame["scroll"] <= frame["client"] + 1, f"it scrolls sideways: {frame}"
    return sizes


def test_a_khan_match_on_a_phone_played_by_tapping_the_board(
    browser: Any, server: ServerProcess
) -> None:
    """Ann, on a 390×844 screen, plays her first decisions of Khan against a bot by tapping the
    board (the menus only for a decision with nothing to tap)."""
    match_id = http(
        server.url, "/api/matches", {"game": "khan", "seats": [{"human": True}, {"bot": "random"}]}
    )["id"]
    # a long name (up to 80 characters are allowed) must not widen the side panel
    ann = Player(browser, server.url, "Annabel Featherstonehaugh-Smythe", phone=True)
    ann.join(match_id)
    assert ann.page.viewport_size == PHONE
    rng = random.Random(5)
    lit_seen = hands_seen = cards_lit_seen = 0
    for _ in range(60):
        ann.page.wait_for_selector("body[data-to-decide='0']", state="attached", timeout=20_000)
        seq = ann.seq()
        legal = ann.legal(seq)
        ann.page.wait_for_selector("#menu button.action, #picking:not([hidden])")
        sizes = check_phone_layout(ann)
        lit_seen += len(sizes["lit"])
        hands_seen += bool(sizes["hand"])
        cards_lit_seen += sum(card["lit"] for card in sizes["cards"])
        tapped = [a for a in legal if a["targets"]]
        ann.play(seq, rng.choice(tapped or legal), rng)
        ann.wait_seq(seq + 1)
        if ann.moves["board"] + ann.moves["board+list"] >= 12 and cards_lit_seen:
            break
    assert ann.moves["board"] + ann.moves["board+list"] >= 12, ann.moves
    assert lit_seen and hands_seen and cards_lit_seen
    assert not ann.errors
    # "see the whole board" fits it to the screen, and back
    ann.page.click("#zoom")
    whole = ann.page.evaluate(SIZES)
    assert whole["svgs"][0]["w"] <= whole["frames"][0]["w"] + 1
    for card in whole["cards"]:  # the hand keeps its size: it is not the board
        assert min(card["w"], card["h"]) >= MIN_TAP - 0.5, f"a hand card is {card}"
    ann.page.click("#zoom")
    check_phone_layout(ann)
    ann.close()


BRIDGES = """() => [...document.querySelectorAll("#board line[data-target]")].map((line) => {
  const band = line.previousElementSibling;
  const widens = band && band.getAttribute("data-widens") === line.getAttribute("data-target");
  const perUnit = line.getScreenCTM().a;
  return { id: line.getAttribute("data-target"), lit: line.classList.contains("bk-target"),
    drawn: parseFloat(getComputedStyle(line).strokeWidth) * perUnit,
    band: widens ? parseFloat(band.getAttribute("stroke-width")) * perUnit : 0 };
})"""
BESIDE = """(line) => {
  line.scrollIntoView({ block: "center", inline: "center" });
  const m = line.getScreenCTM();
  const at = (x, y) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  const [x1, y1] = at(line.x1.baseVal.value, line.y1.baseVal.value);
  const [x2, y2] = at(line.x2.baseVal.value, line.y2.baseVal.value);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const off = parseFloat(getComputedStyle(line).strokeWidth) * m.a / 2 + 5;
  return [(x1 + x2) / 2 - (y2 - y1) / length * off, (y1 + y2) / 2 + (x2 - x1) / length * off];
}"""


def test_a_shangrila_bridge_on_a_phone_takes_taps_beside_its_line(
    browser: Any, server: ServerProcess
) -> None:
    """At 390×844 every Shangrila bridge, drawn a few pixels wide, lies on a transparent band
    MIN_TAP pixels wide that takes its taps: a tap beside a lit bridge's line, on the band,
    clicks the bridge (the crossing of a journey, S-A3)."""
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "greedy"}]
    match_id = http(server.url, "/api/matches", {"game": "shangrila", "seats": seats})["id"]
    ann = Player(browser, server.url, "ann", phone=True)
    ann.join(match_id)
    rng = random.Random(4)
    for _ in range(60):
        ann.page.wait_for_selector("body[data-to-decide='0']", state="attached", timeout=20_000)
        seq = ann.seq()
        legal = ann.legal(seq)
        ann.page.wait_for_selector("#menu button.action, #picking:not([hidden])")
        bridges = ann.page.evaluate(BRIDGES)
        assert bridges, "no bridge on the board"
        for bridge in bridges:
            assert bridge["drawn"] < MIN_TAP - 10, bridge  # thin as drawn: the band is needed
            assert bridge["band"] >= MIN_TAP - 0.5, f"a bridge is {bridge}"
        lit = [bridge["id"] for bridge in bridges if bridge["lit"]]
        if lit:
            x, y = ann.target(lit[0]).evaluate(BESIDE)
            assert (
                ann.page.evaluate(
                    "([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", [x, y]
                )
                == "tap-band"
            )
            ann.page.mouse.click(x, y)
            assert lit[0] in ann.body("clicks").split() or ann.body("sent").startswith(f"{seq}:")
            break
        ann.play(seq, rng.choice([a for a in legal if a["targets"]] or legal), rng)
        ann.wait_seq(seq + 1)
    assert lit, "no bridge was ever lit"
    assert not ann.errors
    ann.close()


def test_a_shangrila_match_on_a_laptop_shows_integer_scores_and_colour_dots(
    browser: Any, server: ServerProcess
) -> None:
    """At 1280×800 the Players panel reads each seat's name beside a dot of its colour, and its
    score as the rulebook counts it (masters): whole numbers, never 1.01."""
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "greedy"}]
    match_id = http(server.url, "/api/matches", {"game": "shangrila", "seats": seats})["id"]
    ann = Player(browser, server.url, "ann")
    ann.join(match_id)
    rng = random.Random(2)
    for _ in range(8):
        ann.page.wait_for_selector("body[data-to-decide='0']", state="attached", timeout=20_000)
        seq = ann.seq()
        legal = ann.legal(seq)
        ann.play(seq, rng.choice([a for a in legal if a["targets"]] or legal), rng)
        ann.wait_seq(seq + 1)
    ann.wait_seq(ann.seq())
    rows = ann.page.locator("#scores tr")
    assert rows.count() == 3
    names, scores, dots = [], [], []
    for k in range(3):
        row = rows.nth(k)
        names.append(row.locator("td.who").inner_text().strip())
        scores.append(row.locator("td.score").inner_text().strip())
        dots.append(row.locator("td.who .dot").get_attribute("title"))
    assert names == ["ann (you)", "greedy bot", "greedy bot#2"]
    assert dots == ["red", "blue", "yellow"]
    assert all(re.fullmatch(r"\d+", score) for score in scores), scores
    assert sum(int(score) for score in scores) >= 8, scores  # every setup master counts
    colour = (
        ann.page.locator("#scores tr")
        .first.locator(".dot")
        .evaluate("node => getComputedStyle(node).backgroundColor")
    )
    assert colour == "rgb(255, 0, 0)"
    # the laptop keeps the game's own picture, panel beside the board, nothing split
    assert ann.page.locator("#board .fit-frame").count() == 0
    assert ann.page.locator("#zoom").is_hidden()
    assert not ann.errors
    ann.close()


def test_the_lobby_shows_options_with_labels_fitting_widgets_and_help(
    browser: Any, server: ServerProcess
) -> None:
    """Khan's board file is a text area with a file upload, Nim's stones a number input with
    its bounds, a choice a select; every option has a plain label and help without clause
    IDs; a match with one entry says "1 entry"; seats carry their colour dots."""
    ann = Player(browser, server.url, "ann", phone=True)
    ann.lobby()
    page = ann.page
    page.select_option("#game", "khan")
    board = page.locator("textarea[data-option='board']")
    assert board.count() == 1
    assert page.locator("#options .option-multi input[type='file']").count() == 1
    assert page.locator("label[for='option-board']").inner_text() == "Board file"
    helps = page.locator("#options .option-help")
    texts = [helps.nth(k).inner_text() for k in range(helps.count())]
    assert len(texts) == 4 and all(texts)
    assert not any(re.search(r"\b[KS]-[A-Z]\d", text) for text in texts), texts
    assert page.locator("label[for='option-ruler_cells']").inner_text() == "Rulers' start cells"
    assert page.locator("#seats .dot").count() == 3  # three players unless chosen
    page.select_option("#players", "2")
    assert page.locator("#seats .dot").count() == 2
    page.set_input_files(
        "#options .option-multi input[type='file']",
        files=[{"name": "b.txt", "mimeType": "text/plain", "buffer": b"a board\nfile"}],
    )
    for _ in range(100):  # polled: the page's CSP forbids wait_for_function's predicates
        if board.input_value():
            break
        page.wait_for_timeout(20)
    assert board.input_value() == "a board\nfile"
    page.select_option("#game", "nim")
    stones = page.locator("input[data-option='stones']")
    assert stones.get_attribute("type") == "number"
    assert (stones.get_attribute("min"), stones.get_attribute("max")) == ("1", "100000")
    assert page.locator("select[data-option='max_take']").count() == 1
    assert page.locator("label[for='option-max_take']").inner_text() == "Max take"
    # a match of one entry
    match_id = http(
        server.url, "/api/matches", {"game": "nim", "seats": [{"human": True}, {"human": True}]}
    )["id"]
    item = page.locator("#matches li", has=page.locator(f"button.join[data-match='{match_id}']"))
    item.wait_for()
    assert " 1 entry " in item.inner_text()
    assert item.locator(".dot").count() == 2
    assert not ann.errors
    ann.close()
