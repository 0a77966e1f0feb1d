"""``boardkit watch`` answers its keys while a bot thinks: the bot's choice runs in a worker
thread (:mod:`boardkit.terminal.thinking`), the same seed still plays the same game, and
space, ``n`` and ``q`` work before a slow bot's move arrives."""

from __future__ import annotations

import io
import sys
import threading
import time
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from boardkit import Match
from boardkit.bots.registry import bot_from_spec
from boardkit.game import Game
from boardkit.registry import load_game
from boardkit.rng import Rng
from boardkit.runner.seats import Chooser, play_out
from boardkit.terminal.keys import KeyReader
from boardkit.terminal.thinking import think
from boardkit.terminal.watch import Watch
from tests.budget import examples
from tests.terminal.screen_driver import Terminal


class ScriptedKeys(KeyReader):
    """A keyboard that types ``keys`` one per wait; once they are spent, a wait for a key
    (paused) records the screen and types ``q``, and a timed wait returns nothing."""

    def __init__(self, keys: str = "", console: Console | None = None) -> None:
        super().__init__(io.StringIO())
        self.queue = deque(keys)
        self.spent = threading.Event()
        self.console = console
        self.paused_screens: list[str] = []

    @property
    def active(self) -> bool:
        return True

    def __enter__(self) -> ScriptedKeys:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def wait(self, seconds: float | None) -> str | None:
        if self.queue:
            key = self.queue.popleft()
            if not self.queue:
                self.spent.set()
            return key
        self.spent.set()
        if seconds is None:
            if self.console is not None:
                self.paused_screens.append(self.console.file.getvalue())  # type: ignore[attr-defined]
            return "q"
        time.sleep(min(seconds, 0.001))
        return None


class Recorded:
    """A bot that notes the thread it chose on; the ``first`` choices wait for ``ready``."""

    def __init__(self, bot: Chooser, ready: threading.Event | None = None, first: int = 0):
        self.bot = bot
        self.ready = ready
        self.first = first
        self.threads: list[str] = []

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        self.threads.append(threading.current_thread().name)
        if self.ready is not None and len(self.threads) <= self.first:
            assert self.ready.wait(10), "the keys were never read while the bot thought"
        return self.bot.choose(game, state, player, rng)


def terminal_console() -> Console:
    return Console(file=io.StringIO(), force_terminal=True, width=80, height=24)


def new_match(game_name: str, seed: int, players: int = 2) -> Match[Any]:
    names = ["red", "blue", "green", "yellow"][:players]
    return Match.new(load_game(game_name), names, {}, seed)


def entries(match: Match[Any]) -> list[tuple[int | None, Any]]:
    return [(entry.player, entry.action) for entry in match.log.entries]


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32), game_name=st.sampled_from(["nim", "goofspiel"]))
def test_bots_thinking_in_a_worker_play_the_game_the_seed_plays(seed: int, game_name: str) -> None:
    specs = ["mcts:iterations=12", "random"]
    plain = new_match(game_name, seed)
    play_out(plain, [bot_from_spec(spec) for spec in specs])

    watched = new_match(game_name, seed)
    bots = [Recorded(bot_from_spec(spec)) for spec in specs]
    watch = Watch(watched, bots, specs, terminal_console(), delay=0, keys=ScriptedKeys())
    assert watch.run() is True
    assert entries(watched) == entries(plain)
    assert watched.result == plain.result
    threads = [name for bot in bots for name in bot.threads]
    assert threads and set(threads) == {"boardkit-bot"}  # every choice ran in the worker

    transcript = new_match(game_name, seed)  # piped: no keys, no worker
    bots = [Recorded(bot_from_spec(spec)) for spec in specs]
    Watch(transcript, bots, specs, Console(file=io.StringIO()), delay=0).run()
    assert entries(transcript) == entries(plain)
    assert {name for bot in bots for name in bot.threads} == {threading.current_thread().name}


def test_space_while_a_bot_thinks_pauses_and_the_move_then_waits_on_the_screen() -> None:
    console = terminal_console()
    keys = ScriptedKeys(" ", console)
    bot = Recorded(bot_from_spec("first"), keys.spent, first=1)
    match = new_match("nim", 1)
    watch = Watch(match, [bot, bot], ["first", "first"], console, delay=0, keys=keys)
    assert watch.run() is False  # the q typed once paused
    assert len(match) == 2  # the move being thought when space came, and no other
    assert watch.paused
    assert len(keys.paused_screens) == 1
    last_frame = keys.paused_screens[0].rsplit("Nim · entry", 1)[1]
    assert last_frame.startswith(" 1 ") and "paused" in last_frame


