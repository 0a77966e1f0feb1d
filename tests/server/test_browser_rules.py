"""Rules at hand in the page, in Debian's Chromium: the help panel opens on the game's
sections, each action's tooltip names its rule, a click on an unlit board element says why
nothing can be done there, and a typed move the rules refuse names its rule's section."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.browsing import Player, create_match
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def khan_match(server: ServerProcess) -> str:
    return create_match(server.url, {"game": "khan", "seats": [{"human": True}] * 2})


def test_help_panel_tooltips_and_why_an_unlit_click_does_nothing(
    browser: Any, server: ServerProcess
) -> None:
    match_id = khan_match(server)
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob")
    ann.join(match_id)
    bob.join(match_id)
    for person in (ann, bob):
        person.page.wait_for_selector("body[data-seq]", state="attached")
    decides = ann if ann.body("to-decide") == "0" else bob
    waits = bob if decides is ann else ann
    page = decides.page

    # The help panel: hidden until its button is pressed, then every section of the game.
    page.wait_for_selector("#help-button", state="visible")
    assert page.locator("#help-panel").is_hidden()
    page.click("#help-button")
    panel = page.locator("#help-panel")
    assert panel.is_visible()
    page.wait_for_selector("#help-khan-conquer, #help-conquer", state="attached")
    titles = page.locator("#help-sections h3").all_inner_texts()
    assert titles[0].startswith("The goal") and any(t.startswith("C: Conquer") for t in titles)
    assert "K-A-C5" in page.locator("#help-conquer").inner_text()
    page.click("#help-close")
    assert panel.is_hidden()

    # The tooltip of an action names the rule it follows.
    button = page.locator("#menu button.action").first
    assert "rule: Start yurts (K-S1" in (button.get_attribute("title") or "")

    # An unlit element: a river cell, which no start yurt touches.
    targets = "ns => ns.map(n => n.dataset.target)"
    lit = set(page.eval_on_selector_all("#board .bk-target", targets))
    unlit = page.eval_on_selector_all("#board .river[data-target]", targets)
    assert lit and unlit and not lit & set(unlit)
    decides.click_target(unlit[0])
    assert "No move of yours touches" in page.locator("#act-error").inner_text()
    assert decides.body("sent") == ""

    # The seat that waits is told why its clicks do nothing.
    waits.click_target(sorted(lit)[0])
    assert "it is not your move" in waits.page.locator("#act-error").inner_text()

    # A typed cell the rules refuse names its section.
    page.fill("#move-text", "A1")
    page.click("#move-send")
    page.wait_for_selector("#act-error:has-text('see: The board (K-C1)')")
    assert not decides.errors and not waits.errors


def test_the_help_panel_and_the_tooltips_read_in_the_readers_language(
    browser: Any, server: ServerProcess
) -> None:
    match_id = khan_match(server)
    ann = Player(browser, server.url, "ann", locale="de-DE")
    ann.join(match_id)
    page = ann.page
    page.wait_for_selector("#help-button", state="visible")
    page.click("#help-button")
    page.wait_for_selector("#help-goal", state="attached")
    goal = page.locator("#help-goal")
    assert goal.locator("h3").inner_text().startswith("Das Ziel")
    assert goal.locator("p").first.inner_text().startswith("Man schreibt das Jahr 1244")
    # the switch asks for the sections in the language chosen
    page.select_option("#lang", "nl")
    page.wait_for_selector('#help-goal h3:has-text("Het doel")')
    assert goal.locator("p").first.inner_text().startswith("Het is 1244")
    assert not ann.errors
    ann.close()
