"""Wording helpers for event narration: names, "you", verbs, lists, and the flow events' lines.

A narration is written for one reader: a seat (then that seat is "you" and its verbs take the
second person: "you draw", "blue draws") or a spectator (``None``). :class:`Voice` holds the
reader and the players' names and words sentences for them; games use it in their
:meth:`~boardkit.game.Game.describe_event`. :func:`describe_flow_event` gives the framework's
lines for the flow events of :mod:`boardkit.flow`, which every game gets unless it overrides them.

This module imports only :mod:`boardkit.flow`, so that :mod:`boardkit.game` can use it;
:mod:`boardkit.narration` (narrating whole log entries) sits above the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from boardkit.flow import (
    DecisionOwed,
    DecisionSettled,
    GameEnded,
    PhaseStarted,
    StepStarted,
    TurnEnded,
    TurnStarted,
)

QUIET_FLOW_EVENTS: tuple[type, ...] = (StepStarted, DecisionSettled, TurnEnded)
"""Flow events the framework narrates as ``None`` by design: they are bookkeeping that the
surrounding events already tell (a step's name, a settled decision, the end of a turn)."""

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zzes", "oes")


def second_person(verb: str) -> str:
    """The "you" form of a third-person present verb: ``draws`` → ``draw``, ``passes`` →
    ``pass``, ``has`` → ``have``; in a phrase only the first word changes (``conquers with`` →
    ``conquer with``). Verbs that do not end in ``s`` (``can``) are kept."""
    head, space, rest = verb.partition(" ")
    if space:
        return f"{second_person(head)} {rest}"
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` things, the noun agreeing with the number: ``1 stone``, ``0 stones``, ``3 stones``.

    The plural is ``singular + "s"`` unless given (``count_of(2, "entry", "entries")``).
    """
    return f"{n} {noun_for(n, singular, plural)}"


def noun_for(n: int, singular: str, plural: str | None = None) -> str:
    """The noun alone, agreeing with ``n``: for lists that follow it (``unknown keys a, b``)."""
    return singular if n == 1 else plural or singular + "s"


_AN_EXCEPTIONS = ("one", "uni", "use", "usu", "eu")


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: ``an int``, ``a str``, ``an Astrologer``, ``a
    unicorn``. Decided by the spelling (a vowel letter takes ``an``, with the common
    exceptions that sound like "you" or "one"), which is right for the words boardkit uses."""
    lowered = word.lower()
    vowel = lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(_AN_EXCEPTIONS)
    return f"{'an' if vowel else 'a'} {word}"


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; empty text for no words."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _names(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(names)


@frozen
class Voice:
    """Words for one reader: ``player`` (a seat, or ``None`` for a spectator) and the names of
    the seats (``names[i]`` for seat ``i``; seats without a name are ``player i``)."""

    player: int | None
    names: tuple[str, ...] = field(default=(), converter=_names)

    def name(self, seat: int) -> str:
        """The seat's name, never "you" (for texts such as "blue's turn" seen by blue)."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"player {seat}"

    def has_name(self, seat: int) -> bool:
        """Whether the caller named the seat with more than the default ``player i``."""
        return 0 <= seat < len(self.names) and self.names[seat] != f"player {seat}"

    def who(self, seat: int) -> str:
        """The seat as a subject: "you" for the reader's own seat, else its name."""
        return "you" if seat == self.player else self.name(seat)

    def whose(self, seat: int) -> str:
        """The possessive: "your" for the reader, else "blue's"."""
        return "your" if seat == self.player else f"{self.name(seat)}'s"

    def verb(self, seat: int, third_person: str) -> str:
        """``third_person`` ("draws") agreeing with :meth:`who` of ``seat`` ("you draw")."""
        return second_person(third_person) if seat == self.player else third_person

    def does(self, seat: int, third_person: str) -> str:
        """Subject and verb: "blue draws", "you draw"."""
        return f"{self.who(seat)} {self.verb(seat, third_person)}"


def describe_flow_event(event: object, voice: Voice) -> str | None:
    """The framework's line for a flow event; ``None`` for the quiet ones and for other events.

    - ``PhaseStarted("main")``: "the main phase begins"
    - ``TurnStarted(1, 7)``: "turn 7: blue's turn" ("turn 7: your turn" for blue)
    - ``DecisionOwed(2, "consent")``: "yellow must decide: consent" ("you must decide …")
    - ``GameEnded()``: "the game is over"
    """
    if isinstance(event, PhaseStarted):
        return f"the {event.phase} phase begins" if event.phase else "a new phase begins"
    if isinstance(event, TurnStarted):
        return f"turn {event.turn}: {voice.whose(event.player)} turn"
    if isinstance(event, DecisionOwed):
        return f"{voice.who(event.player)} must decide: {event.kind}"
    if isinstance(event, GameEnded):
        return "the game is over"
    return None
