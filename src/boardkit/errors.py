"""The one exception hierarchy of boardkit.

Every error the library raises on purpose derives from :class:`BoardkitError`, so a front end can
catch one class and show the message. Each subclass carries the structured facts (the rule that
refused an action, the log entry that is bad) so that callers need not parse messages.
"""

from __future__ import annotations


class BoardkitError(Exception):
    """Base class of every error boardkit raises on purpose."""


class IllegalActionError(BoardkitError):
    """An action was refused by the rules; nothing changed.

    ``rule`` names the rule that refused it (a clause ID such as ``"S-A1"`` or a short tag), so
    front ends and tests can tell refusals apart without parsing the text.
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


class InvalidLogError(BoardkitError):
    """A log could not be read, replayed or verified.

    ``entry`` is the sequence number of the first bad entry (``None`` when the header or the
    document itself is at fault); ``reason`` says what is wrong with it.
    """

    def __init__(self, reason: str, entry: int | None = None) -> None:
        where = "log header" if entry is None else f"log entry {entry}"
        super().__init__(f"{where}: {reason}")
        self.entry = entry
        self.reason = reason


class UnknownGameError(BoardkitError):
    """No installed game has the requested name."""

    def __init__(self, name: str, known: list[str]) -> None:
        listing = ", ".join(sorted(known)) or "none"
        super().__init__(f"unknown game {name!r}; installed games: {listing}")
        self.name = name
        self.known = sorted(known)


class InvalidOptionsError(BoardkitError):
    """Options or a player count that a game does not support."""


class InvalidPlayerCountError(InvalidOptionsError):
    """The game cannot be played with this many players."""

    def __init__(self, game: str, players: int, allowed: tuple[int, ...]) -> None:
        counts = ", ".join(str(n) for n in allowed)
        super().__init__(f"{game} cannot be played by {players} players; allowed: {counts}")
        self.players = players
        self.allowed = allowed


class UndoError(BoardkitError):
    """Undo or time travel asked for an entry the log does not have."""


class GameDefinitionError(BoardkitError):
    """A game plugin broke the framework's contract (a bug in the game, not in the input)."""


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
