"""Real browsers: two Chromium contexts as two seats plus a bot play whole matches by clicking.

Chromium is Debian's (``/usr/bin/chromium``), driven by Playwright; no browser is downloaded.
Moves are made by clicking the SVG elements the server names for each legal action (the game's
``action_targets``); only decisions with no board element go through the menus: in Shangrila a
pass, in Khan the answer to a consent, the special cards other than Scout and "no special card"
(see :mod:`tests.server.browsing`). Shangrila is played at random, one seat on a phone-sized
screen; another Shangrila match is played by random clicks through the menus alone. Khan is played
on a pinned seed (the server's test mode), following a plan found beforehand in which one seat's
conquest needs the other seat's consent: the test checks that the question reaches the other
seat's page, answers it there, reloads a page mid-game (mid-click, too), and that no frame sent to
one seat holds the other seat's hand.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardkit import Match
from boardkit.bots.random_bot import RandomBot
from boardkit.flow import decider
from boardkit.present.narration import narrate_entry
from boardkit.runner.seats import seat_rng
from boardkit_khan.present.svg_panel import card_target
from boardkit_khan.rules.actions import Conquer, card_text
from tests.server.browsing import Player, create_match
from tests.server.live_server import ServerProcess, serve

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CARD_ID = re.compile(r"card-\d+")
"""A Khan hand card's click target in a frame (``card-17``): its deck index, a secret too."""


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    args = [
        "--data",
        str(tmp_path),
        "--think-ms",
        "0",
        "--rate-limit",
        "1000",
        "--allow-pinned-seeds",
    ]
    with serve(args, tmp_path / "server.log") as process:
        yield process


def open_shangrila(ann: Player, bob: Player) -> str:
    """Ann creates a 3-player Shangrila match in the lobby (bob's seat open, a random bot in the
    third), bob joins it from his own lobby; the match's id."""
    ann.lobby()
    ann.page.select_option("#players", "3")
    ann.page.select_option("[data-seat='1']", "")
    ann.page.select_option("[data-seat='2']", "random")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")
    match_id: str = ann.page.url.rsplit("/", 1)[1]
    bob.join(match_id)
    return match_id


def click_randomly(player: Player, rng: random.Random) -> None:
    """Click through the menus at random until an action is sent."""
    for _ in range(10):
        buttons = player.page.locator("#menu button.action")
        count = buttons.count()
        assert count, "a deciding seat sees no action"
        button = buttons.nth(rng.randrange(count))
        leaf = "leaf" in (button.get_attribute("class") or "")
        button.click()
        if leaf:
            return
    raise AssertionError("menus nested deeper than 10")


def try_and_cancel(player: Player, legal: list[dict[str, Any]], *, escape: bool) -> bool:
    """Click an element that several moves touch, check what the page shows, and cancel (with
    the button, or the Escape key). False when no element is shared by several moves."""
    counts: dict[str, int] = {}
    for action in legal:
        for target in action["targets"]:
            counts[target] = counts.get(target, 0) + 1
    shared = [t for t, n in counts.items() if n > 1]
    if not shared:
        return False
    target = shared[0]
    player.click_target(target)
    assert player.body("clicks") == target
    assert player.body("sent") == "" or not player.body("sent").startswith(f"{player.seq()}:")
    assert int(player.body("remaining")) == counts[target]
    assert player.page.locator("#picking").is_visible()
    assert "bk-chosen" in (player.target(target).get_attribute("class") or "")
    if counts[target] <= 12:  # few enough to be listed, each with its full text
        listed = player.page.locator("#picking button.candidate")
        assert listed.count() == counts[target]
        texts = {a["text"] for a in legal if target in a["targets"]}
        assert {listed.nth(i).inner_text() for i in range(listed.count())} == texts
    if escape:
        player.page.keyboard.press("Escape")
    else:
        player.page.click("#cancel-clicks")
    assert player.body("clicks") == ""
    assert player.page.locator("#picking").is_hidden()
    assert player.page.locator("#board .bk-chosen").count() == 0
    assert player.page.locator("#board .bk-target").count() >= len(counts)
    return True


