"""The batched environment: the same games, observations, masks and rewards as a
``SyncVectorEnv`` of single environments seeded alike, Gymnasium's autoreset conventions,
buffers allocated once, typed errors, and ``make_vec``'s vector entry point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.adapters.vector import BoardkitVectorEnv
from boardkit.errors import (
    EpisodeOverError,
    GameDefinitionError,
    IllegalActionError,
    InvalidActionIndexError,
    InvalidOptionsError,
)
from boardkit.examples.nim import NimGame, NimState
from tests.budget import examples

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("nim", 3, {}),
    ("goofspiel", 2, {}),
    ("shangrila", 3, {"cap": 16}),  # capped: several truncations and autoresets in a few steps
    ("khan", 2, {"cap": 12}),
]


def pair(
    game: str, players: int, n: int, mode: AutoresetMode, **kwargs: Any
) -> tuple[BoardkitVectorEnv, SyncVectorEnv]:
    def single() -> BoardkitEnv:
        return BoardkitEnv(game, players, **kwargs)

    batched = BoardkitVectorEnv(game, players, n, autoreset_mode=mode, **kwargs)
    return batched, SyncVectorEnv([single for _ in range(n)], autoreset_mode=mode)


def assert_same(a: object, b: object, where: str = "") -> None:
    """Equal values, arrays and dicts compared element by element, dtypes included."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and sorted(a) == sorted(b), where
        for key in a:
            assert_same(a[key], b[key], f"{where}/{key}")
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            assert_same(x, y, f"{where}[{k}]")
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray), where
        assert a.shape == b.shape and a.dtype == b.dtype, where
        if a.dtype == object:
            for x, y in zip(a, b, strict=True):
                assert_same(x, y, where)
        else:
            assert np.array_equal(a, b), where
    else:
        assert a == b, where


def random_actions(rng: np.random.Generator, masks: np.ndarray, illegal: float) -> np.ndarray:
    actions: np.ndarray = (rng.random(masks.shape) * masks).argmax(axis=1)
    wild = rng.random(len(actions)) < illegal
    actions[wild] = rng.integers(0, masks.shape[1], wild.sum())  # mostly illegal indices
    return actions


@settings(max_examples=examples(40), deadline=None)
@given(
    case=st.sampled_from(CASES),
    mode=st.sampled_from([AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP]),
    seed=st.integers(0, 2**32),
    n=st.integers(1, 4),
    illegal=st.sampled_from([0.0, 0.05]),
)
def test_the_batch_plays_what_single_environments_play_in_lockstep(
    case: tuple[str, int, dict[str, Any]], mode: AutoresetMode, seed: int, n: int, illegal: float
) -> None:
    game, players, kwargs = case
    batched, sync = pair(game, players, n, mode, **kwargs)
    got: Any = batched.reset(seed=seed)
    expected: Any = sync.reset(seed=seed)
    assert_same(got, expected, "reset")
    rng = np.random.default_rng(seed)
    ends = 0
    for step in range(40):
        actions = random_actions(rng, got[0]["action_mask"], illegal)
        got, expected = batched.step(actions), sync.step(actions)
        assert_same(got, expected, f"step {step}")
        ends += int(np.sum(got[2] | got[3]))
    assert ends >= 1  # every case ends some episode within 40 steps: autoresets were compared


def test_a_bots_slot_indexed_action_is_the_one_the_single_environment_plays() -> None:
    """Khan's discards name hand slots (``slot_indexed_actions``): the batched environment
    plays the action of the bot's index, built from the index alone, and it is the very legal
    action the single environment plays (the discard pile in the observations agrees)."""
    batched, sync = pair("khan", 2, 2, AutoresetMode.NEXT_STEP)
    got: Any = batched.reset(seed=3)
    assert_same(got, sync.reset(seed=3), "reset")
    rng = np.random.default_rng(3)
    for step in range(6):
        actions = random_actions(rng, got[0]["action_mask"], 0.0)
        got = batched.step(actions)
        assert_same(got, sync.step(actions), f"step {step}")
    discards = [
        entry
        for environment in sync.envs
        for entry in environment.unwrapped.table.entries  # type: ignore[attr-defined]
        if entry.player == 1 and type(entry.action).__name__ == "Discard"
    ]
    assert discards  # a bot did discard: the slot-indexed path was compared


def first_end(environments: Any, seed: int) -> tuple[int, Any]:
    """Step with the first legal index until some sub-environment's episode ends."""
    observations, _ = environments.reset(seed=seed)
    for step in range(200):
        result = environments.step(observations["action_mask"].argmax(axis=1))
        observations, _, terminations, truncations, _ = result
        if (terminations | truncations).any():
            return step, result
    raise AssertionError("no episode ended in 200 steps")


