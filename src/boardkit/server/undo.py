"""Undo by consent at the server: a player asks to take back his last decision, the others
answer, and the match goes back only if every one of them grants it.

The rule of what may be taken back is the framework's (:mod:`boardkit.undo`): never over a
random outcome or over an entry that showed a seat something hidden; the asker's last decision
and every entry after it are dropped. The server adds who must agree and how they are asked:

- **Who is asked.** Every other human seat (not only those whose decisions would be dropped:
  going back changes the position for everyone). Bots always grant: a bot has no stake in a
  take-back and the rule already keeps it fair.
- **How.** ``{"type": "undo_ask", "seq": N}`` (``N`` the last entry the asker saw) opens the
  request; each asked seat answers ``{"type": "undo_answer", "grant": true}`` or ``false``.
  While it is open, every connection of the match is sent ``{"type": "undo", ...}`` frames
  saying who asked, which entries would go and who has still to answer: a decision owed out of
  turn, like Khan's consent, but kept out of the game's log (it is no move of the game).
- **The outcome.** When the last asked seat grants, the entries are deleted from the database
  (:meth:`Storage.drop_entries <boardkit.server.storage.base.Storage.drop_entries>`, one
  transaction), dropped from the match in memory, and every connection is sent the match again
  in full. One refusal ends the request and nothing changes. A move made while the request is
  open (by the asked seat, whose turn it may be) withdraws it: it asked about a log that is no
  longer the last.

One request per match at a time; the ``undo`` frame's ``last`` names how the previous one ended
(``granted``, ``refused`` with the seat that refused, or ``withdrawn``). Refusals by the rule
come back as an ``error`` of code ``undo_refused`` naming the reason ("entry 12 drew a random
outcome").

Requests are kept in the database, not in one process's memory: with several server processes
on one database (docs/server.md, scale-out), a player connected to one process asks, a player
connected to another answers, and every process's connections see the request, the answers and
the outcome (each write of the desk is announced like a move; a granted take-back reaches the
other processes, which reload the shortened log). A request also survives a restart.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from attrs import define, evolve, field

from boardkit.errors import UndoRefusedError, shorten
from boardkit.i18n import Messages
from boardkit.server.errors import ConflictError, ProtocolError
from boardkit.server.storage.base import RUNNING
from boardkit.undo import check_takeback

_t = Messages("boardkit").text
"""The refusals a player reads, in the connection's language (a session handles each message
inside :func:`boardkit.i18n.reading_in` of its reader's)."""

if TYPE_CHECKING:  # types only: the service holds the desk
    from boardkit.server.live import LiveMatch
    from boardkit.server.service import MatchService
    from boardkit.server.storage.base import Storage

UNDO_TYPES = ("undo_ask", "undo_answer")
"""The client messages of undo by consent."""


def parse_undo(message: dict[str, Any]) -> dict[str, Any]:
    """An ``undo_ask`` or ``undo_answer`` message, checked field by field."""
    kind = message["type"]
    allowed = ("seq",) if kind == "undo_ask" else ("grant",)
    extra = sorted(set(message) - {"type", *allowed})
    if extra:
        raise ProtocolError(f"{kind}: unknown field {shorten(extra[0], 40)}; fields: {allowed[0]}")
    if kind == "undo_ask":
        seq = message.get("seq")
        if type(seq) is not int or not 0 <= seq <= 10**9:
            raise ProtocolError(f"undo_ask: field 'seq' must be an int ≥ 0, not {shorten(seq, 40)}")
        return {"type": kind, "seq": seq}
    grant = message.get("grant")
    if type(grant) is not bool:
        raise ProtocolError(f"undo_answer: field 'grant' must be true or false, not {grant!r:.40}")
    return {"type": kind, "grant": grant}


@define
class UndoRequest:
    """An open request: ``by`` asks to take back entries ``first`` to ``at``."""

    by: int
    first: int
    at: int
    """The last entry when it was asked (a move after it withdraws the request)."""
    waiting: list[int]
    """The human seats that have still to answer."""
    granted: list[int] = field(factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "first": self.first,
            "at": self.at,
            "waiting": list(self.waiting),
            "granted": list(self.granted),
        }


@define
class _Desk:
    request: UndoRequest | None = None
    last: dict[str, Any] | None = None
    generation: int = 0
    """How many take-backs the match had in this process (a connection that saw fewer is sent
    the match again in full)."""
    stored: str | None = None
    """The desk's text as last read from or written to the database (what the next write
    expects to replace); ``None`` while nothing is stored."""
    writes: int = 0
    """How many times the desk was stored (so that no two stored texts are alike)."""


