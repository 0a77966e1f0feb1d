"""The rules of play on hand-built positions: S-S3, S-A1, S-A2, S-A3 (a to e), S-P1, S-E1, S-E2.

Positions are written village by village in the token notation of ``builders.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import IllegalActionError, Match, Rng, engine
from boardkit.log import Entry, LogHeader
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import PATHS
from boardkit_shangrila.rules.components import GUILD_INDEX, GUILD_INITIALS, Guild
from boardkit_shangrila.rules.events import (
    BridgeBroken,
    MasterExpelled,
    StonePlaced,
    TravellerJoined,
    TravellerReturned,
    TravellerSettled,
)
from boardkit_shangrila.rules.legality import legal
from boardkit_shangrila.rules.scoring import final_result
from boardkit_shangrila.rules.state import (
    MAIN,
    PLACEMENT,
    ShangrilaState,
    colour_to_move,
    supply_of,
)

from ..builders import GAME, build, village_text

H, D, F, P, R, A, Y = (
    Guild.HEALER,
    Guild.DRAGON_BREEDER,
    Guild.FIRE_KEEPER,
    Guild.PRAYER_WHEEL_TURNER,
    Guild.RAINMAKER,
    Guild.ASTROLOGER,
    Guild.YETI_WHISPERER,
)


def play(state: ShangrilaState, action: Any) -> tuple[ShangrilaState, list[object]]:
    """Play ``action`` for whoever decides, through the engine (hooks included)."""
    return engine.step(GAME, state, None, action, Rng(0))


def match_at(state: ShangrilaState) -> Match[Any]:
    """A match whose current position is ``state`` (for refusal tests on a real match)."""
    config = GAME.make_config(state.flow.players, {"edition": state.edition}, 0)
    if state.colours == 4 and state.flow.players == 2:
        config = GAME.make_config(2, {"two_colours_each": True, "edition": state.edition}, 0)
    names = tuple(f"p{i}" for i in range(state.flow.players))
    header = LogHeader(GAME.name, GAME.version, names, dict(config.options), 0)
    return Match(GAME, header, config, Entry(0, None, None, ()), state)


def refused(state: ShangrilaState, action: Any) -> IllegalActionError:
    """Play ``action`` on a match at ``state``; it must be refused and change nothing."""
    match = match_at(state)
    before = match.state
    with pytest.raises(IllegalActionError) as info:
        match.play(action)
    assert match.state is before and len(match) == 1
    assert action not in set(legal(state, colour_to_move(state)))
    return info.value


def tile_total(state: ShangrilaState, colour: int, guild: Guild) -> int:
    """Tiles of ``colour`` and ``guild`` on the board plus in supply."""
    g = GUILD_INDEX[guild]
    board = 0
    for v in range(13):
        code = state.spaces[v * 7 + g]
        if code and (code - 1) % 4 == colour:
            board += 2 if code >= 5 else 1
    return board + supply_of(state, colour, g)


# --- S-S3 placement -----------------------------------------------------------------------------


def test_s_s3_four_player_limits_three_tiles_two_of_a_colour() -> None:
    """S-S3: 4 players: at most 3 tiles in a village and 2 of one colour during placement."""
    full = build({4: "Hr Db Fy"}, phase=PLACEMENT, to_move=3)
    assert refused(full, PlaceSetupMaster(4, Y)).rule == "S-S3"
    two_red = build({4: "Hr Dr"}, phase=PLACEMENT, to_move=0)
    assert refused(two_red, PlaceSetupMaster(4, Y)).rule == "S-S3"
    two_red_blue_turn = build({4: "Hr Dr"}, phase=PLACEMENT, to_move=1)
    after, _ = play(two_red_blue_turn, PlaceSetupMaster(4, Y))
    assert village_text(after, 4) == "Hr Dr Yb"


def test_s_s3_three_player_limits_two_tiles_of_different_colours() -> None:
    """S-S3: 3 players: at most 2 tiles in a village, of different colours."""
    two = build({4: "Hr Db"}, players=3, phase=PLACEMENT, to_move=2)
    assert refused(two, PlaceSetupMaster(4, Y)).rule == "S-S3"
    one_red = build({4: "Hr"}, players=3, phase=PLACEMENT, to_move=0)
    assert refused(one_red, PlaceSetupMaster(4, Y)).rule == "S-S3"
    after, _ = play(build({4: "Hr"}, players=3, phase=PLACEMENT, to_move=1), PlaceSetupMaster(4, Y))
    assert village_text(after, 4) == "Hr Yb"
    red_village = build({}, players=3, phase=PLACEMENT, to_move=0)
    assert refused(red_village, PlaceSetupMaster(2, H)).rule == "S-S2"


def test_s_s3_one_master_of_each_guild_on_a_free_space() -> None:
    """S-S3: each colour places each guild once, on a free space; no presence needed."""
    state = build({0: "Hr"}, phase=PLACEMENT, to_move=0)
    assert refused(state, PlaceSetupMaster(5, H)).rule == "S-S3"
    blue = build({0: "Hr"}, phase=PLACEMENT, to_move=1)
    assert refused(blue, PlaceSetupMaster(0, H)).rule == "S-S3"
    after, _ = play(blue, PlaceSetupMaster(9, H))
    assert village_text(after, 9) == "Hb"
    assert refused(state, PlaceMaster(0, D)).rule == "S-S3"
    assert refused(state, Journey(0, 1)).rule == "S-S3"
    assert refused(state, RecruitStudents(((0, H),))).rule == "S-S3"


@pytest.mark.parametrize("players", [3, 4])
def test_s_s3_placement_phase_in_turn_order_leaves_five_of_each(players: int) -> None:
    """S-S3: colours alternate one tile at a time, 7 each; then 5 of each guild in supply,
    and the start colour opens the main phase."""
    match = Match.new(GAME, players, seed=11)
    rng = Rng(4)
    order = []
    while match.state.flow.phase == PLACEMENT:
        order.append(colour_to_move(match.state))
        match.play(rng.choice(match.legal_actions()))
    start = match.state.start
    assert order == [(start + i) % players for i in range(7 * players)]
    assert match.state.flow.phase == MAIN
    assert colour_to_move(match.state) == start
    assert match.state.supply == (5,) * (7 * players)
    for colour in range(players):
        for g in range(7):
            owners = [match.state.spaces[v * 7 + g] for v in range(13)]
            assert owners.count(1 + colour) == 1


def _place_in_turn(state: ShangrilaState, moves: str) -> ShangrilaState:
    """Play set-up placements in turn order; ``moves`` lists ``<guild initial>@<village>``."""
    by_initial = {initial: guild for guild, initial in GUILD_INITIALS.items()}
    for move in moves.split():
        initial, village = move.split("@")
        state, _ = play(state, PlaceSetupMaster(int(village), by_initial[initial]))
    return state


def _setup_spaces(state: ShangrilaState) -> set[tuple[int, Guild]]:
    """The (village, guild) targets of the colour to move's legal set-up placements."""
    actions = legal(state, colour_to_move(state))
    assert all(isinstance(a, PlaceSetupMaster) for a in actions), list(actions)
    return {(a.village, a.guild) for a in actions if isinstance(a, PlaceSetupMaster)}


