"""Final scoring (K-V1…K-V4), including the two area-bonus tables of the German rulebook."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit.errors import BoardkitError
from boardkit.geometry.grid import mask_of
from boardkit_khan.rules.board import Board, build_board
from boardkit_khan.rules.scoring import (
    AREA_BONUSES,
    Score,
    ScoringInputError,
    TileOnBoard,
    area_bonuses,
    areas_of,
    score_game,
    tile_points,
    winners_of,
)

# A small test board: 4 rows of 7 cells, a river in column 3 (rows 0-3).
#   col: 0123456
LAYOUT = (
    "MMM~FFF",
    "MMM~FFF",
    "MMM~FFF",
    "MMM~FFF",
)


@pytest.fixture(scope="module")
def board() -> Board:
    return build_board(LAYOUT, name="scoring test board")


def cells(board: Board, *coords: tuple[int, int]) -> int:
    return mask_of([board.grid.cell(r, c) for r, c in coords])


# -- K-V1 -------------------------------------------------------------------------------------


def test_k_v1_points_of_sole_and_shared_tiles_are_split_rounding_up() -> None:
    """K-V1: a sole tile gives its points; a shared tile gives points / sharers, rounded up."""
    tiles: list[TileOnBoard] = [
        (0b11, 5, (0,)),  # sole: 5 to seat 0
        (0b1100, 5, (0, 1)),  # shared by 2: ceil(2.5) = 3 each
        (0b110000, 4, (1, 2, 3)),  # shared by 3: ceil(4/3) = 2 each
        (0b11000000, 4, (2, 3)),  # shared by 2: exactly 2 each
    ]
    assert tile_points(tiles, 4) == (8, 5, 4, 4)


def test_k_v1_player_without_tiles_scores_zero(board: Board) -> None:
    """K-V1: only tiles carrying one's own yurt score."""
    sheet = score_game(board, [(cells(board, (0, 0), (0, 1)), 2, (1,))], 3)
    assert [s.points for s in sheet.scores] == [0, 2, 0]


# -- K-V2 -------------------------------------------------------------------------------------


def test_k_v2_side_adjacent_tiles_form_one_area_corner_contact_does_not(board: Board) -> None:
    """K-V2: tiles touching side to side form one area; touching at a corner only does not."""
    a = cells(board, (0, 0), (0, 1))
    b = cells(board, (1, 1), (2, 1))  # side-adjacent to a (0,1)-(1,1)
    c = cells(board, (3, 2))  # touches b's (2,1) only at a corner
    d = cells(board, (3, 0))  # touches b's (2,1) only at a corner
    tiles: list[TileOnBoard] = [(a, 2, (0,)), (b, 2, (0,)), (c, 1, (0,)), (d, 1, (0,))]
    assert areas_of(board, tiles, 0) == (4, 1, 1)


def test_k_v2_tiles_of_other_players_do_not_join_areas(board: Board) -> None:
    """K-V2: an area is made of tiles that all carry the player's yurt."""
    left = cells(board, (0, 0), (0, 1))
    middle = cells(board, (1, 0), (1, 1))  # seat 1's tile between
    right = cells(board, (2, 0), (2, 1))
    tiles: list[TileOnBoard] = [(left, 2, (0,)), (middle, 2, (1,)), (right, 2, (0,))]
    assert areas_of(board, tiles, 0) == (2, 2)
    assert areas_of(board, tiles, 1) == (2,)


def test_k_v2_shared_tiles_count_for_every_sharer(board: Board) -> None:
    """K-V2: a shared tile belongs to the areas of all its sharers."""
    shared = cells(board, (0, 0), (0, 1))
    mine = cells(board, (1, 0), (1, 1), (1, 2))
    theirs = cells(board, (0, 2))
    tiles: list[TileOnBoard] = [(shared, 2, (0, 1)), (mine, 3, (0,)), (theirs, 1, (1,))]
    assert areas_of(board, tiles, 0) == (5,)
    assert areas_of(board, tiles, 1) == (3,)


def test_k_v2_area_size_counts_land_only_by_default_and_river_as_option(board: Board) -> None:
    """K-V2: size = land cells covered (German); the Dutch option counts river cells too."""
    bridge = cells(board, (1, 2), (1, 3), (1, 4))  # M ~ F
    land_tile = cells(board, (2, 4), (2, 5))
    tiles: list[TileOnBoard] = [(bridge, 3, (0,)), (land_tile, 2, (0,))]
    assert areas_of(board, tiles, 0) == (4,)
    assert areas_of(board, tiles, 0, area_counts_river=True) == (5,)


# -- K-V3 -------------------------------------------------------------------------------------


def test_k_v3_rulebook_table_1() -> None:
    """K-V3, rulebook table 1: ties on the largest area are broken by the next one → 10/6/3/0."""
    areas = [
        [37, 12, 8, 3, 3, 2],
        [32, 20, 8, 4, 3, 2, 2],
        [32, 18, 12, 3, 3, 3, 2, 2],
        [32, 10, 7, 5, 5, 4],
    ]
    assert area_bonuses(areas) == (10, 6, 3, 0)


def test_k_v3_rulebook_table_2() -> None:
    """K-V3, rulebook table 2: equal whole lists share the full bonus, next places in full."""
    areas = [
        [24, 20, 17, 8, 5, 2, 2, 2],
        [24, 20, 17, 8, 5, 2, 2, 2],
        [20, 20, 14, 12, 11],
        [20, 18, 7, 5, 5, 4],
    ]
    assert area_bonuses(areas) == (10, 10, 6, 3)


