"""A match: one game, its current state and its log.

:class:`Match` is the object front ends, bots and scripts hold. Playing an action validates it,
records it with the events it caused and returns those events. A match can be saved as a log and
rebuilt from one; rebuilding folds the recorded events (replay) and, by default, also re-checks
every action against the rules and compares the events it gives with the recorded ones
(verification).

Time travel: the match keeps the state after every ``SNAPSHOT_EVERY``-th entry (states are
immutable and share their unchanged parts, so a snapshot costs a reference, not a copy), and
:meth:`Match.state_at` folds at most ``SNAPSHOT_EVERY - 1`` entries from the nearest one. It also
remembers the last state it gave, so stepping through a log entry by entry (``state_at(k)``,
``k + 1``, …) folds one entry per step.

Undo: :meth:`Match.undo` drops the last *n* entries (actions and owed decisions alike, each is one
entry) and returns to the state before them. Randomness is keyed by seed and entry number, so
playing the same action again gives the same random outcome: undo is for taking back mistakes,
not for re-rolling dice.

Positions: :meth:`Match.from_position` starts a match at a position written in the game's
notation (a puzzle, a bug report, a position shared from another match). The log records it in
its header (``start_position``), holds no setup events, and replays and verifies like any other.

Secrets: a new match draws a secret 128-bit seed unless one is pinned, and its log commits to
that seed (see :mod:`boardkit.log`). :meth:`Match.redacted_log` is the log as one player or a
spectator may read it. Loading a redacted log gives a read-only match (:attr:`Match.viewer` is
that seat or ``None``, :attr:`Match.verified` is ``False``): its states are the fold of the
redacted events, which the viewer sees exactly as the real ones, with time travel; it cannot play
or undo, since the secrets it would need are not in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Generic, overload

from typing_extensions import TypeVar  # a default for A on Python < 3.13 (PEP 696)

from boardkit import engine
from boardkit.action_check import check_action as check_action
from boardkit.english import count_of
from boardkit.errors import (
    IllegalActionError,
    InvalidLogError,
    NotOfferedError,
    NotYourDecisionError,
    RedactedMatchError,
    UndoError,
    UnknownSeatError,
    shorten,
)
from boardkit.flow import HasFlow
from boardkit.game import Game
from boardkit.log import (
    DEFAULT_LIMITS,
    FULL,
    Entry,
    Log,
    LogHeader,
    LogLimits,
    Viewer,
    check_redaction,
    log_to_json,
    new_salt,
    pinned_salt,
    redact_log,
    shown_action,
    viewer_text,
)
from boardkit.log.columns import EntryColumns
from boardkit.log.entries import LogEntries
from boardkit.match_play import play_entry
from boardkit.options import Config, seat_names
from boardkit.positions import position_players, start_state
from boardkit.replay import Replay, replay_entries
from boardkit.result import Result

S = TypeVar("S", bound=HasFlow)
A = TypeVar("A", default=Any)
T = TypeVar("T")

SNAPSHOT_EVERY = 64
"""Entries between two kept states, for time travel."""


def _player_names(game: Game[Any, Any], players: int | Sequence[str]) -> tuple[str, ...]:
    """The names of a new match's seats, checked (see :func:`boardkit.options.seat_names`)."""
    return seat_names(game.name, game.player_counts, players)


