"""Bots in seats, played on the server without blocking the event loop.

A bot's :meth:`~boardkit.bots.base.Bot.choose` runs on a worker thread of a
:class:`~concurrent.futures.ThreadPoolExecutor` (the state is immutable, so the thread reads it
safely while the loop goes on). The bot's move is then committed like any player's, through the
match service, and only if the match is still where the bot looked at it. A *think time* makes a
bot wait at least that long before its move, so people can follow the game.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from boardkit.bots.base import Bot
from boardkit.game import Game
from boardkit.rng import SEED_BITS, Rng

BOT_STREAMS = 1 << 62
"""Bots of a match with a *pinned* seed draw from stream ``BOT_STREAMS + seq`` of that seed, so
that a pinned match (tests, demos) replays the same with the same human moves."""


def bot_rng(seed: int | None, seq: int) -> Rng:
    """The generator a bot uses at entry ``seq``: from the pinned seed, else fresh from the OS."""
    if seed is None:
        return Rng(secrets.randbits(SEED_BITS))
    return Rng(seed, BOT_STREAMS + seq)


Commit = Callable[[int, int, Any], Awaitable[None]]
"""Commits (seat, seq, action) for a bot; seq is the last entry the bot saw."""


class BotRunner:
    """A pool of worker threads that run bots' choices."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardkit-bot")
        self._tasks: set[asyncio.Task[None]] = set()

    def start(
        self,
        bot: Bot,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        seq: int,
        think_ms: int,
        commit: Commit,
        rng: Rng,
    ) -> None:
        """Let ``bot`` choose for ``seat`` at entry ``seq`` with ``rng``, then ``commit``."""
        task = asyncio.create_task(self._play(bot, game, state, seat, seq, think_ms, commit, rng))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(
        self,
        bot: Bot,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        seq: int,
        think_ms: int,
        commit: Commit,
        rng: Rng,
    ) -> None:
        began = time.monotonic()
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self._pool, bot.choose, game, state, seat, rng)
            wait = think_ms / 1000 - (time.monotonic() - began)
            if wait > 0:
                await asyncio.sleep(wait)
            await commit(seat, seq, action)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a failing bot must not take the server down
            print(f"boardkit: bot {bot.name} failed in seat {seat}: {exc!r}", flush=True)

    async def close(self) -> None:
        """Cancel pending bot moves and stop the threads."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._pool.shutdown(wait=False, cancel_futures=True)
