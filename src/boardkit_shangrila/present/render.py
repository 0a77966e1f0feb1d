"""A text picture of a game of Shangrila for terminals, logs and bug reports.

Each village is one line: its number, a ``*`` when it carries a stone, the seven spaces as
``guild initial : colour initial`` (``+`` marks a student, ``.`` an empty space), its strength
(tiles / masters, S-A3a) and the villages it still reaches over an intact bridge.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.present.voice import seat_name
from boardkit_shangrila.rules.board import PATHS, ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import (
    COLOUR_INITIALS,
    COLOURS,
    GUILD_COUNT,
    GUILD_INITIALS,
    GUILDS,
    STONES_GERMAN,
)
from boardkit_shangrila.rules.state import (
    MAIN,
    WITH_STUDENT,
    ShangrilaState,
    colour_of,
    colour_to_move,
    seat_of,
    strength,
)


def _cell(guild: int, code: int) -> str:
    initial = GUILD_INITIALS[GUILDS[guild]]
    if code == 0:
        return f"{initial}:. "
    mark = "+" if code >= WITH_STUDENT else " "
    return f"{initial}:{COLOUR_INITIALS[COLOURS[colour_of(code)]]}{mark}"


def render_text(
    state: ShangrilaState, player: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The whole game as text; everything is public (S-H1), so ``player`` changes nothing.
    The player to move is named from ``names`` (as "seat 1" without names)."""
    lines: list[str] = []
    flow = state.flow
    edition = f"{state.edition} edition"
    if flow.ended:
        head = "game over"
    elif flow.turn == 0:
        head = "setting up"
    else:
        colour = colour_to_move(state)
        seat = seat_of(state, colour)
        head = (
            f"{flow.phase} phase, turn {flow.turn}: {COLOURS[colour].value} "
            f"({seat_name(seat, names, f'seat {seat + 1}')}) to move"
        )
    lines.append(f"Die Brücken von Shangrila — {head} [{edition}]")
    stones = state.stones.bit_count()
    stone_text = f"{stones} of {STONES_GERMAN}" if state.edition == "german" else f"{stones}"
    intact = state.bridges.bit_count()
    lines.append(f"stones: {stone_text}   bridges intact: {intact}")
    if flow.phase == MAIN and state.passes:
        lines.append(f"passes in a row: {state.passes}")
    for v in range(VILLAGE_COUNT):
        row = state.spaces[v * GUILD_COUNT : (v + 1) * GUILD_COUNT]
        cells = " ".join(_cell(g, code) for g, code in enumerate(row))
        tiles, masters = strength(row)
        stone = "*" if state.stones >> v & 1 else " "
        reach = [str(w) for w, p in ROUTES[v] if state.bridges >> p & 1]
        reach_text = ",".join(reach) if reach else "-"
        lines.append(
            f"{v:>2}{stone} {cells}  strength {tiles:>2}/{masters}  bridges to {reach_text}"
        )
    standing = [f"{a}-{b}" for i, (a, b) in enumerate(PATHS) if state.bridges >> i & 1]
    lines.append("intact bridges: " + (" ".join(standing) if standing else "none"))
    header = "supply    " + " ".join(GUILD_INITIALS[g] for g in GUILDS)
    lines.append(header)
    for c in range(state.colours):
        counts = state.supply[c * GUILD_COUNT : (c + 1) * GUILD_COUNT]
        lines.append(f"  {COLOURS[c].value:<7} " + " ".join(str(n) for n in counts))
    lines.append("legend: H healer D dragon breeder F fire keeper P prayer-wheel turner")
    lines.append("        R rainmaker A astrologer Y yeti whisperer; r b y v colours; + student;")
    lines.append("        * stone; strength = tiles/masters")
    return "\n".join(lines)