# Three players, red to start. Red spreads over villages 0, 1, 3, 4, 5, 6; blue and yellow put
# their yeti whisperers in 7 and 8 and fill 9 to 12 in pairs. Red's last guild, the yeti
# whisperer, then has no space within the limits: 0 and 1 are full, 3 to 6 hold red, the
# yeti spaces of 7 and 8 are taken, 9 to 12 are full.
_RED_STUCK_LAST = (
    "H@0 Y@7 Y@8  D@1 H@9 D@9  F@3 D@10 F@10  P@4 F@11 P@11  R@5 P@12 H@12  A@6 R@0 A@1"
)


def test_s_s3_three_players_a_stuck_colour_places_ignoring_the_limits() -> None:
    """S-S3 (revised): a colour whose last guild has no space within the placement limits
    places it on any free space of its guild in a village in play, instead of passing; the
    other colours keep the limits, and every colour ends with 7 masters and 5 of each guild."""
    state = _place_in_turn(build({}, players=3, phase=PLACEMENT, to_move=0), _RED_STUCK_LAST)
    assert colour_to_move(state) == 0 and state.flow.turn == 19
    free_yeti = {0, 1, 3, 4, 5, 6, 9, 10, 11, 12}  # not 2 (the red village, S-S2), 7, 8 (taken)
    assert _setup_spaces(state) == {(v, Y) for v in free_yeti}
    assert refused(state, Pass()).rule == "S-P1"
    assert refused(state, PlaceSetupMaster(7, Y)).rule == "S-S3"
    assert refused(state, PlaceSetupMaster(2, Y)).rule == "S-S2"
    state, _ = play(state, PlaceSetupMaster(9, Y))
    assert village_text(state, 9) == "Hb Dy Yr"  # three tiles: the limits did not apply
    assert _setup_spaces(state) == {(3, A), (4, A), (5, A), (8, A)}  # blue is not stuck
    assert refused(state, PlaceSetupMaster(9, A)).rule == "S-S3"
    state = _place_in_turn(state, "A@3 R@7")
    assert state.flow.phase == MAIN and colour_to_move(state) == 0
    assert state.supply == (5,) * 21
    for colour in range(3):
        for g in range(7):
            assert [state.spaces[v * 7 + g] for v in range(13)].count(1 + colour) == 1


