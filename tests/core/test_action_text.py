"""Moves as text: ``Game.parse_action``'s default reader and ``Match.play_text``."""

from __future__ import annotations

import pytest

from boardkit import (
    ActionTextError,
    GameOverError,
    IllegalActionError,
    Match,
    NotStartedError,
    NotYourDecisionError,
    RedactedMatchError,
)
from boardkit.action_text import SHOWN, ActionTexts, normalise
from boardkit.examples.nim import NimGame, NimState, Take
from tests.core.plain_game import Add, PlainGame

ANN_STARTS = 1
"""A seed with which Nim's start player (drawn at setup) is seat 0."""


def nim(stones: int = 15, max_take: int = 3) -> Match[NimState, Take]:
    return Match.new(NimGame(), ["ann", "bob"], {"stones": stones, "max_take": max_take}, 1)


def test_a_text_is_compared_without_case_and_with_its_spaces_collapsed() -> None:
    assert normalise("  Take\t 2 \n") == "take 2"
    assert normalise("ＴＡＫＥ ２") == "take 2"  # full-width forms, folded by NFKC
    assert normalise("journey 4 → 7") == "journey 4 → 7"  # punctuation is kept
    match = nim()
    assert match.parse_action("take 2") == Take(2)
    assert match.parse_action("  TAKE   3 ") == Take(3)


def test_an_unambiguous_start_names_its_action_and_a_number_is_typed_whole() -> None:
    table = ActionTexts([1, 2, 3, 4], ["take 1", "take 10", "special: Divine Support", "pass"])
    assert table.parse("special: div") == 3
    assert table.parse("pa") == 4
    assert table.parse("take 1") == 1  # the whole text of one, though it starts another
    assert table.parse("take 10") == 2
    only_ten = ActionTexts([2], ["take 10"])
    with pytest.raises(ActionTextError, match="no legal action reads 'take 1'"):
        only_ten.parse("take 1")  # does not start "take 10": it would cut the number
    assert only_ten.parse("take") == 2


def test_an_ambiguous_text_names_the_actions_it_could_be() -> None:
    match = nim()
    with pytest.raises(ActionTextError) as caught:
        match.parse_action("take")
    error = caught.value
    assert isinstance(error, IllegalActionError) and error.rule == "text"
    assert (
        error.reason == "'take' could be 3 legal actions: take 1, take 2, take 3; type more of one"
    )
    assert error.candidates == ("take 1", "take 2", "take 3")
    assert (error.text, error.matches, error.legal) == ("take", 3, 3)


def test_an_unknown_text_lists_the_legal_actions_when_they_are_few() -> None:
    match = nim()
    with pytest.raises(ActionTextError) as caught:
        match.parse_action("take 7")
    error = caught.value
    assert error.reason == (
        "no legal action reads 'take 7'; the legal actions are: take 1, take 2, take 3"
    )
    assert (error.matches, error.legal, error.candidates) == (0, 3, ("take 1", "take 2", "take 3"))


def test_many_candidates_are_bounded_and_the_closest_by_their_start_come_first() -> None:
    texts = [f"move {letter}{n}" for letter in "ab" for n in range(1, 21)] + ["pass"]
    table = ActionTexts(list(range(len(texts))), texts)
    with pytest.raises(ActionTextError) as caught:
        table.parse("move b21")
    error = caught.value
    assert error.legal == 41 and error.matches == 0 and len(error.candidates) == SHOWN
    assert error.candidates[0] == "move b2"  # the longest common start: "move b2"
    assert all(text.startswith("move b") for text in error.candidates)
    assert "41 legal actions, those that start most like it:" in error.reason
    assert error.reason.endswith(f"… and {41 - SHOWN} more")
    with pytest.raises(ActionTextError) as caught:
        table.parse("move a")
    assert caught.value.matches == 20 and len(caught.value.candidates) == SHOWN
    assert "could be 20 legal actions" in caught.value.reason
    with pytest.raises(ActionTextError, match="41 legal actions, the first 8: move a1"):
        table.parse("xyz")


def test_a_blank_text_or_one_that_is_no_string_is_refused() -> None:
    match = nim()
    with pytest.raises(ActionTextError, match="no action text given; the legal actions are"):
        match.parse_action("   ")
    with pytest.raises(ActionTextError, match="an action text is a string, not 2"):
        match.parse_action(2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2 actions but 1 texts"):
        ActionTexts([1, 2], ["one"])


def test_two_actions_with_one_text_name_neither_and_the_error_blames_the_game() -> None:
    table = ActionTexts(["a", "b", "c"], ["Go", "go", "stay"])
    assert table.clashes() == [(0, 1)]
    with pytest.raises(ActionTextError, match=r"is the text of 2 legal actions .* same text"):
        table.parse("go")
    assert table.parse("st") == "c"


def test_nobody_decides_in_a_finished_game_or_before_the_setup() -> None:
    match = nim(stones=1)
    match.play(Take(1))
    assert match.is_over
    with pytest.raises(GameOverError):
        match.parse_action("take 1")
    with pytest.raises(GameOverError):
        match.play_text("take 1")
    with pytest.raises(NotStartedError):
        match.game.parse_action(match.start_state, "take 1")


def test_the_default_texts_of_a_game_that_words_nothing_read_back() -> None:
    match = Match.new(PlainGame(), 2, seed=3)
    assert match.game.describe_action(Add(2), match.state) == "Add(n=2)"
    assert match.parse_action("add(n=2)") == Add(2)
    assert match.parse_action("Add(n=1") == Add(1)


def test_play_text_plays_the_action_and_returns_its_events() -> None:
    by_text, by_object = nim(), nim()
    events = by_text.play_text("take 2")
    assert events == by_object.play(Take(2))
    assert by_text.log.entries[-1].action == Take(2)
    by_text.play_text("TAKE 1", player=by_text.to_decide)
    by_object.play(Take(1))
    assert by_text.to_json() == by_object.to_json()


def test_a_refused_text_changes_nothing() -> None:
    match = nim()
    before, length = match.state, len(match)
    for text in ("take", "take 4", "", "give 1"):
        with pytest.raises(ActionTextError):
            match.play_text(text)
    assert match.state is before and len(match) == length


def test_play_text_for_a_player_who_does_not_decide_is_refused_before_the_text_is_read() -> None:
    match = nim()
    assert match.to_decide is not None
    other = 1 - match.to_decide
    with pytest.raises(NotYourDecisionError):
        match.play_text("no such move", player=other)
    with pytest.raises(IllegalActionError, match="a player is a seat number"):
        match.play_text("take 1", player="0")  # type: ignore[arg-type]
    assert len(match) == 1


def test_a_match_read_from_a_redacted_log_cannot_play_a_text() -> None:
    match = nim()
    match.play(Take(1))
    redacted = Match.from_json(match.redacted_json(0), NimGame())
    with pytest.raises(RedactedMatchError):
        redacted.play_text("take 1")


def test_a_game_may_read_more_than_its_texts() -> None:
    class Words(NimGame):
        """Nim that also reads a count alone ("2")."""

        def parse_action(self, state: object, text: str) -> Take:
            if isinstance(text, str) and text.strip().isdigit():
                return super().parse_action(state, f"take {text.strip()}")  # type: ignore[arg-type]
            return super().parse_action(state, text)  # type: ignore[arg-type]

    match = Match.new(Words(), 2, seed=ANN_STARTS)
    match.play_text("2")
    assert match.log.entries[-1].action == Take(2)
    match.play_text("take 3")
    assert match.log.entries[-1].action == Take(3)
