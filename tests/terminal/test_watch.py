"""``boardkit watch``: a game between bots shown as it happens on a terminal (checked on an
emulated 80×24 screen), and as a plain transcript in a pipe."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from boardkit import Match
from boardkit.cli import main
from boardkit.result import outcome_text
from tests.terminal.screen_driver import COLUMNS, ROWS, Terminal

ANSI = re.compile(r"\x1b\[")


def watch_text(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["watch", *args], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_piped_it_prints_each_entry_once_and_the_board_only_at_both_ends(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    code, text, err = watch_text(
        "shangrila", "--players", "3", "--seed", "3", "--save-log", str(log)
    )
    assert code == 0, err
    assert not ANSI.search(text)  # plain text in a file
    match = Match.load(log)
    headings = re.findall(r"^(\d+)\. (red|blue|yellow) \(greedy\): ", text, re.MULTILINE)
    assert [int(n) for n, _ in headings] == list(range(1, len(match)))
    # the board (village 12's line) is drawn at the start and at the end, never in between
    assert len(re.findall(r"^12[ *] ", text, re.MULTILINE)) == 2
    assert text.index("\n1. ") < text.rindex("\n12")
    result = match.result
    assert result is not None
    assert outcome_text(result, match.header.players) in text
    for name, score in zip(match.header.players, result.scores, strict=True):
        assert f"{name} {score}" in text.rsplit("\n12", 1)[1]
    # the narration of automatic entries is there too (the set-up's start player)
    assert "is drawn to start" in text


def test_bots_are_given_one_for_all_or_one_per_seat() -> None:
    code, text, _ = watch_text("nim", "--players", "2", "--seed", "1", "--bots", "first,random")
    assert code == 0
    assert "(first)" in text and "(random)" in text
    code, _, err = watch_text("nim", "--players", "3", "--bots", "first,random")
    assert code == 2 and "2 bots for 3 players" in err
    code, _, err = watch_text("nim", "--bots", "cleverest")
    assert code == 2 and "cleverest" in err
    code, _, err = watch_text("nim", "--delay", "-1")
    assert code == 2 and "--delay" in err


@pytest.mark.slow  # a whole four-player Khan game, every frame through a terminal emulator
def test_on_a_terminal_one_screen_is_updated_in_place_and_ends_with_the_result() -> None:
    term = Terminal.boardkit("watch", "khan", "--players", "4", "--seed", "1", "--delay", "0")
    assert term.finish() == 0
    screen = term.text().splitlines()
    assert len(term.screen.display) == ROWS and len(term.screen.display[0]) == COLUMNS
    # nothing scrolled away: the frame's header is still the top line, the result below
    assert screen[0].startswith("Khan · entry ") and "game over" in screen[0]
    assert re.search(r"^(red|blue|green|yellow) wins: ", term.text(), re.MULTILINE)
    assert "tiles+bonus=score" in term.text()
    # in place: the cursor went back up over the frame, again and again
    assert term.raw.count("\x1b[1A") > 50
    assert "\x1b[1;31m" in term.raw  # red's pieces and name in red


def test_step_waits_for_a_key_and_q_stops() -> None:
    term = Terminal.boardkit("watch", "shangrila", "--players", "3", "--seed", "1", "--step")
    term.wait_for("paused")
    assert "entry 0" in term.text().splitlines()[0]
    term.pump(0.5)
    assert "entry 0" in term.text().splitlines()[0]  # nothing moves until a key
    term.type("n")
    term.wait_for("entry 1 ")
    term.type("n")
    term.wait_for("entry 2 ")
    term.type("q")
    assert term.finish() == 0
    assert "stopped after entry 2" in term.text()


def test_piped_the_table_each_round_ended_on_is_printed_where_the_round_ends() -> None:
    code, text, err = watch_text("goofspiel", "--players", "2", "--seed", "4")
    assert code == 0, err
    tables = re.findall(r"^   — the table at the end of round (\d+):$", text, re.MULTILINE)
    assert [int(n) for n in tables] == list(range(1, 14))
    first = text.split("— the table at the end of round 1:\n", 1)
    # the summary comes just before the table; the next prize only after it
    assert first[0].rstrip().splitlines()[-1].startswith("   round 1 of 13 is over: ")
    table, rest = first[1].split("\n   round 2 of 13\n", 1)
    assert table.startswith("round 1 of 13 ") and "last bid" in table
    assert rest.startswith("   the prize is ")


def test_step_stops_on_the_table_a_round_ended_on_before_the_next_prize() -> None:
    term = Terminal.boardkit("watch", "goofspiel", "--players", "2", "--seed", "4", "--step")
    term.wait_for("paused")
    term.type("n")
    term.wait_for("entry 1 ")
    term.type("n")
    term.wait_for("round 1 is over")
    screen = term.settle()  # the header comes first; the narration under it a moment later
    assert screen.splitlines()[0].startswith("Goofspiel · entry 2 · round 1 is over")
    assert "last bid" in screen and "round 1 of 13" in screen  # the round's table, scored
    assert "round 1 of 13 is over: " in screen  # the summary, the narration's last line
    assert "the prize is" not in screen.split("round 1 of 13 is over: ", 1)[1]
    term.pump(0.5)
    assert "round 1 is over" in term.text()  # it waits for a key
    term.type("n")
    term.wait_for("entry 2 · next")
    screen = term.settle()
    assert "round 2 of 13" in screen and "round 1 is over" not in screen.splitlines()[0]
    term.type("q")
    assert term.finish() == 0


class _FailingBot:
    """A bot with a bug: it raises whenever it is asked."""

    name = "failing"

    def choose(self, game: object, state: object, player: int, rng: object) -> object:
        raise RuntimeError("the bot's own bug")


def test_a_failing_bot_is_one_error_line_and_the_log_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardkit.bots import registry

    real = registry.bot_from_spec
    monkeypatch.setattr(
        registry, "bot_from_spec", lambda spec: _FailingBot() if spec == "random" else real(spec)
    )
    log = tmp_path / "game.json"
    code, _, err = watch_text(
        "nim", "--bots", "greedy,random", "--seed", "1", "--save-log", str(log)
    )
    assert code == 1
    assert err.startswith("error: nim failed during the game (RuntimeError: the bot's own bug)")
    assert f"the log so far is in {log}" in err
    assert "Traceback" not in err
    assert len(Match.load(log)) >= 1
