"""boardkit's bots as OpenSpiel bots: whole games through OpenSpiel's ``evaluate_bots``
against OpenSpiel's random bot, seeds, and the errors."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from boardkit.adapters.openspiel import load_game
from boardkit.adapters.openspiel_bots import GUIDED, BoardkitBot, mcts_bot
from boardkit.bots import GreedyBot, MCTSBot
from boardkit.bots.base import BotParameterError
from boardkit.errors import IllegalActionError, NotYourDecisionError
from boardkit.runner.seats import seat_rng


def _random_bots(players: int, seed: int) -> list[pyspiel.Bot]:
    return [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(players)]


def test_guided_mcts_beats_openspiels_random_bot_at_nim() -> None:
    game = load_game("nim", 2)
    wins = 0
    for match in range(12):
        seat = match % 2  # both seats, both starting players (chance decides who starts)
        bots = _random_bots(2, 100 + 2 * match)
        bots[seat] = mcts_bot(game, seat, seed=match, iterations=60)
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(match))
        wins += returns[seat] == 1.0
    assert wins >= 10  # random play wins about half; the search plays Nim (nearly) perfectly


def _history(game: pyspiel.Game, seeds: tuple[int, int], chance: int) -> list[int]:
    bots = [
        mcts_bot(game, 0, seed=seeds[0], iterations=12),
        BoardkitBot(game, 1, MCTSBot(iterations=12), seed=seeds[1]),
    ]
    state = game.new_initial_state()
    evaluate_bots(state, bots, np.random.RandomState(chance))
    assert state.is_terminal()
    history: list[int] = state.history()
    return history


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_same_seeds_play_the_same_game_and_the_seeds_matter() -> None:
    game = load_game("goofspiel", 2)  # sealed bids: hidden information, chance deals prizes
    first = _history(game, (1, 2), chance=5)
    assert _history(game, (1, 2), chance=5) == first
    assert any(_history(game, (seed, 2), chance=5) != first for seed in (3, 4, 5, 6))


def test_the_bot_plays_through_openspiels_cpp_evaluate_bots_with_hidden_information() -> None:
    game = load_game("goofspiel", 3, {"ties": "carry"})
    bots = _random_bots(3, 40)
    bots[1] = BoardkitBot(game, 1, "mcts:iterations=8", seed=3)
    bots[2] = BoardkitBot(game, 2, GreedyBot(), seed=4)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 9)
    assert len(returns) == 3 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_mcts_bot_is_guided_unless_told_otherwise() -> None:
    game = load_game("nim", 2)
    guided = mcts_bot(game, 0, iterations=5)
    assert isinstance(guided.bot, MCTSBot) and guided.bot.guided
    assert guided.bot.prior_weight == GUIDED["prior_weight"]
    plain = mcts_bot(game, 1, iterations=5, prior_weight=0.0, widening=0.0)
    assert isinstance(plain.bot, MCTSBot) and not plain.bot.guided
    assert plain.provides_policy() is False and plain.is_clone_implemented() is False


def test_the_step_is_an_index_of_the_bots_choice() -> None:
    game = load_game("shangrila", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    bot = BoardkitBot(game, player, GreedyBot(), seed=8)
    index = bot.step(state)
    bk, position = game.boardkit_game, state.boardkit_state
    assert index in state.legal_actions()
    chosen = GreedyBot().choose(bk, position, player, seat_rng(8, player))  # the seat rule's stream
    assert bk.index_to_action(index, position) == chosen


def test_bad_games_seats_seeds_parameters_and_states_are_refused() -> None:
    game = load_game("nim", 2)
    with pytest.raises(BotParameterError, match="boardkit games"):
        BoardkitBot(pyspiel.load_game("tic_tac_toe"), 0)
    with pytest.raises(BotParameterError, match="seat from 0 to 1"):
        BoardkitBot(game, 2)
    with pytest.raises(BotParameterError, match="seed"):
        BoardkitBot(game, 0, seed=-1)
    with pytest.raises(BotParameterError, match="no parameter depth"):
        mcts_bot(game, 0, depth=3)
    with pytest.raises(BotParameterError, match="iterations"):
        mcts_bot(game, 0, iterations=0)
    bot = mcts_bot(game, 1, iterations=5)
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="chance"):
        bot.step(state)
    state.apply_action(0)  # seat 0 starts
    with pytest.raises(NotYourDecisionError):
        bot.step(state)
    with pytest.raises(BotParameterError, match="a state of boardkit_nim_2p"):
        bot.step(load_game("nim", 3).new_initial_state())
    with pytest.raises(BotParameterError, match="a state of"):
        bot.step(pyspiel.load_game("tic_tac_toe").new_initial_state())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("khan", 2), ("shangrila", 3)])
def test_guided_mcts_plays_whole_games_of_khan_and_shangrila(name: str, players: int) -> None:
    game = load_game(name, players)
    bots = _random_bots(players, 20)
    bots[0] = mcts_bot(game, 0, seed=1, iterations=10, rollout_cap=6)
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(3))
    assert state.is_terminal() and returns == state.returns()
    assert set(returns) <= {-1.0, 0.0, 1.0}
