"""Undo by consent in real browsers (Debian's Chromium through Playwright): one player asks to
take back his last move, the other player's page shows the request, and granting it takes the
match back on both pages; asked again, the other player refuses and nothing changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.browsing import Player, two_at_nim
from tests.server.live_server import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def wait_exactly(player: Player, seq: int) -> None:
    """Wait until ``player``'s page shows entry ``seq`` (polled, as :meth:`Player.wait_seq`)."""
    for _ in range(400):
        if player.seq() == seq:
            return
        player.page.wait_for_timeout(50)
    raise AssertionError(f"{player.name}'s page shows entry {player.seq()}, not {seq}")


def move(players: dict[int, Player], index: int = 0) -> int:
    """The seat that decides plays its legal move ``index``, as a person would; both pages see
    it. (After a take-back the entry numbers come again: another move keeps the page's record
    of what it sent, "entry:index", telling them apart.)"""
    seq = players[0].seq()
    seat = int(players[0].body("to-decide"))
    player = players[seat]
    player.play(seq, player.legal(seq)[index], random.Random(seq))
    for each in players.values():
        each.wait_seq(seq + 1)
    return seat


def test_undo_asked_then_granted_and_asked_then_refused(
    browser: Any, server: ServerProcess
) -> None:
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob")
    players = two_at_nim(ann, bob)

    asker_seat = move(players)
    move(players)
    asker, other = players[asker_seat], players[1 - asker_seat]
    asker.page.click("#undo-ask")
    other.page.wait_for_selector("body[data-undo='asked']", state="attached")
    assert other.page.locator("#undo-grant").is_visible()
    status = other.page.inner_text("#undo-status")
    assert status.startswith(f"{asker.name} asks to take back entry 1 and after")
    asker.page.wait_for_selector("body[data-undo='waiting']", state="attached")
    assert asker.page.locator("#undo-answer").is_hidden()
    other.page.click("#undo-grant")
    for player in (ann, bob):
        wait_exactly(player, 0)
        player.page.wait_for_selector("body[data-undo='']", state="attached")
    assert "granted" in asker.page.inner_text("#undo-status")
    assert int(asker.body("to-decide")) == asker_seat

    move(players, 1)
    move(players, 1)
    asker.page.click("#undo-ask")
    other.page.wait_for_selector("body[data-undo='asked']", state="attached")
    other.page.click("#undo-refuse")
    for player in (ann, bob):
        player.page.wait_for_selector("body[data-undo='']", state="attached")
    for _ in range(200):
        if "refused" in asker.page.inner_text("#undo-status"):
            break
        asker.page.wait_for_timeout(50)
    assert asker.page.inner_text("#undo-status") == (f"Your take-back was refused by {other.name}.")
    assert asker.seq() == 2 and other.seq() == 2
    assert not ann.errors and not bob.errors
    ann.close()
    bob.close()
