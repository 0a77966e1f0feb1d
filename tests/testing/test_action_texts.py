"""The kit holds action texts to the state they are played in (issue 23, item 3)."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import Match
from boardkit.examples.highcard import HighCardAction, HighCardGame, HighCardState, Stand, Swap
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.present import narration
from boardkit.present.narration import action_text, match_action_text
from boardkit.runner.simulate import random_playout
from boardkit.testing import ConformanceError, check_game, narration_checks
from boardkit.testing.hooks import check_action_texts
from tests.core.pile_game import PileHighCard


def test_a_game_whose_texts_read_the_position_passes() -> None:
    check_game(PileHighCard(), [{"players": 2}, {"players": 3}], max_examples=5)


def test_the_headline_helper_describes_an_action_in_the_state_before_its_entry() -> None:
    match = random_playout(PileHighCard(), 2, None, 4)
    swaps = [e for e in match.log.entries if isinstance(e.action, Swap)]
    assert swaps
    for entry in swaps:
        before = match.state_at(entry.seq - 1)
        text = match_action_text(match, entry.seq, None)
        assert text == f"swap {entry.action.card} onto {len(before.discards)} discards"
        after = match.state_at(entry.seq)
        assert len(after.discards) == len(before.discards) + 1  # the two states differ here
        assert action_text(match.game, entry, before, 0) == text
    assert match_action_text(match, 0, None) is None  # the setup has no action


class EmptyTake(NimGame):
    """Describes taking one stone as nothing: a broken action text."""

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return "" if action.count == 1 else super().describe_action(action, state)


class NeedsTheDiscards(HighCardGame):
    """Words a swap by the pile's top card, and so fails on a pile with none: it assumes a
    state that is not the one the action is played in."""

    def describe_action(self, action: HighCardAction, state: HighCardState | None = None) -> str:
        if isinstance(action, Stand) or state is None:
            return super().describe_action(action, state)
        return f"swap {action.card} onto the {state.discards[-1]}"


def test_an_empty_action_text_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"describe_action\(Take\(count=1\)\) gave ''"):
        check_game(EmptyTake(), [{"players": 2}], max_examples=3)


def test_an_action_text_that_raises_in_its_own_state_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"raised IndexError.* a state it is legal in"):
        check_game(NeedsTheDiscards(), [{"players": 2}], max_examples=3)


def test_the_action_texts_check_passes_a_correct_state() -> None:
    match = Match.new(NimGame(), 2, {"stones": 5}, seed=1)
    check_action_texts(match.game, match.state, match.legal_actions(), "nim")


class PeeksAtTheDeck(HighCardGame):
    """Names the card a swap will draw: hidden information in an action text."""

    def describe_action(self, action: HighCardAction, state: HighCardState | None = None) -> str:
        text = super().describe_action(action, state)
        if isinstance(action, Swap) and state is not None and state.deck:
            return f"{text} for a {state.deck[0]}"
        return text


def test_an_entry_text_that_reads_hidden_cards_is_caught() -> None:
    match = random_playout(PeeksAtTheDeck(), 2, None, 4)
    with pytest.raises(
        ConformanceError,
        match="describe_action of the entry's action for a spectator depends on hidden information",
    ):
        narration_checks.check_match_narration(match)


def test_a_headline_helper_that_passes_the_state_after_the_entry_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def after_the_entry(match: Any, seq: int, player: int | None) -> str | None:
        entry = match.log.entries[seq]
        return narration.action_text(match.game, entry, match.state_at(seq), player)

    match = random_playout(NimGame(), 2, None, 3)
    narration_checks.check_match_narration(match)  # the real helper passes
    monkeypatch.setattr(narration_checks, "match_action_text", after_the_entry)
    with pytest.raises(ConformanceError, match="described the action in another state"):
        narration_checks.check_match_narration(match)


class StonesLeftInTheText(NimGame):
    """Declares texts that read the action alone, yet words a take by the stones left."""

    action_texts_read_state = False

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        left = "" if state is None else f" of {state.stones}"
        return f"take {action.count}{left}"


class StateFreeTicTacToe(TicTacToeGame):
    """Declares texts that read the action alone (a cell's text, path and target name the
    cell), and keeps its word."""

    action_texts_read_state = False


def test_texts_declared_state_free_that_read_the_position_are_caught() -> None:
    with pytest.raises(ConformanceError, match=r"action_texts_read_state is false"):
        check_game(StonesLeftInTheText(), [{"players": 2}], max_examples=3)


def test_texts_declared_state_free_that_are_so_pass() -> None:
    check_game(StateFreeTicTacToe(), [{"players": 2}], max_examples=3)
    # Nim's click targets name the stones left, so Nim reads the state
    with pytest.raises(ConformanceError, match=r"Take\(count=1\) reads .* earlier position"):
        check_game(StateFreeNim(), [{"players": 2}], max_examples=3)


class StateFreeNim(NimGame):
    """Declares texts that read the action alone, but its targets name the stones left."""

    action_texts_read_state = False
