"""Entries of the server's matches: a move checked, committed before anyone hears of it, and
the moves other processes committed, replayed here.

:meth:`MoveDesk.play_locked` checks a player's move (the match is running, the entry the client
saw is the last one, the seat is the one that must decide, the index or text names a legal
action) and :meth:`MoveDesk.commit_locked` plays it on the in-memory
:class:`~boardkit.match.Match` and **commits it to the database before anyone hears of it**:
until the commit returns, :attr:`LiveMatch.length <boardkit.server.live.LiveMatch.length>` does
not include the new entry; if it fails, the entry is undone. Two processes committing the same
entry cannot both succeed (:class:`~boardkit.server.errors.ConflictError`), nor can a move be
stored over a seat change (a timeout, a forfeit) stored since it was checked: the loser
refreshes (:meth:`MoveDesk.refresh_locked`, which replays the stored actions and checks that
they give the stored events, and takes the clocks as stored with them) and its client is told
why (:func:`refusal_after_conflict`: the match moved on, or the seat's time ran out). The
caller holds the match's lock.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import attrs

from boardkit.codec import codec_for
from boardkit.errors import ActionTextError, BoardkitError, IllegalActionError
from boardkit.flow import decider
from boardkit.i18n import Messages, domain_of
from boardkit.log import entry_to_json
from boardkit.log.seating import TIMEOUT
from boardkit.present.rules import refusal_line, sections_of, see_also
from boardkit.server.errors import ConflictError, OutOfTimeError, ProtocolError, StorageError
from boardkit.server.live import LiveMatch, bot_name, compact, owes
from boardkit.server.seats import SeatKeeper
from boardkit.server.storage import FINISHED, RUNNING, Storage
from boardkit.server.webhooks import Webhook

log = logging.getLogger("boardkit.server.moves")

_t = Messages("boardkit").text
"""The refusals a player reads, rendered in the connection's language: a session handles every
message inside :func:`boardkit.i18n.reading_in` of its reader's."""


