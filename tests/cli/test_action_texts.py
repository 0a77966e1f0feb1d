"""``boardkit show --at K`` and ``boardkit play-random`` word an entry's action in the state it
was played in (the state before the entry), as every other front end does (issue 23, item 3)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardkit import registry
from boardkit.cli import main
from boardkit.examples.highcard import Swap
from boardkit.match import Match
from boardkit.runner.simulate import random_playout
from tests.core.pile_game import PileHighCard

Capture = pytest.CaptureFixture[str]


@pytest.fixture
def pile_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))  # this test only
    registry.register(PileHighCard)


def _swaps(match: Match[Any]) -> list[int]:
    return [e.seq for e in match.log.entries if isinstance(e.action, Swap)]


def test_show_at_an_entry_words_its_action_in_the_state_before_it(
    pile_game: None, tmp_path: Path, capsys: Capture
) -> None:
    match = random_playout(PileHighCard(), 2, None, 4)
    path = tmp_path / "pile.json"
    match.save(path)
    for seq in _swaps(match):
        before = len(match.state_at(seq - 1).discards)
        assert main(["show", str(path), "--at", str(seq)]) == 0
        out = capsys.readouterr().out
        card = match.log.entries[seq].action.card
        assert f"swap {card} onto {before} discards" in out  # not the {before + 1} after it


def test_play_random_words_each_action_in_the_state_before_it(
    pile_game: None, tmp_path: Path, capsys: Capture
) -> None:
    log = tmp_path / "played.json"
    assert main(["play-random", "pile-highcard", "--seed", "4", "--save-log", str(log)]) == 0
    out = capsys.readouterr().out
    match = Match.load(log)
    swaps = _swaps(match)
    assert swaps
    for seq in swaps:
        before = len(match.state_at(seq - 1).discards)
        card = match.log.entries[seq].action.card
        assert re.search(rf"{seq}\. [^:]+: swap {card} onto {before} discards", out), seq
