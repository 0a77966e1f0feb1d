"""The bare reference implementations in benchmarks/ play the same rules as boardkit's games.

A speed ratio means something only if both sides do the same work. So: on positions of random
boardkit games, the bare Shangrila counts as many legal actions as boardkit, and playing one
action of every kind leaves both with the same board; the bare Khan conquest generator finds
the same conquests as boardkit's in crowded positions (small sizes, to stay quick).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bare_khan_conquest as bare_khan
import bare_shangrila as bare
from khan_conquest_bench import crowded_situation

from boardkit import Match, Rng
from boardkit.runner.simulate import random_playout
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.conquest import legal_conquests
from boardkit_khan.rules.placements import placement_table, standard_stack_keys
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.components import GUILD_INDEX
from boardkit_shangrila.rules.state import MAIN, ShangrilaState, colour_to_move

GAME = ShangrilaGame()


def to_bare(state: ShangrilaState) -> bare.Position:
    """The bare position of a boardkit state (same encoding of spaces and supplies)."""
    p = bare.Position(state.colours, state.edition == "german")
    for i, code in enumerate(state.spaces):
        if code:
            bare.put(p, i, code)
    for c in range(state.colours):
        for g in range(7):
            bare.give(p, c, g, state.supply[c * 7 + g] - 6)
    p.bridges, p.stones = state.bridges, state.stones
    p.main, p.passes = state.flow.phase == MAIN, state.passes
    return p


def play_bare(p: bare.Position, colour: int, action: Any) -> None:
    """Play a boardkit action on the bare position."""
    if isinstance(action, PlaceSetupMaster | PlaceMaster):
        bare.put(p, action.village * 7 + GUILD_INDEX[action.guild], 1 + colour)
        bare.give(p, colour, GUILD_INDEX[action.guild], -1)
    elif isinstance(action, RecruitStudents):
        for village, guild in action.placements:
            bare.put(p, village * 7 + GUILD_INDEX[guild], 5 + colour)
            bare.give(p, colour, GUILD_INDEX[guild], -1)
    elif isinstance(action, Journey):
        bare.journey(p, action.source, action.destination)
    else:
        assert isinstance(action, Pass)
        p.passes += 1


def same_board(p: bare.Position, state: ShangrilaState) -> bool:
    return (p.spaces, p.supply, p.bridges, p.stones) == (
        list(state.spaces),
        list(state.supply),
        state.bridges,
        state.stones,
    )


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (3, 3), (3, 157)])
def test_bare_shangrila_agrees_with_boardkit(players: int, seed: int) -> None:
    match: Match[Any] = Match.new(GAME, players, seed=seed)
    rng = Rng(seed, 5)
    kinds: set[type] = set()
    while not match.is_over:
        state: ShangrilaState = match.state
        colour = colour_to_move(state)
        p = to_bare(state)
        assert same_board(p, state)
        actions = GAME.legal_actions(state)
        assert bare.legal_count(p, colour) == len(actions)
        action = rng.choice(actions)
        play_bare(p, colour, action)
        match.play(action)
        kinds.add(type(action))
        assert same_board(p, match.state), f"after {action!r}"
    assert {PlaceSetupMaster, PlaceMaster, RecruitStudents, Journey} <= kinds


def test_bare_shangrila_games_end() -> None:
    rnd = random.Random(3)
    for colours in (3, 4):
        actions, winners = bare.play_random(colours, rnd)
        assert actions > 7 * colours and winners


def _conquest_sets(
    seed: int, bridges: bool
) -> tuple[set[bare_khan.Found], set[bare_khan.Found], int]:
    board = default_board()
    table = placement_table(board)
    keys = standard_stack_keys()
    tables = bare_khan.tables_for(board, keys)
    rng = Rng(seed)
    ours: set[bare_khan.Found] = set()
    theirs: set[bare_khan.Found] = set()
    for _ in range(3):
        situation, _ = crowded_situation(board, rng)
        position = bare_khan.position_of(situation)
        for player in range(len(situation.yurts)):
            for c in legal_conquests(table, situation, player, keys):
                if bridges or not c.stack.bridge:
                    theirs.add(bare_khan.found_of(c))
            for f in bare_khan.conquests(tables, position, player):
                if bridges or not f[0]:
                    ours.add(f)
    return ours, theirs, len(theirs)


@pytest.mark.parametrize("seed", [1244, 7])
def test_bare_khan_conquests_agree_on_conquest_tiles(seed: int) -> None:
    ours, theirs, count = _conquest_sets(seed, bridges=False)
    assert count > 50
    assert ours == theirs


def test_bare_khan_conquests_agree_on_bridges_k_a_c2() -> None:
    ours, theirs, _ = _conquest_sets(1244, bridges=True)
    assert ours == theirs


def test_the_tictactoe_games_and_the_protocol_floor_play_the_same_games() -> None:
    """framework_cost.py compares tic-tac-toe written two ways (fast, and the public example)
    and the protocol floor: for a seed all three play the same moves to the same end, with the
    same events and results, and the fast game keeps the rules a game must keep (nothing legal
    once it is over)."""
    from _tictactoe import FastTicTacToeGame, TicTacToeGame, protocol_floor_game

    from boardkit.examples import tictactoe

    assert TicTacToeGame is tictactoe.TicTacToeGame  # the plain variant is the example itself
    fast, plain = FastTicTacToeGame(), TicTacToeGame()
    draws = 0
    for seed in range(60):
        a, b = random_playout(fast, 2, seed=seed), random_playout(plain, 2, seed=seed)
        moves, final = protocol_floor_game(fast, seed)
        assert a.log.actions == b.log.actions and a.result == b.result
        assert [e.events for e in a.log.entries] == [e.events for e in b.log.entries]
        assert a.state.board == b.state.board and moves == len(a) - 1
        draws += a.result is not None and a.result.winners == ()
        assert (final.marks, final.winner) == (a.state.marks, a.state.winner)
        assert a.legal_actions() == [] and fast.legal_actions(a.state) == ()
    assert 0 < draws < 60  # wins and draws both compared
