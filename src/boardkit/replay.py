"""Replaying a log: every entry checked and folded onto the state before it, without a
:class:`~boardkit.match.Match`.

A :class:`Replay` starts from a log's header and setup entry and takes the entries one at a
time (:meth:`Replay.add`). It checks what a log must hold (the seed gives the header's
commitment, the options set up a valid game, entry numbers follow each other, each entry's
player is the one who decides) and, when verifying, plays each action again with the entry's
random stream and compares the events with the recorded ones. A redacted log, which holds no
seed, is folded instead. The first bad entry raises :class:`~boardkit.errors.InvalidLogError`,
which names it (and the position before it, when the game writes positions).

:func:`replay_log` replays a :class:`~boardkit.log.Log`; :func:`replay_json` reads log JSON
(untrusted: within :class:`~boardkit.log.LogLimits`, an entry decoded only when its turn
comes) and replays it; :func:`replay_entries` does the same one entry at a time, for a caller
that keeps every state (``Match.from_json`` keeps snapshots for time travel)::

    from boardkit import Match
    from boardkit.replay import replay_json

    match = Match.new("nim", ["ann", "bob"], seed=3)
    match.play(match.legal_actions()[0])
    replay = replay_json(match.to_json())
    assert replay.verified and replay.state == match.state
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from attrs import evolve

from boardkit import engine
from boardkit.errors import (
    BoardkitError,
    InvalidLogError,
    InvalidOptionsError,
    InvalidPositionError,
    NotOfferedError,
    shorten,
)
from boardkit.flow import HasFlow
from boardkit.game import Game
from boardkit.log import (
    Entry,
    Log,
    LogHeader,
    LogLimits,
    check_header_for,
    iter_entries,
    parse_document,
    parse_header,
)
from boardkit.log.columns import EntryColumns
from boardkit.log.seating import check_seat_changes_fit
from boardkit.options import Config
from boardkit.positions import start_state
from boardkit.replay_step import failed, first_difference, replay_entry, replay_logged
from boardkit.replay_step import rules_changed_hint as rules_changed_hint

S = TypeVar("S", bound=HasFlow)
A = TypeVar("A")
T = TypeVar("T")


class Replay(Generic[S, A]):
    """A log being replayed: its game, header and set-up, and the state after the entries
    added so far.

    Made by :meth:`start` from the header and the setup entry; :meth:`add` takes each later
    entry in order. ``verified`` says whether every entry is checked against the rules (a full
    log, asked to verify) or only folded (a redacted log, or ``verify=False``).
    """

    def __init__(
        self, game: Game[S, A], header: LogHeader, config: Config, state: S, *, verified: bool
    ) -> None:
        self.game = game
        """The game the log is replayed with."""
        self.header = header
        """The log's header, its game name and options in the game's canonical form."""
        self.config = config
        """The set-up the header gives (for a redacted log, a placeholder seed of 0: the real
        one is secret and nothing is drawn)."""
        self.state = state
        """The state after the entries added so far."""
        self.verified = verified
        """Whether every entry is played again and compared, not only folded."""
        self.length = 1
        """How many entries have been replayed, the setup entry included."""
        self._reduce = game.reduce  # engine.fold's reducer, bound once for every entry

    @classmethod
    def start(
        cls, game: Game[S, A], header: LogHeader, setup: Entry, verify: bool = True
    ) -> Replay[S, A]:
        """A replay after the setup entry of a log with ``header``, checked as far as it can be:
        the header against the game, the seed against the commitment, the setup events against
        what the seed gives (when verifying) or the start position (when the log has one)."""
        check_header_for(game, header)
        if not header.is_redacted and not header.commitment_holds():
            raise InvalidLogError("the seed and salt do not give the seed_commitment")
        verify = verify and not header.is_redacted
        seed = 0 if header.seed is None else header.seed  # a redacted log never draws
        try:
            config = game.make_config(len(header.players), header.options, seed, header.cap)
        except InvalidOptionsError as exc:
            raise InvalidLogError(f"header does not set up a valid game: {exc}") from None
        if header.cap is None and config.cap is not None:  # the default of today, not the log's
            raise InvalidLogError(
                f"{game.name} has no bound on its length, and the header names no entry cap"
            )
        header = evolve(header, game=game.name, options=dict(config.options))
        if setup.seq != 0 or setup.player is not None or setup.action is not None:
            raise InvalidLogError("the setup entry has no player and no action", 0)
        state: S
        if header.start_position is not None:
            state = _start_of_log(game, header, config, setup)
        elif verify:
            state, events = _guarded(0, lambda: engine.start(game, config))
            if tuple(events) != setup.events:
                difference = first_difference(events, setup.events, "the seed")
                raise InvalidLogError(
                    f"setup events differ from what the seed gives ({difference})"
                    f"{rules_changed_hint(game, header)}",
                    0,
                )
        else:
            state = _guarded(0, lambda: engine.fold(game, game.initial(config), setup.events))
        return cls(game, header, config, state, verified=verify)

    def add(self, entry: Entry, *, decoded: bool = False) -> S:
        """Replay ``entry`` (the next one) and return the state after it
        (:func:`boardkit.replay_step.replay_entry`).

        ``decoded`` when the strict codec has just read its action from JSON: the action then
        survives its log by construction, and the round trip of
        :func:`~boardkit.action_check.check_action` is skipped.
        """
        seq = self.length
        state: S = replay_entry(
            self.game,
            self._reduce,
            self.config,
            self.header,
            self.state,
            entry,
            seq,
            self.verified,
            decoded,
        )
        self.state = state
        self.length = seq + 1
        return state

    def add_all(
        self,
        entries: Sequence[Entry],
        kept: EntryColumns,
        snapshots: dict[int, S],
        every: int,
    ) -> S:
        """:meth:`add` for each of ``entries`` in turn (entries handed in as objects, not just
        decoded), and return the state after the last: each entry is appended to ``kept`` (the
        columns of the entries before it, :class:`~boardkit.log.columns.EntryColumns`) once
        replayed, and the state after entry ``n`` is put in ``snapshots[n]`` whenever ``every``
        divides ``n`` (:func:`boardkit.replay_step.replay_logged`). At the first bad entry the
        :class:`~boardkit.errors.InvalidLogError` is raised and the replay stays where it
        stood before the call."""
        seq = self.length
        state: S = replay_logged(
            self.game,
            self._reduce,
            self.config,
            self.header,
            self.state,
            entries,
            seq,
            self.verified,
            kept,
            snapshots,
            every,
        )
        self.state = state
        self.length = seq + len(entries)
        return state


def replay_log(game: Game[S, A], log: Log, verify: bool = True) -> Replay[S, A]:
    """``log`` replayed with ``game`` to its end (verified unless ``verify`` is false or the
    log is redacted); raises :class:`~boardkit.errors.InvalidLogError` at the first bad entry."""
    if not log.entries:
        raise InvalidLogError("the log has no setup entry")
    replay = Replay.start(game, log.header, log.entries[0], verify)
    for entry in log.entries[1:]:
        replay.add(entry)
    check_seat_changes_fit(log.header.seat_changes, len(log.entries))
    return replay


def replay_entries(
    text: str | bytes,
    game: Game[Any, Any] | None = None,
    verify: bool = True,
    *,
    limits: LogLimits | None = None,
) -> Iterator[tuple[Replay[Any, Any], Entry]]:
    """Read log JSON and replay it one entry at a time: after each entry (the setup first),
    the replay standing after it and the entry.

    The game is looked up by the header's name unless given. Entries are decoded one at a time
    as they are replayed, within ``limits`` (default :class:`~boardkit.log.LogLimits`), so a
    bad entry 1 is reported before entry 2 is read.
    """
    doc = parse_document(text, limits)
    header = parse_header(doc)
    if game is None:
        game = game_of_log(header.game)
    check_header_for(game, header)
    entries = iter_entries(game, doc)
    setup = next(entries)  # the reader refuses a log without entries
    replay = Replay.start(game, header, setup, verify)
    yield replay, setup
    count = 1
    add = replay.add
    for entry in entries:
        add(entry, decoded=True)
        count += 1
        yield replay, entry
    check_seat_changes_fit(header.seat_changes, count)


def replay_json(
    text: str | bytes,
    game: Game[Any, Any] | None = None,
    verify: bool = True,
    *,
    limits: LogLimits | None = None,
) -> Replay[Any, Any]:
    """Log JSON (text, or UTF-8 bytes with or without a BOM) read and replayed to its end; see
    :func:`replay_entries`."""
    last: Replay[Any, Any] | None = None
    for replay, _ in replay_entries(text, game, verify, limits=limits):
        last = replay
    assert last is not None  # the reader refuses a log without entries
    return last


def _start_of_log(game: Game[Any, Any], header: LogHeader, config: Config, setup: Entry) -> Any:
    """The state a log with a ``start_position`` starts from, checked like a new match's."""
    assert header.start_position is not None
    if setup.events:
        raise InvalidLogError("a log that starts from a position has no setup events", 0)
    try:
        return start_state(game, header.start_position, config, partial=header.is_redacted)
    except (InvalidPositionError, NotOfferedError) as exc:
        raise InvalidLogError(f"header 'start_position': {exc}") from None
    except Exception as exc:
        raise InvalidLogError(
            f"header 'start_position': the game failed to read it ({type(exc).__name__}: "
            f"{shorten(str(exc), 120)})"
        ) from None


def game_of_log(name: str) -> Game[Any, Any]:
    """The installed game a log names; a missing or broken one is an :class:`InvalidLogError`.

    The log is what cannot be used here, whatever the reason, so callers catch one error.
    """
    from boardkit.errors import GameDefinitionError, UnknownGameError
    from boardkit.registry import load_game

    try:
        return load_game(name)
    except UnknownGameError as exc:
        raise InvalidLogError(f"the log is for a game that is not installed: {exc}") from None
    except GameDefinitionError as exc:
        raise InvalidLogError(f"the log's game cannot be loaded: {exc}") from None


def _guarded(seq: int, run: Callable[[], T]) -> T:
    """``run()``, with a game's unexpected failure on logged input as an InvalidLogError."""
    try:
        return run()
    except BoardkitError:
        raise
    except Exception as exc:
        raise failed(seq, exc) from None
