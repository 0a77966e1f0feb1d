"""The event log: the save file, the replay file, the bug report and the test fixture.

A log is a header (log format version, game name and version, players, options, seed) and a list
of entries. Entry 0 holds the setup events and no action; every later entry holds the player who
acted, the action and every event it caused (the hooks' events included). The JSON text is
deterministic: the same match always gives the same bytes.

Reading is strict and all-or-nothing: the first bad entry stops it with an
:class:`~boardkit.errors.InvalidLogError` naming the entry and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from attrs import field, frozen

from boardkit.codec import JSON, CodecError, codec_for
from boardkit.errors import InvalidLogError
from boardkit.game import Game
from boardkit.options import OptionValue

LOG_FORMAT_VERSION = 1
"""The log format this boardkit writes, and the newest it reads."""

_ENTRY_KEYS = ("seq", "player", "action", "events")


def _tuple(value: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(value)


@frozen
class LogHeader:
    """Everything needed to set the game up again: game, version, players, options, seed."""

    game: str
    game_version: str
    players: tuple[str, ...] = field(converter=_tuple)
    options: dict[str, OptionValue]
    seed: int
    format_version: int = LOG_FORMAT_VERSION


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


# --- writing -------------------------------------------------------------------------------------


def header_to_json(header: LogHeader) -> JSON:
    """The header as a JSON object."""
    return {
        "game": header.game,
        "game_version": header.game_version,
        "players": list(header.players),
        "options": dict(header.options),
        "seed": header.seed,
    }


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


# --- reading -------------------------------------------------------------------------------------


def _version_tuple(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.split("."))
    except ValueError:
        raise InvalidLogError(f"game version {text!r} is not of the form MAJOR.MINOR") from None


def parse_document(text: str) -> dict[str, Any]:
    """The top-level JSON object of a log, with its format version checked."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidLogError(f"not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or "boardkit_log" not in doc:
        raise InvalidLogError("not a boardkit log (no 'boardkit_log' format field)")
    version = doc["boardkit_log"]
    if type(version) is not int:
        raise InvalidLogError(f"log format version must be an int, not {version!r}")
    if version > LOG_FORMAT_VERSION:
        raise InvalidLogError(
            f"written in log format {version}; this boardkit reads up to {LOG_FORMAT_VERSION}"
        )
    if version < 1:
        raise InvalidLogError(f"unknown log format {version}")
    extra = sorted(set(doc) - {"boardkit_log", "header", "entries"})
    if extra:
        raise InvalidLogError(f"unexpected top-level field(s): {', '.join(extra)}")
    return doc


def parse_header(doc: dict[str, Any]) -> LogHeader:
    """The header of a parsed log document (shape and types only; the game checks the rest)."""
    head = doc.get("header")
    if not isinstance(head, dict):
        raise InvalidLogError("missing or malformed header")
    want = {"game": str, "game_version": str, "players": list, "options": dict, "seed": int}
    for key, kind in want.items():
        if key not in head:
            raise InvalidLogError(f"header has no {key!r}")
        if type(head[key]) is not kind:
            raise InvalidLogError(f"header {key!r} must be a {kind.__name__}, not {head[key]!r}")
    extra = sorted(set(head) - set(want))
    if extra:
        raise InvalidLogError(f"unexpected header field(s): {', '.join(extra)}")
    if not all(isinstance(p, str) for p in head["players"]):
        raise InvalidLogError("header 'players' must be a list of names")
    return LogHeader(
        game=head["game"],
        game_version=head["game_version"],
        players=head["players"],
        options=head["options"],
        seed=head["seed"],
        format_version=doc["boardkit_log"],
    )


def check_header_for(game: Game[Any, Any], header: LogHeader) -> None:
    """Refuse a header written for another game or a newer version of this one."""
    if header.game != game.name:
        raise InvalidLogError(f"written for game {header.game!r}, not {game.name!r}")
    if _version_tuple(header.game_version) > _version_tuple(game.version):
        raise InvalidLogError(
            f"written by {game.name} {header.game_version}, newer than the installed {game.version}"
        )


def parse_entries(game: Game[Any, Any], doc: dict[str, Any]) -> list[Entry]:
    """Every entry of a parsed document, decoded; stops at the first malformed one."""
    raw = doc.get("entries")
    if not isinstance(raw, list):
        raise InvalidLogError("missing or malformed entry list")
    if not raw:
        raise InvalidLogError("the log has no setup entry")
    codec = codec_for(game)
    entries: list[Entry] = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            raise InvalidLogError("an entry must be a JSON object", index)
        if sorted(item) != sorted(_ENTRY_KEYS):
            raise InvalidLogError(
                f"an entry has exactly the fields {', '.join(_ENTRY_KEYS)}", index
            )
        if item["seq"] != index or type(item["seq"]) is not int:
            raise InvalidLogError(f"sequence number {item['seq']!r} where {index} belongs", index)
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
            events = tuple(codec.events.load(e) for e in events_data)
        except CodecError as exc:
            raise InvalidLogError(str(exc), index) from None
        entries.append(Entry(index, player, action, events))
    return entries
