"""``boardkit play`` reads a move typed as its text, at any menu level, as ``Match.play_text``
does: whole texts play, a start of one waits for Enter, and what names nothing or several says
which moves it could be."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardkit import Match
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.terminal.play import PlaySession, PlayStatus


def khan(tmp_path: Path, script: Sequence[str], seed: int = 5) -> tuple[Match[Any], str, str]:
    """A Khan match (the person at the keyboard against a bot that plays the first action),
    run on ``script``: the match, the person's name and everything printed."""
    match = Match.new("khan", ["ann", "bob"], seed=seed)
    person = match.state.flow.active
    seats = ["human", "first"] if person == 0 else ["first", "human"]
    out = io.StringIO()
    session = PlaySession(
        match,
        seats,
        input=io.StringIO("".join(f"{line}\n" for line in script)),
        output=out,
        save_path=tmp_path / "khan.json",
        echo=True,
    )
    status = session.run()
    text = out.getvalue()
    assert "Traceback" not in text and status is PlayStatus.QUIT
    return match, match.header.players[person], text


def test_a_whole_text_plays_at_once_at_any_level(tmp_path: Path) -> None:
    # the first menu is the start yurt's regions: a cell's whole text names the yurt
    match, name, out = khan(tmp_path, ["  PLACE a start   yurt at k10 ", "quit"])
    assert len(match) >= 2
    first = match.log.entries[1]
    assert match.game.describe_action(first.action, match.state_at(0)) == (
        "place a start yurt at K10"
    )
    assert f"{name}: place a start yurt at K10" in out
    # one level down (a region opened), a text of another region's cell still plays
    match, name, out = khan(tmp_path, ["2", "place a start yurt at K10", "quit"])
    assert f"{name}: place a start yurt at K10" in out


ANN_STARTS = 1
"""A seed with which Nim's start player (drawn at setup) is seat 0."""

WORDS = ("zero", "one", "two", "three", "four", "five")


class WordyNim(NimGame):
    """Nim whose texts are not its menu labels: "take two stones" under the labels take / 2."""

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return f"take {WORDS[action.count]} stone{'' if action.count == 1 else 's'}"

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        return ("take", str(action.count))


def wordy(tmp_path: Path, script: Sequence[str]) -> tuple[Match[Any], str]:
    """Wordy Nim, 7 stones, ann (to play first) against a bot that takes one: the match and
    everything printed."""
    match = Match.new(WordyNim(), ["ann", "bob"], {"stones": 7}, seed=ANN_STARTS)
    out = io.StringIO()
    session = PlaySession(
        match,
        ["human", "first"],
        input=io.StringIO("".join(f"{line}\n" for line in script)),
        output=out,
        save_path=tmp_path / "nim.json",
        overwrite=True,
        echo=True,
    )
    session.run()
    text = out.getvalue()
    assert "Traceback" not in text
    return match, text


def test_a_start_of_one_text_waits_for_enter_and_anything_else_is_read_as_usual(
    tmp_path: Path,
) -> None:
    match, out = wordy(tmp_path, ["take th", "", "quit"])
    assert "take three stones: press Enter to play it, or type anything else" in out
    assert "ann: take three stones" in out
    assert [e.action for e in match.log.entries[1:]] == [Take(3), Take(1)]
    match, out = wordy(tmp_path, ["take th", "zebra", "quit"])
    assert len(match) == 1  # the start alone played nothing; zebra is read as usual
    assert "nothing here starts with 'zebra'" in out
    match, out = wordy(tmp_path, ["move take th", "", "quit"])
    assert "ann: take three stones" in out


def test_a_text_that_names_several_moves_lists_them(tmp_path: Path) -> None:
    match, out = wordy(tmp_path, ["take t", "take", "quit"])
    assert len(match) == 1
    assert "'take t' could be 2 legal actions: take two stones, take three stones" in out
    assert "'take' could be 3 legal actions: take one stone, take two stones," in out


def test_a_text_that_names_nothing_lists_the_legal_moves(tmp_path: Path) -> None:
    match, out = wordy(tmp_path, ["take four stones", "quit"])
    assert len(match) == 1
    assert (
        "no legal action reads 'take four stones'; the legal actions are: take one stone, "
        "take two stones, take three stones" in out
    )
    # a single word that is no label and no move: the menu's own answer
    _, out = wordy(tmp_path, ["zebra", "quit"])
    assert "nothing here starts with 'zebra'" in out


def test_the_move_command_reads_a_text_that_looks_like_a_command(tmp_path: Path) -> None:
    match, out = wordy(tmp_path, ["move list", "move", "MOVE   Take   TWO stones", "quit"])
    assert "no legal action reads 'list'; the legal actions are: take one stone," in out
    assert "no action text given" in out
    assert "ann: take two stones" in out
    assert [e.action for e in match.log.entries[1:]] == [Take(2), Take(1)]


def test_a_whole_text_plays_where_a_label_of_the_level_would_not(tmp_path: Path) -> None:
    match, out = wordy(tmp_path, ["take one stone", "quit"])
    assert "ann: take one stone" in out and match.log.entries[1].action == Take(1)
    assert "press Enter" not in out
