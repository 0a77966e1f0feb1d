"""The review after a game (:mod:`boardkit.runner.review`): known answers on Nim and
Tic-tac-toe, reproducibility, and a review that uses nothing the seat could not see."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match
from boardkit.bots.mcts import MCTSBot
from boardkit.bots.random_bot import RandomBot
from boardkit.errors import InvalidOptionsError
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.highcard import HighCardGame
from boardkit.examples.nim import NimGame, Take
from boardkit.examples.tictactoe import Mark, TicTacToeGame
from boardkit.game import Game
from boardkit.rng import Rng
from boardkit.runner.review import (
    FORMAT,
    Review,
    ReviewError,
    review_decision,
    review_match,
    sparkline,
)
from tests.budget import examples


def nim_with_a_blunder() -> Match[Any, Any]:
    """Nim from 10 stones (take 1 to 3): seat 0 starts and should take 2, leaving 8, a
    multiple of 4; it takes 1, and seat 1, playing perfectly from there, wins."""
    match = Match.new(NimGame(), 2, {"stones": 10}, seed=1)
    assert match.to_decide == 0
    for count in (1, 1, 3, 1, 2, 2):
        match.play(Take(count))
    assert match.result is not None and match.result.winners == (1,)
    return match


def tictactoe_missed_win() -> Match[Any, Any]:
    """X holds a1 and b1 and could win at c1; X marks c3 instead and O wins at c2."""
    match = Match.new(TicTacToeGame(), 2, seed=1)
    first = match.to_decide
    assert first is not None
    for cell in (0, 3, 1, 4, 8, 5):
        match.play(Mark(cell))
    assert match.result is not None and match.result.winners == (1 - first,)
    return match


def random_match(game: Game[Any, Any], seed: int, options: dict[str, object] | None = None) -> Any:
    match = Match.new(game, 2, options, seed=seed)
    rng = Rng(seed, 7)
    while not match.is_over:
        seat = match.to_decide
        assert seat is not None
        match.play(RandomBot().choose(game, match.state, seat, rng), seat)
    return match


def test_a_losing_move_in_nim_is_the_costliest_with_the_winning_move_preferred() -> None:
    review = review_match(nim_with_a_blunder(), seed=0, iterations=400)
    worst = review.costly()[0]
    assert (worst.seq, worst.seat, worst.played, worst.preferred) == (1, 0, "take 1", "take 2")
    assert worst.before > 0.7 and worst.loss > 0.15
    # seat 1 played perfectly: none of its decisions cost anything
    assert all(d.loss == 0 for d in review.decisions if d.seat == 1)
    assert [d.seq for d in review.decisions] == [1, 2, 3, 4, 5, 6]


def test_a_missed_win_in_tictactoe_is_the_costliest_with_the_win_preferred() -> None:
    match = tictactoe_missed_win()
    x = match.log.entries[1].player
    assert x is not None
    review = review_match(match, [x], seed=2, iterations=300)
    worst = review.costly(1)[0]
    assert (worst.seq, worst.played, worst.preferred) == (5, "mark c3", "mark c1")
    assert worst.before > 0.9 and worst.loss > 0.5
    assert review.seats == (x,)


def test_a_move_equal_to_the_bots_costs_nothing_and_keeps_its_estimate() -> None:
    review = review_match(nim_with_a_blunder(), [1], seed=0, iterations=200)
    for decision in review.decisions:
        assert decision.played == decision.preferred
        assert decision.before == decision.after and decision.loss == 0


def test_the_same_seed_and_iterations_give_the_same_review() -> None:
    match = nim_with_a_blunder()
    first = review_match(match, seed=5, iterations=120)
    assert review_match(match, seed=5, iterations=120) == first
    # a decision's search does not depend on which other decisions are reviewed
    alone = review_match(match, [0], seed=5, iterations=120)
    assert alone.decisions == tuple(d for d in first.decisions if d.seat == 0)


def test_the_json_follows_its_schema() -> None:
    review = review_match(nim_with_a_blunder(), seed=0, iterations=100)
    data = review.to_json(costly=2)
    assert data["format"] == FORMAT and data["game"] == "nim" and data["viewer"] == "full"
    assert data["seats"] == [0, 1] and data["iterations"] == 100 and data["seconds"] is None
    assert len(data["costly"]) <= 2
    assert set(data["decisions"][0]) == {
        "seq", "seat", "played", "preferred", "before", "after", "loss", "choices",
    }  # fmt: skip
    for row in data["decisions"]:
        assert 0 <= row["after"] <= 1 and 0 <= row["before"] <= 1 and row["loss"] >= 0


def test_bad_seats_and_budgets_are_refused_by_name() -> None:
    match = nim_with_a_blunder()
    with pytest.raises(ReviewError, match="no seat 2"):
        review_match(match, [2], iterations=10)
    with pytest.raises(InvalidOptionsError, match="iterations"):
        review_match(match, iterations=0)
    with pytest.raises(InvalidOptionsError, match="seed"):
        review_match(match, seed=-1, iterations=5)


def test_a_redacted_log_reviews_only_its_own_seat() -> None:
    match = random_match(Goofspiel(), 3)
    redacted = Match.from_json(match.redacted_json(1), Goofspiel())
    assert review_match(redacted, seed=0, iterations=5).seats == (1,)
    with pytest.raises(ReviewError, match="only that seat"):
        review_match(redacted, [0], iterations=5)
    spectator = Match.from_json(match.redacted_json(None), Goofspiel())
    with pytest.raises(ReviewError, match="a spectator's log, and goofspiel hides"):
        review_match(spectator, iterations=5)


def test_a_game_that_cannot_be_searched_from_a_redacted_state_is_named() -> None:
    """A High-card swap whose determinize forgot the unseen cards: the review says which game
    and which entry could not be searched, instead of a bare zone error."""

    class Forgetful(HighCardGame):
        def determinize(self, state: Any, player: int | None, rng: Rng) -> Any:
            return state  # keeps the HIDDEN stand-ins of a redacted log

    game = Forgetful()
    match = random_match(game, 2)
    seat = next(e.player for e in match.log.entries[1:] if e.action is not None)
    assert seat is not None
    redacted = Match.from_json(match.redacted_json(seat), game)
    with pytest.raises(ReviewError, match=r"highcard cannot be searched at entry \d+"):
        review_match(redacted, iterations=30)


def test_the_sparkline_has_one_block_per_value() -> None:
    assert sparkline([0.0, 0.5, 1.0, 2.0, -1.0]) == " ▄██ "


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.sampled_from([0, 1]))
def test_a_seats_redacted_log_gives_the_review_of_the_full_log(seed: int, seat: int) -> None:
    """Goofspiel hides the prize pile and the other seat's bid: the redacted log holds neither,
    and its review equals the full log's review of the same seat."""
    game = Goofspiel()
    match = random_match(game, seed)
    redacted = Match.from_json(match.redacted_json(seat), game)
    full = review_match(match, [seat], seed=seed, iterations=12)
    assert review_match(redacted, seed=seed, iterations=12).decisions == full.decisions


