"""Shangrila's heuristic for bots (boardkit_shangrila.heuristic) on positions built by hand.

Villages are written in the notation of tests/shangrila/builders.py; village 4 and village 7
are joined by a path, as are 0 and 1. Four players unless said otherwise (colour = seat).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit.bots import heuristic
from boardkit_shangrila.heuristic import (
    STUDENT_VALUE,
    THREAT_WEIGHT,
    evaluate,
    journey_delta,
    journeys,
    seat_values,
)
from boardkit_shangrila.rules.scoring import final_result
from boardkit_shangrila.rules.state import ShangrilaState

from .builders import GAME, build, parse_village

RED, BLUE = 0, 1


def row(text: str) -> tuple[int, ...]:
    """A village's seven space codes from the token notation."""
    codes = parse_village(text)
    return tuple(codes.get(guild, 0) for guild in range(7))


def test_masters_and_students_count_without_journeys() -> None:
    state = build({0: "Hr Db+", 12: "Hb"})
    assert journeys(state) != []  # blue's student in 0 may travel ...
    quiet = build({0: "Hr Db+", 12: "Hb"}, broken=((0, 1), (0, 3), (0, 4), (0, 6)))
    assert journeys(quiet) == []  # ... unless every bridge of village 0 is broken
    values = seat_values(quiet)
    assert values[RED] == 1.0 and values[BLUE] == pytest.approx(2.0 + STUDENT_VALUE)


def test_a_master_beside_a_stronger_village_with_a_rival_student_is_threatened() -> None:
    exposed = build({4: "Hb+ Db Fb", 7: "Hr"})
    safe = build({4: "Hb+ Db Fb", 7: "Hr"}, broken=((4, 7),))
    assert evaluate(exposed, RED) < evaluate(safe, RED)
    assert seat_values(exposed)[RED] == pytest.approx(1.0 - THREAT_WEIGHT * 1.0)


def test_a_weaker_source_threatens_nobody() -> None:
    """S-A3a/S-A3c: a traveller meeting another master in a village at least as strong goes
    home, so the defender keeps its master (a tie favours the destination)."""
    assert journey_delta(row("Hb+"), row("Hr Dr"), 4)[RED] == 0.0
    assert journey_delta(row("Hb+ Fy"), row("Hr Dr Fr"), 4)[RED] == 0.0


def test_a_journey_moves_students_as_the_rules_say() -> None:
    delta = journey_delta(row("Hb+ Dr+ Fy Ay"), row("Hr Fb"), 4)
    # blue's healer takes red's (source stronger); red's dragon breeder finds an empty space
    assert delta[BLUE] == pytest.approx(1.0 - STUDENT_VALUE)
    assert delta[RED] == pytest.approx(-1.0 + 1.0 - STUDENT_VALUE)
    onto_own = journey_delta(row("Hr+"), row("Hr"), 4)
    assert onto_own[RED] == 0.0  # the student becomes its own master's student


def test_an_own_student_beside_a_weaker_rival_is_an_opportunity() -> None:
    chance = build({4: "Hr+ Dr Fr", 7: "Hb"})
    none = build({4: "Hr+ Dr Fr", 7: "Hb"}, broken=((4, 7),))
    assert evaluate(chance, RED) > evaluate(none, RED)


def test_values_are_relative_to_the_others() -> None:
    state = build({4: "Hb+ Db Fb", 7: "Hr", 0: "Hy"})
    values = seat_values(state)
    for seat in range(4):
        others = (sum(values) - values[seat]) / 3
        assert evaluate(state, seat) == pytest.approx(values[seat] - others)
    assert sum(evaluate(state, seat) for seat in range(4)) == pytest.approx(0.0)


def test_a_finished_game_is_judged_by_the_final_count() -> None:
    state: ShangrilaState = build({4: "Hb+ Db Fb", 7: "Hr"}, players=3)
    over = evolve(state, passes=state.colours)  # every colour passed in a row (S-P1)
    scores = final_result(over).scores
    assert evaluate(over, BLUE) == pytest.approx(scores[BLUE] - (scores[0] + scores[2]) / 2)


def test_the_game_offers_it_to_the_bots() -> None:
    state = build({4: "Hb+ Db Fb", 7: "Hr"})
    assert GAME.evaluate(state, RED) == evaluate(state, RED)
    assert heuristic(GAME, state, BLUE) == evaluate(state, BLUE)
