"""What every research environment shares: an action index is an integer or it is refused,
``reset()`` after ``reset(seed=s)`` continues the seeded stream, and an ended Gymnasium
episode stays ended until ``reset()``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import EpisodeOverError, IllegalActionError, InvalidActionIndexError
from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.adapters.pettingzoo import env
from boardkit.adapters.table import AdapterMatch, as_index
from boardkit.log import Log
from tests.budget import examples

NOT_INTEGERS = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.just(np.True_),
    st.just(np.float64(1.0)),
    st.just(np.array(1)),  # a 0-d array is not a scalar
    st.just(np.array([1])),
    st.none(),
    st.just(b"1"),
)


@settings(max_examples=examples(40), deadline=None)
@given(value=NOT_INTEGERS)
def test_anything_but_an_integer_is_refused_as_an_index(value: object) -> None:
    with pytest.raises(InvalidActionIndexError, match="an action index is an integer"):
        as_index(value)


@pytest.mark.parametrize("value", [1, np.int64(1), np.int8(1), np.uint16(1), np.intp(1)])
def test_ints_and_numpy_integer_scalars_are_indices(value: object) -> None:
    assert as_index(value) == 1 and type(as_index(value)) is int


def test_the_index_error_is_an_illegal_action_error() -> None:
    """Old handlers of refused actions catch a bad index too."""
    error = InvalidActionIndexError("no such index")
    assert isinstance(error, IllegalActionError)
    assert (error.rule, error.reason) == ("action-index", "no such index")
    assert issubclass(EpisodeOverError, IllegalActionError)


@pytest.mark.parametrize("value", [True, 1.0, 3.7, "1", np.array(1), np.True_])
def test_a_table_refuses_a_non_integer_and_changes_nothing(value: object) -> None:
    table = AdapterMatch("nim", 2, {"stones": 9, "max_take": 3})
    table.reset(1)
    before = (table.state, list(table.entries))
    with pytest.raises(InvalidActionIndexError):
        table.play(value)
    assert (table.state, table.entries) == before


# --- Gymnasium ------------------------------------------------------------------------------


def _agent_first_nim(**kwargs: Any) -> tuple[BoardkitEnv, int]:
    """A Nim environment and a seed whose game the agent's seat starts (every index legal)."""
    environment = BoardkitEnv("nim", 2, options={"stones": 9, "max_take": 3}, **kwargs)
    seed = next(s for s in range(50) if environment.reset(seed=s)[0]["action_mask"].all())
    environment.reset(seed=seed)
    return environment, seed


@pytest.mark.parametrize("illegal", ["end", "raise"])
@pytest.mark.parametrize("value", [True, 1.0, 3.7, "1", np.array([1])])
def test_gymnasium_refuses_a_non_integer_in_both_modes(illegal: str, value: object) -> None:
    environment, _ = _agent_first_nim(illegal=illegal)
    before = environment.table.state
    with pytest.raises(InvalidActionIndexError):
        environment.step(value)
    assert environment.table.state == before
    environment.step(np.int64(1))  # the episode goes on; a numpy integer is an index
    assert len(environment.table.entries) >= 2


def test_gymnasium_illegal_end_ends_the_episode_for_good() -> None:
    options = {"stones": 1, "max_take": 2}  # taking two (index 1) is illegal
    environment = BoardkitEnv("nim", 2, options=options)
    seed = next(s for s in range(50) if environment.reset(seed=s)[0]["action_mask"].any())
    environment.reset(seed=seed)
    _, reward, terminated, _, info = environment.step(1)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    for action in (0, 1):  # the legal index is refused too: the episode is over
        with pytest.raises(EpisodeOverError, match=r"not a legal action.*reset"):
            environment.step(action)
    assert environment.table.to_decide is not None  # the game itself was left as it was
    observation, _ = environment.reset(seed=seed)
    assert observation["action_mask"].tolist() == [1, 0]
    environment.step(0)  # playable again after reset


def test_gymnasium_a_finished_episode_and_an_unstarted_one_refuse_steps() -> None:
    environment = BoardkitEnv("nim", 2, options={"stones": 1, "max_take": 2})
    with pytest.raises(EpisodeOverError, match="reset"):
        environment.step(0)
    seed = next(s for s in range(50) if environment.reset(seed=s)[0]["action_mask"].any())
    environment.reset(seed=seed)
    _, _, terminated, truncated, _ = environment.step(0)  # the last stone
    assert terminated and not truncated
    with pytest.raises(EpisodeOverError, match="game is over"):
        environment.step(0)


def _episodes(environment: BoardkitEnv, seed: int | None, episodes: int) -> list[list[Any]]:
    """The observations of ``episodes`` whole episodes, seeding only the first reset."""
    rng = np.random.default_rng(0)
    seen: list[list[Any]] = []
    for episode in range(episodes):
        observation, _ = environment.reset(seed=seed if episode == 0 else None)
        trace = [observation["observation"].tolist()]
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = environment.step(action)
            trace.append(observation["observation"].tolist())
            done = terminated or truncated
        seen.append(trace)
    return seen


def test_gymnasium_reset_without_a_seed_continues_the_seeded_stream() -> None:
    def make() -> BoardkitEnv:
        return BoardkitEnv("goofspiel", 2, opponents="random")

    first = _episodes(make(), 11, 4)
    assert first == _episodes(make(), 11, 4)  # same seed, same four games
    assert first != _episodes(make(), 12, 4)
    assert len({repr(trace) for trace in first}) == 4  # and four different games, not one again


def test_gymnasium_game_seeds_follow_the_generator() -> None:
    a, b = BoardkitEnv("nim", 3), BoardkitEnv("nim", 3)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.table.config.seed == 5  # a given seed is the game's seed, as in a Match
    seeds = []
    for _ in range(3):
        a.reset()
        b.reset()
        assert a.table.config.seed == b.table.config.seed
        seeds.append(a.table.config.seed)
    assert len(set(seeds)) == 3


# --- PettingZoo -----------------------------------------------------------------------------


def _aec_games(seed: int, games: int) -> list[Log]:
    environment = env("nim", 3)
    logs = []
    for number in range(games):
        environment.reset(seed=seed if number == 0 else None)
        while environment.table.to_decide is not None:
            environment.step(next(iter(environment.table.legal())))
        logs.append(environment.table.log())
    return logs


def test_pettingzoo_reset_without_a_seed_continues_the_seeded_stream() -> None:
    first = _aec_games(3, 3)
    assert first == _aec_games(3, 3)
    assert len({log.header.seed for log in first}) == 3
    assert first[0].header.seed == 3


@pytest.mark.parametrize("value", [True, 2.0, "0", np.array([0]), np.True_])
def test_pettingzoo_refuses_a_non_integer_and_changes_nothing(value: object) -> None:
    environment = env("nim", 2)
    environment.reset(seed=1)
    before = environment.table.state
    with pytest.raises(InvalidActionIndexError):
        environment.step(value)
    assert environment.table.state == before
    environment.step(np.int64(0))
    assert environment.table.state != before


def test_pettingzoo_step_before_reset_is_refused() -> None:
    with pytest.raises(EpisodeOverError, match="reset"):
        env("nim", 2).step(0)
