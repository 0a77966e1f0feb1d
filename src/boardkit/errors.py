"""The one exception hierarchy of boardkit.

Every error the library raises on purpose derives from :class:`BoardkitError`, so a front end can
catch one class and show the message. Each subclass carries the structured facts (the rule that
refused an action, the log entry that is bad) so that callers need not parse messages.
"""

from __future__ import annotations

import reprlib

MESSAGE_LIMIT = 400
"""The longest reason an :class:`InvalidLogError` repeats; longer ones are cut (see
:func:`shorten`)."""


class _BoundedRepr(reprlib.Repr):
    """:mod:`reprlib` with limits on every kind of value, huge ints included."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxstring = self.maxother = self.maxlong = max(limit, 8)
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 8

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # repr() of a huge int is slow, or refused
            return f"<int of {x.bit_length()} bits>"
        return super().repr_int(x, level)


def shorten_text(text: str, limit: int = 80) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was when cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def shorten(value: object, limit: int = 80) -> str:
    """A ``repr`` of ``value`` of bounded length, for messages that repeat input.

    A log or an action may hold a 5 MB string, a 10,000-digit number or a deeply nested list;
    the message about it must stay short and be cheap to build. Nested values are elided after a
    few levels and items (as :mod:`reprlib` does), and the text is cut to about ``limit``.
    """
    try:
        text = _BoundedRepr(limit).repr(value)
    except Exception:  # a broken __repr__ of a caller's object
        text = f"<{type(value).__name__} object>"
    return shorten_text(text, limit)


class BoardkitError(Exception):
    """Base class of every error boardkit raises on purpose.

    Every boardkit error survives pickling with its message and its facts, whatever its
    constructor takes: an error raised in a worker process (``boardkit simulate``'s process
    backend, a tournament on a process pool or on Ray) reaches the caller as itself, not as a
    broken pool.
    """

    def __reduce__(self) -> tuple[object, ...]:
        facts = dict(getattr(self, "__dict__", {}))  # none in a compiled (mypyc) class
        if isinstance(self, ImportError):  # its name and path are not in __dict__
            facts.update(name=self.name, path=self.path)
        return (_rebuilt, (type(self), self.args, facts))


def _rebuilt(
    cls: type[BoardkitError], args: tuple[object, ...], facts: dict[str, object]
) -> BoardkitError:
    """The error ``cls`` with ``args`` and attributes ``facts``, made without calling its
    ``__init__`` (whose parameters differ from class to class): what unpickling one calls."""
    error = cls.__new__(cls)
    error.args = args
    for name, value in facts.items():
        setattr(error, name, value)
    return error


class IllegalActionError(BoardkitError):
    """An action was refused by the rules; nothing changed.

    ``rule`` names the rule that refused it (a clause ID such as ``"S-A1"`` or a short tag), so
    front ends and tests can tell refusals apart without parsing the text. ``reason`` is the
    refusal in plain words, what a front end shows a player ("village 4 is full"); it names no
    clause. ``str(error)`` is ``"[rule] reason"``, for logs and developers.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.reason = message


class NotYourDecisionError(IllegalActionError):
    """A player tried to act while another player owes the decision."""

    def __init__(self, player: int | None, expected: int | None) -> None:
        who = "nobody (the game is over)" if expected is None else f"player {expected}"
        super().__init__("flow", f"player {player} may not act now: the decision is {who}'s")
        self.player = player
        self.expected = expected


class GameOverError(IllegalActionError):
    """An action was played after the game had ended."""

    def __init__(self) -> None:
        super().__init__("flow", "the game is over; no more actions can be played")


class NotStartedError(IllegalActionError):
    """An action was asked for in a state where nobody decides although the game has not
    ended: a state before the setup's events, such as :attr:`boardkit.Match.start_state`."""

    def __init__(self) -> None:
        super().__init__(
            "flow",
            "nobody decides yet: the game has not started (this state comes before its setup; "
            "play from the state after entry 0)",
        )


