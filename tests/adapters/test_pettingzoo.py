"""The PettingZoo adapter: PettingZoo's own api_test and seed_test for every game and player
count, and the facts its docstring promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from boardkit import IllegalActionError, Match
from boardkit.adapters.pettingzoo import env
from boardkit.errors import NotOfferedError
from boardkit.flow import decider
from tests.adapters.conftest import CONFIGS, CYCLES
from tests.core.secret_game import SecretGame


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_pettingzoo_api_and_seed_tests_pass(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about dict observations: by design
        api_test(env(game, players, options), num_cycles=CYCLES)
        seed_test(lambda: env(game, players, options), num_cycles=CYCLES)


def _random_game(name: str, players: int, seed: int) -> tuple[list[str], object]:
    environment = env(name, players)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    selected: list[str] = []
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        action = None
        if not (termination or truncation):
            assert agent == f"player_{decider(environment.table.state.flow)}"
            selected.append(agent)
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        environment.step(action)
    return selected, environment


def test_a_khan_game_ends_with_rewards_and_a_log_that_verifies() -> None:
    selected, environment = _random_game("khan", 3, seed=4)
    table = environment.table  # type: ignore[attr-defined]
    assert table.to_decide is None
    result = table.result()
    assert result is not None
    rewards = table.final_rewards()
    assert rewards is not None and sorted(set(rewards)) in ([-1.0, 1.0], [0.0])
    assert all(rewards[seat] == 1.0 for seat in result.winners) or set(rewards) == {0.0}
    match = Match.from_log(table.game, table.log(), verify=True)
    assert match.state == table.state
    assert len(selected) == len(table.entries) - 1


def test_reset_with_a_seed_replays_the_same_game() -> None:
    first, a = _random_game("shangrila", 3, seed=9)
    second, b = _random_game("shangrila", 3, seed=9)
    assert first == second
    assert a.table.log() == b.table.log()  # type: ignore[attr-defined]


def test_an_index_outside_the_mask_is_refused_and_changes_nothing() -> None:
    environment = env("nim", 2)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    assert mask.tolist() == [1, 1, 1]
    environment.table.state = environment.table.state  # a no-op, for clarity
    before = environment.table.state
    with pytest.raises(IllegalActionError, match="not a legal action"):
        environment.step(99)
    assert environment.table.state == before


def test_score_rewards_are_the_final_scores() -> None:
    environment = env("nim", 2, reward="score")
    environment.reset(seed=2)
    while environment.table.to_decide is not None:
        environment.step(next(iter(environment.table.legal())))
    result = environment.table.result()
    assert result is not None
    assert [environment.rewards[a] for a in environment.agents] == [float(s) for s in result.scores]


def test_a_game_without_encodings_is_refused() -> None:
    with pytest.raises(NotOfferedError, match="num_actions"):
        env(SecretGame(), 2)
