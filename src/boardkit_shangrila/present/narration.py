"""Shangrila's events as lines a person wants to read (the game's ``describe_event``).

Colours act and own the pieces: "red places a master (rainmaker) in village 3", "yellow's
healer finds no place and goes back to supply". When the caller passes names, the acting colour
is shown with its player ("ann (red) places …"); the reader's own colours are "you (red)". Each
line reads the state *before* its event, so a journey can say how many students set out.
Everything in Shangrila is public (S-H1), so no line hides anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardkit.flow import PhaseStarted, TurnStarted
from boardkit.i18n import N_, Message, Messages
from boardkit.present.voice import Voice, describe_flow_event
from boardkit.present.wording import Line, Says
from boardkit_shangrila.rules.components import (
    COLOUR_INDEX,
    COLOURS,
    GUILD_COUNT,
    GUILD_NAMES,
    STONES_GERMAN,
    Colour,
    Guild,
)
from boardkit_shangrila.rules.events import (
    BridgeBroken,
    JourneyMade,
    MasterExpelled,
    MasterPlaced,
    Passed,
    StartColourDrawn,
    StonePlaced,
    StudentRecruited,
    TravellerJoined,
    TravellerReturned,
    TravellerSettled,
)
from boardkit_shangrila.rules.state import MAIN, PLACEMENT, WITH_STUDENT, ShangrilaState, seat_of

_m = Messages("boardkit_shangrila")

COLOUR_WORDS: dict[Colour, Message] = {
    Colour.RED: _m("red"),
    Colour.BLUE: _m("blue"),
    Colour.YELLOW: _m("yellow"),
    Colour.VIOLET: _m("violet"),
}
"""The colours in running text, in the reader's language."""

GUILD_WORDS: dict[Guild, Message] = {
    Guild.HEALER: _m("healer"),
    Guild.DRAGON_BREEDER: _m("dragon breeder"),
    Guild.FIRE_KEEPER: _m("fire keeper"),
    Guild.PRAYER_WHEEL_TURNER: _m("prayer-wheel turner"),
    Guild.RAINMAKER: _m("rainmaker"),
    Guild.ASTROLOGER: _m("astrologer"),
    Guild.YETI_WHISPERER: _m("yeti whisperer"),
}
"""The guilds in running text, in the reader's language."""


def guild_word(guild: Guild) -> str:
    """A guild in running text: "rainmaker", "prayer-wheel turner" (in English)."""
    return GUILD_NAMES[guild].lower()


class _Narrator:
    """The wording of one event for one reader, with the state before it: a message id and
    its parameters (:class:`~boardkit.i18n.Message`), rendered in the reader's language.

    A line whose subject is the reader ("you (red) place …") is a message of its own, since
    the verb agrees with its subject in every language."""

    def __init__(self, state: ShangrilaState, voice: Voice) -> None:
        self.state = state
        self.voice = voice

    def seat(self, colour: Colour) -> int:
        return seat_of(self.state, COLOUR_INDEX[colour])

    def is_reader(self, colour: Colour) -> bool:
        return self.seat(colour) == self.voice.player

    def subject(self, colour: Colour) -> Message:
        """The acting colour, not the reader: "red", "ann (red)" with names."""
        seat = self.seat(colour)
        if self.named(seat, colour):
            return _m("{name} ({colour})", name=self.voice.name(seat), colour=COLOUR_WORDS[colour])
        return COLOUR_WORDS[colour]

    def named(self, seat: int, colour: Colour) -> bool:
        """Whether the seat has a name worth saying beside its colour: not the default
        ``player i+1``, nor the colour itself (``boardkit watch`` names the seats by colour)."""
        return self.voice.has_name(seat) and self.voice.name(seat) != colour.value

    def says(
        self, colour: Colour, yours: str, theirs: str, **params: str | int | Message
    ) -> Message:
        """``yours`` ("you ({colour}) place …") when ``colour`` is the reader's, else
        ``theirs`` ("{who} places …") with the acting colour as ``who``."""
        if self.is_reader(colour):
            return _m(yours, colour=COLOUR_WORDS[colour], **params)
        return _m(theirs, who=self.subject(colour), **params)

    @staticmethod
    def piece(colour: Colour, guild: Guild) -> Message:
        return _m("{colour}'s {guild}", colour=COLOUR_WORDS[colour], guild=GUILD_WORDS[guild])

    # --- the events -----------------------------------------------------------------------------

    def master_placed(self, e: MasterPlaced) -> Message:
        where: dict[str, str | int | Message] = {
            "guild": GUILD_WORDS[e.guild],
            "village": e.village,
        }
        if self.state.flow.phase == PLACEMENT:
            return self.says(
                e.colour,
                N_("you ({colour}) place a set-up master ({guild}) in village {village}"),
                N_("{who} places a set-up master ({guild}) in village {village}"),
                **where,
            )
        return self.says(
            e.colour,
            N_("you ({colour}) place a master ({guild}) in village {village}"),
            N_("{who} places a master ({guild}) in village {village}"),
            **where,
        )

    def journey(self, e: JourneyMade) -> Message:
        first = e.source * GUILD_COUNT
        codes = self.state.spaces[first : first + GUILD_COUNT]
        students = sum(1 for code in codes if code >= WITH_STUDENT)
        who = _m("the student") if students == 1 else _m("{count} students", count=students)
        if e.source_tiles != e.destination_tiles:
            measure = _m(
                "{mine} tiles against {theirs}", mine=e.source_tiles, theirs=e.destination_tiles
            )
        elif e.source_masters != e.destination_masters:
            measure = _m(
                "{tiles} tiles each, {mine} masters against {theirs}",
                tiles=e.source_tiles,
                mine=e.source_masters,
                theirs=e.destination_masters,
            )
        else:
            measure = _m("equal strength")
        verdict = (
            _m("village {village} is stronger", village=e.source)
            if e.source_stronger
            else _m("village {village} holds", village=e.destination)
        )
        return self.says(
            e.colour,
            N_(
                "you ({colour}) send {students} of village {source} to village {destination} "
                "({measure}: {verdict})"
            ),
            N_(
                "{who} sends {students} of village {source} to village {destination} "
                "({measure}: {verdict})"
            ),
            students=who,
            source=e.source,
            destination=e.destination,
            measure=measure,
            verdict=verdict,
        )

    def expelled(self, e: MasterExpelled) -> Message:
        piece = self.piece(e.colour, e.guild)
        if e.with_student:
            return _m(
                "{piece} in village {village} is driven out with its student and goes back "
                "to supply",
                piece=piece,
                village=e.village,
            )
        return _m(
            "{piece} in village {village} is driven out and goes back to supply",
            piece=piece,
            village=e.village,
        )

    def stone(self, e: StonePlaced) -> Message:
        if self.state.edition == "german":
            return _m(
                "village {village} has no bridge left and gets a Stone of the Wise "
                "({count} of {total})",
                village=e.village,
                count=self.state.stones.bit_count() + 1,
                total=STONES_GERMAN,
            )
        return _m(
            "village {village} has no bridge left and gets a Stone of the Wise", village=e.village
        )

    def turn(self, e: TurnStarted) -> Message:
        """A colour's turn: "turn 9: yellow's turn", "turn 9: your turn (yellow)"."""
        colour = COLOURS[(self.state.start + e.turn - 1) % self.state.colours]
        seat = self.seat(colour)
        word = COLOUR_WORDS[colour]
        if seat == self.voice.player:
            return _m("turn {turn}: your turn ({colour})", turn=e.turn, colour=word)
        if self.named(seat, colour):
            return _m(
                "turn {turn}: {name}'s turn ({colour})",
                turn=e.turn,
                name=self.voice.name(seat),
                colour=word,
            )
        return _m("turn {turn}: {colour}'s turn", turn=e.turn, colour=word)