# Three players, red to start. Yellow holds villages 0, 1, 3, 4, 5 alone; red and blue put
# their yeti whisperers in 6 and 7 and fill 8 to 12 in pairs. On its sixth turn yellow still
# needs an astrologer (free within the limits in 6 and 7) and a yeti whisperer (no space within
# the limits).
_YELLOW_STUCK_ON_ONE_GUILD = (
    "Y@6 Y@7 H@0  H@8 D@8 D@1  D@9 F@9 F@3  F@10 P@10 P@4  P@11 R@11 R@5  R@12 H@12"
)


def test_s_s3_the_relaxation_is_per_guild() -> None:
    """S-S3 (revised): only a guild without a space within the limits is relaxed, and at once
    (the colour need not place its other guilds first): yellow may put its yeti whisperer on
    any free yeti space, its astrologer only where the limits allow."""
    state = build({}, players=3, phase=PLACEMENT, to_move=0)
    state = _place_in_turn(state, _YELLOW_STUCK_ON_ONE_GUILD)
    assert colour_to_move(state) == 2 and state.flow.turn == 18
    free_yeti = {0, 1, 3, 4, 5, 8, 9, 10, 11, 12}
    assert _setup_spaces(state) == {(6, A), (7, A)} | {(v, Y) for v in free_yeti}
    assert refused(state, PlaceSetupMaster(0, A)).rule == "S-S3"  # yellow has one there
    assert refused(state, PlaceSetupMaster(8, A)).rule == "S-S3"  # village 8 is full
    state, _ = play(state, PlaceSetupMaster(8, Y))
    assert village_text(state, 8) == "Hr Db Yy"


# --- S-A1 place a master ------------------------------------------------------------------------


def test_s_a1_place_a_master_where_you_already_have_one() -> None:
    """S-A1: one master from supply on a free space of a village with an own master."""
    state = build({4: "Hr Ry", 7: "Hb"}, to_move=0)
    after, _events = play(state, PlaceMaster(4, D))
    assert village_text(after, 4) == "Hr Dr Ry"
    assert supply_of(after, 0, GUILD_INDEX[D]) == 5
    assert colour_to_move(after) == 1  # one master per turn, then the next colour
    assert refused(state, PlaceMaster(7, D)).rule == "S-A1"  # no red master in 7
    assert refused(state, PlaceMaster(4, R)).rule == "S-A1"  # yellow holds that space
    empty = build({4: "Hr"}, supply_override={(0, GUILD_INDEX[D]): 0})
    assert refused(empty, PlaceMaster(4, D)).rule == "S-A1"


def test_s_a1_a_master_with_a_student_counts_as_presence() -> None:
    """S-A1: a master carrying a student is a master too."""
    state = build({4: "Hr+"}, to_move=0)
    after, _ = play(state, PlaceMaster(4, Y))
    assert village_text(after, 4) == "Hr+ Yr"


# --- S-A2 recruit students ----------------------------------------------------------------------


def test_s_a2_two_students_in_one_or_two_villages() -> None:
    """S-A2: two students on own masters of their guilds, in one or two villages."""
    state = build({0: "Ry Yy", 4: "Hb", 7: "Fb"}, to_move=2)
    after, _ = play(state, RecruitStudents(((0, R), (0, Y))))
    assert village_text(after, 0) == "Ry+ Yy+"
    blue = build({0: "Ry Yy", 4: "Hb", 7: "Fb"}, to_move=1)
    after, _ = play(blue, RecruitStudents(((7, F), (4, H))))
    assert village_text(after, 4) == "Hb+" and village_text(after, 7) == "Fb+"
    assert RecruitStudents(((7, F), (4, H))) == RecruitStudents(((4, H), (7, F)))