def test_k_v3_unsorted_input_lists_are_ranked_by_their_sorted_sizes() -> None:
    """K-V3: a list is compared largest first, whatever order it was given in."""
    assert area_bonuses([[2, 9], [9, 1]]) == (10, 6)


def test_k_v3_one_more_area_breaks_a_tie_on_a_common_prefix() -> None:
    """K-V3: with equal areas so far, the player who still has a next area ranks higher."""
    assert area_bonuses([[8, 5], [8, 5, 1], [3]]) == (6, 10, 3)


def test_k_v3_player_without_area_gets_no_bonus() -> None:
    """K-V3 (decision): no area, no bonus — even when a bonus place is left over."""
    assert area_bonuses([[4], [], [2]]) == (10, 0, 6)


def test_k_v3_three_equal_lists_all_get_ten_and_the_next_gets_six() -> None:
    """K-V3: any number of equal lists share a place; the next distinct list gets 6."""
    assert area_bonuses([[5, 2], [5, 2], [5, 2], [4]]) == (10, 10, 10, 6)


area_lists = st.lists(st.lists(st.integers(1, 40), max_size=8), min_size=1, max_size=4)


@given(area_lists)
def test_k_v3_bonus_invariants(areas: list[list[int]]) -> None:
    """K-V3: bonuses come from {10, 6, 3, 0}, one per player; equal lists get equal bonuses;
    a larger list never gets a smaller bonus; the best non-empty list gets 10."""
    bonuses = area_bonuses(areas)
    assert len(bonuses) == len(areas)
    assert set(bonuses) <= {*AREA_BONUSES, 0}
    keys = [sorted(a, reverse=True) for a in areas]
    for i, ki in enumerate(keys):
        for j, kj in enumerate(keys):
            if ki == kj:
                assert bonuses[i] == bonuses[j]
            elif ki > kj and kj:
                assert bonuses[i] >= bonuses[j]
    non_empty = [i for i, k in enumerate(keys) if k]
    if non_empty:
        best = max(keys[i] for i in non_empty)
        assert all(bonuses[i] == 10 for i in non_empty if keys[i] == best)
    distinct_places = {tuple(k) for k in keys if k}
    assert sum(1 for b in set(bonuses) if b) == min(len(distinct_places), 3)


# -- K-V4 -------------------------------------------------------------------------------------


def _score(player: int, total: int, areas: tuple[int, ...]) -> Score:
    return Score(player=player, points=total, areas=areas, bonus=0, total=total)


def test_k_v4_most_points_wins() -> None:
    """K-V4: the highest total wins."""
    assert winners_of([_score(0, 20, (3,)), _score(1, 25, (2,)), _score(2, 24, (9,))]) == (1,)


def test_k_v4_tie_broken_by_larger_largest_area() -> None:
    """K-V4: equal totals → the larger largest area wins."""
    assert winners_of([_score(0, 30, (12, 9)), _score(1, 30, (14,)), _score(2, 10, (20,))]) == (1,)


def test_k_v4_tie_on_points_and_largest_area_is_a_shared_win() -> None:
    """K-V4 (decision): still tied after the largest area → every tied player wins."""
    winners = winners_of([_score(0, 30, (12, 1)), _score(1, 30, (12, 9)), _score(2, 29, (20,))])
    assert winners == (0, 1)


def test_k_v4_score_game_end_to_end(board: Board) -> None:
    """K-V1…K-V4 together on a small board: points, areas, bonuses, totals and the winner."""
    tiles: list[TileOnBoard] = [
        (cells(board, (0, 0), (0, 1), (0, 2)), 3, (0,)),
        (cells(board, (1, 0), (1, 1), (1, 2)), 3, (0, 1)),  # shared, adjacent to seat 0's tile
        (cells(board, (3, 4), (3, 5), (3, 6)), 3, (1,)),
        (cells(board, (0, 4), (0, 5)), 5, (2,)),
    ]
    sheet = score_game(board, tiles, 3)
    by_seat = {s.player: s for s in sheet.scores}
    assert by_seat[0].points == 3 + 2 and by_seat[0].areas == (6,)
    assert by_seat[1].points == 2 + 3 and by_seat[1].areas == (3, 3)
    assert by_seat[2].points == 5 and by_seat[2].areas == (2,)
    assert [s.bonus for s in sheet.scores] == [10, 6, 3]
    assert [s.total for s in sheet.scores] == [15, 11, 8]
    assert sheet.winners == (0,)


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "players", "needle"),
    [
        ([(0b11, 2, (0,)), (0b10, 1, (1,))], 2, "overlaps"),
        ([(0b11, 2, ())], 2, "no player"),
        ([(0b11, 2, (2,))], 2, "seat 2"),
        ([(0b11, 2, (1, 1))], 2, "twice"),
        ([(0, 2, (0,))], 2, "no cells"),
        ([], 0, "at least one player"),
    ],
)
def test_bad_tiles_raise_a_typed_error(
    board: Board, tiles: list[TileOnBoard], players: int, needle: str
) -> None:
    with pytest.raises(ScoringInputError, match=needle) as info:
        score_game(board, tiles, players)
    assert isinstance(info.value, BoardkitError)
