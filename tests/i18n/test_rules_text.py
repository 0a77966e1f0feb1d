"""The how-to-play sections in the reader's language: each paragraph is a message id of the
game's catalogue (found by the extraction step of :mod:`boardkit.i18n_extract`), shown
translated by terminal play's ``?``, watch and the page's help panel; keys stay what is typed,
and the docs pages made from the sections stay English."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.howto import paragraphs_of
from boardkit.i18n import using_language
from boardkit.i18n_extract import extract, section_paragraphs
from boardkit.present.rules import help_lines, markdown, read_sections, sections_of
from boardkit.registry import load_game
from boardkit.terminal.help import help_rows
from boardkit.terminal.play import PlaySession, PlayStatus, Seat
from tests.terminal.test_play import TakeOne, nim_match

KHAN = load_game("khan")
SHANGRILA = load_game("shangrila")


@pytest.mark.parametrize(
    ("game", "lang", "title", "start"),
    [
        (KHAN, "de", "Das Ziel", "Man schreibt das Jahr 1244"),
        (KHAN, "nl", "Het doel", "Het is 1244"),
        (SHANGRILA, "de", "Das Ziel", "Dreizehn Dörfer im Himalaya"),
        (SHANGRILA, "nl", "Het doel", "Dertien dorpen in de Himalaya"),
        (KHAN, "en", "The goal", "It is 1244"),
    ],
)
def test_a_sections_title_and_paragraphs_read_in_the_readers_language(
    game: Any, lang: str, title: str, start: str
) -> None:
    english = sections_of(game)
    read = read_sections(game, lang)
    assert [s.key for s in read] == [s.key for s in english]
    assert [s.clauses for s in read] == [s.clauses for s in english]
    assert read[0].title == title and read[0].paragraphs[0].startswith(start)
    assert [len(s.paragraphs) for s in read] == [len(s.paragraphs) for s in english]


def test_every_paragraph_of_khan_reads_otherwise_in_german_and_dutch() -> None:
    english = [p for s in sections_of(KHAN) for p in s.paragraphs]
    for lang in ("de", "nl"):
        read = [p for s in read_sections(KHAN, lang) for p in s.paragraphs]
        same = [p for p, q in zip(english, read, strict=True) if p == q]
        assert same == [], lang


def test_question_mark_in_german_shows_the_german_section_and_finds_it_by_its_key(
    tmp_path: Path,
) -> None:
    people = [Seat("ann", "human", None), Seat("bob", "first", TakeOne())]
    out = io.StringIO()
    with using_language("de"):
        session = PlaySession(
            nim_match(),
            people,
            input=io.StringIO("? take\n? steine\nquit\n"),
            output=out,
            save_path=tmp_path / "n",
        )
        assert session.run() is PlayStatus.QUIT
    text = out.getvalue()
    assert text.count("Steine nehmen (take)\n  Nimm in deinem Zug mindestens einen Stein") == 2
    assert "On your turn take" not in text


def test_help_rows_of_khan_in_dutch_and_the_topic_list() -> None:
    with using_language("nl"):
        rows = help_rows(KHAN, "khan.json", "conquer")
        listing = help_lines(read_sections(KHAN), "")
        missed = help_lines(read_sections(KHAN), "zebra")
    assert rows[0].startswith("C: Veroveren (K-A-C")
    assert "Neem een tegel uit de voorraad" in " ".join(rows)
    assert listing[0].startswith("Spelregels: typ ? en een onderwerp (? goal)")
    assert any(line.split() == ["conquer", "C:", "Veroveren"] for line in listing)
    assert missed[0].startswith("geen onderwerp van de spelregels past bij 'zebra'; onderwerpen:")


def test_the_docs_page_made_from_the_sections_stays_english() -> None:
    with using_language("de"):
        page = markdown("khan", "Khan", sections_of(KHAN))
    assert "It is 1244 and the Great Khan's armies ride west." in page
    assert "Man schreibt" not in page


def test_the_extraction_finds_each_paragraph_of_a_literal_section_text() -> None:
    source = '''
from boardkit.howto import RulesSection
from boardkit.i18n import N_

SECTIONS = (
    RulesSection("goal", N_("The goal"), (), """First paragraph,
        on two lines.

        Second one."""),
    RulesSection(key="end", title=N_("The end"), clauses=(), text="Only one."),
    RulesSection("made", N_("Made"), (), TEXT),  # not a literal: nothing to extract
)
'''
    assert section_paragraphs(source) == [
        (6, "First paragraph, on two lines."),
        (6, "Second one."),
        (10, "Only one."),
    ]
    found = list(extract(io.BytesIO(source.encode()), {"N_": None}, (), {}))
    ids = [message for _, _, message, _ in found]
    paragraphs = ["First paragraph, on two lines.", "Second one.", "Only one."]
    assert ids == ["The goal", "The end", "Made", *paragraphs]  # the keywords', then these
    assert paragraphs_of("a\n  b\n\n\n c ") == ("a b", "c")


def test_the_pages_help_panel_gets_the_sections_in_the_language_asked(client: TestClient) -> None:
    german = client.get("/api/games/khan/rules", params={"lang": "de-AT"}).json()["sections"]
    english = client.get("/api/games/khan/rules").json()["sections"]
    assert german[0]["key"] == english[0]["key"] == "goal"
    assert german[0]["title"] == "Das Ziel" and english[0]["title"] == "The goal"
    assert german[0]["paragraphs"][0].startswith("Man schreibt das Jahr 1244")
    assert english[0]["paragraphs"][0].startswith("It is 1244")
    bad = client.get("/api/games/khan/rules", params={"lang": "<script>"})
    assert bad.status_code == 400 and "lang" in bad.json()["message"]
