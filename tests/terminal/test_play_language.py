"""``--lang``: terminal play and watch in German and Dutch, at an 80×24 terminal and in a pipe;
English stays the default where the locale asks for no other language."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardkit.cli import main
from boardkit.i18n import language
from tests.terminal.screen_driver import Terminal


def test_shangrila_played_in_german_at_80x24(tmp_path: Path) -> None:
    term = Terminal.boardkit(
        "play", "shangrila", "--players", "3", "--seat", "human,first,first",
        "--names", "ann,bob,cy", "--seed", "4", "--log", "s.json", "--lang", "de", cwd=tmp_path,
    )  # fmt: skip
    screen = term.wait_for("ann [")
    assert "ann (rot) ist am Zug (Zug 2, Phase Einsetzen)" in screen  # the game's own word
    assert "du bist rot." in term.raw
    assert "? zeigt die Hilfe." in term.raw
    term.line("?")
    screen = term.wait_for("über seine Nummer wählen.")
    assert "In jedem Menü eingeben:" in term.raw
    assert "  undo                die eigene letzte Aktion zurücknehmen, und jede danach" in screen
    term.line("healer")  # the label as typed: the menu shows it in German
    screen = term.wait_for("ann [Meister der Einsetzphase / Heiler]>")
    assert "in Meister der Einsetzphase / Heiler:" in screen
    term.line("12")  # ann places; the bots answer, narrated in German
    screen = term.wait_for("ann (rot) ist am Zug (Zug 5")
    assert "  du (Rot) setzt in der Einsetzphase einen Meister (Heiler) in Dorf 12" in term.raw
    assert "setzt in der Einsetzphase einen Meister" in screen
    term.line("..")
    term.wait_for("schon im obersten Menü")
    term.line("quit")
    assert term.finish() == 0
    assert "Protokoll gespeichert in s.json" in term.raw
    assert "weiter mit: boardkit play --resume s.json" in term.raw


def test_shangrila_played_in_a_pipe_in_dutch(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(
        ["play", "shangrila", "--players", "3", "--seat", "human,first,first",
         "--names", "ann,bob,cy", "--seed", "4", "--log", str(tmp_path / "s.json"), "--lang", "nl"],
        stdin=io.StringIO("healer\n12\n? journey\nquit\n"),
        stdout=out,
    )  # fmt: skip
    assert code == 0
    text = out.getvalue()
    assert "  cy (geel) plaatst een startmeester (genezer) in dorp 0" in text
    assert "  beurt 2: jij bent aan de beurt (rood)" in text
    assert "ann [startmeester / Genezer]> " in text  # the menu's labels, as shown
    assert "  jij (rood) plaatst een startmeester (genezer) in dorp 12" in text
    assert "  bob (blauw) plaatst een startmeester (drakenfokker) in dorp 0" in text
    assert "De reis van de leerlingen" in text and "Kies een dorp waar je een leerling" in text
    # no line of the game's narration, menus or rules reads in English (the picture still does)
    for english in ("places a", "in village", "'s turn", "your turn", "you (red)", "Healer"):
        assert english not in text.replace("setup master Healer @", ""), english


def test_nim_in_a_pipe_in_dutch_and_english_by_default(tmp_path: Path) -> None:
    def play(*lang: str) -> str:
        out = io.StringIO()
        code = main(
            ["play", "nim", "--names", "ann,bob", "--seat", "human,random", "--seed", "1",
             "--log", str(tmp_path / f"n{len(lang)}.json"), "--force", *lang],
            stdin=io.StringIO("nonsense\nquit\n"),
            stdout=out,
        )  # fmt: skip
        assert code == 0
        return out.getvalue()

    dutch = play("--lang", "nl")
    assert "ann (jij), bob (random)" in dutch
    assert "Typ ? voor hulp." in dutch and "ann is aan zet (beurt 1, fase main)" in dutch
    assert "logboek opgeslagen in" in dutch
    assert language() == "en"  # the command's language ends with the command
    english = play()
    assert "ann (you), bob (random)" in english and "Type ? for help." in english
    assert "ann to play (turn 1, phase main)" in english and "log saved to" in english


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_locale_chooses_the_language_when_lang_is_not_given(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    run = [sys.executable, "-m", "boardkit", "watch", "shangrila", "-p", "3", "--seed", "3"]
    done = subprocess.run(
        [*run, "--cap", "6"],
        env={**env, "LANG": "de_DE.UTF-8"},
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert "0. Aufbau\n   Gelb wird als Startspieler gelost" in done.stdout
    assert "   Zug 1: Gelb ist dran" in done.stdout
    assert "   die Partie wird abgebrochen: sie hat ihre Grenze von 6 Einträgen erreicht" in (
        done.stdout
    )
    assert done.stdout.rstrip().splitlines()[-1] == (
        "das Spiel wurde unvollendet abgebrochen: red 2 · yellow 2 · blue 1"
    )
    english = subprocess.run(
        [*run, "--cap", "6", "--lang", "en"],
        env={**env, "LANG": "de_DE.UTF-8"},
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert "0. setup\n   yellow is drawn to start" in english.stdout
    assert english.stdout.rstrip().endswith(
        "the game was cut off unfinished: red 2 · yellow 2 · blue 1"
    )


def test_watch_names_the_winners_in_the_language_shown() -> None:
    from boardkit.i18n import using_language
    from boardkit.result import outcome_parts
    from boardkit.terminal.watch import translated_parts

    for winners in ([], [1], [0, 2], [0, 1, 3]):
        parts = outcome_parts(winners, 4)
        assert translated_parts(parts) == parts  # English as it was
        with using_language("de"):
            german = translated_parts(parts)
        assert [p for p in german if isinstance(p, int)] == winners
    with using_language("nl"):
        assert translated_parts(outcome_parts([0, 1, 3], 4)) == [
            0, ", ", 1, " en ", 3, " delen de overwinning"
        ]  # fmt: skip


def test_an_unknown_language_is_a_usage_error() -> None:
    err = io.StringIO()
    code = main(["play", "nim", "--lang", "fr"], stdout=io.StringIO(), stderr=err)
    assert code == 2
    assert "no texts in the language 'fr'; languages: en, de, nl" in err.getvalue()


def test_the_translated_help_fits_80_columns() -> None:
    from boardkit.i18n import Message
    from boardkit.terminal.play import HELP_TEXT

    for lang in ("de", "nl"):
        text = Message("boardkit", HELP_TEXT, {"save_path": "khan-20261128-004512Z.json"})
        assert text.text(lang) != text.text("en")
        assert max(len(row) for row in text.text(lang).splitlines()) <= 79, lang
