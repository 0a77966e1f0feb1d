"""``Match.state_at`` and ``Match.undo`` refuse arguments that are not ints (issue 9)."""

from __future__ import annotations

import pytest

from boardkit import Match, UndoError
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