def test_s_a2_single_student_only_when_no_second_is_possible() -> None:
    """S-A2: one student alone only if just one master is eligible or supply allows one."""
    state = build({0: "Hr Dr", 4: "Hr+"}, to_move=0)
    assert refused(state, RecruitStudents(((0, H),))).rule == "S-A2"
    only = build({0: "Hr+ Dr+", 4: "Hr"}, to_move=0)
    assert RecruitStudents(((4, H),)) in set(legal(only, 0))
    after, _ = play(only, RecruitStudents(((4, H),)))
    assert village_text(after, 4) == "Hr+"
    short = build({0: "Hr", 4: "Hr"}, supply_override={(0, GUILD_INDEX[H]): 1})
    assert refused(short, RecruitStudents(((0, H), (4, H)))).rule == "S-A2"
    singles = {a for a in legal(short, 0) if isinstance(a, RecruitStudents)}
    assert singles == {RecruitStudents(((0, H),)), RecruitStudents(((4, H),))}


def test_s_a2_a_master_never_carries_two_students() -> None:
    """S-A2: no student on a master that has one, none on another colour's master."""
    state = build({0: "Hr+ Dr Fb"}, to_move=0)
    assert refused(state, RecruitStudents(((0, H), (0, D)))).rule == "S-A2"
    assert refused(state, RecruitStudents(((0, D), (0, F)))).rule == "S-A2"
    assert refused(state, RecruitStudents(((0, D), (0, D)))).rule == "S-A2"
    assert refused(state, RecruitStudents(())).rule == "S-A2"


# --- S-A3 journeys ------------------------------------------------------------------------------


def test_s_a3_needs_an_own_student_and_a_neighbour() -> None:
    """S-A3: the mover needs a student in the source; the destination must be adjacent."""
    state = build({4: "Hr Db+"}, to_move=0)
    assert refused(state, Journey(4, 7)).rule == "S-A3"
    blue = build({4: "Hr Db+"}, to_move=1)
    assert refused(blue, Journey(4, 12)).rule == "S-A3"
    assert refused(blue, Journey(4, 4)).rule == "S-A3"
    assert refused(blue, Journey(4, 99)).rule == "S-C1"


def test_s_a3_every_student_travels_and_masters_stay() -> None:
    """S-A3: all students of the source travel, whatever their colour; masters stay home."""
    state = build({4: "Hr+ Db+ Fy Yv+", 7: ""}, to_move=1)
    after, _ = play(state, Journey(4, 7))
    assert village_text(after, 4) == "Hr Db Fy Yv"
    assert village_text(after, 7) == "Hr Db Yv"


def test_s_a3a_tie_on_tiles_more_masters_is_stronger() -> None:
    """S-A3a: equal tiles: the village with more masters is stronger (here the source)."""
    # source: 4 masters + 1 student = 5 tiles; destination: 3 masters + 2 students = 5 tiles
    state = build({4: "Hr+ Fy Ay Yy", 7: "Hb+ Db+ Ry"}, to_move=0)
    after, events = play(state, Journey(4, 7))
    assert any(isinstance(e, MasterExpelled) for e in events)
    assert village_text(after, 7) == "Hr Db+ Ry"


def test_s_a3a_full_tie_the_destination_is_stronger() -> None:
    """S-A3a: equal tiles and equal masters: the destination counts as stronger."""
    state = build({4: "Hr+ Fy Yy", 7: "Hb+ Db Ry"}, to_move=0)
    after, events = play(state, Journey(4, 7))
    assert TravellerReturned(_red(), H) in events
    assert village_text(after, 7) == "Hb+ Db Ry"
    assert supply_of(after, 0, GUILD_INDEX[H]) == 5


def _red() -> Any:
    from boardkit_shangrila.rules.components import Colour

    return Colour.RED


def test_s_a3b_source_stronger_all_four_landings() -> None:
    """S-A3b: empty space -> master; own master alone -> student; own master with student ->
    back to supply; other colour -> that master and its student go home, traveller is master."""
    source = "Hr+ Dr+ Fr+ Pr+ Rb Ab Yb"  # 11 tiles
    dest = "Dr Fr+ Py+"  # 5 tiles; healer space empty
    state = build({4: source, 7: dest}, to_move=0)
    before_yellow = supply_of(state, 2, GUILD_INDEX[P])
    after, events = play(state, Journey(4, 7))
    assert village_text(after, 7) == "Hr Dr+ Fr+ Pr"
    assert TravellerSettled(_red(), 7, H) in events
    assert TravellerJoined(_red(), 7, D) in events
    assert TravellerReturned(_red(), F) in events
    expelled = [e for e in events if isinstance(e, MasterExpelled)]
    assert len(expelled) == 1 and expelled[0].with_student
    assert supply_of(after, 2, GUILD_INDEX[P]) == before_yellow + 2
    for colour in range(4):
        for guild in Guild:
            assert tile_total(after, colour, guild) == 6


