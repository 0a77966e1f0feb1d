"""Rules at hand in the browser table: ``GET /api/games/{name}/rules`` gives the game's
how-to-play sections, each legal action carries the rule its menu labels name (the menus'
tooltips), and a typed move the rules refuse names its rule's section."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.present.rules import sections_data, sections_of
from boardkit.registry import load_game
from tests.server.helpers import create, decider_of, join
from tests.server.wsclient import Seat


@pytest.mark.parametrize("name", ["khan", "shangrila", "nim", "goofspiel"])
def test_the_rules_route_gives_the_games_sections(client: TestClient, name: str) -> None:
    answer = client.get(f"/api/games/{name}/rules")
    assert answer.status_code == 200
    body = answer.json()
    game = load_game(name)
    assert body == {
        "game": name,
        "title": game.title or name,
        "sections": sections_data(sections_of(game)),
    }
    assert body["sections"][0]["key"] == "goal"


def test_an_unknown_game_has_no_rules(client: TestClient) -> None:
    answer = client.get("/api/games/zebra/rules")
    assert answer.status_code == 404
    assert "no game 'zebra' is installed" in answer.text


def seats_of(client: TestClient, game: str) -> tuple[str, dict[int, Seat]]:
    match_id = create(client, game, [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    return match_id, {i: Seat(client, match_id, tokens[i]) for i in range(2)}


def test_each_legal_action_names_its_rule_and_a_refusal_its_section(client: TestClient) -> None:
    match_id, seats = seats_of(client, "khan")
    me = seats[decider_of(client, match_id) or 0]
    legal: list[dict[str, Any]] = me.state["legal"]
    assert legal and all(a["path"][0] == "start yurt" for a in legal)
    assert {a["rule"] for a in legal} == {"Start yurts (K-S1, K-S2, K-S3, K-S4, K-S5)"}
    error = me.error({"type": "act", "seq": me.state["seq"], "text": "A1"})
    assert error["code"] == "bad_text"
    assert error["message"] == "A1 is not a cell in play; see: The board (K-C1)"
