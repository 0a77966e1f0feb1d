"""The page's take-back words and the review page in the reader's language, in Debian's
Chromium: a German and a Dutch player of one Nim match read a take-back request and its end
each in their own language, and the switch turns the line to English at once; a Dutch
player's review of a finished match is in Dutch, and its switch turns it to English."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.browsing import Player, create_match, two_at_nim
from tests.server.live_server import ServerProcess
from tests.server.test_browser_undo import move, wait_exactly

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def wait_status(player: Player, text: str) -> str:
    """The page's take-back line once it holds ``text``."""
    for _ in range(200):
        status: str = player.page.inner_text("#undo-status")
        if text in status:
            return status
        player.page.wait_for_timeout(50)
    raise AssertionError(f"{player.name}'s take-back line reads {status!r}, not {text!r}")


def test_a_take_back_reads_in_each_players_language(browser: Any, server: ServerProcess) -> None:
    ann = Player(browser, server.url, "ann", locale="de-DE")
    bob = Player(browser, server.url, "bob", locale="nl-NL")
    players = two_at_nim(ann, bob)
    assert ann.page.inner_text("#undo-ask") == "meinen letzten Zug zurücknehmen"
    assert bob.page.inner_text("#undo-ask") == "mijn laatste zet terugnemen"

    asker_seat = move(players)
    move(players)
    asker, other = players[asker_seat], players[1 - asker_seat]
    german = asker is ann
    asker.page.click("#undo-ask")
    other.page.wait_for_selector("body[data-undo='asked']", state="attached")
    asked = other.page.inner_text("#undo-status")
    waiting = wait_status(asker, "1")
    if german:
        assert asked.startswith("ann vraagt regel 1 en de volgende terug te nemen; wachten op")
        assert waiting.startswith("Du bittest, Eintrag 1 und die folgenden zurückzunehmen")
    else:
        assert asked.startswith("bob bittet, Eintrag 1 und die folgenden zurückzunehmen")
        assert waiting.startswith("Je vraagt regel 1 en de volgende terug te nemen")
    other.page.click("#undo-refuse")
    for player in (ann, bob):
        player.page.wait_for_selector("body[data-undo='']", state="attached")
    refused = wait_status(asker, other.name)
    assert refused == (
        f"{other.name} hat deine Zurücknahme abgelehnt."
        if german
        else f"{other.name} heeft je terugname geweigerd."
    )
    # the switch turns the take-back line to the language chosen at once
    asker.page.select_option("#lang", "en")
    assert wait_status(asker, "Your take-back") == f"Your take-back was refused by {other.name}."
    wait_exactly(asker, 2)
    assert not ann.errors and not bob.errors
    ann.close()
    bob.close()


def test_the_review_page_reads_in_dutch_and_switches_to_english(
    browser: Any, server: ServerProcess
) -> None:
    body = {"game": "nim", "seats": [{"human": True}, {"bot": "first"}], "options": {"stones": 9}}
    match_id = create_match(server.url, body)
    ann = Player(browser, server.url, "ann", locale="nl-NL")
    ann.join(match_id)
    rng = random.Random(4)
    for _ in range(40):
        ann.page.wait_for_selector("body[data-seq]", state="attached")
        if ann.body("over") == "true":
            break
        seq = ann.seq()
        if ann.body("to-decide") == ann.body("you"):
            ann.play(seq, rng.choice(ann.legal(seq)), rng)
        ann.wait_seq(seq + 1)
    ann.wait_over()
    link = ann.page.locator("#review-link")
    assert link.inner_text() == "De partij nabespreken"
    link.click()
    ann.page.wait_for_url(f"**/match/{match_id}/review")
    ann.page.wait_for_selector("body[data-ready='true']", state="attached", timeout=60_000)
    assert ann.page.input_value("#lang") == "nl"
    assert "nabesproken vanuit het oogpunt van ann (plaats 1)" in ann.page.inner_text("#about")
    assert ann.page.inner_text("#title") == f"nabespreking van partij {match_id}"
    heads = ann.page.locator("#decisions th").all_inner_texts()
    assert heads == ["regel", "speler", "gespeeld", "ervoor", "erna", "verlies", "zet van de bot"]
    assert ann.page.locator("h2").nth(1).inner_text() == "De beslissingen die het meest kostten"
    costly = ann.page.locator("#costly li").first.inner_text()
    assert "de bot koos liever" in costly or "geen beslissing kostte veel" in costly

    ann.page.select_option("#lang", "en")
    ann.page.wait_for_selector('#about:has-text("reviewed from ann\'s view (seat 1)")')
    assert ann.page.locator("#decisions th").first.inner_text() == "entry"
    assert ann.page.locator("h2").nth(1).inner_text() == "The decisions that cost most"
    assert not ann.errors
    ann.close()
