"""The lobby's side of the server: a new match checked field by field, seat names, and the rows
of the match lists.

:func:`new_match` reads a client's request for a match (its seats, options, think time, pinned
seed, entry cap and clock) and makes the match and its database row, or refuses with a
:class:`~boardkit.server.errors.ProtocolError` that names the field; it stores nothing (the
match service does). The names people join with are cleaned and made distinct here
(:func:`clean_name`, :func:`distinct_name`), and the rows of the lobby's list and of a player
key's "my matches" list are built here (:func:`record_row`, :func:`my_match_row`).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from boardkit.bots.registry import BOTS
from boardkit.errors import BoardkitError, shorten
from boardkit.log import Log, entry_to_json, header_to_json, log_to_json
from boardkit.match import Match
from boardkit.options import distinct_names
from boardkit.registry import load_game
from boardkit.server.clocks import parse_clock
from boardkit.server.errors import NotFoundError, ProtocolError
from boardkit.server.live import compact
from boardkit.server.players import seat_token
from boardkit.server.storage import OPEN, RUNNING, MatchRecord, SeatRecord

MAX_NAME = 32


def clean_name(name: object, fallback: str) -> str:
    """A seat name as shown to others: printable, at most :data:`MAX_NAME` characters."""
    if not isinstance(name, str):
        return fallback
    text = "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME]
    return text or fallback


def distinct_name(name: str, others: set[str]) -> str:
    """``name``, numbered (``ann#2``) while another seat has it already (``others`` are
    casefolded): a player cannot pass for another seat or for a bot in the seat list and the
    narration ("bob consents")."""
    label, k = name, 1
    while label.casefold() in others:
        k += 1
        suffix = f"#{k}"
        label = name[: MAX_NAME - len(suffix)] + suffix
    return label


def seat_records(seats: Sequence[Mapping[str, Any]]) -> list[SeatRecord]:
    """The seats of a new match, each ``{"bot": NAME}`` or ``{"human": true}``, named (two
    bots of one kind are ``random bot`` and ``random bot#2``)."""
    records = []
    for i, seat in enumerate(seats):
        human = isinstance(seat, Mapping) and set(seat) == {"human"} and seat["human"] is True
        bot = isinstance(seat, Mapping) and set(seat) == {"bot"}
        if not (human or bot):
            raise ProtocolError(
                f"seat {i + 1}: a seat is {{'human': true}} or {{'bot': NAME}}, "
                f"not {shorten(seat, 60)}"
            )
        if human:
            records.append(SeatRecord(i, "human", f"seat {i + 1}"))
            continue
        spec = seat["bot"]
        if not isinstance(spec, str) or spec not in BOTS:
            raise ProtocolError(
                f"seat {i + 1}: a bot is one of {', '.join(sorted(BOTS))}, by its name alone "
                "(a bot's budget is the server's to set, not a client's)"
            )
        records.append(SeatRecord(i, "bot", f"{spec} bot", spec, True))
    names = distinct_names([r.name for r in records])
    return [attrs.evolve(r, name=name) for r, name in zip(records, names, strict=True)]


def new_match(
    game_name: str,
    seats: Sequence[Mapping[str, Any]],
    options: Mapping[str, object] | None,
    think: object,
    seed: object,
    cap: object,
    clock: object,
    *,
    pinned_seeds: bool,
) -> tuple[Match[Any], MatchRecord, str]:
    """A new match as a client asked for it (see :meth:`MatchService.create
    <boardkit.server.service.MatchService.create>`), its row and its first entry's stored
    text; a :class:`ProtocolError` naming the first field that is wrong."""
    control = None if clock is None else parse_clock(clock)
    try:
        game = load_game(game_name)
    except BoardkitError:
        raise NotFoundError(f"no game {shorten(game_name, 40)} is installed") from None
    records = seat_records(seats)
    if type(think) is not int or not 0 <= think <= 60_000:
        raise ProtocolError("think_ms is an int from 0 to 60000")
    if seed is not None and not pinned_seeds:
        raise ProtocolError("this server does not take pinned seeds", "no_pinned_seeds")
    if seed is not None and not (
        isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 40
    ):  # "²" is a digit to str.isdigit, and int("²") a ValueError (an internal error)
        raise ProtocolError("a seed is a string of at most 40 decimal digits (0-9)")
    pinned = None if seed is None else int(str(seed))
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int)):
        raise ProtocolError(f"cap is an int (the most log entries), not {shorten(cap, 40)}")
    try:
        match = Match.new(game, [s.name for s in records], options, pinned, cap=cap)
    except BoardkitError as exc:
        raise ProtocolError(str(exc)) from None
    status = OPEN if any(s.kind == "human" for s in records) else RUNNING
    header = match.header
    if control is not None:
        header = attrs.evolve(header, time_control=control.text())
        match = Match.from_json(log_to_json(game, Log(header, match.log.entries)), game)
    record = MatchRecord(
        id=uuid.uuid4().hex[:16],
        game=game.name,
        header=compact(header_to_json(header)),
        seats=tuple(records),
        status=status,
        created=time.time(),
        think_ms=think,
        length=1,
    )
    return match, record, compact(entry_to_json(game, match.log.entries[0]))


def record_row(record: MatchRecord) -> dict[str, Any]:
    """A match not held in memory, as the lobby lists it (from its row alone)."""
    return {
        "id": record.id,
        "game": record.game,
        "title": record.game,
        "status": record.status,
        "seats": [
            {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "taken": s.taken}
            for s in record.seats
        ],
        "entries": record.length,
    }


def my_match_row(record: MatchRecord, seat: int, player: str, *, turn: bool) -> dict[str, Any]:
    """One of a player key's seats as "my matches" lists it, its token derived from the key."""
    return {
        "id": record.id,
        "game": record.game,
        "status": record.status,
        "seat": seat,
        "token": seat_token(player, record.id, seat),
        "names": [s.name for s in record.seats],
        "entries": record.length,
        "your_turn": turn,
        "created": record.created,
    }
