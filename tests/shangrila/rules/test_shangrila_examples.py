"""The rulebook's worked journey examples (S-A3, S-A3a, S-A3b, S-A3c, S-A3d), built as states.

Village A is 4 and village B is 7 (the rulebook's picture has no numbers; any two neighbours do).
"""

from __future__ import annotations

from boardkit import Rng, engine
from boardkit_shangrila.rules.actions import Journey
from boardkit_shangrila.rules.components import GUILD_INDEX, Colour, Guild
from boardkit_shangrila.rules.events import (
    BridgeBroken,
    JourneyMade,
    MasterExpelled,
    TravellerReturned,
    TravellerSettled,
)
from boardkit_shangrila.rules.state import colour_to_move, strength, supply_of, village_codes

from ..builders import GAME, build, village_text

A, B = 4, 7


def test_case_1_stronger_village_a_throws_out_yellow_and_blue() -> None:
    """Rulebook case 1 (S-A3b): A has 8 tiles, B has 5. Red (2 masters, 2 students in A) sends
    the students to B: red's dragon breeder takes the free space, red's rainmaker student throws
    out yellow's master and student, violet's healer student throws out blue's healer. Yellow
    and blue (masters only in A) do not travel; the bridge goes at once (S-A3d)."""
    state = build(
        {
            A: "Hv+ Dr+ Rr+ Fy Yb",  # red 4 tiles, violet 2, yellow 1, blue 1 = 8
            B: "Hb Py Ry+ Av",  # 5 tiles; the dragon breeder space is free
        },
        to_move=0,
    )
    assert strength(village_codes(state, A)) == (8, 5)
    assert strength(village_codes(state, B)) == (5, 4)
    yellow_rain = supply_of(state, 2, GUILD_INDEX[Guild.RAINMAKER])
    blue_healer = supply_of(state, 1, GUILD_INDEX[Guild.HEALER])

    after, events = engine.step(GAME, state, 0, Journey(A, B), Rng(0))

    made = events[0]
    assert isinstance(made, JourneyMade) and made.source_stronger
    assert (made.source_tiles, made.destination_tiles) == (8, 5)
    assert TravellerSettled(Colour.RED, B, Guild.DRAGON_BREEDER) in events
    assert MasterExpelled(Colour.YELLOW, B, Guild.RAINMAKER, True) in events
    assert TravellerSettled(Colour.RED, B, Guild.RAINMAKER) in events
    assert MasterExpelled(Colour.BLUE, B, Guild.HEALER, False) in events
    assert TravellerSettled(Colour.VIOLET, B, Guild.HEALER) in events
    assert BridgeBroken(A, B) in events
    assert village_text(after, A) == "Hv Dr Fy Rr Yb"
    assert village_text(after, B) == "Hv Dr Py Rr Av"
    assert supply_of(after, 2, GUILD_INDEX[Guild.RAINMAKER]) == yellow_rain + 2
    assert supply_of(after, 1, GUILD_INDEX[Guild.HEALER]) == blue_healer + 1
    assert colour_to_move(after) == 1


def test_case_2_weaker_village_a_violet_settles_red_bounces() -> None:
    """Rulebook case 2 (S-A3c): A has 7 tiles, B has 9, so A is weaker. Violet sends the
    students anyway: violet's healer fills B's free healer space; red's rainmaker student meets
    yellow's rainmaker and goes back to red's supply."""
    state = build(
        {
            A: "Hv+ Rr+ Ab Fy Yr",  # 7 tiles
            B: "Db+ Fb+ Pv+ Ry Ay Yr",  # 9 tiles; healer space free
        },
        to_move=3,
    )
    assert strength(village_codes(state, A))[0] == 7
    assert strength(village_codes(state, B))[0] == 9
    red_rain = supply_of(state, 0, GUILD_INDEX[Guild.RAINMAKER])

    after, events = engine.step(GAME, state, 3, Journey(A, B), Rng(0))

    made = events[0]
    assert isinstance(made, JourneyMade) and not made.source_stronger
    assert TravellerSettled(Colour.VIOLET, B, Guild.HEALER) in events
    assert TravellerReturned(Colour.RED, Guild.RAINMAKER) in events
    assert not any(isinstance(e, MasterExpelled) for e in events)
    assert village_text(after, B) == "Hv Db+ Fb+ Pv+ Ry Ay Yr"
    assert village_text(after, A) == "Hv Fy Rr Ab Yr"
    assert supply_of(after, 0, GUILD_INDEX[Guild.RAINMAKER]) == red_rain + 1
    assert BridgeBroken(A, B) in events
