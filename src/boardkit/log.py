"""The event log: the save file, the replay file, the bug report and the test fixture.

A log is a header (log format version, game name and version, players, options, the seed and its
commitment) and a list of entries. Entry 0 holds the setup events and no action; every later entry
holds the player who acted, the action and every event it caused (the hooks' events included).
A match started from a position (:meth:`boardkit.match.Match.from_position`) records it in the
header's ``start_position``, in the game's notation; its entry 0 then holds no events.
The JSON text is deterministic: the same match always gives the same bytes.

**Commit and reveal.** The header of a full log holds the seed (a decimal string), a 16-byte salt
and ``seed_commitment``, the SHA-256 of :data:`COMMITMENT_TAG`, the salt and the seed's 16 bytes.
A log *redacted* for a player or a spectator holds the commitment and the viewer, but neither the
seed nor the salt: its reader learns nothing about the secret randomness, and can check the full
log once it is revealed (:func:`check_redaction`). See docs/fair-play.md.

**Reading** is strict and all-or-nothing: the first bad entry stops it with an
:class:`~boardkit.errors.InvalidLogError` naming the entry and the reason, in a message of
bounded length. :class:`LogLimits` bounds the work an untrusted log can cause; the size is checked
before anything is decoded, and entries are decoded one at a time (so a bad entry 1 is reported
before entry 2 is looked at).
"""

from __future__ import annotations

import enum
import hashlib
import json
import json.scanner
import math
import re
import secrets
from collections.abc import Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias, TypeVar

from attrs import Factory, evolve, field, frozen

from boardkit.codec import JSON, CodecError, codec_for
from boardkit.english import noun_for
from boardkit.errors import GameDefinitionError, InvalidLogError, shorten, shorten_text
from boardkit.game import Game
from boardkit.options import OptionValue
from boardkit.positions import viewer_position
from boardkit.rng import SEED_BITS, seed_bytes

_A = TypeVar("_A")

LOG_FORMAT_VERSION = 2
"""The log format this boardkit writes, and the only one it reads (format 1 is refused)."""

COMMITMENT_TAG = b"boardkit.seed-commitment.v1\x00"
"""The domain tag that starts the bytes hashed into a seed commitment."""
SALT_BYTES = 16

_ENTRY_KEYS = ("seq", "player", "action", "events")
_ENTRY_KEY_SET = frozenset(_ENTRY_KEYS)
_SPECTATOR = "spectator"


# --- commitment ----------------------------------------------------------------------------------


def seed_commitment(seed: int, salt: bytes) -> str:
    """The commitment to ``seed``: hex SHA-256 of the domain tag, the salt and the seed bytes."""
    return hashlib.sha256(COMMITMENT_TAG + salt + seed_bytes(seed)).hexdigest()


def new_salt() -> bytes:
    """A fresh salt from the operating system's secure generator."""
    return secrets.token_bytes(SALT_BYTES)


def pinned_salt(seed: int) -> bytes:
    """The salt used with a pinned seed: derived from the seed, so pinned runs are reproducible.

    A pinned seed is for reproducibility, not secrecy; its salt hides nothing either.
    """
    return hashlib.blake2b(
        b"salt", digest_size=SALT_BYTES, key=seed_bytes(seed), person=b"boardkit.salt.v1"
    ).digest()


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
    if header.start_position is not None:
        data["start_position"] = header.start_position
    if header.seats is not None:
        data["seats"] = list(header.seats)
    if header.seed is not None and header.salt is not None:
        data["seed"] = str(header.seed)
        data["salt"] = header.salt.hex()
    data["seed_commitment"] = header.seed_commitment
    if header.viewer is not FULL:
        data["viewer"] = _SPECTATOR if header.viewer is None else header.viewer
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


# --- redaction -----------------------------------------------------------------------------------


