"""Tic-tac-toe for ``framework_cost.py``: the example game, and a fast variant of it.

Its rules cost next to nothing, so the time a random game takes through boardkit is almost all
framework: ``framework_cost.py`` compares it with a bare loop and with other libraries' versions
of the same game. The game written plainly is the public example itself,
:class:`boardkit.examples.tictactoe.TicTacToeGame` (a board of nine characters copied per move,
new event objects, the result's words worked out when asked); :class:`FastTicTacToeGame` here is
the same game written for speed, which is why it differs from the example: the marks in one
int, tables of the 512 masks, shared action, event and result objects. Both use the example's
actions and events and give the same results, so a seed plays the same game in both
(``tests/test_bare_references.py``). Seat 0 plays first; cells are numbered 0-8 in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from boardkit import Config, Flow, Game, IllegalActionError, Result, Rng, TurnEnded
from boardkit.examples.tictactoe import LINES, Mark, Marked, TicTacToeGame, cell_name
from boardkit.flow import TURN_ENDED, PhaseStarted, reduce_flow, turn_started
from boardkit.recorder import replace_flow
from boardkit.runner.seats import seat_rngs

__all__ = [
    "FastTicTacToeGame",
    "FastTicTacToeState",
    "TicTacToeGame",
    "bare_game",
    "bare_game_free_list",
    "protocol_floor_game",
]

LINE_MASKS = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)
"""Each line as a bit mask: bit ``c`` stands for cell ``c``."""
FULL = (1 << 9) - 1
FIRST_LINE = tuple(
    next((i for i, line in enumerate(LINE_MASKS) if mask & line == line), None)
    for mask in range(1 << 9)
)
"""``FIRST_LINE[mask]``: the index in ``LINES`` of the first line the cells of ``mask`` hold, or
``None`` (a table of the 512 masks; the example names the first line in the same order)."""
WINS = tuple(line is not None for line in FIRST_LINE)
"""``WINS[mask]``: whether the cells of ``mask`` hold a line."""


@frozen
class FastTicTacToeState:
    """The marks as one int, and the winner once there is one.

    Bits 0-8 are seat 0's marks on cells 0-8, bits 9-17 seat 1's. One int instead of a
    board of nine cells: a move makes a new state whose fields are ints (no board is
    copied), which is how a game with a small board gets an immutable state nearly for free.
    """

    flow: Flow
    marks: int = 0
    winner: int | None = None

    @property
    def board(self) -> str:
        """The board as the example writes it: ``X``, ``O`` or ``.`` per cell in reading order."""
        m = self.marks
        return "".join("X" if m >> c & 1 else "O" if m >> (c + 9) & 1 else "." for c in range(9))


MARKS = tuple(Mark(cell) for cell in range(9))
"""The nine actions, shared: actions and events are values, so a game with few of them may
hand out the same objects every time (as the framework does with its fieldless events)."""
MARKED = tuple(tuple(Marked(player, cell) for cell in range(9)) for player in range(2))
"""The eighteen events, shared the same way: ``MARKED[player][cell]``."""
LEGAL = tuple(tuple(m for m in MARKS if not taken >> m.cell & 1) for taken in range(1 << 9))
"""``LEGAL[taken]``: the actions on the free cells when ``taken`` holds the marked cells (a
table of the 512 masks, tuples so that nobody can change them)."""
_DRAW = Result((), (0, 0), "a full board without a line")
_WON = tuple(
    tuple(
        Result(
            (winner,),
            (int(winner == 0), int(winner == 1)),
            "three in a line: " + " ".join(cell_name(cell) for cell in line),
        )
        for line in LINES
    )
    for winner in range(2)
)
"""``_WON[winner][line]``: the example's result for ``winner`` with line number ``line``."""


class FastTicTacToeGame(Game[FastTicTacToeState, Mark]):
    """The example's Tic-tac-toe written for speed the way a game author may write a small game:
    the board as bits, tables of the 512 masks for the legal moves and for lines, and shared
    action, event and result objects (all immutable values). Same actions, events and results
    as :class:`~boardkit.examples.tictactoe.TicTacToeGame`; no presentation or encodings."""

    name = "tictactoe"
    title = "Tic-tac-toe"
    version = "1.0"
    player_counts = (2,)
    state_type = FastTicTacToeState
    action_types = (Mark,)
    event_types = (Marked,)

    def initial(self, config: Config) -> FastTicTacToeState:
        return FastTicTacToeState(Flow(config.players))

    def legal_actions(self, state: FastTicTacToeState) -> Sequence[Mark]:
        if state.flow.ended:
            return ()
        marks = state.marks
        return LEGAL[(marks | marks >> 9) & FULL]

    def apply(self, state: FastTicTacToeState, action: Mark, rng: Rng) -> Sequence[object]:
        cell = action.cell if type(action) is Mark else -1
        marks = state.marks
        if type(cell) is not int or not 0 <= cell < 9 or (marks | marks >> 9) >> cell & 1:
            raise IllegalActionError("mark", f"cannot mark {action!r}")
        return (MARKED[state.flow.active or 0][cell], TURN_ENDED)

    def reduce(self, state: FastTicTacToeState, event: object) -> FastTicTacToeState:
        if type(event) is not Marked:
            return state
        player = event.player
        marks = state.marks | 1 << (event.cell + 9 * player)
        winner = player if WINS[marks >> 9 * player & FULL] else state.winner
        return FastTicTacToeState(state.flow, marks, winner)

    def result(self, state: FastTicTacToeState) -> Result | None:
        winner = state.winner
        marks = state.marks
        if winner is not None:
            line = FIRST_LINE[marks >> 9 * winner & FULL]
            assert line is not None  # a winner holds a line
            return _WON[winner][line]
        return _DRAW if (marks | marks >> 9) & FULL == FULL else None

    def max_entries(self, config: Config) -> int:
        return 10


def protocol_floor_game(game: FastTicTacToeGame, seed: int) -> tuple[int, FastTicTacToeState]:
    """One random game making only the calls the protocol itself asks for, inlined by hand
    with no framework around them; returns the moves played and the final state.

    Per move: the legal actions, the seat's draw from its seeded stream (the seat rule of
    :mod:`boardkit.runner.seats`), the entry's stream, ``apply``, each event folded (a flow event
    replaces the state's flow, then the reducer sees it), ``result``, the next turn's
    ``TurnStarted`` folded the same way and ``result`` again. No checks, no loop over
    hooks, no recorder: what is left is the cost of immutable states, events folded one
    by one and the keyed random streams, which no framework code can remove. The game it
    plays is the one ``simulate`` plays with the same seed (``tests/test_bare_references.py``).
    """
    state = game.initial(Config(2, {}, seed))
    reduce, result, legal, apply = game.reduce, game.result, game.legal_actions, game.apply
    state = reduce(replace_flow(state, reduce_flow(state.flow, PHASE_MAIN)), PHASE_MAIN)
    turn, flow = turn_started(state.flow, 0)
    state = reduce(replace_flow(state, flow), turn)
    seats = seat_rngs(seed, 2)
    moves = 0
    while True:
        player = state.flow.active or 0
        action = seats[player].choice(legal(state))
        moves += 1
        for event in apply(state, action, Rng.for_entry(seed, moves)):
            if type(event) is TurnEnded:
                state = replace_flow(state, reduce_flow(state.flow, event))
            state = reduce(state, event)
        if result(state) is not None:
            return moves, state
        turn, flow = turn_started(state.flow, 1 - player)
        state = reduce(replace_flow(state, flow), turn)
        result(state)  # asked again once the next turn has started, as the engine does


PHASE_MAIN = PhaseStarted("main")


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