class ActionTextError(IllegalActionError):
    """A typed action text names no legal action, or several (rule ``"text"``).

    Raised by :meth:`Game.parse_action <boardkit.game.Game.parse_action>` and so by
    :meth:`Match.play_text <boardkit.match.Match.play_text>` (see :mod:`boardkit.action_text`).
    ``text`` is what was typed; ``candidates`` the action texts the reason names: the actions
    the text could mean, or, when it means none, the legal actions whose texts begin most like
    it; ``matches`` how many legal actions it could mean (0: none, 2 or more: ambiguous);
    ``legal`` how many legal actions there are.
    """

    def __init__(
        self,
        message: str,
        text: object,
        candidates: tuple[str, ...],
        matches: int,
        legal: int,
    ) -> None:
        super().__init__("text", message)
        self.text = text
        self.candidates = candidates
        self.matches = matches
        self.legal = legal


class InvalidLogError(BoardkitError):
    """A log could not be read, replayed or verified.

    ``entry`` is the sequence number of the first bad entry (``None`` when the header or the
    document itself is at fault); ``reason`` says what is wrong with it. When verification
    refuses an entry of a game that writes positions as text, ``position`` is the position the
    entry was played from, in the game's notation (``None`` otherwise): with the action it is a
    whole bug report, and :meth:`~boardkit.match.Match.from_position` sets that position up.
    """

    def __init__(self, reason: str, entry: int | None = None, position: str | None = None) -> None:
        where = "log header" if entry is None else f"log entry {entry}"
        reason = shorten_text(reason, MESSAGE_LIMIT)
        super().__init__(f"{where}: {reason}")
        self.entry = entry
        self.reason = reason
        self.position = position


class UnknownGameError(BoardkitError):
    """No installed game has the requested name (or what was given is neither a game nor a
    name: ``message`` then says what it is)."""

    def __init__(self, name: str, known: list[str], *, message: str | None = None) -> None:
        listing = ", ".join(sorted(known)) or "none"
        said = f"unknown game {shorten(name)}" if message is None else message
        super().__init__(f"{said}; installed games: {listing}")
        self.name = name
        self.known = sorted(known)


class InvalidOptionsError(BoardkitError):
    """Options or a player count that a game does not support."""


class InvalidPlayerCountError(InvalidOptionsError):
    """The game cannot be played with this many players."""

    def __init__(self, game: str, players: int, allowed: tuple[int, ...]) -> None:
        counts = ", ".join(str(n) for n in allowed)
        many = f"{shorten(players)} player" + ("" if players == 1 else "s")
        super().__init__(f"{game} cannot be played by {many}; allowed: {counts}")
        self.players = players
        self.allowed = allowed


class UnknownSeatError(BoardkitError, ValueError):
    """A seat number that names no seat of the match (the API counts seats from 0; ``None``
    is a spectator). Also a :class:`ValueError`, which :meth:`Match.redacted_log
    <boardkit.match.Match.redacted_log>` raised before this class existed."""

    def __init__(self, seat: object, players: int) -> None:
        super().__init__(
            f"no seat {shorten(seat)} in this match; its seats are 0 to {players - 1} "
            "(counted from 0), or None for a spectator"
        )
        self.seat = seat
        self.players = players


class RedactedMatchError(BoardkitError):
    """A match loaded from a redacted log was asked to play, undo or show a hidden view.

    Such a match is a read-only replay of one viewer's log: it holds none of the other players'
    secrets, so it cannot go on, and it can only show what that viewer (or a spectator) sees.
    """


class UndoError(BoardkitError):
    """Undo or time travel asked for an entry the log does not have."""


