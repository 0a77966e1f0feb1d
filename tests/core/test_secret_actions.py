"""Secret actions (Game.redact_action, boardkit.log.shown_action): an entry's action reaches
another reader only as the game's stand-in, in logs and in every front end's headline."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from boardkit import Match
from boardkit.cli import main
from boardkit.examples.goofspiel import HIDDEN, Bid
from boardkit.log import redact_entries, shown_action

SECRET = Bid(HIDDEN)


def _one_bid(seed: int = 6) -> Match[Any]:
    match = Match.new("goofspiel", ["ann", "bob"], seed=seed)
    match.play(Bid(11))
    return match


def test_shown_action_is_the_action_for_its_seat_and_the_stand_in_for_others() -> None:
    match = _one_bid()
    setup, bid = match.log.entries
    assert shown_action(match.game, setup, None) is None
    assert shown_action(match.game, bid, 0) == Bid(11)
    assert shown_action(match.game, bid, 1) == SECRET
    assert shown_action(match.game, bid, None) == SECRET
    assert [e.action for e in redact_entries(match.game, match.log.entries, 1)] == [None, SECRET]


def test_a_public_action_is_shown_to_everybody() -> None:
    nim = Match.new("nim", 2, seed=1)
    nim.play(nim.legal_actions()[0])
    entry = nim.log.entries[1]
    assert shown_action(nim.game, entry, None) == entry.action
    assert nim.redacted_log(None).entries[1].action == entry.action


def test_the_notebook_headline_hides_another_seats_bid() -> None:
    html = _one_bid()._repr_html_()  # a spectator's view of the match
    assert "ann: bid a card face down" in html and "bid 11" not in html


def test_show_and_play_random_print_the_stand_in(tmp_path: Path) -> None:
    path = tmp_path / "goof.json"
    _one_bid().save(path)
    for seat, expected in (("2", "ann: bid a card face down"), ("1", "ann: bid 11")):
        out = io.StringIO()
        code = main(["show", str(path), "--at", "1", "--seat", seat], stdout=out)
        assert code == 0 and expected in out.getvalue()
    out = io.StringIO()
    assert main(["play-random", "goofspiel", "--seed", "2"], stdout=out) == 0
    text = out.getvalue()
    assert "1. player 1: bid a card face down" in text
    assert re.search(r"player \d: bid \d", text) is None  # no headline names a bid
