"""One match held in a server process's memory: :class:`LiveMatch`, and what is read off it.

A :class:`LiveMatch` holds the :class:`~boardkit.match.Match`, every committed entry and state,
the seats' changes of hands, the clocks, and the caches the views fill. It is data: the modules
that change it (:mod:`.seats` for seats and clocks, :mod:`.moves` for entries, :mod:`.leases`
for bots, :mod:`.loading` for loading) sit above it, and :mod:`.views` and :mod:`.pictures` read
it. The small questions asked of it everywhere (who owes a decision, which bot must move) live
here with it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

import attrs

from boardkit import engine
from boardkit.bots.base import Bot
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import Entry, Log, LogHeader, log_to_json, redact_log
from boardkit.log.seating import FORFEIT, HUMAN, SeatChange, forfeited
from boardkit.match import Match
from boardkit.present.rules import SectionFinder
from boardkit.rng import Rng
from boardkit.server.actionitems import ActionItems
from boardkit.server.clocks import Clocks, TimeControl, read_time_control
from boardkit.server.pictures import PictureCache
from boardkit.server.storage import RUNNING, MatchRecord

_STORED = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def compact(data: object) -> str:
    """Compact JSON text, as stored (NaN refused: it is no JSON)."""
    return _STORED.encode(data)


class LiveMatch:
    """One match in this process's memory: the match, every committed state, its caches."""

    def __init__(
        self,
        record: MatchRecord,
        match: Match[Any],
        note: str | None = None,
        written: str | None = None,
        pictures: PictureCache | None = None,
        action_items: ActionItems | None = None,
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
        self.entries: list[Entry] = list(match.entries)
        """Committed entries (the full, unredacted ones: never sent as they are)."""
        self.states: list[Any] = states_of(match)
        self.lock = asyncio.Lock()
        self.bots: dict[int, Bot] = {}
        self.bot_at = -1
        """The entry a bot move was last started for (one bot move per entry)."""
        self.touched = time.monotonic()
        """When the match was last asked for (see :meth:`MatchService.unload_idle`)."""
        # What the views built, as JSON text (see boardkit.server.views): entries per (seat,
        # entry, language); for the last entry only, the legal actions per language, scores
        # and pictures per seat and whole frames per (seat, entries the connection had, svg,
        # full, language). Pictures are kept in the server's bounded picture cache, per
        # (match, entry, viewer): they read the same in every language.
        self.entry_cache: dict[tuple[int | None, int, str], str] = {}
        self.states_within: tuple[Entry, list[Any]] | None = None
        """The entry narrated last and the state before each of its events (see
        :func:`boardkit.present.narration.narrate_events`)."""
        self.whole_entries: dict[int, str] = {}
        """Entries no seat's redaction changes, as JSON text, by entry: the same for every
        reader (see :func:`boardkit.server.views.entry_text`)."""
        self.legal_for = -1
        self.legal_json: dict[str, str] = {}
        self.scores_at = -1
        self.scores_cache: dict[int | None, str] = {}
        self.pictures = PictureCache(0) if pictures is None else pictures
        """Where the match's pictures are kept (:mod:`boardkit.server.pictures`: the server's
        one bounded cache, shared by its matches)."""
        self.action_items = ActionItems() if action_items is None else action_items
        """Legal actions' items kept across entries, for a game whose action texts read no
        state (:mod:`boardkit.server.actionitems`: the server's one table, shared by its
        matches)."""
        self.frames_at: tuple[int, MatchRecord | None] = (-1, None)
        self.frames: dict[tuple[int | None, int, bool, bool, str], str] = {}
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
        """The bot (its spec) that holds a person's seat now (it took over on a timeout, or its
        player left), or ``None``."""
        return stand_in_of(self.changes, seat)

    def bot_for(self, seat: int, changes: Sequence[SeatChange] | None = None) -> str | None:
        """The bot spec that chooses for ``seat`` now (or after ``changes``, the match's seat
        changes by default): a bot seat's own, a stand-in's, or ``None`` for a seat a person
        holds."""
        record = self.record.seats[seat]
        if record.kind == "bot":
            return record.bot
        return stand_in_of(self.changes if changes is None else changes, seat)

    @property
    def forfeit(self) -> SeatChange | None:
        """The forfeit that ended the match, or ``None``."""
        return forfeited(self.changes)

    def clock_json(self, now: float) -> dict[str, Any] | None:
        """The clocks as the page shows them (times in seconds of the server's wall clock),
        or ``None`` for a match without a time control."""
        return None if self.clocks is None else self.clocks.to_json(now)

    def section_finder(self) -> SectionFinder:
        """The game's how-to-play sections, for the rule each legal action's path names (read
        once per server and game class, in :attr:`action_items`)."""
        return self.action_items.finder(self.game)

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
                "stand_in": bot_name(self.stand_in(s.seat)),
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


def stand_in_of(changes: Sequence[SeatChange], seat: int) -> str | None:
    """The bot (its spec) that holds ``seat`` after ``changes``, or ``None`` when a person
    holds it (or it forfeited)."""
    holder = None
    for change in changes:
        if change.seat == seat:
            holder = change.holder
    return None if holder in (None, HUMAN, FORFEIT) else holder


def bot_name(spec: str | None) -> str | None:
    """A bot spec's name alone (``mcts`` for ``mcts:seconds=2``), as the page shows a bot."""
    return None if spec is None else spec.split(":")[0].strip()


def states_of(match: Match[Any]) -> list[Any]:
    """The state after every entry, folded once (states share their unchanged parts)."""
    game = match.game
    state = game.initial(match.config)
    states = []
    for entry in match.entries:
        state = engine.fold(game, state, entry.events)
        states.append(state)
    return states


def owes(flow: Any, seat: int) -> bool:
    """Whether ``seat`` owes a decision now: it decides, or a decision every seat owes at once
    (a sealed bid) waits for it."""
    return not flow.ended and (decider(flow) == seat or any(o.player == seat for o in flow.owed))


def bot_owes(live: LiveMatch) -> bool:
    """Whether a bot must decide now in the running match (thinking, or to be started here or
    by the bot lease's holder): such a match stays loaded, so that its bots go on."""
    if live.status != RUNNING:
        return False
    seat = decider(live.states[-1].flow)
    return seat is not None and live.bot_for(seat) is not None


def bot_to_move(live: LiveMatch) -> int | None:
    """The bot seat that must decide now in a running match, unless its choice was started for
    this entry already."""
    if live.status != RUNNING or live.bot_at == live.length - 1:
        return None
    seat = decider(live.states[-1].flow)
    if seat is None or live.bot_for(seat) is None:
        return None
    return seat