def shown_action(game: Game[Any, _A], entry: Entry, viewer: int | None) -> _A | None:
    """The action of ``entry`` as ``viewer`` may read it: the action itself for the seat that
    played it, else ``game.redact_action`` of it (``None`` for the setup entry, which has none).

    Every front end that shows one player another's action (a headline, a highlight) asks
    this rather than reading ``entry.action``: in a game of secret choices the action itself
    is the secret.
    """
    action: _A | None = entry.action
    if action is None or entry.player == viewer:
        return action
    return game.redact_action(action, viewer)


def redact_entries(
    game: Game[Any, Any], entries: Sequence[Entry], viewer: int | None
) -> tuple[Entry, ...]:
    """``entries`` as ``viewer`` may read them: every event passed through ``game.redact``,
    every action through :func:`shown_action`."""
    redact = game.redact
    return tuple(
        Entry(
            e.seq,
            e.player,
            shown_action(game, e, viewer),
            tuple(redact(ev, viewer) for ev in e.events),
        )
        for e in entries
    )


def redact_log(game: Game[Any, Any], log: Log, viewer: int | None) -> Log:
    """A full log as ``viewer`` (a seat, or ``None`` for a spectator) may read it.

    The start position, if any, is replaced by the viewer's form of it.
    """
    if log.header.is_redacted:
        raise ValueError("only a full log can be redacted")
    start = start_position_for(game, log.header, viewer)
    return Log(log.header.redacted_for(viewer, start), redact_entries(game, log.entries, viewer))


def start_position_for(game: Game[Any, Any], header: LogHeader, viewer: int | None) -> str | None:
    """The start position of a full ``header`` as ``viewer`` may read it (``None``: none)."""
    if header.start_position is None:
        return None
    assert header.seed is not None, "only a full header holds the whole start position"
    config = game.make_config(len(header.players), header.options, header.seed)
    state = game.parse_position(header.start_position, config)
    return viewer_position(game, state, viewer)


def check_redaction(game: Game[Any, Any], full: Log, redacted: Log) -> None:
    """Check a redacted log against the full log revealed later.

    Holds when the full log's seed and salt give the commitment both headers carry, the headers
    describe the same match, and every entry of the redacted log equals the full log's entry
    redacted for the viewer (the redacted log may stop earlier: it may have been saved during the
    game). Load ``full`` with verification first (``Match.load``), so that its deal and every
    action are known to be right; this function then ties the redacted log to it. Raises
    :class:`~boardkit.errors.InvalidLogError` naming the first entry that differs.
    """
    head, red = full.header, redacted.header
    if head.is_redacted:
        raise InvalidLogError("the log to check against is itself redacted; it reveals no seed")
    if not red.is_redacted:
        raise InvalidLogError("the log to check is not redacted")
    if not head.commitment_holds():
        raise InvalidLogError("the full log's seed and salt do not give its seed_commitment")
    if head.seed_commitment != red.seed_commitment:
        raise InvalidLogError("the seed commitments differ: these logs are not of one match")
    if evolve(head, start_position=None).redacted_for(None) != evolve(
        red, viewer=None, start_position=None
    ):
        raise InvalidLogError("the headers differ in game, version, players or options")
    viewer = red.viewer
    assert viewer is not FULL
    if red.start_position != start_position_for(game, head, viewer):
        raise InvalidLogError(
            f"the start position is not the full log's as {viewer_text(viewer)} may see it"
        )
    if len(redacted.entries) > len(full.entries):
        raise InvalidLogError(
            f"the redacted log has {len(redacted.entries)} entries, the full log only "
            f"{len(full.entries)}"
        )
    expected = redact_entries(game, full.entries[: len(redacted.entries)], viewer)
    for want, got in zip(expected, redacted.entries, strict=True):
        if want != got:
            raise InvalidLogError(
                f"differs from the full log's entry redacted for {viewer_text(viewer)}", got.seq
            )


# --- reading: JSON text, one piece at a time -----------------------------------------------------


class _Refused(ValueError):
    """A JSON value the limits refuse (raised inside the decoder's hooks)."""


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_SPACE = " \t\n\r"


