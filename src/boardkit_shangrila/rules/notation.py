"""The position notation of Shangrila: a whole :class:`ShangrilaState` as one line of text.

Like FEN for chess, a position is short enough to paste into a bug report and exact enough to
set the game up again: ``parse(format(state)) == state`` for every state play can reach.
Everything in Shangrila is public (S-H1), so every player's view is the whole position. The
grammar, with an example, is in docs/positions.md; in brief::

    shangrila players=4 phase=main turn=29 active=0 edition=german start=r passes=0
      villages=r1bY3/7/.../7 broken=1-2,4-7 stones=- supply=5666566/.../6666666

- ``villages``: the 13 villages (0-12) separated by ``/``; each is its seven spaces in guild
  order (H D F P R A Y): a colour letter (``r b y v``) for a master, the capital letter for a
  master with his student, a digit for that many empty spaces in a row. A student always stands
  on a master of his colour (S-C2), so a student without a master cannot even be written.
- ``broken``: the paths whose bridge is gone (``a-b``, ``a < b``), ``-`` for none.
- ``stones``: the villages with a Stone of the Wise.
- ``supply``: per colour in play, seven digits (tiles left of each guild); the number of groups
  is the number of colours.
- ``start``: the start colour (``-`` before it is drawn); ``passes``: passes in a row.

:func:`parse` checks the invariants of the module docstring of
:mod:`~boardkit_shangrila.rules.state` and of the rules (see :data:`INVARIANTS`) and refuses a
broken position with :class:`~boardkit.errors.InvalidPositionError` naming the invariant.
"""

from __future__ import annotations

from typing import Final

from boardkit.errors import InvalidPositionError
from boardkit.notation import (
    FLOW_KEYS,
    NONE,
    flow_fields,
    items,
    join,
    need,
    number,
    parse_flow,
    read_fields,
    syntax,
)
from boardkit_shangrila.rules.board import (
    ALL_BRIDGES,
    INCIDENT,
    PATH_INDEX,
    PATHS,
    RED_VILLAGE,
    RED_VILLAGE_BRIDGES,
    VILLAGE_COUNT,
)
from boardkit_shangrila.rules.components import (
    COLOUR_INITIALS,
    COLOURS,
    GUILD_COUNT,
    TILES_PER_GUILD,
)
from boardkit_shangrila.rules.state import (
    EDITIONS,
    EMPTY,
    MASTER,
    WITH_STUDENT,
    ShangrilaState,
    colour_of,
    colour_to_move,
    seat_of,
)

GAME: Final = "shangrila"
KEYS: Final = (*FLOW_KEYS, "edition", "start", "passes", "villages", "broken", "stones", "supply")

INVARIANTS: Final[dict[str, str]] = {
    "syntax": "the text follows the grammar",
    "range": "every number lies in its range",
    "players": "3 or 4 players with as many colours, or 2 players running the 4 colours",
    "colour-in-play": "every master, student and the start colour belong to a colour in play",
    "tile-count": "a colour has at most 6 tiles of a guild on the board and in supply (S-C3)",
    "stone-with-bridge": "a village with a Stone of the Wise has no standing bridge (S-A3)",
    "red-village": "with 3 colours the red village is closed: a stone, no bridge, no tile (S-S2)",
    "passes": "passes in a row never exceed the number of colours (S-P1)",
    "turn-order": "the active seat runs the colour to move (S-S4)",
    "options": "a match started at the position has the same edition and colours (S-S1, S-E1)",
}
"""The invariants :func:`parse` checks, by the name :class:`InvalidPositionError` reports."""

_COLOUR_BY_LETTER: Final = {COLOUR_INITIALS[c]: i for i, c in enumerate(COLOURS)}


# --- writing ---------------------------------------------------------------------------------