def play_to_the_end(ann: Player, bob: Player, move: Callable[[Player, int], None]) -> bool:
    """Play ann's (seat 0) and bob's (seat 1) match to its end, ``move(player, seq)`` taking
    each decision on the page of the seat that owes it; bob reloads his page once, after entry
    12. Whether that reload happened."""
    players = {0: ann, 1: bob}
    reloaded = False
    for _ in range(400):
        ann.page.wait_for_selector("body[data-seq]", state="attached")
        if ann.body("over") == "true":
            break
        seq = ann.seq()
        who = ann.body("to-decide")
        if who in ("0", "1"):
            me = players[int(who)]
            me.wait_seq(seq)
            move(me, seq)
        ann.wait_seq(seq + 1)
        if not reloaded and seq >= 12:
            bob.page.reload()
            bob.wait_seq(seq + 1)
            reloaded = True
    return reloaded


def test_a_whole_shangrila_match_by_clicking(browser: Any, server: ServerProcess) -> None:
    """Every move by the board (bob on a phone-sized screen); the menus only for a pass (S-P1:
    a lone Pass when a colour has nothing else), the one Shangrila decision with no target."""
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob", phone=True)
    open_shangrila(ann, bob)
    rng = random.Random(12)
    cancelled: set[str] = set()

    def move(me: Player, seq: int) -> None:
        legal = me.legal(seq)
        if me.name not in cancelled and try_and_cancel(me, legal, escape=me is bob):
            cancelled.add(me.name)
        me.play(seq, legal[rng.randrange(len(legal))], rng)

    reloaded = play_to_the_end(ann, bob, move)
    assert ann.body("over") == "true"
    assert reloaded and cancelled == {"ann", "bob"}
    assert "Game over" in ann.page.inner_text("#banner")
    bob.wait_over()
    assert "Game over" in bob.page.inner_text("#banner")
    for person in (ann, bob):
        assert sum(person.moves.values()) >= 15
        assert person.clicked_share() >= 0.9, person.moves
        assert person.errors == []
    # some clicks left several moves (a village: its guild spaces and its bridges), listed
    assert ann.lists_seen + bob.lists_seen >= 5
    ann.close()
    bob.close()


def test_a_whole_shangrila_match_through_the_menus(browser: Any, server: ServerProcess) -> None:
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob", phone=True)
    open_shangrila(ann, bob)
    rng = random.Random(11)

    def move(me: Player, seq: int) -> None:
        me.page.wait_for_selector("#menu button.action")
        click_randomly(me, rng)

    reloaded = play_to_the_end(ann, bob, move)
    assert ann.body("over") == "true"
    assert reloaded
    banner = ann.page.inner_text("#banner")
    assert "Game over" in banner and "masters" in banner
    bob.wait_over()
    assert "Game over" in bob.page.inner_text("#banner")
    # the log: time travel to entry 3 and back
    ann.page.locator("#log li[data-seq='3']").click()
    ann.page.wait_for_selector("#past:not([hidden])")
    assert "After entry 3" in ann.page.inner_text("#past-text")
    ann.page.click("#past-live")
    assert ann.page.locator("#past").is_hidden()
    assert ann.errors == [] and bob.errors == []
    ann.close()
    bob.close()


def khan_plan(humans: tuple[int, int] = (0, 1)) -> tuple[int, int]:
    """A pinned seed and a plan seed with which seat 1 must consent to seat 0's conquest (or
    the other way round) before the end, the bot in seat 2 drawing as the server's bots do."""
    for seed in range(1, 400):
        match, _ = replay_khan(seed, seed, until_consent=True)
        flow = match.state.flow
        if not match.is_over and decider(flow) in humans and flow.active in humans:
            return seed, seed
    raise AssertionError("no plan with a consent between the two people")


