"""Rules at hand in ``boardkit play``: ``?`` lists the commands and the topics, ``? TOPIC``
shows a section, every help line fits 80 columns, a refusal names its rule's section, Khan
says why a typed cell takes no yurt, and a label typed in an opened submenu waits for Enter as
a deeper label typed from above does."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardkit import Match
from boardkit.rng import Rng
from boardkit.terminal.play import HELP_TEXT, PlaySession, PlayStatus, Seat, help_text
from tests.terminal.test_play import TakeOne, nim_match


def play(match: Match[Any], script: Sequence[str], seats: Sequence[Any], **kw: Any) -> str:
    out = io.StringIO()
    session = PlaySession(
        match, seats, input=io.StringIO("".join(f"{line}\n" for line in script)), output=out, **kw
    )
    assert session.run() is PlayStatus.QUIT
    text = out.getvalue()
    assert "Traceback" not in text
    return text


def test_the_commands_help_fits_80_columns_whatever_the_save_path() -> None:
    assert all(len(line) <= 80 for line in HELP_TEXT.format(save_path="nim-1.json").splitlines())
    long = "/a-rather-long-folder/with/many/parts/and-a-long-name/of-a-saved-game-123.json"
    rows = help_text(long)
    assert all(len(line) <= 80 for line in rows)
    assert "? TOPIC" in "\n".join(rows) and long in "".join(r.strip() for r in rows)


def test_question_mark_lists_topics_and_a_topic_shows_its_section(tmp_path: Path) -> None:
    match = nim_match()
    people = [Seat("ann", "human", None), Seat("bob", "first", TakeOne())]
    out = play(match, ["?", "? tak", "?goal", "? zebra", "quit"], people, save_path=tmp_path / "n")
    assert "How to play: ? TOPIC, topics: goal, take" in out
    assert "Taking stones (take)\n  On your turn take at least one stone" in out
    assert "The goal\n  A heap of stones lies on the table." in out
    assert "no rules topic matches 'zebra'; topics: goal, take" in out
    shown = out[out.index("At each menu, type:") : out.index("no rules topic matches")]
    assert all(len(line) <= 80 for line in shown.splitlines())


def khan_at_step_two(seed: int) -> Match[Any]:
    match: Match[Any] = Match.new("khan", ["ann", "bob"], seed=seed)
    rng = Rng(seed, 3)
    while match.state.flow.phase == "placement" or match.state.flow.step != "actions":
        match.play(rng.choice(match.legal_actions()))
    return match


def test_khan_says_why_a_typed_cell_takes_no_yurt_and_which_rule(tmp_path: Path) -> None:
    match = khan_at_step_two(2)
    seat = match.to_decide
    seats = ["human", "first"] if seat == 0 else ["first", "human"]
    out = play(match, ["A1", "? conquer", "quit"], seats, save_path=tmp_path / "k.json")
    assert "nothing here starts with 'A1'" not in out
    assert "A1 is not a cell in play; see: The board (K-C1)" in out
    assert "C: Conquer (K-A-C, K-A-C1," in out
    section = out[out.index("C: Conquer (K-A-C") :].splitlines()[:8]
    assert all(len(line) <= 80 for line in section)


def test_a_label_typed_in_an_opened_submenu_waits_for_enter_as_from_above(
    tmp_path: Path,
) -> None:
    """Khan's start yurts are region then cell: ``k10`` from the region level waits for
    Enter (a deeper label), and so does ``k10`` typed at the cell level of Tropical forest;
    a line's number plays at once."""
    match = Match.new("khan", ["ann", "bob"], seed=5)
    ann = match.state.flow.active
    seats = ["human", "first"] if ann == 0 else ["first", "human"]
    out = play(match, ["forest", "k10", "quit"], seats, save_path=tmp_path / "a.json")
    assert len(match) == 1  # nothing played
    assert "place a start yurt at K10: press Enter to play it" in out
    out = play(match, ["forest", "k10", "", "quit"], seats, save_path=tmp_path / "b.json")
    assert f"{match.header.players[ann]}: place a start yurt at K10" in out
    assert len(match) > 1