def test_s_a3c_source_weaker_only_empty_spaces_are_taken() -> None:
    """S-A3c: source not stronger: empty space -> master, any occupied space -> supply."""
    state = build({4: "Hr+ Dr+ Fb+", 7: "Dr Fy Pv Rv Av Yv"}, to_move=0)
    after, events = play(state, Journey(4, 7))
    assert village_text(after, 7) == "Hr Dr Fy Pv Rv Av Yv"
    assert TravellerReturned(_red(), D) in events  # even onto its own master
    assert village_text(after, 4) == "Hr Dr Fb"
    assert supply_of(after, 1, GUILD_INDEX[F]) == 5  # blue's fire keeper student is home
    for colour in range(4):
        for guild in Guild:
            assert tile_total(after, colour, guild) == 6


def test_s_a3d_the_crossed_bridge_breaks_for_good() -> None:
    """S-A3d: the bridge crossed breaks at once; no journey crosses that path again."""
    state = build({4: "Hr+ Dr+", 7: ""}, to_move=0)
    after, events = play(state, Journey(4, 7))
    assert BridgeBroken(4, 7) in events
    assert not after.bridges >> PATHS.index((4, 7)) & 1
    back = build({4: "Hr+", 7: "Dr+"}, to_move=0, broken=((4, 7),))
    assert refused(back, Journey(7, 4)).rule == "S-A3d"


def test_s_a3e_stones_on_both_villages_and_no_action_there() -> None:
    """S-A3e: a village without bridges gets a stone at once (both ends of one journey can);
    then no action of any kind happens there."""
    # 6 keeps only 6-10, 10 keeps only 10-6: the journey 6 -> 10 isolates both.
    state = build(
        {6: "Hr+ Dr", 10: "Fb"},
        to_move=0,
        broken=((0, 6), (3, 6), (3, 10), (7, 10), (10, 11)),
    )
    after, events = play(state, Journey(6, 10))
    assert StonePlaced(6) in events and StonePlaced(10) in events
    assert after.stones == (1 << 6) | (1 << 10)
    red_again = build(
        {6: "Hr Dr", 10: "Hr Fb"}, to_move=0, broken=tuple(p for p in PATHS if 6 in p or 10 in p)
    )
    red_again = _with_stones(red_again, 6, 10)
    assert refused(red_again, PlaceMaster(6, F)).rule == "S-A3e"
    assert refused(red_again, RecruitStudents(((6, H), (6, D)))).rule == "S-A3e"
    assert refused(red_again, Journey(6, 10)).rule == "S-A3e"


def _with_stones(state: ShangrilaState, *villages: int) -> ShangrilaState:
    from attrs import evolve

    mask = state.stones
    for v in villages:
        mask |= 1 << v
    return evolve(state, stones=mask)


# --- S-P1 passing -------------------------------------------------------------------------------


def test_s_p1_pass_only_without_a_legal_action_and_all_passes_end_the_game() -> None:
    """S-P1: a colour with nothing to do passes (its only legal action); a full round of
    passes in a row ends the game."""
    state = build({}, to_move=0)
    assert list(legal(state, 0)) == [Pass()]
    for _ in range(3):
        state, _ = play(state, Pass())
        assert not state.flow.ended
    state, _ = play(state, Pass())
    assert state.flow.ended
    result = GAME.result(state)
    assert result is not None and result.winners == (0, 1, 2, 3)
    busy = build({4: "Hr"}, to_move=0)
    assert refused(busy, Pass()).rule == "S-P1"


def test_s_p1_a_real_action_resets_the_pass_count() -> None:
    """S-P1: passes must be in a row; an action in between starts the count again."""
    state = build({4: "Hb"}, to_move=0)
    state, _ = play(state, Pass())
    assert state.passes == 1
    state, _ = play(state, PlaceMaster(4, D))
    assert state.passes == 0


# --- S-E1, S-E2 the end -------------------------------------------------------------------------


