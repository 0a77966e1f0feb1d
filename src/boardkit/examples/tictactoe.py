"""Tic-tac-toe: the example of a game that can end in a draw.

The rules. Two players mark the cells of a 3 × 3 board in turn, the first player (seat 0) with
X, the second (seat 1) with O; a turn marks one empty cell. Whoever first has three marks in a
row, a column or a diagonal wins. When the board is full and nobody has a line, the game is a
draw.

Cells are named by column ``a`` to ``c`` from the left and row ``1`` to ``3`` from the top
(``b2`` is the centre); the actions and the events hold the cell's number, 0 to 8 in reading
order (``a1`` is 0, ``c1`` 2, ``c3`` 8).

A draw is written as a :class:`~boardkit.result.Result` with no winners (and a score of 0
each); every front end says "a draw", the conformance kit accepts it, and the research
adapters give it a reward of 0 for both players. Besides the six required methods, the game
words its actions and events, draws its board as text, and offers the research encodings
(an action index per cell and an observation of three planes of the board). Nothing is
hidden and nothing is random. It is not registered as an entry point:
``Match.new(TicTacToeGame(), ["ann", "bob"])`` plays it, and
``boardkit.register(TicTacToeGame)`` makes it known by name in a running process.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import (
    Config,
    Flow,
    Game,
    IllegalActionError,
    InvalidActionIndexError,
    Result,
    Rng,
    TurnEnded,
)
from boardkit.howto import RulesSection
from boardkit.i18n import N_
from boardkit.present.voice import Voice

MARKS = "XO"
"""The mark of each seat: seat 0 plays X, seat 1 plays O."""

EMPTY = "."
"""An empty cell in :attr:`TicTacToeState.board`."""

CELLS = 9
"""Cells of the board, numbered 0 to 8 in reading order."""

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip
"""The eight lines of three cells."""


def cell_name(cell: int) -> str:
    """The name of cell number ``cell``: its column ``a`` to ``c`` and row ``1`` to ``3``."""
    return "abc"[cell % 3] + str(cell // 3 + 1)


@frozen
class TicTacToeState:
    flow: Flow
    board: str = EMPTY * CELLS
    """One character per cell in reading order: ``X``, ``O`` or :data:`EMPTY`."""


@frozen
class Mark:
    """Mark the empty cell number ``cell`` (0 to 8)."""

    cell: int


@frozen
class Marked:
    player: int
    cell: int


def line_of(board: str) -> tuple[int, ...] | None:
    """The cells of a line of three equal marks on ``board``, or ``None``."""
    for line in LINES:
        first = board[line[0]]
        if first != EMPTY and all(board[cell] == first for cell in line):
            return line
    return None


class TicTacToeGame(Game[TicTacToeState, Mark]):
    """Tic-tac-toe for two players: three in a line wins, a full board without one is a draw."""

    name = "tictactoe"
    title = "Tic-tac-toe"
    version = "1.0"
    player_counts = (2,)
    state_type = TicTacToeState
    action_types = (Mark,)
    event_types = (Marked,)

    # The six required methods.

    def initial(self, config: Config) -> TicTacToeState:
        return TicTacToeState(Flow(config.players))

    def legal_actions(self, state: TicTacToeState) -> list[Mark]:
        if line_of(state.board) is not None:
            return []
        return [Mark(cell) for cell in range(CELLS) if state.board[cell] == EMPTY]

    def apply(self, state: TicTacToeState, action: Mark, rng: Rng) -> Sequence[object]:
        if not isinstance(action, Mark) or action.cell not in range(CELLS):
            raise IllegalActionError("cell", f"{action!r} is not a cell of the board (0 to 8)")
        if state.board[action.cell] != EMPTY:
            taken = state.board[action.cell]
            raise IllegalActionError(
                "cell", f"cannot mark {cell_name(action.cell)}: {taken} is there"
            )
        return [Marked(state.flow.active or 0, action.cell), TurnEnded()]

    def reduce(self, state: TicTacToeState, event: object) -> TicTacToeState:
        if isinstance(event, Marked):
            cell = event.cell
            board = state.board[:cell] + MARKS[event.player] + state.board[cell + 1 :]
            return evolve(state, board=board)
        return state

    def result(self, state: TicTacToeState) -> Result | None:
        line = line_of(state.board)
        if line is not None:
            winner = MARKS.index(state.board[line[0]])
            cells = " ".join(cell_name(cell) for cell in line)
            scores = tuple(int(seat == winner) for seat in range(2))
            return Result((winner,), scores, f"three in a line: {cells}")
        if EMPTY not in state.board:
            return Result((), (0, 0), "a full board without a line")
        return None

    def max_entries(self, config: Config) -> int:
        return 1 + CELLS  # the setup entry, then one mark a cell at most

    # Presentation: the actions and events in words, and the board as text.

    def describe_action(self, action: Mark, state: TicTacToeState | None = None) -> str:
        return f"mark {cell_name(action.cell)}"

    def describe_event(
        self,
        event: object,
        state: TicTacToeState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        if isinstance(event, Marked):
            voice = Voice(player, names)
            marks = voice.does(event.player, "marks")
            return f"{marks} {cell_name(event.cell)} with {MARKS[event.player]}"
        return super().describe_event(event, state, player, names)

    def render_text(
        self,
        state: TicTacToeState,
        player: int | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        rows = [f"{row + 1} " + " ".join(state.board[3 * row : 3 * row + 3]) for row in range(3)]
        return "\n".join(["  a b c", *rows])

    def how_to_play(self) -> tuple[RulesSection, ...]:
        return (
            RulesSection(
                "goal",
                N_("The goal"),
                (),
                "Be the first with three marks in a row, a column "
                "or a diagonal of the 3 × 3 board. A full board without such a line is a draw.",
            ),
            RulesSection(
                "mark",
                N_("Marking a cell"),
                ("cell",),
                "The first player marks with X, the "
                "second with O. On your turn mark one empty cell, named by column a to c and "
                "row 1 to 3 (b2 is the centre).",
            ),
        )

    # Research encodings: ``Mark(c)`` is index ``c``; the observation is three planes of nine
    # cells, seen from the observer: its own marks, the other player's, the empty cells.

    def num_actions(self, config: Config) -> int:
        return CELLS

    def action_to_index(self, action: Mark, state: TicTacToeState) -> int:
        return action.cell

    def index_to_action(self, index: int, state: TicTacToeState) -> Mark:
        if type(index) is not int or not 0 <= index < CELLS:
            raise InvalidActionIndexError(f"Tic-tac-toe action indices are 0 to {CELLS - 1}")
        return Mark(index)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (3 * CELLS,)

    def observation(self, state: TicTacToeState, player: int) -> list[float]:
        own, other = MARKS[player], MARKS[1 - player]
        return [float(c == mark) for mark in (own, other, EMPTY) for c in state.board]

    def max_chance_outcomes(self, config: Config) -> int:
        return 0