def test_next_step_resets_an_ended_game_on_the_following_call_ignoring_its_action() -> None:
    environments = BoardkitVectorEnv("nim", 2, 3)
    _, (observations, rewards, terminations, truncations, _) = first_end(environments, 7)
    ended = int(np.flatnonzero(terminations | truncations)[0])
    assert rewards[ended] != 0
    assert not observations["action_mask"][ended].any()  # the final observation: nothing to do
    # the same sub-environment alone: its first game played alike, then its next one
    single = BoardkitEnv("nim", 2)
    first, _ = single.reset(seed=7 + ended)
    done = False
    while not done:
        first, _, over, cut, _ = single.step(int(first["action_mask"].argmax()))
        done = over or cut
    fresh, _ = single.reset()
    actions = observations["action_mask"].argmax(axis=1)
    actions[ended] = 10**6  # ignored: an autoreset step plays no action
    observations, rewards, terminations, truncations, _ = environments.step(actions)
    assert rewards[ended] == 0 and not terminations[ended] and not truncations[ended]
    assert np.array_equal(observations["observation"][ended], fresh["observation"])
    assert np.array_equal(observations["action_mask"][ended], fresh["action_mask"])


def test_same_step_resets_at_once_and_keeps_the_final_observation_in_the_infos() -> None:
    environments = BoardkitVectorEnv("nim", 2, 3, autoreset_mode=AutoresetMode.SAME_STEP)
    _, (observations, rewards, terminations, truncations, infos) = first_end(environments, 7)
    ended = np.flatnonzero(terminations | truncations)
    assert list(np.flatnonzero(infos["_final_obs"])) == list(ended)
    for i in range(3):
        final = infos["final_obs"][i]
        if i in ended:
            assert not final["action_mask"].any()  # the ended game's last observation
            assert observations["action_mask"][i].any()  # the new game's first one
            assert rewards[i] != 0
        else:
            assert final is None
    assert np.array_equal(infos["final_info"]["_action_mask"], infos["_final_obs"])


def test_an_int_seed_seeds_sub_environment_i_with_seed_plus_i_and_a_list_one_each() -> None:
    environments = BoardkitVectorEnv("shangrila", 3, 3)
    cases: list[tuple[int | list[int | None], list[int]]] = [
        (11, [11, 12, 13]),
        ([5, 9, 5], [5, 9, 5]),
    ]
    for seed, seeds in cases:
        observations, _ = environments.reset(seed=seed)
        for i, s in enumerate(seeds):
            single = BoardkitEnv("shangrila", 3)
            expected, _ = single.reset(seed=s)
            assert np.array_equal(observations["observation"][i], expected["observation"])
            assert np.array_equal(observations["action_mask"][i], expected["action_mask"])


@pytest.mark.parametrize("seed", [[1, 2], [1, 2, 3, 4], "12", 1.5, True, [1, None, 2.0]])
def test_a_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(InvalidOptionsError, match="seed"):
        BoardkitVectorEnv("nim", 2, 3).reset(seed=seed)  # type: ignore[arg-type]


def test_unseeded_resets_continue_the_seeded_stream() -> None:
    a, b = BoardkitVectorEnv("goofspiel", 2, 2), BoardkitVectorEnv("goofspiel", 2, 2)
    a.reset(seed=3)
    b.reset(seed=3)
    assert_same(a.reset(), b.reset())


def test_without_copy_the_buffers_are_the_same_arrays_every_call() -> None:
    environments = BoardkitVectorEnv("shangrila", 3, 4, copy=False, cap=16)
    observations, infos = environments.reset(seed=0)
    assert infos["action_mask"] is observations["action_mask"]
    rng = np.random.default_rng(0)
    first = None
    for _ in range(30):  # through truncations and autoresets
        result = environments.step(random_actions(rng, observations["action_mask"], 0.0))
        arrays = (result[0]["observation"], result[0]["action_mask"], *result[1:4])
        if first is None:
            first = arrays
        assert first is not None
        assert all(x is y for x, y in zip(arrays, first, strict=True))
        assert result[4]["action_mask"] is result[0]["action_mask"]
    observations, _ = environments.reset(seed=1)
    assert first is not None and observations["observation"] is first[0]


def test_with_copy_what_was_returned_is_not_overwritten_later() -> None:
    environments = BoardkitVectorEnv("nim", 2, 2)
    observations, _ = environments.reset(seed=0)
    kept = observations["observation"].copy(), observations["action_mask"].copy()
    following, *_ = environments.step(observations["action_mask"].argmax(axis=1))
    assert following["observation"] is not observations["observation"]
    assert np.array_equal(observations["observation"], kept[0])
    assert np.array_equal(observations["action_mask"], kept[1])


