"""The end of the game (S-E1) and the final count (S-E2)."""

from __future__ import annotations

from boardkit import Result
from boardkit_shangrila.rules.components import COLOURS, STONES_GERMAN
from boardkit_shangrila.rules.masks import PRESENT, masks_of
from boardkit_shangrila.rules.state import MAIN, MASTER, WITH_STUDENT, ShangrilaState


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
    return _tally(state, range(colour, colour + 1))


def seat_tally(state: ShangrilaState, seat: int) -> tuple[int, int]:
    """A seat's ``(masters, villages)``: summed over its colours when a person runs two
    (villages counted once)."""
    return _tally(state, range(seat, state.colours, state.flow.players))


def _tally(state: ShangrilaState, colours: range) -> tuple[int, int]:
    """``(masters, villages)`` of ``colours`` together: their masters' spaces counted in the
    space codes (a master alone or with a student, each a code of its own), and the villages
    read off the guild masks (:mod:`.masks`: the villages where each colour has a master, kept
    beside the state a playout has just folded), a village counted once."""
    spaces = state.spaces
    m = masks_of(spaces, state.supply)
    masters = villages = 0
    for c in colours:
        masters += spaces.count(MASTER + c) + spaces.count(WITH_STUDENT + c)
        villages |= m[PRESENT + c]
    return masters, villages.bit_count()


_SEAT_NAMES: dict[tuple[int, int], tuple[str, ...]] = {}


def _seat_names(colours: int, seats: int) -> tuple[str, ...]:
    """Each seat's name in the final count: its colours, ``"red+yellow"`` for a person who
    runs two (worked out once per number of colours and seats)."""
    names = _SEAT_NAMES.get((colours, seats))
    if names is None:
        names = _SEAT_NAMES[colours, seats] = tuple(
            "+".join(COLOURS[c].value for c in range(colours) if c % seats == s)
            for s in range(seats)
        )
    return names


def final_result(state: ShangrilaState) -> Result:
    """Most masters wins; tie: more villages; still tied: a shared win (S-E2)."""
    seats = state.flow.players
    tallies = [seat_tally(state, s) for s in range(seats)]
    best = max(tallies)
    winners = tuple(s for s in range(seats) if tallies[s] == best)
    top_masters = best[0]  # the greatest tally has the most masters
    tied_on_masters = [s for s in range(seats) if tallies[s][0] == top_masters]
    names = _seat_names(state.colours, seats)
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
