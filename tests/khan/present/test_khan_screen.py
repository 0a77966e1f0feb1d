"""Khan's compact picture for the terminal (:mod:`boardkit_khan.present.screen`): what stays when a
screen keeps only the rows beside the map."""

from __future__ import annotations

import random

from boardkit import Match
from boardkit.terminal.frames import picture_lines
from boardkit_khan.present.screen import picture


def test_special_cards_in_play_come_before_the_legend() -> None:
    """A Protection in play forbids conquests; on a short screen the side panel is cut to the
    map's rows, and what is in play must be among them, the unchanging legend below."""
    match = Match.new("khan", ["ann", "bob", "cy"], seed=3)
    pick = random.Random(3)
    while not match.state.specials.active:
        assert not match.state.flow.ended
        match.play(pick.choice(match.legal_actions()))
    shown = picture(match.state, 0, ["ann", "bob", "cy"])
    rows = [row.plain for row in picture_lines(shown, (), 79, len(shown.board))]
    assert len(rows) == len(shown.board) == 14  # the column letters and 13 rows
    assert any(row.endswith("in play:") for row in rows), rows
    cards = ("high morale of", "protection of", "divine support of", "scout of")
    assert any(card in row for row in rows for card in cards), rows
