"""OpenSpiel information states: perfect-recall strings, no tensor declared, and what
OpenSpiel's ``rl_environment`` (which NFSP and DQN read) does with that."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python import rl_environment

from boardkit.adapters.openspiel import register
from boardkit.errors import NotOfferedError
from tests.adapters.conftest import CONFIGS
from tests.budget import examples


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_no_information_state_tensor_is_declared_and_strings_are(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    kind = pyspiel.load_game(register(game, players, options)).get_type()
    assert kind.provides_information_state_tensor is False
    assert kind.provides_information_state_string is True
    assert kind.provides_observation_tensor is True


@pytest.mark.parametrize("name", ["nim", "khan"])
def test_asking_for_an_information_state_tensor_says_what_to_use(name: str) -> None:
    game = pyspiel.load_game(register(name, 2))
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(NotOfferedError, match="observation tensor") as caught:
        state.information_state_tensor(0)
    assert caught.value.hook == "information_state_tensor"
    with pytest.raises(NotOfferedError, match=r"ObservationType\.OBSERVATION"):
        game.information_state_tensor_shape()


def test_rl_environment_uses_observations_by_default_and_refuses_information_states() -> None:
    game = pyspiel.load_game(register("shangrila", 3))
    environment = rl_environment.Environment(game, seed=4)
    spec = environment.observation_spec()
    assert spec["info_state"] == (game.observation_tensor_size(),)
    step = environment.reset()
    for _ in range(5):
        state = environment.get_state
        for player in range(3):
            observed = step.observations["info_state"][player]
            assert list(observed) == state.observation_tensor(player)
        player = step.observations["current_player"]
        step = environment.step([step.observations["legal_actions"][player][0]])
    explicit = rl_environment.Environment(
        game, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    assert explicit.observation_spec() == spec
    with pytest.raises(ValueError, match="information_state_tensor not supported"):
        rl_environment.Environment(
            game, observation_type=rl_environment.ObservationType.INFORMATION_STATE
        )


def test_two_histories_to_one_position_share_the_observation_not_the_information_state() -> None:
    game = pyspiel.load_game(register("nim", 2))

    def after(takes: list[int]) -> pyspiel.State:
        state = game.new_initial_state()
        state.apply_action(0)  # the chance node: seat 0 starts
        for take in takes:
            state.apply_action(take)
        return state

    one_then_two, two_then_one = after([0, 1]), after([1, 0])  # 1 + 2 and 2 + 1 stones
    for player in (0, 1):
        assert one_then_two.observation_string(player) == two_then_one.observation_string(player)
        assert one_then_two.observation_tensor(player) == two_then_one.observation_tensor(player)
        assert one_then_two.information_state_string(
            player
        ) != two_then_one.information_state_string(player)


@settings(max_examples=examples(20), deadline=None)
@given(
    config=st.sampled_from([("nim", 2, None), ("goofspiel", 3, {"ties": "carry"})]),
    seeds=st.lists(st.integers(0, 2**31 - 1), min_size=6, max_size=6),
)
def test_an_information_state_string_determines_the_players_own_history(
    config: tuple[str, int, dict[str, object] | None], seeds: list[int]
) -> None:
    """Perfect recall: whatever led to an information-state string, the player saw the same
    observations at its decisions and chose the same actions there. Several random games of a
    small game meet the same strings often, so the property is tried, not just stated."""
    name, players, options = config
    game = pyspiel.load_game(register(name, players, options))
    memory: dict[str, tuple[object, ...]] = {}
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        own: list[list[object]] = [[] for _ in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            player = state.current_player()
            key = state.information_state_string(player)
            record = (*own[player], state.observation_string(player))
            assert memory.setdefault(key, record) == record
            action = int(rng.choice(state.legal_actions()))
            own[player] += [state.observation_string(player), action]
            state.apply_action(action)
