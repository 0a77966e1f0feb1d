"""A state before the setup, where nobody decides yet, is told from a finished game."""

from __future__ import annotations

import pytest

from boardkit import GameOverError, Match, NotStartedError, engine
from boardkit.bots.base import legal_actions_for
from boardkit.rng import Rng


def test_nobody_decides_before_the_setup_and_the_error_says_so() -> None:
    match = Match.new("nim", players=["ann", "bob"], seed=1)
    before = match.start_state
    assert not before.flow.ended and before.flow.active is None
    with pytest.raises(NotStartedError, match="the game has not started") as caught:
        legal_actions_for(match.game, before, 0)
    assert not isinstance(caught.value, GameOverError)
    assert caught.value.rule == "flow"
    action = match.legal_actions()[0]
    with pytest.raises(NotStartedError):
        engine.step(match.game, before, 0, action, Rng(1))
    assert match.start_state == before  # nothing changed


def test_a_finished_game_still_says_it_is_over() -> None:
    match = Match.new("nim", players=["ann", "bob"], options={"stones": 3}, seed=1)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    with pytest.raises(GameOverError, match="the game is over"):
        legal_actions_for(match.game, match.state, 0)
