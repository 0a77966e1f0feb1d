"""OpenSpiel games and states that pickle, and load in a fresh process; configurations
reachable by name after importing the adapter; OpenSpiel's own ``sim_game`` with its pickling
checks for every game and player count."""

from __future__ import annotations

import contextlib
import io
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

from boardkit.adapters.openspiel import load_game, register, register_installed
from boardkit.errors import NotOfferedError
from tests.adapters.conftest import CONFIGS


def _params(small: bool) -> list[object]:
    return [
        pytest.param(*config, marks=() if small else pytest.mark.slow)
        for config in CONFIGS
        if (config[0] in ("nim", "goofspiel")) == small
    ]


def _sim_game(game: str, players: int, options: dict[str, object] | None) -> None:
    # imported here, not at collection: it loads every OpenSpiel game module (SciPy among them)
    from open_spiel.python.tests import games_sim_test

    case = games_sim_test.GamesSimTest("sim_game")
    np.random.seed(players)  # sim_game draws from numpy's global generator
    with contextlib.redirect_stdout(io.StringIO()):  # it prints each game's utilities
        case.sim_game(
            pyspiel.load_game(register(game, players, options)),
            check_pyspiel_serialization=True,
            check_pickle_serialization=True,
        )


@pytest.mark.parametrize(("game", "players", "options"), _params(small=True))
def test_openspiel_sim_game_with_pickling_passes_for_the_small_games(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    _sim_game(game, players, options)


@pytest.mark.parametrize(("game", "players", "options"), _params(small=False))
def test_openspiel_sim_game_with_pickling_passes_for_the_big_games(
    game: str, players: int, options: dict[str, object] | None
) -> None:
    _sim_game(game, players, options)


def _played(game: pyspiel.Game, moves: int, seed: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_game_and_its_state_load_in_a_fresh_process(tmp_path: Path) -> None:
    """Options and a cap included: the pickle carries what register was given."""
    game = load_game("nim", 2, {"stones": 9}, cap=6)
    khan = load_game("khan", 3)
    states = [_played(game, 3, 1), _played(khan, 120, 2)]
    path = tmp_path / "pickled.bin"
    path.write_bytes(pickle.dumps((game, states)))
    code = (
        "import pickle, sys\n"
        "game, states = pickle.loads(open(sys.argv[1], 'rb').read())\n"
        "print(str(game))\n"
        "for state in states:\n"
        "    print(repr((state.history(), state.information_state_string(1), str(state))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0] == str(game) == "boardkit_nim_2p_470f1d49_cap6()"
    for line, state in zip(lines[1:], states, strict=True):
        assert line == repr((state.history(), state.information_state_string(1), str(state)))


def test_every_installed_configuration_is_loadable_by_name_after_importing_the_adapter(
    tmp_path: Path,
) -> None:
    names = register_installed()
    assert "boardkit_khan_2p" in names and "boardkit_goofspiel_4p" in names
    assert "boardkit_shangrila_3p" in names and "boardkit_shangrila_2p" not in names
    state = _played(pyspiel.load_game("boardkit_goofspiel_2p"), 5, 3)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    path = tmp_path / "state.txt"
    path.write_text(text)
    code = (
        "import sys, pyspiel\n"
        "import boardkit.adapters.openspiel\n"
        "print(pyspiel.load_game('boardkit_khan_2p').num_distinct_actions())\n"
        "game, state = pyspiel.deserialize_game_and_state(open(sys.argv[1]).read())\n"
        "print(state.history())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert done.stdout.splitlines() == ["9230", str(state.history())]


def test_a_pickled_state_plays_on_like_the_original() -> None:
    original = _played(load_game("goofspiel", 3), 10, 4)
    copy = pickle.loads(pickle.dumps(original))
    for state in (original, copy):
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[-1][0])
            else:
                state.apply_action(state.legal_actions()[-1])
    assert copy.history() == original.history() and copy.returns() == original.returns()


def test_undo_action_is_refused_with_what_to_do_instead() -> None:
    state = _played(load_game("nim", 2), 2, 1)
    with pytest.raises(NotOfferedError, match=r"undo_action.*clone the state"):
        state.undo_action(0, 0)
