"""Real browsers at a table with clocks (issue 24): a real-time clock ticks on the page of the
seat that must decide, runs out, and a bot takes the seat, named as such on both pages; a player
leaves his seat to a bot and takes it back with the button on his page.

Chromium is Debian's, driven by Playwright, as in :mod:`tests.server.test_browser`.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardkit.server.clocks import TAKEOVER_BOT
from tests.server.browsing import Player, create_match
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def new_match(server: ServerProcess, **extra: Any) -> str:
    body = {"game": "nim", "seats": [{"human": True}, {"human": True}], **extra}
    return create_match(server.url, body)


def seated(browser: Any, server: ServerProcess, match_id: str) -> dict[int, Player]:
    """Ann and bob join from their lobbies; their players by seat."""
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob")
    ann.join(match_id)
    bob.join(match_id)
    for player in (ann, bob):
        player.page.wait_for_selector("body[data-seq]", state="attached")
    return {int(p.body("you")): p for p in (ann, bob)}


def test_a_clock_runs_out_and_a_bot_takes_the_seat(browser: Any, server: ServerProcess) -> None:
    match_id = new_match(server, clock={"kind": "realtime", "bank": 3, "on_timeout": "bot"})
    players = seated(browser, server, match_id)
    who = int(players[0].body("to-decide"))
    slow, other = players[who], players[1 - who]
    running = slow.page.locator("#clocks li.running")
    running.wait_for(timeout=5_000)
    assert slow.name in running.inner_text()
    first = running.locator(".time").inner_text()
    slow.page.wait_for_timeout(1_200)
    assert running.locator(".time").inner_text() != first, "the clock does not tick"
    assert other.page.locator("#clocks li").count() == 2
    # the time runs out: a bot takes the seat and moves for it; both pages say so
    for player in (slow, other):
        note = player.page.locator("#table-notes li.away", has_text=slow.name).first
        note.wait_for(timeout=10_000)
        assert f"is away: the {TAKEOVER_BOT} bot plays this seat" in note.inner_text()
    other.wait_seq(1)
    assert f"bot {TAKEOVER_BOT}" in slow.page.inner_text("#scores")
    assert slow.page.inner_text("#seat-button") == "take my seat back"
    assert slow.errors == [] and other.errors == []
    slow.close()
    other.close()


def test_a_player_leaves_and_comes_back(browser: Any, server: ServerProcess) -> None:
    match_id = new_match(server)
    players = seated(browser, server, match_id)
    who = int(players[0].body("to-decide"))
    leaver, other = players[who], players[1 - who]
    button = leaver.page.locator("#seat-button")
    assert button.inner_text() == "leave (a bot plays for me)"
    assert other.page.locator("#table").is_hidden() is False  # his own button shows
    button.click()
    other.page.locator("#table-notes li.away").wait_for(timeout=10_000)
    other.wait_seq(1)  # the bot moved for the seat that left
    leaver.page.wait_for_selector("#seat-button:text('take my seat back')", timeout=10_000)
    button.click()
    leaver.page.wait_for_selector("#seat-button:text('leave (a bot plays for me)')")
    other.page.locator("#table-notes li.away").wait_for(state="detached", timeout=10_000)
    assert leaver.errors == [] and other.errors == []
    leaver.close()
    other.close()
