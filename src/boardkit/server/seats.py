"""Seats and clocks of the server's matches: who holds each seat, and whose time runs.

A seat a person joined may change hands while the match runs: its clock runs out (the match's
policy puts a bot in it, or the seat forfeits), its player leaves (a bot takes it), or the
holder of its token comes back. Each change is a :class:`~boardkit.log.seating.SeatChange`,
stored in the match's log header (``seat_changes``) before it takes effect in memory, so a
replay shows why a bot moved and another process sees the change when it rereads the match.

:class:`SeatKeeper` makes those changes and drives the clocks (:mod:`.clocks`, the arithmetic):
after every change of who must decide it tells the match's :class:`~.clocks.Clocks` (its
:meth:`~SeatKeeper.tick`) and sets a timer for the running seat's deadline; the timer calls
back the match service, which takes the match's lock and asks :meth:`SeatKeeper.expire_locked`.
The caller holds the match's lock for every ``…_locked`` method.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

import attrs

from boardkit.flow import decider
from boardkit.log.seating import (
    FORFEIT,
    HUMAN,
    LEFT,
    RETURNED,
    TIMEOUT,
    SeatChange,
    parse_seat_changes,
    seat_change_to_json,
)
from boardkit.server.clocks import BOT, TAKEOVER_BOT
from boardkit.server.errors import ProtocolError
from boardkit.server.live import LiveMatch, compact
from boardkit.server.storage import FINISHED, RUNNING, Storage

OnDeadline = Callable[[str], Awaitable[None]]
"""Called with a match's id when its running seat's deadline passes (the match service's
:meth:`~boardkit.server.service.MatchService.check_clock`)."""


class SeatKeeper:
    """Changes seats' holders and keeps the clocks of the matches of one storage.

    ``now`` is the clock the matches' clocks read (the wall clock in the server: the page
    counts down to the deadlines it is sent); ``on_deadline`` is called when a running seat's
    time is up.
    """

    def __init__(self, storage: Storage, now: Callable[[], float], on_deadline: OnDeadline) -> None:
        self.storage = storage
        self.now = now
        self.on_deadline = on_deadline

    # --- clocks ----------------------------------------------------------------------------------

    @staticmethod
    def clock_seat(live: LiveMatch) -> int | None:
        """The seat whose clock runs now: the one that owes the decision, if a person holds it
        in a running match."""
        if live.status != RUNNING or live.states[-1].flow.ended:
            return None
        seat = decider(live.states[-1].flow)
        if seat is None or live.bot_for(seat) is not None:
            return None
        return seat

    def tick(self, live: LiveMatch, *, moved: bool) -> None:
        """Tell the match's clocks who decides now (``moved``: the seat that ran decided), and
        wake up when that seat's time is up."""
        if live.clocks is None:
            return
        live.clocks.switch(self.clock_seat(live), self.now(), moved=moved)
        if live.clock_task is not None and live.clock_task is not asyncio.current_task():
            live.clock_task.cancel()
        live.clock_task = None
        deadline = live.clocks.deadline()
        if deadline is not None:
            with contextlib.suppress(RuntimeError):  # no event loop: nothing to wake
                live.clock_task = asyncio.get_running_loop().create_task(
                    self._wake_at(live, deadline)
                )

    async def _wake_at(self, live: LiveMatch, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.now()))
        await self.on_deadline(live.id)

    async def expire_locked(self, live: LiveMatch) -> tuple[int, str] | None:
        """Apply the match's timeout policy if the seat that must decide is out of time: a
        bot takes the seat, or the seat forfeits (the match ends). Returns the seat and its new
        holder, or ``None`` when no seat ran out (the timer is set again)."""
        if live.clocks is None or live.control is None:
            return None
        await self.reload_record(live)  # another process may have acted on it already
        seat = live.clocks.expired(self.now())
        if seat is None or seat != self.clock_seat(live):
            self.tick(live, moved=False)
            return None
        holder = TAKEOVER_BOT if live.control.on_timeout == BOT else FORFEIT
        await self._change_seat_locked(live, seat, holder, TIMEOUT)
        return seat, holder

    # --- seats that change hands -----------------------------------------------------------------

    async def leave_locked(self, live: LiveMatch, seat: int) -> None:
        """``seat``'s player leaves: :data:`~boardkit.server.clocks.TAKEOVER_BOT` plays it
        until the holder of its token takes it back (:meth:`come_back_locked`)."""
        await self.reload_record(live)
        if live.status != RUNNING:
            raise ProtocolError("the match is not running", "not_running")
        if live.stand_in(seat) is not None:
            raise ProtocolError("you have left this seat already", "away")
        await self._change_seat_locked(live, seat, TAKEOVER_BOT, LEFT)

    async def come_back_locked(self, live: LiveMatch, seat: int) -> None:
        """The holder of ``seat``'s token takes the seat back from the bot that held it."""
        await self.reload_record(live)
        if live.status != RUNNING:
            raise ProtocolError("the match is not running", "not_running")
        if live.stand_in(seat) is None:
            raise ProtocolError("this seat is yours already", "not_away")
        if live.clocks is not None:
            live.clocks.returned(seat)
        await self._change_seat_locked(live, seat, HUMAN, RETURNED)

    async def _change_seat_locked(
        self, live: LiveMatch, seat: int, holder: str, reason: str
    ) -> None:
        """Record that ``holder`` holds ``seat`` from the next entry on, in the stored header
        first (a forfeit also finishes the match), then in memory."""
        changes = (*live.changes, SeatChange(live.length, seat, holder, reason))
        stored = json.loads(live.record.header)
        stored["seat_changes"] = [seat_change_to_json(c) for c in changes]
        text = compact(stored)
        status = FINISHED if holder == FORFEIT else live.record.status
        await self.storage.update_header(live.id, text, status)
        live.changes = changes
        live.record = attrs.evolve(live.record, header=text, status=status)
        live.bot_at = -1
        live.bots.pop(seat, None)
        self.tick(live, moved=False)

    async def reload_record(self, live: LiveMatch) -> None:
        """Reread the match's row: the joins, seat changes and status another process (or an
        earlier request) stored."""
        record = await self.storage.get_match(live.id)
        if record is not None:
            if record.header != live.record.header:  # another process changed a seat's holder
                changes = json.loads(record.header).get("seat_changes", [])
                live.changes = parse_seat_changes(changes, len(record.seats))
                live.bot_at = -1
                live.record = record
                self.tick(live, moved=False)
            live.record = record