def _as_text(data: str | bytes, limits: LogLimits) -> str:
    """Log bytes or text as text: size checked first, a UTF-8 BOM dropped, non-UTF-8 refused."""
    if not isinstance(data, str | bytes):  # a path, say: Match.load reads files
        raise InvalidLogError(
            f"a log is JSON text or UTF-8 bytes, not {type(data).__name__} "
            "(Match.load reads a log file)"
        )
    if isinstance(data, bytes):
        if len(data) > limits.max_bytes:
            raise InvalidLogError(_too_big(limits))
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidLogError(f"not UTF-8 text (bad byte at offset {exc.start})") from None
    elif len(data) > limits.max_bytes or len(data.encode("utf-8", "surrogatepass")) > (
        limits.max_bytes
    ):
        raise InvalidLogError(_too_big(limits))
    return data.removeprefix("\ufeff")


def _too_big(limits: LogLimits) -> str:
    """The refusal of a log over the size limit. It names no size: a file is read only up to
    one byte past the limit (so that size would mislead), and text is counted in characters."""
    return (
        f"the log is larger than the limit of {limits.max_bytes:,} bytes; "
        "raise LogLimits.max_bytes to read it"
    )


class _Scanner:
    """Reads the JSON text of a log a value at a time, within :class:`LogLimits`."""

    def __init__(self, text: str, limits: LogLimits) -> None:
        self.text = text
        self.pos = 0
        self.limits = limits
        self._decoder = json.JSONDecoder(
            object_pairs_hook=self._object,
            parse_int=self._int,
            parse_float=self._float,
            parse_constant=self._constant,
        )
        # The same decoder but with the built-in int parsing, which runs in C: used for entries
        # whose text holds no run of digits longer than the limit (see :meth:`entry`).
        self._scan_entry = json.scanner.make_scanner(
            json.JSONDecoder(  # type: ignore[arg-type]  # the decoder is the scanner's context
                object_pairs_hook=self._object,
                parse_float=self._float,
                parse_constant=self._constant,
            )
        )
        # And with the built-in dicts too (no hook at all): used when the entry's text shows that
        # no object repeats a key (see :func:`_keys_are_distinct`).
        self._scan_bare = json.scanner.make_scanner(
            json.JSONDecoder(  # type: ignore[arg-type]  # the decoder is the scanner's context
                parse_float=self._float, parse_constant=self._constant
            )
        )
        self._too_long = "0" * (limits.max_int_digits + 1)

    # hooks of the decoder
    @staticmethod
    def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise _Refused(f"the key {shorten(key)} appears twice in one object")
                seen.add(key)
        return obj

    def _int(self, text: str) -> int:
        if len(text) > self.limits.max_int_digits + (text[0] == "-"):
            raise _Refused(
                f"a number of {len(text)} digits (the limit is {self.limits.max_int_digits})"
            )
        return int(text)

    def _float(self, text: str) -> float:
        if len(text) > self.limits.max_int_digits * 2:
            raise _Refused(f"a number of {len(text)} characters")
        value = float(text)
        if not math.isfinite(value):
            raise _Refused(f"the number {shorten(text)} is out of range")
        return value

    @staticmethod
    def _constant(text: str) -> float:
        raise _Refused(f"{text} is not a JSON number")

    # reading
    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        char = text[pos : pos + 1]
        if not char or char not in _SPACE:
            return
        after = text[pos + 1 : pos + 2]
        if not after or after not in _SPACE:
            self.pos = pos + 1  # one space, as between the entries of a written log
            return
        match = _WHITESPACE.match(text, pos)
        assert match is not None
        self.pos = match.end()

    def at(self, char: str) -> bool:
        """Whether the next non-space character is ``char`` (then it is consumed)."""
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        self.skip_space()
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        return False

    def expect(self, char: str, where: str, entry: int | None = None) -> None:
        if not self.at(char):
            found = self.text[self.pos : self.pos + 10]
            got = f"found {shorten(found)}" if found else "the text ends (truncated?)"
            raise InvalidLogError(
                f"expected {char!r} {where} at character {self.pos}; {got}", entry
            )

    def value(self, depth: int, entry: int | None = None) -> Any:
        """The JSON value at the current position, checked against the limits.

        ``depth`` is the nesting level the value sits at (the document is level 1).
        """
        self.skip_space()
        start = self.pos
        try:
            value, self.pos = self._decoder.raw_decode(self.text, self.pos)
        except json.JSONDecodeError as exc:
            where = "the text ends (truncated?)" if exc.pos >= len(self.text) else exc.msg
            raise InvalidLogError(
                f"not valid JSON: {where} (line {exc.lineno}, column {exc.colno})", entry
            ) from None
        except RecursionError:
            raise InvalidLogError(
                f"nested deeper than the limit of {self.limits.max_depth} levels", entry
            ) from None
        except _Refused as exc:
            raise InvalidLogError(str(exc), entry) from None
        if _surely_within(self.text[start : self.pos], depth, self.limits):
            return value
        problem = _value_problem(value, depth, self.limits)
        if problem is not None:
            raise InvalidLogError(problem, entry)
        return value

    def entry(self, depth: int, entry: int) -> Any:
        """The log entry at the current position: :meth:`value`, faster.

        Integers are parsed by the decoder's own C code instead of the hook that bounds their
        digits; the bound is checked on the text instead: an entry whose text holds no run of
        more than ``max_int_digits`` digits cannot hold such a number. Objects are built by the
        decoder's C code too when :func:`_keys_are_distinct` shows from the text that no object
        repeats a key; otherwise the entry is parsed again with the hook that refuses a repeated
        key. Any entry this does not settle (a long run of digits anywhere, even inside a
        string; anything the limits or the JSON grammar refuse) is read again by :meth:`value`,
        which gives the same value or words the same error, so only the speed differs.
        """
        self.skip_space()
        text = self.text
        start = self.pos
        try:
            value, end = self._scan_bare(text, start)
        except Exception:  # StopIteration, a refusal, deep nesting: value() words it
            return self.value(depth, entry)
        source = text[start:end]
        if len(source) > self.limits.max_int_digits and self._too_long in source.translate(
            _DIGITS_AS_ZERO
        ):
            return self.value(depth, entry)
        if not _surely_within(source, depth, self.limits):
            return self.value(depth, entry)
        if not _keys_are_distinct(value, source):
            try:  # the object hook refuses a repeated key
                value, end = self._scan_entry(text, start)
            except Exception:
                return self.value(depth, entry)
        self.pos = end
        return value