class MoveDesk:
    """Checks, commits and replays the entries of the matches of one storage; tells the
    ``webhook`` (if any) of each person a committed move leaves owing a decision."""

    def __init__(self, storage: Storage, seats: SeatKeeper, webhook: Webhook | None) -> None:
        self.storage = storage
        self.seats = seats
        self.webhook = webhook

    async def play_locked(
        self, live: LiveMatch, seat: int, seq: int, index: int | None, text: str | None
    ) -> None:
        """Check and commit ``seat``'s move (see :meth:`MatchService.act
        <boardkit.server.service.MatchService.act>` for the refusals)."""
        if seq > live.length - 1:
            await self.refresh_locked(live)
        if live.states[-1].flow.ended or live.status == FINISHED:
            raise ProtocolError(_t("the game is over"), "finished")
        if live.status != RUNNING:
            raise ProtocolError(_t("the match waits for players to join"), "not_running")
        if seq != live.length - 1:
            raise ProtocolError(
                _t(
                    "you saw entry {seq}, but the match is at entry {last}",
                    seq=seq,
                    last=live.length - 1,
                ),
                "stale",
            )
        deciding = decider(live.states[-1].flow)
        if deciding != seat:
            if deciding is None:
                refusal = _t("it is not your decision: nobody decides now")
            else:
                who = seat_text(live.names, deciding)
                refusal = _t("it is not your decision: {who} decides now", who=who)
            raise ProtocolError(refusal, "not_your_turn")
        stand_in = live.stand_in(seat)
        if stand_in is not None:
            raise ProtocolError(
                _t(
                    "you left this seat and the {bot} bot plays it; take it back first",
                    bot=bot_name(stand_in) or stand_in,
                ),
                "away",
            )
        await self._in_time_locked(live, seat)
        if index is None:
            action = read_text(live, text)
        else:
            legal = live.legal_actions()
            if index >= len(legal):
                raise ProtocolError(
                    _t("no legal action {index}: there are {count}", index=index, count=len(legal)),
                    "bad_action",
                )
            action = legal[index]
        await self.commit_locked(live, seat, action)

    async def _in_time_locked(self, live: LiveMatch, seat: int) -> None:
        """Refuse ``seat``'s move with ``out_of_time`` when its time is up by this process's
        clock, and apply the match's policy now (unless another process did); a move that comes
        after the deadline never wins, even before the timer that applies the policy fires."""
        if live.clocks is None or live.clocks.expired(self.seats.now()) != seat:
            return
        length = live.length
        await self.refresh_locked(live)
        await self.seats.expire_locked(live)
        refusal = refusal_after_conflict(live, seat, length, None)
        if refusal is not None:
            raise refusal
        if live.clocks.expired(self.seats.now()) == seat:  # its timeout could not be stored
            raise OutOfTimeError(_t("your time ran out before your move was stored"))

    async def commit_locked(self, live: LiveMatch, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat``, store the entry, then take it in memory.

        The entry is stored only if the match's stored header is still the one this process
        holds (:meth:`Storage.append_entry <boardkit.server.storage.base.Storage.append_entry>`
        with ``expected``): a seat change another process stored meanwhile (a timeout, a
        forfeit, a player who left or came back) is never overwritten by a move that did not
        see it. When the write is refused, the match is brought up to the database and the move
        is refused: ``stale`` when another entry came first, ``out_of_time``
        (:class:`~boardkit.server.errors.OutOfTimeError`) when the seat's time ran out and its
        timeout was stored first, ``away`` or ``finished`` when the seat or the match changed
        otherwise; when the change leaves the move as it was (another seat changed hands), it
        is stored over the new header. ``bad_action`` when the rules refuse it."""
        seq = len(live.match)
        holder = live.bot_for(seat)  # who plays the seat as the move was checked
        for _ in range(_TRIES):
            try:
                await self._store_locked(live, seat, action)
                return
            except ConflictError:
                await self.refresh_locked(live)
            refusal = refusal_after_conflict(live, seat, seq, holder)
            if refusal is not None:
                raise refusal
        raise ProtocolError(_t("the match keeps changing; try again"), "stale")

    async def _store_locked(self, live: LiveMatch, seat: int, action: Any) -> None:
        """Play, store (over the stored header this process holds) and take the entry in
        memory; the entry is undone in memory if the store fails."""
        match = live.match
        seq = len(match)
        try:
            match.play(action, seat)
        except IllegalActionError as exc:
            raise ProtocolError(_t("refused: {reason}", reason=str(exc)), "bad_action") from None
        entry = match.entries[-1]
        status = FINISHED if match.is_over else RUNNING
        now = self.seats.now()
        header = self.seats.stored_header(
            live, moved=True, state=match.state, status=status, now=now
        )  # the clocks after the move, stored with it (None: no clocks)
        try:
            await self.storage.append_entry(
                live.id,
                seq,
                compact(entry_to_json(live.game, entry)),
                status,
                header,
                expected=live.record.header,
            )
        except BaseException:
            match.undo(1)
            raise
        live.entries.append(entry)
        live.states.append(match.state)
        if header is not None:
            live.record = attrs.evolve(live.record, header=header)
        if status != live.record.status:
            live.record = attrs.evolve(live.record, status=status)
        self.seats.tick(live, moved=True, now=now)
        if self.webhook is not None:
            self._announce_turns(live, live.states[-2].flow)

    def _announce_turns(self, live: LiveMatch, before: Any) -> None:
        """Tell the webhook of each human seat that owes a decision now and did not before the
        entry just committed (this process committed it, so no other process tells it too)."""
        assert self.webhook is not None
        after = live.states[-1].flow
        for record in live.record.seats:
            if (
                live.bot_for(record.seat) is None  # a person holds it (not away)
                and owes(after, record.seat)
                and not owes(before, record.seat)
            ):
                self.webhook.your_turn(
                    match=live.id,
                    game=live.game.name,
                    seat=record.seat,
                    name=record.name,
                    player=record.player or None,
                    entry=live.length - 1,
                )

    async def refresh_locked(self, live: LiveMatch) -> None:
        """Bring this process's copy of the match up to the database: reread its row, and replay
        the entries stored since, checking that each gives the stored events."""
        await self.seats.reload_record(live)
        # Only the entries the row just read counts: its header's clocks are as of its last one
        # (an entry committed since is the next notice's, with its own clocks).
        bodies = await self.storage.entries(live.id, live.length)
        del bodies[max(0, live.record.length - live.length) :]
        codec = codec_for(live.game)
        for body in bodies:
            data = json.loads(body)
            refused = StorageError(f"entry {data['seq']} of match {live.id} does not replay here")
            # Why is for the operator only: it quotes the full entry (a secret bid, a card).
            try:
                action = codec.actions.load(data["action"])
                events = live.match.play(action, data["player"])
            except BoardkitError as exc:
                log.error("%s: %s", refused, exc, extra={"match": live.id, "game": live.game.name})
                raise refused from None
            if json.loads(compact([codec.events.dump(e) for e in events])) != data["events"]:
                live.match.undo(1)  # the match stays at the entries this process holds
                where = {"match": live.id, "game": live.game.name}
                log.error("%s: its events differ", refused, extra=where)
                raise refused from None
            live.entries.append(live.match.entries[-1])
            live.states.append(live.match.state)
        if bodies and not self.seats.adopt_clocks(live):  # no stored clocks: time them here
            self.seats.tick(live, moved=True)


_TRIES = 4
"""How many times a move is stored again over a header that changed in a way that leaves the
move as it was (each retry means another process stored a change)."""


def refusal_after_conflict(
    live: LiveMatch, seat: int, seq: int, holder: str | None
) -> ProtocolError | None:
    """Why ``seat``'s move, checked at entry ``seq`` while ``holder`` played the seat (``None``:
    its person), cannot be stored now that the match is brought up to the database; ``None``
    when nothing that concerns it changed (another seat changed hands) and it may be stored
    again."""
    if live.length != seq:
        return ProtocolError(
            _t("another move came first; the match is at entry {last}", last=live.length - 1),
            "stale",
        )
    last = next((c for c in reversed(live.changes) if c.seat == seat), None)
    timed_out = last is not None and last.reason == TIMEOUT and last.at == seq
    forfeit = live.forfeit
    if forfeit is not None:
        if forfeit.seat == seat and holder is None:
            return OutOfTimeError(
                _t(
                    "your time ran out before your move was stored: you forfeit, and the game "
                    "is over"
                )
            )
        who = seat_text(live.names, forfeit.seat)
        return ProtocolError(_t("the game is over: {who} ran out of time", who=who), "finished")
    if live.status != RUNNING:
        return ProtocolError(_t("the game is over"), "finished")
    now_held = live.bot_for(seat)
    if now_held != holder:
        if timed_out and holder is None and now_held is not None:
            return OutOfTimeError(
                _t(
                    "your time ran out before your move was stored: the {bot} bot plays this "
                    "seat now; take it back to play on",
                    bot=bot_name(now_held) or now_held,
                )
            )
        return ProtocolError(_t("the seat changed hands before the move was stored"), "away")
    if decider(live.states[-1].flow) != seat:
        return ProtocolError(_t("it is not this seat's decision any more"), "not_your_turn")
    return None


def seat_text(names: Sequence[str], seat: int) -> str:
    """A seat as people read it, in the current language: numbered from 1, with its player's
    name (``seat 2 (bob)``) when it has one other than its number (the English ``seat 2``)."""
    number = f"seat {seat + 1}"
    shown = _t("seat {number}", number=seat + 1)
    name = names[seat] if 0 <= seat < len(names) else number
    return shown if name in (number, shown) else f"{shown} ({name})"


def read_text(live: LiveMatch, text: str | None) -> Any:
    """The legal action ``text`` names in the match's last state, or ``bad_text``."""
    try:
        return live.game.parse_action(live.states[-1], "" if text is None else text)
    except ActionTextError as exc:
        raise ProtocolError(exc.reason, "bad_text", exc.candidates) from None
    except IllegalActionError as exc:  # a game's own reader, refusing in its own words
        pointer = see_also(sections_of(live.game), exc.rule, domain_of(live.game))
        raise ProtocolError(refusal_line(exc.reason, pointer), "bad_text", ()) from None