def format_position(state: ShangrilaState, player: int | None = None) -> str:
    """``state`` as one line of the notation. Nothing is hidden in Shangrila (S-H1), so every
    ``player`` (and a spectator, ``None``) sees the same text."""
    fields = [
        GAME,
        *flow_fields(state.flow),
        f"edition={state.edition}",
        f"start={NONE if state.start < 0 else COLOUR_INITIALS[COLOURS[state.start]]}",
        f"passes={state.passes}",
        "villages=" + "/".join(village_text(state.spaces, v) for v in range(VILLAGE_COUNT)),
        "broken=" + join(f"{a}-{b}" for i, (a, b) in enumerate(PATHS) if not _stands(state, i)),
        "stones=" + join(str(v) for v in range(VILLAGE_COUNT) if state.stones >> v & 1),
        "supply=" + "/".join(_supply_text(state, c) for c in range(state.colours)),
    ]
    return " ".join(fields)


def _stands(state: ShangrilaState, path: int) -> bool:
    return bool(state.bridges >> path & 1)


def village_text(spaces: tuple[int, ...], village: int) -> str:
    """One village's seven spaces: colour letters (capital: with student), digits for empties."""
    out: list[str] = []
    empty = 0
    for code in spaces[village * GUILD_COUNT : (village + 1) * GUILD_COUNT]:
        if code == EMPTY:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        letter = COLOUR_INITIALS[COLOURS[colour_of(code)]]
        out.append(letter.upper() if code >= WITH_STUDENT else letter)
    if empty:
        out.append(str(empty))
    return "".join(out)


def _supply_text(state: ShangrilaState, colour: int) -> str:
    return "".join(str(n) for n in state.supply[colour * GUILD_COUNT : (colour + 1) * GUILD_COUNT])


# --- reading ---------------------------------------------------------------------------------


def parse_position(text: str) -> ShangrilaState:
    """The state a position text describes; :class:`InvalidPositionError` if the text breaks
    the grammar or the position an invariant (see :data:`INVARIANTS`)."""
    fields = read_fields(text, GAME, KEYS)
    flow = parse_flow(fields, (2, 3, 4))
    supply = _parse_supply(need(fields, "supply"))
    colours = len(supply) // GUILD_COUNT
    edition = need(fields, "edition")
    if edition not in EDITIONS:
        raise syntax(f"edition {edition!r}; editions: {', '.join(EDITIONS)}")
    state = ShangrilaState(
        flow=flow,
        colours=colours,
        edition=edition,
        spaces=parse_villages(need(fields, "villages")),
        supply=supply,
        bridges=ALL_BRIDGES & ~_mask(items(need(fields, "broken"), _path)),
        stones=_mask(items(need(fields, "stones"), _village)),
        start=_parse_start(need(fields, "start")),
        passes=number(need(fields, "passes"), "passes"),
    )
    check(state)
    return state


def parse_villages(text: str) -> tuple[int, ...]:
    """The 91 space codes of the ``villages`` field."""
    villages = text.split("/")
    if len(villages) != VILLAGE_COUNT:
        raise syntax(f"{len(villages)} villages given; Shangrila has {VILLAGE_COUNT}")
    spaces: list[int] = []
    for village, part in enumerate(villages):
        codes = _village_codes(part)
        if len(codes) != GUILD_COUNT:
            raise syntax(f"village {village} ({part!r}) has {len(codes)} spaces, not 7")
        spaces += codes
    return tuple(spaces)


def _village_codes(part: str) -> list[int]:
    codes: list[int] = []
    for char in part:
        if char.isdigit():
            codes += [EMPTY] * int(char)
        elif char.lower() in _COLOUR_BY_LETTER:
            base = WITH_STUDENT if char.isupper() else MASTER
            codes.append(base + _COLOUR_BY_LETTER[char.lower()])
        else:
            raise syntax(f"{char!r} in village {part!r} is no colour letter (r b y v) or digit")
    return codes


