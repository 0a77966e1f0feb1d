"""The OpenSpiel adapter: OpenSpiel's random simulation test for every game and player count,
its own Python MCTS and IS-MCTS bots through whole games, and the declared facts."""

from __future__ import annotations

import pickle
from importlib.metadata import entry_points

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from boardkit import available_games, load_game
from boardkit.adapters.openspiel import register
from boardkit.errors import NotOfferedError
from tests.adapters.conftest import CONFIGS, THOROUGH
from tests.core.secret_game import SecretGame

SIMS = 3 if THOROUGH else 1

_ENTRY_POINT_GAMES = {
    ep.name
    for ep in entry_points(group="boardkit.games")
    if ep.dist is not None and ep.dist.name == "boardkit"
}
"""The games this package installs (tests may register others in the process)."""


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        # Khan's 3- and 4-player games take a second or two each; its 2-player one stays fast
        pytest.param(*c, marks=[pytest.mark.slow] if c[0] == "khan" and c[1] > 2 else [])
        for c in CONFIGS
    ],
)
def test_openspiel_random_simulation_test_passes(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    spiel_game = pyspiel.load_game(register(game, players, options))
    pyspiel.random_sim_test(spiel_game, num_sims=SIMS, serialize=True, verbose=False)


def test_the_configurations_cover_every_installed_game_and_player_count() -> None:
    """The adapter suites run over CONFIGS: a game installed later must be added there (and
    offer the encodings) rather than be left out silently."""
    installed = {name for name in available_games() if name in _ENTRY_POINT_GAMES}
    assert {"nim", "shangrila", "khan", "goofspiel"} <= installed
    covered = {(game, players) for game, players, _ in CONFIGS}
    for name in installed:
        game = load_game(name)
        for players in game.player_counts:
            if name == "shangrila" and players == 2:
                continue  # two seats play four colours: covered with two_colours_each
            assert (name, players) in covered, (name, players)


def test_declared_facts() -> None:
    khan = pyspiel.load_game(register("khan", 3))
    kind = khan.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert khan.num_distinct_actions() == 9230
    assert khan.max_chance_outcomes() == 72
    shangrila = pyspiel.load_game(register("shangrila", 3))
    assert shangrila.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    nim = pyspiel.load_game(register("nim", 2))
    assert nim.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert register("nim", 2) == "boardkit_nim_2p"
    assert register("nim", 2, {"stones": 9}).startswith("boardkit_nim_2p_")


def _into_main_phase(state: pyspiel.State) -> pyspiel.State:
    """Play first legal actions and last chance outcomes until the hands are dealt."""
    while state.is_chance_node() or "phase=main" not in state.observation_string(0):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_strings_and_tensors_hide_what_a_player_cannot_see() -> None:
    game = pyspiel.load_game(register("khan", 3))
    state = _into_main_phase(game.new_initial_state())
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.observation_string(0) != state.observation_string(1)  # each sees his own hand
    twin = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(twin) != str(state)  # the others' hands and the pile were re-drawn
    assert twin.information_state_string(1) == state.information_state_string(1)
    assert twin.observation_tensor(1) == state.observation_tensor(1)
    assert twin.observation_string(0) != state.observation_string(0)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.information_state_string(2) == state.information_state_string(2)


def _play(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", ["khan", "shangrila"])
def test_python_mcts_and_ismcts_bots_play_a_whole_game(name: str) -> None:
    game = pyspiel.load_game(register(name, 3))
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=8)
    sims = 8 if THOROUGH else 2
    bots: list[pyspiel.Bot] = [
        mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rng) for _ in range(3)
    ]
    if name == "khan":  # IS-MCTS is for imperfect information only (it asserts so)
        bots[1] = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rng)
    state = _play(game, bots, seed=2)
    assert state.is_terminal()
    returns = state.returns()
    assert len(returns) == 3 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_a_game_without_encodings_is_refused() -> None:
    with pytest.raises(NotOfferedError):
        register(SecretGame(), 2)
