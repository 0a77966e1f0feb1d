"""Build Shangrila positions by hand: the rulebook's examples, edge cases, puzzles, bug reports.

A village is written as a string of tokens ``<guild initial><colour initial>[+]``, for example
``"Dr+ Rr+ Fy Yb Hv+"``: a red dragon breeder with a student, a red rainmaker with a student, a
yellow fire keeper, a blue yeti whisperer and a violet healer with a student. Supplies are set so
that every colour still owns exactly 42 tiles (board + supply).

For a whole position in one string see :mod:`boardkit_shangrila.rules.notation`; these builders are
the quicker way to write "this village holds that, it is red's move" in code.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve

from boardkit import Flow
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.board import PATH_INDEX
from boardkit_shangrila.rules.components import (
    COLOUR_INITIALS,
    COLOURS,
    GUILD_COUNT,
    GUILD_INITIALS,
    GUILDS,
    TILES_PER_GUILD,
)
from boardkit_shangrila.rules.state import MAIN, MASTER, WITH_STUDENT, ShangrilaState

GAME = ShangrilaGame()
_GUILD_BY_INITIAL = {GUILD_INITIALS[g]: i for i, g in enumerate(GUILDS)}
_COLOUR_BY_INITIAL = {COLOUR_INITIALS[c]: i for i, c in enumerate(COLOURS)}


def parse_village(text: str) -> dict[int, int]:
    """Space codes by guild index from the token notation above."""
    out: dict[int, int] = {}
    for token in text.split():
        guild = _GUILD_BY_INITIAL[token[0]]
        colour = _COLOUR_BY_INITIAL[token[1]]
        student = token.endswith("+")
        if guild in out:
            raise ValueError(f"two tiles on one space in {text!r}")
        out[guild] = (WITH_STUDENT if student else MASTER) + colour
    return out


def build(
    villages: Mapping[int, str],
    *,
    players: int = 4,
    to_move: int = 0,
    options: Mapping[str, object] | None = None,
    broken: tuple[tuple[int, int], ...] = (),
    stones: tuple[int, ...] = (),
    phase: str = MAIN,
    supply_override: Mapping[tuple[int, int], int] | None = None,
) -> ShangrilaState:
    """A position in ``phase`` with ``to_move`` (a colour index) about to act."""
    config = GAME.make_config(players, options or {}, 0)
    state = GAME.initial(config)
    spaces = list(state.spaces)
    for village, text in villages.items():
        for guild, code in parse_village(text).items():
            spaces[village * GUILD_COUNT + guild] = code
    supply = [TILES_PER_GUILD] * (state.colours * GUILD_COUNT)
    for i, code in enumerate(spaces):
        if code:
            colour = (code - MASTER) % 4
            supply[colour * GUILD_COUNT + i % GUILD_COUNT] -= 2 if code >= WITH_STUDENT else 1
    for (colour, guild), n in (supply_override or {}).items():
        supply[colour * GUILD_COUNT + guild] = n
    bridges = state.bridges
    for a, b in broken:
        bridges &= ~(1 << PATH_INDEX[(min(a, b), max(a, b))])
    stone_mask = state.stones
    for v in stones:
        stone_mask |= 1 << v
    flow = Flow(
        players=config.players,
        phase=phase,
        turn=to_move + 1,
        active=to_move % config.players,
    )
    return evolve(
        state,
        flow=flow,
        spaces=tuple(spaces),
        supply=tuple(supply),
        bridges=bridges,
        stones=stone_mask,
        start=0,
    )


def village_text(state: ShangrilaState, village: int) -> str:
    """The token notation of one village (sorted by guild order)."""
    tokens = []
    for g in range(GUILD_COUNT):
        code = state.spaces[village * GUILD_COUNT + g]
        if code:
            colour = COLOURS[(code - MASTER) % 4]
            plus = "+" if code >= WITH_STUDENT else ""
            tokens.append(f"{GUILD_INITIALS[GUILDS[g]]}{COLOUR_INITIALS[colour]}{plus}")
    return " ".join(tokens)
