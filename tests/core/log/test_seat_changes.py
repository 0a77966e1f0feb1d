"""The header's record of seats that changed hands (boardkit.log.seating): written only when a
change happened, kept by redaction, read back strictly, checked against the log's length."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import InvalidLogError, Match
from boardkit.examples.nim import NimGame
from boardkit.log import SeatChange, holder_at, redact_log
from boardkit.log.model import log_to_json
from boardkit.log.seating import FORFEIT, REASONS, forfeited
from boardkit.replay import replay_json


def played(moves: int = 3) -> Match[Any, Any]:
    match = Match.new(NimGame(), ["ann", "bob"], seed=5)
    for _ in range(moves):
        match.play(match.legal_actions()[0])
    return match


def with_changes(match: Match[Any, Any], changes: list[SeatChange]) -> str:
    log = attrs.evolve(match.log, header=attrs.evolve(match.header, seat_changes=changes))
    return log_to_json(match.game, log)


def edited(text: str, changes: object) -> str:
    doc = json.loads(text)
    doc["header"]["seat_changes"] = changes
    return json.dumps(doc)


def test_a_log_without_changes_is_written_as_before() -> None:
    text = played().to_json()
    assert "seat_changes" not in text
    assert Match.from_json(text, NimGame()).header.seat_changes == ()


def test_changes_are_written_read_back_and_verified() -> None:
    match = played()
    changes = [SeatChange(2, 1, "random", "timeout"), SeatChange(4, 1, "human", "returned")]
    text = with_changes(match, changes)
    assert '"seat_changes":[{"at":2,"seat":1,"holder":"random","reason":"timeout"}' in text
    again = Match.from_json(text, NimGame())  # verified
    assert again.header.seat_changes == tuple(changes)
    assert again.to_json() == text
    assert replay_json(text).header.seat_changes == tuple(changes)


def test_redaction_keeps_the_changes() -> None:
    match = played()
    changes = (SeatChange(1, 0, "greedy", "left"),)
    log = attrs.evolve(match.log, header=attrs.evolve(match.header, seat_changes=changes))
    redacted = redact_log(match.game, log, 1)
    assert redacted.header.seat_changes == changes
    text = log_to_json(match.game, redacted)
    assert Match.from_json(text, NimGame()).header.seat_changes == changes


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"at": 1}, "must be a list"),
        ([{"at": 1, "seat": 0, "holder": "random"}], "exactly the fields"),
        ([{"at": 1, "seat": 0, "holder": "random", "reason": "timeout", "x": 1}], "exactly"),
        ([{"at": 0, "seat": 0, "holder": "random", "reason": "timeout"}], "'at' must be an int"),
        ([{"at": True, "seat": 0, "holder": "random", "reason": "timeout"}], "'at' must be"),
        ([{"at": 1, "seat": 2, "holder": "random", "reason": "timeout"}], "'seat' must be a seat"),
        ([{"at": 1, "seat": 0, "holder": "", "reason": "timeout"}], "'holder' must be"),
        ([{"at": 1, "seat": 0, "holder": "a\nb", "reason": "timeout"}], "'holder' must be"),
        ([{"at": 1, "seat": 0, "holder": "random", "reason": "bored"}], "'reason' must be"),
        (
            [
                {"at": 3, "seat": 0, "holder": "random", "reason": "left"},
                {"at": 2, "seat": 0, "holder": "human", "reason": "returned"},
            ],
            "comes before",
        ),
        (
            [
                {"at": 2, "seat": 0, "holder": FORFEIT, "reason": "timeout"},
                {"at": 2, "seat": 1, "holder": "random", "reason": "left"},
            ],
            "follow a forfeit",
        ),
        ([{"at": 9, "seat": 0, "holder": "random", "reason": "left"}], "past the log's 4"),
    ],
)
def test_malformed_changes_are_refused(changes: object, words: str) -> None:
    text = edited(played().to_json(), changes)
    with pytest.raises(InvalidLogError, match="seat_changes") as caught:
        Match.from_json(text, NimGame())
    assert words in str(caught.value)
    with pytest.raises(InvalidLogError, match="seat_changes"):
        replay_json(text)


def test_a_change_right_after_the_last_entry_is_allowed() -> None:
    match = played()
    text = with_changes(match, [SeatChange(len(match), 0, FORFEIT, "timeout")])
    again = Match.from_json(text, NimGame())
    change = forfeited(again.header.seat_changes)
    assert change is not None and change.seat == 0


@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.integers(0, 1), st.sampled_from(["human", "random"])),
        max_size=6,
    ),
    st.integers(0, 5),
)
def test_holder_at_is_the_last_change_of_the_seat_before_the_entry(
    raw: list[tuple[int, int, str]], seq: int
) -> None:
    changes = [SeatChange(at, seat, holder, REASONS[0]) for at, seat, holder in sorted(raw)]
    text = with_changes(played(), changes)
    read = Match.from_json(text, NimGame()).header.seat_changes
    for seat in (0, 1):
        mine = [c for c in read if c.seat == seat and c.at <= seq]
        assert holder_at(read, seat, seq) == (mine[-1].holder if mine else "human")


def test_a_time_control_is_kept_and_checked() -> None:
    match = played()
    header = attrs.evolve(match.header, time_control="realtime 300+5 bot")
    text = log_to_json(match.game, attrs.evolve(match.log, header=header))
    assert '"time_control":"realtime 300+5 bot"' in text
    assert Match.from_json(text, NimGame()).header.time_control == "realtime 300+5 bot"
    for bad in ("", 5, "a\tb", "x" * 201):
        doc = json.loads(text)
        doc["header"]["time_control"] = bad
        with pytest.raises(InvalidLogError, match="time_control"):
            Match.from_json(json.dumps(doc), NimGame())
