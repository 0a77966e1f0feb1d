"""``boardkit play``'s default opponents: each game's :attr:`~boardkit.game.Game.opponent`,
the strongest bot of the strength table that answers within about two seconds a move."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardkit.bots import GreedyBot, MCTSBot, bot_from_spec
from boardkit.cli.play import default_kinds
from boardkit.registry import available_games, load_game

TABLE = Path(__file__).resolve().parents[2] / "docs" / "generated" / "bot-strength.md"


def test_missing_seats_get_the_games_opponent_and_seat_1_a_person() -> None:
    game = load_game("khan")
    bot = game.opponent
    assert default_kinds(game, 3, []) == ["human", bot, bot]
    assert default_kinds(game, 3, ["greedy"]) == ["greedy", bot, bot]
    assert default_kinds(game, 2, ["human", "random"]) == ["human", "random"]
    assert default_kinds(game, 2, ["human", "random", "first"]) == ["human", "random", "first"]


@pytest.mark.parametrize("name", sorted(available_games()))
def test_every_games_opponent_is_a_bot_held_to_two_seconds(name: str) -> None:
    bot = bot_from_spec(load_game(name).opponent)
    assert isinstance(bot, GreedyBot | MCTSBot)
    if isinstance(bot, MCTSBot):
        assert bot.seconds is not None and bot.seconds <= 2


@pytest.mark.parametrize("name", ["khan", "shangrila"])
def test_the_search_bot_of_khan_and_shangrila_beats_greedy_in_the_strength_table(
    name: str,
) -> None:
    spec = load_game(name).opponent
    assert spec.endswith(":seconds=2")
    searched = spec.removesuffix(":seconds=2")
    rows = [row for row in TABLE.read_text(encoding="utf-8").splitlines() if f"`{searched}`" in row]
    assert len(rows) == 1 and "| `greedy` |" in rows[0]
    wins, losses = (float(part) for part in rows[0].split("|")[5].split("–"))
    assert wins > losses


def test_nims_opponent_is_greedy_which_beats_mcts_there() -> None:
    assert load_game("nim").opponent == "greedy"
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    row = next(r for r in lines if "Nim" in r and "`mcts`" in r)
    wins, losses = (float(part) for part in row.split("|")[5].split("–"))
    assert wins < losses  # mcts against greedy
