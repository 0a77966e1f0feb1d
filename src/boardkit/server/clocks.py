"""Clocks of a server match: the time control, each seat's time, and when a seat runs out.

A match may be created with a *time control* (:class:`TimeControl`): **real time** gives each
seat a bank of seconds and adds an increment after each of its decisions; **correspondence**
gives each decision a fixed number of days. Only a seat that a person holds and that owes the
decision runs its clock: a bot's seat (from the start, or a bot that took over) does not.

:class:`Clocks` is the pure arithmetic, driven by the time its caller passes in (the match
service passes the wall clock; unit tests pass numbers and never sleep). The service tells it
who must decide after every change (:meth:`Clocks.switch`), asks when the running seat runs out
(:meth:`Clocks.deadline`), and at that moment applies the match's policy
(:attr:`TimeControl.on_timeout`): a bot takes the seat, or the seat forfeits.

A time control is written as one line of text (:meth:`TimeControl.text`, read by
:func:`read_time_control`), kept in the log header's ``time_control``: ``realtime 300+5 bot``,
``correspondence 3d forfeit``.

The clocks' state (:meth:`Clocks.state`: each seat's time as of the last switch, the running
seat, when it started) is kept beside the log header in the match's stored header, under
:data:`STATE_KEY`, written in the same transaction as each entry, so that a restarted server
goes on with the times the players had (:meth:`Clocks.restore`). It is the server's, not the
log's: :func:`split_stored_header` takes it out before the header is read as a log's.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from boardkit.errors import shorten
from boardkit.server.errors import ProtocolError

REALTIME = "realtime"
"""A bank of seconds per seat, and an increment after each decision."""
CORRESPONDENCE = "correspondence"
"""A fixed number of days for each decision."""
KINDS = (REALTIME, CORRESPONDENCE)

BOT = "bot"
"""On timeout a bot takes the seat (:data:`TAKEOVER_BOT`); the player may take it back."""
FORFEIT = "forfeit"
"""On timeout the seat forfeits and the match ends."""
POLICIES = (BOT, FORFEIT)

TAKEOVER_BOT = "greedy"
"""The default of :attr:`Game.opponent <boardkit.game.Game.opponent>`: the bot that takes a
seat whose clock ran out, or whose player left, in a game that names no stronger opponent and
on a server that names no takeover bot of its own (``boardkit serve --takeover-bot``)."""

STATE_KEY = "server_clocks"
"""The key of the clocks' state in a match's stored header (never in a log the server writes)."""

MAX_BANK = 7 * 86400.0
"""The largest real-time bank or increment, in seconds (a week)."""
MAX_DAYS = 60.0
"""The most days a correspondence decision may be given."""
DAY = 86400.0

_TEXT = re.compile(
    r"(?:realtime (?P<bank>[0-9]+(?:\.[0-9]+)?)\+(?P<inc>[0-9]+(?:\.[0-9]+)?)"
    r"|correspondence (?P<days>[0-9]+(?:\.[0-9]+)?)d) (?P<policy>bot|forfeit)"
)


def _number(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ProtocolError(f"clock: {name} is a number, not {shorten(value, 40)}", "bad_clock")
    if not low <= value <= high:
        raise ProtocolError(
            f"clock: {name} is from {low:g} to {high:g}, not {value:g}", "bad_clock"
        )
    return float(value)


@frozen
class TimeControl:
    """How much time each seat has: ``kind`` :data:`REALTIME` (``bank`` seconds per seat and
    ``increment`` seconds after each decision) or :data:`CORRESPONDENCE` (``bank`` seconds for
    each decision, a whole number of days or a part of one); ``on_timeout`` is :data:`BOT` or
    :data:`FORFEIT`."""

    kind: str
    bank: float
    increment: float = 0.0
    on_timeout: str = BOT

    def text(self) -> str:
        """The control as one line, as the log header keeps it."""
        if self.kind == REALTIME:
            return f"realtime {self.bank:g}+{self.increment:g} {self.on_timeout}"
        return f"correspondence {self.bank / DAY:g}d {self.on_timeout}"

    def to_json(self) -> dict[str, Any]:
        """The control as the page and the lobby show it."""
        data: dict[str, Any] = {"kind": self.kind, "on_timeout": self.on_timeout}
        if self.kind == REALTIME:
            data.update(bank=self.bank, increment=self.increment)
        else:
            data["days"] = self.bank / DAY
        return data

    @property
    def grace(self) -> float:
        """The least time a real-time seat comes back with (its increment, or a tenth of the
        bank when more), so that a player who takes his seat back is not out of time at once."""
        return max(self.increment, self.bank / 10)


def parse_clock(data: object) -> TimeControl:
    """The ``clock`` of a new match as a client sends it, checked field by field:
    ``{"kind": "realtime", "bank": SECONDS, "increment": SECONDS, "on_timeout": "bot"}`` or
    ``{"kind": "correspondence", "days": DAYS, "on_timeout": "forfeit"}`` (``on_timeout``
    defaults to ``"bot"``, ``increment`` to 0). Anything else is a :class:`ProtocolError` of
    code ``bad_clock`` that names the field."""
    if not isinstance(data, dict):
        raise ProtocolError("clock is a JSON object with a 'kind'", "bad_clock")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ProtocolError(
            f"clock: kind is {' or '.join(KINDS)}, not {shorten(kind, 40)}", "bad_clock"
        )
    fields: tuple[str, ...] = ("kind", "bank", "increment", "on_timeout")
    if kind == CORRESPONDENCE:
        fields = ("kind", "days", "on_timeout")
    extra = sorted(set(data) - set(fields))
    if extra:
        raise ProtocolError(
            f"clock: unknown field {shorten(extra[0], 40)}; a {kind} clock has "
            + ", ".join(fields),
            "bad_clock",
        )
    policy = data.get("on_timeout", BOT)
    if policy not in POLICIES:
        raise ProtocolError(
            f"clock: on_timeout is {' or '.join(POLICIES)}, not {shorten(policy, 40)}",
            "bad_clock",
        )
    if kind == REALTIME:
        bank = _number(data.get("bank"), "bank (seconds)", 1.0, MAX_BANK)
        increment = _number(data.get("increment", 0), "increment (seconds)", 0.0, MAX_BANK)
        return TimeControl(REALTIME, bank, increment, policy)
    days = _number(data.get("days"), "days (per decision)", 0.0001, MAX_DAYS)
    return TimeControl(CORRESPONDENCE, days * DAY, 0.0, policy)


def read_time_control(text: str) -> TimeControl:
    """The control :meth:`TimeControl.text` wrote; a :class:`ProtocolError` for anything else."""
    found = _TEXT.fullmatch(text)
    if found is None:
        raise ProtocolError(f"not a time control: {shorten(text, 60)}", "bad_clock")
    if found["days"] is not None:
        return TimeControl(CORRESPONDENCE, float(found["days"]) * DAY, 0.0, found["policy"])
    return TimeControl(REALTIME, float(found["bank"]), float(found["inc"]), found["policy"])


class Clocks:
    """Each seat's time under ``control``, at most one seat running at a time.

    Times are seconds of whatever clock the caller passes as ``now`` (never read here).
    """

    def __init__(self, control: TimeControl, seats: int) -> None:
        self.control = control
        self.remaining = [control.bank] * seats
        """Each seat's time left, as of the moment its clock last stopped or started."""
        self.running: int | None = None
        """The seat whose clock runs, or ``None``."""
        self.since = 0.0
        """When the running seat's clock started."""

    def left(self, seat: int, now: float) -> float:
        """The time ``seat`` has left at ``now`` (never below zero)."""
        spent = now - self.since if seat == self.running else 0.0
        return max(0.0, self.remaining[seat] - spent)

    def switch(self, seat: int | None, now: float, *, moved: bool) -> None:
        """The decision is now ``seat``'s (``None``: no person's clock runs). The seat that ran
        is charged its time; ``moved`` says it made its decision (a real-time increment is
        added), rather than losing the seat or the turn some other way. A correspondence seat
        starts every decision with the full period (a seat told again that it still decides,
        without having moved, goes on with the time it had)."""
        fresh = moved or seat != self.running
        if self.running is not None:
            ran = self.running
            self.remaining[ran] = self.left(ran, now)
            if moved and self.control.kind == REALTIME:
                self.remaining[ran] += self.control.increment
        self.running = seat
        self.since = now
        if seat is not None and fresh and self.control.kind == CORRESPONDENCE:
            self.remaining[seat] = self.control.bank

    def returned(self, seat: int) -> None:
        """``seat``'s player took the seat back: a real-time seat has at least
        :attr:`TimeControl.grace` seconds."""
        if self.control.kind == REALTIME:
            self.remaining[seat] = max(self.remaining[seat], self.control.grace)

    def deadline(self) -> float | None:
        """When the running seat runs out, or ``None`` when no clock runs."""
        if self.running is None:
            return None
        return self.since + self.remaining[self.running]

    def expired(self, now: float) -> int | None:
        """The running seat, when its time is up at ``now``; else ``None``."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return None
        return self.running

    def copy(self) -> Clocks:
        """An independent copy (to work out what a change would make of the clocks)."""
        twin = Clocks(self.control, len(self.remaining))
        twin.restore(self.state())
        return twin

    def state(self) -> dict[str, Any]:
        """What a restarted server needs to go on: each seat's time as of the moment its clock
        last stopped or started, the running seat, and when it started (seconds of the
        caller's clock, the wall clock in the server)."""
        return {"remaining": list(self.remaining), "running": self.running, "since": self.since}

    def restore(self, state: object) -> bool:
        """Take back a :meth:`state`; whether it was one for these seats (anything else is
        ignored, and the clocks stay as they are)."""
        if not isinstance(state, Mapping) or set(state) != {"remaining", "running", "since"}:
            return False
        remaining, running, since = state["remaining"], state["running"], state["since"]
        seats = len(self.remaining)
        if not (
            isinstance(remaining, list)
            and len(remaining) == seats
            and all(_time(t) and t >= 0 for t in remaining)
            and (running is None or (type(running) is int and 0 <= running < seats))
            and _time(since)
        ):
            return False
        self.remaining = [float(t) for t in remaining]
        self.running = running
        self.since = float(since)
        return True

    def to_json(self, now: float) -> dict[str, Any]:
        """The clocks as the page shows them: the control, each seat's time left at ``now``,
        the running seat and the moment (seconds of the caller's clock) it runs out."""
        return {
            **self.control.to_json(),
            "left": [round(self.left(s, now), 3) for s in range(len(self.remaining))],
            "running": self.running,
            "deadline": self.deadline(),
        }


def _time(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def split_stored_header(text: str) -> tuple[str, object]:
    """A match's stored header (JSON text) as the log's header (JSON text) and the clocks'
    state kept beside it (``None`` when there is none)."""
    if f'"{STATE_KEY}"' not in text:
        return text, None
    stored = json.loads(text)
    state = stored.pop(STATE_KEY, None)
    return json.dumps(stored, ensure_ascii=False, separators=(",", ":")), state