def _parse_supply(text: str) -> tuple[int, ...]:
    groups = text.split("/")
    if len(groups) not in (3, 4) or any(len(g) != GUILD_COUNT or not g.isdigit() for g in groups):
        raise syntax(f"supply {text!r} is not 3 or 4 groups of 7 digits")
    return tuple(int(d) for g in groups for d in g)


def _parse_start(text: str) -> int:
    if text == NONE:
        return -1
    if text not in _COLOUR_BY_LETTER:
        raise syntax(f"start colour {text!r} is not r, b, y or v")
    return _COLOUR_BY_LETTER[text]


def _path(text: str) -> int:
    a, sep, b = text.partition("-")
    if not sep or not a.isdigit() or not b.isdigit():
        raise syntax(f"path {text!r} is not written a-b")
    pair = (min(int(a), int(b)), max(int(a), int(b)))
    if pair not in PATH_INDEX:
        raise syntax(f"no path joins villages {a} and {b}")
    return PATH_INDEX[pair]


def _village(text: str) -> int:
    return number(text, "village", 0, VILLAGE_COUNT - 1)


def _mask(bits: tuple[int, ...]) -> int:
    mask = 0
    for bit in bits:
        mask |= 1 << bit
    return mask


# --- invariants ------------------------------------------------------------------------------


def check(state: ShangrilaState) -> None:
    """Raise :class:`InvalidPositionError` for the first invariant ``state`` breaks."""
    _check_colours(state)
    _check_stones(state)
    _check_tiles(state)
    _check_flow(state)


def refuse(invariant: str, reason: str) -> InvalidPositionError:
    """The error for a position that breaks the invariant named ``invariant``."""
    return InvalidPositionError(invariant, f"{reason} ({INVARIANTS[invariant]})")


def _check_colours(state: ShangrilaState) -> None:
    players, colours = state.flow.players, state.colours
    if colours != players and (players, colours) != (2, 4):
        raise refuse("players", f"{players} players with {colours} colours")
    if state.start >= colours:
        raise refuse("colour-in-play", f"start colour {COLOURS[state.start].value}")
    for index, code in enumerate(state.spaces):
        if code != EMPTY and colour_of(code) >= colours:
            colour = COLOURS[colour_of(code)].value
            raise refuse("colour-in-play", f"a {colour} master in village {index // GUILD_COUNT}")


def _check_tiles(state: ShangrilaState) -> None:
    on_board = [0] * (state.colours * GUILD_COUNT)
    for index, code in enumerate(state.spaces):
        if code != EMPTY:
            slot = colour_of(code) * GUILD_COUNT + index % GUILD_COUNT
            on_board[slot] += 2 if code >= WITH_STUDENT else 1
    for slot, count in enumerate(on_board):
        total = count + state.supply[slot]
        if total > TILES_PER_GUILD:
            colour = COLOURS[slot // GUILD_COUNT].value
            raise refuse("tile-count", f"{total} {colour} tiles of guild {slot % GUILD_COUNT}")


def _check_stones(state: ShangrilaState) -> None:
    for village in range(VILLAGE_COUNT):
        if state.stones >> village & 1 and state.bridges & INCIDENT[village]:
            raise refuse("stone-with-bridge", f"village {village} has a stone and a bridge")
    if state.colours == 3:
        red = state.spaces[RED_VILLAGE * GUILD_COUNT : (RED_VILLAGE + 1) * GUILD_COUNT]
        closed = state.stones >> RED_VILLAGE & 1 and not state.bridges & RED_VILLAGE_BRIDGES
        if not closed or any(red):
            raise refuse("red-village", f"village {RED_VILLAGE} is not closed")


def _check_flow(state: ShangrilaState) -> None:
    if state.passes > state.colours:
        raise refuse("passes", f"{state.passes} passes with {state.colours} colours")
    flow = state.flow
    if flow.turn >= 1 and state.start >= 0:
        seat = seat_of(state, colour_to_move(state))
        if flow.active != seat:
            raise refuse("turn-order", f"turn {flow.turn}: seat {flow.active}, not {seat}")