def test_n_while_a_bot_thinks_in_step_mode_shows_one_more_entry() -> None:
    console = terminal_console()
    keys = ScriptedKeys("nn", console)  # the first n at the paused start, the second mid-thought
    bot = Recorded(bot_from_spec("first"), keys.spent, first=1)
    match = new_match("nim", 1)
    watch = Watch(match, [bot, bot], ["first", "first"], console, step=True, keys=keys)
    assert watch.run() is False
    assert len(match) == 3 and watch.paused
    assert keys.paused_screens[0].rsplit("Nim · entry", 1)[1].startswith(" 2 ")


def test_q_while_a_bot_thinks_stops_at_once_and_leaves_the_bot_unseen() -> None:
    release = threading.Event()
    keys = ScriptedKeys("q")
    bot = Recorded(bot_from_spec("first"), release, first=99)
    match = new_match("nim", 1)
    watch = Watch(match, [bot, bot], ["first", "first"], terminal_console(), delay=0, keys=keys)
    started = time.monotonic()
    try:
        assert watch.run() is False
        assert time.monotonic() - started < 5
        assert len(match) == 1  # the move never came
    finally:
        release.set()  # let the abandoned worker end


def test_think_hands_keys_over_and_raises_what_either_side_raises() -> None:
    keys = ScriptedKeys("ab")
    seen: list[str] = []
    assert think(lambda: keys.spent.wait(5) and 42, keys, seen.append) == 42
    assert seen == ["a", "b"]

    def broken() -> int:
        raise ValueError("the bot broke")

    with pytest.raises(ValueError, match="the bot broke"):
        think(broken, ScriptedKeys(), seen.append)

    class Stop(Exception):
        pass

    def stop(key: str) -> None:
        raise Stop(key)

    never = threading.Event()
    try:
        with pytest.raises(Stop):
            think(lambda: never.wait(10), ScriptedKeys("q"), stop)
    finally:
        never.set()


def test_without_a_keyboard_the_bot_thinks_on_the_callers_thread() -> None:
    reader = KeyReader(io.StringIO())
    assert not reader.active
    assert think(lambda: threading.current_thread().name, reader, print) == (
        threading.current_thread().name
    )


SLOW_BOT = """
import sys, time
from boardkit.bots.registry import BOTS
from boardkit.cli import main

class SlowBot:
    '''Burns the CPU (holding the interpreter lock) for SECONDS, then plays the first action.'''
    def __init__(self, seconds=1.0):
        self.seconds = seconds
    def choose(self, game, state, player, rng):
        end = time.perf_counter() + self.seconds
        while time.perf_counter() < end:
            sum(range(1000))
        return game.legal_actions(state)[0]

BOTS["slow"] = SlowBot
sys.exit(main(sys.argv[1:]))
"""


def slow_watch(*args: str) -> Terminal:
    return Terminal([sys.executable, "-c", SLOW_BOT, "watch", "nim", *args])


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_on_a_terminal_space_and_q_answer_while_a_slow_bot_thinks() -> None:
    term = slow_watch("--players", "2", "--seed", "1", "--bots", "slow:seconds=20", "--delay", "0")
    term.wait_for("s per entry")  # the first frame; the first bot now thinks for 20 s
    term.pump(0.3)
    term.type(" ")
    started = time.monotonic()
    term.wait_for("paused", timeout=5)
    assert time.monotonic() - started < 5
    assert "entry 0" in term.text().splitlines()[0]  # the move is still being thought
    term.type("q")
    started = time.monotonic()
    assert term.finish(timeout=5) == 0
    assert time.monotonic() - started < 5
    assert "stopped after entry 0" in term.text()
    assert "Traceback" not in term.raw


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_on_a_terminal_a_paused_watch_shows_the_move_when_it_arrives_and_stays_paused() -> None:
    term = slow_watch("--players", "2", "--seed", "1", "--bots", "slow:seconds=1.5", "--delay", "0")
    term.wait_for("s per entry")
    term.type(" ")
    term.wait_for("paused", timeout=5)
    term.wait_for("entry 1 ", timeout=10)  # the move being thought is shown when it comes
    term.pump(2.5)  # longer than a move takes: nothing more is played while paused
    assert "entry 1 " in term.text().splitlines()[0] and "paused" in term.text()
    term.type("q")
    assert term.finish(timeout=5) == 0
    assert "stopped after entry 1" in term.text()