class Match(Generic[S, A]):
    """A game being played (or replayed): the game, its state and its log.

    A match is typed by its game: ``Match.new(NimGame())`` is a ``Match[NimState, Take]``, whose
    :attr:`state` is a ``NimState`` and whose :meth:`legal_actions` are ``Take`` objects. A match
    of a game named by a string (or rebuilt from a log without naming its game) is a
    ``Match[Any, Any]``. The action type may be left out: ``Match[NimState]`` means
    ``Match[NimState, Any]``.
    """

    def __init__(
        self,
        game: Game[S, A],
        header: LogHeader | Callable[[], LogHeader],
        config: Config,
        setup: Entry,
        state: S,
        *,
        verified: bool = True,
    ) -> None:
        """``header`` is the log's header, or a function that makes the header of a full
        log, called the first time someone reads :attr:`header` (a match played to its end
        without anyone reading its log never pays for the seed commitment's hash)."""
        self.game: Game[S, A] = game
        """The game being played."""
        if isinstance(header, LogHeader):
            self._header: LogHeader | None = header
            self._make_header: Callable[[], LogHeader] | None = None
        else:
            self._header, self._make_header = None, header
        self.config = config
        """The set-up. For a match loaded from a redacted log its seed is a placeholder (0): the
        real seed is secret, and ``header.seed`` is ``None``."""
        self._full = self._header is None or self._header.viewer is FULL
        self.verified = verified and self._full
        """Whether every entry was checked: the commitment against the seed, every action against
        the rules, every event against what the action gives. ``True`` for a match played
        here; ``False`` for a log loaded without verification and for any redacted log."""
        self._entries = EntryColumns()
        """The log's entries, as columns: an ``Entry`` is built only when someone reads it."""
        self._entries.append_entry(setup)
        self._state = state
        self._snapshots: dict[int, S] = {0: state}
        self._cursor: tuple[int, S] = (0, state)
        """The entry :meth:`state_at` answered last and its state: stepping forward one entry
        at a time folds one entry per call."""
        self._offered: tuple[S, Sequence[A]] | None = None
        """The state :meth:`legal_actions` answered for last, and the listing it handed out (a
        copy of a list): :meth:`play` skips the round trip of an action that is one of those
        objects while that state is current (see :func:`~boardkit.action_check.check_action`).
        Dropped by every move and undo."""

    @property
    def header(self) -> LogHeader:
        """The log's header (made on first use for a new match, see :meth:`__init__`)."""
        header = self._header
        if header is None:
            assert self._make_header is not None
            header = self._header = self._make_header()
            self._make_header = None
        return header

    @header.setter
    def header(self, header: LogHeader) -> None:
        self._header, self._make_header = header, None
        self._full = header.viewer is FULL

    @property
    def viewer(self) -> Viewer:
        """Whose log this match is: :data:`~boardkit.log.FULL` for an ordinary match; for one
        loaded from a redacted log, that log's seat, or ``None`` for a spectator's log."""
        return FULL if self._header is None else self._header.viewer

    # --- creating --------------------------------------------------------------------------------

    @overload
    @classmethod
    def new(
        cls,
        game: Game[S, A],
        players: int | Sequence[str] = 2,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[S, A]: ...

    @overload
    @classmethod
    def new(
        cls,
        game: str,
        players: int | Sequence[str] = 2,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[Any, Any]: ...

    @classmethod
    def new(
        cls,
        game: Game[Any, Any] | str,
        players: int | Sequence[str] = 2,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[Any, Any]:
        """Set up a new match of ``game`` (an instance or an installed game's name).

        ``players`` is a number of seats (an int) or a list of player names: distinct,
        non-empty strings of at most :data:`~boardkit.options.MAX_NAME_CHARS` characters,
        without control characters. ``options`` are checked against the game's declared
        options (type, choices, bounds). Without ``seed`` the match draws a fresh secret seed
        and salt from the operating system; a pinned ``seed`` makes the match (and its log,
        salt included) reproducible, and is therefore no secret.

        ``cap`` is the most log entries the match may have, the setup entry included (see
        :attr:`boardkit.options.Config.cap`): the entry that reaches it ends the match cut off,
        with a truncated :attr:`result`, unless the game ended by its rules. A game without a
        natural bound (:meth:`~boardkit.game.Game.max_entries` is ``None``) is capped at
        :data:`~boardkit.options.DEFAULT_CAP` unless ``cap`` says otherwise; a bounded game is
        not capped unless asked. The log's header records the cap, so replay cuts the match off
        at the same entry.

        Bad input raises :class:`~boardkit.errors.InvalidOptionsError` (its subclass
        :class:`~boardkit.errors.InvalidPlayerCountError` for a player count the game does not
        allow) saying what is allowed; nothing is set up.
        """
        from boardkit.registry import as_game

        game = as_game(game)
        names = _player_names(game, players)
        config = game.make_config(len(names), options, seed, cap)
        state, events = engine.start(game, config)
        header_of = partial(
            LogHeader, game.name, game.version, names, dict(config.options), config.seed
        )
        if config.cap is not None:
            header_of = partial(header_of, cap=config.cap)
        # a pinned seed's salt (a hash of the seed) and the commitment wait for the first read
        header = header_of if seed is not None else partial(header_of, new_salt())
        return cls(game, header, config, Entry(0, None, None, tuple(events)), state)

    @overload
    @classmethod
    def from_position(
        cls,
        game: Game[S, A],
        position: str,
        players: int | Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[S, A]: ...

    @overload
    @classmethod
    def from_position(
        cls,
        game: str,
        position: str,
        players: int | Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[Any, Any]: ...

    @classmethod
    def from_position(
        cls,
        game: Game[Any, Any] | str,
        position: str,
        players: int | Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        *,
        cap: int | None = None,
    ) -> Match[Any, Any]:
        """Set up a match of ``game`` that starts at ``position``, a text in the game's notation.

        ``players`` is a number of seats or a list of names (default: as many seats as the
        position names). ``options`` must agree with the position (a Khan position on another
        board needs that board as the option ``board``); ``seed`` pins the randomness of the
        entries to come, and ``cap`` caps its log entries, as in :meth:`new`. The log's header
        records the whole position as ``start_position`` (in the game's canonical form) and its
        entry 0 holds no events.

        Raises :class:`~boardkit.errors.InvalidPositionError` naming the broken invariant for a
        text the game cannot read, a position that breaks one of its invariants or one of
        :data:`boardkit.positions.START_INVARIANTS`, and a player's view (hidden parts unknown);
        :class:`~boardkit.errors.NotOfferedError` for a game without a notation.
        """
        from boardkit.registry import as_game

        game = as_game(game)
        names = _player_names(game, position_players(position) if players is None else players)
        config = game.make_config(len(names), options, seed, cap)
        salt = new_salt() if seed is None else pinned_salt(config.seed)
        state = start_state(game, position, config)
        header = LogHeader(
            game.name,
            game.version,
            names,
            dict(config.options),
            config.seed,
            salt,
            start_position=game.format_position(state),
            cap=config.cap,
        )
        return cls(game, header, config, Entry(0, None, None, ()), state)

    # --- reading the state -----------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current state (immutable)."""
        return self._state

    @property
    def start_state(self) -> S:
        """The state before entry 0's events: the game's initial state, or the position the
        match started from (:meth:`from_position`; entry 0 then holds no events).

        For a match set up by :meth:`new` nobody decides in it yet (the setup's events start
        the first turn): the first position to play from is ``state_at(0)``."""
        if self.header.start_position is None:
            return self.game.initial(self.config)
        return self.state_at(0)

    @property
    def to_decide(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        flow = self._state.flow
        if flow.ended:  # decider(flow), written out: asked before every action
            return None
        return flow.owed[0].player if flow.owed else flow.active

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.flow.ended

    @property
    def result(self) -> Result | None:
        """The outcome once the game is over: the game's result, or a truncated one
        (:attr:`Result.truncated <boardkit.result.Result.truncated>`) for a match cut off at
        its entry cap (see :func:`boardkit.engine.outcome`)."""
        return engine.outcome(self.game, self._state)

    def legal_actions(self) -> Sequence[A]:
        """Every action the deciding player may play now; empty once the game is over.

        This is the game's own sequence, not a copy: a game may list its actions lazily (each
        built only when it is looked at), so asking costs next to nothing, and ``choice``,
        ``len``, indexing, ``in`` and iteration build only what they touch. Do not mutate it;
        ``list(...)`` it first to sort or shuffle.

        :meth:`play` trusts these very objects while the state is the same: one of them (not an
        equal object built elsewhere) is played without the JSON round trip that checks an
        action survives its log, when the game lists its actions as a ``list`` or ``tuple``.
        """
        if self.is_over:
            return []
        state = self._state
        listing = self.game.legal_actions(state)
        # a copy of a list: what the caller adds to it afterwards was not handed out
        self._offered = (state, tuple(listing) if type(listing) is list else listing)
        return listing

    def view(self, player: int | None) -> object:
        """What ``player`` may see of the current state."""
        self._check_can_show(player)
        return self.game.view(self._state, player)

    def render(
        self,
        player: int | None = None,
        *,
        at: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The state as text, as ``player`` may see it: the current state, or with ``at`` the
        state right after entry ``at`` (0 is the state after setup; see :meth:`state_at`).

        Seats are named by ``names``, by default the players of the log header. A match
        loaded from a redacted log shows its viewer's view by default.
        """
        player = self._shown_player(player)
        shown = self.header.players if names is None else tuple(names)
        return self.game.render_text(self._shown_state(at), player, names=shown)

    def render_svg(
        self,
        player: int | None = None,
        *,
        at: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The game's picture of the state (SVG text), as ``player`` may see it: the current
        state, or with ``at`` the state right after entry ``at``; the action of that entry is
        highlighted.

        Drawn by the game's ``render_svg(state, player, highlight, names=...)`` hook, seats
        named by ``names`` (by default the players of the log header); a game without one
        raises :class:`~boardkit.errors.NotOfferedError`. A match loaded from a redacted log
        shows its viewer's view by default.
        """
        if not self.game.offers("render_svg"):
            raise NotOfferedError(self.game.name, "pictures", "the game has no render_svg")
        player = self._shown_player(player)
        state = self._shown_state(at)
        seq = len(self._entries) - 1 if at is None else at
        highlight = shown_action(self.game, self._entries.entry(seq), player)
        shown = self.header.players if names is None else tuple(names)
        picture: str = self.game.render_svg(state, player, highlight, names=shown)
        return picture

    def _shown_player(self, player: int | None) -> int | None:
        """``player``, or the viewer of a redacted match; refused if the match cannot show it."""
        if player is None and self.viewer is not FULL:
            player = self.viewer
        self._check_can_show(player)
        return player

    def _shown_state(self, at: int | None) -> S:
        return self._state if at is None else self.state_at(at)

    def _check_can_show(self, player: int | None) -> None:
        """Refuse a seat the match does not have (rather than show it a spectator's view), and a
        view of a redacted match for a player whose secrets it does not hold."""
        self._check_seat(player)
        viewer = self.viewer
        if viewer is FULL or player is None or player == viewer:
            return
        raise RedactedMatchError(
            f"this match is replayed from the log of {viewer_text(viewer)}; it holds only what "
            f"that viewer (or a spectator) may see, not player {shorten(player)}'s view"
        )

    def _check_seat(self, player: object) -> None:
        """Raise :class:`~boardkit.errors.UnknownSeatError` unless ``player`` is ``None`` (a
        spectator) or a seat of this match: an int from 0, not a bool."""
        seats = self.config.players
        if player is not None and (type(player) is not int or not 0 <= player < seats):
            raise UnknownSeatError(player, seats)

    def _check_writable(self, what: str) -> None:
        if self.viewer is not FULL:
            raise RedactedMatchError(
                f"cannot {what}: this match is a read-only replay of the log of "
                f"{viewer_text(self.viewer)}, which holds none of the other players' secrets"
            )

    # --- showing the match -----------------------------------------------------------------------
    #
    # How a match shows itself to people is the presentation kit's (boardkit.present.notebook):
    # Python and Jupyter look for these methods on the object itself, so each one hands over to
    # the kit, imported here, not at the top, which keeps ``import boardkit`` free of it (as
    # python-chess draws a board's SVG only when a notebook asks for one).

    def __repr__(self) -> str:
        """One line: the game, the players, the number of entries and who decides (or the
        result), e.g. ``<Match nim: ann, bob; 4 entries; bob to decide>``; see
        :func:`boardkit.present.notebook.match_summary`."""
        from boardkit.present.notebook import match_summary

        return match_summary(self)

    def status(self) -> str:
        """Who decides now (``"bob to decide"``), or the result once the game is over
        (``"over: ann wins, scores 1–0"``), with the players' names; see
        :func:`boardkit.present.notebook.match_status`."""
        from boardkit.present.notebook import match_status

        return match_status(self)

    def _repr_svg_(self) -> str | None:
        """Jupyter: the current state as the game draws it, the last action highlighted (none
        for a game without pictures); see :func:`boardkit.present.notebook.match_svg`."""
        from boardkit.present.notebook import match_svg

        return match_svg(self)

    def _repr_html_(self) -> str:
        """Jupyter: the status line, the picture (or the text board) and the last few entries
        narrated, as a spectator sees them (as its viewer, for a match loaded from a redacted
        log); see :func:`boardkit.present.notebook.match_html`."""
        from boardkit.present.notebook import match_html

        return match_html(self)

    # --- playing ---------------------------------------------------------------------------------

    def play(self, action: A, player: int | None = None) -> tuple[object, ...]:
        """Play ``action`` for ``player`` (default: whoever must decide) and return its events.

        An illegal action raises :class:`~boardkit.errors.IllegalActionError` and changes nothing.
        Before the rules see it, the action must survive its own log: dumped to JSON and loaded
        back, it must give an equal object of the same class (so ``True``, ``1.0`` or ``"1"``
        where an int belongs are refused with rule ``"action"``). One of the very objects
        :meth:`legal_actions` listed for this decision is known to survive (the conformance kit
        checks every listed action's round trip) and skips it.
        """
        if not self._full:
            self._check_writable("play")
        if player is not None and type(player) is not int:
            raise IllegalActionError("action", f"a player is a seat number, not {shorten(player)}")
        entries = self._entries
        state, recorded = play_entry(
            self.game, self._state, entries, self.config, action, player, self._offered
        )
        self._state = state
        self._offered = None
        seq = len(entries.ends) - 1  # len(entries) - 1, without a method call in the pure build
        if seq % SNAPSHOT_EVERY == 0:
            self._snapshots[seq] = state
        return recorded

    def parse_action(self, text: str) -> A:
        """The legal action of the current position that ``text`` names, as the game reads it
        (:meth:`Game.parse_action <boardkit.game.Game.parse_action>`: by default the text
        :meth:`~boardkit.game.Game.describe_action` gives it, case and runs of white space
        aside, or an unambiguous start of it). Nothing is played.

        A text that names no legal action, or several, raises
        :class:`~boardkit.errors.ActionTextError` naming the candidates; a finished game
        raises :class:`~boardkit.errors.GameOverError`.
        """
        return self.game.parse_action(self._state, text)

    def play_text(self, text: str, player: int | None = None) -> tuple[object, ...]:
        """Play the action ``text`` names (see :meth:`parse_action`) for ``player`` (default:
        whoever must decide), and return its events: ``match.play_text("take 2")``.

        The text is read against the legal actions of the player who decides now, so a
        ``player`` who does not decide is refused with
        :class:`~boardkit.errors.NotYourDecisionError` before the text is read. Every refusal
        is an :class:`~boardkit.errors.IllegalActionError` and changes nothing.
        """
        if not self._full:
            self._check_writable("play")
        if player is not None:
            if type(player) is not int:
                raise IllegalActionError(
                    "action", f"a player is a seat number, not {shorten(player)}"
                )
            who = self.to_decide
            if who is not None and player != who:
                raise NotYourDecisionError(player, who)
        return self.play(self.parse_action(text), player)

    # --- the log ---------------------------------------------------------------------------------

    @property
    def log(self) -> Log:
        """The log so far: its header and every entry, built now (it costs the length of the
        log; to read a few entries, :attr:`entries` builds only those)."""
        return Log(self.header, self._entries.entries())

    @property
    def entries(self) -> LogEntries:
        """The log's entries, read in place: a read-only sequence that follows the match
        (see :class:`~boardkit.log.entries.LogEntries`).

        ``match.entries[-1]`` is the last entry and ``len(match.entries)`` the number of
        entries, at a cost independent of the length of the match; a slice builds the entries
        it names. The entries equal those of :attr:`log`, which builds all of them.
        """
        return LogEntries(self._entries)

    def __len__(self) -> int:
        """Number of log entries, the setup entry included."""
        return len(self._entries)

    def to_json(self) -> str:
        """The log as JSON text."""
        return log_to_json(self.game, self.log)

    def save(self, path: str | Path, *, overwrite: bool = False) -> None:
        """Write the log to ``path`` as JSON, atomically.

        The log goes to a temporary file in the same folder, which then replaces ``path``: a
        failure half-way (a full disk, a crash) leaves any earlier file at ``path`` intact. An
        existing file is only replaced with ``overwrite=True``; otherwise
        :class:`~boardkit.errors.OverwriteError` is raised and nothing is written. A path that
        cannot be a file (a folder, one in a missing folder) and any other failure raise
        :class:`~boardkit.errors.FileAccessError`, which is also an :class:`OSError`.
        """
        from boardkit.files import atomic_write_text

        atomic_write_text(path, self.to_json(), overwrite=overwrite)

    def redacted_log(self, player: int | None) -> Log:
        """The log as ``player`` (a seat, or ``None`` for a spectator) may read it.

        Every event passes through the game's redaction, and the header keeps the seed
        commitment but drops the seed and salt, naming the ``viewer`` instead. A match loaded
        from a redacted log gives its own log back for its viewer.
        """
        if self.viewer is not FULL:
            if player == self.viewer:
                return self.log
            self._check_writable(f"redact this log for {viewer_text(player)}")
        self._check_seat(player)
        return redact_log(self.game, self.log, player)

    def redacted_json(self, player: int | None) -> str:
        """:meth:`redacted_log` as JSON text (what a server hands to ``player``)."""
        return log_to_json(self.game, self.redacted_log(player))

    def check_against(self, full: Match[Any, Any]) -> None:
        """Check this match, loaded from a redacted log, against the full log revealed later.

        ``full`` must be a verified match of the full log (``Match.load`` with verification).
        Then its seed gives the commitment this log carries, and every entry here equals the full
        log's entry redacted for this viewer: the deal this viewer saw was fixed before the first
        move and nobody changed it. Raises :class:`~boardkit.errors.InvalidLogError` otherwise.
        """
        if full.header.is_redacted:  # a mix-up of files, not an unverified full log
            raise InvalidLogError(
                f"the log given as the full log is redacted too (the log of "
                f"{viewer_text(full.header.viewer)}); only the full log has the seed"
            )
        if not full.verified:
            raise InvalidLogError("the full log was not verified; load it with verification")
        check_redaction(self.game, full.log, self.log)

    # --- time travel and undo --------------------------------------------------------------------

    def state_at(self, seq: int) -> S:
        """The state right after entry ``seq`` (0 is the state after setup).

        ``seq`` must be an ``int`` (a ``bool`` or ``float`` is refused, as it would index a
        different entry than it seems to); anything else raises :class:`UndoError`.
        """
        if type(seq) is not int:
            raise UndoError(f"an entry number is an int, not {type(seq).__name__} {seq!r:.40}")
        if not 0 <= seq < len(self._entries):
            last = len(self._entries) - 1
            raise UndoError(f"no entry {shorten(seq)}; the log has entries 0 to {last}")
        if seq == len(self._entries) - 1:
            return self._state
        base = seq - seq % SNAPSHOT_EVERY
        while base not in self._snapshots:
            base -= SNAPSHOT_EVERY
        state = self._snapshots[base]
        at, known = self._cursor
        if base <= at <= seq:  # the last answer is at least as close: step on from it
            base, state = at, known
        if base < seq:  # the events of entries base + 1 to seq, one list
            state = engine.fold(self.game, state, self._entries.events_from(base + 1, seq))
        self._cursor = (seq, state)
        return state

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` entries (the setup entry cannot be undone).

        ``n`` must be an ``int`` (not a ``bool`` or ``float``); anything else raises
        :class:`UndoError` and changes nothing.
        """
        if type(n) is not int:
            raise UndoError(f"undo takes an int count, not {type(n).__name__} {n!r:.40}")
        self._check_writable("undo")
        if n < 0 or n > len(self._entries) - 1:
            entries = f"{shorten(n)} entries" if abs(n) > 1 else count_of(n, "entry", "entries")
            raise UndoError(f"cannot undo {entries}; {len(self._entries) - 1} can be undone")
        if n == 0:
            return
        keep = len(self._entries) - n
        self._state = self.state_at(keep - 1)
        self._offered = None
        self._entries.truncate(keep)
        for k in [k for k in self._snapshots if k >= keep]:
            del self._snapshots[k]
        # state_at(keep - 1) left the cursor before the cut: it stays valid

    # --- rebuilding from a log -------------------------------------------------------------------

    @overload
    @classmethod
    def from_log(cls, game: Game[S, A], log: Log, verify: bool = True) -> Match[S, A]: ...

    @overload
    @classmethod
    def from_log(cls, game: str, log: Log, verify: bool = True) -> Match[Any, Any]: ...

    @classmethod
    def from_log(cls, game: Game[Any, Any] | str, log: Log, verify: bool = True) -> Match[Any, Any]:
        """Rebuild a match by replaying ``log``; with ``verify``, re-check every action too.

        A full log must carry a seed that gives its commitment. A redacted log is folded (it has
        no seed to re-check actions with): the match is read-only and not ``verified``.
        Raises :class:`~boardkit.errors.InvalidLogError` at the first bad entry, and for a
        ``log`` that is no :class:`~boardkit.log.Log` (JSON text goes to :meth:`from_json`);
        nothing is half-loaded. ``game`` may also be an installed game's name, as for
        :meth:`new`; anything else is an :class:`~boardkit.errors.UnknownGameError`.
        """
        from boardkit.registry import as_game

        game = as_game(game)
        if not isinstance(log, Log):
            raise InvalidLogError(
                f"Match.from_log takes a boardkit.log.Log, not {type(log).__name__} "
                "(Match.from_json reads JSON text, Match.load a log file)"
            )
        if not log.entries:
            raise InvalidLogError("the log has no setup entry")
        replay = Replay.start(game, log.header, log.entries[0], verify)
        match = cls._from_replay(replay, log.entries[0])
        match._state = replay.add_all(
            log.entries[1:], match._entries, match._snapshots, SNAPSHOT_EVERY
        )
        return match

    @classmethod
    def _from_replay(cls, replay: Replay[S, A], setup: Entry) -> Match[S, A]:
        """A match standing where ``replay`` has just started (after the setup entry)."""
        return cls(
            replay.game, replay.header, replay.config, setup, replay.state, verified=replay.verified
        )

    @overload
    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        game: Game[S, A],
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[S, A]: ...

    @overload
    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        game: None = None,
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[Any, Any]: ...

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        game: Game[Any, Any] | None = None,
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[Any, Any]:
        """Rebuild a match from log JSON (text, or UTF-8 bytes with or without a BOM).

        The game is looked up by the header's name if not given. Entries are decoded one at a
        time as they are replayed, within ``limits`` (default :class:`~boardkit.log.LogLimits`).
        """
        entries = replay_entries(text, game, verify, limits=limits)
        replay, setup = next(entries)  # the reader refuses a log without entries
        match = cls._from_replay(replay, setup)
        snapshots, append = match._snapshots, match._entries.append
        seq = 1
        for replay, entry in entries:  # kept as play keeps its own: once per entry
            append(entry.player, entry.action, entry.events)  # entry seq: the replay checked it
            if seq % SNAPSHOT_EVERY == 0:
                snapshots[seq] = replay.state
            seq += 1
        match._state = replay.state
        return match

    @overload
    @classmethod
    def load(
        cls,
        path: str | Path,
        game: Game[S, A],
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[S, A]: ...

    @overload
    @classmethod
    def load(
        cls,
        path: str | Path,
        game: None = None,
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[Any, Any]: ...

    @classmethod
    def load(
        cls,
        path: str | Path,
        game: Game[Any, Any] | None = None,
        verify: bool = True,
        *,
        limits: LogLimits | None = None,
    ) -> Match[Any, Any]:
        """Rebuild a match from a log file (a full log, or a redacted one: see the class).

        At most ``limits.max_bytes`` are read: a larger file is refused before anything is
        decoded. A file that cannot be read (missing, a folder, not permitted) raises
        :class:`~boardkit.errors.FileAccessError`, which is also an ``OSError``.
        """
        from boardkit.files import read_bytes

        limits = DEFAULT_LIMITS if limits is None else limits
        data = read_bytes(path, limits.max_bytes + 1)
        return cls.from_json(data, game, verify, limits=limits)