def _piece(narrator: _Narrator, e: Any) -> Message:
    return narrator.piece(e.colour, e.guild)


def _village(narrator: _Narrator, e: Any) -> int:
    village: int = e.village
    return village


_WORDING: dict[type, Callable[[_Narrator, Any], Message]] = {
    StartColourDrawn: Says(
        N_("you ({colour}) are drawn to start"), N_("{who} is drawn to start"), subject="colour"
    ),
    MasterPlaced: _Narrator.master_placed,
    StudentRecruited: Says(
        N_("you ({colour}) recruit a student for the {guild} in village {village}"),
        N_("{who} recruits a student for the {guild} in village {village}"),
        subject="colour",
        guild=lambda n, e: GUILD_WORDS[e.guild],
        village=_village,
    ),
    JourneyMade: _Narrator.journey,
    MasterExpelled: _Narrator.expelled,
    TravellerSettled: Line(
        _m, N_("{piece} settles in village {village} as master"), piece=_piece, village=_village
    ),
    TravellerJoined: Line(
        _m, N_("{piece} joins its master in village {village}"), piece=_piece, village=_village
    ),
    TravellerReturned: Line(_m, N_("{piece} finds no place and goes back to supply"), piece=_piece),
    BridgeBroken: Line(
        _m,
        N_("the bridge between villages {a} and {b} breaks"),
        a=lambda n, e: e.a,
        b=lambda n, e: e.b,
    ),
    StonePlaced: _Narrator.stone,
    Passed: Says(
        N_("you ({colour}) cannot act and pass"),
        N_("{who} cannot act and passes"),
        subject="colour",
    ),
    TurnStarted: _Narrator.turn,
}
"""Each event kind's line: a :class:`~boardkit.present.wording.Line` or
:class:`~boardkit.present.wording.Says` where one wording fits every case, the narrator's
method where the line chooses among several."""


PHASE_LINES = {
    PLACEMENT: N_("the placement phase begins"),
    MAIN: N_("the main phase begins"),
}
"""Shangrila's phases as they begin: placing the masters (S-S3), then the turns. The game's
own words, so that a reader of another language reads the phase's name in it too (the
framework's line names a phase by its id)."""


FLOW_WORDS = {PLACEMENT: N_("placement"), MAIN: N_("main")}
"""Shangrila's phases as the status line names them in the reader's language
(:attr:`boardkit.game.Game.flow_words`)."""


def event_message(event: object, state: ShangrilaState, voice: Voice) -> Message | None:
    """The line of ``event`` for ``voice``'s reader as a message id and its parameters, to be
    rendered in the reader's language; ``None`` for the events the framework words."""
    if isinstance(event, PhaseStarted):
        line = PHASE_LINES.get(event.phase)
        return None if line is None else _m(line)
    wording = _WORDING.get(type(event))
    return None if wording is None else wording(_Narrator(state, voice), event)


def describe_event(event: object, state: ShangrilaState, voice: Voice) -> str | None:
    """The line of ``event`` for ``voice``'s reader, ``state`` being the state before it, in
    the language of :func:`boardkit.i18n.language`.

    The other flow events get the framework's lines.
    """
    message = event_message(event, state, voice)
    if message is None:
        return describe_flow_event(event, voice)
    return message.text()
