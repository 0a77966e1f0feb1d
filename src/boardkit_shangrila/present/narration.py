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

from boardkit.flow import TurnStarted
from boardkit.present.voice import Voice, describe_flow_event
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
from boardkit_shangrila.rules.state import PLACEMENT, WITH_STUDENT, ShangrilaState, seat_of


def guild_word(guild: Guild) -> str:
    """A guild in running text: "rainmaker", "prayer-wheel turner"."""
    return GUILD_NAMES[guild].lower()


class _Narrator:
    """The wording of one event for one reader, with the state before it."""

    def __init__(self, state: ShangrilaState, voice: Voice) -> None:
        self.state = state
        self.voice = voice

    def seat(self, colour: Colour) -> int:
        return seat_of(self.state, COLOUR_INDEX[colour])

    def subject(self, colour: Colour) -> str:
        """The acting colour: "red", "ann (red)" with names, "you (red)" for the reader."""
        seat = self.seat(colour)
        if seat == self.voice.player:
            return f"you ({colour.value})"
        if self.named(seat, colour):
            return f"{self.voice.name(seat)} ({colour.value})"
        return colour.value

    def named(self, seat: int, colour: Colour) -> bool:
        """Whether the seat has a name worth saying beside its colour: not the default
        ``player i+1``, nor the colour itself (``boardkit watch`` names the seats by colour)."""
        return self.voice.has_name(seat) and self.voice.name(seat) != colour.value

    def does(self, colour: Colour, third_person: str) -> str:
        """Subject and verb: "red places", "you (red) place"."""
        return f"{self.subject(colour)} {self.voice.verb(self.seat(colour), third_person)}"

    @staticmethod
    def piece(colour: Colour, guild: Guild) -> str:
        return f"{colour.value}'s {guild_word(guild)}"

    # --- the events -----------------------------------------------------------------------------

    def start(self, e: StartColourDrawn) -> str:
        return f"{self.does(e.colour, 'is')} drawn to start"

    def master_placed(self, e: MasterPlaced) -> str:
        kind = "a set-up master" if self.state.flow.phase == PLACEMENT else "a master"
        where = f"({guild_word(e.guild)}) in village {e.village}"
        return f"{self.does(e.colour, 'places')} {kind} {where}"

    def recruited(self, e: StudentRecruited) -> str:
        return (
            f"{self.does(e.colour, 'recruits')} a student for the {guild_word(e.guild)} "
            f"in village {e.village}"
        )

    def journey(self, e: JourneyMade) -> str:
        first = e.source * GUILD_COUNT
        codes = self.state.spaces[first : first + GUILD_COUNT]
        students = sum(1 for code in codes if code >= WITH_STUDENT)
        who = "the student" if students == 1 else f"{students} students"
        if e.source_tiles != e.destination_tiles:
            measure = f"{e.source_tiles} tiles against {e.destination_tiles}"
        elif e.source_masters != e.destination_masters:
            measure = (
                f"{e.source_tiles} tiles each, {e.source_masters} masters against "
                f"{e.destination_masters}"
            )
        else:
            measure = "equal strength"
        verdict = (
            f"village {e.source} is stronger"
            if e.source_stronger
            else f"village {e.destination} holds"
        )
        return (
            f"{self.does(e.colour, 'sends')} {who} of village {e.source} to village "
            f"{e.destination} ({measure}: {verdict})"
        )

    def expelled(self, e: MasterExpelled) -> str:
        student = " with its student" if e.with_student else ""
        return (
            f"{self.piece(e.colour, e.guild)} in village {e.village} is driven out{student} "
            "and goes back to supply"
        )

    def settled(self, e: TravellerSettled) -> str:
        return f"{self.piece(e.colour, e.guild)} settles in village {e.village} as master"

    def joined(self, e: TravellerJoined) -> str:
        return f"{self.piece(e.colour, e.guild)} joins its master in village {e.village}"

    def returned(self, e: TravellerReturned) -> str:
        return f"{self.piece(e.colour, e.guild)} finds no place and goes back to supply"

    def bridge(self, e: BridgeBroken) -> str:
        return f"the bridge between villages {e.a} and {e.b} breaks"

    def stone(self, e: StonePlaced) -> str:
        count = self.state.stones.bit_count() + 1
        of = f" ({count} of {STONES_GERMAN})" if self.state.edition == "german" else ""
        return f"village {e.village} has no bridge left and gets a Stone of the Wise{of}"

    def passed(self, e: Passed) -> str:
        passes = self.voice.verb(self.seat(e.colour), "passes")
        return f"{self.subject(e.colour)} cannot act and {passes}"

    def turn(self, e: TurnStarted) -> str:
        """A colour's turn: "turn 9: yellow's turn", "turn 9: your turn (yellow)"."""
        colour = COLOURS[(self.state.start + e.turn - 1) % self.state.colours]
        seat = self.seat(colour)
        if seat == self.voice.player:
            return f"turn {e.turn}: your turn ({colour.value})"
        if self.named(seat, colour):
            return f"turn {e.turn}: {self.voice.name(seat)}'s turn ({colour.value})"
        return f"turn {e.turn}: {colour.value}'s turn"


_WORDING: dict[type, Callable[[_Narrator, Any], str]] = {
    StartColourDrawn: _Narrator.start,
    MasterPlaced: _Narrator.master_placed,
    StudentRecruited: _Narrator.recruited,
    JourneyMade: _Narrator.journey,
    MasterExpelled: _Narrator.expelled,
    TravellerSettled: _Narrator.settled,
    TravellerJoined: _Narrator.joined,
    TravellerReturned: _Narrator.returned,
    BridgeBroken: _Narrator.bridge,
    StonePlaced: _Narrator.stone,
    Passed: _Narrator.passed,
    TurnStarted: _Narrator.turn,
}


def describe_event(event: object, state: ShangrilaState, voice: Voice) -> str | None:
    """The line of ``event`` for ``voice``'s reader, ``state`` being the state before it.

    The other flow events get the framework's lines.
    """
    wording = _WORDING.get(type(event))
    if wording is None:
        return describe_flow_event(event, voice)
    return wording(_Narrator(state, voice), event)
