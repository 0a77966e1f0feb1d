"""A match: one game, its current state and its log.

:class:`Match` is the object front ends, bots and scripts hold. Playing an action validates it,
records it with the events it caused and returns those events. A match can be saved as a log and
rebuilt from one; rebuilding folds the recorded events (replay) and, by default, also re-checks
every action against the rules and compares the events it gives with the recorded ones
(verification).

Time travel: the match keeps the state after every ``SNAPSHOT_EVERY``-th entry (states are
immutable and share their unchanged parts, so a snapshot costs a reference, not a copy), and
:meth:`Match.state_at` folds at most ``SNAPSHOT_EVERY - 1`` entries from the nearest one.

Undo: :meth:`Match.undo` drops the last *n* entries (actions and owed decisions alike, each is one
entry) and returns to the state before them. Randomness is keyed by seed and entry number, so
playing the same action again gives the same random outcome: undo is for taking back mistakes,
not for re-rolling dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from boardkit import engine
from boardkit.codec import codec_for
from boardkit.errors import (
    BoardkitError,
    IllegalActionError,
    InvalidLogError,
    InvalidOptionsError,
    UndoError,
)
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import (
    Entry,
    Log,
    LogHeader,
    check_header_for,
    log_to_json,
    parse_document,
    parse_entries,
    parse_header,
)
from boardkit.options import Config
from boardkit.result import Result
from boardkit.rng import Rng

S = TypeVar("S")

SNAPSHOT_EVERY = 64
"""Entries between two kept states, for time travel."""


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        return tuple(f"player {i}" for i in range(players))
    return tuple(players)


class Match(Generic[S]):
    """A game being played (or replayed): the game, its state and its log."""

    def __init__(
        self, game: Game[Any, Any], header: LogHeader, config: Config, setup: Entry, state: S
    ) -> None:
        self.game = game
        self.header = header
        self.config = config
        self._entries: list[Entry] = [setup]
        self._state = state
        self._snapshots: dict[int, S] = {0: state}

    # --- creating --------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game[Any, Any] | str,
        players: int | Sequence[str] = 2,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
    ) -> Match[Any]:
        """Set up a new match of ``game`` (an instance or an installed game's name).

        ``players`` is a number of seats or a list of player names.
        """
        if isinstance(game, str):
            from boardkit.registry import load_game

            game = load_game(game)
        names = _player_names(players)
        config = game.make_config(len(names), options, seed)
        state, events = engine.start(game, config)
        header = LogHeader(game.name, game.version, names, dict(config.options), config.seed)
        return cls(game, header, config, Entry(0, None, None, tuple(events)), state)

    # --- reading the state -----------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current state (immutable)."""
        return self._state

    @property
    def to_decide(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return decider(self._state.flow)  # type: ignore[attr-defined]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._state.flow.ended)  # type: ignore[attr-defined]

    @property
    def result(self) -> Result | None:
        """The outcome once the game is over."""
        return self.game.result(self._state)

    def legal_actions(self) -> list[Any]:
        """Every action the deciding player may play now."""
        if self.is_over:
            return []
        return list(self.game.legal_actions(self._state))

    def view(self, player: int | None) -> object:
        """What ``player`` may see of the current state."""
        return self.game.view(self._state, player)

    def render(self, player: int | None = None) -> str:
        """The current state as text, as ``player`` may see it."""
        return self.game.render_text(self._state, player)

    def _repr_svg_(self) -> str | None:
        """Jupyter: the current state as the game draws it, the last action highlighted."""
        draw = getattr(self.game, "render_svg", None)
        if draw is None:
            return None
        picture: str = draw(self._state, None, self._entries[-1].action)
        return picture

    # --- playing ---------------------------------------------------------------------------------

    def play(self, action: object, player: int | None = None) -> tuple[object, ...]:
        """Play ``action`` for ``player`` (default: whoever must decide) and return its events.

        An illegal action raises :class:`~boardkit.errors.IllegalActionError` and changes nothing.
        """
        seq = len(self._entries)
        who = self.to_decide
        state, events = engine.step(
            self.game, self._state, player, action, Rng.for_entry(self.config.seed, seq)
        )
        self._entries.append(Entry(seq, who, action, tuple(events)))
        self._state = state
        if seq % SNAPSHOT_EVERY == 0:
            self._snapshots[seq] = state
        return tuple(events)

    # --- the log ---------------------------------------------------------------------------------

    @property
    def log(self) -> Log:
        """The log so far."""
        return Log(self.header, tuple(self._entries))

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
        :class:`~boardkit.errors.OverwriteError` is raised and nothing is written. Other
        failures raise :class:`OSError`.
        """
        from boardkit.files import atomic_write_text

        atomic_write_text(path, self.to_json(), overwrite=overwrite)

    def redacted_log(self, player: int | None) -> Log:
        """The log as ``player`` may read it: every event passed through the game's redaction."""
        redact = self.game.redact
        entries = tuple(
            Entry(e.seq, e.player, e.action, tuple(redact(ev, player) for ev in e.events))
            for e in self._entries
        )
        return Log(self.header, entries)

    # --- time travel and undo --------------------------------------------------------------------

    def state_at(self, seq: int) -> S:
        """The state right after entry ``seq`` (0 is the state after setup).

        ``seq`` must be an ``int`` (a ``bool`` or ``float`` is refused, as it would index a
        different entry than it seems to); anything else raises :class:`UndoError`.
        """
        if type(seq) is not int:
            raise UndoError(f"an entry number is an int, not {type(seq).__name__} {seq!r:.40}")
        if not 0 <= seq < len(self._entries):
            raise UndoError(f"no entry {seq}; the log has entries 0 to {len(self._entries) - 1}")
        base = seq - seq % SNAPSHOT_EVERY
        while base not in self._snapshots:
            base -= SNAPSHOT_EVERY
        state = self._snapshots[base]
        for entry in self._entries[base + 1 : seq + 1]:
            state = engine.fold(self.game, state, entry.events)
        return state

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` entries (the setup entry cannot be undone).

        ``n`` must be an ``int`` (not a ``bool`` or ``float``); anything else raises
        :class:`UndoError` and changes nothing.
        """
        if type(n) is not int:
            raise UndoError(f"undo takes an int count, not {type(n).__name__} {n!r:.40}")
        if n < 0 or n > len(self._entries) - 1:
            raise UndoError(f"cannot undo {n} entries; {len(self._entries) - 1} can be undone")
        if n == 0:
            return
        keep = len(self._entries) - n
        self._state = self.state_at(keep - 1)
        del self._entries[keep:]
        for k in [k for k in self._snapshots if k >= keep]:
            del self._snapshots[k]

    # --- rebuilding from a log -------------------------------------------------------------------

    @classmethod
    def from_log(cls, game: Game[Any, Any], log: Log, verify: bool = True) -> Match[Any]:
        """Rebuild a match by replaying ``log``; with ``verify``, re-check every action too.

        Raises :class:`~boardkit.errors.InvalidLogError` at the first bad entry; nothing is
        half-loaded.
        """
        check_header_for(game, log.header)
        header = log.header
        if not log.entries:
            raise InvalidLogError("the log has no setup entry")
        try:
            config = game.make_config(len(header.players), header.options, header.seed)
        except InvalidOptionsError as exc:
            raise InvalidLogError(f"header does not set up a valid game: {exc}") from None
        header = LogHeader(
            game.name, header.game_version, header.players, dict(config.options), config.seed
        )
        if verify:
            state, events = engine.start(game, config)
            if tuple(events) != log.entries[0].events:
                raise InvalidLogError("setup events differ from what the seed gives", 0)
        else:
            state = engine.fold(game, game.initial(config), log.entries[0].events)
        match = cls(game, header, config, log.entries[0], state)
        for entry in log.entries[1:]:
            match._replay_entry(entry, verify)
        return match

    def _replay_entry(self, entry: Entry, verify: bool) -> None:
        seq = len(self._entries)
        if entry.seq != seq:
            raise InvalidLogError(f"sequence number {entry.seq} where {seq} belongs", seq)
        who = self.to_decide
        if who is None:
            raise InvalidLogError("an action after the end of the game", seq)
        if entry.player != who:
            raise InvalidLogError(f"player {entry.player} acted, but player {who} decides", seq)
        if verify:
            try:
                state, events = engine.step(
                    self.game,
                    self._state,
                    entry.player,
                    entry.action,
                    Rng.for_entry(self.config.seed, seq),
                )
            except IllegalActionError as exc:
                raise InvalidLogError(f"illegal action: {exc}", seq) from None
            if tuple(events) != entry.events:
                raise InvalidLogError(_first_difference(events, entry.events), seq)
        else:
            try:
                state = engine.fold(self.game, self._state, entry.events)
            except BoardkitError:
                raise
            except Exception as exc:
                raise InvalidLogError(f"events cannot be replayed ({exc!r})", seq) from None
        self._entries.append(entry)
        self._state = state
        if seq % SNAPSHOT_EVERY == 0:
            self._snapshots[seq] = state

    @classmethod
    def from_json(
        cls, text: str, game: Game[Any, Any] | None = None, verify: bool = True
    ) -> Match[Any]:
        """Rebuild a match from log JSON text (the game is looked up by name if not given)."""
        doc = parse_document(text)
        header = parse_header(doc)
        if game is None:
            game = _game_of_log(header.game)
        check_header_for(game, header)
        entries = parse_entries(game, doc)
        return cls.from_log(game, Log(header, tuple(entries)), verify=verify)

    @classmethod
    def load(
        cls, path: str | Path, game: Game[Any, Any] | None = None, verify: bool = True
    ) -> Match[Any]:
        """Rebuild a match from a log file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InvalidLogError(f"{path} is not UTF-8 text") from None
        return cls.from_json(text, game, verify)

    def codec_state(self) -> object:
        """The current state as JSON (see :mod:`boardkit.codec`)."""
        return codec_for(self.game).dump_state(self._state)


def _game_of_log(name: str) -> Game[Any, Any]:
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


def _first_difference(got: Sequence[object], recorded: Sequence[object]) -> str:
    for i, (a, b) in enumerate(zip(got, recorded, strict=False)):
        if a != b:
            return f"event {i} is recorded as {b!r}, but the action gives {a!r}"
    return f"the action gives {len(got)} events, the log records {len(recorded)}"
