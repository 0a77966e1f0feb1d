"""The authority: the server's matches, each held in memory and in the database.

:class:`MatchService` is the only code that changes a match. An action goes through
:meth:`MatchService.act`: it is checked (the match is running, the entry number the client saw is
the last one, the seat is the one that must decide, the index names a legal action), played on
the in-memory :class:`~boardkit.match.Match`, and **committed to the database before anyone hears
of it**. Until the commit returns, :attr:`LiveMatch.length` (what every reader uses) does not
include the new entry; if the commit fails, the entry is undone. So whatever a client was told
survives a ``kill -9``, and a restarted server rebuilds every match from its rows
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
import copy
import json
import logging
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from boardkit import engine
from boardkit.bots.base import Bot
from boardkit.bots.registry import BOTS, make_bot
from boardkit.codec import codec_for
from boardkit.errors import ActionTextError, BoardkitError, IllegalActionError, shorten
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import (
    LOG_FORMAT_VERSION,
    Entry,
    Log,
    LogHeader,
    entry_to_json,
    header_to_json,
    log_to_json,
    redact_log,
)
from boardkit.log.seating import (
    FORFEIT,
    HUMAN,
    LEFT,
    RETURNED,
    TIMEOUT,
    SeatChange,
    forfeited,
    parse_seat_changes,
    seat_change_to_json,
)
from boardkit.match import Match
from boardkit.options import distinct_names
from boardkit.present.rules import sections_of, see_also
from boardkit.registry import load_game
from boardkit.rng import Rng
from boardkit.runner.seats import catch_up, seat_rng
from boardkit.server.bots import BotRunner
from boardkit.server.clocks import (
    BOT,
    TAKEOVER_BOT,
    Clocks,
    TimeControl,
    parse_clock,
    read_time_control,
)
from boardkit.server.errors import (
    AuthError,
    ConflictError,
    NotFoundError,
    ProtocolError,
    StorageError,
)
from boardkit.server.gcpolicy import GcPolicy
from boardkit.server.metrics import ServerMetrics
from boardkit.server.notify import Hub
from boardkit.server.pictures import DEFAULT_SIZE, PictureCache
from boardkit.server.players import player_hash, seat_token, well_formed_key
from boardkit.server.storage import FINISHED, OPEN, RUNNING, MatchRecord, SeatRecord, Storage
from boardkit.server.tokens import new_token, token_hash, well_formed
from boardkit.server.undo import UndoDesk
from boardkit.server.webhooks import Webhook

log = logging.getLogger("boardkit.server.service")

MAX_NAME = 32


_STORED = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _compact(data: object) -> str:
    """Compact JSON text, as stored (NaN refused: it is no JSON)."""
    return _STORED.encode(data)


def clean_name(name: object, fallback: str) -> str:
    """A seat name as shown to others: printable, at most :data:`MAX_NAME` characters."""
    if not isinstance(name, str):
        return fallback
    text = "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME]
    return text or fallback


def distinct_name(name: str, others: set[str]) -> str:
    """``name``, numbered (``ann#2``) while another seat has it already (``others`` are
    casefolded): a player cannot pass for another seat or for a bot in the seat list and the
    narration ("bob consents")."""
    label, k = name, 1
    while label.casefold() in others:
        k += 1
        suffix = f"#{k}"
        label = name[: MAX_NAME - len(suffix)] + suffix
    return label


def server_bot(spec: str) -> Bot:
    """The bot of a seat's stored ``spec``, by its name alone, with its default budget.

    A client names a bot, never its parameters: ``mcts:seconds=100000`` would hold one of the
    server's few bot threads for a day, and two such seats would stall every bot of every match.
    A spec with parameters stored before this rule (``mcts:iterations=…``) plays with the
    defaults too.
    """
    return make_bot(spec.split(":")[0].strip())


class _Loading:
    """The lock of one match being loaded, and how many callers hold or wait for it."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class LiveMatch:
    """One match in this process's memory: the match, every committed state, its caches."""

    def __init__(
        self,
        record: MatchRecord,
        match: Match[Any],
        note: str | None = None,
        written: str | None = None,
        pictures: PictureCache | None = None,
    ) -> None:
        self.id = record.id
        self.record = record
        self.match = match
        self.verified = note is None
        """Whether the stored log was replayed and verified under the installed rules; a
        finished match whose rules changed since is folded from its stored events instead
        (shown read-only, with :attr:`note`)."""
        self.note = note
        """For an unverified match, the sentence that says why its history is not verified."""
        self.written = written
        """For an unverified match, the rules version its stored log was written by (the
        logs it serves name it, not the installed one)."""
        self.game: Game[Any, Any] = match.game
        self.entries: list[Entry] = list(match.log.entries)
        """Committed entries (the full, unredacted ones: never sent as they are)."""
        self.states: list[Any] = _states_of(match)
        self.lock = asyncio.Lock()
        self.bots: dict[int, Bot] = {}
        self.bot_at = -1
        """The entry a bot move was last started for (one bot move per entry)."""
        self.touched = time.monotonic()
        """When the match was last asked for (see :meth:`MatchService.unload_idle`)."""
        # What the views built, as JSON text (see boardkit.server.views): entries per (seat,
        # entry); for the last entry only, the legal actions, scores and pictures per seat and
        # whole frames per (seat, entries the connection had, svg, full). Pictures are kept in
        # the server's bounded picture cache, per (match, entry, viewer).
        self.entry_cache: dict[tuple[int | None, int], str] = {}
        self.legal_for = -1
        self.legal_json = "[]"
        self.scores_at = -1
        self.scores_cache: dict[int | None, str] = {}
        self.pictures = PictureCache(0) if pictures is None else pictures
        """Where the match's pictures are kept (:mod:`boardkit.server.pictures`: the server's
        one bounded cache, shared by its matches)."""
        self.frames_at: tuple[int, MatchRecord | None] = (-1, None)
        self.frames: dict[tuple[int | None, int, bool, bool], str] = {}
        self._legal_at = -1
        self._legal: list[Any] = []
        self.changes: tuple[SeatChange, ...] = match.header.seat_changes
        """The seats that changed hands since the match began (the header's ``seat_changes``,
        :mod:`boardkit.log.seating`)."""
        control = match.header.time_control
        self.control: TimeControl | None = None if control is None else read_time_control(control)
        """The match's time control, or ``None`` (:mod:`boardkit.server.clocks`)."""
        self.clocks = None if self.control is None else Clocks(self.control, len(record.seats))
        """Each seat's clock, when the match has a time control."""
        self.clock_task: asyncio.Task[None] | None = None
        """The task that wakes when the running seat's time is up."""
        self.seat_streams: dict[int, tuple[int, Rng]] = {}
        """Per bot seat: its random stream (:func:`boardkit.runner.seats.seat_rng` of the match
        seed)
        and the log length it stands at; a seat not in it stands at the start."""

    @property
    def length(self) -> int:
        """Entries committed (what clients may be told)."""
        return len(self.states)

    @property
    def status(self) -> str:
        """``open``, ``running`` or ``finished``."""
        return self.record.status

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, as joined."""
        return tuple(s.name for s in self.record.seats)

    def header(self) -> LogHeader:
        """The match's log header with the seats' names as they joined.

        The stored header keeps the names the match was created with ("seat 1" for a free
        human seat); the seat rows hold who took each seat, updated in the transaction that
        takes it. Every log the server writes out takes its players from the seat rows, so a
        downloaded log names ann and bob, matches stored before this rule included, and two
        server processes that seat two players at once cannot overwrite each other's name.
        Replay and verification never read the names (the seed commitment covers the seed
        alone), so the renamed log verifies as the stored one does.
        """
        header = self.match.header
        names = self.names
        return attrs.evolve(
            header,
            players=names,
            seat_changes=self.changes,
            time_control=None if self.control is None else self.control.text(),
        )

    def stand_in(self, seat: int) -> str | None:
        """The bot that holds a person's seat now (it took over on a timeout, or its player
        left), or ``None``."""
        holder = None
        for change in self.changes:
            if change.seat == seat:
                holder = change.holder
        return None if holder in (None, HUMAN, FORFEIT) else holder

    def bot_for(self, seat: int) -> str | None:
        """The bot spec that chooses for ``seat`` now: a bot seat's own, a stand-in's, or
        ``None`` for a seat a person holds."""
        record = self.record.seats[seat]
        return record.bot if record.kind == "bot" else self.stand_in(seat)

    @property
    def forfeit(self) -> SeatChange | None:
        """The forfeit that ended the match, or ``None``."""
        return forfeited(self.changes)

    def clock_json(self, now: float) -> dict[str, Any] | None:
        """The clocks as the page shows them (times in seconds of the server's wall clock),
        or ``None`` for a match without a time control."""
        return None if self.clocks is None else self.clocks.to_json(now)

    def legal_actions(self) -> list[Any]:
        """The legal actions after the last committed entry."""
        if self._legal_at != self.length - 1:
            state = self.states[-1]
            self._legal = [] if state.flow.ended else list(self.game.legal_actions(state))
            self._legal_at = self.length - 1
        return self._legal

    def seats_json(self) -> list[dict[str, Any]]:
        """The seats as the lobby and the page show them (no token, no hash), each with its
        colour as the game names it (:meth:`~boardkit.game.Game.player_colours`)."""
        colours = self.game.player_colours(len(self.record.seats))
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot,
                "taken": s.taken,
                "colour": colours[s.seat],
                "stand_in": self.stand_in(s.seat),
            }
            for s in self.record.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The match for the lobby list."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title or self.game.name,
            "status": self.status,
            "seats": self.seats_json(),
            "entries": self.length,
            "options": dict(self.match.config.options),
            "created": self.record.created,
            "verified": self.verified,
            **({} if self.note is None else {"note": self.note}),
            **({} if self.control is None else {"clock": self.control.to_json()}),
            **({} if self.forfeit is None else {"forfeit": self.forfeit.seat}),
        }

    def log_json(self, seat: int | None, *, full: bool) -> str:
        """The log so far: full (seed revealed) or redacted for ``seat``, its header naming the
        players as they joined (:meth:`header`)."""
        header = self.header()
        if self.written is not None:
            header = attrs.evolve(header, game_version=self.written)
        log = Log(header, self.entries)
        if full:
            return log_to_json(self.game, log)
        return log_to_json(self.game, redact_log(self.game, log, seat))


class MatchService:
    """Creates, joins, plays and resumes matches over one storage.

    ``gc_sweep_every`` sets the garbage collector's schedule while the service runs
    (:class:`~boardkit.server.gcpolicy.GcPolicy`: a complete collection every so many seconds,
    none of the long pauses in between); ``None`` leaves CPython's own schedule.
    ``picture_cache`` bounds the pictures kept (:mod:`boardkit.server.pictures`); ``metrics``
    counts what the service does (a :class:`~boardkit.server.metrics.ServerMetrics` of its own
    by default).
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
        sampled = self.metrics.sampled
        sampled.matches = lambda: len(self._live)
        sampled.bot_queue = lambda: self.bots.pending
        sampled.pictures = lambda: (self.pictures.hits, self.pictures.misses, len(self.pictures))
        self._live: dict[str, LiveMatch] = {}
        self._loading: dict[str, _Loading] = {}
        self._broken: set[str] = set()
        """Matches whose stored log does not replay (a rules change, a damaged database)."""
        self.gc = None if gc_sweep_every is None else GcPolicy(gc_sweep_every)
        """The collector's schedule (:mod:`boardkit.server.gcpolicy`), or ``None``: CPython's."""
        self._sweeper: asyncio.Task[None] | None = None
        self.lease_retry = lease_retry
        """Seconds between two asks for the bot leases of matches whose bots another process
        runs (a shared storage only): a match whose process died goes on within that time."""
        self._asking: set[str] = set()
        """Matches whose bot lease is being asked for now."""
        self._background: set[asyncio.Task[None]] = set()
        self._lease_asker: asyncio.Task[None] | None = None
        self.unload_after = unload_after
        """Seconds a match may sit in memory untouched and unfollowed before it is unloaded
        (:meth:`unload_idle`; ``None``: never). It is loaded again when next asked for."""
        self._unloader: asyncio.Task[None] | None = None
        self.webhook = webhook
        """Where "your turn" events go (:mod:`boardkit.server.webhooks`), or ``None``."""

    # --- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the storage, resume every running match, and listen to other processes."""
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
            await self.storage.listen(self._on_remote, self.resync)
            self._lease_asker = asyncio.create_task(self._ask_leases())
        if self.unload_after is not None:
            self._unloader = asyncio.create_task(self._unload_every(self.unload_after))
        if self.webhook is not None:
            self.webhook.start()
        if self.gc is not None:
            self.gc.install()
            if self.gc.sweep_every > 0:
                self._sweeper = asyncio.create_task(self._sweep(self.gc))

    async def _sweep(self, policy: GcPolicy) -> None:
        while True:
            await asyncio.sleep(policy.sweep_every)
            policy.sweep()

    async def _ask_leases(self) -> None:
        """Every :attr:`lease_retry` seconds: start the bots of held matches whose bot lease
        another process held (it may have died), and give up the leases of matches that ended."""
        while True:
            await asyncio.sleep(self.lease_retry)
            for live in list(self._live.values()):
                if live.status != RUNNING:
                    await self.storage.release_bot_lease(live.id)
                else:
                    self._start_bot(live)

    async def _unload_every(self, after: float) -> None:
        while True:
            await asyncio.sleep(min(max(after, 0.05), 30.0))
            await self.unload_idle(after)

    async def unload_idle(self, after: float = 0.0) -> list[str]:
        """Drop from memory every match nobody follows, untouched for ``after`` seconds, with no
        request under way, no bot to move and no clock running; the ids dropped. Memory stays
        bounded by the matches in use, however many were ever played: a dropped match is loaded
        (and verified) again from the database when next asked for, and its bot lease is given
        up."""
        now = time.monotonic()
        dropped = []
        for match_id, live in list(self._live.items()):
            if (
                now - live.touched < after
                or self.hub.count(match_id)
                or live.lock.locked()
                or match_id in self._asking
                or _bot_owes(live)
                or (live.clocks is not None and live.status == RUNNING)  # its timer is here
            ):
                continue
            del self._live[match_id]
            self.undos.forget(match_id)
            dropped.append(match_id)
            await self.storage.release_bot_lease(match_id)
        return dropped

    async def stop(self) -> None:
        """Stop bots and close the storage."""
        for task in (self._lease_asker, self._unloader, *self._background):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self.gc is not None:
            self.gc.uninstall()
        for live in self._live.values():
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
        control = None if clock is None else parse_clock(clock)
        try:
            game = load_game(game_name)
        except BoardkitError:
            raise NotFoundError(f"no game {shorten(game_name, 40)} is installed") from None
        records = []
        for i, seat in enumerate(seats):
            human = isinstance(seat, Mapping) and set(seat) == {"human"} and seat["human"] is True
            bot = isinstance(seat, Mapping) and set(seat) == {"bot"}
            if not (human or bot):
                raise ProtocolError(
                    f"seat {i + 1}: a seat is {{'human': true}} or {{'bot': NAME}}, "
                    f"not {shorten(seat, 60)}"
                )
            if human:
                records.append(SeatRecord(i, "human", f"seat {i + 1}"))
                continue
            spec = seat["bot"]
            if not isinstance(spec, str) or spec not in BOTS:
                raise ProtocolError(
                    f"seat {i + 1}: a bot is one of {', '.join(sorted(BOTS))}, by its name alone "
                    "(a bot's budget is the server's to set, not a client's)"
                )
            records.append(SeatRecord(i, "bot", f"{spec} bot", spec, True))
        names = distinct_names([r.name for r in records])  # two random bots: "random bot#2"
        records = [attrs.evolve(r, name=name) for r, name in zip(records, names, strict=True)]
        think = self.think_ms if think_ms is None else think_ms
        if type(think) is not int or not 0 <= think <= 60_000:
            raise ProtocolError("think_ms is an int from 0 to 60000")
        if seed is not None and not self.pinned_seeds:
            raise ProtocolError("this server does not take pinned seeds", "no_pinned_seeds")
        if seed is not None and not (
            isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 40
        ):  # "²" is a digit to str.isdigit, and int("²") a ValueError (an internal error)
            raise ProtocolError("a seed is a string of at most 40 decimal digits (0-9)")
        pinned = None if seed is None else int(str(seed))
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int)):
            raise ProtocolError(f"cap is an int (the most log entries), not {shorten(cap, 40)}")
        try:
            match = Match.new(game, [s.name for s in records], options, pinned, cap=cap)
        except BoardkitError as exc:
            raise ProtocolError(str(exc)) from None
        status = OPEN if any(s.kind == "human" for s in records) else RUNNING
        header = match.header
        if control is not None:
            header = attrs.evolve(header, time_control=control.text())
            match = Match.from_json(log_to_json(game, Log(header, match.log.entries)), game)
        record = MatchRecord(
            id=uuid.uuid4().hex[:16],
            game=game.name,
            header=_compact(header_to_json(header)),
            seats=tuple(records),
            status=status,
            created=time.time(),
            think_ms=think,
            length=1,
        )
        setup = _compact(entry_to_json(game, match.log.entries[0]))
        await self.storage.create_match(record, setup)
        live = LiveMatch(record, match, pictures=self.pictures)
        self._live[record.id] = live
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
            await self._reload_record(live)  # the joins another process made
            seats = live.record.seats
            free = [s.seat for s in seats if s.kind == "human" and not s.taken]
            if seat is None:
                if not free:
                    raise ProtocolError("no free seat in this match", "no_seat")
                seat = free[0]
            if type(seat) is not int or not 0 <= seat < len(seats):
                raise ProtocolError(f"no seat {shorten(seat, 20)} in this match", "no_seat")
            others = {s.name.casefold() for s in seats if s.seat != seat}
            chosen = distinct_name(clean_name(name, f"seat {seat + 1}"), others)
            key = player if isinstance(player, str) else None
            token = new_token() if key is None else seat_token(key, match_id, seat)
            status = await self.storage.claim_seat(
                match_id, seat, chosen, token_hash(token), None if key is None else player_hash(key)
            )
            if status is None:
                raise ProtocolError(f"seat {seat + 1} is not free", "no_seat")
            await self._reload_record(live)
            self._tick(live, moved=False)
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
                    turn = _owes(live.states[-1].flow, seat)
            found.append(
                {
                    "id": record.id,
                    "game": record.game,
                    "status": record.status,
                    "seat": seat,
                    "token": seat_token(player, record.id, seat),
                    "names": [s.name for s in record.seats],
                    "entries": record.length,
                    "your_turn": turn,
                    "created": record.created,
                }
            )
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
            live = self._live.get(record.id)
            if live is not None:
                out.append(live.summary())
            else:
                out.append(
                    {
                        "id": record.id,
                        "game": record.game,
                        "title": record.game,
                        "status": record.status,
                        "seats": [
                            {
                                "seat": s.seat,
                                "name": s.name,
                                "kind": s.kind,
                                "bot": s.bot,
                                "taken": s.taken,
                            }
                            for s in record.seats
                        ],
                        "entries": record.length,
                    }
                )
        return out

    # --- loading ---------------------------------------------------------------------------------

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded (and verified) from the database on first use."""
        live = self._live.get(match_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        # One loader per id at a time; the lock is forgotten when its last user leaves, so
        # asking for many ids that name no match leaves nothing behind.
        loading = self._loading.get(match_id)
        if loading is None:
            loading = self._loading[match_id] = _Loading()
        loading.users += 1
        try:
            async with loading.lock:
                return await self._load(match_id)
        finally:
            loading.users -= 1
            if loading.users == 0:
                del self._loading[match_id]

    async def _load(self, match_id: str) -> LiveMatch:
        """Load ``match_id`` under its loading lock (a caller that waited finds it loaded)."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        if match_id in self._broken:
            raise self._unloadable(match_id)
        record = await self.storage.get_match(match_id)
        if record is None:
            raise NotFoundError("no such match")
        bodies = await self.storage.entries(match_id)
        text = (
            f'{{"boardkit_log":{LOG_FORMAT_VERSION},\n"header":{record.header},\n'
            f'"entries":[\n' + ",\n".join(bodies) + "\n]}\n"
        )
        note: str | None = None
        written: str | None = None
        try:
            game = load_game(record.game)
            match = Match.from_json(text, game)
        except BoardkitError as exc:
            # The reason names the full log's events ("recorded as CardDrawn(card=42)"): it is
            # for the operator, never for a client, and the replay is not tried again.
            log.error(
                "match %s does not replay: %s",
                match_id,
                exc,
                extra={"match": match_id, "game": record.game},
            )
            shown = self._history_of(record, text) if record.status == FINISHED else None
            if shown is None:
                self._broken.add(match_id)
                raise self._unloadable(match_id) from None
            match, note, written = shown
        live = LiveMatch(record, match, note, written, self.pictures)
        self._live[match_id] = live
        self._tick(live, moved=False)
        return live

    @staticmethod
    def _history_of(record: MatchRecord, text: str) -> tuple[Match[Any, Any], str, str] | None:
        """A finished match whose stored log no longer replays under the installed game (its
        rules changed since), folded from its stored events without verification, and the
        note that says so to its readers; ``None`` when even that fails (the game is gone, or
        its events no longer decode or fold).

        The header's version is read as the installed one: the stored events are what is
        shown, not what the installed rules would make of the actions. Such a match is only
        read, never played on (it is finished).
        """
        try:
            game = load_game(record.game)
            doc = json.loads(text)
            written = str(doc["header"]["game_version"])
            doc["header"]["game_version"] = game.version
            match = Match.from_json(_compact(doc), game, verify=False)
        except (BoardkitError, ValueError, KeyError, TypeError):
            return None
        title = game.title or game.name
        note = (
            f"This match was played under {title} {written}; the installed rules "
            f"({game.version}) no longer replay it, so its history is shown from its stored "
            "events, not verified, read-only."
        )
        return match, note, written

    @staticmethod
    def _unloadable(match_id: str) -> StorageError:
        return StorageError(
            f"match {match_id} cannot be loaded: its stored log does not replay on this server "
            "(the server's own output says why)"
        )

    async def _reload_record(self, live: LiveMatch) -> None:
        record = await self.storage.get_match(live.id)
        if record is not None:
            if record.header != live.record.header:  # another process changed a seat's holder
                changes = json.loads(record.header).get("seat_changes", [])
                live.changes = parse_seat_changes(changes, len(record.seats))
                live.bot_at = -1
                live.record = record
                self._tick(live, moved=False)
            live.record = record

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
        async with live.lock:
            if seq > live.length - 1:
                await self._refresh_locked(live)
            if live.states[-1].flow.ended or live.status == FINISHED:
                raise ProtocolError("the game is over", "finished")
            if live.status != RUNNING:
                raise ProtocolError("the match waits for players to join", "not_running")
            if seq != live.length - 1:
                raise ProtocolError(
                    f"you saw entry {seq}, but the match is at entry {live.length - 1}", "stale"
                )
            deciding = decider(live.states[-1].flow)
            if deciding != seat:
                who = "nobody" if deciding is None else _seat_text(live.names, deciding)
                raise ProtocolError(f"it is not your decision: {who} decides now", "not_your_turn")
            stand_in = live.stand_in(seat)
            if stand_in is not None:
                raise ProtocolError(
                    f"you left this seat and {stand_in} bot plays it; take it back first", "away"
                )
            if index is None:
                action = _read_text(live, text)
            else:
                legal = live.legal_actions()
                if index >= len(legal):
                    raise ProtocolError(
                        f"no legal action {index}: there are {len(legal)}", "bad_action"
                    )
                action = legal[index]
            await self._commit_locked(live, seat, action)
        self.metrics.actions.labels(game=live.game.name, by="player").inc()
        self.hub.publish(live.id)
        self._start_bot(live)

    async def _commit_locked(self, live: LiveMatch, seat: int, action: Any) -> None:
        match = live.match
        seq = len(match)
        try:
            match.play(action, seat)
        except IllegalActionError as exc:
            raise ProtocolError(f"refused: {exc}", "bad_action") from None
        entry = match.log.entries[-1]
        status = FINISHED if match.is_over else RUNNING
        try:
            await self.storage.append_entry(
                live.id, seq, _compact(entry_to_json(live.game, entry)), status
            )
        except ConflictError:
            match.undo(1)
            await self._refresh_locked(live)
            raise ProtocolError(
                f"another move came first; the match is at entry {live.length - 1}", "stale"
            ) from None
        except BaseException:
            match.undo(1)
            raise
        live.entries.append(entry)
        live.states.append(match.state)
        if status != live.record.status:
            live.record = _with_status(live.record, status)
        self._tick(live, moved=True)
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
                and _owes(after, record.seat)
                and not _owes(before, record.seat)
            ):
                self.webhook.your_turn(
                    match=live.id,
                    game=live.game.name,
                    seat=record.seat,
                    name=record.name,
                    player=record.player or None,
                    entry=live.length - 1,
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
                await self._commit_locked(live, seat, action)
            except ProtocolError:
                return
            live.seat_streams[seat] = (live.length, rng)
        self.metrics.actions.labels(game=live.game.name, by="bot").inc()
        self.hub.publish(live.id)
        self._start_bot(live)

    def _start_bot(self, live: LiveMatch) -> None:
        """Start the bot that must decide now, if a bot must, once per entry; with a shared
        storage, only in the process that holds the match's bot lease (asked for first)."""
        seat = _bot_to_move(live)
        if seat is None:
            return
        if not self.storage.shared:
            self._launch_bot(live, seat)
        elif live.id not in self._asking:
            self._asking.add(live.id)
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
            self._asking.discard(live.id)
        seat = _bot_to_move(live) if leased else None  # the match may have moved meanwhile
        if seat is not None:
            self._launch_bot(live, seat)

    def _launch_bot(self, live: LiveMatch, seat: int) -> None:
        spec = live.bot_for(seat)
        assert spec is not None  # _bot_to_move said a bot holds the seat
        bot = live.bots.get(seat)
        if bot is None:
            bot = live.bots[seat] = server_bot(spec)
        live.bot_at = live.length - 1

        seq = live.length - 1
        choose = _bot_choice(live, bot, seat)
        anchor = live.entries[seq]

        async def commit(chosen: tuple[Any, Rng]) -> None:
            if seq < len(live.entries) and live.entries[seq] is anchor:  # not taken back
                await self._commit_bot(live, seat, seq, *chosen)

        self.metrics.bot_choices.labels(game=live.game.name).inc()
        self.bots.start(
            bot.name, seat, live.record.think_ms, choose, commit, match=live.id, game=live.game.name
        )

    # --- clocks, and seats that change hands -----------------------------------------------------

    def _clock_seat(self, live: LiveMatch) -> int | None:
        """The seat whose clock runs now: the one that owes the decision, if a person holds it
        in a running match."""
        if live.status != RUNNING or live.states[-1].flow.ended:
            return None
        seat = decider(live.states[-1].flow)
        if seat is None or live.bot_for(seat) is not None:
            return None
        return seat

    def _tick(self, live: LiveMatch, *, moved: bool) -> None:
        """Tell the match's clocks who decides now (``moved``: the seat that ran decided), and
        wake up when that seat's time is up."""
        if live.clocks is None:
            return
        live.clocks.switch(self._clock_seat(live), self.now(), moved=moved)
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
        await self.check_clock(live.id)

    async def check_clock(self, match_id: str) -> None:
        """Apply the match's timeout policy if the seat that must decide is out of time: a
        bot takes the seat, or the seat forfeits (the match ends). Each is recorded in the
        log header's ``seat_changes``. Called when the deadline passes; harmless otherwise."""
        live = await self.live(match_id)
        async with live.lock:
            if live.clocks is None or live.control is None:
                return
            await self._reload_record(live)  # another process may have acted on it already
            seat = live.clocks.expired(self.now())
            if seat is None or seat != self._clock_seat(live):
                self._tick(live, moved=False)
                return
            holder = TAKEOVER_BOT if live.control.on_timeout == BOT else FORFEIT
            await self._change_seat_locked(live, seat, holder, TIMEOUT)
        log.info(
            "seat %s ran out of time: %s",
            seat,
            holder,
            extra={"match": live.id, "game": live.game.name},
        )
        self.hub.publish(live.id)
        self._start_bot(live)

    async def leave(self, match_id: str, seat: int) -> None:
        """``seat``'s player leaves: :data:`~boardkit.server.clocks.TAKEOVER_BOT` plays it
        until the holder of its token takes it back (:meth:`come_back`)."""
        live = await self.live(match_id)
        async with live.lock:
            await self._reload_record(live)
            if live.status != RUNNING:
                raise ProtocolError("the match is not running", "not_running")
            if live.stand_in(seat) is not None:
                raise ProtocolError("you have left this seat already", "away")
            await self._change_seat_locked(live, seat, TAKEOVER_BOT, LEFT)
        self.hub.publish(live.id)
        self._start_bot(live)

    async def come_back(self, match_id: str, seat: int) -> None:
        """The holder of ``seat``'s token takes the seat back from the bot that held it."""
        live = await self.live(match_id)
        async with live.lock:
            await self._reload_record(live)
            if live.status != RUNNING:
                raise ProtocolError("the match is not running", "not_running")
            if live.stand_in(seat) is None:
                raise ProtocolError("this seat is yours already", "not_away")
            if live.clocks is not None:
                live.clocks.returned(seat)
            await self._change_seat_locked(live, seat, HUMAN, RETURNED)
        self.hub.publish(live.id)

    async def _change_seat_locked(
        self, live: LiveMatch, seat: int, holder: str, reason: str
    ) -> None:
        """Record that ``holder`` holds ``seat`` from the next entry on, in the stored header
        first (a forfeit also finishes the match), then in memory."""
        changes = (*live.changes, SeatChange(live.length, seat, holder, reason))
        stored = json.loads(live.record.header)
        stored["seat_changes"] = [seat_change_to_json(c) for c in changes]
        text = _compact(stored)
        status = FINISHED if holder == FORFEIT else live.record.status
        await self.storage.update_header(live.id, text, status)
        live.changes = changes
        live.record = attrs.evolve(live.record, header=text, status=status)
        live.bot_at = -1
        live.bots.pop(seat, None)
        self._tick(live, moved=False)

    # --- other processes -------------------------------------------------------------------------

    async def _on_remote(self, match_id: str, length: int) -> None:
        live = self._live.get(match_id)
        if live is None:
            return  # loaded from the database when someone asks for it
        async with live.lock:
            if length < live.length:  # a take-back there, or a resync (length 0)
                await self.undos.dropped_elsewhere(self.storage, live)
            await self._refresh_locked(live)
        self.hub.publish(match_id)
        self._start_bot(live)

    async def resync(self) -> None:
        """Bring every match this process holds up to the database (the notices sent while the
        listening connection was down are lost), and tell its clients."""
        for match_id in list(self._live):
            try:
                await self._on_remote(match_id, 0)
            except BoardkitError as exc:  # one broken match must not stop the others
                log.error("resyncing match %s failed: %s", match_id, exc, extra={"match": match_id})

    async def refresh(self, match_id: str) -> None:
        """Bring this process's copy of the match up to the database."""
        live = await self.live(match_id)
        async with live.lock:
            await self._refresh_locked(live)

    async def _refresh_locked(self, live: LiveMatch) -> None:
        await self._reload_record(live)
        bodies = await self.storage.entries(live.id, live.length)
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
            if json.loads(_compact([codec.events.dump(e) for e in events])) != data["events"]:
                live.match.undo(1)  # the match stays at the entries this process holds
                where = {"match": live.id, "game": live.game.name}
                log.error("%s: its events differ", refused, extra=where)
                raise refused from None
            live.entries.append(live.match.log.entries[-1])
            live.states.append(live.match.state)
        if bodies:
            self._tick(live, moved=True)


def _bot_to_move(live: LiveMatch) -> int | None:
    """The bot seat that must decide now in a running match, unless its choice was started for
    this entry already."""
    if live.status != RUNNING or live.bot_at == live.length - 1:
        return None
    seat = decider(live.states[-1].flow)
    if seat is None or live.bot_for(seat) is None:
        return None
    return seat


def _owes(flow: Any, seat: int) -> bool:
    """Whether ``seat`` owes a decision now: it decides, or a decision every seat owes at once
    (a sealed bid) waits for it."""
    return not flow.ended and (decider(flow) == seat or any(o.player == seat for o in flow.owed))


def _bot_owes(live: LiveMatch) -> bool:
    """Whether a bot must decide now in the running match (thinking, or to be started here or
    by the bot lease's holder): such a match stays loaded, so that its bots go on."""
    if live.status != RUNNING:
        return False
    seat = decider(live.states[-1].flow)
    return seat is not None and live.bot_for(seat) is not None


def _seat_text(names: Sequence[str], seat: int) -> str:
    """A seat as people read it: numbered from 1, with its player's name (``seat 2 (bob)``)
    when it has one other than its number."""
    shown = f"seat {seat + 1}"
    name = names[seat] if 0 <= seat < len(names) else shown
    return shown if name == shown else f"{shown} ({name})"


def _read_text(live: LiveMatch, text: str | None) -> Any:
    """The legal action ``text`` names in the match's last state, or ``bad_text``."""
    try:
        return live.game.parse_action(live.states[-1], "" if text is None else text)
    except ActionTextError as exc:
        raise ProtocolError(exc.reason, "bad_text", exc.candidates) from None
    except IllegalActionError as exc:  # a game's own reader, refusing in its own words
        pointer = see_also(sections_of(live.game), exc.rule)  # the section of its rule
        reason = f"{exc.reason}; {pointer}" if pointer else exc.reason
        raise ProtocolError(reason, "bad_text", ()) from None


def _bot_choice(live: LiveMatch, bot: Bot, seat: int) -> Callable[[], tuple[Any, Rng]]:
    """The bot's choice in the match as it stands, to run on a worker thread: its seat's
    stream is brought up to the log (:func:`boardkit.runner.seats.catch_up`: only after a load, when
    the bot's earlier moves were made in another process or before a restart), then the bot
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


def _states_of(match: Match[Any]) -> list[Any]:
    """The state after every entry, folded once (states share their unchanged parts)."""
    game = match.game
    state = game.initial(match.config)
    states = []
    for entry in match.log.entries:
        state = engine.fold(game, state, entry.events)
        states.append(state)
    return states


def _retrieved(task: asyncio.Future[None]) -> None:
    """Take a finished move's outcome, so that a refusal nobody waited for (its caller went
    away) is not reported as an exception never retrieved."""
    if not task.cancelled():
        task.exception()


def _with_status(record: MatchRecord, status: str) -> MatchRecord:
    from attrs import evolve

    return evolve(record, status=status)
