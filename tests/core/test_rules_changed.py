"""A log whose events no longer replay under a version of the rules that claims to replay it:
the error says the rules probably changed without a major version bump."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from boardkit import Config, InvalidLogError, Match, Rng, TurnEnded
from boardkit.examples.nim import NimGame, NimState, StarterDrawn, StonesTaken, Take
from boardkit.replay import replay_json, rules_changed_hint


class OtherStarter(NimGame):
    """Nim whose setup draws the other starter: same name and version, other setup events."""

    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        events = list(super().setup(state, config, rng))
        return [
            StarterDrawn(1 - event.player) if isinstance(event, StarterDrawn) else event
            for event in events
        ]


class OtherTake(NimGame):
    """Nim whose take records one stone fewer for a take of two or more: other events."""

    version = "1.1"

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        events = super().apply(state, action, rng)
        if action.count > 1:
            return [StonesTaken(state.flow.active or 0, action.count - 1), TurnEnded()]
        return events


def _log() -> str:
    match = Match.new(NimGame(), ["ann", "bob"], seed=3)
    while not match.is_over and len(match) < 8:
        match.play(match.legal_actions()[-1])
    return match.to_json()


def test_a_setup_that_changed_under_the_same_version_is_named_as_such() -> None:
    with pytest.raises(InvalidLogError) as caught:
        replay_json(_log(), OtherStarter())
    error = caught.value
    assert error.entry == 0
    assert error.reason.startswith("setup events differ from what the seed gives (event ")
    assert "StarterDrawn(" in error.reason
    assert "written by nim 1.0, the installed version" in error.reason
    assert "rules changed without a major version bump" in error.reason


def test_an_action_that_changed_under_a_minor_version_names_both_versions() -> None:
    with pytest.raises(InvalidLogError) as caught:
        replay_json(_log(), OtherTake())
    error = caught.value
    assert error.entry == 1
    assert error.reason.startswith("event 0 is recorded as StonesTaken(")
    assert "written by nim 1.0 (installed: 1.1)" in error.reason
    assert "needs a new major version" in error.reason


def test_no_hint_for_a_log_the_header_check_refuses() -> None:
    doc = json.loads(_log())
    doc["header"]["game_version"] = "0.9"
    with pytest.raises(InvalidLogError) as caught:
        replay_json(json.dumps(doc))
    assert caught.value.entry is None
    assert "major version bump" not in str(caught.value)
    assert rules_changed_hint(NimGame(), Match.from_json(_log()).header) != ""
