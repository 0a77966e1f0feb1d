"""Tic-tac-toe, the example of a game that can end in a draw: it passes the conformance kit, and
a draw reads, scores and replays like any other result in every front end and adapter."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import boardkit.runner.tournament as runner_tournament
from boardkit import IllegalActionError, InvalidActionIndexError, Match, Result, registry
from boardkit.adapters.gymnasium import BoardkitEnv
from boardkit.adapters.openspiel import register as openspiel_register
from boardkit.adapters.pettingzoo import env as pettingzoo_env
from boardkit.cli import main
from boardkit.cli.output import result_text as cli_result_text
from boardkit.examples.tictactoe import Mark, TicTacToeGame, TicTacToeState, cell_name
from boardkit.present.narration import narrate_match_entry
from boardkit.runner.simulate import simulate
from boardkit.runner.tournament import TournamentSummary, run_tournament
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import result_of, state_message
from boardkit.terminal.play import result_lines
from boardkit.terminal.watch import result_text as watch_result_text
from boardkit.testing import check_game
from tests.budget import examples

DRAWN = (4, 0, 8, 2, 1, 7, 3, 5, 6)
"""A game that fills the board without a line: X b2, O a1, X c3, O c1, X b1, O b3, X a2, O c2,
X a3."""

WON = (0, 3, 1, 4, 2)
"""X takes the top row (a1, b1, c1) while O plays a2 and b2."""


def played(cells: tuple[int, ...], seed: int = 1) -> Match[TicTacToeState]:
    match: Match[TicTacToeState] = Match.new(TicTacToeGame(), ["ann", "bob"], seed=seed)
    for cell in cells:
        match.play(Mark(cell))
    return match


def test_tic_tac_toe_passes_the_kit() -> None:
    check_game(TicTacToeGame(), [{"players": 2}], max_examples=examples(20))


def test_a_line_of_three_wins() -> None:
    match = played(WON)
    assert match.is_over and match.legal_actions() == []
    assert match.result == Result((0,), (1, 0), "three in a line: a1 b1 c1")
    assert match.result is not None and not match.result.is_draw
    assert match.status() == "over: ann wins, scores 1–0"
    assert TicTacToeGame().render_text(match.state) == "  a b c\n1 X X X\n2 O O .\n3 . . ."


def test_a_full_board_without_a_line_is_a_draw_played_move_by_move() -> None:
    match = played(())
    for number, cell in enumerate(DRAWN):
        assert not match.is_over
        assert match.to_decide == number % 2  # X (ann) and O (bob) in turn
        assert Mark(cell) in match.legal_actions()
        match.play(Mark(cell))
    assert match.is_over and match.legal_actions() == []
    result = match.result
    assert result == Result((), (0, 0), "a full board without a line")
    assert result is not None and result.is_draw
    assert match.state.board == "OXOXXOXOX"
    assert match.status() == "over: a draw, scores 0–0"
    assert Match.from_json(match.to_json(), TicTacToeGame(), verify=True).state == match.state


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    match = played((4,))
    before, entries = match.state, len(match)
    with pytest.raises(IllegalActionError, match="cannot mark b2: X is there"):
        match.play(Mark(4))
    with pytest.raises(IllegalActionError, match="not a cell of the board"):
        match.play(Mark(9))
    assert match.state is before and len(match) == entries
    won = played(WON)
    with pytest.raises(IllegalActionError):
        won.play(Mark(8))  # the game is over: no cell is left to mark


def test_cells_are_named_by_column_and_row() -> None:
    assert [cell_name(c) for c in range(9)] == [
        *("a1", "b1", "c1"),
        *("a2", "b2", "c2"),
        *("a3", "b3", "c3"),
    ]


# --- a draw in every front end ------------------------------------------------------------------


def test_every_front_end_says_a_draw() -> None:
    match = played(DRAWN)
    result = match.result
    assert result is not None
    names = ("ann", "bob")
    assert cli_result_text(result, names).startswith("a draw (scores 0, 0)")
    assert result_lines(result, names).splitlines()[0] == "game over: a draw"
    assert watch_result_text(result, names, ("red", "blue")).plain.startswith("a draw: ")
    last = "\n".join(narrate_match_entry(match, len(match) - 1, None))
    assert "ann marks a3 with X" in last


def test_the_cli_replays_a_drawn_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))  # this test only
    registry.register(TicTacToeGame)  # the command line finds a log's game by name
    path = tmp_path / "drawn.json"
    played(DRAWN).save(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a draw (scores 0, 0); a full board without a line" in out and "verified" in out
    assert main(["show", str(path)]) == 0
    assert "3 X O X" in capsys.readouterr().out


def test_simulate_and_tournaments_count_draws_and_the_cli_prints_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One tournament of searching bots (the dear part), played through the command line: the
    summary ``run_tournament`` gave the command is checked, and what the command printed."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))  # this test only
    registry.register(TicTacToeGame)
    game = TicTacToeGame()
    summary = simulate(game, 60, seed=0)
    assert summary.draws > 0 and sum(summary.wins) > 0 and summary.shared_wins == 0
    assert sum(summary.wins) + summary.draws == 60
    draws = simulate(game, 30, seed=0).draws
    assert main(["simulate", "tictactoe", "-n", "30", "--seed", "0"]) == 0
    rows = [[c.strip() for c in line.split("│")] for line in capsys.readouterr().out.splitlines()]
    assert ["draw", str(draws), f"{100 * draws / 30:.1f} %"] in rows

    tours: list[TournamentSummary] = []

    def spy(*args: Any, **kwargs: Any) -> TournamentSummary:
        tours.append(run_tournament(*args, **kwargs))
        return tours[-1]

    monkeypatch.setattr(runner_tournament, "run_tournament", spy)  # the command imports it when run
    bots = "mcts:iterations=200,mcts:iterations=200"
    argv = ["tournament", "tictactoe", "--bots", bots, "-n", "4", "--seed", "0", "--workers", "1"]
    assert main(argv) == 0
    (tour,) = tours
    assert len(tour.bots) == 2
    assert len(tour.records) == 4
    drawn = [r for r in tour.records if r.draw]
    assert drawn, "two searching bots draw Tic-tac-toe most of the time"
    for bot in tour.bots:
        assert bot.draws == len(drawn)
    assert sum(bot.wins for bot in tour.bots) == pytest.approx(4.0)
    assert f"decisions; {len(drawn)} draw" in capsys.readouterr().out


def test_the_server_words_a_draw(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))  # this test only
    registry.register(TicTacToeGame)

    async def main() -> dict[str, Any] | None:
        service = MatchService(make_storage(None, tmp_path / "data"), think_ms=0)
        await service.start()
        live = await service.create("tictactoe", [{"human": True}] * 2)
        for seat in range(2):
            await service.join(live.id, None, ("ann", "bob")[seat])
        for number, cell in enumerate(DRAWN):
            index = [a.cell for a in live.legal_actions()].index(cell)
            await service.act(live.id, number % 2, live.length - 1, index)
        frame = state_message(live, 0, live.length - 2, svg=False, full=False)
        assert frame["result"] == result_of(live)
        await service.stop()
        return result_of(live)

    shown = asyncio.run(main())
    assert shown is not None
    assert shown["draw"] is True and shown["outcome"] == ["a draw"]
    assert shown["winners"] == [] and shown["scores"] == [0, 0]
    assert json.loads(json.dumps(shown)) == shown


# --- a draw in the research adapters: 0 for both ------------------------------------------------


def test_gymnasium_ends_a_draw_with_no_reward() -> None:
    """X (the agent) plays b1, a2, b2, a3, c3; O (the "first" bot) takes the lowest empty cell:
    a1, c1, c2, b3. The board fills without a line."""
    environment = BoardkitEnv(TicTacToeGame(), 2, seat=0, opponents="first")
    observation, _ = environment.reset(seed=3)
    rewards, ended = [], False
    for cell in (1, 3, 4, 6, 8):
        assert not ended and observation["action_mask"][cell] == 1
        observation, reward, ended, truncated, _ = environment.step(cell)
        rewards.append(reward)
        assert not truncated
    assert ended and rewards == [0.0] * 5
    result = environment.table.result()
    assert result is not None and result.is_draw
    assert environment.table.state.board == "OXOXXOXOX"


def test_pettingzoo_and_openspiel_give_a_draw_zero_for_both() -> None:
    import pyspiel

    aec = pettingzoo_env(TicTacToeGame(), 2)
    aec.reset(seed=1)
    for cell in DRAWN:
        aec.step(cell)
    assert all(aec.terminations.values())
    assert aec.rewards == {"player_0": 0.0, "player_1": 0.0}
    spiel = pyspiel.load_game(openspiel_register(TicTacToeGame(), 2))
    state = spiel.new_initial_state()
    for cell in DRAWN:
        state.apply_action(cell)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_an_index_outside_the_board_is_refused() -> None:
    with pytest.raises(InvalidActionIndexError, match="0 to 8"):
        TicTacToeGame().index_to_action(9, played(()).state)
