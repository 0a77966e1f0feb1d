"""``boardkit show --at K`` and ``boardkit play-random`` word an entry's action in the state it
was played in (the state before the entry), as every other front end does (issue 23, item 3)."""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from boardkit import registry
from boardkit.cli import main
from boardkit.examples.highcard import Swap
from boardkit.flow import decider
from boardkit.match import Match
from boardkit.present.notebook import match_html
from boardkit.runner.simulate import random_playout
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import entry_text
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


def test_watch_words_each_action_in_the_state_before_it(pile_game: None, tmp_path: Path) -> None:
    out, err, log = io.StringIO(), io.StringIO(), tmp_path / "watched.json"
    argv = ["watch", "pile-highcard", "--seed", "4", "--save-log", str(log)]
    assert main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    match = Match.load(log)
    for seq in _swaps(match):
        before = len(match.state_at(seq - 1).discards)
        card = match.log.entries[seq].action.card
        assert re.search(
            rf"^{seq}\. [^:]+: swap {card} onto {before} discards", out.getvalue(), re.M
        )


def test_the_notebook_and_the_server_word_each_action_in_the_state_before_it(
    pile_game: None, tmp_path: Path
) -> None:
    match = random_playout(PileHighCard(), 2, None, 4)
    for seq in _swaps(match):
        shown = Match.from_log(match.game, match.log, verify=False)
        shown.undo(len(match) - 1 - seq)  # the swap is the last entry the notebook shows
        before = len(match.state_at(seq - 1).discards)
        assert f"swap {match.log.entries[seq].action.card} onto {before} discards" in match_html(
            shown
        )

    async def served() -> list[tuple[int, str]]:
        service = MatchService(
            make_storage(None, tmp_path / "data"), think_ms=0, gc_sweep_every=None
        )
        await service.start()
        try:
            live = await service.create("pile-highcard", [{"human": True}] * 2)
            for name in ("ann", "bob"):
                await service.join(live.id, None, name)
            rng = random.Random(3)
            while not live.states[-1].flow.ended:
                seat = decider(live.states[-1].flow)
                assert seat is not None
                pick = rng.randrange(len(live.legal_actions()))
                await service.act(live.id, seat, live.length - 1, pick)
            texts = []
            for seq in range(1, live.length):
                if isinstance(live.entries[seq].action, Swap):
                    before = len(live.states[seq - 1].discards)
                    texts.append((before, json.loads(entry_text(live, seq, None))["text"]))
            return texts
        finally:
            await service.stop()

    texts = asyncio.run(served())
    assert texts and all(text.endswith(f"onto {before} discards") for before, text in texts)
