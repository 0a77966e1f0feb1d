"""Framework cost per action on a trivial game: tic-tac-toe through boardkit and elsewhere.

Run ``python benchmarks/framework_cost.py [--rounds R] [--seconds S]``. Whole random games of
tic-tac-toe (uniform random moves), in interleaved rounds (``benchmarks/_timing.py``):

- ``bare loop``: lists, ``random.random``, no objects (``_tictactoe.bare_game``); per move it
  lists the free cells, picks one, marks it and looks for a line, as every other contender
  does (the bare loop of issue 15; the ratios are taken against it);
- ``bare loop, free list kept``: the same without listing the legal moves per move (it keeps
  the free cells in a list and pops one; ``_tictactoe.bare_game_free_list``), shown for scale;
- ``protocol floor``: the calls the protocol asks for per move (legal actions, the seat's
  seeded draw, the entry's stream, ``apply``, every event folded into a new immutable state,
  ``result``), inlined by hand with no framework around them
  (``_tictactoe.protocol_floor_game``): what no framework code can go below;
- ``boardkit engine``: ``boardkit.runner.simulate`` with the game written for speed on the
  protocol (``_tictactoe.FastTicTacToeGame``: its marks in one int, tables of the 512 masks,
  shared action, event and result objects), 20 games per call;
- ``boardkit Match``: ``random_playout``, the same game through :class:`boardkit.Match`;
- ``… example game``: the same two with the game written plainly, the public example
  :class:`boardkit.examples.tictactoe.TicTacToeGame` (a board of nine characters copied per
  move, new events, the result's words worked out when asked);
- ``OpenSpiel (C++)``: ``pyspiel.load_game("tic_tac_toe")``, random legal actions from Python;
- ``OpenSpiel (Python game)``: ``python_tic_tac_toe``, OpenSpiel's own tic-tac-toe written in
  Python on its Python game API, random legal actions;
- ``PettingZoo``: ``pettingzoo.classic.tictactoe_v3``, random legal actions from the mask.

OpenSpiel and PettingZoo are optional (``pip install -e ".[bench]"``); without them their rows
say "not installed" (PettingZoo's classic games also need pygame). A second table gives
boardkit's speed as a multiple of the peers', with issue 27's goals (against OpenSpiel's Python
game ≥ 2× and PettingZoo ≥ 4×), for the game written for speed and for the plain example.
The first table gives µs per action and the time per action as a multiple of the bare loop's
(median of the per-round ratios, range in brackets): the framework's cost. Times
are CPU time of this process (``time.process_time``): all contenders are single-threaded, and
on a shared machine the wall clock also counts the moments other jobs hold the cores.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from _tictactoe import (
    FastTicTacToeGame,
    TicTacToeGame,
    bare_game,
    bare_game_free_list,
    protocol_floor_game,
)
from _timing import Contender, interleave, print_table, ratio

from boardkit import Game
from boardkit.runner.simulate import random_playout, simulate

PEER_GOALS = {"OpenSpiel (Python game)": 2.0, "PettingZoo": 4.0}
"""Issue 27's goals: boardkit at least this many times as fast as each peer, per action."""


def _open_spiel_games(name: str, game_name: str, seed: int) -> Contender:
    """Random games of the OpenSpiel game loaded as ``game_name``, random legal actions drawn
    from Python."""
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

    game = pyspiel.load_game(game_name)
    draw = random.Random(seed).random

    def play(i: int) -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
            moves += 1
        return moves

    return Contender(name, play)


def open_spiel_contender() -> Contender | None:
    """Random games of OpenSpiel's C++ tic-tac-toe, or ``None`` when pyspiel is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401
    except ImportError:
        return None
    return _open_spiel_games("OpenSpiel (C++)", "tic_tac_toe", 11)


def open_spiel_python_contender() -> Contender | None:
    """Random games of OpenSpiel's tic-tac-toe written in Python (``python_tic_tac_toe``, the
    game a Python author of an OpenSpiel game writes), or ``None`` when pyspiel is missing."""
    try:
        import open_spiel.python.games.tic_tac_toe  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401  (registers the game)
    except ImportError:
        return None
    return _open_spiel_games("OpenSpiel (Python game)", "python_tic_tac_toe", 17)


def pettingzoo_contender() -> Contender | None:
    """Random games of PettingZoo's ``tictactoe_v3``, or ``None`` when it is missing."""
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    env: Any = tictactoe_v3.env()
    draw = random.Random(13).random

    def play(i: int) -> int:
        env.reset(seed=i)
        moves = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = [a for a, ok in enumerate(observation["action_mask"]) if ok]
            env.step(legal[int(draw() * len(legal))])
            moves += 1
        return moves

    return Contender("PettingZoo", play)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.3, help="per contender and round")
    args = parser.parse_args()
    game, plain = FastTicTacToeGame(), TicTacToeGame()
    draw = random.Random(5).random

    def engine(game: Game[Any, Any]) -> Callable[[int], float]:
        def work(i: int) -> float:
            summary = simulate(game, 20, 2, seed=20 * i)  # 20 games a call: setup cost shared
            return summary.mean_length * summary.games

        return work

    def match(game: Game[Any, Any]) -> Callable[[int], float]:
        return lambda i: len(random_playout(game, 2, seed=i)) - 1

    contenders = [
        Contender("bare loop", lambda i: bare_game(draw)),
        Contender("bare loop, free list kept", lambda i: bare_game_free_list(draw)),
        Contender("protocol floor", lambda i: protocol_floor_game(game, i)[0]),
        Contender("boardkit engine", engine(game)),
        Contender("boardkit Match", match(game)),
        Contender("boardkit engine, example game", engine(plain)),
        Contender("boardkit Match, example game", match(plain)),
    ]
    missing = []
    optional = (
        ("OpenSpiel (C++)", open_spiel_contender),
        ("OpenSpiel (Python game)", open_spiel_python_contender),
        ("PettingZoo", pettingzoo_contender),
    )
    for name, make in optional:
        found = make()
        if found is None:
            missing.append(name)
        else:
            contenders.append(found)
    # CPU time of this process: every contender is single-threaded and in process, and the
    # time other jobs hold the shared cores is left out
    rates = interleave(contenders, args.rounds, args.seconds, clock=time.process_time)
    bare = rates["bare loop"]
    rows = []
    for c in contenders:
        r = rates[c.name]
        cost = ratio(bare, r)  # time per action relative to the bare loop
        rows.append([c.name, f"{1e6 / r.median():.2f}", cost.text()])
    rows += [[name, "not installed", ""] for name in missing]
    print_table(
        f"tic-tac-toe, random games, {args.rounds} interleaved rounds of {args.seconds} s "
        "(CPU time)",
        ["implementation", "µs / action", "time per action vs bare loop (spread)"],
        rows,
    )
    peers = []
    for ours in (
        "boardkit engine",
        "boardkit Match",
        "boardkit engine, example game",
        "boardkit Match, example game",
    ):
        for theirs, goal in PEER_GOALS.items():
            if theirs in rates:
                speed = ratio(rates[ours], rates[theirs])
                met = "yes" if speed.median >= goal else "no"
                peers.append([ours, theirs, f"≥ {goal:g}×", speed.text(), met])
    if peers:
        print_table(
            "the peers' goals (issue 27): boardkit's actions per second × theirs, same rounds",
            ["boardkit", "peer", "goal", "speed ratio (spread)", "met"],
            peers,
        )


if __name__ == "__main__":
    main()
