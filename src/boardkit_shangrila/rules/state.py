"""The state of a game of Shangrila: a frozen record of small tuples and integer masks.

Layout (chosen so that a turn copies little and legal-action generation reads little):

- ``spaces``: 91 integers, space ``village * 7 + guild``. ``0`` is an empty space; ``1 + c`` a
  master of colour ``c``; ``5 + c`` a master of colour ``c`` carrying a student. A student always
  has its master's colour (students are recruited onto, or travel onto, their own masters), so
  one number per space says everything (S-C2, S-C3).
- ``supply``: ``colours * 7`` integers, tiles of colour ``c`` and guild ``g`` at ``c * 7 + g``.
- ``bridges``: bit ``i`` set while the bridge on path ``board.PATHS[i]`` stands.
- ``stones``: bit ``v`` set once village ``v`` carries a Stone of the Wise.
- ``start``: the start colour (drawn at set-up, S-S4); the colour to move in turn ``t`` (the
  flow's turn number, from 1) is ``(start + t - 1) % colours``.
- ``passes``: passes in a row in the main phase (S-P1).

Use :func:`space` and friends to read the state with names instead of codes.
"""

from __future__ import annotations

from typing import Final

from attrs import frozen

from boardkit import Flow
from boardkit_shangrila.rules.board import VILLAGE_COUNT
from boardkit_shangrila.rules.components import COLOURS, GUILD_COUNT, GUILD_INDEX, Colour, Guild

EMPTY: Final = 0
MASTER: Final = 1
"""Code of a master of colour ``c``: ``MASTER + c``."""
WITH_STUDENT: Final = 5
"""Code of a master of colour ``c`` with a student: ``WITH_STUDENT + c``."""
SPACE_COUNT: Final = VILLAGE_COUNT * GUILD_COUNT

PLACEMENT: Final = "placement"
"""Phase name: the seven set-up placements of every colour (S-S3)."""
MAIN: Final = "main"
"""Phase name: the turns with the three actions (S-A1 to S-A3)."""

EDITIONS: Final = ("german", "english")


@frozen
class ShangrilaState:
    """Everything about a game in progress; see the module docstring for the encoding."""

    flow: Flow
    colours: int
    edition: str
    spaces: tuple[int, ...]
    supply: tuple[int, ...]
    bridges: int
    stones: int
    start: int = -1
    passes: int = 0


@frozen
class Space:
    """What sits on one master space: the master's colour and whether it carries a student."""

    colour: Colour
    student: bool


def space(state: ShangrilaState, village: int, guild: Guild) -> Space | None:
    """The master (and student flag) on ``guild``'s space of ``village``; ``None`` if empty."""
    code = state.spaces[village * GUILD_COUNT + GUILD_INDEX[guild]]
    if code == EMPTY:
        return None
    return Space(COLOURS[(code - MASTER) % 4], code >= WITH_STUDENT)


def colour_of(code: int) -> int:
    """The colour index of an occupied space code."""
    return (code - MASTER) % 4


def colour_to_move(state: ShangrilaState) -> int:
    """The colour whose turn it is (meaningful once the first turn has started)."""
    return (state.start + state.flow.turn - 1) % state.colours


def seat_of(state: ShangrilaState, colour: int) -> int:
    """The seat that runs ``colour``: the colour itself, or ``colour % 2`` when each of two
    people runs two colours."""
    return colour % state.flow.players


def supply_of(state: ShangrilaState, colour: int, guild: int) -> int:
    """Tiles of ``guild`` (index) left in ``colour``'s supply."""
    return state.supply[colour * GUILD_COUNT + guild]


def has_stone(state: ShangrilaState, village: int) -> bool:
    """Whether ``village`` carries a Stone of the Wise."""
    return bool(state.stones >> village & 1)


def village_codes(state: ShangrilaState, village: int) -> tuple[int, ...]:
    """The seven space codes of ``village``, in guild order."""
    return state.spaces[village * GUILD_COUNT : village * GUILD_COUNT + GUILD_COUNT]


def strength(codes: tuple[int, ...]) -> tuple[int, int]:
    """``(tiles, masters)`` of a village's space codes: the measure of S-A3a."""
    masters = students = 0
    for code in codes:
        if code:
            masters += 1
            if code >= WITH_STUDENT:
                students += 1
    return masters + students, masters
