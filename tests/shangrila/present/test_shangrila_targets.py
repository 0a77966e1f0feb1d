"""Playing Shangrila by clicks: targets of each action, ids in the picture, no ambiguity."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from boardkit import Match, Rng
from boardkit.present.clicks import click, narrow
from boardkit.testing.target_checks import check_targets, svg_target_ids
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.present.svg import board_svg
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import PATHS, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILDS, Guild

GAME = ShangrilaGame()
CONFIGS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 2, "options": {"two_colours_each": True}},
    {"players": 4, "options": {"edition": "german"}},
]


def started(players: int = 4, seed: int = 3, actions: int = 0) -> Match[Any]:
    match = Match.new(GAME, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        match.play(rng.choice(match.legal_actions()))
    return match


def test_each_action_names_what_a_person_clicks() -> None:
    state = started().state
    assert GAME.action_targets(PlaceSetupMaster(4, Guild.HEALER), state) == (
        "village-4",
        "space-4-healer",
    )
    assert GAME.action_targets(PlaceMaster(0, Guild.YETI_WHISPERER), state) == (
        "village-0",
        "space-0-yeti_whisperer",
    )
    two = RecruitStudents(((5, Guild.RAINMAKER), (3, Guild.HEALER)))
    assert GAME.action_targets(two, state) == ("space-3-healer", "space-5-rainmaker")
    a, b = PATHS[0]
    assert GAME.action_targets(Journey(b, a), state) == (f"village-{b}", f"bridge-{a}-{b}")
    assert GAME.action_targets(Pass(), state) == ()


def test_the_picture_marks_every_village_space_and_bridge_once() -> None:
    root = ET.fromstring(board_svg(started(actions=40).state).to_string())
    ids = [e.get("data-target") for e in root.iter() if e.get("data-target") is not None]
    expected = (
        [f"village-{v}" for v in range(VILLAGE_COUNT)]
        + [f"space-{v}-{g.value}" for v in range(VILLAGE_COUNT) for g in GUILDS]
        + [f"bridge-{a}-{b}" for a, b in PATHS]
    )
    assert Counter(ids) == Counter(expected)


def test_the_ids_are_the_same_in_every_state_and_for_every_seat() -> None:
    match = started(seed=5)
    first = svg_target_ids(GAME.render_svg(match.state, 0, None))
    rng = Rng(5)
    while not match.is_over and len(match) < 150:
        match.play(rng.choice(match.legal_actions()))
    for seat in (None, 1, 3):
        assert svg_target_ids(GAME.render_svg(match.state, seat, None)) == first


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_random_games_keep_the_target_contract_without_ambiguity() -> None:
    report = check_targets(GAME, CONFIGS, seeds=range(2), every=4)
    assert report.positions > 100
    assert report.ambiguous == 0, report.examples
    assert report.clickable == report.actions - report.menu_only > 0


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_every_legal_action_is_reached_by_clicking_its_targets_in_any_order() -> None:
    match = started(players=3, seed=11, actions=30)
    rng = Rng(11)
    for _ in range(40):
        if match.is_over:
            break
        legal = match.legal_actions()
        targets = [GAME.action_targets(a, match.state) for a in legal]
        for index, own in enumerate(targets):
            order = list(own)
            rng.shuffle(order)
            clicks: tuple[str, ...] = ()
            for target in order:
                clicks = click(targets, clicks, target)
            result = narrow(targets, clicks)
            if own:
                assert index in result.complete
                assert result.chosen == index or result.clickable  # more students may follow
        match.play(rng.choice(legal))


def test_a_journey_is_the_source_village_then_the_bridge() -> None:
    match = started(players=3, seed=2)
    rng = Rng(2)
    while not any(isinstance(a, Journey) for a in match.legal_actions()):
        match.play(rng.choice(match.legal_actions()))
    legal = match.legal_actions()
    journey = next(a for a in legal if isinstance(a, Journey))
    targets = [GAME.action_targets(a, match.state) for a in legal]
    source = narrow(targets, [f"village-{journey.source}"])
    low, high = sorted((journey.source, journey.destination))
    assert f"bridge-{low}-{high}" in source.clickable
    for i in source.remaining:  # journeys from the village, or a master placed in it
        action = legal[i]
        if isinstance(action, Journey):
            assert action.source == journey.source
        else:
            assert isinstance(action, PlaceMaster) and action.village == journey.source
    chosen = narrow(targets, [f"village-{journey.source}", f"bridge-{low}-{high}"]).chosen
    assert chosen is not None and legal[chosen] == journey
