"""The review's moves in the reader's language: a decision keeps each move as the game words it
(``played``, English, the notation) and as its menu path, which a reader of German reads
through the game's catalogue (``Meister der Einsetzphase / Heiler / Dorf 8``); ``boardkit
review --lang`` and the server's review route (``lang``) show them so."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match, Rng
from boardkit.i18n import using_language
from boardkit.registry import load_game
from boardkit.runner.review import Decision, move_text, review_match
from tests.cli.test_cli import Capture, run
from tests.server.helpers import create, join, play_until
from tests.server.wsclient import Seat

SHANGRILA = load_game("shangrila")
KHAN = load_game("khan")


def shangrila_over(seed: int = 1) -> Match[Any, Any]:
    match: Match[Any, Any] = Match.new("shangrila", ["ann", "bob", "cy"], seed=3)
    rng = Rng(seed, 2)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


def test_a_move_reads_as_its_menu_labels_in_another_language() -> None:
    path = ("setup master", "Healer", "village 8")
    with using_language("de"):
        assert move_text(SHANGRILA, "setup master Healer @ 8", path) == (
            "Meister der Einsetzphase / Heiler / Dorf 8"
        )
    with using_language("en"):
        assert move_text(SHANGRILA, "setup master Healer @ 8", path) == "setup master Healer @ 8"
    with using_language("nl"):
        assert move_text(SHANGRILA, "setup master Healer @ 8", path) == (
            "startmeester / Genezer / dorp 8"
        )
    with using_language("de"):  # no path, or nothing of it translated: the game's words
        assert move_text(SHANGRILA, "pass", ()) == "pass"
        assert move_text(load_game("nim"), "take 1", ("Take", "take 1")) == "take 1"


def test_a_khan_conquest_reads_in_dutch() -> None:
    decision = Decision(
        7, 0, "C: conquer tile L5 orientation 2 at E7", "D: discard no cards", 0.6, 0.5, 30,
        ("C: conquer", "tile L5", "orientation 2", "E7"), ("D: discard", "0 cards"),
    )  # fmt: skip
    with using_language("nl"):
        assert decision.texts(KHAN) == (
            "C: veroveren / tegel L5 / stand 2 / E7",
            "D: afleggen / 0 kaarten",
        )
        row = decision.to_json(KHAN)
    assert row["played"] == "C: conquer tile L5 orientation 2 at E7"  # the notation stays
    assert row["played_text"] == "C: veroveren / tegel L5 / stand 2 / E7"
    assert "played_text" not in decision.to_json()


def test_a_reviewed_game_keeps_each_moves_path_and_words_it_in_german() -> None:
    match = shangrila_over()
    review = review_match(match, [0], seed=0, iterations=2)
    first = review.decisions[0]
    assert first.played_path == tuple(SHANGRILA.action_path(match.log.entries[first.seq].action))
    with using_language("de"):
        rows = review.to_json(game=SHANGRILA)["decisions"]
    assert rows[0]["played_text"].startswith("Meister der Einsetzphase / ")
    assert all("village" not in row["played_text"] for row in rows)
    english = review.to_json(game=SHANGRILA)["decisions"]
    assert all(row["played_text"] == row["played"] for row in english)


def test_boardkit_review_in_german(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "shangrila.json"
    shangrila_over().save(path)
    arguments = ("review", str(path), "--seat", "1", "--iterations", "2", "--top", "1")
    code, out, err = run(capsys, *arguments, "--lang", "de")
    assert code == 0, err
    assert "shangrila: Auswertung des Verlaufs (vollständig) durch mcts (2 Iterationen" in out
    assert "Eintrag" in out and "gespielt" in out and "Zug des Bots" in out
    assert "Meister der Einsetzphase / " in out and "(Gewinnchance nach jedem Zug)" in out
    assert "village" not in out


@pytest.mark.slow  # a whole game of Shangrila played through the server's socket first
def test_the_review_route_words_the_moves_in_the_language_asked(client: TestClient) -> None:
    two = [{"human": True}, {"human": True}]
    match_id = create(client, "shangrila", two, options={"two_colours_each": True})
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    assert play_until(seats, lambda s: False, random.Random(3))["over"]
    Seat.close_all()
    url = f"/api/matches/{match_id}/review?iterations=2"
    german = client.get(url + "&lang=de").json()["decisions"]
    english = client.get(url).json()["decisions"]
    assert [d["played"] for d in german] == [d["played"] for d in english]
    assert german[0]["played_text"].startswith("Meister der Einsetzphase / ")
    assert english[0]["played_text"] == english[0]["played"]
    bad = client.get(url + "&lang=%3Cx%3E")
    assert bad.status_code == 400 and "lang" in bad.json()["message"]
