"""Khan's heuristic for bots (boardkit_khan.heuristic) on positions built by hand.

Every position starts from the first main-phase turn of a 2-player game with the board cleared
of yurts (rulers stay), then gets yurts and tiles where the test needs them. The heuristic reads
yurts as masks, so cells are picked for their shape, not for a legal history.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit.bots import heuristic
from boardkit_khan.heuristic import (
    POTENTIAL_WEIGHT,
    evaluate,
    potentials,
    seat_values,
    standings,
)
from boardkit_khan.rules.components import TileKind
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import KhanState, Outcome
from tests.khan.game_builders import (
    GAME,
    STATIC,
    cleared_board,
    main_state,
    mask,
    place_tile,
    with_yurts,
)

I2 = StackKey(TileKind.CONQUEST, "I2")


@pytest.fixture(scope="module")
def empty() -> KhanState:
    """Two players, first main-phase turn, no yurt on the board."""
    return cleared_board(main_state(players=2, seed=3))


def yurts(state: KhanState, seat: int | None, *labels: str) -> KhanState:
    """``state`` with a yurt of ``seat`` (``None``: neutral) on each labelled cell."""
    return with_yurts(state, dict.fromkeys(labels, seat))


def test_an_empty_board_is_even(empty: KhanState) -> None:
    assert seat_values(empty) == (0.0, 0.0)
    assert evaluate(empty, 0) == evaluate(empty, 1) == 0.0


def test_a_larger_cluster_promises_more(empty: KhanState) -> None:
    small = yurts(empty, 0, "D2", "E2")
    large = yurts(empty, 0, "D2", "E2", "F2", "F3")
    assert evaluate(large, 0) > evaluate(small, 0) > 0
    assert potentials(large, STATIC)[0] == pytest.approx(4.0)


def test_a_lone_yurt_is_too_small_for_any_tile(empty: KhanState) -> None:
    assert potentials(yurts(empty, 0, "D2"), STATIC) == (0.0, 0.0)


def test_neutral_yurts_go_to_the_only_seat_beside_them(empty: KhanState) -> None:
    alone = yurts(yurts(empty, None, "G9", "G10", "H10"), 0, "H9")
    assert potentials(alone, STATIC) == pytest.approx((4.0, 0.0))
    nobody = yurts(empty, None, "G9", "G10", "H10")
    assert potentials(nobody, STATIC) == (0.0, 0.0)


def test_the_majority_takes_most_of_a_cluster(empty: KhanState) -> None:
    state = yurts(yurts(empty, 0, "D2", "E2", "F2"), 1, "F3")
    mine, theirs = potentials(state, STATIC)
    assert mine > 3 * theirs > 0
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    tied = yurts(state, 1, "F4", "E4")  # both join the cluster: three yurts each
    assert potentials(tied, STATIC) == pytest.approx((3.0, 3.0))
    assert potentials(tied, STATIC)[0] < mine


def test_evaluate_is_own_value_minus_the_others(empty: KhanState) -> None:
    state = yurts(yurts(empty, 0, "D2", "E2", "F2"), 1, "G9", "G10")
    values = seat_values(state)
    assert evaluate(state, 0) == pytest.approx(values[0] - values[1])
    assert evaluate(state, 1) == pytest.approx(-evaluate(state, 0))


def test_tiles_won_count_with_the_area_bonus_as_it_stands(empty: KhanState) -> None:
    tile = place_tile(empty, I2, mask("D2", "E2"), (0,))
    assert standings(tile, STATIC) == (2 + 10, 0)  # two points and the largest area
    assert evaluate(tile, 0) == pytest.approx(12.0)
    shared = place_tile(empty, I2, mask("D2", "E2"), (0, 1))
    assert standings(shared, STATIC) == (1 + 10, 1 + 10)


def test_a_cluster_beside_an_own_tile_promises_a_larger_area(empty: KhanState) -> None:
    tile = place_tile(empty, I2, mask("D2", "E2"), (0,))
    beside = yurts(tile, 0, "D3", "E3")
    apart = yurts(tile, 0, "G9", "G10")
    assert evaluate(beside, 0) > evaluate(apart, 0)


def test_the_potential_never_exceeds_the_stock(empty: KhanState) -> None:
    state = yurts(empty, 0, "D2", "E2", "F2", "F3")
    emptied = evolve(state, field=evolve(state.field, stock=0b1))  # one 2-point tile left
    assert sum(potentials(emptied, STATIC)) == pytest.approx(2.0)
    assert seat_values(emptied)[0] == pytest.approx(2.0 * POTENTIAL_WEIGHT)


def test_a_finished_game_is_judged_by_its_final_totals(empty: KhanState) -> None:
    over = evolve(empty, outcome=Outcome((30, 20), (10, 6), (40, 26), (9, 4), (0,)))
    assert evaluate(over, 0) == 14.0 and evaluate(over, 1) == -14.0


def test_the_game_offers_it_to_the_bots(empty: KhanState) -> None:
    state = yurts(yurts(empty, 0, "D2", "E2", "F2"), 1, "G9")
    assert GAME.evaluate(state, 0) == evaluate(state, 0)
    assert heuristic(GAME, state, 1) == evaluate(state, 1)
