"""Seat changes: the log's record of who held a seat after the match began.

A server match may change hands while it runs: a player's clock runs out and a bot takes the
seat, a player leaves and a bot plays on, the player comes back, or a seat forfeits. Each change
is a :class:`SeatChange` in the header's ``seat_changes`` list, in the order they happened, so
that whoever replays the log sees why a bot chose for a seat that a person held.

The record is metadata, like the header's ``seats``: replay and verification do not need it to
fold or check an entry (a bot's action is an action of its seat like any other), and a redacted
log keeps it (who held a seat is no secret). It is written only when a change happened, so a log
without changes reads as every log before it did. The strict reader checks its shape
(:func:`parse_seat_changes`), and the replay checks that no change lies past the log's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from boardkit.errors import InvalidLogError, shorten

TIMEOUT = "timeout"
"""The seat's clock ran out while it owed a decision."""
LEFT = "left"
"""The seat's player left the table."""
RETURNED = "returned"
"""The holder of the seat's token took it back."""
REASONS = (TIMEOUT, LEFT, RETURNED)
"""Why a seat changed hands."""

HUMAN = "human"
"""The holder of a seat that a person plays."""
FORFEIT = "forfeit"
"""The holder of a seat that forfeited: the match ended there, the seat lost."""

MAX_HOLDER_CHARS = 200
"""The longest holder a seat change may name (a bot spec)."""

FIELDS = ("at", "seat", "holder", "reason")
"""The fields of a seat change in the JSON text, in the order they are written."""


@frozen
class SeatChange:
    """Seat ``seat`` changed hands after ``at`` entries (the setup counted): the decisions of
    entries ``at`` and later are ``holder``'s, ``"human"``, a bot's name, or :data:`FORFEIT`.
    ``reason`` is one of :data:`REASONS`."""

    at: int
    seat: int
    holder: str
    reason: str


def seat_change_to_json(change: SeatChange) -> dict[str, Any]:
    """One seat change as a JSON object."""
    return {
        "at": change.at,
        "seat": change.seat,
        "holder": change.holder,
        "reason": change.reason,
    }


def parse_seat_changes(value: object, players: int) -> tuple[SeatChange, ...]:
    """The header's ``seat_changes`` read strictly, or an :class:`InvalidLogError` naming the
    first malformed record: each an object with exactly :data:`FIELDS`; ``at`` an int of at
    least 1, never smaller than the record before it; ``seat`` a seat of the match; ``holder``
    a non-empty printable string of at most :data:`MAX_HOLDER_CHARS`; ``reason`` one of
    :data:`REASONS`; nothing after a forfeit."""
    if type(value) is not list:
        raise InvalidLogError(f"header 'seat_changes' must be a list, not {shorten(value)}")
    changes: list[SeatChange] = []
    for k, item in enumerate(value):
        where = f"header 'seat_changes' item {k}"
        if type(item) is not dict or set(item) != set(FIELDS):
            raise InvalidLogError(
                f"{where} must be an object with exactly the fields {', '.join(FIELDS)}, "
                f"not {shorten(item)}"
            )
        at, seat, holder, reason = (item[f] for f in FIELDS)
        if type(at) is not int or at < 1:
            raise InvalidLogError(f"{where}: 'at' must be an int of at least 1, not {shorten(at)}")
        if changes and at < changes[-1].at:
            raise InvalidLogError(f"{where}: 'at' {at} comes before the change listed before it")
        if changes and changes[-1].holder == FORFEIT:
            raise InvalidLogError(f"{where}: no seat change may follow a forfeit")
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidLogError(
                f"{where}: 'seat' must be a seat (0 to {players - 1}), not {shorten(seat)}"
            )
        if (
            type(holder) is not str
            or not holder.strip()
            or len(holder) > MAX_HOLDER_CHARS
            or not holder.isprintable()
        ):
            raise InvalidLogError(
                f"{where}: 'holder' must be a non-empty printable string of at most "
                f"{MAX_HOLDER_CHARS} characters, not {shorten(holder)}"
            )
        if reason not in REASONS:
            raise InvalidLogError(
                f"{where}: 'reason' must be one of {', '.join(REASONS)}, not {shorten(reason)}"
            )
        changes.append(SeatChange(at, seat, holder, reason))
    return tuple(changes)


def check_seat_changes_fit(changes: Sequence[SeatChange], entries: int) -> None:
    """Refuse a seat change recorded after the log's last entry (``entries`` entries in all):
    a change happens between two entries, or after the last one, never later."""
    for k, change in enumerate(changes):
        if change.at > entries:
            raise InvalidLogError(
                f"header 'seat_changes' item {k} is at entry {change.at}, past the log's "
                f"{entries} entries"
            )


def holder_at(changes: Sequence[SeatChange], seat: int, seq: int, first: str = HUMAN) -> str:
    """Who held ``seat`` when entry ``seq`` was decided: the holder of the last change of that
    seat at or before ``seq``, or ``first`` (who sat there from the start)."""
    holder = first
    for change in changes:
        if change.seat == seat and change.at <= seq:
            holder = change.holder
    return holder


def forfeited(changes: Sequence[SeatChange]) -> SeatChange | None:
    """The forfeit that ended the match, or ``None``."""
    return changes[-1] if changes and changes[-1].holder == FORFEIT else None