@pytest.mark.parametrize(
    "actions",
    [
        np.array([1.0, 1.0]),
        np.array([True, False]),
        np.array([1, 1, 1]),
        np.array([[1, 1]]),
        ["1", "1"],
        [1.5, 1],
    ],
)
def test_actions_that_are_not_integer_indices_are_refused_before_anything_moves(
    actions: object,
) -> None:
    environments = BoardkitVectorEnv("nim", 2, 2)
    before, _ = environments.reset(seed=0)
    with pytest.raises(InvalidActionIndexError, match="integer action indices"):
        environments.step(actions)
    assert_same(environments.step(before["action_mask"].argmax(axis=1)), _fresh_first_step())


def _fresh_first_step(game: str = "nim", players: int = 2) -> Any:
    environments = BoardkitVectorEnv(game, players, 2)
    observations, _ = environments.reset(seed=0)
    return environments.step(observations["action_mask"].argmax(axis=1))


def test_an_illegal_index_ends_the_episode_or_raises_before_anything_moves() -> None:
    environments = BoardkitVectorEnv("shangrila", 3, 2)
    observations, _ = environments.reset(seed=0)
    illegal = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    actions = np.array([observations["action_mask"][0].argmax(), illegal])
    after, rewards, terminations, _, infos = environments.step(actions)
    assert list(terminations) == [False, True] and rewards[1] == -1.0
    assert list(infos["illegal_action"]) == [False, True]
    assert np.array_equal(after["observation"][1], observations["observation"][1])  # unchanged

    raising = BoardkitVectorEnv("shangrila", 3, 2, illegal="raise")
    observations, _ = raising.reset(seed=0)
    for wrong in (illegal, raising.num_actions, -1):
        with pytest.raises(IllegalActionError, match="sub-environment 1"):
            raising.step(np.array([actions[0], wrong]))
    assert_same(
        raising.step(observations["action_mask"].argmax(axis=1)),
        _fresh_first_step("shangrila", 3),
    )


def test_step_before_reset_and_bad_arguments_are_refused() -> None:
    with pytest.raises(EpisodeOverError, match="reset"):
        BoardkitVectorEnv("nim", 2, 2).step(np.zeros(2, np.int64))
    with pytest.raises(InvalidOptionsError, match="num_envs"):
        BoardkitVectorEnv("nim", 2, 0)
    with pytest.raises(InvalidOptionsError, match="autoreset_mode"):
        BoardkitVectorEnv("nim", 2, 2, autoreset_mode="disabled")
    with pytest.raises(InvalidOptionsError, match="seat"):
        BoardkitVectorEnv("nim", 2, 2, seat=2)
    with pytest.raises(InvalidOptionsError, match="illegal"):
        BoardkitVectorEnv("nim", 2, 2, illegal="ignore")
    with pytest.raises(InvalidOptionsError, match="opponents"):
        BoardkitVectorEnv("nim", 3, 2, opponents=["random"])


class MisshapenNim(NimGame):
    """A Nim whose observation is changed by ``change``: one value more than its shape
    promises, or a value out of float32's range."""

    def __init__(self, change: Callable[[list[float]], list[float]]) -> None:
        super().__init__()
        self.change = change

    def observation(self, state: NimState, player: int) -> list[float]:
        return self.change(list(super().observation(state, player)))


@pytest.mark.parametrize(
    "change",
    [lambda values: [*values, 0.0], lambda values: [*values[:-1], 1e300]],
    ids=["one too many", "out of range"],
)
def test_an_observation_that_does_not_fit_its_shape_is_a_game_definition_error(
    change: Callable[[list[float]], list[float]],
) -> None:
    """The row is packed as float32 from the game's list: a list of another length, or a value
    float32 cannot hold, is the game's bug, said as such, never truncated into the row."""
    environments = BoardkitVectorEnv(MisshapenNim(change), 2, 2)
    with pytest.raises(GameDefinitionError, match="does not fill the 3 floats"):
        environments.reset(seed=1)


def test_make_vec_builds_it_from_the_vector_entry_point() -> None:
    environments = gymnasium.make_vec(
        "boardkit/shangrila-3p-v1",
        num_envs=3,
        vectorization_mode="vector_entry_point",
        opponents="greedy",
    )
    assert isinstance(environments, BoardkitVectorEnv)
    assert environments.num_envs == 3
    observations, _ = environments.reset(seed=2)
    assert observations["observation"].shape[0] == 3
    single = BoardkitEnv("shangrila", 3, opponents="greedy")
    expected, _ = single.reset(seed=3)
    assert np.array_equal(observations["observation"][1], expected["observation"])