def _keys_are_distinct(value: Any, source: str) -> bool:
    """Whether no object of the entry ``value``, decoded from the JSON text ``source`` with
    plain dicts, repeated a key (``False``: could not tell).

    Every key-value pair of the text has one colon outside strings, so the text has at least
    as many colons as pairs, and the decoded dicts hold at most as many keys as there were
    pairs, fewer exactly when a key repeated. So when the text's colons are as many as the
    dicts' keys, no key repeated. The keys are counted in the dicts of a usual entry (the
    entry, its action, its events); the text's ``{`` (one per object, more if strings hold
    some) must then number those dicts, so no other object hides deeper.
    """
    if type(value) is not dict:
        return False
    events = value.get("events")
    if type(events) is not list:
        return False
    keys = len(value)
    objects = 1 + len(events)
    action = value.get("action")
    if type(action) is dict:
        keys += len(action)
        objects += 1
    for event in events:
        if type(event) is not dict:
            return False
        keys += len(event)
    braces = source.count("{")
    if braces != objects:  # objects inside the action or the events: count them all
        objects, keys = _objects_and_keys(value)
    return braces == objects and source.count(":") == keys


def _objects_and_keys(value: Any) -> tuple[int, int]:
    """How many dicts the decoded JSON ``value`` holds, and how many keys in all."""
    objects = keys = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            objects += 1
            keys += len(item)
            stack += [v for v in item.values() if type(v) is dict or type(v) is list]
        elif type(item) is list:
            stack += [v for v in item if type(v) is dict or type(v) is list]
    return objects, keys