class UndoDesk:
    """The undo requests of a server's matches, kept in the database (one row per match,
    :meth:`Storage.put_undo_state <boardkit.server.storage.base.Storage.put_undo_state>`) and
    mirrored here for the frames.

    Every ask and answer rereads the stored desk under the match's lock, decides, and writes the
    new desk only if the stored one is still the one it read; a write that lost to another
    process's is decided again on the fresh desk. Each write reaches the other processes'
    :meth:`heard` (PostgreSQL's NOTIFY), which rereads the desk and tells their connections.
    """

    def __init__(self) -> None:
        self._desks: dict[str, _Desk] = {}

    def _desk(self, match_id: str) -> _Desk:
        desk = self._desks.get(match_id)
        if desk is None:
            desk = self._desks[match_id] = _Desk()
        return desk

    def generation(self, match_id: str) -> int:
        """How many times ``match_id`` went back (a connection resends in full when it grew)."""
        desk = self._desks.get(match_id)
        return 0 if desk is None else desk.generation

    def frame(self, live: LiveMatch) -> dict[str, Any] | None:
        """The ``undo`` frame of ``live`` as it stands (``None``: nothing was ever asked)."""
        desk = self._desks.get(live.id)
        if desk is None or (desk.stored is None and desk.request is None):
            return None  # nothing was ever asked
        self._withdraw_if_moved(live, desk)
        request = desk.request
        return {
            "type": "undo",
            "pending": None if request is None else request.as_json(),
            "last": desk.last,
        }

    async def follow(self, storage: Storage, live: LiveMatch) -> None:
        """Read ``live``'s stored desk if this process holds none yet (a connection that starts
        following the match is told of a request asked through another process, or before a
        restart)."""
        if live.id not in self._desks:
            await self.reload(storage, live.id)

    async def reload(self, storage: Storage, match_id: str) -> _Desk:
        """Read ``match_id``'s stored desk into this process's copy (its lock held)."""
        text = await storage.undo_state(match_id)
        desk = self._desk(match_id)
        if text is not None and text != desk.stored:
            data = json.loads(text)
            pending = data.get("pending")
            desk.request = None if pending is None else UndoRequest(**pending)
            desk.last = data.get("last")
            desk.writes = int(data.get("writes", 0))
        desk.stored = text
        return desk

    async def heard(self, service: MatchService, match_id: str) -> None:
        """Another process stored ``match_id``'s desk: reread it and tell the connections."""
        live = service.matches.loaded.get(match_id)
        if live is None:
            return  # read when a connection follows the match again
        async with live.lock:
            await self.reload(service.storage, match_id)
        service.hub.publish(match_id)

    async def _fresh(self, storage: Storage, live: LiveMatch) -> _Desk:
        desk = await self.reload(storage, live.id)
        self._withdraw_if_moved(live, desk)
        return desk

    @staticmethod
    async def _put(
        storage: Storage,
        match_id: str,
        desk: _Desk,
        request: UndoRequest | None,
        last: dict[str, Any] | None,
    ) -> bool:
        """Store the desk as ``request`` and ``last`` if the stored one is still the one read;
        whether it was (``False``: another process wrote first, the desk must be read again)."""
        text = json.dumps(
            {
                "pending": None if request is None else request.as_json(),
                "last": last,
                "writes": desk.writes + 1,
            },
            separators=(",", ":"),
        )
        if not await storage.put_undo_state(match_id, text, desk.stored):
            return False
        desk.request, desk.last, desk.stored = request, last, text
        desk.writes += 1
        return True

    async def _settle(
        self,
        storage: Storage,
        match_id: str,
        last: dict[str, Any],
    ) -> None:
        """Store that the request ended as ``last``, whatever the stored desk holds by now (the
        match's log already says so)."""
        desk = self._desk(match_id)
        for _ in range(_TRIES):
            if await self._put(storage, match_id, desk, None, last):
                return
            desk = await self.reload(storage, match_id)
        raise ProtocolError(_t("the undo request is busy; try again"), "undo_busy")

    async def dropped_elsewhere(self, storage: Storage, live: LiveMatch) -> None:
        """Drop from ``live`` (its lock held) the entries another process took back: those
        past the length the database holds now (after a take-back's notice, or on a resync,
        when notices may have been lost)."""
        record = await storage.get_match(live.id)
        if record is not None and record.length < live.length:
            drop_after(live, record.length)
            desk = self._desk(live.id)
            desk.generation += 1
            desk.request = None

    def forget(self, match_id: str) -> None:
        """Drop what is kept of ``match_id`` (when the match is unloaded)."""
        self._desks.pop(match_id, None)

    @staticmethod
    def _withdraw_if_moved(live: LiveMatch, desk: _Desk) -> None:
        request = desk.request
        if request is not None and live.length - 1 != request.at:
            desk.request = None
            desk.last = {"outcome": "withdrawn", "by": request.by, "first": request.first}

    async def ask(self, service: MatchService, live: LiveMatch, seat: int, seq: int) -> None:
        """``seat`` asks to take back its last decision, having seen the match up to ``seq``."""
        storage = service.storage
        async with live.lock:
            for _ in range(_TRIES):
                desk = await self._fresh(storage, live)
                if live.status != RUNNING or live.states[-1].flow.ended:
                    raise ProtocolError(
                        _t("the game is over; its last decision stands"), "undo_refused"
                    )
                if seq != live.length - 1:
                    raise ProtocolError(
                        _t(
                            "you saw entry {seq}, but the match is at entry {last}",
                            seq=seq,
                            last=live.length - 1,
                        ),
                        "stale",
                    )
                if desk.request is not None:
                    raise ProtocolError(
                        _t(
                            "{who} is asking to take back already; wait for the answer",
                            who=_seat(live, desk.request.by),
                        ),
                        "undo_pending",
                    )
                try:  # a tenth of a second for a long Khan turn: off the event loop
                    takeback = await asyncio.to_thread(check_takeback, live.match, seat)
                except UndoRefusedError as exc:
                    raise ProtocolError(
                        _t("cannot undo: {reason}", reason=exc.reason), "undo_refused"
                    ) from None
                asked = [
                    s.seat for s in live.record.seats if s.seat != seat and s.kind != "bot"
                ]  # bots grant
                request = UndoRequest(seat, takeback.first, live.length - 1, asked)
                if not asked:
                    await self._apply(service, live, request)
                    break
                if await self._put(storage, live.id, desk, request, desk.last):
                    break
            else:
                raise ProtocolError(_t("the undo request is busy; try again"), "undo_busy")
        service.hub.publish(live.id)

    async def answer(self, service: MatchService, live: LiveMatch, seat: int, grant: bool) -> None:
        """``seat`` grants or refuses the open request."""
        storage = service.storage
        async with live.lock:
            for _ in range(_TRIES):
                desk = await self._fresh(storage, live)
                request = desk.request
                if request is None:
                    raise ProtocolError(_t("no one is asking to take back a decision"), "no_undo")
                if seat not in request.waiting:
                    raise ProtocolError(_t("you are not asked to answer this request"), "not_asked")
                waiting = [s for s in request.waiting if s != seat]
                if not grant:
                    refused = {
                        "outcome": "refused",
                        "by": request.by,
                        "first": request.first,
                        "refused_by": seat,
                    }
                    if await self._put(storage, live.id, desk, None, refused):
                        break
                elif waiting:
                    granted = evolve(request, waiting=waiting, granted=[*request.granted, seat])
                    if await self._put(storage, live.id, desk, granted, desk.last):
                        break
                else:
                    await self._apply(
                        service, live, evolve(request, waiting=[], granted=[*request.granted, seat])
                    )
                    break
            else:
                raise ProtocolError(_t("the undo request is busy; try again"), "undo_busy")
        service.hub.publish(live.id)

    async def _apply(self, service: MatchService, live: LiveMatch, request: UndoRequest) -> None:
        """Take ``request`` back now (the match's lock is held): the database's entries first,
        then memory, then the stored desk says how it ended."""
        desk = self._desk(live.id)
        withdrawn = {"outcome": "withdrawn", "by": request.by, "first": request.first}
        try:
            takeback = await asyncio.to_thread(check_takeback, live.match, request.by)
        except UndoRefusedError as exc:  # pragma: no cover - the log is the one asked about
            await self._settle(service.storage, live.id, withdrawn)
            raise ProtocolError(
                _t("cannot undo: {reason}", reason=exc.reason), "undo_refused"
            ) from None
        try:
            await service.storage.drop_entries(live.id, takeback.first, live.length)
        except ConflictError:
            await self._settle(service.storage, live.id, withdrawn)
            raise ProtocolError(
                _t("another move came first; the request is withdrawn"), "stale"
            ) from None
        drop_after(live, takeback.first)
        desk.generation += 1
        await self._settle(
            service.storage,
            live.id,
            {
                "outcome": "granted",
                "by": request.by,
                "first": request.first,
                "granted": request.granted,
            },
        )


_TRIES = 8
"""How many times an ask or an answer is decided again when another process's write to the
same desk came first (each loss means another process made progress)."""


def drop_after(live: LiveMatch, first: int) -> None:
    """Drop entries ``first`` and later from the server's copy of the match and from every
    cache that holds them (the caller holds the match's lock, and the database has dropped
    them already). The states before ``first`` are unchanged, so what is cached of them
    stays."""
    live.match.undo(live.length - first)
    del live.entries[first:]
    del live.states[first:]
    for key in [k for k in live.entry_cache if k[1] >= first]:
        del live.entry_cache[key]
    for seq in [s for s in live.whole_entries if s >= first]:
        del live.whole_entries[seq]
    live.pictures.forget(live.id, first)
    live.bot_at = -1  # a bot may be asked again at the entries to come
    for seat, (length, _) in list(live.seat_streams.items()):
        if length > first:  # the stream followed dropped entries: it starts over
            del live.seat_streams[seat]
    live.record = evolve(live.record, length=first)


def _seat(live: LiveMatch, seat: int) -> str:
    names = live.names
    return names[seat] if 0 <= seat < len(names) else _t("seat {number}", number=seat + 1)