def _endgame(edition: str, players: int = 4) -> ShangrilaState:
    # Only villages 7, 8, 11 are open; bridges 7-8 and 7-11 stand.
    keep = {(7, 8), (7, 11)}
    broken = tuple(p for p in PATHS if p not in keep)
    stones = tuple(v for v in range(13) if v not in (7, 8, 11))
    return build(
        {7: "Hr+ Dr+", 8: "Hb", 11: "Fy"},
        to_move=0,
        broken=broken,
        stones=stones,
        options={"edition": edition},
        players=players,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_s_e1_german_edition_ends_with_the_eleventh_stone(players: int) -> None:
    """S-E1: German edition: the game ends as soon as the 11th stone is placed (with 3 players
    the red village's stone is one of the 11)."""
    start = _endgame("german", players)
    assert start.stones.bit_count() == 10 and not start.flow.ended
    state, events = play(start, Journey(7, 8))
    assert StonePlaced(8) in events
    assert state.stones.bit_count() == 11
    assert state.flow.ended and GAME.result(state) is not None


def test_s_e1_english_edition_ends_with_the_last_bridge() -> None:
    """S-E1 (option): English edition: play goes on until the last bridge breaks."""
    state, _ = play(_endgame("english"), Journey(7, 8))
    assert not state.flow.ended
    assert state.stones.bit_count() == 11
    while not state.flow.ended:
        actions = list(GAME.legal_actions(state))
        journeys = [a for a in actions if isinstance(a, Journey)]
        state, _ = play(state, journeys[0] if journeys else actions[0])
    assert state.bridges == 0 and state.stones.bit_count() == 13


def test_s_e2_masters_count_students_do_not() -> None:
    """S-E2: each colour scores the spaces its masters hold; students add nothing."""
    state = build({0: "Hr+ Dr+ Fb", 1: "Hb Db Fr"})
    result = final_result(state)
    assert result.scores == (3, 3, 0, 0)
    assert result.winners == (0, 1)  # 3 masters in 2 villages each: a shared win


def test_s_e2_village_count_breaks_a_tie_rulebook_example() -> None:
    """S-E2: rulebook example: red and blue hold 17 spaces each; red is in 7 villages, blue in
    6, so red wins."""
    red_rows = ["Hr Dr Fr", "Hr Dr Fr", "Hr Dr Fr", "Pr Rr", "Pr Rr", "Pr Rr", "Ar Yr"]
    blue_rows = ["Hb Db Fb", "Hb Db Fb", "Hb Db Fb", "Hb Db Fb", "Hb Db Fb", "Pb Rb"]
    villages = {v: row for v, row in enumerate(red_rows)}
    villages.update({7 + i: row for i, row in enumerate(blue_rows)})
    villages[0] += " Yy"
    state = build(villages)
    result = final_result(state)
    assert result.scores == (17, 17, 1, 0)
    assert result.winners == (0,)
    assert "village count" in result.detail


def test_s_e2_two_colour_variant_sums_both_colours() -> None:
    """S-E2 with two_colours_each: a person scores both colours, villages counted once."""
    state = build({0: "Hr Dy", 1: "Hb", 2: "Hv Db"}, players=2, options={"two_colours_each": True})
    result = final_result(state)
    assert result.scores == (2, 3)
    assert result.winners == (1,)


@pytest.mark.parametrize(
    ("players", "options"), [(4, {}), (3, {}), (2, {"two_colours_each": True})]
)
def test_s_e2_tallies_count_space_by_space(players: int, options: dict[str, Any]) -> None:
    """S-E2's tallies (masters and villages per seat) are those of a count space by space, in
    every position of random games: positions a playout folded (whose guild masks the
    reducer carried along) and the same positions rebuilt from their fields (whose masks are
    worked out afresh)."""
    from boardkit.runner.simulate import random_playout
    from boardkit_shangrila.rules.scoring import seat_tally

    for seed in range(3):
        match = random_playout(GAME, players, options, seed=seed)
        for seq in range(0, len(match), 5):
            folded = match.state_at(seq)
            rebuilt = ShangrilaState(
                folded.flow,
                folded.colours,
                folded.edition,
                tuple(list(folded.spaces)),
                tuple(list(folded.supply)),
                folded.bridges,
                folded.stones,
                folded.start,
                folded.passes,
            )
            for seat in range(players):
                mine = [c for c in range(folded.colours) if c % players == seat]
                rows = [folded.spaces[v * 7 : v * 7 + 7] for v in range(13)]
                held = [sum(1 for code in row if code and (code - 1) % 4 in mine) for row in rows]
                expected = (sum(held), sum(1 for n in held if n))
                assert seat_tally(folded, seat) == seat_tally(rebuilt, seat) == expected
