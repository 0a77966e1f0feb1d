"""Registered Gymnasium ids: one per installed game and player count, made with
``gymnasium.make`` and ``gymnasium.make_vec``, and vector environments that replay the same
games through their autoresets when seeded alike."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardkit import load_game
from boardkit.adapters.gymnasium import BoardkitEnv, env_id, register_envs
from tests.adapters.conftest import CONFIGS

SMALL_IDS = [f"boardkit/nim-{n}p-v1" for n in (2, 3, 4)] + [
    f"boardkit/goofspiel-{n}p-v2" for n in (2, 3, 4)
]
BIG_IDS = [f"boardkit/khan-{n}p-v1" for n in (2, 3, 4)] + [
    f"boardkit/shangrila-{n}p-v1" for n in (3, 4)
]


def test_every_installed_game_and_player_count_has_an_id() -> None:
    expected = {
        env_id(load_game(game), players)
        for game, players, options in CONFIGS
        if options is None or game == "goofspiel"  # goofspiel's options are not needed to play
    }
    assert set(register_envs()) == expected == set(SMALL_IDS) | set(BIG_IDS)
    registered = {name for name in gymnasium.registry if name.startswith("boardkit/")}
    assert expected <= registered
    assert "boardkit/shangrila-2p-v1" not in registered  # two seats need two_colours_each


def test_the_version_is_the_games_major_version() -> None:
    goofspiel = load_game("goofspiel")
    assert goofspiel.version.startswith("2.")
    assert env_id(goofspiel, 3) == "boardkit/goofspiel-3p-v2"
    assert env_id(load_game("khan"), 2) == "boardkit/khan-2p-v1"


def test_registering_again_changes_nothing() -> None:
    before = dict(gymnasium.registry)
    assert register_envs() == register_envs()
    assert dict(gymnasium.registry) == before


@pytest.mark.parametrize("name", SMALL_IDS + BIG_IDS)
def test_every_id_makes_an_env_that_passes_check_env(name: str) -> None:
    environment = gymnasium.make(name)
    assert isinstance(environment.unwrapped, BoardkitEnv)
    check_env(environment.unwrapped, skip_render_check=True)


def test_make_passes_keywords_to_the_env() -> None:
    environment = gymnasium.make("boardkit/shangrila-3p-v1", seat=2, opponents="greedy")
    unwrapped = environment.unwrapped
    assert isinstance(unwrapped, BoardkitEnv)
    assert unwrapped.seat == 2 and unwrapped.table.players == 3
    observation, _ = environment.reset(seed=3)
    assert observation["observation"].shape == (808,)
    assert observation["action_mask"].shape == (4415,) and observation["action_mask"].any()


def _run(vector: gymnasium.vector.VectorEnv, seed: int | None, steps: int) -> tuple[Any, int]:
    """Observations of ``steps`` vector steps with actions drawn from the masks, and the number
    of episodes ended (each followed by an autoreset)."""
    rng = np.random.default_rng(0)
    observation, _ = vector.reset(seed=seed)
    seen = [observation["observation"].copy()]
    ended = 0
    for _ in range(steps):
        actions = np.array(
            [
                int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                for mask in observation["action_mask"]
            ]
        )
        observation, _, terminated, truncated, _ = vector.step(actions)
        ended += int(np.sum(terminated | truncated))
        seen.append(observation["observation"].copy())
    vector.close()
    return np.stack(seen), ended


def test_a_seeded_vector_env_replays_the_same_games_through_its_autoresets() -> None:
    def vector() -> gymnasium.vector.VectorEnv:
        return gymnasium.make_vec("boardkit/goofspiel-2p-v2", 3, vectorization_mode="sync")

    first, ended = _run(vector(), 5, 60)
    assert ended >= 3 * 4  # every sub-environment went through four episodes or more
    second, _ = _run(vector(), 5, 60)
    assert np.array_equal(first, second)
    third, _ = _run(vector(), 6, 60)
    assert not np.array_equal(first, third)


def test_a_sub_environment_plays_the_games_a_single_env_seeded_alike_plays() -> None:
    vector = gymnasium.make_vec("boardkit/nim-2p-v1", 2, vectorization_mode="sync")
    vector.reset(seed=10)  # sub-environment i is seeded 10 + i, as Gymnasium does
    single = BoardkitEnv("nim", 2)
    single.reset(seed=11)
    sub = vector.unwrapped.envs[1].unwrapped  # type: ignore[attr-defined]
    assert sub.table.config.seed == single.table.config.seed == 11
    assert sub.table.entries == single.table.entries
    vector.close()


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_module_id_form_imports_the_adapter_in_a_fresh_process() -> None:
    code = (
        "import gymnasium\n"
        "e = gymnasium.make('boardkit.adapters.gymnasium:boardkit/nim-2p-v1')\n"
        "print(type(e.unwrapped).__name__, e.reset(seed=1)[0]['action_mask'].shape)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.split() == ["BoardkitEnv", "(3,)"]