_DIGITS_AS_ZERO = {c: ord("0") if chr(c).isdigit() else ord(" ") for c in range(128)}
"""A ``str.translate`` table that writes every ASCII digit as ``0`` and every other ASCII
character as a space: a number of more than ``n`` digits then shows as ``"0" * (n + 1)`` in the
translated text. (Every ASCII character has an entry: ``str.translate`` runs fastest so.)"""

_INNERMOST = re.compile(r"\[\]|\{\}")
_NOT_BRACKET = {c: None for c in range(128) if chr(c) not in "[]{}"}
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _nesting(source: str) -> int | None:
    """How deeply the arrays and objects of the JSON text ``source`` nest (``None``: could
    not tell). Strings are cut out first (a bracket in a string is not structure); then each
    pass removes every innermost pair of brackets, one level per pass."""
    brackets = _STRING.sub("", source).translate(_NOT_BRACKET)
    if not brackets.isascii():
        return None
    levels = 0
    while brackets:
        shorter = _INNERMOST.sub("", brackets)
        if len(shorter) == len(brackets):
            return None
        brackets = shorter
        levels += 1
    return levels


def _surely_within(source: str, depth: int, limits: LogLimits) -> bool:
    """Whether the value decoded from ``source`` certainly passes :func:`_value_problem`.

    Decided from the JSON text alone, with a few string operations that run at C speed, so the
    usual entry skips the walk over every value: no string is longer than the text it came
    from; a text without ``\\u`` escapes that encodes to UTF-8 yields no lone surrogate; and
    no value nests deeper than the text has opening brackets, or, when it has many (an entry
    with many events), than its brackets outside strings nest (:func:`_nesting`). ``False``
    means "walk to find out", not "refused".
    """
    if len(source) > limits.max_string or "\\u" in source:
        return False
    if depth - 1 + source.count("[") + source.count("{") > limits.max_depth:
        nesting = _nesting(source)
        if nesting is None or depth - 1 + nesting > limits.max_depth:
            return False
    if not source.isascii():
        try:
            source.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _value_problem(value: Any, depth: int, limits: LogLimits) -> str | None:
    """What is wrong with a decoded value under ``limits``: depth, string length, encoding."""
    stack: list[tuple[Any, int]] = [(value, depth)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            problem = _string_problem(item, limits)
            if problem is not None:
                return problem
        elif isinstance(item, list | dict):
            if level > limits.max_depth:
                return f"nested deeper than the limit of {limits.max_depth} levels"
            if isinstance(item, dict):
                stack.extend((key, level) for key in item)
                stack.extend((v, level + 1) for v in item.values())
            else:
                stack.extend((v, level + 1) for v in item)
    return None


def _string_problem(text: str, limits: LogLimits) -> str | None:
    if len(text) > limits.max_string:
        return (
            f"a string of {len(text)} characters (the limit is {limits.max_string}): "
            f"{shorten(text)}"
        )
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return f"the string {shorten(text)} holds a lone surrogate (not Unicode text)"
    return None


class Document:
    """A log document being read: its format version and header, then its entries one by one.

    Build it with :func:`parse_document`. :meth:`raw_entries` reads the entries lazily; it can be
    iterated once.
    """

    def __init__(self, text: str, limits: LogLimits) -> None:
        self.limits = limits
        self._scan = _Scanner(text, limits)
        self._fields: dict[str, Any] = {}
        self._entries_read = False
        self._open()

    @property
    def version(self) -> int:
        """The log format version (already checked)."""
        version: int = self._fields["boardkit_log"]
        return version

    @property
    def header_json(self) -> Any:
        """The header as decoded JSON (not yet checked)."""
        return self._fields.get("header")

    def _open(self) -> None:
        """Read the top-level fields up to the entry list (or the end), and the version."""
        scan = self._scan
        if not scan.text.strip():  # an empty file, or one a crash left blank
            raise InvalidLogError("not a boardkit log: it is empty")
        if not scan.at("{"):
            found = shorten(scan.text[scan.pos : scan.pos + 20])
            raise InvalidLogError(f"not a boardkit log (not a JSON object; it starts {found})")
        self._closed = scan.at("}")
        while not self._closed:
            key = self._key()
            if key == "entries" and {"boardkit_log", "header"} <= set(self._fields):
                scan.expect("[", "to open the entry list")
                break
            self._fields[key] = scan.value(2)
            self._closed = self._after_field()
        if "boardkit_log" not in self._fields:
            raise InvalidLogError("not a boardkit log (no 'boardkit_log' format field)")
        _check_version(self._fields["boardkit_log"])
        if self._closed and "entries" not in self._fields:
            raise InvalidLogError("missing entry list")

    def _key(self) -> str:
        scan = self._scan
        scan.skip_space()
        key = scan.value(2)
        if not isinstance(key, str):
            raise InvalidLogError(f"expected a field name at character {scan.pos}")
        if key not in ("boardkit_log", "header", "entries"):
            raise InvalidLogError(f"unexpected top-level field {shorten(key)}")
        if key in self._fields:
            raise InvalidLogError(f"the top-level field {key!r} appears twice")
        scan.expect(":", "after a field name")
        return key

    def _after_field(self) -> bool:
        """Consume ``,`` or the closing ``}``; whether the document is closed."""
        if self._scan.at(","):
            return False
        self._scan.expect("}", "to close the log")
        return True

    def raw_entries(self) -> Iterator[tuple[int, Any]]:
        """The entries' JSON values with their positions, decoded one at a time."""
        if self._entries_read:
            raise RuntimeError("a Document's entries can be read once")
        self._entries_read = True
        if "entries" in self._fields:
            yield from self._decoded_entries(self._fields["entries"])
        else:
            yield from self._streamed_entries()
        self._finish()

    def _decoded_entries(self, raw: Any) -> Iterator[tuple[int, Any]]:
        if not isinstance(raw, list):
            raise InvalidLogError("the entry list is not a JSON list")
        if len(raw) > self.limits.max_entries:
            raise InvalidLogError(self._too_many())
        yield from enumerate(raw)

    def _streamed_entries(self) -> Iterator[tuple[int, Any]]:
        scan = self._scan
        index = 0
        more = not scan.at("]")  # an empty list ends here, and the document goes on after it
        while more:
            if index >= self.limits.max_entries:
                raise InvalidLogError(self._too_many(), index)
            yield index, scan.entry(3, index)
            if not scan.at(","):
                scan.expect("]", "or ',' after an entry", index)
                more = False
            index += 1
        self._fields["entries"] = None
        self._closed = self._after_field()

    def _too_many(self) -> str:
        return (
            f"more than the limit of {self.limits.max_entries} entries; "
            "raise LogLimits.max_entries to read it"
        )

    def _finish(self) -> None:
        """Read what follows the entries: other fields, the closing brace, nothing after."""
        scan = self._scan
        while not self._closed:
            key = self._key()
            self._fields[key] = scan.value(2)
            self._closed = self._after_field()
        scan.skip_space()
        if scan.pos != len(scan.text):
            raise InvalidLogError(f"unexpected text after the log's end (character {scan.pos})")
        if "header" not in self._fields:
            raise InvalidLogError("missing header")


def _check_version(version: object) -> None:
    if type(version) is not int:
        raise InvalidLogError(f"log format version must be an int, not {shorten(version)}")
    if version == 1:
        raise InvalidLogError(
            "written in log format 1 by boardkit 0.1, whose random streams (SplitMix64, 63-bit "
            "seeds, no commitment) this boardkit no longer has, so it cannot re-check the deal; "
            "replay or show it with boardkit 0.1 (pip install 'boardkit<0.2' in a separate "
            "environment); see docs/log-format.md, 'Format 1'"
        )
    if version > LOG_FORMAT_VERSION:
        raise InvalidLogError(
            f"written in log format {version}; this boardkit reads format {LOG_FORMAT_VERSION}"
        )
    if version != LOG_FORMAT_VERSION:
        raise InvalidLogError(f"unknown log format {version}")


def parse_document(text: str | bytes, limits: LogLimits | None = None) -> Document:
    """Start reading a log: size, encoding and format version checked; entries not yet decoded.

    ``text`` may be bytes (UTF-8, with or without a byte-order mark) or text.
    """
    limits = DEFAULT_LIMITS if limits is None else limits
    return Document(_as_text(text, limits), limits)


# --- reading: the header -------------------------------------------------------------------------

_HEADER_TYPES: dict[str, type] = {
    "game": str,
    "game_version": str,
    "players": list,
    "options": dict,
    "seed": str,
    "salt": str,
    "seed_commitment": str,
    "viewer": object,
    "start_position": str,
    "seats": list,
}
_FULL_KEYS = frozenset({"game", "game_version", "players", "options", "seed", "salt"})
_REDACTED_KEYS = frozenset({"game", "game_version", "players", "options", "viewer"})
_HEX = re.compile(r"[0-9a-f]*")
_DECIMAL = re.compile(r"0|[1-9][0-9]*")


def parse_header(doc: Document) -> LogHeader:
    """The header of a log document (shape and types; the game checks the options).

    A full header must hold a seed whose commitment matches; a redacted header holds a viewer
    and no seed or salt.
    """
    head = doc.header_json
    if not isinstance(head, dict):
        raise InvalidLogError("missing or malformed header")
    unknown = sorted(set(head) - set(_HEADER_TYPES))
    if unknown:
        raise InvalidLogError(
            f"unexpected header {noun_for(len(unknown), 'field')}: "
            + shorten_text(", ".join(unknown))
        )
    redacted = "viewer" in head
    for key in sorted((_REDACTED_KEYS if redacted else _FULL_KEYS) | {"seed_commitment"}):
        if key not in head:
            raise InvalidLogError(f"header has no {key!r}")
        kind = _HEADER_TYPES[key]
        if kind is not object and type(head[key]) is not kind:
            raise InvalidLogError(
                f"header {key!r} must be a {kind.__name__}, not {shorten(head[key])}"
            )
    if redacted and ("seed" in head or "salt" in head):
        raise InvalidLogError("a redacted header (with a 'viewer') must not hold seed or salt")
    if not all(isinstance(p, str) for p in head["players"]):
        raise InvalidLogError("header 'players' must be a list of names")
    start = head.get("start_position")
    if start is not None and type(start) is not str:
        raise InvalidLogError(f"header 'start_position' must be a str, not {shorten(start)}")
    seats = head.get("seats")
    if seats is not None:
        if type(seats) is not list:
            raise InvalidLogError(f"header 'seats' must be a list, not {shorten(seats)}")
        problem = seats_problem(seats, len(head["players"]))
        if problem:
            raise InvalidLogError(problem)
    commitment = _hex_field(head, "seed_commitment", 32)
    header = LogHeader(
        game=head["game"],
        game_version=head["game_version"],
        players=head["players"],
        options=head["options"],
        seed=None if redacted else _seed_field(head["seed"]),
        salt=None if redacted else _hex_field(head, "salt", SALT_BYTES),
        seed_commitment=commitment.hex(),
        viewer=_viewer_field(head["viewer"], len(head["players"])) if redacted else FULL,
        format_version=doc.version,
        start_position=start,
        seats=seats,
    )
    if not redacted and not header.commitment_holds():
        raise InvalidLogError("the seed and salt do not give the seed_commitment: the seed changed")
    return header


def _seed_field(text: str) -> int:
    if len(text) > 40 or not _DECIMAL.fullmatch(text):
        raise InvalidLogError(f"header 'seed' must be a decimal number, not {shorten(text)}")
    seed = int(text)
    if seed >> SEED_BITS:
        raise InvalidLogError(f"header 'seed' must be below 2**{SEED_BITS}")
    return seed


def _hex_field(head: dict[str, Any], key: str, size: int) -> bytes:
    text: str = head[key]
    if len(text) != 2 * size or not _HEX.fullmatch(text):
        raise InvalidLogError(
            f"header {key!r} must be {2 * size} lower-case hex digits, not {shorten(text)}"
        )
    return bytes.fromhex(text)


def _viewer_field(value: object, players: int) -> int | None:
    if value == _SPECTATOR:
        return None
    if type(value) is not int or not 0 <= value < players:
        raise InvalidLogError(
            f"header 'viewer' must be a seat (0 to {players - 1}) or {_SPECTATOR!r}, "
            f"not {shorten(value)}"
        )
    return value


def check_header_for(game: Game[Any, Any], header: LogHeader) -> None:
    """Refuse a header written for another game, or for rules this game cannot replay.

    ``game_version`` is the game's rules version, ``MAJOR.MINOR`` (two numbers without leading
    zeros). A minor version adds to the rules without changing how a log replays; a major
    version changes them. So a log is read when its version has the installed major and a minor
    no greater than the installed one; a newer version (major or minor) and an older major are
    refused, as is a version not of that form.
    """
    if header.game != game.name:
        raise InvalidLogError(f"written for game {shorten(header.game)}, not {game.name!r}")
    written = _version_tuple(header.game_version, "the log's game_version")
    try:
        installed = _version_tuple(game.version, f"{game.name}'s version")
    except InvalidLogError as exc:
        raise GameDefinitionError(exc.reason) from None
    shown = shorten_text(header.game_version)
    if written > installed:
        raise InvalidLogError(
            f"written by {game.name} {shown}, newer than the installed {game.version}; "
            "update the game to read it"
        )
    if written[0] < installed[0]:
        raise InvalidLogError(
            f"written by {game.name} {shown}, whose rules the installed {game.version} no longer "
            f"replays (major version {written[0]}, not {installed[0]}); read it with a "
            f"{game.name} {written[0]}.x"
        )


_VERSION = re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})")


