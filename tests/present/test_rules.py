"""boardkit.present.rules: how-to-play sections found by topic, by a refusal's rule and by an
action's menu labels, and laid out in lines of 80 columns and as Markdown."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.highcard import HighCardGame
from boardkit.examples.nim import NimGame
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.game import Game
from boardkit.howto import RulesSection
from boardkit.present.rules import (
    WIDTH,
    SectionFinder,
    find,
    for_path,
    for_rule,
    help_lines,
    label_of,
    markdown,
    section_lines,
    sections_data,
    sections_of,
    see_also,
)
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame
from tests.budget import examples
from tests.core.plain_game import PlainGame

GAMES: list[Game[Any, Any]] = [
    KhanGame(),
    ShangrilaGame(),
    NimGame(),
    Goofspiel(),
    HighCardGame(),
    TicTacToeGame(),
]
KHAN = sections_of(KhanGame())


def test_every_game_gives_sections_with_distinct_keys() -> None:
    for game in GAMES:
        sections = sections_of(game)
        assert game.offers("how_to_play") and sections, game.name
        assert sections[0].key == "goal", game.name
        assert sections_of(game) == sections  # the same on every call
    assert sections_of(PlainGame()) == ()


def test_a_topic_is_found_by_key_title_clause_start_or_words() -> None:
    assert [s.key for s in find(KHAN, "conquer")] == ["conquer"]
    assert [s.key for s in find(KHAN, "  CONQUER ")] == ["conquer"]
    assert [s.key for s in find(KHAN, "K-X3")] == ["divine-support"]
    assert [s.key for s in find(KHAN, "high mor")] == ["high-morale"]
    assert [s.key for s in find(KHAN, "protection")] == ["protection"]
    assert "scoring" in [s.key for s in find(KHAN, "bonus")]  # a word of the text
    assert find(KHAN, "zebra") == () and find(KHAN, " ") == () and find(KHAN, "!!") == ()


def test_a_refusal_points_to_the_section_of_its_rule() -> None:
    conquer = for_rule(KHAN, "K-A-C5")
    assert conquer is not None and conquer.key == "conquer"
    assert see_also(KHAN, "K-A-C5") == "see: C: Conquer (K-A-C5)"
    assert see_also(KHAN, "K-A-C2") == "see: Bridges (K-A-C2)"  # its own section, exact first
    assert see_also(KHAN, "flow") is None and see_also(KHAN, "text") is None
    refines = [RulesSection("a", "A", ("S-A3",), "x"), RulesSection("b", "B", ("S-A",), "y")]
    assert for_rule(refines, "S-A3c") == refines[0]  # the longest clause it refines


def test_an_action_path_names_its_section_for_a_tooltip() -> None:
    def key(path: tuple[str, ...]) -> str | None:
        section = for_path(KHAN, path)
        return None if section is None else section.key

    assert key(("C: conquer", "tile I2", "orientation 0", "E7")) == "conquer"
    assert key(("C: conquer", "bridge L4", "orientation 1", "E7")) == "bridge"
    assert key(("special", "Divine Support", "on Tundra")) == "divine-support"
    assert key(("D: discard", "2 cards")) == "invade-any-land"
    assert key(("A: invade", "card Seljuk/NE/Tundra", "Tundra", "C5")) == "invade"
    assert key(("E7",)) is None
    conquer = for_path(KHAN, ("C: conquer",))
    assert conquer is not None and label_of(conquer).startswith("C: Conquer (K-A-C, K-A-C1,")
    goal = sections_of(NimGame())[0]
    assert label_of(goal) == "The goal"  # no clauses, no brackets


def test_one_finder_asked_many_paths_answers_as_a_fresh_one_for_each() -> None:
    """A :class:`SectionFinder` remembers each label's section: asked the paths of a whole
    random Khan game in order (labels met again and again, counts and cells among them), it
    answers each path as a finder that never saw another."""
    import random

    from boardkit import Match

    match = Match.new(KhanGame(), 2, seed=5)
    finder = SectionFinder(KHAN)
    rng = random.Random(5)
    paths = 0
    while not match.is_over and paths < 400:
        actions = list(match.legal_actions())
        for action in actions:
            path = tuple(match.game.action_path(action, match.state))
            assert finder.for_path(path) == SectionFinder(KHAN).for_path(path), path
            paths += 1
        match.play(rng.choice(actions))
    assert paths >= 400
    assert finder.for_label("2 cards") is None and finder.for_label("E7") is None


def test_help_lists_topics_shows_a_section_and_names_the_topics_of_a_miss() -> None:
    top = help_lines(KHAN)
    assert top[0].startswith("How to play: type ? and a topic")
    assert any(line.split() == ["conquer", "C:", "Conquer"] for line in top)
    shown = help_lines(KHAN, "scoring")
    assert shown[0] == "Scoring (K-V1, K-V2, K-V3)"
    assert all(line.startswith("  ") for line in shown[1:])
    missed = " ".join(help_lines(KHAN, "zebra"))
    assert missed.startswith("no rules topic matches 'zebra'; topics: goal, board,")
    assert help_lines(()) == ["this game offers no rules text"]


@settings(max_examples=examples(60))
@given(
    topic=st.text(max_size=30),
    width=st.integers(min_value=20, max_value=WIDTH),
    game=st.sampled_from(GAMES),
)
def test_help_lines_fit_their_width_whatever_is_asked(
    topic: str, width: int, game: Game[Any, Any]
) -> None:
    lines = help_lines(sections_of(game), topic, width)
    assert lines and all(len(line) <= width for line in lines)


def test_every_section_fits_80_columns_and_loses_no_word() -> None:
    for game in GAMES:
        for section in sections_of(game):
            lines = section_lines(section)
            assert all(len(line) <= WIDTH for line in lines), (game.name, section.key)
            body = " ".join(" ".join(lines[1:]).split())
            assert body == " ".join(section.paragraphs), (game.name, section.key)


def test_data_and_markdown_carry_every_section() -> None:
    data = sections_data(KHAN)
    assert [d["key"] for d in data] == [s.key for s in KHAN]
    assert data[0] == {
        "key": "goal",
        "title": "The goal",
        "clauses": ["K-V4"],
        "paragraphs": list(KHAN[0].paragraphs),
    }
    page = markdown("khan", "Khan", KHAN)
    assert page.startswith("## Khan\n\n### The goal {#khan-goal}\n\n*Rules: K-V4*\n")
    assert page.count("\n### ") == len(KHAN)
    assert "### C: Conquer {#khan-conquer}" in page


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_keys_are_not_shadowed_by_an_earlier_title(game: Game[Any, Any]) -> None:
    """``? KEY`` shows the section of that key first, for every key of every game."""
    sections = sections_of(game)
    for section in sections:
        assert find(sections, section.key)[0] == section, (game.name, section.key)
