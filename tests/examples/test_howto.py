"""The example games explain themselves (Game.how_to_play), and each refusal they raise points
to the section that explains its rule."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import IllegalActionError, Match
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.goofspiel.state import Bid
from boardkit.examples.highcard import HighCardGame, Swap
from boardkit.examples.nim import NimGame, Take
from boardkit.examples.tictactoe import Mark, TicTacToeGame
from boardkit.game import Game
from boardkit.present.rules import sections_of, see_also


def refusal(match: Match[Any], action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        match.play(action)
    return caught.value


@pytest.mark.parametrize(
    ("game", "options", "bad", "title"),
    [
        (NimGame(), {"stones": 5}, Take(4), "Taking stones"),
        (TicTacToeGame(), {}, Mark(9), "Marking a cell"),
        (HighCardGame(), {}, Swap(99), "Swapping a card"),
        (Goofspiel(), {}, Bid(14), "Bidding"),
    ],
    ids=lambda value: getattr(value, "name", None) or repr(value),
)
def test_a_refusal_names_the_section_of_its_rule(
    game: Game[Any, Any], options: dict[str, Any], bad: object, title: str
) -> None:
    match = Match.new(game, ["ann", "bob"], options, seed=3)
    error = refusal(match, bad)
    assert see_also(sections_of(game), error.rule) == f"see: {title} ({error.rule})"


def test_goofspiel_names_every_refusal_of_a_bid() -> None:
    """A card played already (rule ``played``) is a bidding matter too."""
    match = Match.new(Goofspiel(), ["ann", "bob"], seed=3)
    sections = sections_of(match.game)
    played: dict[int, int] = {}
    for card in (13, 12):
        seat = match.to_decide
        assert seat is not None
        match.play(Bid(card))
        played[seat] = card
    seat = match.to_decide
    assert seat is not None
    error = refusal(match, Bid(played[seat]))
    assert error.rule == "played"
    assert see_also(sections, error.rule) == "see: Bidding (played)"
