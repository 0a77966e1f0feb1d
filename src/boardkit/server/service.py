"""The authority: the server's matches, each held in memory and in the database.

:class:`MatchService` is the only code that changes a match, and the one object the routes and
connections talk to. It is a façade over one module per concern, each below it:

- :mod:`.live`: one match in memory (:class:`~boardkit.server.live.LiveMatch`);
- :mod:`.loading`: the matches held, loaded and verified from the database on first use;
- :mod:`.lobby`: new matches checked field by field, seat names, the lobby's rows;
- :mod:`.moves`: a move checked and **committed to the database before anyone hears of it**,
  and the moves of other processes replayed here;
- :mod:`.seats`: seats that change hands (timeouts, leaving, coming back) and the clocks;
- :mod:`.leases`: bots' moves, the bot lease of a shared database, unloading idle matches;
- :mod:`.undo` (undo by consent), :mod:`.players` (player keys), :mod:`.webhooks` ("your turn").

An action goes through :meth:`MatchService.act`: it is checked, played on the in-memory
:class:`~boardkit.match.Match` and committed; until the commit returns,
:attr:`LiveMatch.length <boardkit.server.live.LiveMatch.length>` (what every reader uses) does
not include the new entry; if the commit fails, the entry is undone. So whatever a client was
told survives a ``kill -9``, and a restarted server rebuilds every match from its rows
(:meth:`MatchService.live` replays and verifies the stored log, seed commitment included).

Several processes may share a PostgreSQL database. Each keeps its own copy of a match; when
another process commits an entry, :meth:`MatchService.refresh` plays the stored action on the
local copy and checks that it gives the stored events. Two processes committing the same entry
cannot both succeed (:class:`~boardkit.server.errors.ConflictError`): the loser refreshes and its
client gets a resync.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardkit._moved import forwarded_name
from boardkit.errors import BoardkitError, shorten
from boardkit.i18n import Messages
from boardkit.server import live as held
from boardkit.server import lobby
from boardkit.server.actionitems import ActionItems
from boardkit.server.bots import BotRunner
from boardkit.server.errors import AuthError, OutOfTimeError, ProtocolError
from boardkit.server.gcpolicy import GcPolicy
from boardkit.server.leases import BotDesk
from boardkit.server.loading import LoadedMatches
from boardkit.server.metrics import ServerMetrics
from boardkit.server.moves import MoveDesk
from boardkit.server.notify import Hub
from boardkit.server.pauses import LAG_WARNING, GcPauses, LoopLagWatch
from boardkit.server.pictures import DEFAULT_SIZE, PictureCache
from boardkit.server.players import player_hash, seat_token, well_formed_key
from boardkit.server.seats import SeatKeeper
from boardkit.server.storage import RUNNING, Storage
from boardkit.server.tokens import new_token, token_hash, well_formed
from boardkit.server.undo import UndoDesk
from boardkit.server.webhooks import Webhook

_t = Messages("boardkit").text

if TYPE_CHECKING:
    from boardkit.server.live import LiveMatch

_MOVED = {
    "LiveMatch": "boardkit.server.live",
    "server_bot": "boardkit.server.leases",
    "MAX_NAME": "boardkit.server.lobby",
    "clean_name": "boardkit.server.lobby",
    "distinct_name": "boardkit.server.lobby",
}
"""Names that lived here before the service was split into one module per concern: each still
answers from here, with a :class:`DeprecationWarning` naming its module, until 0.3.0."""

if not TYPE_CHECKING:  # type checkers still see a misspelt name as an error

    def __getattr__(name: str) -> object:
        if name not in _MOVED:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return forwarded_name(__name__, name, _MOVED[name])


log = logging.getLogger("boardkit.server.service")


class MatchService:
    """Creates, joins, plays and resumes matches over one storage.

    ``gc_sweep_every`` sets the garbage collector's schedule while the service runs
    (:class:`~boardkit.server.gcpolicy.GcPolicy`: a complete collection every so many seconds,
    none of the long pauses in between); ``None`` leaves CPython's own schedule.
    ``picture_cache`` bounds the pictures kept (:mod:`boardkit.server.pictures`); ``metrics``
    counts what the service does (a :class:`~boardkit.server.metrics.ServerMetrics` of its own
    by default). ``lease_retry`` and ``unload_after`` go to the
    :class:`~boardkit.server.leases.BotDesk`; ``now`` is the clock the matches' clocks read
    (:class:`~boardkit.server.seats.SeatKeeper`); ``takeover_bot`` the bot spec that takes a
    seat whose clock ran out or whose player left (``None``: the game's
    :attr:`~boardkit.game.Game.opponent`). ``lag_warning`` is the event loop's lag, in seconds,
    from which it is logged as a warning (:mod:`boardkit.server.pauses`; ``None``: never; the
    lag is measured and counted either way).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        bot_workers: int = 2,
        think_ms: int = 600,
        pinned_seeds: bool = False,
        gc_sweep_every: float | None = 600.0,
        picture_cache: int = DEFAULT_SIZE,
        metrics: ServerMetrics | None = None,
        lease_retry: float = 1.0,
        unload_after: float | None = 300.0,
        webhook: Webhook | None = None,
        now: Callable[[], float] = time.time,
        takeover_bot: str | None = None,
        lag_warning: float | None = LAG_WARNING,
    ) -> None:
        self.storage = storage
        self.now = now
        """The clock the matches' clocks read (the wall clock: the page counts down to the
        deadlines it is sent)."""
        self.metrics = ServerMetrics() if metrics is None else metrics
        """The server's counters (:mod:`boardkit.server.metrics`)."""
        self.pictures = PictureCache(picture_cache, on_draw=self.metrics.picture_drawn)
        """Every match's pictures, at most ``picture_cache`` of them
        (:mod:`boardkit.server.pictures`)."""
        self.pinned_seeds = pinned_seeds
        """Whether a new match may be given its seed (for tests and demos: no secret then)."""
        self.hub = Hub()
        self.undos = UndoDesk()
        """Open requests to take a decision back (:mod:`boardkit.server.undo`)."""
        self.bots = BotRunner(bot_workers)
        self.think_ms = think_ms
        self.webhook = webhook
        """Where "your turn" events go (:mod:`boardkit.server.webhooks`), or ``None``."""
        self.seats = SeatKeeper(storage, lambda: self.now(), self.check_clock, takeover_bot)
        """Seats that change hands, and the clocks (:mod:`boardkit.server.seats`)."""
        self.action_items = ActionItems()
        """Legal actions' items kept across entries and matches
        (:mod:`boardkit.server.actionitems`)."""
        self.matches = LoadedMatches(storage, self.pictures, self._loaded, self.action_items)
        """The matches held in memory (:mod:`boardkit.server.loading`)."""
        self.moves = MoveDesk(storage, self.seats, webhook)
        """Moves checked and committed (:mod:`boardkit.server.moves`)."""
        self.bot_desk = BotDesk(
            storage,
            self.matches,
            self.moves,
            self.bots,
            hub=self.hub,
            undos=self.undos,
            metrics=self.metrics,
            lease_retry=lease_retry,
            unload_after=unload_after,
        )
        """Bots' moves, bot leases and unloading (:mod:`boardkit.server.leases`)."""
        sampled = self.metrics.sampled
        sampled.matches = lambda: len(self.matches.loaded)
        sampled.bot_queue = lambda: self.bots.pending
        sampled.listening = lambda: (storage.deaf is None, storage.listen_reconnects)
        sampled.pictures = lambda: (self.pictures.hits, self.pictures.misses, len(self.pictures))
        self.gc = None if gc_sweep_every is None else GcPolicy(gc_sweep_every)
        """The collector's schedule (:mod:`boardkit.server.gcpolicy`), or ``None``: CPython's."""
        self._sweeper: asyncio.Task[None] | None = None
        self.gc_pauses = GcPauses(self.metrics.collected)
        """Times the garbage collector's collections (:mod:`boardkit.server.pauses`)."""
        self.lag_watch = LoopLagWatch(
            self.metrics.loop_lag.observe,
            warn_after=lag_warning,
            database=storage.work,
            collections=self.gc_pauses,
        )
        """Measures the event loop's lag while the service runs (:mod:`boardkit.server.pauses`)."""
        self._watching: asyncio.Task[None] | None = None

    def _loaded(self, live: LiveMatch) -> None:
        self.seats.tick(live, moved=False)

    def _start_bot(self, live: LiveMatch) -> None:
        self.bot_desk.start_bot(live)

    # --- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the storage, resume every running match, and listen to other processes."""
        self.storage.work.on_write = self.metrics.db_commits.observe
        await self.storage.open()
        for record in await self.storage.list_matches([RUNNING], limit=100_000):
            try:
                live = await self.live(record.id)
            except BoardkitError as exc:
                log.error(
                    "match %s cannot be resumed: %s",
                    record.id,
                    exc,
                    extra={"match": record.id, "game": record.game},
                )
                continue
            self._start_bot(live)
        if self.storage.shared:
            await self.storage.listen(self._on_remote, self.resync, self._on_undo)
        self.bot_desk.start()
        if self.webhook is not None:
            self.webhook.start()
        if self.gc is not None:
            self.gc.install()
            if self.gc.sweep_every > 0:
                self._sweeper = asyncio.create_task(self._sweep(self.gc))
        self.gc_pauses.install()
        self._watching = asyncio.create_task(self.lag_watch.run())

    async def _sweep(self, policy: GcPolicy) -> None:
        while True:
            await asyncio.sleep(policy.sweep_every)
            policy.sweep()

    async def unload_idle(self, after: float = 0.0) -> list[str]:
        """Drop from memory every match nobody follows, untouched for ``after`` seconds, with no
        request under way, no bot to move and no clock running; the ids dropped. Memory stays
        bounded by the matches in use, however many were ever played: a dropped match is loaded
        (and verified) again from the database when next asked for, and its bot lease is given
        up (:meth:`BotDesk.unload_idle <boardkit.server.leases.BotDesk.unload_idle>`)."""
        return await self.bot_desk.unload_idle(after)

    async def stop(self) -> None:
        """Stop bots and close the storage."""
        await self.bot_desk.stop()
        for task in (self._sweeper, self._watching):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self.gc_pauses.uninstall()
        if self.gc is not None:
            self.gc.uninstall()
        for live in self.matches.loaded.values():
            if live.clock_task is not None:
                live.clock_task.cancel()
        await self.bots.close()
        if self.webhook is not None:
            await self.webhook.close()
        self.pictures.close()
        await self.storage.close()

    # --- lobby -----------------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        seats: Sequence[Mapping[str, Any]],
        options: Mapping[str, object] | None = None,
        think_ms: int | None = None,
        seed: object = None,
        cap: object = None,
        clock: object = None,
    ) -> LiveMatch:
        """A new match: ``seats`` lists each seat as ``{"bot": NAME}`` or ``{"human": true}``;
        ``cap`` is its entry cap (``None``: the game's default, see
        :meth:`Match.new <boardkit.match.Match.new>`); ``clock`` its time control
        (:func:`boardkit.server.clocks.parse_clock`), ``None`` for none."""
        think = self.think_ms if think_ms is None else think_ms
        match, record, setup = lobby.new_match(
            game_name, seats, options, think, seed, cap, clock, pinned_seeds=self.pinned_seeds
        )
        await self.storage.create_match(record, setup)
        live = held.LiveMatch(record, match, pictures=self.pictures, action_items=self.action_items)
        self.matches.add(live)
        self._start_bot(live)
        return live

    async def join(
        self, match_id: str, seat: int | None, name: object, player: object = None
    ) -> tuple[int, str]:
        """Take ``seat`` (or the first free human seat); the seat and its secret token.

        With a player key (:mod:`boardkit.server.players`) the token is derived from the key
        and the seat is listed among the key's matches (:meth:`my_matches`); without one the
        token is random.
        """
        if player is not None and not well_formed_key(player):
            raise ProtocolError("a player key is 32 to 128 letters, digits, '-' or '_'", "bad_key")
        live = await self.live(match_id)
        async with live.lock:  # one join at a time, so that two cannot take the same name
            await self.seats.reload_record(live)  # the joins another process made
            seats = live.record.seats
            free = [s.seat for s in seats if s.kind == "human" and not s.taken]
            if seat is None:
                if not free:
                    raise ProtocolError("no free seat in this match", "no_seat")
                seat = free[0]
            if type(seat) is not int or not 0 <= seat < len(seats):
                raise ProtocolError(f"no seat {shorten(seat, 20)} in this match", "no_seat")
            others = {s.name.casefold() for s in seats if s.seat != seat}
            chosen = lobby.distinct_name(lobby.clean_name(name, f"seat {seat + 1}"), others)
            key = player if isinstance(player, str) else None
            token = new_token() if key is None else seat_token(key, match_id, seat)
            status = await self.storage.claim_seat(
                match_id,
                seat,
                chosen,
                token_hash(token),
                None if key is None else player_hash(key),
                # if this join starts the match, its first clock runs from now: stored with it
                header=self.seats.started_header(live, self.now()),
            )
            if status is None:
                raise ProtocolError(f"seat {seat + 1} is not free", "no_seat")
            await self.seats.reload_record(live)
            if not self.seats.adopt_clocks(live):
                self.seats.tick(live, moved=False)
        self.hub.publish(match_id)
        self._start_bot(live)
        return seat, token

    async def my_matches(self, player: object) -> list[dict[str, Any]]:
        """The matches whose seats the player key took, the ones where it is that seat's turn
        first, then the newest: for each, its id, game, status, the seat, its token (derived
        from the key, so a second device holding the key can play on), the players' names, the
        entry count, and ``your_turn``."""
        if not well_formed_key(player):
            raise AuthError("that is not a player key")
        assert isinstance(player, str)
        found: list[dict[str, Any]] = []
        for record, seat in await self.storage.seats_of_player(player_hash(player)):
            turn = False
            if record.status == RUNNING:
                try:
                    live = await self.live(record.id)
                except BoardkitError:  # a match that cannot be loaded is listed, not played
                    live = None
                if live is not None:
                    record = live.record
                    turn = held.owes(live.states[-1].flow, seat)
            found.append(lobby.my_match_row(record, seat, player, turn=turn))
        found.sort(key=lambda m: (not m["your_turn"], -float(m["created"])))
        return found

    async def seat_of(self, match_id: str, token: object) -> int:
        """The seat ``token`` holds in ``match_id``; :class:`AuthError` for anything else."""
        if not well_formed(token):
            raise AuthError("that is not a seat token")
        assert isinstance(token, str)
        seat = await self.storage.seat_of_token(match_id, token_hash(token))
        if seat is None:
            raise AuthError("this token holds no seat in this match")
        return seat

    async def listing(self, statuses: Sequence[str]) -> list[dict[str, Any]]:
        """Matches for the lobby."""
        out = []
        for record in await self.storage.list_matches(statuses):
            live = self.matches.loaded.get(record.id)
            out.append(lobby.record_row(record) if live is None else live.summary())
        return out

    # --- loading ---------------------------------------------------------------------------------

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded (and verified) from the database on first use."""
        return await self.matches.live(match_id)

    # --- playing ---------------------------------------------------------------------------------

    async def act(
        self, match_id: str, seat: int, seq: int, index: int | None, text: str | None = None
    ) -> None:
        """Play legal action ``index`` for ``seat``, who saw the match up to entry ``seq``; or,
        with ``index`` ``None``, the legal action ``text`` names (:meth:`Game.parse_action
        <boardkit.game.Game.parse_action>`, on the true state: the seat decides, so the
        actions it reads are the seat's own).

        Raises :class:`ProtocolError` with code ``stale`` when ``seq`` is not the last entry,
        ``not_running``, ``finished``, ``not_your_turn``, ``bad_action`` or ``bad_text`` (a
        text that names no legal action or several; the error's ``candidates`` are those the
        message names); the match is then unchanged.

        The move runs as a task of its own, shielded from the caller: a connection that closes
        while its move is being written does not cut the move in half (stored in the database
        but undone in this process's copy); the move is finished, and everyone hears of it.
        """
        live = await self.live(match_id)
        move = asyncio.ensure_future(self._act(live, seat, seq, index, text))
        move.add_done_callback(_retrieved)
        await asyncio.shield(move)

    async def _act(
        self, live: LiveMatch, seat: int, seq: int, index: int | None, text: str | None
    ) -> None:
        try:
            async with live.lock:
                await self.moves.play_locked(live, seat, seq, index, text)
        except OutOfTimeError:  # the seat's timeout was applied (here or elsewhere): say so
            self.hub.publish(live.id)
            self._start_bot(live)
            raise
        self.metrics.actions.labels(game=live.game.name, by="player").inc()
        self.hub.publish(live.id)
        self._start_bot(live)

    # --- clocks, and seats that change hands -----------------------------------------------------

    async def check_clock(self, match_id: str) -> None:
        """Apply the match's timeout policy if the seat that must decide is out of time: a
        bot takes the seat, or the seat forfeits (the match ends). Each is recorded in the
        log header's ``seat_changes``. Called when the deadline passes; harmless otherwise. With
        several processes, each one's timer fires, but the change is a conditional write of the
        header they all read: exactly one process applies it, the others take it from there."""
        live = await self.live(match_id)
        async with live.lock:
            # the moves other processes made or took back meanwhile: a clock is judged on the
            # match as stored
            await self.undos.dropped_elsewhere(self.storage, live)
            await self.moves.refresh_locked(live)
            expired = await self.seats.expire_locked(live)
        if expired is None:
            return
        seat, holder = expired
        log.info(
            "seat %s ran out of time: %s",
            seat,
            holder,
            extra={"match": live.id, "game": live.game.name},
        )
        self.hub.publish(live.id)
        self._start_bot(live)

    async def leave(self, match_id: str, seat: int) -> None:
        """``seat``'s player leaves: the takeover bot (the game's
        :attr:`~boardkit.game.Game.opponent`, or the server's ``takeover_bot``) plays it until
        the holder of its token takes it back (:meth:`come_back`)."""
        live = await self.live(match_id)
        async with live.lock:
            await self._change_seat_locked(live, seat, self.seats.leave_locked)
        self.hub.publish(live.id)
        self._start_bot(live)

    async def come_back(self, match_id: str, seat: int) -> None:
        """The holder of ``seat``'s token takes the seat back from the bot that held it."""
        live = await self.live(match_id)
        async with live.lock:
            await self._change_seat_locked(live, seat, self.seats.come_back_locked)
        self.hub.publish(live.id)

    async def _change_seat_locked(
        self, live: LiveMatch, seat: int, change: Callable[[LiveMatch, int], Awaitable[bool]]
    ) -> None:
        """Make a seat change (a leave, a return) on the match as stored: the copy is brought
        up to the database first, and the change is a conditional write of the header it read.
        When another process stored a change first (a move, a timeout, another seat's change),
        the copy catches up and the change is decided once more on it, so that nothing stored
        is overwritten; a change it makes impossible (a forfeit ended the match, a bot took the
        seat) is refused with its own error. A second conflict is ``seat_conflict``."""
        for _ in range(2):
            await self.undos.dropped_elsewhere(self.storage, live)
            await self.moves.refresh_locked(live)
            if await change(live, seat):
                return
        raise ProtocolError(
            _t("the match changed in another process while your seat change was stored; try again"),
            "seat_conflict",
        )

    # --- other processes -------------------------------------------------------------------------

    async def _on_remote(self, match_id: str, length: int) -> None:
        live = self.matches.loaded.get(match_id)
        if live is None:
            return  # loaded from the database when someone asks for it
        async with live.lock:
            if length < live.length:  # a take-back there, or a resync (length 0)
                await self.undos.dropped_elsewhere(self.storage, live)
            await self.moves.refresh_locked(live)
        self.hub.publish(match_id)
        self._start_bot(live)

    async def _on_undo(self, match_id: str) -> None:
        await self.undos.heard(self, match_id)

    async def resync(self) -> None:
        """Bring every match this process holds up to the database (the notices sent while the
        listening connection was down are lost), and tell its clients."""
        for match_id in list(self.matches.loaded):
            try:
                await self._on_remote(match_id, 0)
                await self._on_undo(match_id)
            except BoardkitError as exc:  # one broken match must not stop the others
                log.error("resyncing match %s failed: %s", match_id, exc, extra={"match": match_id})

    async def refresh(self, match_id: str) -> None:
        """Bring this process's copy of the match up to the database."""
        live = await self.live(match_id)
        async with live.lock:
            await self.moves.refresh_locked(live)


def _retrieved(task: asyncio.Future[None]) -> None:
    """Take a finished move's outcome, so that a refusal nobody waited for (its caller went
    away) is not reported as an exception never retrieved."""
    if not task.cancelled():
        task.exception()
