"""Bots in seats, played on the server without blocking the event loop.

A bot's :meth:`~boardkit.bots.base.Bot.choose` runs on a worker thread of a
:class:`~concurrent.futures.ThreadPoolExecutor` (the state is immutable, so the thread reads it
safely while the loop goes on). The bot's move is then committed like any player's, through the
match service, and only if the match is still where the bot looked at it. A *think time* makes a
bot wait at least that long before its move, so people can follow the game.

What a bot draws from is the seat rule of :mod:`boardkit.runner.seats`, as in every other loop (the
match service hands the runner the whole choice, stream included): the same seed and the same
moves give the same bot moves on the server as in ``boardkit play`` or a tournament.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("boardkit.server.bots")

Choose = Callable[[], Any]
"""A bot's whole choice, run on a worker thread: it returns the action and whatever the match
service needs to commit it (the bot's random stream, standing after the choice)."""

Commit = Callable[[Any], Awaitable[None]]
"""Commits what a :data:`Choose` returned, on the event loop."""


class BotRunner:
    """A pool of worker threads that run bots' choices."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardkit-bot")
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def pending(self) -> int:
        """Bot moves started and not yet committed (thinking, or waiting for a thread)."""
        return len(self._tasks)

    def start(
        self,
        name: str,
        seat: int,
        think_ms: int,
        choose: Choose,
        commit: Commit,
        *,
        match: str | None = None,
        game: str | None = None,
    ) -> None:
        """Run ``choose`` (the bot ``name``'s choice for ``seat``) on a worker thread, wait
        until ``think_ms`` have passed since the start, then ``commit`` what it returned.
        ``match`` and ``game`` only name the match in the warning logged if the bot fails."""
        where = {"bot": name, "seat": seat, "match": match, "game": game}
        task = asyncio.create_task(self._play(where, think_ms, choose, commit))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(
        self, where: dict[str, Any], think_ms: int, choose: Choose, commit: Commit
    ) -> None:
        began = time.monotonic()
        loop = asyncio.get_running_loop()
        try:
            chosen = await loop.run_in_executor(self._pool, choose)
            wait = think_ms / 1000 - (time.monotonic() - began)
            if wait > 0:
                await asyncio.sleep(wait)
            await commit(chosen)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a failing bot must not take the server down
            log.warning(
                "bot %s failed in seat %s: %r",
                where["bot"],
                where["seat"],
                exc,
                exc_info=True,
                extra=where,
            )

    async def close(self) -> None:
        """Cancel pending bot moves and stop the threads."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._pool.shutdown(wait=False, cancel_futures=True)
