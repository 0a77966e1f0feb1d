"""What the page needs to play by clicks, as the protocol sends it: for the deciding seat, each
legal action's board ``targets`` (the game's ``action_targets``), the picture that carries them;
for the other seats no legal action (so no target); and for a game that offers neither clicks
nor a picture, no ``targets`` and no picture, the match playable through the menus alone."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import registry
from tests.core.plain_game import PlainGame
from tests.server.helpers import create, join, live
from tests.server.wsclient import Seat


def seats_of(client: TestClient, game: str, humans: int) -> tuple[str, list[Seat]]:
    match_id = create(client, game, [{"human": True}] * humans)
    tokens = [join(client, match_id, f"p{i}")["token"] for i in range(humans)]
    return match_id, [Seat(client, match_id, token, svg=True) for token in tokens]


@pytest.mark.parametrize("game", ["shangrila", "khan"])
def test_the_deciding_seat_gets_each_actions_targets_and_the_picture_carrying_them(
    client: TestClient, game: str
) -> None:
    match_id, seats = seats_of(client, game, 3)
    held = live(client, match_id)
    clickable = 0
    for seq in range(12):  # a few entries in: set-up moves, then ordinary ones
        for seat in seats:
            seat.until(seq)
        assert held.length - 1 == seq
        who = seats[0].state["to_decide"]
        me = seats[who]
        assert me.welcome["targets"] is True
        truth = held.legal_actions()
        sent = me.state["legal"]
        assert [a["targets"] for a in sent] == [
            list(held.game.action_targets(a, held.states[-1])) for a in truth
        ]
        for item in sent:
            for target in item["targets"]:
                assert f'data-target="{target}"' in me.state["svg"]
            clickable += bool(item["targets"])
        for other in seats:
            if other is not me:
                assert other.state["legal"] == []
        me.act(0)
    assert clickable > 12


def test_a_game_without_clicks_or_picture_is_played_by_the_menus(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))  # for this test only
    registry.register(PlainGame)
    _, seats = seats_of(client, "plain", 2)
    for seat in seats:
        assert seat.welcome["targets"] is False
        assert seat.state["svg"] is None
    for seq in range(3):
        who: Any = seats[0].state["to_decide"]
        me = seats[who]
        me.until(seq)
        assert me.state["legal"] and all("targets" not in a for a in me.state["legal"])
        me.act(0)
        for seat in seats:
            seat.until(seq + 1)
            assert seat.state["svg"] is None and seat.state["scores"] is None
