"""Menu labels made of words and values (``village 3``, ``card Seljuk/NE/Tundra``), read
through the label templates a game declares (:attr:`boardkit.game.Game.menu_label_templates`)
by :class:`boardkit.present.menus.LabelReader`: shown in the reader's language, typed as the
game writes them, anything no template matches as written."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import Match
from boardkit.errors import GameDefinitionError
from boardkit.i18n import reading_in, using_language
from boardkit.present.menus import ActionMenu, LabelReader, label_reader, match_item, shown_label
from boardkit.registry import load_game

SHANGRILA = load_game("shangrila")
KHAN = load_game("khan")


@pytest.mark.parametrize(
    ("label", "german"),
    [
        ("village 3", "Dorf 3"),
        ("Healer @ 3", "Heiler @ 3"),  # the value is read again: a guild is an id
        ("from 4", "aus 4"),
        ("to 12", "nach 12"),
        ("journey", "Wanderschaft"),  # a fixed label: the catalogue, as before
        ("village three", "Dorf three"),  # a template matches any value
        ("hamlet 3", "hamlet 3"),  # no template: as written
    ],
)
def test_a_shangrila_label_from_a_template_reads_in_german(label: str, german: str) -> None:
    with reading_in("de"):
        assert shown_label(SHANGRILA, label) == german


@pytest.mark.parametrize(
    ("lang", "label", "shown"),
    [
        ("de", "card Seljuk/NE/Tundra", "Karte Seljuk/NO/Tundra"),
        ("nl", "card Seljuk/NE/Tundra", "kaart Seljuk/NO/Toendra"),
        ("de", "tile L5", "Plättchen L5"),
        ("nl", "bridge I3", "brug I3"),
        ("de", "orientation 2", "Ausrichtung 2"),
        ("de", "1 card", "1 Karte"),
        ("nl", "3 cards", "3 kaarten"),
        ("de", "on Tundra", "für Tundra"),
        ("nl", "reserving tile L5", "reserveert tegel L5"),  # a value read by a template too
        # a list is split before its cards, each card read on its own
        ("de", "Seljuk/NE/Tundra, Song/S/Ice desert", "Seljuk/NO/Tundra, Song/S/Eiswüste"),
        ("en", "card Seljuk/NE/Tundra", "card Seljuk/NE/Tundra"),
    ],
)
def test_khans_labels_of_words_and_values_read_in_each_language(
    lang: str, label: str, shown: str
) -> None:
    with reading_in(lang):
        assert shown_label(KHAN, label) == shown


def test_shangrilas_labels_of_words_and_values_read_in_dutch() -> None:
    with reading_in("nl"):
        assert shown_label(SHANGRILA, "village 3") == "dorp 3"
        assert shown_label(SHANGRILA, "Healer @ 3") == "Genezer @ 3"  # the guild read too
        assert shown_label(SHANGRILA, "to 7") == "naar 7"


def test_a_language_without_a_catalogue_reads_every_label_as_written() -> None:
    # every language boardkit knows has Shangrila's catalogue: a reader made for one it lacks
    read = LabelReader("boardkit_shangrila", SHANGRILA.menu_label_templates, "fr")
    assert read("village 3") == "village 3"
    assert read("Healer @ 3") == "Healer @ 3"


def test_the_menu_line_is_typed_as_the_game_writes_it_and_found_by_the_words_shown() -> None:
    match: Any = Match.new("shangrila", ["ann", "bob", "cy"], seed=3)
    with using_language("de"):
        menu = ActionMenu(SHANGRILA, match.legal_actions(), match.state)
        villages = menu.items(("setup master", "Healer"))
        assert villages and all(item.label.startswith("village ") for item in villages)
        assert all(item.text == "Dorf " + item.label.split()[1] for item in villages)
        last = villages[-1]
        number = last.label.split()[1]
        for typed in (number, last.label, f"dorf {number}"):
            assert match_item(villages, typed) == last, typed


def test_a_reader_is_made_once_per_game_and_language_and_remembers_its_labels() -> None:
    with reading_in("de"):
        read = label_reader(SHANGRILA)
        assert label_reader(SHANGRILA) is read
        assert isinstance(read, LabelReader) and read.lang == "de"
        assert read("village 5") == "Dorf 5"
        assert read("village 5") == "Dorf 5"  # from its memory
    with reading_in("en"):
        assert label_reader(SHANGRILA)("village 5") == "village 5"


def test_a_reader_keeps_a_bounded_memory() -> None:
    read = LabelReader("boardkit_shangrila", ("village {village}",), "de", kept=3)
    held = []
    for number in range(5):
        assert read(f"village {number}") == f"Dorf {number}"  # and its value, "3"
        held.append(read.remembered)
    assert max(held) <= 3 and held != sorted(held)  # full, then started afresh
    assert read("village 0") == "Dorf 0"  # forgotten and read again


@pytest.mark.parametrize(
    ("template", "why"),
    [
        ("{village}", "no fixed text"),
        ("{a} and {a}", "twice"),
        ("{0} cards", "plain name"),
    ],
)
def test_a_template_that_cannot_be_matched_back_is_refused(template: str, why: str) -> None:
    with pytest.raises(GameDefinitionError, match=why):
        LabelReader("boardkit_shangrila", (template,), "de")


def test_the_games_declare_their_templates_as_ids_of_their_catalogues() -> None:
    assert "village {village}" in SHANGRILA.menu_label_templates
    assert "card {card}" in KHAN.menu_label_templates
    assert load_game("nim").menu_label_templates == ()


def test_the_kit_refuses_a_template_that_cannot_be_matched_back() -> None:
    from boardkit.examples.nim import NimGame
    from boardkit.testing import ConformanceError, check_game
    from boardkit.testing.hooks import check_menu_label_templates

    class Bare(NimGame):
        menu_label_templates = ("{count}",)

    class Listed(NimGame):
        menu_label_templates = frozenset({"take {count}"})  # type: ignore[assignment]

    check_menu_label_templates(SHANGRILA)
    with pytest.raises(ConformanceError, match=r"menu label templates: .*no fixed text"):
        check_game(Bare(), [{"players": 2}], max_examples=1)
    with pytest.raises(ConformanceError, match="not a tuple of strings"):
        check_menu_label_templates(Listed())
