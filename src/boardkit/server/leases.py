"""Bots of the server's matches, who runs them (the bot lease), and unloading idle matches.

When a bot must decide (a bot seat, or a bot holding a person's seat), :class:`BotDesk` starts
its choice once per entry on the :class:`~boardkit.server.bots.BotRunner`'s threads and commits
it through :class:`~boardkit.server.moves.MoveDesk`, only if the match is still where the bot
looked at it. With a shared storage (PostgreSQL, several processes) only the process that holds
the match's *bot lease* runs its bots, so no choice is computed twice; every
:attr:`BotDesk.lease_retry` seconds each process asks again for the leases of its running
matches, so a match whose process died goes on within that time.

Unloading keeps memory bounded by the matches in use: :meth:`BotDesk.unload_idle` drops every
match nobody follows, untouched for a while, with no request under way, no bot to move and no
clock running, and gives up its bot lease; it is loaded again when next asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import time
from collections.abc import Callable
from typing import Any

from boardkit.bots.base import Bot
from boardkit.bots.registry import bot_from_spec, make_bot
from boardkit.errors import BoardkitError
from boardkit.flow import decider
from boardkit.rng import Rng
from boardkit.runner.seats import catch_up, seat_rng
from boardkit.server.bots import BotRunner
from boardkit.server.errors import ProtocolError, StorageError
from boardkit.server.live import LiveMatch, bot_owes, bot_to_move
from boardkit.server.loading import LoadedMatches
from boardkit.server.metrics import ServerMetrics
from boardkit.server.moves import MoveDesk
from boardkit.server.notify import Hub
from boardkit.server.storage import RUNNING, Storage
from boardkit.server.undo import UndoDesk

log = logging.getLogger("boardkit.server.leases")


def server_bot(spec: str) -> Bot:
    """The bot of a seat's stored ``spec``, by its name alone, with its default budget.

    A client names a bot, never its parameters: ``mcts:seconds=100000`` would hold one of the
    server's few bot threads for a day, and two such seats would stall every bot of every match.
    A spec with parameters stored before this rule (``mcts:iterations=…``) plays with the
    defaults too.
    """
    return make_bot(spec.split(":")[0].strip())


def stand_in_bot(spec: str) -> Bot:
    """The bot of a stand-in's ``spec`` (a bot holding a person's seat), parameters included:
    the server chose it (the game's :attr:`~boardkit.game.Game.opponent`, or the server's
    takeover bot), never a client. A spec that no longer builds plays by its name alone."""
    try:
        return bot_from_spec(spec)
    except BoardkitError:
        return server_bot(spec)


class BotDesk:
    """Starts and commits the bots' moves of the matches in ``matches``, holds their bot
    leases, and unloads idle matches.

    ``lease_retry``: seconds between two asks for the bot leases of matches whose bots another
    process runs (a shared storage only). ``unload_after``: seconds a match may sit in memory
    untouched and unfollowed before it is unloaded (``None``: never).
    """

    def __init__(
        self,
        storage: Storage,
        matches: LoadedMatches,
        moves: MoveDesk,
        runner: BotRunner,
        *,
        hub: Hub,
        undos: UndoDesk,
        metrics: ServerMetrics,
        lease_retry: float,
        unload_after: float | None,
    ) -> None:
        self.storage = storage
        self.matches = matches
        self.moves = moves
        self.runner = runner
        self.hub = hub
        self.undos = undos
        self.metrics = metrics
        self.lease_retry = lease_retry
        self.unload_after = unload_after
        self.asking: set[str] = set()
        """Matches whose bot lease is being asked for now."""
        self._background: set[asyncio.Task[None]] = set()
        self._lease_asker: asyncio.Task[None] | None = None
        self._unloader: asyncio.Task[None] | None = None

    # --- life cycle ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start asking for leases again and again (a shared storage) and unloading idle
        matches (with :attr:`unload_after`)."""
        if self.storage.shared:
            self._lease_asker = asyncio.create_task(self._ask_leases())
        if self.unload_after is not None:
            self._unloader = asyncio.create_task(self._unload_every(self.unload_after))

    async def stop(self) -> None:
        """Stop asking, unloading and the lease questions under way."""
        for task in (self._lease_asker, self._unloader, *self._background):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # --- bots ------------------------------------------------------------------------------------

    def start_bot(self, live: LiveMatch) -> None:
        """Start the bot that must decide now, if a bot must, once per entry; with a shared
        storage, only in the process that holds the match's bot lease (asked for first)."""
        seat = bot_to_move(live)
        if seat is None:
            return
        if not self.storage.shared:
            self._launch_bot(live, seat)
        elif live.id not in self.asking:
            self.asking.add(live.id)
            task = asyncio.create_task(self._launch_if_leased(live))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _launch_if_leased(self, live: LiveMatch) -> None:
        try:
            leased = await self.storage.bot_lease(live.id)
        except StorageError as exc:  # asked again at the next retry
            log.warning("bot lease of match %s: %s", live.id, exc, extra={"match": live.id})
            leased = False
        finally:
            self.asking.discard(live.id)
        seat = bot_to_move(live) if leased else None  # the match may have moved meanwhile
        if seat is not None:
            self._launch_bot(live, seat)

    def _launch_bot(self, live: LiveMatch, seat: int) -> None:
        spec = live.bot_for(seat)
        assert spec is not None  # bot_to_move said a bot holds the seat
        bot = live.bots.get(seat)
        if bot is None:
            own = live.record.seats[seat].kind == "bot"  # a client named it: by name alone
            bot = live.bots[seat] = server_bot(spec) if own else stand_in_bot(spec)
        live.bot_at = live.length - 1

        seq = live.length - 1
        choose = bot_choice(live, bot, seat)
        anchor = live.entries[seq]

        async def commit(chosen: tuple[Any, Rng]) -> None:
            if seq < len(live.entries) and live.entries[seq] is anchor:  # not taken back
                await self._commit_bot(live, seat, seq, *chosen)

        self.metrics.bot_choices.labels(game=live.game.name).inc()
        self.runner.start(
            bot.name, seat, live.record.think_ms, choose, commit, match=live.id, game=live.game.name
        )

    async def _commit_bot(
        self, live: LiveMatch, seat: int, seq: int, action: Any, rng: Rng
    ) -> None:
        async with live.lock:
            if live.length - 1 != seq or decider(live.states[-1].flow) != seat:
                return  # the match moved on (another process's bot, say)
            if live.bot_for(seat) is None or live.status != RUNNING:
                return  # the seat's player took it back meanwhile
            try:
                await self.moves.commit_locked(live, seat, action)
            except ProtocolError:
                return
            live.seat_streams[seat] = (live.length, rng)
        self.metrics.actions.labels(game=live.game.name, by="bot").inc()
        self.hub.publish(live.id)
        self.start_bot(live)

    # --- leases and unloading --------------------------------------------------------------------

    async def _ask_leases(self) -> None:
        """Every :attr:`lease_retry` seconds: start the bots of held matches whose bot lease
        another process held (it may have died), and give up the leases of matches that ended."""
        while True:
            await asyncio.sleep(self.lease_retry)
            for live in list(self.matches.loaded.values()):
                if live.status != RUNNING:
                    await self.storage.release_bot_lease(live.id)
                else:
                    self.start_bot(live)

    async def _unload_every(self, after: float) -> None:
        while True:
            await asyncio.sleep(min(max(after, 0.05), 30.0))
            await self.unload_idle(after)

    async def unload_idle(self, after: float = 0.0) -> list[str]:
        """Drop from memory every match nobody follows, untouched for ``after`` seconds, with no
        request under way, no bot to move and no clock running; the ids dropped (see the
        module's docstring)."""
        now = time.monotonic()
        dropped = []
        loaded = self.matches.loaded
        for match_id, live in list(loaded.items()):
            if (
                now - live.touched < after
                or self.hub.count(match_id)
                or live.lock.locked()
                or match_id in self.asking
                or bot_owes(live)
                or (live.clocks is not None and live.status == RUNNING)  # its timer is here
            ):
                continue
            del loaded[match_id]
            self.undos.forget(match_id)
            dropped.append(match_id)
            await self.storage.release_bot_lease(match_id)
        return dropped


def bot_choice(live: LiveMatch, bot: Bot, seat: int) -> Callable[[], tuple[Any, Rng]]:
    """The bot's choice in the match as it stands, to run on a worker thread: its seat's
    stream is brought up to the log (:func:`boardkit.runner.seats.catch_up`: only after a load,
    when the bot's earlier moves were made in another process or before a restart), then the bot
    chooses from it. Returns the action and the stream as it stands after the choice.

    Everything it reads is taken now, on the event loop: the committed entries and states
    only grow, but the thread must not see them move."""
    game, state = live.game, live.states[-1]
    length, kept = live.seat_streams.get(seat, (1, None))
    if kept is None or length > live.length:
        length, kept = 1, seat_rng(live.match.config.seed, seat)
    rng = copy.copy(kept)
    todo = live.entries[length:]  # what the stream has not followed yet
    before = live.states[length - 1 : -1]  # the state before each of them

    def choose() -> tuple[Any, Rng]:
        catch_up(game, todo, lambda seq: before[seq - length], {seat: bot}, {seat: rng})
        return bot.choose(game, state, seat, rng), rng

    return choose
