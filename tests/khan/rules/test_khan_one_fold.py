"""Khan folds every event exactly once, although its rules look ahead while they emit."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit.runner.simulate import random_playout
from boardkit_khan.game import KhanGame
from boardkit_khan.rules import reducer


@pytest.mark.parametrize("players", [2, 4])
def test_each_event_of_a_random_game_is_folded_once(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = [0]
    for cls, handler in list(reducer._HANDLERS.items()):

        def counted(state: Any, event: Any, handler: Any = handler) -> Any:
            calls[0] += 1
            return handler(state, event)

        monkeypatch.setitem(reducer._HANDLERS, cls, counted)
    match = random_playout(KhanGame(), players, seed=23)
    assert calls[0] == sum(len(entry.events) for entry in match.log.entries)
