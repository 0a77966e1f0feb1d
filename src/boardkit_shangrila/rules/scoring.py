"""The end of the game (S-E1) and the final count (S-E2)."""

from __future__ import annotations

from boardkit import Result
from boardkit_shangrila.rules.components import COLOURS, GUILD_COUNT, STONES_GERMAN
from boardkit_shangrila.rules.state import MAIN, MASTER, ShangrilaState


def is_over(state: ShangrilaState) -> bool:
    """Whether the main phase has ended (S-E1, S-P1).

    German edition: the eleventh stone is down (the red village's stone counts with three
    players). English edition: the last bridge is broken. Either edition: every colour passed
    in a row.
    """
    if state.flow.phase != MAIN:
        return False
    if state.passes >= state.colours:
        return True
    if state.edition == "german":
        return state.stones.bit_count() >= STONES_GERMAN
    return state.bridges == 0


def colour_tally(state: ShangrilaState, colour: int) -> tuple[int, int]:
    """``(spaces held by colour's masters, villages where it has a master)``; students do not
    count (S-E2)."""
    masters = villages = 0
    own = (MASTER + colour, MASTER + 4 + colour)
    spaces = state.spaces
    for v in range(len(spaces) // GUILD_COUNT):
        row = spaces[v * GUILD_COUNT : v * GUILD_COUNT + GUILD_COUNT]
        here = row.count(own[0]) + row.count(own[1])
        masters += here
        villages += here > 0
    return masters, villages


def seat_tally(state: ShangrilaState, seat: int) -> tuple[int, int]:
    """A seat's ``(masters, villages)``: summed over its colours when a person runs two
    (villages counted once)."""
    mine = [c for c in range(state.colours) if c % state.flow.players == seat]
    if len(mine) == 1:
        return colour_tally(state, mine[0])
    codes = {MASTER + c for c in mine} | {MASTER + 4 + c for c in mine}
    masters = villages = 0
    spaces = state.spaces
    for v in range(len(spaces) // GUILD_COUNT):
        here = sum(1 for code in spaces[v * GUILD_COUNT : (v + 1) * GUILD_COUNT] if code in codes)
        masters += here
        villages += here > 0
    return masters, villages


def final_result(state: ShangrilaState) -> Result:
    """Most masters wins; tie: more villages; still tied: a shared win (S-E2)."""
    seats = state.flow.players
    tallies = [seat_tally(state, s) for s in range(seats)]
    best = max(tallies)
    winners = tuple(s for s in range(seats) if tallies[s] == best)
    top_masters = max(t[0] for t in tallies)
    tied_on_masters = [s for s in range(seats) if tallies[s][0] == top_masters]
    names = [
        "+".join(COLOURS[c].value for c in range(state.colours) if c % seats == s)
        for s in range(seats)
    ]
    parts = [f"{names[s]} {m} masters in {v} villages" for s, (m, v) in enumerate(tallies)]
    if len(winners) > 1:
        how = "shared win"
    elif len(tied_on_masters) > 1:
        how = f"{names[winners[0]]} wins on the village count"
    else:
        how = f"{names[winners[0]]} wins"
    return Result(winners, tuple(t[0] for t in tallies), "; ".join(parts) + f" — {how}")


def standing(state: ShangrilaState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per seat: ``(masters, students)`` on the board now (both colours of a two-colour seat)."""
    seats = state.flow.players
    masters = [0] * seats
    students = [0] * seats
    for code in state.spaces:
        if code:
            seat = ((code - MASTER) % 4) % seats
            masters[seat] += 1
            if code >= MASTER + 4:
                students[seat] += 1
    return tuple(masters), tuple(students)


def heuristic(state: ShangrilaState, seat: int) -> float:
    """How well ``seat`` stands, for bots: its masters ahead of the others' average (S-E2
    counts masters), plus students, which become masters on a journey (S-A3b)."""
    masters, students = standing(state)
    others = [m for s, m in enumerate(masters) if s != seat]
    return masters[seat] - sum(others) / len(others) + 0.7 * students[seat]
