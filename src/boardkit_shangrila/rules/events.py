"""The facts a game of Shangrila is made of; the state is a fold of these (see reducer.py)."""

from __future__ import annotations

from typing import get_args

from attrs import frozen

from boardkit_shangrila.rules.components import Colour, Guild


@frozen
class StartColourDrawn:
    """Set-up: the colour that starts, drawn at random (S-S4)."""

    colour: Colour


@frozen
class MasterPlaced:
    """A master of ``colour`` left the supply for ``guild``'s space in ``village`` (S-S3, S-A1)."""

    colour: Colour
    village: int
    guild: Guild


@frozen
class StudentRecruited:
    """A student of ``colour`` left the supply onto its master in ``village`` (S-A2)."""

    colour: Colour
    village: int
    guild: Guild


@frozen
class JourneyMade:
    """``colour`` sent every student of ``source`` to ``destination`` (S-A3).

    The strengths are measured before anyone moves (S-A3a); ``source_stronger`` says which of
    S-A3b (true) or S-A3c (false) decides where the travellers land. Reducing this event takes
    the students off their masters in ``source``; the traveller events that follow say where
    each one ends up.
    """

    colour: Colour
    source: int
    destination: int
    source_tiles: int
    source_masters: int
    destination_tiles: int
    destination_masters: int
    source_stronger: bool


@frozen
class MasterExpelled:
    """A master (and its student, if ``with_student``) went back to ``colour``'s supply (S-A3b)."""

    colour: Colour
    village: int
    guild: Guild
    with_student: bool


@frozen
class TravellerSettled:
    """A traveller of ``colour`` became the master of ``guild``'s space in ``village``."""

    colour: Colour
    village: int
    guild: Guild


@frozen
class TravellerJoined:
    """A traveller of ``colour`` became the student of its own master in ``village`` (S-A3b)."""

    colour: Colour
    village: int
    guild: Guild


@frozen
class TravellerReturned:
    """A traveller of ``colour`` found no place and went back to its supply (S-A3b, S-A3c)."""

    colour: Colour
    guild: Guild


@frozen
class BridgeBroken:
    """The bridge between villages ``a`` < ``b`` broke (S-A3d)."""

    a: int
    b: int


@frozen
class StonePlaced:
    """``village`` lost its last bridge and carries a Stone of the Wise (S-A3e)."""

    village: int


@frozen
class Passed:
    """``colour`` had no legal action and passed (S-P1)."""

    colour: Colour


ShangrilaEvent = (
    StartColourDrawn
    | MasterPlaced
    | StudentRecruited
    | JourneyMade
    | MasterExpelled
    | TravellerSettled
    | TravellerJoined
    | TravellerReturned
    | BridgeBroken
    | StonePlaced
    | Passed
)
"""Any event of Shangrila (the flow events of :mod:`boardkit.flow` aside)."""

EVENT_TYPES: tuple[type, ...] = get_args(ShangrilaEvent)
"""The classes of :data:`ShangrilaEvent`, in order (the game's ``event_types``)."""
