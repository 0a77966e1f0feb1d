"""A bot thinks in a worker thread while the terminal keeps answering keys.

A bot's move can take seconds (an MCTS bot with a big budget); a screen that called the bot
directly could not read a key until the move was done, so pause and quit would wait for it.
:func:`think` runs the bot's ``choose`` in a worker thread and, until it returns, reads keys
on the calling thread and hands each to a callback, which may redraw the screen or raise to
stop (the worker is then abandoned: it is a daemon thread, its result is never used, and
nothing it touches is shared with the caller except the bot's own random stream).

The worker calls ``choose`` with exactly the arguments the caller would have used, once, so
the bot draws from its stream exactly as it would without the worker: the same seed plays the
same game. A thread, not a process, is enough: the calling thread waits in ``select`` (which
releases the interpreter lock), and the interpreter hands the lock back to it within its
switch interval (5 ms by default) when a key arrives, however busy the bot keeps the worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from boardkit.terminal.keys import KeyReader

T = TypeVar("T")

POLL = 0.05
"""Seconds between looks at whether the worker is done, while no key is typed."""


class _Outcome(Generic[T]):
    """What the worker left: its value, or the exception it raised."""

    def __init__(self) -> None:
        self.value: T | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()


def think(work: Callable[[], T], keys: KeyReader, on_key: Callable[[str], None]) -> T:
    """``work()``'s value, computed in a worker thread while ``keys`` are read here.

    Each key typed meanwhile goes to ``on_key`` (on this thread); an exception it raises
    propagates at once and the worker is left to finish unseen. An exception ``work`` raises
    is raised here. Without a keyboard (``keys`` not active) ``work`` simply runs here.
    """
    if not keys.active:
        return work()
    outcome: _Outcome[T] = _Outcome()

    def run() -> None:
        try:
            outcome.value = work()
        except BaseException as exc:  # handed to the caller, which raises it
            outcome.error = exc
        finally:
            outcome.done.set()

    worker = threading.Thread(target=run, name="boardkit-bot", daemon=True)
    worker.start()
    while not outcome.done.is_set():
        key = keys.wait(POLL)
        if key is not None:
            on_key(key)
    if outcome.error is not None:
        raise outcome.error
    return outcome.value  # type: ignore[return-value]  # set, since done without error
