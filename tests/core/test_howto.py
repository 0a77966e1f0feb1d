"""How-to-play sections as data (boardkit.howto) and the optional hook Game.how_to_play."""

from __future__ import annotations

import pytest

from boardkit.errors import GameDefinitionError, NotOfferedError
from boardkit.howto import RulesSection, check_sections
from tests.core.plain_game import PlainGame


def test_a_section_is_plain_strings_and_splits_its_paragraphs() -> None:
    section = RulesSection("take", "Taking", ["take"], "One  line\n  wrapped.\n\n Two.")
    assert section.clauses == ("take",)
    assert section.paragraphs == ("One line wrapped.", "Two.")


@pytest.mark.parametrize(
    ("key", "title", "text", "words"),
    [
        ("Take", "Taking", "text", "not lower case words"),
        ("take stones", "Taking", "text", "not lower case words"),
        ("", "Taking", "text", "not lower case words"),
        ("take", " ", "text", "empty title or text"),
        ("take", "Taking", "\n\n", "empty title or text"),
    ],
)
def test_a_section_refuses_a_bad_key_or_an_empty_text(
    key: str, title: str, text: str, words: str
) -> None:
    with pytest.raises(GameDefinitionError, match=words):
        RulesSection(key, title, (), text)


def test_the_sections_of_a_game_are_checked() -> None:
    one = RulesSection("goal", "The goal", (), "Win.")
    assert check_sections("g", [one]) == (one,)
    with pytest.raises(GameDefinitionError, match=r"g\.how_to_play gave no section"):
        check_sections("g", [])
    with pytest.raises(GameDefinitionError, match="gives the key 'goal' twice"):
        check_sections("g", [one, RulesSection("goal", "Again", (), "Win.")])
    with pytest.raises(GameDefinitionError, match="which is not a RulesSection"):
        check_sections("g", [one, "goal"])  # type: ignore[list-item]


def test_a_game_offers_no_rules_text_by_default() -> None:
    plain = PlainGame()
    assert not plain.offers("how_to_play")
    with pytest.raises(NotOfferedError, match="how_to_play: the game explains no rules"):
        plain.how_to_play()


def test_the_kit_holds_a_game_to_its_sections() -> None:
    from boardkit.examples.nim import NimGame
    from boardkit.testing import ConformanceError, check_game
    from boardkit.testing.hooks import check_how_to_play

    class Twice(NimGame):
        def how_to_play(self) -> tuple[RulesSection, ...]:
            goal = RulesSection("goal", "The goal", (), "Take the last stone.")
            return (goal, goal)

    class Moving(NimGame):
        calls = 0

        def how_to_play(self) -> tuple[RulesSection, ...]:
            Moving.calls += 1
            return (RulesSection("goal", "The goal", (), f"Call {Moving.calls}."),)

    check_how_to_play(NimGame())
    with pytest.raises(ConformanceError, match=r"how to play: .*gives the key .goal. twice"):
        check_game(Twice(), [{"players": 2}], max_examples=1)
    with pytest.raises(ConformanceError, match="how_to_play differs between two calls"):
        check_how_to_play(Moving())
