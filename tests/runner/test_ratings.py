"""Bradley–Terry ratings of a tournament's bots (boardkit.runner.ratings)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.cli import main as boardkit_main
from boardkit.errors import InvalidOptionsError
from boardkit.runner.ratings import Ratings, fit_ratings, pairs
from boardkit.runner.tournament import GameRecord, run_tournament
from tests.budget import examples

NINE_TO_ONE = 400 * math.log10(9)  # about 382 Elo points


def record(
    index: int,
    seats: tuple[str, ...],
    winners: tuple[int, ...],
    *,
    draw: bool = False,
    truncated: bool = False,
) -> GameRecord:
    k = len(seats)
    return GameRecord(
        index, index, seats, winners, (0,) * k, 4, (2,) * k, (0.1,) * k, draw, truncated
    )


def duel(games: int, wins_of_a: int) -> list[GameRecord]:
    """``games`` two-seat games of a against b, seats alternating, a winning ``wins_of_a``."""
    out = []
    for i in range(games):
        seats = ("a", "b") if i % 2 == 0 else ("b", "a")
        winner = seats.index("a" if i < wins_of_a else "b")
        out.append(record(i, seats, (winner,)))
    return out


def width(ratings: Ratings, name: str) -> float:
    rating = ratings.rating(name)
    return rating.high - rating.low


# --- properties --------------------------------------------------------------------------------

BOTS = ("a", "b", "c")

games_strategy = st.lists(
    st.tuples(
        st.lists(st.sampled_from(BOTS), min_size=2, max_size=4),
        st.integers(0, 3),
        st.sampled_from(["win", "shared", "draw", "truncated"]),
    ),
    min_size=1,
    max_size=25,
)


def build(games: list[tuple[list[str], int, str]]) -> list[GameRecord]:
    out = []
    for index, (seats, seat, kind) in enumerate(games):
        winner = seat % len(seats)
        if kind == "win":
            out.append(record(index, tuple(seats), (winner,)))
        elif kind == "shared":
            out.append(record(index, tuple(seats), tuple(sorted({0, winner}))))
        elif kind == "draw":
            out.append(record(index, tuple(seats), (), draw=True))
        else:
            out.append(record(index, tuple(seats), (), truncated=True))
    return out


@settings(max_examples=examples(40), deadline=None)
@given(games_strategy, st.randoms(use_true_random=False))
def test_ratings_do_not_depend_on_the_order_of_the_records(
    games: list[tuple[list[str], int, str]], shuffler: random.Random
) -> None:
    records = build(games)
    shuffled = list(records)
    shuffler.shuffle(shuffled)
    assert fit_ratings(shuffled, BOTS) == fit_ratings(records, BOTS)


@settings(max_examples=examples(40), deadline=None)
@given(games_strategy)
def test_swapping_two_bots_names_swaps_their_ratings(
    games: list[tuple[list[str], int, str]],
) -> None:
    records = build(games)
    swap = {"a": "b", "b": "a", "c": "c"}
    swapped = [
        record(
            r.index,
            tuple(swap[s] for s in r.seats),
            r.winners,
            draw=r.draw,
            truncated=r.truncated,
        )
        for r in records
    ]
    before, after = fit_ratings(records, BOTS), fit_ratings(swapped, BOTS)
    for name in BOTS:
        old, new = before.rating(name), after.rating(swap[name])
        assert new.elo == pytest.approx(old.elo, abs=1e-6)
        assert new.low == pytest.approx(old.low, abs=1e-6)
        assert new.high == pytest.approx(old.high, abs=1e-6)
        assert new.games == old.games
    assert math.fsum(r.elo for r in before.bots) == pytest.approx(0.0, abs=1e-9)


# --- the fit -----------------------------------------------------------------------------------


def test_a_bot_winning_nine_games_in_ten_is_rated_about_382_points_higher() -> None:
    ratings = fit_ratings(duel(2000, 1800))
    a, b = ratings.rating("a"), ratings.rating("b")
    difference = ratings.difference("a", "b")
    assert difference.elo == pytest.approx(a.elo - b.elo)
    assert difference.elo == pytest.approx(NINE_TO_ONE, abs=5)  # the prior pulls a little
    assert difference.low < NINE_TO_ONE < difference.high
    assert a.elo == pytest.approx(-b.elo)  # mean 0
    assert a.low < NINE_TO_ONE / 2 < a.high
    assert difference.high - difference.low < 60
    assert (a.games, b.games, ratings.games) == (2000, 2000, 2000)


def test_equal_bots_get_intervals_that_hold_each_others_ratings() -> None:
    ratings = fit_ratings(duel(400, 200))
    a, b = ratings.rating("a"), ratings.rating("b")
    assert a.elo == pytest.approx(0.0, abs=1e-9) and b.elo == pytest.approx(0.0, abs=1e-9)
    assert a.low < b.elo < a.high and b.low < a.elo < b.high
    coin = random.Random(7)  # equal bots, games won by the toss of a coin
    tossed = [
        record(i, ("a", "b") if i % 2 else ("b", "a"), (coin.randrange(2),)) for i in range(400)
    ]
    difference = fit_ratings(tossed).difference("a", "b")
    assert difference.elo != 0
    assert difference.low < 0 < difference.high


def test_a_bot_that_won_every_game_gets_a_finite_rating() -> None:
    ratings = fit_ratings(duel(100, 100))
    a = ratings.rating("a")
    assert all(math.isfinite(x) for x in (a.elo, a.low, a.high))
    assert a.elo > 300  # high, but finite
    assert a.low < a.elo < a.high


def test_intervals_shrink_as_the_games_grow() -> None:
    widths = [width(fit_ratings(duel(n, 7 * n // 10)), "a") for n in (20, 80, 320, 1280)]
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] < widths[0] / 4  # about 1/sqrt(n)


def test_a_three_seat_game_is_cut_into_weighted_pairs() -> None:
    game = record(0, ("a", "b", "c"), (1,))
    assert pairs(game) == [("a", "b", 0.5, 0.0), ("a", "c", 0.5, 0.5), ("b", "c", 0.5, 1.0)]
    shared = record(1, ("a", "b", "a"), (0, 2))  # a holds two seats and both share the win
    assert pairs(shared) == [("a", "b", 0.5, 1.0), ("b", "a", 0.5, 0.0)]
    assert pairs(record(2, ("a", "b", "c"), (), draw=True)) == [
        ("a", "b", 0.5, 0.5),
        ("a", "c", 0.5, 0.5),
        ("b", "c", 0.5, 0.5),
    ]
    assert pairs(record(3, ("a", "b"), (), truncated=True)) == []


def test_truncated_games_are_left_out_and_counted() -> None:
    records = [*duel(10, 7), record(10, ("a", "b"), (), truncated=True)]
    ratings = fit_ratings(records)
    assert (ratings.games, ratings.left_out) == (10, 1)
    assert ratings == Ratings(ratings.bots, 10, 1, ratings.covariance)
    assert ratings.bots == fit_ratings(records[:10]).bots


def test_a_bot_without_games_sits_at_the_mean_with_a_wide_interval() -> None:
    ratings = fit_ratings(duel(50, 40), ["a", "b", "idle"])
    idle = ratings.rating("idle")
    assert [r.name for r in ratings.bots] == ["a", "b", "idle"]
    assert idle.games == 0
    assert abs(idle.elo) < 1e-9 + abs(ratings.rating("a").elo)
    assert idle.high - idle.low > width(ratings, "a")


def test_bad_input_is_refused_with_a_clear_error() -> None:
    with pytest.raises(InvalidOptionsError, match="'c', not among a, b"):
        fit_ratings([record(0, ("a", "c"), (0,))], ["a", "b"])
    with pytest.raises(InvalidOptionsError, match="at least one bot"):
        fit_ratings([])
    with pytest.raises(InvalidOptionsError, match="must differ"):
        fit_ratings([], ["a", "a"])
    with pytest.raises(KeyError):
        fit_ratings(duel(2, 1)).rating("z")


def test_a_tournament_summary_is_rated_in_its_bots_order() -> None:
    summary = run_tournament("nim", ["greedy", "random"], 8, 2, None, 3, workers=1)
    ratings = fit_ratings(summary)
    assert [r.name for r in ratings.bots] == ["greedy", "random"]
    assert ratings.bots == fit_ratings(summary.records, ["greedy", "random"]).bots
    greedy = summary.bot("greedy")
    assert greedy.win_rate > 0.5
    assert ratings.rating("greedy").elo > ratings.rating("random").elo


def test_the_command_prints_the_ratings_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "nim", "-b", "greedy,random", "-n", "6", "--seed", "3", "-w", "1"]
    assert boardkit_main([*argv, "--ratings"]) == 0
    out = capsys.readouterr().out
    every = out.splitlines()
    lines = every[[line.strip() for line in every].index("ratings") :]
    assert lines[5].startswith("Bradley-Terry ratings on the Elo scale, mean 0")
    assert "Elo" in lines[1] and "95% interval" in lines[1] and "games" in lines[1]
    summary = run_tournament("nim", ["greedy", "random"], 6, 2, None, 3, workers=1)
    for line, rating in zip(lines[3:5], fit_ratings(summary).bots, strict=True):
        assert line.split()[0] == rating.name
        assert f"{round(rating.elo):+d}" in line
        assert line.split()[-1] == str(rating.games)
    assert boardkit_main(argv) == 0
    assert "ratings" not in capsys.readouterr().out
