"""A game that need not end in every research adapter: cut off at the entry cap, Gymnasium
reports ``truncated``, PettingZoo ``truncations``, OpenSpiel a terminal state within its
``max_game_length``, all with rewards of 0; simulations on any executor count the games cut
off."""

from __future__ import annotations

import warnings
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from boardkit import Match
from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.adapters.openspiel import game_name, register
from boardkit.adapters.pettingzoo import env
from boardkit.adapters.table import AdapterMatch, rewards_of
from boardkit.options import DEFAULT_CAP
from boardkit.result import Result
from boardkit.runner.simulate import simulate
from tests.core.endless_game import EndlessGame, Knock


def _first(mask: Any) -> int:
    """The lowest legal index: always a pass in the endless game."""
    return int(np.flatnonzero(mask)[0])


def test_a_truncated_result_rewards_nobody() -> None:
    cut = Result((), (4, 6), truncated=True)
    assert rewards_of(cut, 2, "win") == rewards_of(cut, 2, "score") == (0.0, 0.0)


def test_the_adapter_match_is_cut_off_and_its_log_replays() -> None:
    table = AdapterMatch(EndlessGame(), 2, cap=5)
    table.reset(seed=3)
    while table.to_decide is not None:
        table.play(min(table.legal()))
    assert table.truncated and len(table.entries) == 5
    assert table.final_rewards() == (0.0, 0.0)
    log = table.log()
    assert log.header.cap == 5
    assert Match.from_log(EndlessGame(), log).state == table.state


def test_gymnasium_reports_truncation_at_the_cap() -> None:
    environment = BoardkitEnv(EndlessGame(), 2, opponents="first", cap=7)
    observation, _ = environment.reset(seed=1)
    steps = 0
    while True:
        observation, reward, terminated, truncated, _ = environment.step(
            _first(observation["action_mask"])
        )
        steps += 1
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert steps == 3  # the agent's passes at entries 1, 3 and 5; the bot's 6th hits the cap
    assert environment.table.truncated and len(environment.table.entries) == 7


def test_gymnasium_still_terminates_a_game_that_ends() -> None:
    environment = BoardkitEnv(EndlessGame(), 2, opponents="first", cap=7)
    environment.reset(seed=1)
    knock = EndlessGame().action_to_index(Knock(), environment.table.state)
    _, reward, terminated, truncated, _ = environment.step(knock)
    assert terminated and not truncated and reward == -1.0  # seat 0 knocks on 1 + 2 against 3 + 4


def test_gymnasium_env_checker_passes_on_a_game_without_a_bound() -> None:
    check_env(BoardkitEnv(EndlessGame(), 2, cap=9), skip_render_check=True)


def test_pettingzoo_sets_truncations_at_the_cap() -> None:
    environment = env(EndlessGame(), 2, cap=6)
    environment.reset(seed=2)
    for _agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        action = None if termination or truncation else _first(observation["action_mask"])
        environment.step(action)
    assert environment.table.truncated
    assert len(environment.table.entries) == 6


def test_pettingzoo_truncations_are_true_and_terminations_false() -> None:
    environment = env(EndlessGame(), 2, cap=4)
    environment.reset(seed=2)
    for _ in range(3):
        observation = environment.observe(environment.agent_selection)
        environment.step(_first(observation["action_mask"]))
    assert all(environment.truncations.values())
    assert not any(environment.terminations.values())
    assert set(environment.rewards.values()) == {0.0}


def test_pettingzoo_api_test_passes_on_a_game_without_a_bound() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about dict observations: by design
        api_test(env(EndlessGame(), 2, cap=12), num_cycles=40)


def test_openspiel_plays_to_the_cap_within_max_game_length() -> None:
    name = register(EndlessGame(), 2, cap=6)
    assert name == game_name(EndlessGame(), 2, None, 6) == "boardkit_endless_2p_cap6"
    game = pyspiel.load_game(name)
    assert game.max_game_length() == 6 * 2
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        moves += 1
    assert moves == 5 and moves <= game.max_game_length()
    assert state.returns() == [0.0, 0.0]
    assert state.boardkit_state.flow.truncated


def test_openspiel_registers_the_default_cap_and_passes_its_random_test() -> None:
    game = pyspiel.load_game(register(EndlessGame(), 2))
    assert game.max_game_length() == DEFAULT_CAP * 2
    pyspiel.random_sim_test(
        pyspiel.load_game(register(EndlessGame(), 2, cap=5)),
        num_sims=3,
        serialize=True,
        verbose=False,
    )


@pytest.mark.parametrize("cap", [1, True])
def test_a_bad_cap_is_refused_by_every_adapter(cap: object) -> None:
    from boardkit.errors import InvalidOptionsError

    for make in (
        lambda: AdapterMatch(EndlessGame(), 2, cap=cap),  # type: ignore[arg-type]
        lambda: register(EndlessGame(), 2, cap=cap),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidOptionsError, match="entry cap"):
            make()


def test_simulations_on_processes_count_the_same_games_cut_off() -> None:
    local = simulate(EndlessGame(), 12, 2, seed=5, cap=4)
    with ProcessPoolExecutor(2) as processes:
        pooled = simulate(EndlessGame(), 12, 2, seed=5, cap=4, executor=processes)
    assert 0 < local.truncated == pooled.truncated < 12
    assert local.truncated + sum(local.wins) + local.shared_wins + local.draws == 12