@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32), other=st.integers(0, 2**32))
def test_what_the_seat_cannot_see_does_not_change_its_review(seed: int, other: int) -> None:
    """Each position of seat 0 and a twin that differs only in what seat 0 cannot see (the
    deck's order, the others' cards: ``determinize`` re-draws them) give the same review."""
    game: Game[Any, Any] = HighCardGame()
    match = random_match(game, seed, {"deck": 20})
    bot = MCTSBot(iterations=20)
    twin_rng = Rng(other)
    for entry in match.log.entries[1:]:
        if entry.player != 0:
            continue
        state = match.state_at(entry.seq - 1)
        twin = game.determinize(state, 0, twin_rng)
        assert game.view(twin, 0) == game.view(state, 0)
        mine = review_decision(game, state, 0, entry.action, entry.seq, bot, seed)
        assert review_decision(game, twin, 0, entry.action, entry.seq, bot, seed) == mine


def test_a_highcard_redacted_log_is_reviewed_from_its_seat() -> None:
    game = HighCardGame()
    match = random_match(game, 11)
    redacted = Match.from_json(match.redacted_json(0), game)
    review: Review = review_match(redacted, seed=1, iterations=30)
    assert review.viewer == "seat 0"
    assert review.decisions == review_match(match, [0], seed=1, iterations=30).decisions
