"""Shangrila's narration: the exact lines of typical events on built positions, and every event
type worded in random games."""

from __future__ import annotations

from typing import Any

from boardkit import Rng, engine
from boardkit.flow import FLOW_EVENT_TYPES, TurnStarted
from boardkit.present.narration import narrate_entry
from boardkit.present.screen import plain
from boardkit.testing.narration_checks import check_narration
from boardkit_shangrila.rules.actions import Journey
from boardkit_shangrila.rules.components import Colour, Guild
from boardkit_shangrila.rules.events import (
    EVENT_TYPES,
    MasterPlaced,
    Passed,
    StartColourDrawn,
    StudentRecruited,
    TravellerJoined,
    TravellerReturned,
)
from boardkit_shangrila.rules.state import PLACEMENT

from ..builders import GAME, build

A, B = 4, 7


def test_a_journey_tells_the_strengths_and_every_travellers_fate() -> None:
    state = build({A: "Hv+ Dr+ Rr+ Fy Yb", B: "Hb Py Ry+ Av"}, to_move=0)
    _, events = engine.step(GAME, state, 0, Journey(A, B), Rng(0))
    assert narrate_entry(GAME, state, events, None) == [
        "red sends 3 students of village 4 to village 7 (8 tiles against 5: village 4 is stronger)",
        "blue's healer in village 7 is driven out and goes back to supply",
        "violet's healer settles in village 7 as master",
        "red's dragon breeder settles in village 7 as master",
        "yellow's rainmaker in village 7 is driven out with its student and goes back to supply",
        "red's rainmaker settles in village 7 as master",
        "the bridge between villages 4 and 7 breaks",
        "turn 2: blue's turn",
    ]


def test_a_weaker_village_sends_its_students_home_and_a_cut_off_village_gets_a_stone() -> None:
    state = build(
        {A: "Hv+ Rr+ Ab Fy Yr", B: "Db+ Fb+ Pv+ Ry Ay Yr"},
        to_move=3,
        broken=((7, 8), (7, 10), (7, 11)),
    )
    _, events = engine.step(GAME, state, 3, Journey(A, B), Rng(0))
    said = narrate_entry(GAME, state, events, 3, ["ann", "bob", "cy", "dee"])
    assert said[0] == (
        "you (violet) send 2 students of village 4 to village 7 (7 tiles against 9: "
        "village 7 holds)"
    )
    assert "red's rainmaker finds no place and goes back to supply" in said
    assert "village 7 has no bridge left and gets a Stone of the Wise (1 of 11)" in said
    assert said[-1] == "turn 5: ann's turn (red)"


def test_placing_recruiting_and_passing() -> None:
    main = build({}, to_move=2)
    setup = build({}, to_move=2, phase=PLACEMENT)
    names = ["ann", "bob", "cy", "dee"]

    def say(event: object, state: object = main, player: int | None = None) -> str | None:
        return GAME.describe_event(event, state, player, names)  # type: ignore[arg-type]

    assert GAME.describe_event(MasterPlaced(Colour.RED, 3, Guild.RAINMAKER), main) == (
        "red places a master (rainmaker) in village 3"
    )
    assert say(MasterPlaced(Colour.RED, 3, Guild.RAINMAKER), setup, 0) == (
        "you (red) place a set-up master (rainmaker) in village 3"
    )
    assert say(StudentRecruited(Colour.BLUE, 5, Guild.PRAYER_WHEEL_TURNER)) == (
        "bob (blue) recruits a student for the prayer-wheel turner in village 5"
    )
    assert say(TravellerJoined(Colour.YELLOW, 2, Guild.HEALER)) == (
        "yellow's healer joins its master in village 2"
    )
    assert say(TravellerReturned(Colour.YELLOW, Guild.HEALER)) == (
        "yellow's healer finds no place and goes back to supply"
    )
    assert say(Passed(Colour.VIOLET), main, 3) == "you (violet) cannot act and pass"
    assert say(StartColourDrawn(Colour.YELLOW)) == "cy (yellow) is drawn to start"
    assert say(TurnStarted(2, 3), main, 2) == "turn 3: your turn (yellow)"


def test_seats_named_by_their_colour_are_not_named_twice() -> None:
    """``boardkit watch`` names the seats by colour: "red places", not "red (red) places"."""
    main = build({}, to_move=2)
    names = ["red", "blue", "yellow", "violet"]
    assert GAME.describe_event(
        StudentRecruited(Colour.BLUE, 5, Guild.HEALER), main, None, names
    ) == ("blue recruits a student for the healer in village 5")
    assert GAME.describe_event(TurnStarted(2, 3), main, None, names) == "turn 3: yellow's turn"
    side = [plain(row) for row in GAME.render_screen(main, None, names).side]
    assert "yellow to move" in side


def test_two_people_running_two_colours_each_are_you_for_both() -> None:
    state = build({}, players=2, options={"two_colours_each": True})
    assert GAME.describe_event(MasterPlaced(Colour.YELLOW, 1, Guild.HEALER), state, 0) == (
        "you (yellow) place a master (healer) in village 1"
    )
    assert GAME.describe_event(MasterPlaced(Colour.VIOLET, 1, Guild.HEALER), state, 0) == (
        "violet places a master (healer) in village 1"
    )


def test_every_event_type_is_worded_in_random_games() -> None:
    configs: list[dict[str, Any]] = [
        {"players": 3},
        {"players": 4},
        {"players": 2, "options": {"two_colours_each": True}},
    ]
    report = check_narration(GAME, configs, seeds=range(3))
    worded = set(EVENT_TYPES) - {Passed}  # a pass is rare in random games; worded above
    assert worded <= report.narrated
    assert report.seen <= set(EVENT_TYPES) | set(FLOW_EVENT_TYPES)
