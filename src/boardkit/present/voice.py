"""Wording helpers for event narration: names, "you", verbs, lists, and the flow events' lines.

A narration is written for one reader: a seat (then that seat is "you" and its verbs take the
second person: "you draw", "blue draws") or a spectator (``None``). :class:`Voice` holds the
reader and the players' names and words sentences for them; games use it in their
:meth:`~boardkit.game.Game.describe_event`. :func:`describe_flow_event` gives the framework's
lines for the flow events of :mod:`boardkit.flow`, which every game gets unless it overrides them.

The plain English helpers (:func:`count_of`, :func:`join_words`, …) live in
:mod:`boardkit.english`, where the framework's own messages use them too; they are importable from
here as well.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from boardkit.english import a_or_an as a_or_an
from boardkit.english import count_of as count_of
from boardkit.english import join_words as join_words
from boardkit.english import noun_for as noun_for
from boardkit.flow import (
    DecisionOwed,
    DecisionSettled,
    GameEnded,
    GameTruncated,
    PhaseStarted,
    RoundEnded,
    StepStarted,
    TurnEnded,
    TurnStarted,
)
from boardkit.i18n import Messages, domain_of
from boardkit.log.model import FULL, Viewer

_t = Messages("boardkit").text

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


def seat_name(seat: int, names: Sequence[str] | None, fallback: str) -> str:
    """Seat ``seat``'s name in ``names`` (a log header's players, as a front end passes them to
    :meth:`~boardkit.game.Game.render_text` and :meth:`~boardkit.game.Game.render_svg`), or
    ``fallback`` ("seat 2", the game's own word for a seat) when the caller gave no names or
    none for that seat. Pictures and texts name seats with it."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return fallback


def flow_word(game: object, word: str) -> str:
    """``word``, one of ``game``'s flow ids (a phase, a step, a kind of owed decision), as the
    reader reads it: the game's :attr:`~boardkit.game.Game.flow_words` message in the language
    of :func:`boardkit.i18n.language`, or the id itself when the game lists none for it."""
    msgid = getattr(game, "flow_words", {}).get(word)
    return word if msgid is None else Messages(domain_of(game)).text(msgid)


PICTURE_NAME_CHARS = 12
"""The most characters of a player's name a picture shows (:func:`picture_name`)."""


def picture_name(
    seat: int, names: Sequence[str] | None, fallback: str, limit: int = PICTURE_NAME_CHARS
) -> str:
    """:func:`seat_name` as a picture shows it: a name longer than ``limit`` characters is cut
    to ``limit - 1`` and an ellipsis (``"Bartholomew…"``). A picture has a fixed width (a
    side panel, a phone's screen), and a name may be up to
    :data:`~boardkit.options.MAX_NAME_CHARS` long; the whole name is in the texts and the
    page's list of seats."""
    name = seat_name(seat, names, fallback)
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def seat_text(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat as people read it: numbered from 1, as everywhere people read seat numbers
    (the seat ``0`` of the API is "seat 1"), with its player's name when ``names`` give one
    other than the default: ``"seat 2 (bob)"``, ``"seat 2"``."""
    shown = f"seat {seat + 1}"
    name = seat_name(seat, names, f"player {seat + 1}")
    return shown if name == f"player {seat + 1}" else f"{shown} ({name})"


def reader_text(viewer: Viewer, names: Sequence[str] | None = None) -> str:
    """Whose log or view it is, as people read it: ``"the full log"``, ``"a spectator"`` or
    the seat (:func:`seat_text`: ``"seat 1 (ann)"``). The API's
    :func:`boardkit.log.viewer_text` keeps the seat number the code passes."""
    if viewer is FULL:
        return "the full log"
    return "a spectator" if viewer is None else seat_text(viewer, names)


def _names(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(names)


@frozen
class Voice:
    """Words for one reader: ``player`` (a seat, or ``None`` for a spectator) and the names of
    the seats (``names[i]`` for seat ``i``; a seat without a name is ``player i+1``: people
    read seats numbered from 1)."""

    player: int | None
    names: tuple[str, ...] = field(default=(), converter=_names)

    def name(self, seat: int) -> str:
        """The seat's name, never "you" (for texts such as "blue's turn" seen by blue)."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"player {seat + 1}"

    def has_name(self, seat: int) -> bool:
        """Whether the caller named the seat with more than the default ``player i+1``."""
        return 0 <= seat < len(self.names) and self.names[seat] != f"player {seat + 1}"

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
    """The framework's line for a flow event, in the language of :func:`boardkit.i18n.language`;
    ``None`` for the quiet ones and for other events.

    - ``PhaseStarted("main")``: "the main phase begins"
    - ``TurnStarted(1, 7)``: "turn 7: blue's turn" ("turn 7: your turn" for blue)
    - ``DecisionOwed(2, "consent")``: "yellow must decide: consent" ("you must decide …")
    - ``GameTruncated(200)``: "the match is cut off: it has reached its cap of 200 entries"
    - ``GameEnded()``: "the game is over"
    - ``RoundEnded(3)``: "round 3 is over" (a game's summary is better: see
      :class:`~boardkit.flow.RoundEnded`)
    """
    if isinstance(event, PhaseStarted):
        if event.phase:
            return _t("the {phase} phase begins", phase=event.phase)
        return _t("a new phase begins")
    if isinstance(event, TurnStarted):
        if event.player == voice.player:
            return _t("turn {turn}: your turn", turn=event.turn)
        return _t("turn {turn}: {name}'s turn", turn=event.turn, name=voice.name(event.player))
    if isinstance(event, DecisionOwed):
        if event.player == voice.player:
            return _t("you must decide: {kind}", kind=event.kind)
        return _t("{name} must decide: {kind}", name=voice.name(event.player), kind=event.kind)
    if isinstance(event, GameTruncated):
        return _t(
            "the match is cut off: it has reached its cap of {entries} entries",
            entries=event.entries,
        )
    if isinstance(event, GameEnded):
        return _t("the game is over")
    if isinstance(event, RoundEnded):
        return _t("round {round} is over", round=event.round)
    return None
