"""What a legal action does: the events it makes (S-A1, S-A2, S-A3 to S-A3e, S-P1).

:mod:`boardkit_shangrila.rules.legality` decides whether an action may be played; once it may,
:func:`action_events` gives its events, which the reducer (:mod:`.reducer`) folds into the
state. A journey's outcome is worked out here (:func:`journey_events`): the strengths of the two
villages, each traveller's fate, the broken bridge and any Stones of the Wise it leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from boardkit.replacing import replacer
from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import INCIDENT, PATHS, VILLAGE_COUNT, path_index
from boardkit_shangrila.rules.components import (
    COLOURS,
    GUILD_COUNT,
    GUILD_INDEX,
    GUILDS,
    Colour,
    Guild,
)
from boardkit_shangrila.rules.events import (
    BridgeBroken,
    JourneyMade,
    MasterExpelled,
    MasterPlaced,
    Passed,
    StonePlaced,
    StudentRecruited,
    TravellerJoined,
    TravellerReturned,
    TravellerSettled,
)
from boardkit_shangrila.rules.state import (
    MASTER,
    SPACE_COUNT,
    WITH_STUDENT,
    ShangrilaState,
    strength,
)

# Final names of this module for tables it reads on every event: the compiled build reads a
# Final module name as a C variable, any other name through the module's dict at each use.
_GUILD_INDEX: Final = GUILD_INDEX
_SPACE_COUNT: Final = SPACE_COUNT
_INCIDENT: Final = INCIDENT


def journey_events(state: ShangrilaState, colour: int, source: int, destination: int) -> list[Any]:
    """The events of a journey (S-A3): strengths (S-A3a), each traveller's fate (S-A3b/c),
    the broken bridge (S-A3d) and any new stones (S-A3e)."""
    spaces = state.spaces
    src = spaces[source * GUILD_COUNT : source * GUILD_COUNT + GUILD_COUNT]
    dst = spaces[destination * GUILD_COUNT : destination * GUILD_COUNT + GUILD_COUNT]
    s_tiles, s_masters = strength(src)
    d_tiles, d_masters = strength(dst)
    # More tiles wins; equal tiles: more masters; still equal: the destination is stronger.
    stronger = (s_tiles, s_masters) > (d_tiles, d_masters)
    events: list[Any] = [
        _journey_made(
            _A_JOURNEY,
            COLOURS[colour],
            source,
            destination,
            s_tiles,
            s_masters,
            d_tiles,
            d_masters,
            stronger,
        )
    ]
    there_at = destination * GUILD_COUNT  # the destination's spaces, from here
    for g, code in enumerate(src):
        if code < WITH_STUDENT:
            continue
        traveller = code - WITH_STUDENT
        there = dst[g]
        if there == 0:
            events.append(_SETTLED_EVENTS[traveller * _SPACE_COUNT + there_at + g])
        elif not stronger:
            events.append(_RETURNED_EVENTS[traveller * GUILD_COUNT + g])
        elif there == MASTER + traveller:
            events.append(_JOINED_EVENTS[traveller * _SPACE_COUNT + there_at + g])
        elif there == WITH_STUDENT + traveller:
            events.append(_RETURNED_EVENTS[traveller * GUILD_COUNT + g])
        else:
            owner = (there - MASTER) % 4
            events.append(
                _EXPELLED_EVENTS[
                    2 * (owner * _SPACE_COUNT + there_at + g) + (there >= WITH_STUDENT)
                ]
            )
            events.append(_SETTLED_EVENTS[traveller * _SPACE_COUNT + there_at + g])
    a, b = min(source, destination), max(source, destination)
    path = path_index(a, b)
    assert path is not None
    events.append(_BROKEN_EVENTS[path])
    left = state.bridges & ~(1 << path)
    for v in (a, b):
        if not left & _INCIDENT[v]:
            events.append(_STONE_EVENTS[v])
    return events


_Event = TypeVar("_Event")


def _on_every_space(kind: Callable[[Colour, int, Guild], _Event]) -> tuple[_Event, ...]:
    """An event of ``kind`` for each colour and space, index ``colour * 91 + space``."""
    return tuple(
        kind(c, i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
        for c in COLOURS
        for i in range(_SPACE_COUNT)
    )


# Events are frozen values too: all but a journey's first are made once and shared, index
# ``colour * 91 + space`` for those of a colour on a space (an event read from a log is its own
# object, and equal to these).
_PLACED_EVENTS: Final[tuple[MasterPlaced, ...]] = _on_every_space(MasterPlaced)
_RECRUITED_EVENTS: Final[tuple[StudentRecruited, ...]] = _on_every_space(StudentRecruited)
_PASSED_EVENTS: Final[tuple[Passed, ...]] = tuple(Passed(c) for c in COLOURS)
_SETTLED_EVENTS: Final[tuple[TravellerSettled, ...]] = _on_every_space(TravellerSettled)
_JOINED_EVENTS: Final[tuple[TravellerJoined, ...]] = _on_every_space(TravellerJoined)
_EXPELLED_EVENTS: Final[tuple[MasterExpelled, ...]] = tuple(
    MasterExpelled(c, i // GUILD_COUNT, GUILDS[i % GUILD_COUNT], student)
    for c in COLOURS
    for i in range(_SPACE_COUNT)
    for student in (False, True)
)
"""Index ``2 * (colour * 91 + space) + with_student``."""
_RETURNED_EVENTS: Final[tuple[TravellerReturned, ...]] = tuple(
    TravellerReturned(c, g) for c in COLOURS for g in GUILDS
)
"""Index ``colour * 7 + guild``."""
_BROKEN_EVENTS: Final[tuple[BridgeBroken, ...]] = tuple(BridgeBroken(a, b) for a, b in PATHS)
"""Index: the path's (:data:`~.board.PATHS`)."""
_STONE_EVENTS: Final[tuple[StonePlaced, ...]] = tuple(StonePlaced(v) for v in range(VILLAGE_COUNT))

_journey_made: Final = replacer(
    JourneyMade,
    "colour",
    "source",
    "destination",
    "source_tiles",
    "source_masters",
    "destination_tiles",
    "destination_masters",
    "source_stronger",
)
"""A journey's first event, its strengths measured: a copy of :data:`_A_JOURNEY` with every
field replaced (:func:`boardkit.replacing.replacer`), which costs less than the constructor."""
_A_JOURNEY: Final = JourneyMade(COLOURS[0], 0, 1, 0, 0, 0, 0, False)


def action_events(state: ShangrilaState, colour: int, action: Action) -> list[Any]:
    """The events of a legal ``action`` by ``colour`` (call :func:`refusal` first), in a new
    list the caller may extend."""
    base = colour * VILLAGE_COUNT * GUILD_COUNT
    kind = type(action)
    if kind is PlaceMaster or kind is PlaceSetupMaster:
        assert isinstance(action, PlaceMaster | PlaceSetupMaster)
        return [_PLACED_EVENTS[base + action.village * GUILD_COUNT + _GUILD_INDEX[action.guild]]]
    if kind is RecruitStudents:
        assert isinstance(action, RecruitStudents)
        recruited = _RECRUITED_EVENTS
        return [recruited[base + v * GUILD_COUNT + _GUILD_INDEX[g]] for v, g in action.placements]
    if kind is Journey:
        assert isinstance(action, Journey)
        return journey_events(state, colour, action.source, action.destination)
    return [_PASSED_EVENTS[colour]]
