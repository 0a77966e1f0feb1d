"""From a read :class:`~boardkit.log.reader.Document` to the log's objects: the header checked
field by field and against its game, then the entries decoded one at a time (so a bad entry 1 is
reported before entry 2 is looked at), each failure an :class:`~boardkit.errors.InvalidLogError`
naming the entry and the reason."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from boardkit.codec import MISS, CodecError, codec_for
from boardkit.english import noun_for
from boardkit.errors import GameDefinitionError, InvalidLogError, shorten, shorten_text
from boardkit.game import Game
from boardkit.log.commitment import SALT_BYTES
from boardkit.log.model import (
    ENTRY_KEYS,
    FULL,
    SPECTATOR,
    Entry,
    LogHeader,
    decoded_entry,
    seats_problem,
)
from boardkit.log.reader import Document
from boardkit.log.seating import MAX_HOLDER_CHARS, parse_seat_changes
from boardkit.options import MIN_CAP
from boardkit.rng import SEED_BITS

_ENTRY_KEY_SET = frozenset(ENTRY_KEYS)
_ENTRY_KEY_COUNT = len(_ENTRY_KEY_SET)

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
    "cap": int,
    "seat_changes": list,
    "time_control": str,
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
    cap = head.get("cap")
    if "cap" in head and (type(cap) is not int or cap < MIN_CAP):
        raise InvalidLogError(
            f"header 'cap' must be an int of at least {MIN_CAP}, not {shorten(cap)}"
        )
    changes = (
        parse_seat_changes(head["seat_changes"], len(head["players"]))
        if "seat_changes" in head
        else ()
    )
    control = head.get("time_control")
    if "time_control" in head and (
        type(control) is not str
        or not control.strip()
        or len(control) > MAX_HOLDER_CHARS
        or not control.isprintable()
    ):
        raise InvalidLogError(
            "header 'time_control' must be a non-empty printable string of at most "
            f"{MAX_HOLDER_CHARS} characters, not {shorten(control)}"
        )
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
        cap=cap,
        seat_changes=changes,
        time_control=control,
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
    if value == SPECTATOR:
        return None
    if type(value) is not int or not 0 <= value < players:
        raise InvalidLogError(
            f"header 'viewer' must be a seat (0 to {players - 1}) or {SPECTATOR!r}, "
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
    actions, load_events = codec.actions.fast_loads(), codec.events.load_all
    count = 0
    for index, item in doc.raw_entries():
        # The usual entry, as _decode_entry takes it, written out: a plain action the codec's
        # precompiled function accepts as it is. Anything else goes through _decode_entry,
        # which decides it the same way and words any refusal.
        if type(item) is dict and len(item) == _ENTRY_KEY_COUNT and index:
            seq, player = item.get("seq"), item.get("player")
            data, events = item.get("action"), item.get("events")
            if (  # all four keys are there (no value is None), so there is no other key
                type(seq) is int
                and seq == index
                and type(player) is int
                and type(data) is dict
                and type(events) is list
            ):
                tag = data.get("type")
                load = actions.get(tag) if type(tag) is str else None
                action = MISS if load is None else load(data)
                if action is not MISS:
                    try:
                        decoded = load_events(events)
                    except CodecError as exc:
                        raise InvalidLogError(str(exc), index) from None
                    yield decoded_entry(index, player, action, decoded)
                    count += 1
                    continue
        yield _decode_entry(codec, index, item)
        count += 1
    if count == 0:
        raise InvalidLogError("the log has no setup entry")


def _decode_entry(codec: Any, index: int, item: Any) -> Entry:
    if not isinstance(item, dict):
        raise InvalidLogError("an entry must be a JSON object", index)
    if item.keys() != _ENTRY_KEY_SET:
        raise InvalidLogError(f"an entry has exactly the fields {', '.join(ENTRY_KEYS)}", index)
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
