"""issue 24, play across days, in Debian's Chromium: "My matches" lists a person's matches
across two matches, "your turn" first, and the player key copied to a second device brings the
seats back there."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.browsing import Player
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _create_nim(ann: Player) -> str:
    """Ann creates a two-person Nim match in her lobby; its id (she is on its page after)."""
    ann.lobby()
    ann.page.select_option("#game", "nim")
    ann.page.select_option("#players", "2")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")
    match_id: str = ann.page.url.rsplit("/", 1)[1]
    return match_id


def _mine(player: Player, count: int) -> list[Any]:
    """The rows of the player's "My matches", once it lists ``count`` of them."""
    rows = player.page.locator("#my-matches li.mine")
    for _ in range(200):
        if rows.count() == count:
            return [rows.nth(i) for i in range(count)]
        player.page.wait_for_timeout(50)
    raise AssertionError(f"{player.name}'s page lists {rows.count()} matches, not {count}")


def test_my_matches_across_two_matches_and_on_a_second_device(
    browser: Any, server: ServerProcess
) -> None:
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob")
    ids = [_create_nim(ann) for _ in range(2)]
    for match_id in ids:
        bob.join(match_id)
    # make it ann's turn in the first match and bob's in the second
    rng = random.Random(1)
    for n, match_id in enumerate(ids):
        ann.page.goto(f"{server.url}/match/{match_id}")
        bob.page.goto(f"{server.url}/match/{match_id}")
        ann.wait_seq(0)
        seq = ann.seq()
        whose = ann if ann.body("to-decide") == "0" else bob
        if (whose is ann) == (n == 1):  # the wrong one to move: it moves once
            whose.wait_seq(seq)
            whose.play(seq, whose.legal(seq)[0], rng)
            ann.wait_seq(seq + 1)
    ann.lobby()
    rows = _mine(ann, 2)
    assert rows[0].get_attribute("data-match") == ids[0]
    assert "your turn" in rows[0].inner_text() and "against bob" in rows[0].inner_text()
    assert "your turn" not in rows[1].inner_text()
    key = ann.page.input_value("#key-export")
    assert len(key) >= 32
    # ann's phone: a fresh browser with nothing stored, given her key
    phone = Player(browser, server.url, "ann's phone", phone=True)
    phone.lobby()
    assert phone.page.input_value("#key-export") != key
    phone.page.click("#key summary")  # "Your player key" opens
    phone.page.fill("#key-import", "not a key")
    phone.page.click("#key-use")
    assert "32 to 128" in phone.page.inner_text("#key-error")
    phone.page.fill("#key-import", key)
    phone.page.click("#key-use")
    rows = _mine(phone, 2)
    assert rows[0].get_attribute("data-match") == ids[0]
    rows[0].locator("button.open-mine").click()
    phone.page.wait_for_url(f"**/match/{ids[0]}")
    phone.wait_seq(0)
    seq = phone.seq()
    assert phone.body("to-decide") == "0"
    phone.play(seq, phone.legal(seq)[0], rng)  # her seat, played from the phone
    phone.wait_seq(seq + 1)
    for _ in range(200):  # and her lobby at home sees it: not her turn any more
        if "your turn" not in _mine(ann, 2)[0].inner_text() + _mine(ann, 2)[1].inner_text():
            break
        ann.page.wait_for_timeout(50)
    else:
        raise AssertionError("ann's lobby still says it is her turn")
    for person in (ann, bob, phone):
        assert not person.errors, person.errors
        person.context.close()
