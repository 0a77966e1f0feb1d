"""Two readers of one match in two languages, at the protocol: each connection names its
language in ``hello`` (or later, in a ``lang`` message) and is narrated in it; no language is
English; a language boardkit has no texts in is English; a malformed tag is a typed error."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from boardkit.server.errors import ProtocolError
from boardkit.server.protocol import Limits, parse_message, reader_language
from tests.server.helpers import create, join
from tests.server.wsclient import Seat


def khan_readers(client: TestClient) -> tuple[Seat, Seat, Seat, Seat]:
    """Ann in German, bob in English, a Dutch spectator and one that names no language."""
    match_id = create(client, "khan", [{"human": True}, {"human": True}])
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    return (
        Seat(client, match_id, tokens[0], lang="de-DE"),
        Seat(client, match_id, tokens[1], lang="en"),
        Seat(client, match_id, None, lang="nl"),
        Seat(client, match_id, None),
    )


def test_two_seats_and_spectators_of_one_match_read_their_own_languages(
    client: TestClient,
) -> None:
    ann, bob, dutch, plain = khan_readers(client)
    assert [s.welcome["lang"] for s in (ann, bob, dutch, plain)] == ["de", "en", "nl", "en"]
    assert "Einsetzrunden" in " ".join(ann.entries[0]["lines"])
    assert "placement phase" in " ".join(bob.entries[0]["lines"])
    assert "plaatsingsrondes" in " ".join(dutch.entries[0]["lines"])
    watcher = Seat(client, ann.welcome["match"], None, lang="en")  # a spectator, as plain
    assert plain.entries[0]["lines"] == watcher.entries[0]["lines"]
    assert "placement phase" in " ".join(plain.entries[0]["lines"])
    # a move is narrated to each in their language
    mover = ann if ann.state["to_decide"] == 0 else bob
    mover.act(0)
    for seat in (ann, bob, dutch):
        seat.until(1)
    assert "Startjurte" in " ".join(ann.entries[1]["lines"])
    assert "start yurt" in " ".join(bob.entries[1]["lines"])
    assert "startyurt" in " ".join(dutch.entries[1]["lines"])
    assert ann.entries[1]["entry"] == bob.entries[1]["entry"]  # the data is the same
    Seat.close_all()


def test_a_lang_message_switches_a_connection_and_leaves_the_others(client: TestClient) -> None:
    ann, bob, *_ = khan_readers(client)
    ann.send({"type": "lang", "lang": "en"})
    frame = ann.expect("state")
    assert frame["full"] and "placement phase" in " ".join(frame["entries"][0]["lines"])
    bob.send({"type": "lang", "lang": "nl-BE"})
    assert "plaatsingsrondes" in " ".join(bob.expect("state")["entries"][0]["lines"])
    assert ann.error({"type": "lang", "lang": "x" * 40})["code"] == "bad_lang"
    assert ann.error({"type": "lang"})["code"] == "bad_lang"
    Seat.close_all()


@pytest.mark.parametrize(
    ("tag", "lang"), [("de", "de"), ("NL", "nl"), ("de_AT", "de"), ("fr-CA", "en"), ("ja", "en")]
)
def test_a_well_formed_tag_reads_its_language_or_english(tag: str, lang: str) -> None:
    assert reader_language(tag) == lang


@pytest.mark.parametrize("tag", ["", "d", "de-", "de DE", "../x", "x" * 36, 7, None, ["de"]])
def test_a_malformed_tag_is_a_typed_error(tag: object) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(json.dumps({"type": "hello", "match": "abc", "lang": tag}), Limits())
    assert caught.value.code == "bad_lang" and "language tag" in str(caught.value)


def test_a_hello_without_a_language_reads_english() -> None:
    assert parse_message('{"type": "hello", "match": "abc"}', Limits())["lang"] == "en"


def test_a_malformed_hello_tag_is_answered_and_the_connection_stays(client: TestClient) -> None:
    match_id = create(client, "khan", [{"human": True}, {"human": True}])
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "match": match_id, "lang": "de!"})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "bad_lang"
        ws.send_json({"type": "hello", "match": match_id, "lang": "de"})
        assert ws.receive_json()["lang"] == "de"


def test_a_refusal_reads_in_the_language_of_the_connection_that_asked(
    client: TestClient,
) -> None:
    ann, bob, *_ = khan_readers(client)
    mover = ann if ann.state["to_decide"] == 0 else bob
    mover.send({"type": "lang", "lang": "de"})
    seq = mover.expect("state")["seq"]
    german = mover.error({"type": "act", "seq": seq, "text": "A1"})
    assert german["code"] == "bad_text" and "A1 ist kein Feld" in german["message"]
    mover.send({"type": "lang", "lang": "en"})
    mover.expect("state")
    english = mover.error({"type": "act", "seq": seq, "text": "A1"})
    assert "A1 is not a cell in play" in english["message"]
    Seat.close_all()


def test_a_dutch_reader_of_shangrila_reads_its_narration_and_menus_in_dutch(
    client: TestClient,
) -> None:
    match_id = create(client, "shangrila", [{"human": True}] * 3)
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob", "cy")]
    seats = [Seat(client, match_id, token, lang="nl") for token in tokens]
    english = Seat(client, match_id, None, lang="en")
    mover = seats[seats[0].state["to_decide"]]
    first = mover.state["legal"][0]
    assert first["path"][0] == "setup master" and first["shown"][0] == "startmeester"
    assert first["shown"][2] == "dorp " + first["path"][2].split()[1]
    assert first["rule"].startswith("De startmeesters (S-S")
    mover.act(0)
    for seat in (*seats, english):
        seat.until(1)
    dutch = [line for seat in seats for entry in seat.entries.values() for line in entry["lines"]]
    assert any(" wordt als startspeler geloot" in line for line in dutch)
    assert any(" plaatst een startmeester (" in line and " in dorp " in line for line in dutch)
    assert any(": jij bent aan de beurt (" in line for line in dutch)  # the next seat's own
    assert not any(" village " in line or " places " in line for line in dutch)
    assert " places a set-up master " in " ".join(english.entries[1]["lines"])
    Seat.close_all()
