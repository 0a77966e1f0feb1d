"""No library entry point falls back to a fixed seed: every one draws a fresh one (issue 9)."""

from __future__ import annotations

import pytest

from boardkit.bots import RandomBot
from boardkit.options import MAX_SEED
from boardkit.rng import new_seed
from boardkit.runner.simulate import random_playout, simulate
from boardkit.runner.tournament import run_tournament


def test_new_seed_leaves_room_for_consecutive_seeds() -> None:
    for _ in range(50):
        assert 0 <= new_seed(1000) <= MAX_SEED - 999
    assert new_seed(MAX_SEED + 1) == 0  # only seed 0 leaves room for every seed
    for bad in (0, -1, True, 1.0, MAX_SEED + 2):
        with pytest.raises(ValueError, match="room"):
            new_seed(bad)  # type: ignore[arg-type]


def test_simulate_without_a_seed_draws_one_and_reports_it() -> None:
    first = simulate("nim", 2).first_seed
    second = simulate("nim", 2).first_seed
    assert first != second
    assert simulate("nim", 2, seed=first).first_seed == first


def test_a_random_playout_without_a_seed_is_not_the_same_game_every_time() -> None:
    seeds = {random_playout("shangrila", 3).config.seed for _ in range(3)}
    assert len(seeds) == 3


def test_a_tournament_without_a_seed_draws_one() -> None:
    bots = [RandomBot(), RandomBot()]
    first = run_tournament("nim", bots, 2, workers=1).first_seed
    second = run_tournament("nim", bots, 2, workers=1).first_seed
    assert first != second
