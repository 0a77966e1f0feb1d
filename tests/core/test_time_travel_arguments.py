"""``Match.state_at`` and ``Match.undo`` refuse arguments that are not ints (issue 9)."""

from __future__ import annotations

import pytest

from boardkit import InvalidPlayerCountError, Match, UndoError
from boardkit.examples.nim import Take


@pytest.mark.parametrize("bad", ["1", 1.0, True, False, None, [1]])
def test_state_at_refuses_what_is_not_an_int(bad: object) -> None:
    match = Match.new("nim", 2, seed=1)
    match.play(Take(1))
    with pytest.raises(UndoError, match="entry number is an int, not"):
        match.state_at(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["1", 1.0, True, None, 2.5])
def test_undo_refuses_what_is_not_an_int_and_changes_nothing(bad: object) -> None:
    match = Match.new("nim", 2, seed=1)
    match.play(Take(1))
    before, length = match.state, len(match)
    with pytest.raises(UndoError, match="undo takes an int count, not"):
        match.undo(bad)  # type: ignore[arg-type]
    assert match.state is before and len(match) == length


def test_a_huge_argument_is_named_briefly() -> None:
    match = Match.new("nim", 2, seed=1)
    with pytest.raises(UndoError) as info:
        match.state_at("x" * 10_000)  # type: ignore[arg-type]
    assert len(str(info.value)) < 100


def test_a_huge_int_is_named_briefly_not_refused_by_str() -> None:
    # str() of a 5,000-digit int raises ValueError (Python's digit limit) instead of the message
    match = Match.new("nim", 2, seed=1)
    huge = 10**5000
    with pytest.raises(UndoError, match=r"^no entry <int of 16610 bits>; the log has entries 0"):
        match.state_at(huge)
    with pytest.raises(UndoError, match=r"^cannot undo <int of 16610 bits> entries; 0 can be"):
        match.undo(huge)
    with pytest.raises(InvalidPlayerCountError, match=r"^nim cannot be played by <int of 16610"):
        Match.new("nim", huge)
