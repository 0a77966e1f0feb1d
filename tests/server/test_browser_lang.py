"""The page in the reader's language: a Khan match played by tapping the board on a phone
(390×844) whose browser reads German, the rules at hand opened there, watched at the same time
from a laptop that reads English. The server narrates each connection in its own language; the
page's own words follow the browser's language and the switch in its bar. Chromium as in
:mod:`tests.server.test_browser`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.browsing import Player
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def lines_of(person: Player) -> str:
    text: str = person.page.inner_text("#lines")
    return text


def wait_text(person: Player, selector: str, text: str) -> None:
    person.page.wait_for_selector(f"{selector}:has-text({text!r})", timeout=20_000)


def test_a_german_phone_and_an_english_spectator_read_one_khan_match(
    browser: Any, server: ServerProcess
) -> None:
    ann = Player(browser, server.url, "ann", phone=True, locale="de-DE")
    ann.lobby()
    assert ann.page.inner_text("#create h2") == "Neue Partie"  # the lobby follows the browser
    assert ann.page.input_value("#lang") == "de"
    ann.page.select_option("#game", "khan")
    ann.page.select_option("#players", "2")
    ann.page.select_option("[data-seat='1']", "random")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")
    match_url = ann.page.url

    bob = Player(browser, server.url, "bob", locale="en-GB")  # a spectator on a laptop
    bob.page.goto(match_url)
    bob.page.wait_for_selector("body[data-seq]", state="attached")

    rng = random.Random(25)
    for _ in range(3):  # start yurts, tapped on the board
        ann.page.wait_for_selector("#turn:has-text('Du bist am Zug')", timeout=20_000)
        seq = ann.seq()
        ann.play(seq, rng.choice(ann.legal(seq)), rng)
        ann.wait_seq(seq + 2)  # ann's move and the bot's
    bob.wait_seq(ann.seq())

    german, english = lines_of(ann), lines_of(bob)
    assert "Startjurte" in german and "start yurt" not in german
    assert "start yurt" in english and "Startjurte" not in english
    assert ann.page.inner_text("#news h2") == "Was gerade geschah"
    assert bob.page.inner_text("#news h2") == "What just happened"
    assert bob.page.inner_text("#who") == "watching"
    assert ann.moves["board"] + ann.moves["board+list"] == 3  # every move by the board
    # the rules at hand, on the phone, in German
    ann.page.click("#help-button")
    ann.page.wait_for_selector("#help-goal", state="attached")
    assert ann.page.locator("#help-goal h3").inner_text().startswith("Das Ziel")
    assert ann.page.locator("#help-goal p").first.inner_text().startswith("Man schreibt")
    box = ann.page.locator("#help-goal").bounding_box()
    assert box is not None and box["width"] <= 390  # the panel fits the phone's width

    # the switch: ann reads English now, bob is left as he was; the choice is remembered
    ann.page.select_option("#lang", "en")
    wait_text(ann, "#lines", "start yurt")
    assert "Startjurte" not in lines_of(ann)
    assert ann.page.inner_text("#news h2") == "What just happened"
    ann.page.reload()
    wait_text(ann, "#lines", "start yurt")
    assert ann.page.input_value("#lang") == "en"
    bob.page.select_option("#lang", "nl")
    wait_text(bob, "#lines", "startyurt")
    assert bob.page.inner_text("#news h2") == "Wat er net gebeurde"
    # a click that does nothing says why, in the page's language
    bob.page.locator("#board [data-target]").first.click(force=True)
    wait_text(bob, "#act-error", "je kijkt toe")
    assert ann.errors == [] and bob.errors == []
    ann.close()
    bob.close()