def _version_tuple(text: str, what: str) -> tuple[int, int]:
    match = _VERSION.fullmatch(text) if len(text) <= 19 else None
    if match is None:
        raise InvalidLogError(f'{what} {shorten(text)} is not of the form MAJOR.MINOR ("1.2")')
    return int(match[1]), int(match[2])


# --- reading: entries ----------------------------------------------------------------------------


def iter_entries(game: Game[Any, Any], doc: Document) -> Iterator[Entry]:
    """The entries of a document, each decoded just before it is yielded.

    Stops at the first malformed entry with an :class:`~boardkit.errors.InvalidLogError`.
    """
    codec = codec_for(game)
    count = 0
    for index, item in doc.raw_entries():
        yield _decode_entry(codec, index, item)
        count += 1
    if count == 0:
        raise InvalidLogError("the log has no setup entry")


def _decode_entry(codec: Any, index: int, item: Any) -> Entry:
    if not isinstance(item, dict):
        raise InvalidLogError("an entry must be a JSON object", index)
    if item.keys() != _ENTRY_KEY_SET:
        raise InvalidLogError(f"an entry has exactly the fields {', '.join(_ENTRY_KEYS)}", index)
    if type(item["seq"]) is not int or item["seq"] != index:
        raise InvalidLogError(
            f"sequence number {shorten(item['seq'])} where {index} belongs", index
        )
    player, action_data, events_data = item["player"], item["action"], item["events"]
    if index == 0:
        if player is not None or action_data is not None:
            raise InvalidLogError("the setup entry has no player and no action", index)
    elif type(player) is not int or action_data is None:
        raise InvalidLogError("an entry after the setup needs a player and an action", index)
    if not isinstance(events_data, list):
        raise InvalidLogError("'events' must be a list", index)
    try:
        action = None if action_data is None else codec.actions.load(action_data)
        events = codec.events.load_all(events_data)
    except CodecError as exc:
        raise InvalidLogError(str(exc), index) from None
    return Entry(index, player, action, events)


def parse_entries(game: Game[Any, Any], doc: Document) -> list[Entry]:
    """Every entry of a document, decoded (see :func:`iter_entries` for the lazy way)."""
    return list(iter_entries(game, doc))
