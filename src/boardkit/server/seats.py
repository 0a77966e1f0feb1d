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
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import attrs

from boardkit.flow import decider
from boardkit.i18n import Messages
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
from boardkit.server.clocks import BOT, STATE_KEY, Clocks, split_stored_header
from boardkit.server.errors import ProtocolError
from boardkit.server.live import LiveMatch, compact
from boardkit.server.storage import FINISHED, RUNNING, Storage

_t = Messages("boardkit").text

OnDeadline = Callable[[str], Awaitable[None]]
"""Called with a match's id when its running seat's deadline passes (the match service's
:meth:`~boardkit.server.service.MatchService.check_clock`)."""


class SeatKeeper:
    """Changes seats' holders and keeps the clocks of the matches of one storage.

    ``now`` is the clock the matches' clocks read (the wall clock in the server: the page
    counts down to the deadlines it is sent); ``on_deadline`` is called when a running seat's
    time is up. ``takeover_bot`` is the bot spec that takes a seat whose clock ran out or whose
    player left; ``None``: each game's own :attr:`~boardkit.game.Game.opponent`.
    """

    def __init__(
        self,
        storage: Storage,
        now: Callable[[], float],
        on_deadline: OnDeadline,
        takeover_bot: str | None = None,
    ) -> None:
        self.storage = storage
        self.now = now
        self.on_deadline = on_deadline
        self.takeover_bot = takeover_bot

    def takeover(self, live: LiveMatch) -> str:
        """The bot spec that takes over a seat of ``live`` (a timeout, a player who left)."""
        return live.game.opponent if self.takeover_bot is None else self.takeover_bot

    # --- clocks ----------------------------------------------------------------------------------

    @staticmethod
    def clock_seat(
        live: LiveMatch,
        state: Any = None,
        status: str | None = None,
        changes: Sequence[SeatChange] | None = None,
    ) -> int | None:
        """The seat whose clock runs now (or in ``state``, with ``status`` and ``changes``,
        the match's own by default): the one that owes the decision, if a person holds it in a
        running match."""
        flow = (live.states[-1] if state is None else state).flow
        if (live.status if status is None else status) != RUNNING or flow.ended:
            return None
        seat = decider(flow)
        if seat is None or live.bot_for(seat, changes) is not None:
            return None
        return seat

    def stored_header(
        self,
        live: LiveMatch,
        *,
        moved: bool,
        state: Any = None,
        status: str | None = None,
        changes: Sequence[SeatChange] | None = None,
        now: float,
    ) -> str | None:
        """The match's stored header with its clocks as they will stand once the change at
        hand (a move, ``moved``; a seat that changes hands) is stored, switched at ``now``; the
        same as :meth:`tick` with that ``now`` makes of them in memory afterwards. ``None`` for
        a match without clocks."""
        if live.clocks is None:
            return None
        clocks = live.clocks.copy()
        clocks.switch(self.clock_seat(live, state, status, changes), now, moved=moved)
        return with_clocks(json.loads(live.record.header), clocks)

    def tick(self, live: LiveMatch, *, moved: bool, now: float | None = None) -> None:
        """Tell the match's clocks who decides now (``moved``: the seat that ran decided; at
        ``now``, the service's clock by default), and wake up when that seat's time is up."""
        if live.clocks is None:
            return
        live.clocks.switch(self.clock_seat(live), self.now() if now is None else now, moved=moved)
        self.arm(live)

    def adopt_clocks(self, live: LiveMatch) -> bool:
        """Take the clocks as the match's stored header holds them (``live.record``, read with
        the entries this process holds: the state another process stored with its last change)
        and wake up at their deadline; whether there were clocks to take. A process that
        replays another's move thus times the match exactly as the process that made it, not
        from the moment the notice happened to arrive here."""
        if live.clocks is None:
            return False
        _, state = split_stored_header(live.record.header)
        if state is None or not live.clocks.restore(state):
            return False
        self.arm(live)
        return True

    def arm(self, live: LiveMatch) -> None:
        """Wake up when the running seat's time is up (the timer set before is dropped)."""
        if live.clock_task is not None and live.clock_task is not asyncio.current_task():
            live.clock_task.cancel()
        live.clock_task = None
        deadline = None if live.clocks is None else live.clocks.deadline()
        if deadline is not None:
            with contextlib.suppress(RuntimeError):  # no event loop: nothing to wake
                live.clock_task = asyncio.get_running_loop().create_task(
                    self._wake_at(live, deadline)
                )

    async def _wake_at(self, live: LiveMatch, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.now()))
        await self.on_deadline(live.id)

    def started_header(self, live: LiveMatch, now: float) -> str | None:
        """The stored header with the clocks as they start at ``now`` if a join starts the
        match: given to :meth:`Storage.claim_seat
        <boardkit.server.storage.base.Storage.claim_seat>`, which stores it in the join's own
        transaction, and only if that join is the one that starts the match. ``None`` for a
        match without clocks."""
        return self.stored_header(live, moved=False, status=RUNNING, now=now)

    async def expire_locked(self, live: LiveMatch) -> tuple[int, str] | None:
        """Apply the match's timeout policy if the seat that must decide is out of time: a
        bot takes the seat, or the seat forfeits (the match ends). Returns the seat and its new
        holder, or ``None`` when no seat ran out (the timer is set again)."""
        if live.clocks is None or live.control is None:
            return None
        await self.reload_record(live)  # another process may have acted on it already
        if live.record.length != live.length:
            # Another process stored a move (or took entries back) that this copy has not
            # taken in: its clocks are not the match's, and nothing is decided on them. The
            # timer fires again at once, and the match service brings the copy up to the
            # database before it asks again (:meth:`MatchService.check_clock
            # <boardkit.server.service.MatchService.check_clock>`).
            self.arm(live)
            return None
        seat = live.clocks.expired(self.now())
        if seat is None or seat != self.clock_seat(live):
            self.tick(live, moved=False)
            return None
        holder = self.takeover(live) if live.control.on_timeout == BOT else FORFEIT
        seen = live.record.header
        if not await self._change_seat_locked(
            live, seat, holder, TIMEOUT, expected=seen, length=live.length
        ):
            # Another process stored a change first (its own timeout of this seat, or a move):
            # this one takes that change, and applies nothing itself.
            await self.reload_record(live)
            self.arm(live)
            return None
        return seat, holder

    # --- seats that change hands -----------------------------------------------------------------

    async def leave_locked(self, live: LiveMatch, seat: int) -> bool:
        """``seat``'s player leaves: the takeover bot (:meth:`takeover`) plays it until the
        holder of its token takes it back (:meth:`come_back_locked`). The change is written
        only over the header, and at the entry count, just read: ``False`` when another
        process stored a change first (the caller catches up and decides again)."""
        await self.reload_record(live)
        if live.status != RUNNING:
            raise not_running(live)
        if live.stand_in(seat) is not None:
            last = next(c for c in reversed(live.changes) if c.seat == seat)
            if last.reason == TIMEOUT:  # stored by this process or, meanwhile, by another
                raise ProtocolError(_t("your time ran out: a bot plays this seat already"), "away")
            raise ProtocolError(_t("you have left this seat already"), "away")
        return await self._change_seat_locked(
            live, seat, self.takeover(live), LEFT, expected=live.record.header, length=live.length
        )

    async def come_back_locked(self, live: LiveMatch, seat: int) -> bool:
        """The holder of ``seat``'s token takes the seat back from the bot that held it; written
        as :meth:`leave_locked` writes (``False``: another process stored a change first)."""
        await self.reload_record(live)
        if live.status != RUNNING:
            raise not_running(live)
        if live.stand_in(seat) is None:
            raise ProtocolError(_t("this seat is yours already"), "not_away")
        before = None if live.clocks is None else live.clocks.state()
        if live.clocks is not None:
            live.clocks.returned(seat)
        if await self._change_seat_locked(
            live, seat, HUMAN, RETURNED, expected=live.record.header, length=live.length
        ):
            return True
        if live.clocks is not None:  # not written: the clocks stay as they were
            live.clocks.restore(before)
        return False

    async def _change_seat_locked(
        self,
        live: LiveMatch,
        seat: int,
        holder: str,
        reason: str,
        expected: str | None = None,
        length: int | None = None,
    ) -> bool:
        """Record that ``holder`` holds ``seat`` from the next entry on, in the stored header
        first (with the clocks as they stand after the change; a forfeit also finishes the
        match), then in memory. With ``expected``, only if the stored header is still that
        text, and with ``length`` only if the match still has that many entries; whether the
        change was made."""
        changes = (*live.changes, SeatChange(live.length, seat, holder, reason))
        status = FINISHED if holder == FORFEIT else live.record.status
        now = self.now()
        clocked = self.stored_header(live, moved=False, status=status, changes=changes, now=now)
        stored = json.loads(live.record.header if clocked is None else clocked)
        stored["seat_changes"] = [seat_change_to_json(c) for c in changes]
        text = compact(stored)
        if not await self.storage.update_header(live.id, text, status, expected, length):
            return False
        live.changes = changes
        live.record = attrs.evolve(live.record, header=text, status=status)
        live.bot_at = -1
        live.bots.pop(seat, None)
        self.tick(live, moved=False, now=now)
        return True

    async def reload_record(self, live: LiveMatch) -> None:
        """Reread the match's row: the joins, seat changes, status and clocks another process
        (or an earlier request) stored. When the row is as of the entries this process holds,
        its clocks are taken as stored (:meth:`adopt_clocks`); when it is ahead, the caller
        replays the entries it lacks and takes the clocks then
        (:meth:`MoveDesk.refresh_locked <boardkit.server.moves.MoveDesk.refresh_locked>`)."""
        record = await self.storage.get_match(live.id)
        if record is None:
            return
        if record.header == live.record.header:
            live.record = record
            return
        stored = json.loads(record.header).get("seat_changes", [])
        changes = parse_seat_changes(stored, len(record.seats))
        moved_hands = changes != live.changes  # another process changed a seat's holder
        if moved_hands:
            live.changes = changes
            live.bot_at = -1
        live.record = record
        if record.length == live.length and not self.adopt_clocks(live) and moved_hands:
            self.tick(live, moved=False)


def not_running(live: LiveMatch) -> ProtocolError:
    """The refusal of a seat change in a match that does not run (code ``not_running``); it
    names the forfeit that ended it, which another process may have stored meanwhile."""
    forfeit = live.forfeit
    if forfeit is not None:
        return ProtocolError(
            _t(
                "the match is over: seat {seat} forfeited when its time ran out",
                seat=forfeit.seat + 1,
            ),
            "not_running",
        )
    return ProtocolError(_t("the match is not running"), "not_running")


def with_clocks(stored: dict[str, Any], clocks: Clocks) -> str:
    """The stored header ``stored`` (parsed) with ``clocks``' state in it, as stored."""
    stored[STATE_KEY] = clocks.state()
    return compact(stored)
