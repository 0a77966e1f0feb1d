"""The framework's refusals in the reader's language: the pointer to a refused rule's section
(its title through the game's own catalogue), a move out of turn at the server, the take-back
rule, and what a terminal menu says of a label it does not offer. English reads as before."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match, Rng
from boardkit.cli import main
from boardkit.howto import RulesSection
from boardkit.i18n import domain_of, reading_in, using_language
from boardkit.present.rules import section_title, sections_of, see_also
from boardkit.registry import load_game
from boardkit.undo import undo_refusal
from tests.server.helpers import create, decider_of, join
from tests.server.wsclient import Seat

KHAN = sections_of(load_game("khan"))


def test_a_game_objects_domain_is_its_package() -> None:
    assert domain_of(load_game("khan")) == "boardkit_khan"
    assert domain_of(load_game("shangrila")) == "boardkit_shangrila"
    assert domain_of(load_game("nim")) == "boardkit"


@pytest.mark.parametrize(
    ("lang", "pointer"),
    [
        ("en", "see: C: Conquer (K-A-C5)"),
        ("de", "siehe: C: Erobern (K-A-C5)"),
        ("nl", "zie: C: Veroveren (K-A-C5)"),
    ],
)
def test_the_pointer_to_a_rule_reads_in_the_readers_language(lang: str, pointer: str) -> None:
    with reading_in(lang):
        assert see_also(KHAN, "K-A-C5", "boardkit_khan") == pointer


def test_a_title_a_catalogue_lacks_reads_as_written() -> None:
    own = RulesSection("own", "A title of a game of one's own", (), "No catalogue has it.")
    with using_language("de"):
        assert section_title(own, "boardkit") == own.title
        assert section_title(sections_of(load_game("nim"))[0], "boardkit") == "Das Ziel"
        assert see_also(KHAN, "K-A-C5") == "siehe: C: Conquer (K-A-C5)"  # no domain: as written
    shangrila = sections_of(load_game("shangrila"))
    with using_language("nl"):
        assert section_title(shangrila[0], "boardkit_shangrila") == "Het doel"
        assert section_title(own, "boardkit_shangrila") == own.title  # Dutch lacks it too
    with using_language("de"):
        assert section_title(shangrila[0], "boardkit_shangrila") == "Das Ziel"


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("en", "A1 is not a cell in play; see: The board (K-C1)"),
        ("de", "siehe: Das Spielfeld (K-C1)"),
        ("nl", "zie: Het bord (K-C1)"),
    ],
)
def test_a_typed_move_the_rules_refuse_points_to_its_section_in_the_seats_language(
    client: TestClient, lang: str, refusal: str
) -> None:
    match_id = create(client, "khan", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    deciding = decider_of(client, match_id) or 0
    seat = Seat(client, match_id, tokens[deciding], lang=lang)
    error = seat.error({"type": "act", "seq": seat.state["seq"], "text": "A1"})
    assert error["code"] == "bad_text"
    assert refusal in error["message"]


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("en", "it is not your decision: seat {n} ({name}) decides now"),
        ("de", "das entscheidest nicht du: gerade entscheidet Platz {n} ({name})"),
        ("nl", "dit is niet jouw beslissing: nu beslist plaats {n} ({name})"),
    ],
)
def test_a_move_out_of_turn_is_refused_in_the_seats_language(
    client: TestClient, lang: str, refusal: str
) -> None:
    match_id = create(client, "nim", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    deciding = decider_of(client, match_id)
    assert deciding is not None
    waiting = Seat(client, match_id, tokens[1 - deciding], lang=lang)
    error = waiting.error({"type": "act", "seq": waiting.state["seq"], "index": 0})
    assert error["code"] == "not_your_turn"
    name = ("ann", "bob")[deciding]
    assert error["message"] == refusal.format(n=deciding + 1, name=name)


def test_two_readers_of_one_match_are_refused_each_in_their_own_language(
    client: TestClient,
) -> None:
    match_id = create(client, "nim", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    deciding = decider_of(client, match_id)
    assert deciding is not None
    waiting = Seat(client, match_id, tokens[1 - deciding], lang="nl")
    acting = Seat(client, match_id, tokens[deciding], lang="de")
    stale = acting.error({"type": "act", "seq": acting.state["seq"] + 5, "index": 0})
    assert stale["code"] == "stale"
    assert stale["message"].startswith("du hast Eintrag ")
    out_of_turn = waiting.error({"type": "act", "seq": waiting.state["seq"], "index": 0})
    assert out_of_turn["message"].startswith("dit is niet jouw beslissing")


def test_the_take_back_rule_reads_in_the_readers_language() -> None:
    match: Match[Any] = Match.new("nim", ["ann", "bob"], seed=1)
    assert undo_refusal(match, 0) == "player 1 has made no decision yet"
    with reading_in("de"):
        assert undo_refusal(match, 0) == "Spieler 1 hat noch nichts entschieden"
    with reading_in("nl"):
        assert undo_refusal(match, 0) == "speler 1 heeft nog niets beslist"


def khan_at_step_two(seed: int) -> Match[Any]:
    match: Match[Any] = Match.new("khan", ["ann", "bob"], seed=seed)
    rng = Rng(seed, 3)
    while match.state.flow.phase == "placement" or match.state.flow.step != "actions":
        match.play(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize(
    ("lang", "pointer"),
    [("en", "see: The board (K-C1)"), ("de", "siehe: Das Spielfeld (K-C1)")],
)
def test_terminal_play_points_to_the_rule_in_the_chosen_language(
    lang: str, pointer: str, tmp_path: Path
) -> None:
    out = io.StringIO()
    code = main(
        ["play", "khan", "--names", "ann,bob", "--seat", "human,first", "--seed", "2",
         "--log", str(tmp_path / "k.json"), "--lang", lang],
        stdin=io.StringIO("A1\nquit\n"),
        stdout=out,
    )  # fmt: skip
    assert code == 0
    text = out.getvalue()
    assert pointer in text, text[-2000:]
