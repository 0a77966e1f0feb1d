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
from boardkit.action_check import check_action
from boardkit.english import count_of
from boardkit.errors import (
    BoardkitError,
    IllegalActionError,
    InvalidLogError,
    InvalidOptionsError,
    InvalidPositionError,
    NotOfferedError,
    shorten,
)
from boardkit.flow import GameTruncated, HasFlow, decider
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
from boardkit.log.seating import check_seat_changes_fit
from boardkit.options import Config
from boardkit.positions import start_state
from boardkit.recorder import fold
from boardkit.rng import Rng

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
                difference = _first_difference(events, setup.events, "the seed")
                raise InvalidLogError(
                    f"setup events differ from what the seed gives ({difference})"
                    f"{rules_changed_hint(game, header)}",
                    0,
                )
        else:
            state = _guarded(0, lambda: engine.fold(game, game.initial(config), setup.events))
        return cls(game, header, config, state, verified=verify)

    def add(self, entry: Entry, *, decoded: bool = False) -> S:
        """Replay ``entry`` (the next one) and return the state after it.

        ``decoded`` when the strict codec has just read its action from JSON: the action then
        survives its log by construction, and the round trip of :func:`check_action` is skipped.
        """
        seq = self.length
        if entry.seq != seq:
            raise InvalidLogError(f"sequence number {shorten(entry.seq)} where {seq} belongs", seq)
        cap = self.config.cap
        if cap is not None and seq >= cap:
            raise InvalidLogError(
                f"the log goes past its entry cap of {cap} entries (the setup entry included)", seq
            )
        who = decider(self.state.flow)
        if who is None:
            raise InvalidLogError("an action after the end of the game", seq)
        if entry.player != who or type(entry.player) is not int:
            raise InvalidLogError(
                f"player {shorten(entry.player)} acted, but player {who} decides", seq
            )
        if self.verified:
            try:
                state, events = self._verify_step(entry, seq, decoded)
                if tuple(events) != entry.events:
                    reason = _cut_difference(events, entry.events, cap) or (
                        _first_difference(events, entry.events)
                        + rules_changed_hint(self.game, self.header)
                    )
                    raise InvalidLogError(reason, seq)
            except InvalidLogError as exc:
                raise InvalidLogError(exc.reason, seq, self._position_text()) from None
        else:
            try:  # as _guarded words it, without a closure per entry
                state = fold(self._reduce, self.state, entry.events)
            except BoardkitError:
                raise
            except Exception as exc:
                raise _failed(seq, exc) from None
        if cap is not None and seq + 1 == cap and not state.flow.ended:
            raise InvalidLogError(
                f"the entry reaches the log's entry cap of {cap} entries, but the match goes on",
                seq,
            )
        self.state = state
        self.length = seq + 1
        return state

    def _verify_step(self, entry: Entry, seq: int, decoded: bool) -> tuple[S, list[object]]:
        """The state and events the rules give for ``entry``'s action. A refusal, or any
        unexpected failure of the game on logged input (as :func:`_guarded` words it), is an
        :class:`~boardkit.errors.InvalidLogError`."""
        game, action = self.game, entry.action
        try:
            if not decoded:
                check_action(game, action)
            assert entry.player is not None
            rng = Rng.for_entry(self.config.seed, seq)
            cut_off = engine.cut_off_at(self.config, seq)
            return engine.step(game, self.state, entry.player, action, rng, cut_off)
        except IllegalActionError as exc:
            raise InvalidLogError(f"illegal action: {exc}", seq) from None
        except BoardkitError:
            raise
        except Exception as exc:
            raise _failed(seq, exc) from None

    def _position_text(self) -> str | None:
        """The current position in the game's notation, for an error report; ``None`` when the
        game writes no positions or cannot write this one."""
        if not self.game.offers("format_position"):
            return None
        try:
            return self.game.format_position(self.state)
        except Exception:  # a report must never hide the error it reports
            return None


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
        raise _failed(seq, exc) from None


def _failed(seq: int, exc: Exception) -> InvalidLogError:
    """What a game's unexpected failure on entry ``seq`` of a log is reported as."""
    return InvalidLogError(
        f"the game failed on this entry ({type(exc).__name__}: {shorten(str(exc), 120)})", seq
    )


def _cut_difference(
    got: Sequence[object], recorded: Sequence[object], cap: int | None
) -> str | None:
    """Why the recorded events differ when the log cuts the match off where its cap does not
    (see :class:`~boardkit.flow.GameTruncated`); ``None`` when that is not the difference."""
    cut = [e for e in recorded if type(e) is GameTruncated]
    if not cut or any(type(e) is GameTruncated for e in got):
        return None
    where = "without an entry cap" if cap is None else f"before its cap of {cap} entries"
    return f"the log cuts the match off ({shorten(cut[0])}) {where}"


def _first_difference(
    got: Sequence[object], recorded: Sequence[object], source: str = "the action"
) -> str:
    for i, (a, b) in enumerate(zip(got, recorded, strict=False)):
        if a != b:
            return f"event {i} is recorded as {shorten(b)}, but {source} gives {shorten(a)}"
    return f"{source} gives {count_of(len(got), 'event')}, the log records {len(recorded)}"


def rules_changed_hint(game: Game[Any, Any], header: LogHeader) -> str:
    """What a log's recorded events differing from what ``game`` computes probably means, as a
    sentence to append to the error; empty for a log of an older major version (refused
    before replay) or of another game.

    The header check has accepted the log's version, so the installed rules claim to replay
    it; events that differ all the same mean the rules changed without the major version
    that says so (:attr:`boardkit.game.Game.version`).
    """
    written, installed = header.game_version, game.version
    if header.game != game.name or written.split(".")[0] != installed.split(".")[0]:
        return ""
    if written == installed:
        written = f"{written}, the installed version"
    else:
        written = f"{written} (installed: {installed})"
    return (
        f"; the log was written by {game.name} {written}: unless the log was edited, "
        f"{game.name}'s rules changed without a major version bump (a change that alters "
        f"the events of a logged game needs a new major version)"
    )
