"""The Gymnasium adapter: Gymnasium's own env_checker, and the facts its docstring promises."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardkit import IllegalActionError
from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.errors import InvalidOptionsError


@pytest.mark.parametrize(
    ("game", "players", "opponents"),
    [("nim", 3, "random"), ("shangrila", 3, ["greedy", "random"]), ("khan", 3, "greedy")],
)
def test_gymnasium_env_checker_passes(game: str, players: int, opponents: object) -> None:
    check_env(BoardkitEnv(game, players, opponents=opponents), skip_render_check=True)  # type: ignore[arg-type]


def _play(environment: BoardkitEnv, seed: int) -> tuple[list[int], float]:
    observation, _ = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        observation, reward, terminated, truncated, _ = environment.step(action)
        if terminated or truncated:
            return actions, reward


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_seat_plays_a_whole_game_against_bots_reproducibly() -> None:
    a = BoardkitEnv("shangrila", 3, seat=1, opponents="greedy")
    b = BoardkitEnv("shangrila", 3, seat=1, opponents="greedy")
    first, reward = _play(a, 5)
    assert (first, reward) == _play(b, 5)
    result = a.table.result()
    assert result is not None
    assert reward == (1.0 if 1 in result.winners and len(result.winners) < 3 else reward)
    assert reward in (-1.0, 0.0, 1.0)
    seats = [entry.player for entry in a.table.entries[1:]]
    assert seats.count(1) == len(first)


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    options = {"stones": 1, "max_take": 2}  # taking two (index 1) is illegal
    environment = BoardkitEnv("nim", 2, options=options)
    seed = next(s for s in range(50) if environment.reset(seed=s)[0]["action_mask"].any())
    observation, _ = environment.reset(seed=seed)  # a game where the agent moves first
    assert observation["action_mask"].tolist() == [1, 0]
    before = environment.table.state
    _, reward, terminated, _, info = environment.step(1)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert environment.table.state == before
    strict = BoardkitEnv("nim", 2, options=options, illegal="raise")
    strict.reset(seed=seed)
    with pytest.raises(IllegalActionError):
        strict.step(1)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="seat"):
        BoardkitEnv("nim", 2, seat=2)
    with pytest.raises(InvalidOptionsError, match="other seats"):
        BoardkitEnv("nim", 3, opponents=["random"])
    with pytest.raises(InvalidOptionsError, match="illegal"):
        BoardkitEnv("nim", 2, illegal="ignore")