def replay_khan(seed: int, plan_seed: int, *, until_consent: bool) -> tuple[Match[Any], Any]:
    """The match the server will hold, played by the plan (humans) and the bot's generator."""
    match = Match.new("khan", ["seat 1", "seat 2", "random bot"], seed=seed)
    plan = random.Random(plan_seed)
    bot, stream = RandomBot(), seat_rng(seed, 2)
    while not match.is_over:
        flow = match.state.flow
        who = decider(flow)
        if until_consent and who != flow.active and who in (0, 1) and flow.active in (0, 1):
            break
        if who == 2:
            match.play(bot.choose(match.game, match.state, 2, stream))
        else:
            legal = match.legal_actions()
            match.play(legal[plan.randrange(len(legal))])
    return match, plan


def shared_target(legal: list[dict[str, Any]]) -> str | None:
    """A board element that several of these moves touch (a click on it plays nothing yet)."""
    seen: set[str] = set()
    for action in legal:
        for target in action["targets"]:
            if target in seen:
                return str(target)
            seen.add(target)
    return None


def test_a_whole_khan_match_with_consent_and_no_leak(browser: Any, server: ServerProcess) -> None:
    """Every move with a board element by clicks, checked against the targets the server sent;
    the menus for the decisions with none: the answer to a consent (K-X5), the special cards
    other than Scout, "no special card" and discarding nothing."""
    seed, plan_seed = khan_plan()
    match_id = create_match(
        server.url,
        {
            "game": "khan",
            "seats": [{"human": True}, {"human": True}, {"bot": "random"}],
            "seed": str(seed),
        },
    )
    ann, bob = Player(browser, server.url, "ann"), Player(browser, server.url, "bob")
    for person in (ann, bob):
        person.join(match_id)
    players = {0: ann, 1: bob}
    # The test's own copy of the match, played by the same plan, says what to click.
    match = Match.new("khan", ["seat 1", "seat 2", "random bot"], seed=seed)
    plan = random.Random(plan_seed)
    bot, stream = RandomBot(), seat_rng(seed, 2)
    consents = menu_only = orientation_lists = 0
    reloaded = mid_click = False
    rng = random.Random(3)
    while not match.is_over:
        seq = len(match) - 1
        flow = match.state.flow
        who = decider(flow)
        if who == 2:
            match.play(bot.choose(match.game, match.state, 2, stream))
            ann.wait_seq(seq + 1)
            continue
        legal = match.legal_actions()
        action = legal[plan.randrange(len(legal))]
        assert who is not None
        me = players[who]
        me.wait_seq(seq)
        # what the server sent this seat: the same legal actions, each with its board elements
        sent = me.legal(seq)
        assert [a["i"] for a in sent] == list(range(len(legal)))
        item = sent[legal.index(action)]
        assert item["text"] == match.game.describe_action(action, match.state)
        assert item["targets"] == list(match.game.action_targets(action, match.state))
        if flow.active != who and flow.active in players:
            consents += 1
            assert me.page.inner_text("#turn").startswith("Your answer")
            asker = players[flow.active]
            asker.wait_seq(seq)
            assert asker.page.locator("#menu button.action").count() == 0
            assert asker.page.locator("#board .bk-target").count() == 0
            assert "must answer" in asker.page.inner_text("#menu")
        if not reloaded and seq >= 30 and me is bob:
            # a reload in the middle of a move: the half-made clicks are forgotten
            shared = shared_target(sent)
            if shared is not None:
                bob.click_target(shared)
                assert bob.body("clicks") == shared
                mid_click = True
            bob.page.reload()
            bob.wait_seq(seq)
            assert bob.body("clicks") == "" and bob.page.locator("#board .bk-chosen").count() == 0
            reloaded = True
        menu_only += not item["targets"]
        lists_before = me.lists_seen
        me.play(seq, item, rng)
        orientation_lists += isinstance(action, Conquer) and me.lists_seen > lists_before
        match.play(action)
        me.wait_seq(seq + 1)
    assert consents >= 1 and reloaded and mid_click
    moves = ann.moves + bob.moves
    assert moves["menu"] == menu_only >= 1
    clicked = moves["board"] + moves["board+list"]
    assert clicked / moves.total() >= 0.6, moves
    # some conquest's stack and first cell left several orientations, listed to pick from
    assert orientation_lists >= 1
    for person in (ann, bob):
        person.wait_seq(len(match) - 1)
        person.wait_over()
        assert "Game over" in person.page.inner_text("#banner")
        assert person.errors == []
    check_no_hand_leaks(match, ann.frames, seat=0, other=1)
    check_no_hand_leaks(match, bob.frames, seat=1, other=0)
    # the check bites: each seat's own hand is named in the frames it was sent, by its text
    # and by its click targets
    for seat, person in players.items():
        hand = match.state_at(len(match) // 2).cards.hands[seat]
        assert any(card_text(c) in "".join(person.frames) for c in hand)
        assert {card_target(c) for c in hand} & set(CARD_ID.findall("".join(person.frames)))
    dom = ann.page.content()
    ann.close()
    bob.close()
    assert "seed" not in dom.lower()


def check_no_hand_leaks(match: Match[Any], frames: list[str], seat: int, other: int) -> None:
    """No frame sent to ``seat`` names a card of ``other``'s hand that ``seat`` could not know,
    neither by its text nor by its click target (``card-17``, the card's deck index).

    A card counts as known to ``seat`` when it was in ``seat``'s own hand by then, or a spectator
    could read it by then (narration or picture). The check is shown to bite: ``other``'s hand is
    in the pictures ``other`` was sent (see the end)."""
    game = match.game
    entries = match.log.entries
    states = [match.state_at(i) for i in range(len(entries))]
    public: list[set[str]] = []
    seen_public = ""
    mine: list[set[str]] = []
    own: set[str] = set()
    public_ids: list[set[str]] = []
    mine_ids: list[set[str]] = []
    seen_ids: set[str] = set()
    own_ids: set[str] = set()
    everything = {card_text(c) for s in states for h in s.cards.hands for c in h}
    before = game.initial(match.config)
    for i, entry in enumerate(entries):
        lines = "\n".join(narrate_entry(game, before, entry.events, None))
        picture = getattr(game, "render_svg")(states[i], None, None)  # noqa: B009
        seen_public += lines + picture
        public.append({t for t in everything if t in seen_public})
        seen_ids |= set(CARD_ID.findall(lines + picture))
        public_ids.append(set(seen_ids))
        own |= {card_text(c) for c in states[i].cards.hands[seat]}
        own_ids |= {card_target(c) for c in states[i].cards.hands[seat]}
        mine.append(set(own))
        mine_ids.append(set(own_ids))
        before = states[i]
    checked = 0
    for raw in frames:
        message = json.loads(raw)
        if message.get("type") not in ("state", "view"):
            continue
        at = message["seq"]
        secret = {card_text(c) for c in states[at].cards.hands[other]} - mine[at] - public[at]
        leaked = [t for t in secret if t in raw]
        assert not leaked, f"a frame for seat {seat} at entry {at} names {leaked}"
        hidden = {card_target(c) for c in states[at].cards.hands[other]}
        hidden -= mine_ids[at] | public_ids[at]
        named = hidden & set(CARD_ID.findall(raw))
        assert not named, f"a frame for seat {seat} at entry {at} holds the targets {named}"
        checked += bool(secret)
    assert checked > 0, "no frame had a secret to keep: the check proved nothing"


def test_goofspiel_shows_the_table_a_round_ended_on_until_go_on(
    browser: Any, server: ServerProcess
) -> None:
    ann = Player(browser, server.url, "ann")
    ann.lobby()
    ann.page.select_option("#game", "goofspiel")
    ann.page.select_option("#players", "2")
    ann.page.select_option("[data-seat='1']", "first")
    ann.page.click("#create-button")
    ann.page.wait_for_url("**/match/*")
    ann.wait_seq(0)
    ann.page.wait_for_selector("#menu button.action")
    ann.page.locator("#menu button.action").last.click()  # bid 13; the bot bids after
    ann.page.wait_for_selector("body[data-round-end='1']", state="attached")
    assert ann.page.locator("#past").is_visible()
    assert ann.page.inner_text("#past-text").startswith("round 1 of 13 is over: ")
    table = ann.page.inner_text("#board pre.text-board")
    assert table.startswith("round 1 of 13") and "last bid 13" in table
    assert ann.page.inner_text("#past-live") == "go on"
    moment = ann.page.locator("#log li.round-end[data-round='1']")
    assert moment.inner_text() == "round 1 is over"
    ann.page.click("#past-live")
    assert ann.page.locator("#past").is_hidden() and ann.body("round-end") == ""
    assert ann.page.inner_text("#past-live") == "back to now"
    moment.click()  # the moment again, from the log
    ann.page.wait_for_selector("body[data-round-end='1']", state="attached")
    assert ann.page.inner_text("#board pre.text-board") == table
    assert not ann.errors


def test_a_finished_match_that_no_longer_replays_is_shown_unverified(
    browser: Any, tmp_path: Path
) -> None:
    """Its stored setup changed (as a rules change would make it differ from what the seed
    gives): the page still shows its history, and its banner says it is not verified."""
    args = ["--data", str(tmp_path), "--think-ms", "0", "--allow-pinned-seeds"]
    with serve(args, tmp_path / "first.log") as first:
        match_id = create_match(first.url, {"game": "nim", "seats": [{"bot": "first"}] * 2})
        for _ in range(200):
            with urllib.request.urlopen(f"{first.url}/api/matches/{match_id}") as response:
                if json.loads(response.read())["status"] == "finished":
                    break
            time.sleep(0.05)
        else:
            raise AssertionError("the bots never finished")
    with sqlite3.connect(tmp_path / "boardkit.sqlite3") as db:
        (body,) = db.execute(
            "SELECT body FROM boardkit_entry WHERE match_id = ? AND seq = 0", (match_id,)
        ).fetchone()
        setup = json.loads(body)
        drawn = next(e for e in setup["events"] if e["type"] == "StarterDrawn")
        drawn["player"] = 1 - drawn["player"]
        db.execute(
            "UPDATE boardkit_entry SET body = ? WHERE match_id = ? AND seq = 0",
            (json.dumps(setup), match_id),
        )
    with serve(args, tmp_path / "second.log") as second:
        ann = Player(browser, second.url, "ann")
        ann.page.goto(f"{second.url}/match/{match_id}")
        ann.page.wait_for_selector("#banner p.unverified")
        banner = ann.page.inner_text("#banner")
        assert "Game over" in banner and "not verified, read-only" in banner
        assert ann.body("over") == "true" and ann.page.locator("#log li").count() > 3
        assert not ann.errors


def test_a_match_cut_off_at_its_cap_says_so_on_the_page(
    browser: Any, server: ServerProcess
) -> None:
    """A match of bots created with an entry cap of 3 (two Nim moves, never enough to end it)
    is cut off; a spectator's page shows the truncated end, not a winner."""
    body = {"game": "nim", "seats": [{"bot": "random"}, {"bot": "random"}], "cap": 3}
    match_id = create_match(server.url, body)
    watcher = Player(browser, server.url, "cy")
    watcher.page.goto(f"{server.url}/match/{match_id}")
    watcher.wait_over()
    banner = watcher.page.inner_text("#banner")
    assert "the game was cut off unfinished" in banner and "entry cap" in banner
    assert " wins" not in banner
    assert watcher.seq() == 2 and watcher.errors == []
    watcher.close()
