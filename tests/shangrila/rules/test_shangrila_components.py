"""Components, set-up and information: S-C1 to S-C4, S-S1, S-S2, S-S4, S-H1."""

from __future__ import annotations

import itertools

import pytest

from boardkit import InvalidOptionsError, InvalidPlayerCountError, Match, Rng
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.board import (
    ADJACENCY,
    ALL_BRIDGES,
    PATHS,
    POSITIONS,
    RED_VILLAGE,
    VILLAGE_COUNT,
    bridges_at,
    path_index,
)
from boardkit_shangrila.rules.components import (
    COLOURS,
    GUILD_COUNT,
    GUILDS,
    PEOPLES,
    STONES_GERMAN,
    TILES_PER_GUILD,
    Colour,
    Guild,
    guild_by_name,
)
from boardkit_shangrila.rules.events import StartColourDrawn
from boardkit_shangrila.rules.state import PLACEMENT, colour_to_move, seat_of, space

GAME = ShangrilaGame()

SPEC_TABLE = {
    0: {1, 3, 4, 6},
    1: {0, 2, 5},
    2: {1, 5, 9},
    3: {0, 4, 6, 10},
    4: {0, 3, 5, 7},
    5: {1, 2, 4, 8},
    6: {0, 3, 10},
    7: {4, 8, 10, 11},
    8: {5, 7, 9, 12},
    9: {2, 8, 12},
    10: {3, 6, 7, 11},
    11: {7, 10, 12},
    12: {8, 9, 11},
}


def test_s_c1_village_graph_matches_the_spec_table() -> None:
    """S-C1: 13 villages, 23 paths with one bridge each, the adjacency of the spec."""
    assert VILLAGE_COUNT == 13
    assert {v: set(ns) for v, ns in enumerate(ADJACENCY)} == SPEC_TABLE
    assert len(PATHS) == 23
    assert all(a < b for a, b in PATHS)
    assert ALL_BRIDGES.bit_count() == 23
    for a, b in PATHS:
        assert b in ADJACENCY[a] and a in ADJACENCY[b]
        assert path_index(a, b) == path_index(b, a) is not None
    assert path_index(0, 12) is None
    assert len(POSITIONS) == 13
    assert sum(bridges_at(ALL_BRIDGES, v) for v in range(13)) == 2 * 23


def test_s_c2_seven_guild_spaces_per_village() -> None:
    """S-C2: every village has one master space per guild, seven guilds."""
    assert len(GUILDS) == GUILD_COUNT == 7
    state = GAME.initial(GAME.make_config(4))
    assert len(state.spaces) == 13 * 7
    assert all(space(state, v, g) is None for v in range(13) for g in GUILDS)
    assert guild_by_name("Heiler") is Guild.HEALER
    assert guild_by_name("yeti whisperer") is Guild.YETI_WHISPERER
    with pytest.raises(ValueError, match="no guild"):
        guild_by_name("baker")


def test_s_c3_four_colours_with_six_tiles_per_guild() -> None:
    """S-C3: four colours (with their peoples), each with 6 tiles of each of 7 guilds."""
    assert [c.value for c in COLOURS] == ["red", "blue", "yellow", "violet"]
    assert PEOPLES[Colour.RED] == "Ro-Tarya"
    state = GAME.initial(GAME.make_config(4))
    assert state.supply == (TILES_PER_GUILD,) * 28
    assert sum(state.supply[:7]) == 42


def test_s_c4_eleven_stones_in_the_german_edition() -> None:
    """S-C4: the German box has 11 Stones of the Wise."""
    assert STONES_GERMAN == 11


def test_s_s1_player_counts_and_the_two_colour_option() -> None:
    """S-S1: 3 or 4 players; 2 only with two_colours_each, which needs exactly 2."""
    GAME.make_config(3)
    GAME.make_config(4)
    with pytest.raises(InvalidOptionsError, match="two_colours_each"):
        GAME.make_config(2)
    with pytest.raises(InvalidOptionsError, match="exactly 2"):
        GAME.make_config(4, {"two_colours_each": True})
    with pytest.raises(InvalidPlayerCountError):
        GAME.make_config(5)
    with pytest.raises(InvalidOptionsError, match="edition"):
        GAME.make_config(4, {"edition": "french"})


def test_s_s1_two_people_alternate_and_each_runs_two_colours() -> None:
    """S-S1 (variant): colours move in order red, blue, yellow, violet; person i runs i, i+2."""
    match = Match.new(GAME, 2, {"two_colours_each": True}, seed=5)
    state = match.state
    assert state.colours == 4 and state.flow.players == 2
    rng = Rng(1)
    seen = []
    for _ in range(8):
        colour = colour_to_move(match.state)
        assert match.to_decide == colour % 2 == seat_of(match.state, colour)
        seen.append(colour)
        match.play(rng.choice(match.legal_actions()))
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(seen))


def test_s_s2_red_village_closed_with_three_players() -> None:
    """S-S2: with 3 players the red village has a stone and its three paths no bridge."""
    state = GAME.initial(GAME.make_config(3))
    assert state.stones == 1 << RED_VILLAGE
    assert state.bridges.bit_count() == 20
    assert bridges_at(state.bridges, RED_VILLAGE) == 0
    four = GAME.initial(GAME.make_config(4))
    assert four.stones == 0 and four.bridges.bit_count() == 23


def test_s_s4_start_colour_is_drawn_from_the_seed() -> None:
    """S-S4: the start colour is a seeded random event; the start colour opens placement."""
    starts = set()
    for seed in range(40):
        match = Match.new(GAME, 4, seed=seed)
        drawn = [e for e in match.log.entries[0].events if isinstance(e, StartColourDrawn)]
        assert len(drawn) == 1
        colour = COLOURS.index(drawn[0].colour)
        assert match.state.start == colour
        assert match.state.flow.phase == PLACEMENT
        assert match.to_decide == colour
        again = Match.new(GAME, 4, seed=seed)
        assert again.state == match.state
        starts.add(colour)
    assert starts == {0, 1, 2, 3}


def test_s_h1_everything_is_public() -> None:
    """S-H1: no hidden information; every player's view is the whole state."""
    assert GAME.hidden_information is False
    match = Match.new(GAME, 4, seed=3)
    assert all(match.view(p) == match.state for p in (None, 0, 1, 2, 3))
