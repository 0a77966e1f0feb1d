"""Folding one event into the state, without checks (events are facts).

One small function per event class, found through a dict keyed by class, so that a replay does
no chain of ``isinstance`` tests. Each builds the new state with a copier written out for the
fields it replaces (:func:`boardkit.replacing.replacer`, cheaper than ``evolve`` or the
constructor) and shares every untouched tuple with the old one. An event that changes the
board or a supply also carries the old state's guild masks over to the new one, changed where
it changed (:mod:`boardkit_shangrila.rules.masks`; nothing happens when the old state has
none kept).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from boardkit.replacing import replacer
from boardkit_shangrila.rules import masks
from boardkit_shangrila.rules.board import PATH_INDEX
from boardkit_shangrila.rules.components import (
    COLOUR_INDEX,
    GUILD_COUNT,
    GUILD_INDEX,
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
from boardkit_shangrila.rules.state import MASTER, WITH_STUDENT, ShangrilaState

# Final names of this module for tables it reads on every event: the compiled build reads a
# Final module name as a C variable, any other name through the module's dict at each use.
_COLOUR_INDEX: Final = COLOUR_INDEX
_GUILD_INDEX: Final = GUILD_INDEX

# The copy each event makes, written out once for the fields it replaces
# (boardkit.replacing.replacer: a bare instance whose slots are filled, a fraction of the
# constructor's cost).
_with_board: Final = replacer(ShangrilaState, "spaces", "supply", "passes")
_with_spaces_and_passes: Final = replacer(ShangrilaState, "spaces", "passes")
_with_spaces_and_supply: Final = replacer(ShangrilaState, "spaces", "supply")
_with_spaces: Final = replacer(ShangrilaState, "spaces")
_with_supply: Final = replacer(ShangrilaState, "supply")
_with_start: Final = replacer(ShangrilaState, "start")
_with_bridges: Final = replacer(ShangrilaState, "bridges")
_with_stones: Final = replacer(ShangrilaState, "stones")
_with_passes: Final = replacer(ShangrilaState, "passes")


# A changed copy of a tuple: copying it into a list, changing one item and making a tuple again
# is about twice as fast as splicing slices (``(*t[:i], x, *t[i + 1 :])``) on CPython 3.11.


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    items = list(values)
    items[index] = value
    return tuple(items)


def _add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    items = list(values)
    items[index] += delta
    return tuple(items)


def _start(s: ShangrilaState, e: StartColourDrawn) -> ShangrilaState:
    return _with_start(s, _COLOUR_INDEX[e.colour])


def _from_supply(code: int) -> Callable[[ShangrilaState, Any], ShangrilaState]:
    """The reducer of an event that takes a tile of its ``colour`` and ``guild`` from the
    supply to ``village``'s space of that guild, which becomes ``code + colour`` (a master, or a
    master with his student); a placement ends a run of passes. The state is built directly:
    these are the commonest events."""

    def reduce(s: ShangrilaState, e: MasterPlaced | StudentRecruited) -> ShangrilaState:
        c, g = _COLOUR_INDEX[e.colour], _GUILD_INDEX[e.guild]
        i, j = e.village * GUILD_COUNT + g, c * GUILD_COUNT + g
        spaces, supply = s.spaces, s.supply
        items = list(spaces)
        items[i] = code + c
        new_spaces = tuple(items)
        items = list(supply)
        items[j] -= 1
        new_supply = tuple(items)
        masks.placed(spaces, supply, new_spaces, new_supply, i, j)
        return _with_board(s, new_spaces, new_supply, 0)

    return reduce


_master_placed: Final = _from_supply(MASTER)
_student_recruited: Final = _from_supply(WITH_STUDENT)


def _journey(s: ShangrilaState, e: JourneyMade) -> ShangrilaState:
    base = e.source * GUILD_COUNT
    spaces = list(s.spaces)
    for i in range(base, base + GUILD_COUNT):
        if spaces[i] >= WITH_STUDENT:
            spaces[i] -= WITH_STUDENT - MASTER
    new_spaces = tuple(spaces)
    masks.journeyed(s.spaces, s.supply, new_spaces, e.source)
    return _with_spaces_and_passes(s, new_spaces, 0)


def _expelled(s: ShangrilaState, e: MasterExpelled) -> ShangrilaState:
    c, g = _COLOUR_INDEX[e.colour], _GUILD_INDEX[e.guild]
    i, j = e.village * GUILD_COUNT + g, c * GUILD_COUNT + g
    spaces = _set(s.spaces, i, 0)
    supply = _add(s.supply, j, 2 if e.with_student else 1)
    masks.changed(s.spaces, s.supply, spaces, supply, i, j)
    return _with_spaces_and_supply(s, spaces, supply)


def _settled(s: ShangrilaState, e: TravellerSettled) -> ShangrilaState:
    return _to_space(s, e.colour, e.guild, e.village, MASTER)


def _joined(s: ShangrilaState, e: TravellerJoined) -> ShangrilaState:
    return _to_space(s, e.colour, e.guild, e.village, WITH_STUDENT)


def _to_space(
    s: ShangrilaState, colour: Colour, guild: Guild, village: int, code: int
) -> ShangrilaState:
    """A traveller of ``colour`` lands on ``guild``'s space of ``village``, which becomes
    ``code + colour`` (a master, or a master with his student); the supplies stay."""
    i = village * GUILD_COUNT + _GUILD_INDEX[guild]
    spaces = _set(s.spaces, i, code + _COLOUR_INDEX[colour])
    masks.changed(s.spaces, s.supply, spaces, s.supply, i, -1)
    return _with_spaces(s, spaces)


def _returned(s: ShangrilaState, e: TravellerReturned) -> ShangrilaState:
    j = _COLOUR_INDEX[e.colour] * GUILD_COUNT + _GUILD_INDEX[e.guild]
    supply = _add(s.supply, j, 1)
    masks.changed(s.spaces, s.supply, s.spaces, supply, -1, j)
    return _with_supply(s, supply)


def _bridge(s: ShangrilaState, e: BridgeBroken) -> ShangrilaState:
    return _with_bridges(s, s.bridges & ~(1 << PATH_INDEX[(e.a, e.b)]))


def _stone(s: ShangrilaState, e: StonePlaced) -> ShangrilaState:
    return _with_stones(s, s.stones | 1 << e.village)


def _passed(s: ShangrilaState, e: Passed) -> ShangrilaState:
    return _with_passes(s, s.passes + 1)


_REDUCERS: Final[dict[type, Callable[[ShangrilaState, Any], ShangrilaState]]] = {
    StartColourDrawn: _start,
    MasterPlaced: _master_placed,
    StudentRecruited: _student_recruited,
    JourneyMade: _journey,
    MasterExpelled: _expelled,
    TravellerSettled: _settled,
    TravellerJoined: _joined,
    TravellerReturned: _returned,
    BridgeBroken: _bridge,
    StonePlaced: _stone,
    Passed: _passed,
}


def reduce(state: ShangrilaState, event: object) -> ShangrilaState:
    """The state after ``event``; events of other kinds (flow events) change nothing here."""
    fn = _REDUCERS.get(type(event))
    return state if fn is None else fn(state, event)
