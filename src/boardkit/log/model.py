"""The log's objects: its header, its entries, the log itself, who it is for, and the limits
on reading one; and the one JSON text each of them is written as.

A log is a header (log format version, game name and version, players, options, the seed and its
commitment) and a list of entries. Entry 0 holds the setup events and no action; every later entry
holds the player who acted, the action and every event it caused (the hooks' events included).
A match started from a position (:meth:`boardkit.match.Match.from_position`) records it in the
header's ``start_position``, in the game's notation; its entry 0 then holds no events.
The JSON text is deterministic: the same match always gives the same bytes.
"""

from __future__ import annotations

import enum
import json
import json.scanner
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias

from attrs import Factory, evolve, field, frozen

from boardkit.codec import JSON, codec_for
from boardkit.errors import shorten
from boardkit.game import Game
from boardkit.log.commitment import pinned_salt, seed_commitment
from boardkit.log.seating import SeatChange, seat_change_to_json
from boardkit.options import OptionValue
from boardkit.replacing import builder

LOG_FORMAT_VERSION = 2
"""The log format this boardkit writes, and the only one it reads (format 1 is refused)."""

ENTRY_KEYS = ("seq", "player", "action", "events")
"""The fields of an entry in the JSON text, in the order they are written."""
SPECTATOR = "spectator"
"""The ``viewer`` of a log redacted for a spectator, in the JSON text."""


# --- who a log is for ----------------------------------------------------------------------------


class Unredacted(enum.Enum):
    """The type of :data:`FULL`."""

    FULL = "full"


FULL: Final = Unredacted.FULL
"""The viewer of a full (unredacted) log: everyone's secrets and the seed are in it."""

Viewer: TypeAlias = int | Literal[Unredacted.FULL] | None
"""Who a log is for: :data:`FULL`, a seat, or ``None`` for a spectator."""


def viewer_text(viewer: Viewer) -> str:
    """``"the full log"``, ``"player 2"`` or ``"a spectator"``."""
    if viewer is FULL:
        return "the full log"
    return "a spectator" if viewer is None else f"player {viewer}"


# --- the objects ---------------------------------------------------------------------------------


