"""Shangrila's compact picture for an 80×24 terminal (:meth:`ShangrilaGame.render_screen
<boardkit_shangrila.game.ShangrilaGame.render_screen>`; see :mod:`boardkit.present.screen`).

One line per village: its number, ``*`` when it carries a stone, the seven guild spaces as the
guild's initial and the colour initial of the master on it (``.`` empty, ``+`` a student on the
master), the village's strength as tiles/masters, and ``>`` the villages it still reaches over
an intact bridge. Every master is tagged with its seat, so a terminal paints it in that colour.
The side panel: whose turn, stones and bridges, the running score (masters and villages, the
count that decides the game) and each colour's supply, with the legend in words.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.present.screen import Line, Picture, Segment, line
from boardkit_shangrila.rules.board import ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import (
    COLOUR_INITIALS,
    COLOURS,
    GUILD_COUNT,
    GUILD_INITIALS,
    GUILDS,
    STONES_GERMAN,
)
from boardkit_shangrila.rules.scoring import seat_tally, standing
from boardkit_shangrila.rules.state import (
    MAIN,
    WITH_STUDENT,
    ShangrilaState,
    colour_of,
    colour_to_move,
    seat_of,
    strength,
)


def village_row(state: ShangrilaState, v: int) -> Line:
    """Village ``v``: number, stone, the seven spaces, strength and the bridges left."""
    row = state.spaces[v * GUILD_COUNT : (v + 1) * GUILD_COUNT]
    stone = "*" if state.stones >> v & 1 else " "
    segments: list[Segment] = [(f"{v:>2}{stone}", None)]
    for g, code in enumerate(row):
        initial = GUILD_INITIALS[GUILDS[g]]
        if code == 0:
            segments.append((f" {initial}. ", None))
            continue
        colour = colour_of(code)
        mark = "+" if code >= WITH_STUDENT else " "
        text = f" {initial}{COLOUR_INITIALS[COLOURS[colour]]}{mark}"
        segments.append((text, seat_of(state, colour)))
    tiles, masters = strength(row)
    reach = [str(w) for w, p in ROUTES[v] if state.bridges >> p & 1]
    segments.append((f" {tiles:>2}/{masters} >{','.join(reach) or '-'}", None))
    return tuple(segments)


def _status(state: ShangrilaState, names: Sequence[str]) -> list[Line]:
    flow = state.flow
    if flow.ended:
        head = [line("game over")]
    elif flow.turn == 0:
        head = [line("setting up")]
    else:
        colour = colour_to_move(state)
        seat = seat_of(state, colour)
        word = COLOURS[colour].value
        who = names[seat] if names[seat] == word else f"{names[seat]} ({word})"
        head = [
            line(f"{flow.phase} phase · turn {flow.turn}"),
            line((who, seat), " to move"),
        ]
    stones = state.stones.bit_count()
    of = f" of {STONES_GERMAN}" if state.edition == "german" else ""
    head.append(line(f"stones {stones}{of} · bridges {state.bridges.bit_count()}"))
    if flow.phase == MAIN and state.passes:
        head.append(line(f"passes in a row: {state.passes}"))
    return head


def _scores(state: ShangrilaState, names: Sequence[str]) -> list[Line]:
    width = max(len(n) for n in names)
    _, students = standing(state)
    lines = [line(f"{'':<{width}}  mast vill stud")]
    for seat in range(state.flow.players):
        masters, villages = seat_tally(state, seat)
        lines.append(
            line(
                (f"{names[seat]:<{width}}", seat), f" {masters:>5}{villages:>5}{students[seat]:>5}"
            )
        )
    return lines


def _supply(state: ShangrilaState) -> list[Line]:
    lines = [line("supply  " + " ".join(GUILD_INITIALS[g] for g in GUILDS))]
    for c in range(state.colours):
        counts = state.supply[c * GUILD_COUNT : (c + 1) * GUILD_COUNT]
        lines.append(
            line((f"{COLOURS[c].value:<7}", seat_of(state, c)), " " + " ".join(map(str, counts)))
        )
    return lines


LEGEND = (
    "H healer D dragon breeder",
    "F fire keeper P prayer-wheel",
    "R rainmaker A astrologer",
    "Y yeti whisperer; + student",
    "* stone; 5/4 tiles/masters",
    "> bridges to villages",
    "mast: masters held (the score)",
    "vill: villages, stud: students",
)


def picture(state: ShangrilaState, player: int | None, names: Sequence[str]) -> Picture:
    """The villages, and the score and supply beside them; everything is public (S-H1), so
    ``player`` changes nothing."""
    board = tuple(village_row(state, v) for v in range(VILLAGE_COUNT))
    side = [*_status(state, names), *_scores(state, names), *_supply(state)]
    side += [line(text) for text in LEGEND]
    return Picture(board, tuple(side))
