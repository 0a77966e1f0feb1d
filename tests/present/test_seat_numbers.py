"""Seats as people read them: numbered from 1 (the API's seat 0 is "seat 1"), with names."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardkit import Match
from boardkit.log import FULL
from boardkit.present.voice import Voice, reader_text, seat_text


def test_a_seat_is_shown_from_1_with_its_name_when_it_has_one() -> None:
    assert seat_text(0) == "seat 1"
    assert seat_text(1, ["ann", "bob"]) == "seat 2 (bob)"
    assert seat_text(1, ["player 1", "player 2"]) == "seat 2"  # the default name says no more
    assert seat_text(2, ["ann", "bob"]) == "seat 3"  # no name for it


def test_whose_log_it_is() -> None:
    assert reader_text(FULL) == "the full log"
    assert reader_text(None, ["ann"]) == "a spectator"
    assert reader_text(0, ["ann", "bob"]) == "seat 1 (ann)"


@given(players=st.integers(2, 4))
def test_default_names_count_from_1_and_voices_agree(players: int) -> None:
    names = Match.new("nim", players, seed=1).header.players
    assert names == tuple(f"player {seat + 1}" for seat in range(players))
    voice = Voice(None, names)
    assert all(voice.name(seat) == names[seat] for seat in range(players))
    assert not any(voice.has_name(seat) for seat in range(players))
    assert Voice(None).name(players) == f"player {players + 1}"
