"""The golden playthrough: a seeded random 4-player Khan game stored as a log.

If a deliberate rules change alters this game, regenerate the fixture with
``python -m tests.khan.make_golden`` (from the repository root), read the diff, and commit it
together with the change. Anything else that breaks this test is a regression.
"""

from __future__ import annotations

from boardkit import Match
from boardkit_khan.game import KhanGame

from .make_golden import FIXTURE, golden_text


def test_golden_log_replays_and_verifies() -> None:
    """The stored log loads (replay and verification of every entry) and ends with a result."""
    text = FIXTURE.read_text(encoding="utf-8")
    match = Match.from_json(text, KhanGame())
    assert match.is_over
    result = match.result
    assert result is not None and len(result.scores) == 4
    assert match.to_json() == text


def test_golden_log_regenerates_byte_for_byte() -> None:
    """Playing the same seeds again gives the identical bytes."""
    assert golden_text() == FIXTURE.read_text(encoding="utf-8")
