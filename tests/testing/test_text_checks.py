"""The kit's check of moves as text catches every way a game can break it, and passes the
games that keep it (each broken game below is caught by ``check_playout``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from boardkit import Game, IllegalActionError, Match, Rng
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.testing import ConformanceError, check_game, check_playout
from boardkit.testing.text_checks import SAMPLED, check_texts_read_back
from tests.core.secret_game import SecretGame


class Pathed(NimGame):
    """Nim whose menu paths do not come from its texts (so that the menu check, which runs
    first, passes the broken texts below to the text check)."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        return ("take", str(action.count))


class OneTextForAll(Pathed):
    """Every take is "take some stones": two legal actions share a text."""

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return "take some stones"


class TextsByCase(Pathed):
    """Take 1 is "Take", take 2 "take": the same text, case aside."""

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return "Take" if action.count == 1 else "take" if action.count == 2 else "take all three"


class NoText(Pathed):
    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return " " if action.count == 2 else super().describe_action(action, state)


class FirstAlways(NimGame):
    """A reader that gives the first legal action whatever was typed."""

    def parse_action(self, state: NimState, text: str) -> Take:
        return self.legal_actions(state)[0]


class CrashingReader(NimGame):
    """A reader that fails with a plain exception on a text it does not know."""

    def parse_action(self, state: NimState, text: str) -> Take:
        count = int(text.removeprefix("take "))  # ValueError for anything else
        return Take(count)


class IllegalReader(NimGame):
    """A reader that reads an unknown text as an action that is not legal."""

    def parse_action(self, state: NimState, text: str) -> Take:
        try:
            return super().parse_action(state, text)
        except IllegalActionError:
            return Take(99)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (OneTextForAll(), r"Take\(count=1\) and Take\(count=2\) have the same text"),
        (TextsByCase(), r"the same text 'Take' and 'take' \(the same, case and spaces aside\)"),
        (NoText(), r"describe_action\(Take\(count=2\)\) gave ' '"),  # hooks' check, first
        (FirstAlways(), r"the text 'take 2' of the legal action Take\(count=2\) reads back as"),
        (CrashingReader(), "raised ValueError.*is refused with an IllegalActionError"),
        (IllegalReader(), r"gave Take\(count=99\), which is not a legal action"),
    ],
)
def test_a_game_whose_texts_do_not_read_back_is_caught(game: Game[Any, Any], words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        check_playout(game, 2, None, 7)


def test_the_games_that_keep_the_contract_pass() -> None:
    check_playout(NimGame(), 2, None, 7)
    check_playout(SecretGame(), 2, None, 7)  # hidden information: the decider's own texts


class ManyTakes(NimGame):
    """Nim offering 30 takes in every position (for the text check alone: no playout)."""

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(n) for n in range(1, 31)]


class SwappedPair(ManyTakes):
    """A reader of its own that swaps the texts of two actions, among many."""

    def parse_action(self, state: NimState, text: str) -> Take:
        read = super().parse_action(state, text)
        swap = {Take(3): Take(4), Take(4): Take(3)}
        return swap.get(read, read)


def test_a_reader_of_its_own_is_sampled_and_still_caught() -> None:
    game = SwappedPair()
    match = Match.new(game, 2, seed=1)
    legal = match.legal_actions()
    assert len(legal) > SAMPLED
    caught = 0
    for seed in range(20):
        try:
            check_texts_read_back(game, match.state, legal, Rng(seed, 1), "here")
        except ConformanceError as error:
            assert "reads back as" in str(error)
            caught += 1
    assert caught > 0  # a sample of 8 among 30 finds the swap for some seeds


def test_the_default_reader_is_checked_for_every_legal_action() -> None:
    """Only Take(17) of 30 has a text that collides (case aside): found every time."""

    class OneCollision(ManyTakes):
        def describe_action(self, action: Take, state: NimState | None = None) -> str:
            return "TAKE 16" if action.count == 17 else super().describe_action(action, state)

    game = OneCollision()
    match = Match.new(game, 2, seed=1)
    for seed in range(5):
        with pytest.raises(ConformanceError, match="the same text 'take 16' and 'TAKE 16'"):
            check_texts_read_back(game, match.state, match.legal_actions(), Rng(seed, 1), "here")


def test_check_game_runs_the_text_check() -> None:
    with pytest.raises(ConformanceError, match="have the same text"):
        check_game(OneTextForAll(), [{"players": 2}], max_examples=1)


def test_a_blank_text_is_refused_by_the_read_back_check_alone_too() -> None:
    game = NoText()
    match = Match.new(game, 2, seed=1)
    with pytest.raises(ConformanceError, match="gave ' '; an action's text is non-empty text"):
        check_texts_read_back(game, match.state, match.legal_actions(), Rng(1, 1), "here")


def test_no_legal_action_means_nothing_to_check() -> None:
    empty: Sequence[object] = []
    check_texts_read_back(NimGame(), None, empty, Rng(1, 1), "here")
