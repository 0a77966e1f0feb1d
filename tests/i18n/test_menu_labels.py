"""Menu labels in the reader's language: a game's fixed labels are ids of its catalogue, shown
translated, while what a person types stays the label as the game writes it (the notation);
labels made of words and values are read through the game's label templates (``village 3``:
``Dorf 3``); names and cells stay as written. The menus' own refusals read in the reader's
language too, and the server sends each reader the labels as they read them."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match, Rng
from boardkit.i18n import reading_in, using_language
from boardkit.present.menus import ActionMenu, MenuItem, MenuWalk, match_item, shown_label
from boardkit.registry import load_game
from boardkit.terminal.menu_input import level_lines, prompt_text
from tests.server.helpers import create, decider_of, join
from tests.server.wsclient import Seat

KHAN = load_game("khan")


def khan_with_conquests() -> Match[Any]:
    """A Khan match whose first menu level offers conquests beside other actions."""
    match: Match[Any] = Match.new("khan", ["ann", "bob"], seed=2)
    rng = Rng(2, 3)
    while True:
        top = ActionMenu(KHAN, match.legal_actions(), match.state).items(())
        if len(top) > 2 and any(item.label == "C: conquer" for item in top):
            return match
        match.play(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(
    ("lang", "conquer", "region", "card"),
    [
        ("en", "C: conquer", "Tundra", "card Seljuk/NE/Tundra"),
        ("de", "C: erobern", "Tundra", "Karte Seljuk/NO/Tundra"),
        ("nl", "C: veroveren", "Toendra", "kaart Seljuk/NO/Toendra"),
    ],
)
def test_a_fixed_label_is_shown_in_the_readers_language(
    lang: str, conquer: str, region: str, card: str
) -> None:
    with reading_in(lang):
        assert shown_label(KHAN, "C: conquer") == conquer
        assert shown_label(KHAN, "Tundra") == region  # a region: an id of the narration too
        assert shown_label(KHAN, "E7") == "E7"  # a cell: as written
        assert shown_label(KHAN, "Seljuk") == "Seljuk"  # a ruler: a name
        assert shown_label(KHAN, "card Seljuk/NE/Tundra") == card  # through its templates
    with reading_in("nl"):
        assert shown_label(load_game("shangrila"), "journey") == "reis"
        assert shown_label(load_game("shangrila"), "Healer") == "Genezer"
    with reading_in("de"):
        assert shown_label(load_game("shangrila"), "journey") == "Wanderschaft"
        assert shown_label(load_game("shangrila"), "Healer") == "Heiler"


def test_the_typed_label_stays_the_notation_and_the_shown_words_pick_too() -> None:
    match = khan_with_conquests()
    with using_language("de"):
        menu = ActionMenu(KHAN, match.legal_actions(), match.state)
        items = MenuWalk(menu).items()
        by_label = {item.label: item for item in items}
        conquer = by_label["C: conquer"]
        assert conquer.text == "C: erobern" and conquer.shown == "C: erobern"
        for typed in ("C", "c: conquer", "conq", "erob", "C: erobern"):
            picked = match_item(items, typed)
            assert isinstance(picked, MenuItem) and picked.label == "C: conquer", typed
        lines = level_lines(items, (), False)
        assert any(line.endswith(". C: erobern" + f"  ({len(conquer.actions)})") for line in lines)
        assert prompt_text("ann", ("C: conquer",), False, menu.label_text) == "ann [C: erobern]> "
    english = ActionMenu(KHAN, match.legal_actions(), match.state).items(())
    assert all(item.shown is None and item.text == item.label for item in english)


def test_a_flat_listing_shows_each_label_of_a_path_as_the_reader_reads_it() -> None:
    match: Match[Any] = Match.new("khan", ["ann", "bob"], seed=2)
    with using_language("nl"):
        menu = ActionMenu(KHAN, match.legal_actions(), match.state)
        flat = menu.flat_items(())
    assert flat and all(item.label.startswith("start yurt / ") for item in flat)
    assert all(item.text.startswith("startyurt / ") for item in flat)
    region = flat[0].label.split(" / ")[1]
    with reading_in("nl"):
        assert flat[0].text.split(" / ")[1] == shown_label(KHAN, region)


@pytest.mark.parametrize(
    ("lang", "none", "ambiguous"),
    [
        ("en", "nothing here starts with 'zz'; type a number from 1 to ", "is ambiguous ("),
        ("de", "hier beginnt nichts mit 'zz'; tippe eine Zahl von 1 bis ", "ist mehrdeutig ("),
        ("nl", "hier begint niets met 'zz'; typ een getal van 1 tot en met ", "is dubbelzinnig ("),
    ],
)
def test_the_menus_own_refusals_read_in_the_readers_language(
    lang: str, none: str, ambiguous: str
) -> None:
    items = [MenuItem("take 1", (0,), True), MenuItem("take 2", (1,), True)]
    with reading_in(lang):
        nothing = match_item(items, "zz")
        several = match_item(items, "take")
    assert isinstance(nothing, str) and nothing.startswith(none)
    assert isinstance(several, str) and ambiguous in several


def test_the_server_sends_each_reader_the_labels_as_they_read_them(client: TestClient) -> None:
    match_id = create(client, "khan", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    deciding = decider_of(client, match_id) or 0
    german = Seat(client, match_id, tokens[deciding], lang="de")
    english = Seat(client, match_id, tokens[1 - deciding], lang="en")
    legal: list[dict[str, Any]] = german.state["legal"]
    assert legal and all(a["path"][0] == "start yurt" for a in legal)
    assert all(a["shown"][0] == "Startjurte" for a in legal)
    assert all(a["shown"][-1] == a["path"][-1] for a in legal)  # the cell: as written
    assert all(a["rule"].startswith("Startjurten (K-S1, ") for a in legal)  # its tooltip
    assert all("shown" not in a for a in english.state["legal"])
