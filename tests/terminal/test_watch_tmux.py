"""``boardkit watch`` with MCTS bots in a real terminal (tmux): space pauses and ``q`` quits
within a second, while a bot is in the middle of a move that takes seconds."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator

import pytest

pytestmark = pytest.mark.slow

TMUX = shutil.which("tmux") or "/usr/bin/tmux"
"""tmux, which scripts/install-system-deps.sh installs."""


SOCKET = f"boardkit-test-{uuid.uuid4().hex[:8]}"
"""A tmux server of this test's own, so that no one's sessions are touched."""


def tmux(*args: str) -> str:
    done = subprocess.run([TMUX, "-L", SOCKET, *args], capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def session() -> Iterator[str]:
    yield "watch"
    subprocess.run([TMUX, "-L", SOCKET, "kill-server"], capture_output=True, check=False)


def screen(name: str) -> str:
    return tmux("capture-pane", "-p", "-t", name)


def within(seconds: float, condition: Callable[[], bool]) -> float | None:
    """Seconds until ``condition()`` held, polled every 20 ms; ``None`` if not within."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if condition():
            return time.monotonic() - started
        time.sleep(0.02)
    return None


def test_watch_with_mcts_bots_answers_space_and_q_within_a_second(session: str) -> None:
    # each move is 3 seconds of search: the keys come while a bot is thinking
    command = (
        f"env PYTHONPATH={shlex.quote(os.environ.get('PYTHONPATH', ''))} "
        f"{shlex.quote(sys.executable)} -m boardkit watch khan --players 4 --bots mcts:seconds=3 "
        "--seed 7 --delay 0; echo BOARDKIT-EXIT $?; sleep 60"
    )
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "40", "-c", os.getcwd(), command)
    assert within(30, lambda: "s per entry" in screen(session)), screen(session)
    time.sleep(1.0)  # well inside the first bot's 3-second move

    tmux("send-keys", "-t", session, "Space")
    took = within(1.0, lambda: "paused" in screen(session))
    assert took is not None, f"space was not answered within a second:\n{screen(session)}"

    tmux("send-keys", "-t", session, "q")
    took = within(1.0, lambda: "BOARDKIT-EXIT" in screen(session))
    assert took is not None, f"q was not answered within a second:\n{screen(session)}"
    text = screen(session)
    assert "BOARDKIT-EXIT 0" in text
    assert "stopped after entry" in text
    assert "Traceback" not in text
    # the terminal is given back as it was: typed keys echo again (cbreak mode is off)
    tmux("send-keys", "-t", session, "echoed-again")
    assert within(2, lambda: "echoed-again" in screen(session)), screen(session)
