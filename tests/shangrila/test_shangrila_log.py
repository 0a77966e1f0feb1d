"""Saving, reloading and verifying whole games; forged logs; refusals of malformed actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalActionError, InvalidLogError, Match, Rng, engine
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.actions import Journey, PlaceMaster, PlaceSetupMaster, RecruitStudents
from boardkit_shangrila.rules.components import Guild

GAME = ShangrilaGame()


def full_game(seed: int, players: int = 4, options: dict[str, Any] | None = None) -> Match[Any]:
    match: Match[Any] = Match.new(GAME, players, options, seed)
    rng = Rng(seed, 1)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


def test_full_game_saves_reloads_and_verifies(tmp_path: Path) -> None:
    """S-H1, S-S4: a whole game round-trips through a file; replay gives the same state."""
    match = full_game(17, 3, {"edition": "english"})
    path = tmp_path / "game.json"
    match.save(path)
    loaded = Match.load(path, GAME)
    assert loaded.state == match.state
    assert loaded.result == match.result
    assert loaded.to_json() == match.to_json()
    for k in (0, len(match) // 2, len(match) - 1):
        assert loaded.state_at(k) == match.state_at(k)


def test_forged_event_is_refused_with_its_entry_number() -> None:
    """A log whose events were changed fails verification at exactly that entry."""
    match = full_game(23)
    doc = json.loads(match.to_json())
    target = next(
        i for i, e in enumerate(doc["entries"]) if e["action"] and e["action"]["type"] == "Journey"
    )
    event = doc["entries"][target]["events"][0]
    assert event["type"] == "JourneyMade"
    event["source_stronger"] = not event["source_stronger"]
    with pytest.raises(InvalidLogError) as info:
        Match.from_json(json.dumps(doc), GAME)
    assert info.value.entry == target


def test_forged_start_colour_is_refused_at_the_setup_entry() -> None:
    """S-S4: the start colour must be the one the seed gives."""
    match = full_game(5)
    doc = json.loads(match.to_json())
    drawn = doc["entries"][0]["events"][0]
    drawn["colour"] = "red" if drawn["colour"] != "red" else "blue"
    with pytest.raises(InvalidLogError) as info:
        Match.from_json(json.dumps(doc), GAME)
    assert info.value.entry == 0


def test_malformed_actions_are_refused_naming_a_clause() -> None:
    """Bad villages (S-C1), non-guilds (S-C2) and foreign objects are refused; nothing changes.

    A field of the wrong type is refused by the match before the rules see it (rule "action":
    the action would not survive its log); the rules refuse it too when asked directly.
    """
    match: Match[Any] = Match.new(GAME, 4, seed=1)
    before = match.state
    for wrong, clause in (
        (PlaceSetupMaster(True, Guild.HEALER), "S-C1"),
        (PlaceSetupMaster(3, "healer"), "S-C2"),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError) as info:
            match.play(wrong)
        assert info.value.rule == "action" and "field" in info.value.reason
        with pytest.raises(IllegalActionError) as info:
            engine.step(GAME, match.state, None, wrong, Rng(0))
        assert info.value.rule == clause
    bad: list[tuple[object, str]] = [
        (PlaceSetupMaster(13, Guild.HEALER), "S-C1"),
        (Journey(-1, 0), "S-S3"),
        (RecruitStudents(((0, Guild.HEALER), (1, Guild.HEALER), (2, Guild.HEALER))), "S-S3"),
        (PlaceMaster(0, Guild.HEALER), "S-S3"),
        ("journey 4 → 7", "action"),
    ]
    for action, clause in bad:
        with pytest.raises(IllegalActionError) as info:
            match.play(action)
        assert info.value.rule == clause, (action, info.value)
        assert match.state is before and len(match) == 1


def test_describe_action_reads_like_the_board() -> None:
    """Actions have short texts built from village numbers and guild names."""
    assert GAME.describe_action(Journey(4, 7)) == "journey 4 → 7"
    assert GAME.describe_action(PlaceMaster(3, Guild.HEALER)) == "master Healer @ 3"
    two = RecruitStudents(((5, Guild.RAINMAKER), (3, Guild.HEALER)))
    assert GAME.describe_action(two) == "students Healer @ 3 + Rainmaker @ 5"
    assert GAME.describe_action(PlaceSetupMaster(0, Guild.ASTROLOGER)) == (
        "setup master Astrologer @ 0"
    )


def test_recruit_placements_are_unordered() -> None:
    """S-A2: the two students of one recruitment form a set: both orders are one action."""
    healer, rain = (3, Guild.HEALER), (3, Guild.RAINMAKER)
    assert RecruitStudents((rain, healer)) == RecruitStudents((healer, rain))
    assert RecruitStudents((rain, healer)).placements == (healer, rain)
    far = (5, Guild.HEALER)
    assert RecruitStudents((far, rain)).placements == (rain, far)
