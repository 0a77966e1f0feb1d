"""The server reads a move typed as text (``act`` with ``text``), as ``Match.play_text`` does:
the deciding seat plays it, and a text that names no legal action or several is answered with
``bad_text`` and its candidates, changing nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.server.errors import ProtocolError
from boardkit.server.protocol import MAX_TEXT, Limits, parse_message
from tests.server.helpers import create, decider_of, join, live
from tests.server.wsclient import Seat

TWO_HUMANS: list[dict[str, Any]] = [{"human": True}, {"human": True}]


def seats_of(client: TestClient, game: str) -> tuple[str, dict[int, Seat]]:
    match_id = create(client, game, TWO_HUMANS)
    tokens = [join(client, match_id, "ann")["token"], join(client, match_id, "bob")["token"]]
    return match_id, {i: Seat(client, match_id, tokens[i]) for i in range(2)}


def test_the_deciding_seat_plays_a_typed_text(client: TestClient) -> None:
    match_id, seats = seats_of(client, "nim")
    me = seats[decider_of(client, match_id) or 0]
    seq = me.state["seq"]
    assert {a["text"] for a in me.state["legal"]} == {"take 1", "take 2", "take 3"}
    me.send({"type": "act", "seq": seq, "text": "  TAKE 2 "})
    state = me.until(seq + 1)
    assert me.entries[seq + 1]["text"] == "take 2"
    assert live(client, match_id).match.log.entries[-1].action.count == 2
    other = seats[state["to_decide"]]
    other.until(seq + 1)
    other.send({"type": "act", "seq": seq + 1, "text": "take 3"})
    other.until(seq + 2)
    assert other.entries[seq + 2]["text"] == "take 3"


def test_a_text_that_names_several_or_none_is_refused_with_its_candidates(
    client: TestClient,
) -> None:
    match_id, seats = seats_of(client, "nim")
    me = seats[decider_of(client, match_id) or 0]
    seq = me.state["seq"]
    error = me.error({"type": "act", "seq": seq, "text": "take"})
    assert error["code"] == "bad_text"
    assert error["candidates"] == ["take 1", "take 2", "take 3"]
    assert "'take' could be 3 legal actions" in error["message"]
    error = me.error({"type": "act", "seq": seq, "text": "take 9"})
    assert error["code"] == "bad_text" and error["candidates"] == ["take 1", "take 2", "take 3"]
    assert error["message"].startswith("no legal action reads 'take 9'")
    error = me.error({"type": "act", "seq": seq, "text": ""})
    assert error["code"] == "bad_text" and "no action text given" in error["message"]
    assert live(client, match_id).length == seq + 1  # nothing changed


def test_many_legal_actions_are_answered_with_the_closest_few(client: TestClient) -> None:
    match_id, seats = seats_of(client, "khan")
    me = seats[decider_of(client, match_id) or 0]
    seq = me.state["seq"]
    texts = [a["text"] for a in me.state["legal"]]
    assert len(texts) > 8
    error = me.error({"type": "act", "seq": seq, "text": "place a start yurt at Q99"})
    assert error["code"] == "bad_text" and len(error["candidates"]) == 8
    assert set(error["candidates"]) <= set(texts)
    assert f"{len(texts)} legal actions" in error["message"]
    me.send({"type": "act", "seq": seq, "text": texts[-1].lower()})
    me.until(seq + 1)
    assert me.entries[seq + 1]["text"] == texts[-1]


def test_only_the_deciding_seat_may_play_a_text(client: TestClient) -> None:
    match_id, seats = seats_of(client, "nim")
    deciding = decider_of(client, match_id) or 0
    waiting = seats[1 - deciding]
    error = waiting.error({"type": "act", "seq": waiting.state["seq"], "text": "take 1"})
    assert error["code"] == "not_your_turn"
    watcher = Seat(client, match_id, None)
    error = watcher.error({"type": "act", "seq": watcher.state["seq"], "text": "take 1"})
    assert error["code"] == "not_a_player"
    seq = seats[deciding].state["seq"]
    seats[deciding].send({"type": "act", "seq": seq, "text": "take 1"})
    seats[deciding].until(seq + 1)
    stale = waiting.error({"type": "act", "seq": seq, "text": "take 1"})  # it saw entry seq
    assert stale["code"] == "stale"
    assert live(client, match_id).length == seq + 2


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ({"type": "act", "seq": 1}, "give either 'index' or 'text'"),
        ({"type": "act", "seq": 1, "index": 0, "text": "take 1"}, "give either 'index' or 'text'"),
        ({"type": "act", "seq": 1, "text": 3}, "field 'text' must be a string"),
        ({"type": "act", "seq": 1, "text": None}, "field 'text' must be a string"),
        ({"type": "act", "seq": 1, "text": "x" * (MAX_TEXT + 1)}, "at most 400 characters"),
        ({"type": "act", "seq": 1, "text": "take 1", "extra": 1}, "unknown field 'extra'"),
    ],
)
def test_a_malformed_text_act_is_refused(message: dict[str, Any], words: str) -> None:
    with pytest.raises(ProtocolError, match=words) as caught:
        parse_message(json.dumps(message), Limits())
    assert caught.value.code == "bad_request"
    read = parse_message(json.dumps({"type": "act", "seq": 1, "text": "take 1"}), Limits())
    assert read == {"type": "act", "seq": 1, "index": None, "text": "take 1"}
    read = parse_message(json.dumps({"type": "act", "seq": 1, "index": 2}), Limits())
    assert read == {"type": "act", "seq": 1, "index": 2, "text": None}
