"""Tic-tac-toe written on the boardkit protocol, as a game author would: the trivial game.

Its rules cost next to nothing, so the time a random game takes through boardkit is almost all
framework: ``framework_cost.py`` compares it with a bare loop and with other libraries' versions
of the same game. Seat 0 plays first; cells are numbered 0-8 in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from boardkit import Config, Flow, Game, IllegalActionError, Result, Rng, TurnEnded

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight lines of three cells."""


@frozen
class TicTacToeState:
    """The board (``0`` empty, ``1 + seat`` a mark) and the winner once there is one."""

    flow: Flow
    board: tuple[int, ...]
    winner: int | None = None


@frozen
class Mark:
    """Put the deciding player's mark on ``cell``."""

    cell: int


@frozen
class Marked:
    """``player`` marked ``cell``."""

    player: int
    cell: int


MARKS = tuple(Mark(cell) for cell in range(9))


class TicTacToeGame(Game[TicTacToeState, Mark]):
    """Two players mark cells in turn; three in a line wins, a full board is a draw."""

    name = "tictactoe"
    title = "Tic-tac-toe"
    version = "1.0"
    player_counts = (2,)
    state_type = TicTacToeState
    action_types = (Mark,)
    event_types = (Marked,)

    def initial(self, config: Config) -> TicTacToeState:
        return TicTacToeState(Flow(config.players), (0,) * 9)

    def legal_actions(self, state: TicTacToeState) -> Sequence[Mark]:
        return [MARKS[i] for i, v in enumerate(state.board) if not v]

    def apply(self, state: TicTacToeState, action: Mark, rng: Rng) -> Sequence[object]:
        cell = action.cell if isinstance(action, Mark) else -1
        if not 0 <= cell < 9 or state.board[cell]:
            raise IllegalActionError("mark", f"cannot mark {action!r}")
        return [Marked(state.flow.active or 0, cell), TurnEnded()]

    def reduce(self, state: TicTacToeState, event: object) -> TicTacToeState:
        if type(event) is not Marked:
            return state
        board = list(state.board)
        board[event.cell] = 1 + event.player
        winner = state.winner
        for a, b, c in LINES:
            if board[a] and board[a] == board[b] == board[c]:
                winner = board[a] - 1
        return TicTacToeState(state.flow, tuple(board), winner)

    def result(self, state: TicTacToeState) -> Result | None:
        if state.winner is not None:
            scores = tuple(int(p == state.winner) for p in range(2))
            return Result((state.winner,), scores)
        if all(state.board):
            return Result((0, 1), (0, 0))
        return None

    def max_entries(self, config: Config) -> int:
        return 10


def bare_game(draw: Callable[[], float]) -> int:
    """One random game as a bare loop, the yardstick of issue 15; returns the moves played.

    Per move it does what every implementation it is compared with does: list the legal moves
    (the free cells), pick one uniformly, mark it, look for a line. Mutable lists, no objects.
    ``draw`` gives uniform floats in [0, 1), such as ``random.Random(seed).random``.
    """
    board = [0] * 9
    player = 1
    moves = 0
    while True:
        legal = [cell for cell, mark in enumerate(board) if not mark]
        if not legal:
            return moves
        cell = legal[int(draw() * len(legal))]
        board[cell] = player
        moves += 1
        for a, b, c in LINES:
            if board[a] == board[b] == board[c] == player:
                return moves
        player = 3 - player


def bare_game_free_list(draw: Callable[[], float]) -> int:
    """:func:`bare_game` keeping the free cells in a list instead of listing them per move
    (the tighter loop the first reference tables used): for comparison only."""
    board = [0] * 9
    free = list(range(9))
    player = 1
    moves = 0
    while free:
        cell = free.pop(int(draw() * len(free)))
        board[cell] = player
        moves += 1
        for a, b, c in LINES:
            if board[a] == board[b] == board[c] == player:
                return moves
        player = 3 - player
    return moves
