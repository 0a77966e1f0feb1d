"""Rules written once and used everywhere: who won in words, the next seat clockwise, a game
or its name."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from boardkit import Match, Result
from boardkit.cli.output import result_text as cli_result_text
from boardkit.examples.nim import NimGame, NimState
from boardkit.flow import next_seat
from boardkit.registry import as_game
from boardkit.result import outcome_parts, outcome_text
from boardkit.runner.simulate import random_playout
from boardkit.terminal.play import result_lines
from boardkit.terminal.watch import result_text as watch_result_text
from boardkit.testing import check_playout

NAMES = ("ann", "bob", "cem", "dan")


@pytest.mark.parametrize(
    ("winners", "scores", "words"),
    [
        ((), (3, 2, 3), "a draw"),
        ((1,), (3, 2, 3), "bob wins"),
        ((0, 2), (3, 2, 3), "ann and cem share the win"),
        ((0, 1, 2), (3, 3, 3), "a draw"),
        ((0, 1, 3), (3, 3, 2, 3), "ann, bob and dan share the win"),
        ((0,), (1,), "ann wins"),
    ],
)
def test_every_front_end_words_the_outcome_alike(
    winners: tuple[int, ...], scores: tuple[int, ...], words: str
) -> None:
    result = Result(winners, scores)
    names = NAMES[: len(scores)]
    listed = ", ".join(map(str, scores))
    assert outcome_text(result, names) == words
    assert cli_result_text(result, names).startswith(f"{words} (scores {listed})")
    assert result_lines(result, names).splitlines()[0] == f"game over: {words}"
    painted = watch_result_text(result, names, ("red", "blue", "green", "white"))
    assert painted.plain.startswith(f"{words}: ")


def test_outcome_parts_leave_the_winners_in_their_places() -> None:
    assert outcome_parts([7]) == [7, " wins"]
    assert outcome_parts([1, 2]) == [1, " and ", 2, " share the win"]
    assert outcome_parts([1, 2], seats=3) == [1, " and ", 2, " share the win"]
    assert outcome_parts([0, 1], seats=2) == ["a draw"]
    assert outcome_parts([]) == ["a draw"]
    assert outcome_parts([0], seats=1) == [0, " wins"]


@pytest.mark.parametrize(
    ("winners", "scores", "draw"),
    [
        ((), (0, 0), True),
        ((0, 1), (5, 5), True),
        ((0, 1, 2), (1, 1, 1), True),
        ((1,), (0, 1), False),
        ((0, 2), (7, 3, 7), False),
        ((0,), (4,), False),  # one seat, and its player won
        ((), (0,), True),  # one seat, and its player did not win
    ],
)
def test_a_draw_is_no_winner_or_every_seat_sharing(
    winners: tuple[int, ...], scores: tuple[int, ...], draw: bool
) -> None:
    assert Result(winners, scores).is_draw is draw


class SharedNim(NimGame):
    """Nim where whoever takes the last stone shares the win with the next seat."""

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        n = state.flow.players
        return Result(tuple(sorted({state.winner, next_seat(state.winner, n)})), (1,) * n)


def test_match_status_words_a_shared_win_as_the_front_ends_do() -> None:
    match: Match[Any] = Match.new(SharedNim(), NAMES[:3], seed=1)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    result = match.result
    assert result is not None and len(result.winners) == 2
    assert match.status() == f"over: {outcome_text(result, NAMES[:3])}, scores 1–1–1"
    assert "share the win" in match.status()


def test_next_seat_goes_clockwise_and_starts_at_seat_zero() -> None:
    assert next_seat(None, 3) == 0
    assert [next_seat(seat, 3) for seat in range(3)] == [1, 2, 0]
    assert next_seat(0, 1) == 0


def test_the_engine_and_the_game_default_use_the_next_seat_clockwise() -> None:
    game = NimGame()
    match: Match[Any] = Match.new(game, 3, seed=2)
    seen = []
    while not match.is_over:
        seen.append(match.to_decide)
        assert game.next_player(match.state) == next_seat(match.state.flow.active, 3)
        match.play(match.legal_actions()[0])
    first = seen[0]
    assert seen[:4] == [first, next_seat(first, 3), next_seat(next_seat(first, 3), 3), first]


def test_as_game_takes_a_game_or_its_name() -> None:
    game = NimGame()
    assert as_game(game) is game
    assert type(as_game("nim")) is NimGame
    assert as_game("nim") is not as_game("nim")  # a fresh instance each time


@pytest.mark.parametrize(
    ("module", "new"),
    [("boardkit.runner.seats", "PlayableMatch"), ("boardkit.adapters.table", "AdapterMatch")],
)
def test_the_two_tables_have_names_of_their_own_and_the_old_one_warns(
    module: str, new: str
) -> None:
    loaded = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.Table is renamed {module}\.{new}"):
        old = loaded.Table
    assert old is getattr(loaded, new)
    with pytest.raises(AttributeError, match="no attribute 'Tabel'"):
        loaded.Tabel  # noqa: B018


def test_the_kits_random_game_is_the_random_playout_of_its_seed() -> None:
    """The conformance kit's moves follow the seat rule, like every other loop."""
    checked = check_playout(NimGame(), 3, None, 5)
    alone = random_playout(NimGame(), 3, seed=5)
    assert checked.log.entries == alone.log.entries
