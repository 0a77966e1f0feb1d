"""The kit's check of shipped networks (``Game.trained_network``): a network that loads, fits
and plays passes; a file that is no network, one made for other sizes or another game, and an
encoding that turns the bot's choice into an illegal action are each refused with a message
that says what is wrong."""

from __future__ import annotations

import io
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from boardkit.bots.network import PolicyValueNet
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.registry import as_game
from boardkit.testing import ConformanceError, check_game
from boardkit.testing.network_checks import check_trained_network
from tests.bots.test_trained import random_network


def shipping(file: Path) -> NimGame:
    """A Nim that ships ``file`` as its network for every seat count."""

    class ShippingNim(NimGame):
        def trained_network(self, players: int) -> Traversable | None:
            return file

    return ShippingNim()


def sized_network(game: str, players: int, observation: int, actions: int) -> PolicyValueNet:
    """A network with random weights that reads ``observation`` values and writes ``actions``
    logits, whatever the game's sizes are."""
    rng = np.random.default_rng(0)
    meta = {
        "game": game,
        "players": players,
        "observation_size": observation,
        "num_actions": actions,
    }
    trunk = [(rng.normal(0, 0.3, (observation, 8)), np.zeros(8))]
    policy = (rng.normal(0, 0.3, (8, actions)), np.zeros(actions))
    value = (rng.normal(0, 0.3, (8, players)), np.zeros(players))
    return PolicyValueNet(trunk, policy, value, meta)


def written(tmp_path: Path, net: PolicyValueNet) -> Path:
    buffer = io.BytesIO()
    net.save(buffer)
    file = tmp_path / "nim-2p.npz"
    file.write_bytes(buffer.getvalue())
    return file


def config(game: NimGame, players: int = 2) -> Any:
    return game.make_config(players, None, 5)


def test_a_network_that_loads_fits_and_plays_passes(tmp_path: Path) -> None:
    game = shipping(written(tmp_path, random_network(NimGame(), 2)))
    assert check_trained_network(game, config(game)) is True
    check_game(game, [{"players": 2}], max_examples=2)


def test_a_game_without_a_network_passes_unchecked() -> None:
    nim = NimGame()
    assert not nim.offers("trained_network")
    assert check_trained_network(nim, config(nim)) is False


def test_a_file_that_is_not_a_network_is_refused_by_name(tmp_path: Path) -> None:
    broken = tmp_path / "nim-2p.npz"
    broken.write_bytes(b"these bytes are no npz archive")
    game = shipping(broken)
    with pytest.raises(ConformanceError, match=r"trained_network\(2\): .*nim-2p\.npz does not "):
        check_trained_network(game, config(game))
    with pytest.raises(ConformanceError, match="not a network file"):
        check_game(game, [{"players": 2}], max_examples=1)


def test_a_network_of_other_sizes_is_refused_with_both_sizes(tmp_path: Path) -> None:
    nim = NimGame()
    (observation,) = nim.observation_shape(config(nim)) or ()
    actions = nim.num_actions(config(nim)) or 0
    wide = sized_network("nim", 2, observation + 3, actions + 1)
    game = shipping(written(tmp_path, wide))
    with pytest.raises(
        ConformanceError,
        match=rf"does not fit the game: observation size {observation + 3}, the game's is "
        rf"{observation}; action count {actions + 1}, the game's is {actions}$",
    ):
        check_trained_network(game, config(game))


def test_a_network_for_another_game_or_seat_count_is_refused(tmp_path: Path) -> None:
    game = shipping(written(tmp_path, random_network(NimGame(), 3)))
    with pytest.raises(ConformanceError, match="players 3, the game's is 2"):
        check_trained_network(game, config(game))
    assert check_trained_network(game, config(game, 3)) is True
    game = shipping(written(tmp_path, random_network(TicTacToeGame(), 2)))
    with pytest.raises(ConformanceError, match="game 'tictactoe', the game's is 'nim'"):
        check_trained_network(game, config(game))


def test_a_move_the_encoding_turns_illegal_is_caught(tmp_path: Path) -> None:
    """The network fits, but the game's index decodes to an action that is never legal: the
    bot's search cannot play it, and the kit says so."""

    class MisdecodingNim(NimGame):
        def trained_network(self, players: int) -> Traversable | None:
            return written(tmp_path, random_network(NimGame(), players))

        def index_to_action(self, index: int, state: NimState) -> Take:
            return Take(99)

    game = MisdecodingNim()
    with pytest.raises(ConformanceError, match=r"priors=network\) fails on a fresh game: Illegal"):
        check_trained_network(game, config(game))


@pytest.mark.parametrize(("name", "players"), [("khan", 2), ("shangrila", 3)])
def test_the_shipped_networks_pass(name: str, players: int) -> None:
    game = as_game(name)
    assert check_trained_network(game, game.make_config(players, None, 3)) is True
