"""The fast forms of two game hooks agree with the plain ones on random positions:
``sparse_observation`` lists exactly the nonzero values of ``observation`` (Khan's is written
segment by segment, the others use the default), and ``evaluate_seats`` gives exactly
``evaluate`` of each seat (Khan's and Shangrila's from one pass of their heuristics)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Game, Match, Rng, decider
from boardkit.bots import RandomBot
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.nim import NimGame
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame

GAMES: tuple[tuple[Game[Any, Any], int, int], ...] = (
    (KhanGame(), 2, 160),
    (KhanGame(), 4, 200),
    (ShangrilaGame(), 3, 110),
    (Goofspiel(), 3, 40),
    (NimGame(), 2, 20),
    (TicTacToeGame(), 2, 9),
)
"""Each game, a seat count and a bound on the random moves played before a position."""


def random_position(game: Game[Any, Any], players: int, moves: int, seed: int) -> Any:
    """The state after up to ``moves`` random moves of a seeded match (or its end)."""
    match = Match.new(game, players, None, seed)
    rng = Rng(seed, 3)
    for _ in range(moves):
        seat = decider(match.state.flow)
        if seat is None:
            break
        match.play(RandomBot().choose(game, match.state, seat, rng), seat)
    return match.state


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(range(len(GAMES))), st.integers(0, 10_000), st.floats(0, 1))
def test_the_sparse_observation_is_the_nonzeros_of_the_dense_one(
    which: int, seed: int, depth: float
) -> None:
    game, players, length = GAMES[which]
    state = random_position(game, players, int(depth * length), seed)
    for player in range(players):
        dense = list(game.observation(state, player))
        positions, values = game.sparse_observation(state, player)
        assert list(positions) == [i for i, value in enumerate(dense) if value]
        assert list(values) == [value for value in dense if value]


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([0, 1, 2, 3, 4]), st.integers(0, 10_000), st.floats(0, 1))
def test_every_seat_at_once_is_each_seat_alone(which: int, seed: int, depth: float) -> None:
    game, players, length = GAMES[which]
    state = random_position(game, players, int(depth * length), seed)
    assert list(game.evaluate_seats(state)) == [
        game.evaluate(state, seat) for seat in range(players)
    ]


def test_khan_lists_its_nonzeros_itself_and_the_examples_take_the_default() -> None:
    """Khan's observation is 3,879 values, about a tenth of them set: it lists them without
    building the dense list; the example games' short observations use the default."""
    assert type(KhanGame()).sparse_observation is not Game.sparse_observation
    assert NimGame.sparse_observation is Game.sparse_observation
    assert KhanGame.evaluate_seats is not Game.evaluate_seats
    assert ShangrilaGame.evaluate_seats is not Game.evaluate_seats


def test_a_game_without_an_observation_has_no_sparse_one() -> None:
    from boardkit import NotOfferedError
    from tests.core.plain_game import PlainGame

    game = PlainGame()
    with pytest.raises(NotOfferedError, match="observation"):
        game.sparse_observation(Match.new(game, 2, None, 1).state, 0)
