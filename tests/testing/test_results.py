"""The kit's checks of a game's result: a draw of either kind passes, a malformed result does
not."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import Result
from boardkit.examples.nim import NimGame, NimState
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.testing import ConformanceError, check_game, check_playout
from boardkit.testing.playthroughs import playthrough_text


class EndsWith(NimGame):
    """Nim whose result, once the heap is empty, is ``make(players)``."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        return self.make(state.flow.players)  # type: ignore[no-any-return]


def nobody_wins(n: int) -> Result:
    return Result((), (0,) * n, "nobody took the last stone")


def everybody_shares(n: int) -> Result:
    return Result(tuple(range(n)), (1,) * n)


@pytest.mark.parametrize("make", [nobody_wins, everybody_shares])
def test_the_kit_accepts_a_draw_of_either_kind(make: Any) -> None:
    check_game(EndsWith(make), [{"players": 2}, {"players": 3}], max_examples=6)


def test_the_kit_accepts_the_draws_of_tic_tac_toe() -> None:
    """Random play fills the board without a line in some games: those pass like the wins."""
    outcomes = [check_playout(TicTacToeGame(), 2, None, seed).result for seed in range(30)]
    assert all(result is not None for result in outcomes)
    draws = [r for r in outcomes if r is not None and r.is_draw]
    assert draws and len(draws) < len(outcomes)
    assert all(r == Result((), (0, 0), "a full board without a line") for r in draws)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda n: Result((n,), (0,) * n), "a winner is not a seat"),
        (lambda n: Result((-1,), (0,) * n), "a winner is not a seat"),
        (lambda n: Result((1, 0), (1,) * n), "winners not sorted/unique"),
        (lambda n: Result((0, 0), (1,) * n), "winners not sorted/unique"),
        (lambda n: Result((0,), (1,) * (n + 1)), "scores must have one entry per seat"),
        (lambda n: Result((), ()), "scores must have one entry per seat"),
    ],
)
def test_the_kit_still_refuses_a_malformed_result(make: Any, words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        check_playout(EndsWith(make), 2, None, 0)


@pytest.mark.parametrize(
    ("make", "line"),
    [
        (nobody_wins, "result: a draw; scores [0, 0]"),
        (everybody_shares, "result: a draw; scores [1, 1]"),
        (lambda n: Result((1,), (0, 1)), "result: bob won; scores [0, 1]"),
    ],
)
def test_a_playthrough_writes_a_draw_as_a_draw(make: Any, line: str) -> None:
    text = playthrough_text(EndsWith(make), ("ann", "bob"), 7)
    assert text.splitlines()[-1] == line
