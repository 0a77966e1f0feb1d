"""``?`` in ``boardkit watch``: it pauses and shows the topics of how to play in place of the
narration; a topic typed and Entered shows its section; Esc or ``?`` closes the rules and the
watch goes on as it was."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from boardkit import Match
from boardkit.bots.registry import bot_from_spec
from boardkit.terminal.watch import RULES_KEYS, Watch
from tests.terminal.test_watch_thinking import ScriptedKeys


def watch(game: str = "khan") -> tuple[Watch, Console]:
    console = Console(
        file=io.StringIO(), force_terminal=True, color_system=None, width=80, height=24
    )
    match: Match[Any] = Match.new(game, ["ann", "bob"], seed=1)
    bots = [bot_from_spec("random"), bot_from_spec("random")]
    return Watch(match, bots, ["random", "random"], console, keys=ScriptedKeys()), console


def frame_text(w: Watch, console: Console) -> list[str]:
    with console.capture() as capture:
        console.print(w._frame())
    return capture.get().splitlines()


def test_question_mark_shows_topics_then_the_typed_topic_and_closes() -> None:
    w, console = watch()
    assert not w.paused
    w._key("?")
    assert w.paused and w.rules is not None
    lines = frame_text(w, console)
    assert any("How to play: type ? and a topic" in line for line in lines)
    assert any(line.split()[:1] == ["conquer"] for line in lines)
    assert RULES_KEYS in lines[-1]
    for key in "conq":
        assert w._key(key) is False  # letters are a topic now: n plays nothing, q quits not
    w._key("\x7f")
    w._key("q")
    assert frame_text(w, console)[-1].startswith("? conq_")
    w._key("\r")
    lines = frame_text(w, console)
    assert any(line.startswith("C: Conquer (K-A-C") for line in lines)
    assert all(len(line) <= 80 for line in lines)
    w._key("\x1b")
    assert w.rules is None and not w.paused  # as it was before ?
    assert "? rules" in frame_text(w, console)[-1]


def test_a_watch_that_was_paused_stays_paused_after_the_rules() -> None:
    w, _ = watch("nim")
    w._key(" ")
    assert w.paused
    w._key("?")
    w._key("z")
    w._key("\n")
    assert w.rules is not None and w.rules[0].startswith("no rules topic matches 'z'")
    w._key("?")
    assert w.rules is None and w.paused
