"""A heuristic for Shangrila bots: masters and students, and what the next journeys can do.

Counting masters (S-E2) and students is blind to the one move that takes masters away: a
journey of the students (S-A3). A bot led by the count alone places masters next to a stronger
village full of foreign students and loses them on the next turn. So a seat's value is

- its masters, plus :data:`STUDENT_VALUE` for each student (a student becomes a master on a
  journey, and makes its village stronger);
- plus :data:`OPPORTUNITY_WEIGHT` times the best gain of a journey the seat could start itself;
- minus :data:`THREAT_WEIGHT` times the worst loss a journey another seat could start would
  cause it.

A journey's effect is worked out as the rules say (S-A3a, S-A3b, S-A3c), but only on the
masters and students it moves: every student of the source travels, whatever its colour. The
value of a state for a seat is its own figure minus the mean of the others' (the game is won
on the difference). A finished game is judged by the final counts.
"""

from __future__ import annotations

import math

from boardkit_shangrila.rules.board import PATHS, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT
from boardkit_shangrila.rules.scoring import final_result, is_over
from boardkit_shangrila.rules.state import MASTER, WITH_STUDENT, ShangrilaState, strength

STUDENT_VALUE = 0.5
"""A student against a master (it counts for nothing at the end, but it travels)."""

OPPORTUNITY_WEIGHT = 0.3
"""How much the best journey a seat could make next counts (it costs that seat a turn)."""

THREAT_WEIGHT = 0.8
"""How much the worst journey another seat could make against this seat counts."""

Delta = list[float]
"""A change of value per seat."""


def evaluate(state: ShangrilaState, seat: int) -> float:
    """``seat``'s value minus the mean of the others' values (see the module docstring)."""
    values = seat_values(state)
    others = (math.fsum(values) - values[seat]) / (len(values) - 1)
    return values[seat] - others


def evaluate_seats(state: ShangrilaState) -> tuple[float, ...]:
    """:func:`evaluate` for every seat, from one :func:`seat_values` pass (bots judging a
    position for every seat would otherwise list the journeys once per seat)."""
    values = seat_values(state)
    total, others = math.fsum(values), len(values) - 1
    return tuple(value - (total - value) / others for value in values)


def seat_values(state: ShangrilaState) -> tuple[float, ...]:
    """Every seat's masters, students, best own journey and worst threat, weighted."""
    seats = state.flow.players
    if is_over(state):
        return tuple(float(score) for score in final_result(state).scores)
    values = [0.0] * seats
    with_student = 1.0 + STUDENT_VALUE
    for code in state.spaces:
        if code:
            values[(code - MASTER) % 4 % seats] += with_student if code >= WITH_STUDENT else 1.0
    best = [0.0] * seats
    worst = [0.0] * seats
    for movers, delta in journeys(state):
        for who in range(seats):
            change = delta[who]
            if who in movers:
                if change > best[who]:
                    best[who] = change
            elif change < worst[who]:
                worst[who] = change
    return tuple(
        values[who] + OPPORTUNITY_WEIGHT * best[who] + THREAT_WEIGHT * worst[who]
        for who in range(seats)
    )


def journeys(state: ShangrilaState) -> list[tuple[frozenset[int], Delta]]:
    """Every journey possible now: the seats able to start it and its effect on every seat.

    A journey from ``s`` to ``d`` needs an intact bridge, no stone on either village and a
    student in ``s``; any seat with a student in ``s`` may start it (S-A3). A village's movers
    and strength are worked out once, not once per path it lies on (bots call this for every
    position they look at).
    """
    spaces = state.spaces
    seats = state.flow.players
    bridges, stones = state.bridges, state.stones
    rows = [spaces[v * GUILD_COUNT : (v + 1) * GUILD_COUNT] for v in range(VILLAGE_COUNT)]
    movers_of: list[frozenset[int] | None] = [None] * VILLAGE_COUNT
    strength_of: list[tuple[int, int] | None] = [None] * VILLAGE_COUNT
    found: list[tuple[frozenset[int], Delta]] = []
    for index, (a, b) in enumerate(PATHS):
        if not bridges >> index & 1 or (stones >> a | stones >> b) & 1:
            continue
        for source, target in ((a, b), (b, a)):
            movers = movers_of[source]
            if movers is None:
                movers = movers_of[source] = frozenset(
                    (code - MASTER) % 4 % seats for code in rows[source] if code >= WITH_STUDENT
                )
            if movers:
                here = strength_of[source]
                if here is None:
                    here = strength_of[source] = strength(rows[source])
                there = strength_of[target]
                if there is None:
                    there = strength_of[target] = strength(rows[target])
                delta = journey_delta(rows[source], rows[target], seats, here > there)
                found.append((movers, delta))
    return found


def journey_delta(
    source: tuple[int, ...], target: tuple[int, ...], seats: int, stronger: bool | None = None
) -> Delta:
    """What the students of ``source`` travelling to ``target`` change for each seat;
    ``stronger``: whether ``source`` is the stronger village, when the caller knows it."""
    if stronger is None:
        stronger = strength(source) > strength(target)  # a tie favours the destination (S-A3a)
    delta = [0.0] * seats
    for guild in range(GUILD_COUNT):
        code = source[guild]
        if code < WITH_STUDENT:
            continue
        colour = (code - MASTER) % 4
        traveller = colour % seats
        delta[traveller] -= STUDENT_VALUE  # the student leaves its master
        there = target[guild]
        if not there:
            delta[traveller] += 1.0  # an empty space: a new master (S-A3b, S-A3c)
        elif (there - MASTER) % 4 == colour:
            if there < WITH_STUDENT:
                delta[traveller] += STUDENT_VALUE  # onto its own master, as its student
        elif stronger:
            owner = (there - MASTER) % 4 % seats
            delta[owner] -= 1.0 + (STUDENT_VALUE if there >= WITH_STUDENT else 0.0)
            delta[traveller] += 1.0  # the other master goes home, the traveller takes over
    return delta