class UndoRefusedError(UndoError):
    """A player may not take back a decision: the entries it would drop drew a random outcome
    or showed someone something hidden, the player has made no decision yet, or the match is
    over (:mod:`boardkit.undo`).

    ``reason`` says why in words ("entry 12 drew a random outcome"); ``seq`` is the entry that
    stops it, ``None`` when no one entry does.
    """

    def __init__(self, reason: str, seq: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seq = seq


class GameDefinitionError(BoardkitError):
    """A game plugin broke the framework's contract (a bug in the game, not in the input)."""


class ZoneError(GameDefinitionError, ValueError):
    """A game's rules misused its zones (:mod:`boardkit.zones`): a zone the table lacks, a
    card moved from a zone that does not hold it, a table that breaks an invariant of zones
    (two zones of one name, an unsorted hand); the message names the zone."""


class OverwriteError(BoardkitError):
    """A file would have been replaced, but overwriting was not allowed.

    Saving never replaces an existing file unless told to, so that running a command again
    cannot wipe what an earlier run wrote. ``path`` is the file that already exists.
    """

    def __init__(self, path: object) -> None:
        super().__init__(
            f"{path} already exists; choose another file name, or allow overwriting it "
            "(--force on the command line, overwrite=True in Python)"
        )
        self.path = path


class MissingExtraError(BoardkitError, ModuleNotFoundError):
    """An optional feature was imported without the extra that installs what it needs.

    The core installs light; the server and the research adapters each come with an extra
    (``pip install 'boardkit[server]'``). ``extra`` is the extra to install, ``feature`` the
    module that needs it and ``name`` the missing module. A :class:`ModuleNotFoundError`, so
    code that tries an import and falls back still catches it.
    """

    def __init__(self, extra: str, feature: str, missing: str | None) -> None:
        absent = f"{missing} is not installed" if missing else "a module it imports is missing"
        super().__init__(
            f"{feature} needs the {extra!r} extra ({absent}): pip install 'boardkit[{extra}]'",
            name=missing,
        )
        self.extra = extra
        self.feature = feature


class FileAccessError(BoardkitError, OSError):
    """A file could not be read or written at the path given.

    The path names no file (it is empty, ends in a separator, or is a folder), its folder is
    missing, or the operating system refused (no permission, a full disk). ``path`` is the path
    as given, ``action`` is ``"read"`` or ``"write"`` and ``problem`` says what is wrong in
    plain words. It is also an :class:`OSError` (with ``errno``, ``strerror`` and ``filename``
    set when the system gave them), so code that catches ``OSError`` still catches it.
    """

    def __init__(self, path: object, action: str, problem: str, errno: int | None = None) -> None:
        OSError.__init__(self, errno, problem, str(path))
        self.path = path
        self.action = action
        self.problem = problem

    def __str__(self) -> str:
        return f"cannot {self.action} {str(self.path) or repr('')}: {self.problem}"

    def __reduce__(self) -> tuple[object, ...]:  # rebuilt whole in another process
        return (type(self), (self.path, self.action, self.problem, self.errno))


class InvalidPositionError(BoardkitError):
    """A position text could not be read, or it describes a position that breaks an invariant.

    ``invariant`` names what is wrong: ``"syntax"`` for text that does not follow the grammar,
    otherwise the name of the broken invariant (such as ``"stone-with-bridge"``), as listed in
    docs/positions.md; ``reason`` says where.
    """

    def __init__(self, invariant: str, reason: str) -> None:
        super().__init__(f"invalid position [{invariant}]: {reason}")
        self.invariant = invariant
        self.reason = reason


class NotOfferedError(BoardkitError, NotImplementedError):
    """A caller asked a game for an optional hook it does not offer (positions as text, say).

    It is also a :class:`NotImplementedError`, the usual Python signal for a method a subclass
    did not fill in. ``game`` is the game's name, ``hook`` the method asked for.
    """

    def __init__(self, game: str, hook: str, why: str = "") -> None:
        super().__init__(f"{game} does not offer {hook}{f': {why}' if why else ''}")
        self.game = game
        self.hook = hook


class InvalidActionIndexError(IllegalActionError):
    """An action index that names no action of the game in this position: out of range, a slot
    the position does not have, or not an integer at all (a bool, a float, a string, an array).

    It is an :class:`IllegalActionError` (rule ``"action-index"``), so code that catches refused
    actions catches a bad index too.
    """

    def __init__(self, message: str) -> None:
        super().__init__("action-index", message)


class EpisodeOverError(IllegalActionError):
    """A research environment (:mod:`boardkit.adapters`) was stepped after its episode ended,
    or before its first ``reset()``: nothing is played until ``reset()`` starts the next one
    (rule ``"episode"``)."""

    def __init__(self, message: str) -> None:
        super().__init__("episode", message)
