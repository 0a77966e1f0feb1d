"""A game's flow ids (phases, steps, the kind of a decision owed) in the reader's language:
``Game.flow_words`` and ``boardkit.present.voice.flow_word``, as the terminal's status line
shows them."""

from __future__ import annotations

from attrs import evolve

from boardkit import Match
from boardkit.examples.nim import NimGame
from boardkit.flow import Owed
from boardkit.i18n import using_language
from boardkit.present.voice import flow_word
from boardkit.terminal.headlines import decision_line
from boardkit.terminal.seating import Seat
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame


def test_each_game_words_its_phases_and_steps_in_every_language() -> None:
    khan, shangrila = KhanGame(), ShangrilaGame()
    with using_language("de"):
        assert flow_word(khan, "placement") == "Einsetzen"
        assert flow_word(khan, "actions") == "Aktionen"
        assert flow_word(khan, "consent") == "Zustimmung"
        assert flow_word(shangrila, "main") == "Hauptspiel"
    with using_language("nl"):
        assert flow_word(khan, "conquer") == "veroveren"
        assert flow_word(shangrila, "placement") == "plaatsen"
    with using_language("en"):
        assert [flow_word(khan, w) for w in ("placement", "actions", "consent")] == [
            "placement",
            "actions",
            "consent",
        ]
    # every id a game lists is one of its flow's: each listed word is read in German
    with using_language("de"):
        for game in (khan, shangrila):
            for word in game.flow_words:
                assert flow_word(game, word) != word, (game.name, word)


def test_an_id_a_game_does_not_list_shows_as_it_is() -> None:
    with using_language("de"):
        assert flow_word(NimGame(), "main") == "main"
        assert flow_word(KhanGame(), "a-phase-nobody-knows") == "a-phase-nobody-knows"


def test_the_status_line_names_phase_step_and_decision_in_german() -> None:
    match = Match.new("khan", ["ann", "bob"], seed=3)
    seats = [Seat("ann", "human", None), Seat("bob", "human", None)]
    flow = match.state.flow
    with using_language("de"):
        line = decision_line(match.game, flow, seats, flow.active or 0, None)
        assert "Phase Einsetzen" in line and "placement" not in line
        owed = evolve(flow, phase="main", step="actions", owed=(Owed(1, "consent"),))
        asked = decision_line(match.game, owed, seats, 1, None)
        assert "Zustimmung" in asked and "Aktionen" in asked and "consent" not in asked
