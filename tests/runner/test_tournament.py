"""Tournaments (boardkit.runner.tournament) and the ``boardkit tournament`` subcommand.

The strength checks are seeded mini tournaments on Nim: deterministic, so the thresholds are
not flaky; they fail if a bot stops playing better than chance.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve

from boardkit import (
    FileAccessError,
    InvalidOptionsError,
    InvalidPlayerCountError,
    Match,
    Rng,
    available_games,
)
from boardkit.bots import Bot, GreedyBot, MCTSBot, RandomBot, UnknownBotError
from boardkit.cli import main as boardkit_main
from boardkit.cli.tournament import bot_specs
from boardkit.examples.nim import NimGame
from boardkit.registry import load_game
from boardkit.runner import tournament
from boardkit.runner.seats import BOT_STREAM
from boardkit.runner.tournament import (
    GameRecord,
    TournamentError,
    bot_labels,
    play_game,
    pool_context,
    run_tournament,
    seating,
    summarise_bot,
)
from tests.core.secret_game import SecretGame
from tests.core.test_flow import RoundsGame

Capture = pytest.CaptureFixture[str]


class BrokenBot:
    """Plays an action no game accepts (a bot bug, for the error paths)."""

    name = "broken"

    def choose(self, game: Any, state: Any, player: int, rng: Rng) -> Any:
        return "not an action"


class CountingBot:
    """Remembers how many moves it made: shows that no bot state leaks from game to game."""

    name = "counting"

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, game: Any, state: Any, player: int, rng: Rng) -> Any:
        self.moves += 1
        actions = game.legal_actions(state)
        return actions[min(self.moves, len(actions)) - 1]


# --- one game ----------------------------------------------------------------------------------


def test_play_game_gives_a_finished_verifiable_match_named_after_the_bots() -> None:
    match = play_game(NimGame(), 2, {"stones": 11}, 3, [GreedyBot(), RandomBot()])
    assert match.is_over and match.result is not None
    assert match.header.players == ("greedy", "random")
    assert Match.from_json(match.to_json(), NimGame()).state == match.state


def test_play_game_seeds_each_seat_from_the_game_seed() -> None:
    match = play_game("nim", ["a", "b"], {"stones": 30}, 12, [RandomBot(), RandomBot()])
    rngs = [Rng(12, BOT_STREAM + seat) for seat in range(2)]
    replay = Match.new(NimGame(), 2, {"stones": 30}, 12)
    for entry in match.log.entries[1:]:
        seat = replay.to_decide
        assert seat is not None
        expected = RandomBot().choose(replay.game, replay.state, seat, rngs[seat])
        assert entry.action == expected
        replay.play(expected)


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(InvalidOptionsError, match="3 seats need 3 bots, not 2"):
        play_game(NimGame(), 3, None, 0, [RandomBot(), RandomBot()])


# --- seating -----------------------------------------------------------------------------------


def test_seats_rotate_so_every_bot_sits_everywhere_equally() -> None:
    for bots, players in ((2, 2), (3, 3), (2, 4), (2, 3)):
        games = [seating(i, bots, players) for i in range(bots * 5)]
        for seat in range(players):
            counts = [sum(1 for g in games if g[seat] == b) for b in range(bots)]
            assert len(set(counts)) == 1, (bots, players, seat, counts)
    assert [seating(i, 2, 2) for i in range(2)] == [(0, 1), (1, 0)]


def test_more_bots_than_seats_cycle_through_every_ordered_pairing() -> None:
    games = [seating(i, 3, 2) for i in range(6)]
    assert sorted(games) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert seating(6, 3, 2) == games[0]


def test_bot_labels_number_repeats() -> None:
    assert bot_labels(["random", "random", GreedyBot(), "greedy"]) == (
        "random",
        "random#2",
        "greedy",
        "greedy#2",
    )


# --- the summary -------------------------------------------------------------------------------


def record(
    index: int, seats: tuple[str, ...], winners: tuple[int, ...], scores: tuple[int, ...]
) -> GameRecord:
    return GameRecord(
        index, index, seats, winners, scores, 4, (2,) * len(seats), (0.5,) * len(seats)
    )


def test_summary_counts_shared_wins_fractionally_and_gives_a_normal_interval() -> None:
    records = [
        record(0, ("a", "b"), (0,), (10, 4)),
        record(1, ("b", "a"), (0, 1), (6, 6)),  # shared: half a win each
        record(2, ("a", "b", "a"), (2,), (3, 1, 9)),  # a holds two seats
        record(3, ("b", "c"), (), (0, 0)),  # a did not play
    ]
    a = summarise_bot("a", records)
    assert (a.games, a.seats, a.wins) == (3, 4, 2.5)
    assert a.win_rate == pytest.approx(2.5 / 3)
    scores = [10, 6, 3, 9]
    mean = sum(scores) / 4
    half = 1.959963984540054 * math.sqrt(sum((s - mean) ** 2 for s in scores) / 3 / 4)
    assert a.mean_score == mean
    assert a.score_ci95 == pytest.approx((mean - half, mean + half))
    assert (a.moves, a.mean_move_seconds) == (8, 0.25)
    c = summarise_bot("c", records)
    assert (c.games, c.wins, c.win_rate, c.score_ci95) == (1, 0.0, 0.0, None)


def test_a_draw_counts_a_share_of_a_game_to_every_seat_whichever_way_it_is_written() -> None:
    def drawn(index: int, seats: tuple[str, ...], winners: tuple[int, ...]) -> GameRecord:
        played = record(index, seats, winners, (1,) * len(seats))
        return evolve(played, draw=True)

    records = [
        drawn(0, ("a", "b"), ()),  # nobody won
        drawn(1, ("b", "a"), (0, 1)),  # both share the win
        drawn(2, ("a", "b", "c"), ()),
        record(3, ("a", "b"), (1,), (0, 1)),
    ]
    a, b, c = (summarise_bot(name, records) for name in "abc")
    assert (a.games, a.draws, b.games, b.draws, c.games, c.draws) == (4, 3, 4, 3, 1, 1)
    assert a.wins == pytest.approx(0.5 + 0.5 + 1 / 3)
    assert b.wins == pytest.approx(0.5 + 0.5 + 1 / 3 + 1)
    assert c.wins == pytest.approx(1 / 3)


# --- tournaments -------------------------------------------------------------------------------


@pytest.mark.slow  # 40 searched games: a measure of strength, CI's to run
def test_mcts_beats_random_at_nim() -> None:
    summary = run_tournament("nim", ["mcts:iterations=60", "random"], 40, 2, None, 0, 1)
    mcts = summary.bot("mcts:iterations=60")
    assert mcts.games == 40 and summary.bot("random").games == 40
    assert mcts.win_rate >= 0.85
    assert mcts.wins + summary.bot("random").wins == 40


@pytest.mark.slow  # 140 games, 40 of them searched
def test_greedy_guided_by_nims_exact_heuristic_beats_random_and_mcts() -> None:
    """Nim's ``evaluate`` knows the theory of two-player Nim, so one move of look-ahead plays it
    perfectly: greedy wins nearly every game against random play, and a small plain search
    wins only the games it starts in a won position and then never errs in."""
    summary = run_tournament(NimGame(), ["greedy", "random"], 100, 2, None, 0, 1)
    assert summary.bot("greedy").win_rate >= 0.9
    summary = run_tournament(NimGame(), [MCTSBot(iterations=60), GreedyBot()], 40, 2, None, 0, 1)
    assert summary.bot("mcts").win_rate <= 0.5


def test_same_seed_same_results_whatever_the_worker_count() -> None:
    bots = ["mcts:iterations=20", "greedy", "random"]
    alone = run_tournament("nim", bots, 30, 3, {"stones": 13}, 77, workers=1)
    pooled = run_tournament("nim", bots, 30, 3, {"stones": 13}, 77, workers=2)
    assert alone == pooled  # records, wins, scores, lengths (times are left out of equality)
    assert [r.index for r in pooled.records] == list(range(30))
    assert alone.workers == 1 and pooled.workers == 2
    other = run_tournament("nim", bots, 30, 3, {"stones": 13}, 78, workers=1)
    assert other.records != alone.records


def test_a_threaded_process_does_not_fork_its_workers() -> None:
    """A fork copies locks other threads hold; with a second thread running, the workers come
    from a fork server (or are spawned), Python's fork warning stays silent, and the results
    are those of one process."""
    bots = ["greedy", "random"]
    alone = run_tournament("nim", bots, 12, 2, {"stones": 13}, 5, workers=1)
    stop = threading.Event()
    helper = threading.Thread(target=stop.wait, daemon=True)
    helper.start()
    try:
        context = pool_context()
        if multiprocessing.get_start_method() == "fork":
            assert context is not None
            assert context.get_start_method() in ("forkserver", "spawn")
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            pooled = run_tournament("nim", bots, 12, 2, {"stones": 13}, 5, workers=2)
    finally:
        stop.set()
        helper.join()
    assert pooled == alone


def test_a_single_threaded_process_keeps_the_default_start_method(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tournament, "_threads", lambda: 1)
    assert pool_context() is None
    monkeypatch.setattr(tournament, "_threads", lambda: 3)
    expected = None if multiprocessing.get_start_method() != "fork" else "forkserver"
    context = pool_context()
    assert (context and context.get_start_method()) == expected


def test_progress_is_reported_up_to_the_last_game() -> None:
    seen: list[tuple[int, int]] = []
    run_tournament(
        "nim", ["random", "random"], 50, 2, None, 0, 2, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (50, 50)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert all(t == 50 for _, t in seen)


def test_bot_state_does_not_leak_between_games() -> None:
    """Each game gets fresh copies of the bots, even when a worker plays several in a row."""
    summary = run_tournament(NimGame(), [CountingBot(), RandomBot()], 40, 2, {"stones": 40}, 0, 1)
    for rec in summary.records:
        bots: dict[str, Bot] = {"counting": CountingBot(), "random": RandomBot()}
        alone = play_game(
            NimGame(), rec.seats, {"stones": 40}, rec.seed, [bots[s] for s in rec.seats]
        )
        assert len(alone) - 1 == rec.length
        assert alone.result is not None and alone.result.winners == rec.winners


def test_saved_logs_are_one_verifiable_json_file_per_game(tmp_path: Path) -> None:
    out = tmp_path / "logs" / "nim"
    summary = run_tournament("nim", ["greedy", "random"], 5, 2, None, 10, 2, save_logs_dir=out)
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [f"nim-{i:05d}-seed-{10 + i}.json" for i in range(5)]
    for path, rec in zip(files, summary.records, strict=True):
        match = Match.load(path)
        assert match.header.players == rec.seats
        assert match.header.seed == rec.seed
        assert len(match) - 1 == rec.length
        assert match.result is not None and match.result.winners == rec.winners
        assert json.loads(path.read_text())["header"]["seed"] == str(rec.seed)


def test_hidden_information_and_resultless_games_run_too() -> None:
    summary = run_tournament(
        SecretGame(), ["mcts:iterations=30", "greedy", "random"], 6, 3, None, 0, 1
    )
    assert sum(b.wins for b in summary.bots) == pytest.approx(6)
    assert summary.mean_length == 3
    rounds = run_tournament(RoundsGame(), ["random", "greedy"], 4, 2, None, 0, 1)
    assert all(b.wins == 0 for b in rounds.bots)


def test_bad_input_is_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(UnknownBotError):
        run_tournament("nim", ["random", "nobody"], 2)
    with pytest.raises(InvalidOptionsError, match="at least one bot"):
        run_tournament("nim", [], 2)
    with pytest.raises(InvalidOptionsError, match="positive int"):
        run_tournament("nim", ["random"], 0)
    with pytest.raises(InvalidOptionsError, match="workers must be a positive int"):
        run_tournament("nim", ["random"], 2, workers=0)
    with pytest.raises(InvalidPlayerCountError):
        run_tournament("nim", ["random"], 2, players=7)
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        run_tournament("nim", ["random"], 2, options={"heaps": 3})
    with pytest.raises(InvalidOptionsError, match="pass"):
        run_tournament("nim", ["random"], 3, seed=(1 << 128) - 2)
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(FileAccessError, match=r"cannot create .*sub: a part of the path is a file"):
        run_tournament("nim", ["random"], 1, save_logs_dir=blocker / "sub")
    with pytest.raises(FileAccessError, match=r"cannot create .*file: it is a file, not a folder"):
        run_tournament("nim", ["random"], 1, save_logs_dir=blocker)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_names_itself(workers: int) -> None:
    # with several workers, whichever failing game is seen first is reported
    pattern = r"game (\d) \(seed 5\1, seats (broken, random|random, broken)\) failed: "
    with pytest.raises(TournamentError, match=pattern + "IllegalActionError"):
        run_tournament(NimGame(), [BrokenBot(), RandomBot()], 4, 2, None, 50, workers)


# --- the installed games, if they are ready ----------------------------------------------------


def _playable(name: str) -> bool:
    if name not in available_games():
        return False
    try:
        game = load_game(name)
        Match.new(game, max(game.player_counts))
    except Exception:
        return False
    return True


@pytest.mark.parametrize("name", ["shangrila", "khan"])
def test_bots_play_the_real_games(name: str) -> None:
    """Smoke test with tiny budgets: one three-seat game, every bot, logs that verify."""
    if not _playable(name):
        pytest.fail(f"{name} is not installed or cannot start a match")
    bots = ["random", "greedy:max_actions=8:determinizations=1", "mcts:iterations=3:rollout_cap=8"]
    summary = run_tournament(name, bots, 1, 3, None, 1, 1)
    assert summary.records[0].length > 0
    assert summary.records[0].winners
    assert {b.games for b in summary.bots} == {1}


# --- the command ---------------------------------------------------------------------------------


def run_cli(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = boardkit_main(["tournament", *argv])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_the_command_prints_a_row_per_bot(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run_cli(
        capsys,
        "nim",
        "--bots",
        "random,mcts",
        "-n",
        "6",
        "--players",
        "2",
        "--option",
        "stones=9",
        "--seed",
        "3",
        "--workers",
        "1",
        "--mcts-iterations",
        "15",
        "--save-logs",
        str(tmp_path),
    )
    assert code == 0
    assert "nim: 6 games, 2 seats, seeds 3 to 8, options max_take=3, stones=9" in out
    cells = [[c.strip() for c in line.split("│")] for line in out.splitlines() if "│" in line]
    rows = {row[0]: row for row in cells}
    assert set(rows) == {"mcts:iterations=15", "random"}
    assert rows["mcts:iterations=15"][1] == "6" and rows["random"][1] == "6"
    assert float(rows["mcts:iterations=15"][2]) + float(rows["random"][2]) == 6
    assert "mean game length" in out
    assert len(list(tmp_path.glob("nim-*.json"))) == 6


def test_the_command_reports_bad_input_with_exit_code_2(capsys: Capture) -> None:
    code, _, err = run_cli(capsys, "nim", "--bots", "random,wizard", "-n", "2")
    assert code == 2 and "unknown bot 'wizard'" in err
    code, _, err = run_cli(capsys, "nim", "--bots", "random,,mcts")
    assert code == 2 and "comma-separated" in err
    code, _, err = run_cli(capsys, "nim", "--mcts-iterations", "0", "--bots", "mcts")
    assert code == 2 and "--mcts-iterations" in err
    code, _, err = run_cli(capsys, "nim", "-o", "stones=lots")
    assert code == 2 and "stones" in err
    code, _, err = run_cli(capsys, "chess")
    assert code == 2 and "unknown game" in err


def test_the_command_reports_a_failing_game_with_exit_code_1(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardkit.bots import BOTS

    monkeypatch.setitem(BOTS, "broken", BrokenBot)
    code, _, err = run_cli(
        capsys, "nim", "--bots", "broken,random", "-n", "2", "-w", "1", "--seed", "0"
    )
    assert code == 1 and "game 0 (seed 0" in err


def test_mcts_iterations_fill_in_only_missing_budgets() -> None:
    assert bot_specs("random,mcts,mcts:seconds=1,mcts:iterations=9", 50) == [
        "random",
        "mcts:iterations=50",
        "mcts:seconds=1",
        "mcts:iterations=9",
    ]
    assert bot_specs(" random , greedy ") == ["random", "greedy"]


def test_the_boardkit_command_runs_the_tournament(capsys: Capture) -> None:
    argv = ["tournament", "nim", "--bots", "greedy,random", "-n", "4", "-w", "1", "--seed", "0"]
    code = boardkit_main(argv)
    out = capsys.readouterr().out
    assert code == 0
    assert "nim: 4 games, 2 seats, seeds 0 to 3" in out


def test_a_bot_in_two_seats_is_credited_for_both() -> None:
    """With fewer bots than seats a bot plays two seats: its wins there count for it, though the
    log names the seats apart (``random``, ``random#2``)."""
    summary = run_tournament("nim", ["random", "first"], 6, players=3, seed=11, workers=1)
    total = sum(bot.wins for bot in summary.bots)
    assert total == pytest.approx(6)
    assert {label for record in summary.records for label in record.seats} == {"random", "first"}


@pytest.mark.parametrize("argv", [["simulate", "nim"], ["tournament", "nim", "-w", "1"]])
@pytest.mark.parametrize(
    ("games", "message"),
    [
        ("99999999999999999999", "one run plays at most 1,000,000 games, not 99999999999999999999"),
        ("0", "the number of games must be a positive int, not 0"),
    ],
)
def test_a_bad_number_of_games_is_refused_before_a_seed_is_drawn(
    capsys: pytest.CaptureFixture[str], argv: list[str], games: str, message: str
) -> None:
    code = boardkit_main([*argv, "-n", games])
    captured = capsys.readouterr()
    assert (code, captured.out) == (2, "")
    assert captured.err.startswith(f"error: {message}")  # no "seeds from ..." line first


def test_an_unknown_bot_is_refused_before_a_seed_is_drawn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = boardkit_main(["tournament", "nim", "--bots", "random,cleverest", "-n", "2"])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.startswith("error: unknown bot 'cleverest'")
