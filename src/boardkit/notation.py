"""What the position notations of all games share: the field syntax and the flow fields.

A position text (see docs/positions.md) is the game's name followed by ``key=value`` fields,
separated by any whitespace (so a long position may be wrapped over lines). Values hold no
whitespace. Every key appears at most once; a game lists which keys it requires and which it
may leave out (an omitted key takes its default). :func:`read_fields` splits a text into its
fields, :func:`flow_fields` and :func:`parse_flow` write and read the
:class:`~boardkit.flow.Flow` in the same way for every game:

``players=N phase=P turn=T active=A [step=S] [owed=P:KIND,...] [turn_over=yes] [ended=yes]
[truncated=yes]``

``-`` stands for "none" (no phase yet, no active player). Fields in brackets are written only
when they differ from the flow's defaults, so a text reads as short as the position allows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, TypeVar

from boardkit.errors import InvalidPositionError
from boardkit.flow import NAME_RULE, Flow, Owed, is_name

NONE: Final = "-"
"""The value that stands for nothing: no phase, no active player, an empty list."""

FLOW_KEYS: Final = (
    "players",
    "phase",
    "turn",
    "active",
    "step",
    "owed",
    "turn_over",
    "ended",
    "truncated",
)
"""The keys of the flow fields, in the order they are written."""

MAX_DIGITS: Final = 18
"""The most digits a number of a position may have (no count in any game comes near)."""

T = TypeVar("T")


def syntax(reason: str) -> InvalidPositionError:
    """The error for text that does not follow the grammar."""
    return InvalidPositionError("syntax", reason)


def read_fields(text: str, game: str, keys: Iterable[str]) -> dict[str, str]:
    """The ``key=value`` fields of a position of ``game``; only ``keys`` are allowed, once each."""
    words = text.split()
    if not words or words[0] != game:
        raise syntax(f"a {game} position starts with the word {game!r}")
    allowed = set(keys)
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise syntax(f"{word!r} is not a key=value field")
        if key not in allowed:
            raise syntax(f"unknown field {key!r}; fields: {', '.join(sorted(allowed))}")
        if key in fields:
            raise syntax(f"field {key!r} given twice")
        fields[key] = value
    return fields


def need(fields: Mapping[str, str], key: str) -> str:
    """The value of a required field."""
    if key not in fields:
        raise syntax(f"field {key!r} is missing")
    return fields[key]


def number(text: str, what: str, low: int = 0, high: int | None = None) -> int:
    """``text`` as a whole number in ``low..high``, or a syntax error naming ``what``."""
    if not (text.isascii() and text.isdigit()):  # str.isdigit alone admits "²", which int refuses
        raise syntax(f"{what}: {text!r} is not a whole number")
    if len(text) > MAX_DIGITS:  # int() refuses very long digit strings with a ValueError
        raise InvalidPositionError("range", f"{what} has {len(text)} digits, far out of range")
    value = int(text)
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" and {high}"
        raise InvalidPositionError("range", f"{what} is {value}, not between {low}{top}")
    return value


def yes_no(text: str, what: str) -> bool:
    """``yes`` or ``no``."""
    if text not in ("yes", "no"):
        raise syntax(f"{what}: {text!r} is neither 'yes' nor 'no'")
    return text == "yes"


def items(text: str, parse: Callable[[str], T], sep: str = ",") -> tuple[T, ...]:
    """The ``sep``-separated items of ``text`` (``-``: none), each read by ``parse``."""
    if text == NONE:
        return ()
    return tuple(parse(part) for part in text.split(sep))


def join(parts: Iterable[str], sep: str = ",") -> str:
    """The inverse of :func:`items` for already written parts."""
    text = sep.join(parts)
    return text or NONE


def flow_fields(flow: Flow) -> list[str]:
    """The flow as fields; those equal to the defaults of :class:`Flow` are left out."""
    out = [
        f"players={flow.players}",
        f"phase={flow.phase or NONE}",
        f"turn={flow.turn}",
        f"active={NONE if flow.active is None else flow.active}",
    ]
    if flow.step:
        out.append(f"step={flow.step}")
    if flow.owed:
        out.append("owed=" + join(f"{o.player}:{o.kind}" for o in flow.owed))
    if flow.turn_over:
        out.append("turn_over=yes")
    if flow.ended:
        out.append("ended=yes")
    if flow.truncated:
        out.append("truncated=yes")
    return out


def _owed(text: str, players: int) -> Owed:
    player, sep, kind = text.partition(":")
    if not sep or not kind:
        raise syntax(f"owed decision {text!r} is not PLAYER:KIND")
    return Owed(number(player, "owing player", 0, players - 1), _name(kind, "decision kind"))


def _name(text: str, what: str) -> str:
    """A phase, step or decision kind (:data:`boardkit.flow.NAME`); ``-`` for none."""
    if text == NONE and what != "decision kind":
        return ""
    if not is_name(text):
        raise syntax(f"{what} {text!r} is not a name: {NAME_RULE}")
    return text


def parse_flow(fields: Mapping[str, str], counts: Iterable[int]) -> Flow:
    """The :class:`Flow` of the flow fields; ``counts`` are the player counts the game allows."""
    allowed = tuple(counts)
    players = number(need(fields, "players"), "players")
    if players not in allowed:
        raise InvalidPositionError(
            "players", f"{players} players; allowed: {', '.join(map(str, allowed))}"
        )
    active_text = need(fields, "active")
    active = None if active_text == NONE else number(active_text, "active", 0, players - 1)
    return Flow(
        players=players,
        phase=_name(need(fields, "phase"), "phase"),
        turn=number(need(fields, "turn"), "turn"),
        active=active,
        step=_name(fields.get("step", NONE), "step"),
        owed=items(fields.get("owed", NONE), lambda t: _owed(t, players)),
        turn_over=yes_no(fields.get("turn_over", "no"), "turn_over"),
        ended=yes_no(fields.get("ended", "no"), "ended"),
        truncated=yes_no(fields.get("truncated", "no"), "truncated"),
    )
