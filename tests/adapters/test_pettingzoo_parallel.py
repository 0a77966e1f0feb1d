"""The PettingZoo parallel environment: PettingZoo's own parallel_api_test for every game and
player count, its parallel_seed_test, and sealed bids asked of every seat at once."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from boardkit import EpisodeOverError, IllegalActionError, InvalidActionIndexError, Match
from boardkit.adapters.pettingzoo import BoardkitParallelEnv, parallel_env
from boardkit.examples.goofspiel import Bid, BidsRevealed
from boardkit.log import Entry
from tests.adapters.conftest import CONFIGS, CYCLES


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_pettingzoo_parallel_api_test_passes(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about dict observations: by design
        parallel_api_test(parallel_env(game, players, options), num_cycles=CYCLES)


@pytest.mark.parametrize(
    ("game", "players", "options"), [c for c in CONFIGS if c[0] in ("goofspiel", "nim")]
)
def test_pettingzoo_parallel_seed_test_passes(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    """PettingZoo's seed test samples actions without the mask, so it runs where the first
    step's every index is legal: Goofspiel's first bids and Nim's first take."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda: parallel_env(game, players, options), num_cycles=CYCLES)


def test_every_seat_bids_in_one_step() -> None:
    environment = parallel_env("goofspiel", 3)
    observations, infos = environment.reset(seed=4)
    assert set(observations) == set(infos) == {"player_0", "player_1", "player_2"}
    assert environment.deciding() == [0, 1, 2]
    for observation in observations.values():
        assert observation["action_mask"].tolist() == [1] * 13  # every card, for every seat
    observations, rewards, terminations, truncations, _ = environment.step(
        {"player_0": 8, "player_1": 2, "player_2": 4}  # bids of 9, 3 and 5
    )
    assert set(rewards.values()) == {0.0} and not any(terminations.values())
    assert not any(truncations.values())
    table = environment.table
    assert [entry.action for entry in table.entries[1:]] == [Bid(9), Bid(3), Bid(5)]
    assert BidsRevealed((9, 3, 5)) in table.entries[-1].events
    match = Match.new("goofspiel", ["a", "b", "c"], seed=4)
    for card in (9, 3, 5):
        match.play(Bid(card))
    assert match.state == table.state  # the same game a Match plays
    assert observations["player_1"]["action_mask"][2] == 0  # the 3 is spent


def test_a_refused_step_changes_nothing() -> None:
    environment = parallel_env("goofspiel", 2)
    environment.reset(seed=1)
    environment.step({"player_0": 12, "player_1": 0})  # 13 and 1 are spent
    before = environment.table.state
    with pytest.raises(IllegalActionError, match="index 12 is not a legal action of player_0"):
        environment.step({"player_0": 12, "player_1": 5})
    with pytest.raises(IllegalActionError, match="player_1"):
        environment.step({"player_0": 5, "player_1": 0})  # player_0's bid is not played either
    with pytest.raises(InvalidActionIndexError, match="player_1 decides now"):
        environment.step({"player_0": 5})
    with pytest.raises(InvalidActionIndexError, match="an action index is an integer"):
        environment.step({"player_0": 5, "player_1": 2.0})
    assert environment.table.state == before
    assert len(environment.table.entries) == 3


def test_a_turn_based_game_asks_one_agent_a_step_and_ignores_the_others() -> None:
    environment = parallel_env("nim", 3)
    observations, _ = environment.reset(seed=2)
    who = environment.table.to_decide
    assert who is not None and environment.deciding() == [who]
    masks = {name: o["action_mask"].sum() for name, o in observations.items()}
    assert masks == {f"player_{s}": (3 if s == who else 0) for s in range(3)}
    environment.step({f"player_{s}": (0 if s == who else 99) for s in range(3)})
    assert len(environment.table.entries) == 2


def _whole_game(seed: int | None, env: BoardkitParallelEnv) -> list[Entry]:
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=seed)
    while env.agents:
        actions = {
            name: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for name, o in observations.items()
            if o["action_mask"].any()
        }
        observations, rewards, terminations, _, _ = env.step(actions)
    assert all(terminations.values()) and sorted(rewards) == ["player_0", "player_1"]
    return list(env.table.entries)


def test_a_whole_game_ends_together_and_its_log_verifies() -> None:
    environment = parallel_env("goofspiel", 2)
    entries = _whole_game(3, environment)
    assert len(entries) == 1 + 13 * 2
    table = environment.table
    assert Match.from_log(table.game, table.log(), verify=True).state == table.state
    assert environment.agents == []
    with pytest.raises(EpisodeOverError, match="reset"):
        environment.step({})


def test_reset_without_a_seed_continues_the_seeded_stream() -> None:
    a, b = parallel_env("goofspiel", 2), parallel_env("goofspiel", 2)
    assert _whole_game(8, a) == _whole_game(8, b)
    assert _whole_game(None, a) == _whole_game(None, b)
    assert a.table.config.seed == b.table.config.seed != 8
