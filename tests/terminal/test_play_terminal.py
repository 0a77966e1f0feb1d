"""``boardkit play`` the way people use it: typed into an 80×24 pseudo-terminal, bad input and
all, for both games; and hot-seat Khan, where no screen shown to one player holds the other's
hand."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from boardkit import Match, Rng
from boardkit_khan.rules.actions import Conquer, InvadeAnywhere, card_text
from boardkit_khan.rules.state import static_for
from tests.terminal.screen_driver import Terminal


def test_khan_at_80x24_with_bad_input_a_word_and_the_board_command(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "khan", "--players", "2", "--names", "ann,bob", "--seat", "human,first",
        "--seed", "5", "--log", "k.json", cwd=tmp_path,
    )  # fmt: skip
    screen = term.wait_for("ann [start yurt]>")
    assert "ann (red) to play" in screen and "tiles+bonus=score" in screen
    assert "you are red." in term.raw and "\x1b[1;31m" in term.raw  # said once, in colour
    term.line("zzz")
    term.wait_for("nothing here starts with 'zzz'")
    term.line("99")
    term.wait_for("there is no line 99; choose 1 to 6")
    term.line("board")
    term.wait_for("Rulers and camps:")  # the whole board as the game draws it
    term.line("forest")  # a word of the label "Tropical forest"
    screen = term.wait_for("ann [start yurt / Tropical forest]>")
    term.line("1")
    screen = term.wait_for("ann (red) to play (turn 3")
    term.line("forest")  # a region with a start yurt: the game says why it is absent
    term.wait_for("Tropical forest is not on offer: a start yurt stands in Tropical")
    said = " ".join(term.text().splitlines())
    assert "stands in Tropical forest already, and each region takes one" in said
    assert "ann: place a start yurt" in term.raw and "bob (bot): " in term.raw
    assert "  bob places a start yurt" in term.raw  # the narration of the bot's move
    assert all(len(row) <= 80 for row in screen.splitlines())
    term.line("quit")
    assert term.finish() == 0
    match = Match.load(tmp_path / "k.json")
    assert match.log.entries[1].player == 0 and len(match) >= 3


def test_shangrila_at_80x24_picks_by_number_and_word(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "shangrila", "--players", "3", "--seat", "human,first,first",
        "--names", "ann,bob,cy", "--seed", "4", "--log", "s.json", cwd=tmp_path,
    )  # fmt: skip
    screen = term.wait_for("ann [")
    assert "mast vill stud" in term.raw and "ann (red) to play" in screen
    assert all(len(row) <= 80 for row in screen.splitlines())
    term.line("")  # Enter with several lines to choose from
    term.wait_for("type a number from 1 to")
    term.line("healer")
    screen = term.wait_for("ann [setup master / Healer]>")
    assert "12. village 12" in screen  # numbers match what they name
    assert screen.splitlines()[0].startswith(" 0 ")  # the villages stay on the screen
    term.line("2")  # absent: the game says why
    term.wait_for("village 2 is not on offer: the red village is out of play with three players")
    term.line("0")
    term.wait_for("village 0 is not on offer: the Healer space of village 0 is taken")
    since = len(term.raw)
    term.line("12")
    # the bots move at once, so ann's line can scroll away within one read: look in the bytes
    written = term.wait_written("ann: ", since)
    assert "Healer @ 12" in written.split("ann: ", 1)[1].splitlines()[0]
    since = len(term.raw)
    term.line("undo")
    term.wait_written("undid", since)
    since = len(term.raw)
    term.line("redo")
    term.wait_written("redid", since)
    term.line("quit")
    assert term.finish() == 0


@pytest.mark.slow  # a whole Khan game in a pseudo-terminal: 2-4 s
def test_hot_seat_khan_never_shows_a_hand_to_the_other_player(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "khan", "--players", "2", "--names", "ann,bob", "--seat", "human,human",
        "--seed", "8", "--log", "h.json", cwd=tmp_path,
    )  # fmt: skip
    decisions = 0
    while decisions < 14:
        last = ""
        for _ in range(400):
            term.pump(0.05)
            rows = [row for row in term.text().splitlines() if row.strip()]
            last = rows[-1] if rows else ""
            if last.endswith(">") or last.endswith("press Enter"):
                break
        if last.endswith("press Enter"):
            term.line("")
            term.pump(0.2)
            continue
        assert last.endswith(">"), term.text()
        term.line("1")
        decisions += 1
        term.pump(0.2)
    term.line("quit")
    assert term.finish() == 0
    match = Match.load(tmp_path / "h.json")
    hands: dict[int, set[str]] = {0: set(), 1: set()}
    for k in range(len(match)):
        for seat in (0, 1):
            for card in match.state_at(k).cards.hands[seat]:
                hands[seat].add(card_text(card))
    segments = re.split(r"pass the terminal to (ann|bob)", term.raw)
    assert len(segments) > 3
    shown_any = False
    for name, segment in zip(segments[1::2], segments[2::2], strict=True):
        # every change of player is a clear of the screen and of the scrollback
        seat, other = (0, 1) if name == "ann" else (1, 0)
        plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", segment)
        for found in re.findall(r"your hand: (.*(?:\r?\n {30,}\S.*)*)", plain):
            cards = [c.strip() for c in re.split(r",\s+", found) if c.strip() not in ("", "empty")]
            assert not any(c.endswith("…") for c in cards)  # never cut
            shown_any = shown_any or bool(cards)
            assert set(cards) <= hands[seat]
            assert not set(cards) & (hands[other] - hands[seat])
    assert shown_any
    assert term.raw.count("\x1b[3J") >= len(segments) // 2
    # after each pass screen but the first, what the other did is told again (it was cleared)
    told = [seg for seg in segments[4::2] if re.search(r"since (ann|bob)'s last decision:", seg)]
    assert len(told) >= len(segments[4::2]) - 1 and any("ann: " in seg for seg in told)


@pytest.mark.slow  # a whole Khan game in a pseudo-terminal: 2-4 s
def test_resume_at_80x24_seats_the_recorded_bot_again(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "khan", "--players", "2", "--names", "ann,bob", "--seat", "human,greedy",
        "--seed", "6", "--log", "r.json", cwd=tmp_path,
    )  # fmt: skip
    term.wait_for("ann [start yurt]>")
    term.line("1")
    term.wait_for("ann [start yurt / ")
    term.line("1")
    term.wait_for("ann (red) to play (turn 3")
    term.line("quit")
    assert term.finish() == 0
    again = Terminal.boardkit("play", "--resume", "r.json", cwd=tmp_path)
    again.wait_for("ann [start yurt]>")
    assert "Khan: ann (you), bob (greedy), resumed after 2 actions." in again.raw
    again.line("quit")
    assert again.finish() == 0
    assert Match.load(tmp_path / "r.json").header.seats == ("human", "greedy")


def khan_log_at_action_d(path: Path) -> None:
    """A 2-player Khan log (random moves from seed 0) stopped where ann may take action D with
    four cards in hand."""
    match = Match.new("khan", ["ann", "bob"], seed=0)
    rng = Rng(0, 9)
    while not (
        match.to_decide == 0
        and any(isinstance(a, InvadeAnywhere) for a in match.legal_actions())
        and len(match.state.cards.hands[0]) == 4
    ):
        match.play(rng.choice(match.legal_actions()))
    match.save(path)


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_khan_long_submenus_are_grouped_and_numbered_as_they_read(tmp_path: Path) -> None:
    """Action D at 80×24: its cells by region, then the 16 discards by count (``2`` picks
    ``2 cards``), bad input included."""
    khan_log_at_action_d(tmp_path / "d.json")
    term = Terminal.boardkit(
        "play", "--resume", "d.json", "--seat", "human,random", cwd=tmp_path
    )  # fmt: skip
    term.wait_for("ann>")
    term.line("d")
    screen = term.wait_for("ann [D: invade any land]>")
    assert "Tropical forest  (" in screen and "Mountains  (" in screen  # regions, not cells
    cells = int(re.search(r"Mountains  \((\d+)\)", screen)[1])  # type: ignore[index]
    term.line("mount")
    screen = term.wait_for("ann [D: invade any land / Mountains]>")
    rows = screen.splitlines()
    # the board, whose decision it is and every cell of the region, on one 80x24 screen
    assert rows[0].startswith("   A B C D") and rows[13].startswith("13 ")
    assert "ann (red) to play" in screen
    assert len(re.findall(r"\b\d+\. [A-M]\d+\b", screen)) == cells > 12
    assert all(len(row) <= 80 for row in rows)
    term.line("1")
    screen = term.wait_for("ann [D: discard]>")
    for line in (
        "0. 0 cards",
        "1. 1 card  (4)",
        "2. 2 cards  (6)",
        "3. 3 cards  (4)",
        "4. 4 cards",
    ):
        assert line in screen, screen
    term.line("7")
    term.wait_for("there is no line 7; choose one of 0, 1, 2, 3, 4")
    term.line("2")
    screen = term.wait_for("ann [D: discard / 2 cards]>")
    assert all(len(row) <= 80 for row in screen.splitlines())
    since = len(term.raw)
    term.line("1")
    term.wait_written("ann: D: discard ", since)  # the bot's answer may scroll it away
    term.line("quit")
    assert term.finish() == 0


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_hot_seat_consent_goes_to_the_protected_player_with_the_question(tmp_path: Path) -> None:
    """A Khan consent owed by ann during bob's turn, at one keyboard: a pass screen that says
    why, then the question with the tile and its cells, bad input, the answer."""
    match = Match.new("khan", ["ann", "bob"], seed=0)
    rng = Rng(0, 9)
    while not match.state.flow.owed:
        match.play(rng.choice(match.legal_actions()))
    assert match.state.flow.owed[0].player == 0 and match.state.flow.active == 1
    match.save(tmp_path / "c.json")
    term = Terminal.boardkit("play", "--resume", "c.json", "--seat", "human,human", cwd=tmp_path)
    term.wait_for("pass the terminal to ann, who must answer a consent request, press Enter")
    term.line("")
    screen = term.wait_for("ann [consent]>")
    rows = screen.splitlines()
    assert len(rows) == 24  # the map's top is on screen, below the intro of the first screen
    assert rows[0] == "Khan: ann (human), bob (human), resumed after 58 actions."
    assert rows[1].startswith("   A B C D")
    said = " ".join(rows)  # the texts are wrapped at word ends
    assert "ann (red) must answer: consent" in said and "during bob's turn" in said
    assert "bob wants to lay the L-tetromino on E5, C6, D6, E6, covering 1 of your yurts." in said
    assert "yes lets the conquest happen, no refuses it" in said
    assert all(len(row) <= 80 for row in rows)
    term.line("maybe")
    term.wait_for("nothing here starts with 'maybe'")
    term.line("no")
    term.wait_for("pass the terminal to bob, press Enter")
    assert "ann: consent: no" in term.raw
    term.line("")
    screen = term.wait_for("bob (blue) to play")
    assert "bob wants to lay" not in screen  # the question was ann's alone
    term.line("quit")
    assert term.finish() == 0


@pytest.mark.slow  # a whole Khan game in a pseudo-terminal: 2-4 s
def test_khan_conquest_refusals_keep_the_whole_screen_at_80x24(tmp_path: Path) -> None:
    """Action C typed down to a cell where a ruler stands: the reason, in words, in its place
    above the prompt; the board's first row, the question and the menu stay on the screen
    after every refusal (none of them scrolls the screen)."""
    match = Match.new("khan", ["ann", "bob"], seed=4)
    rng = Rng(4, 9)
    while not (
        match.to_decide == 0
        and match.state.flow.step == "actions"
        and any(isinstance(a, Conquer) for a in match.legal_actions())
    ):
        match.play(rng.choice(match.legal_actions()))
    path = next(
        match.game.action_path(a, match.state)
        for a in match.legal_actions()
        if isinstance(a, Conquer)
    )
    board = match.state.field
    ruler = next(cell for cell in board.rulers if cell >= 0)
    ruler_label = static_for(match.state.options.board).board.label(ruler)
    match.save(tmp_path / "c.json")
    term = Terminal.boardkit("play", "--resume", "c.json", "--seat", "human,random", cwd=tmp_path)
    term.wait_for("ann>")

    def whole(screen: str) -> list[str]:
        rows = screen.splitlines()
        assert rows[0].startswith("   A B C D") and rows[13].startswith("13 "), screen
        assert "ann (red) to play" in screen and all(len(row) <= 80 for row in rows)
        return rows

    for bad in ("99", "zzz", "", "99"):  # refusals one after another: nothing scrolls
        prompts = term.raw.count("ann>")
        term.line(bad)
        deadline = time.monotonic() + 60
        while term.raw.count("ann>") == prompts:  # the screen is whole once its prompt is
            assert term.pump() and time.monotonic() < deadline, term.text()
        assert "! " in term.text()
        whole(term.text())
    term.line("conquer")  # a level with a single label is passed through
    term.wait_for(f"ann [{path[0]}")
    while True:
        prompt = re.search(r"ann \[([^\]]*)\]>\s*$", term.settle())
        assert prompt is not None
        depth = len(prompt[1].split(" / "))
        if depth == 3:
            break
        term.line(path[depth])
    assert prompt[1] == " / ".join(path[:3])
    term.line(ruler_label)
    term.wait_for(f"{ruler_label} is not on offer: a ruler stands on")
    rows = whole(term.settle())
    said = [row for row in rows if row]
    assert said[-1].startswith("ann [") and said[-2].startswith(f"! {ruler_label} is not")
    assert "K-A" not in term.text()
    term.line("..")
    term.line("..")
    term.line("..")
    term.line("..")
    term.wait_for("! already at the top menu")
    whole(term.settle())  # the last of the typed-ahead lines answered too
    term.line("quit")
    assert term.finish() == 0


def test_the_bots_moves_are_repeated_on_the_next_decision_screen(tmp_path: Path) -> None:
    """The decision screen is cleared before it is drawn; what was played since the last one
    (the bot's move and its narration) is repeated above the board, so it is read there and
    not only in the scrollback."""
    term = Terminal.boardkit(
        "play", "nim", "--seat", "human,first", "--names", "ann,bob", "--seed", "4",
        "--log", "n.json", cwd=tmp_path,
    )  # fmt: skip
    rows = [row for row in term.wait_for("ann [Take]>").splitlines() if row]
    assert rows[:2] == [
        "Nim: ann (you), bob (first).",
        "The game is saved to n.json after every move. Type ? for help.",
    ], rows
    assert rows[2:4] == ["bob (bot): take 1", "  bob takes 1 stone, 14 left"], rows
    prompts = term.raw.count("ann [Take]>")
    term.line("2")
    deadline = time.monotonic() + 60
    while term.raw.count("ann [Take]>") == prompts:
        assert term.pump() and time.monotonic() < deadline, term.text()
    rows = [row for row in term.text().splitlines() if row]
    assert rows[0] == "ann: take 2" and rows[1] == "  you take 2 stones, 12 left", rows
    assert "bob (bot): take 1" in rows and "  bob takes 1 stone, 11 left" in rows
    assert "  bob takes 1 stone, 14 left" not in rows  # only what is new since the last screen
    assert sum(row.startswith("heap:") for row in rows) == 1 and rows[-1] == "ann [Take]>"
    term.line("quit")
    assert term.finish() == 0


def test_at_80x24_the_side_panel_gives_way_to_what_the_bots_just_did(tmp_path: Path) -> None:
    """Shangrila's side panel runs below its 13 villages; at 80×24 its last rows (the legend)
    give way to the bots' moves since ann's last decision, which would else be seen only in
    the scrollback."""
    term = Terminal.boardkit(
        "play", "shangrila", "--players", "3", "--seat", "human,first,first",
        "--names", "ann,bob,cy", "--seed", "4", "--log", "s.json", cwd=tmp_path,
    )  # fmt: skip
    term.wait_for("ann [setup master]>")
    prompts = term.raw.count("ann [setup master]>")
    term.line("healer")
    term.wait_for("ann [setup master / Healer]>")
    term.line("12")
    deadline = time.monotonic() + 60
    while term.raw.count("ann [setup master]>") == prompts:
        assert term.pump() and time.monotonic() < deadline, term.text()
    screen = term.settle()
    rows = screen.splitlines()
    assert "  bob (blue) places a set-up master" in screen, screen
    assert "  cy (yellow) places a set-up master" in screen, screen
    assert rows[-1].startswith("ann [setup master]>") and len(rows) <= 24
    assert any(row.startswith("12  H") for row in rows)  # the board stays whole
    term.line("quit")
    assert term.finish() == 0


def test_goofspiel_stops_on_the_table_a_round_ended_on_until_enter(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "goofspiel", "--players", "2", "--seat", "human,first",
        "--names", "ann,bob", "--seed", "4", "--log", "g.json", cwd=tmp_path,
    )  # fmt: skip
    term.wait_for("ann (red) to decide")
    term.line("13")
    screen = term.wait_for("round 1 is over; press Enter to go on")
    assert "round 1 of 13 is over: " in screen  # the summary, above the table
    assert "round 1 of 13" in screen and "last bid 13" in screen  # the round's table, scored
    assert "round 2 of 13" not in screen and "the prize is" not in screen.split("is over: ")[1]
    term.pump(0.5)
    assert "press Enter to go on" in term.text()  # it waits
    term.line("")
    term.wait_for("ann (red) to decide")
    screen = term.settle()  # the whole frame, not the first rows of it
    assert "round 2 of 13" in screen
    term.line("quit")
    assert term.finish() == 0
