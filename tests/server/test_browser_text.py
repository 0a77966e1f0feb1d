"""A real browser types moves: the page's text field sends an action's text, the server reads
it (``Game.parse_action``), and a text that names nothing or several is shown with the
candidates, nothing played. Chromium as in :mod:`tests.server.test_browser`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.browsing import Player
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def wait_for_my_move(me: Player) -> int:
    """The entry at which this page's seat decides next (polled, as the page's strict CSP
    forbids evaluated predicates)."""
    for _ in range(400):
        you, deciding = me.body("you"), me.body("to-decide")
        if you and you == deciding and me.page.locator("#move-form").is_visible():
            return me.seq()
        me.page.wait_for_timeout(50)
    raise AssertionError(f"{me.name}'s page never came to decide")


def test_a_khan_move_typed_as_text_in_the_page(browser: Any, server: ServerProcess) -> None:
    ann = Player(browser, server.url, "ann")
    ann.lobby()
    ann.page.select_option("#game", "khan")
    ann.page.select_option("#players", "2")
    ann.page.select_option("[data-seat='1']", "random")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")

    seq = wait_for_my_move(ann)
    texts = [action["text"] for action in ann.legal(seq)]
    assert ann.page.locator("#move-texts option").count() == len(texts)  # the suggestions

    ann.page.fill("#move-text", "place a start yurt at Q99")
    ann.page.press("#move-text", "Enter")
    ann.page.wait_for_selector("#act-error:has-text('no legal action reads')")
    error = ann.page.inner_text("#act-error")
    assert f"{len(texts)} legal actions" in error and "place a start yurt at" in error
    assert ann.seq() == seq  # nothing played

    ann.page.fill("#move-text", "place a start yurt at")
    ann.page.click("#move-send")
    ann.page.wait_for_selector("#act-error:has-text('could be')")
    assert ann.seq() == seq

    chosen = texts[len(texts) // 2]
    ann.page.fill("#move-text", f"  {chosen.upper()} ")
    ann.page.press("#move-text", "Enter")
    ann.wait_seq(seq + 1)
    assert ann.body("sent") == f"{seq}:text"
    ann.page.wait_for_selector(f"#log li[data-seq='{seq + 1}']")
    assert ann.page.inner_text(f"#log li[data-seq='{seq + 1}']") == f"ann (you): {chosen}"
    assert ann.page.input_value("#move-text") == ""
    assert ann.page.inner_text("#act-error") == ""
    assert ann.errors == []
    ann.close()
