"""A ``view`` of a picture the client kept: the answer carries the picture's tag, and a client
that sends the tag back (``have``) is sent the tag alone while the picture is unchanged, never
another viewer's picture or tag."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from boardkit.server.pictures import picture_tag
from boardkit.server.views import encode
from tests.server.helpers import create, join, live, play_until
from tests.server.wsclient import Seat

HUMANS_AND_BOT: list[dict[str, Any]] = [{"human": True}, {"human": True}, {"bot": "random"}]


def _view(seat: Seat, seq: int, have: str | None = None) -> dict[str, Any]:
    asked: dict[str, Any] = {"type": "view", "seq": seq}
    if have is not None:
        asked["have"] = have
    seat.send(asked)
    return seat.expect("view")


def _khan_at(client: TestClient, seq: int) -> tuple[str, list[str]]:
    """A Khan match (hands hidden) of two people and a bot, played to entry ``seq``."""
    match_id = create(client, "khan", HUMANS_AND_BOT)
    tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
    seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
    play_until(seats, lambda s: s["seq"] >= seq, random.Random(5))
    for seat in seats.values():
        seat.close()
    return match_id, tokens


def test_a_kept_picture_is_answered_with_its_tag_alone(client: TestClient) -> None:
    match_id, tokens = _khan_at(client, 4)
    seat = Seat(client, match_id, tokens[0], svg=True)
    first = _view(seat, 2)
    assert first["svg"].startswith("<svg") and first["svg_tag"] == picture_tag(encode(first["svg"]))
    again = _view(seat, 2, have=first["svg_tag"])
    assert "svg" not in again and again["svg_tag"] == first["svg_tag"]
    assert again["entry"] == first["entry"] and again["seq"] == 2
    assert len(seat.frames[-1]) < len(first["svg"]) / 10  # the bytes the tag saves
    # a tag of another entry's picture is not this one's: the picture comes in full
    other = _view(seat, 3, have=first["svg_tag"])
    assert other["svg"].startswith("<svg") and other["svg_tag"] != first["svg_tag"]
    # a client that sends no tag (every client before tags) gets the picture each time
    assert _view(seat, 2)["svg"] == first["svg"]
    Seat.close_all()


def test_a_tag_is_only_ever_the_viewers_own(client: TestClient) -> None:
    match_id, tokens = _khan_at(client, 4)
    ann = Seat(client, match_id, tokens[0], svg=True)
    bob = Seat(client, match_id, tokens[1], svg=True)
    watcher = Seat(client, match_id, None, svg=True)
    anns = _view(ann, 4)
    held = live(client, match_id)
    for seat, viewer in ((bob, 1), (watcher, None)):
        # another viewer holding ann's tag still gets its own picture, drawn for it alone
        answer = _view(seat, 4, have=anns["svg_tag"])
        own = held.pictures.draw_here(held, 4, viewer)
        assert answer["svg"] is not None and encode(answer["svg"]) == own
        assert answer["svg_tag"] == picture_tag(own) != anns["svg_tag"]
        assert anns["svg"] not in seat.frames[-1] and anns["svg_tag"] not in seat.frames[-1]
    Seat.close_all()


def test_a_picture_drawn_anew_gets_a_new_tag(client: TestClient) -> None:
    match_id = create(client, "khan", [{"human": True}, {"human": True}])
    ann = join(client, match_id, "ann")["token"]
    seat = Seat(client, match_id, ann, svg=True)
    before = _view(seat, 0)
    join(client, match_id, "zelda")  # the picture names the players: it changes
    seat.until(0)
    after = _view(seat, 0, have=before["svg_tag"])
    assert "zelda" in after["svg"] and after["svg_tag"] != before["svg_tag"]
    Seat.close_all()


def test_a_bad_tag_is_refused_and_a_connection_without_pictures_gets_none(
    client: TestClient,
) -> None:
    match_id, tokens = _khan_at(client, 2)
    seat = Seat(client, match_id, tokens[0], svg=False)
    for bad in (7, "", "F00D", "not a tag", "a" * 65, None):
        refused = seat.error({"type": "view", "seq": 1, "have": bad})
        assert refused["code"] == "bad_request" and "have" in refused["message"]
    answer = _view(seat, 1, have="ab" * 12)
    assert answer["svg"] is None and "svg_tag" not in answer
    Seat.close_all()
