"""Start yurts (K-S4): the German reading by default, the Dutch one as the option
``start_yurts_per_player``; for 2, 3 and 4 players; and no placement round can get stuck.

German: "Dabei darf in jeder Region höchstens eine Jurte eingesetzt werden" — at most one start
yurt in each region, whoever placed it. Dutch: one per region *per player*.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import IllegalActionError, Match, Rng
from boardkit_khan.rules.actions import PlaceStartYurt
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.state import PHASE_PLACEMENT, PLACEMENT_ROUNDS, KhanState

from ..game_builders import BOARD, GAME, new_match, region_mask

DUTCH = {"start_yurts_per_player": True}


def region_of(cell: int) -> Region:
    """The region of a land cell."""
    region = BOARD.region_of(cell)
    assert region is not None
    return region


def start_regions(state: KhanState) -> list[Region]:
    """The region of every start yurt on the board, all seats together."""
    found = []
    for yurts in state.field.yurts:
        found += [region_of(c) for c in range(BOARD.grid.size) if (yurts >> c) & 1]
    return found


def regions_offered(match: Match[KhanState]) -> set[Region]:
    """The regions the deciding player may put his start yurt in."""
    return {region_of(a.cell) for a in match.legal_actions() if isinstance(a, PlaceStartYurt)}


def play_placement(match: Match[KhanState], seed: int) -> None:
    """Play the placement rounds with random legal choices; every turn must offer a cell, and
    (German reading) none in a region that already holds a start yurt."""
    chooser = Rng(seed)
    german = not match.state.options.start_yurts_per_player
    while match.state.flow.phase == PHASE_PLACEMENT:
        legal = match.legal_actions()
        assert legal, "a placement turn offered no cell"
        if german:
            assert not regions_offered(match) & set(start_regions(match.state))
        match.play(chooser.choice(legal))


# -- the German reading (default) -------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k_s4_german_default_closes_a_region_for_everybody(players: int) -> None:
    """K-S4 (German, default): once any player has put a start yurt in a region, nobody may put
    another there; the next player is offered the other regions only."""
    match = new_match(players, seed=5)
    assert match.state.options.start_yurts_per_player is False
    first = match.legal_actions()[0]
    assert isinstance(first, PlaceStartYurt)
    match.play(first)
    taken = region_of(first.cell)
    assert regions_offered(match) == set(Region) - {taken}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k_s4_german_refuses_another_players_region(players: int) -> None:
    """K-S4 (German, default): a start yurt in a region another player already used is refused,
    naming the clause."""
    match = new_match(players, seed=5)
    first = match.legal_actions()[0]
    assert isinstance(first, PlaceStartYurt)
    match.play(first)
    free = region_mask(region_of(first.cell)) & ~match.state.field.occupied
    cell = (free & -free).bit_length() - 1
    with pytest.raises(IllegalActionError) as refused:
        match.play(PlaceStartYurt(cell))
    assert refused.value.rule == "K-S4"
    assert "nobody has placed a start yurt" in str(refused.value)


@pytest.mark.parametrize(("players", "yurts"), [(2, 6), (3, 6), (4, 4)])
@pytest.mark.parametrize("seed", range(8))
def test_k_s4_german_start_yurts_lie_in_distinct_regions(
    players: int, yurts: int, seed: int
) -> None:
    """K-S4 (German, default): 3 / 2 / 1 rounds give 6 / 6 / 4 start yurts, each in a region of
    its own; no turn is ever left without a cell (with 2 players the sixth yurt takes the last
    region)."""
    match = new_match(players, seed=seed)
    play_placement(match, seed)
    regions = start_regions(match.state)
    assert len(regions) == yurts == PLACEMENT_ROUNDS[players] * players
    assert len(set(regions)) == yurts


@pytest.mark.parametrize("last", list(Region), ids=lambda r: r.name)
def test_k_s4_two_players_last_placer_always_has_the_last_region(last: Region) -> None:
    """K-S4 (German, 2 players): whichever five regions the first five start yurts took, the
    sixth placer is offered exactly the free cells of the sixth region, and it has some (rulers
    stand on at most 2 cells of a region of at least 20)."""
    match = new_match(2, seed=1)
    for region in [r for r in Region if r is not last]:
        offered = [
            a
            for a in match.legal_actions()
            if isinstance(a, PlaceStartYurt) and region_of(a.cell) is region
        ]
        match.play(offered[0])
    cells = {a.cell for a in match.legal_actions() if isinstance(a, PlaceStartYurt)}
    free = region_mask(last) & ~match.state.field.occupied
    assert cells == {c for c in range(BOARD.grid.size) if (free >> c) & 1}
    assert cells


# -- the Dutch reading (option) -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k_s4_dutch_option_closes_a_region_for_its_player_only(players: int) -> None:
    """K-S4 (Dutch, option ``start_yurts_per_player``): a region stays open to the other
    players after one put a start yurt there; a player never puts two in one region."""
    match = new_match(players, seed=5, options=DUTCH)
    assert match.state.options.start_yurts_per_player is True
    first = match.legal_actions()[0]
    assert isinstance(first, PlaceStartYurt)
    start = match.state.flow.active
    match.play(first)
    assert regions_offered(match) == set(Region)
    while match.state.flow.phase == PHASE_PLACEMENT and match.state.flow.active != start:
        match.play(match.legal_actions()[-1])
    if players < 4:  # the start player's second round: his own region only is closed
        assert match.state.flow.phase == PHASE_PLACEMENT
        assert regions_offered(match) == set(Region) - {region_of(first.cell)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_k_s4_dutch_each_player_uses_distinct_regions(players: int, seed: int) -> None:
    """K-S4 (Dutch option): each player's start yurts lie in distinct regions; two players may
    share a region; no turn is left without a cell."""
    match = new_match(players, seed=seed, options=DUTCH)
    play_placement(match, seed)
    for yurts in match.state.field.yurts:
        regions = [region_of(c) for c in range(BOARD.grid.size) if (yurts >> c) & 1]
        assert len(regions) == len(set(regions)) == PLACEMENT_ROUNDS[players]


def test_k_s4_dutch_allows_a_region_another_player_used() -> None:
    """K-S4 (Dutch option): the second player may put his start yurt next to the first one's."""
    match = new_match(2, seed=5, options=DUTCH)
    first = match.legal_actions()[0]
    assert isinstance(first, PlaceStartYurt)
    match.play(first)
    free = region_mask(region_of(first.cell)) & ~match.state.field.occupied
    cell = (free & -free).bit_length() - 1
    match.play(PlaceStartYurt(cell))
    assert region_of(cell) is region_of(first.cell)


# -- the option in logs ---------------------------------------------------------------------------


@pytest.mark.parametrize("options", [None, DUTCH])
def test_k_s4_reading_is_recorded_in_the_log_header(options: dict[str, Any] | None) -> None:
    """K-S4: the reading in force is an option, written in the log header, and a replay plays
    by it."""
    match = new_match(2, seed=2, options=options)
    play_placement(match, 2)
    header = match.log.header.options
    assert header["start_yurts_per_player"] is bool(options)
    again = Match.from_json(match.to_json(), GAME)
    assert again.state == match.state