def _tuple(value: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _optional_tuple(value: Sequence[Any] | None) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


MAX_SEAT_CHARS = 200
"""The longest seat kind a log header may record (a bot spec with its settings)."""


def seats_problem(seats: Sequence[object], players: int) -> str | None:
    """What is wrong with ``seats`` as a header's seat kinds for ``players`` players, or
    ``None``: one non-empty printable string of at most :data:`MAX_SEAT_CHARS` per player."""
    if len(seats) != players:
        return f"header 'seats' must name one seat kind per player ({players}), not {len(seats)}"
    for kind in seats:
        if (
            type(kind) is not str
            or not kind.strip()
            or len(kind) > MAX_SEAT_CHARS
            or not kind.isprintable()
        ):
            return (
                "header 'seats' must hold seat kinds (non-empty printable strings of at most "
                f"{MAX_SEAT_CHARS} characters), not {shorten(kind)}"
            )
    return None


def _default_salt(header: LogHeader) -> bytes | None:
    return None if header.seed is None else pinned_salt(header.seed)


def _default_commitment(header: LogHeader) -> str:
    if header.seed is None or header.salt is None:
        raise ValueError("a header without a seed needs its seed_commitment")
    return seed_commitment(header.seed, header.salt)


@frozen
class LogHeader:
    """Everything needed to set the game up again, and the commitment to its seed.

    Built with a seed and no salt, the header takes the pinned salt of that seed
    (:func:`pinned_salt`) and computes the commitment. A redacted header has ``seed`` and
    ``salt`` ``None``, the commitment of the full log, and its ``viewer``.

    ``start_position`` is ``None`` for a match set up by the game, else the position it started
    from, in the game's notation: the whole position in a full log, the viewer's form of it in a
    redacted one (see :func:`boardkit.positions.viewer_position`).

    ``seats`` is ``None``, or who sat at each seat, in seat order: ``"human"`` or the spec of the
    bot that chose for it (``"mcts:iterations=40"``), as ``boardkit play`` records them so that
    ``--resume`` restores the same table. It is metadata: replay and verification never read
    it, and a redacted log keeps it (who played is no secret).

    ``cap`` is the match's entry cap (:attr:`boardkit.options.Config.cap`), ``None`` for a
    match without one. Replay reads it: the entry that reaches it must end the match cut off,
    and no entry may follow. It is written only when set, so the logs of uncapped matches read
    as they always have.

    ``seat_changes`` records who held a seat after the match began (a bot that took over on a
    timeout or when a player left, the player back, a forfeit): see
    :mod:`boardkit.log.seating`. Metadata like ``seats``, kept by redaction, written only when
    not empty. ``time_control`` is the match's clock as one line of text (a server match's
    ``realtime 300+5 bot``, see :mod:`boardkit.server.clocks`), ``None`` for a match without
    one; metadata too, written only when set.
    """

    game: str
    game_version: str
    players: tuple[str, ...] = field(converter=_tuple)
    options: dict[str, OptionValue]
    seed: int | None
    salt: bytes | None = field(default=Factory(_default_salt, takes_self=True))
    seed_commitment: str = field(default=Factory(_default_commitment, takes_self=True))
    viewer: Viewer = FULL
    format_version: int = LOG_FORMAT_VERSION
    start_position: str | None = None
    seats: tuple[str, ...] | None = field(default=None, converter=_optional_tuple)
    cap: int | None = None
    seat_changes: tuple[SeatChange, ...] = field(default=(), converter=_tuple)
    time_control: str | None = None

    def __attrs_post_init__(self) -> None:
        if (self.viewer is FULL) != (self.seed is not None and self.salt is not None):
            raise ValueError("a full header has a seed and a salt; a redacted one has neither")
        if self.seats is not None:
            problem = seats_problem(self.seats, len(self.players))
            if problem:
                raise ValueError(problem)

    @property
    def is_redacted(self) -> bool:
        """Whether this is the header of a redacted log (no seed, no salt)."""
        return self.viewer is not FULL

    def commitment_holds(self) -> bool:
        """Whether the seed and salt give the recorded commitment (``False`` when redacted)."""
        if self.seed is None or self.salt is None:
            return False
        return secrets.compare_digest(seed_commitment(self.seed, self.salt), self.seed_commitment)

    def redacted_for(self, viewer: int | None, start_position: str | None = None) -> LogHeader:
        """This header as ``viewer`` may read it: the commitment, without seed and salt.

        A header with a start position needs ``start_position``, the viewer's form of it (the
        whole position may hold what the viewer must not see).
        """
        if (self.start_position is None) != (start_position is None):
            raise ValueError("give the viewer's form of the start position, and only then")
        return evolve(self, seed=None, salt=None, viewer=viewer, start_position=start_position)


@frozen
class Entry:
    """One log entry: who played what, and the events it caused. Entry 0 is the setup."""

    seq: int
    player: int | None
    action: Any
    events: tuple[object, ...] = field(converter=_tuple)


decoded_entry: Callable[[int, int | None, Any, tuple[object, ...]], Entry] = builder(Entry)
"""``decoded_entry(seq, player, action, events)``: ``Entry(seq, player, action, events)`` for
``events`` already a tuple, as the log reader decodes them and :meth:`boardkit.Match.play`
records them: the same object without the constructor's conversion, its slots filled directly
(:func:`boardkit.replacing.builder`), a fraction of the constructor's cost, once per entry."""


@frozen
class Log:
    """A header and its entries."""

    header: LogHeader
    entries: tuple[Entry, ...] = field(converter=_tuple)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    @property
    def actions(self) -> list[tuple[int | None, Any]]:
        """The (player, action) pairs of every entry after the setup."""
        return [(e.player, e.action) for e in self.entries[1:]]


@frozen
class LogLimits:
    """Bounds on the work reading one log may cause; raise them for unusually large logs.

    The defaults are far above any real game of the bundled games (a 4-player Khan log is about
    40 kB and 110 entries) and low enough that a hostile log cannot exhaust memory or time.
    """

    max_bytes: int = 32 * 1024 * 1024
    """The largest log, in bytes of UTF-8 (32 MiB), checked before anything is decoded."""
    max_entries: int = 100_000
    """The most entries, the setup entry included."""
    max_string: int = 65_536
    """The longest JSON string (names, options, tags), in characters."""
    max_depth: int = 32
    """How deeply JSON arrays and objects may nest, the document itself being level 1."""
    max_int_digits: int = 64
    """The most digits of a JSON number (checked before it is converted)."""

    def __attrs_post_init__(self) -> None:
        for name in ("max_bytes", "max_entries", "max_string", "max_depth", "max_int_digits"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"LogLimits.{name} must be a positive int, not {shorten(value)}")


DEFAULT_LIMITS = LogLimits()


# --- writing -------------------------------------------------------------------------------------


def header_to_json(header: LogHeader) -> JSON:
    """The header as a JSON object (the seed as a decimal string, the salt in hex)."""
    data: dict[str, Any] = {
        "game": header.game,
        "game_version": header.game_version,
        "players": list(header.players),
        "options": dict(header.options),
    }
    if header.cap is not None:
        data["cap"] = header.cap
    if header.start_position is not None:
        data["start_position"] = header.start_position
    if header.seats is not None:
        data["seats"] = list(header.seats)
    if header.time_control is not None:
        data["time_control"] = header.time_control
    if header.seat_changes:
        data["seat_changes"] = [seat_change_to_json(c) for c in header.seat_changes]
    if header.seed is not None and header.salt is not None:
        data["seed"] = str(header.seed)
        data["salt"] = header.salt.hex()
    data["seed_commitment"] = header.seed_commitment
    if header.viewer is not FULL:
        data["viewer"] = SPECTATOR if header.viewer is None else header.viewer
    return data


def entry_to_json(game: Game[Any, Any], entry: Entry) -> JSON:
    """One entry as a JSON object."""
    codec = codec_for(game)
    return {
        "seq": entry.seq,
        "player": entry.player,
        "action": None if entry.action is None else codec.actions.dump(entry.action),
        "events": [codec.events.dump(e) for e in entry.events],
    }


def log_to_json(game: Game[Any, Any], log: Log) -> str:
    """The log as JSON text: header first, then one entry per line (diff-friendly)."""
    head = json.dumps(header_to_json(log.header), ensure_ascii=False, separators=(",", ":"))
    lines = [
        json.dumps(entry_to_json(game, e), ensure_ascii=False, separators=(",", ":"))
        for e in log.entries
    ]
    body = ",\n".join(lines)
    return (
        f'{{"boardkit_log":{log.header.format_version},\n"header":{head},\n'
        f'"entries":[\n{body}\n]}}\n'
    )
