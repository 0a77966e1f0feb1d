"""The click-target checks find games whose moves cannot be clicked, and count ambiguity."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from boardkit import Match
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.testing.conformance import ConformanceError
from boardkit.testing.target_checks import (
    TargetReport,
    check_position_targets,
    check_targets,
    svg_target_ids,
)
from tests.core.plain_game import Add, PlainGame, PlainState

CONFIGS: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "options": {"stones": 9}}]
PLAIN_CONFIGS: list[dict[str, Any]] = [{"players": 2}, {"players": 3}]


class UndrawnTargets(NimGame):
    """Broken: the picture draws one stone fewer than the targets name."""

    def render_svg(
        self,
        state: NimState,
        player: int | None = None,
        highlight: Take | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        drawn = super().render_svg(state, player, highlight, names=names)
        return drawn.replace('data-target="stone-0"', "")


class NoPicture(PlainGame):
    """Broken: targets, but nothing to click on."""

    def action_targets(self, action: Add, state: PlainState) -> tuple[str, ...]:
        return (f"add-{action.n}",)


class SameClicks(NimGame):
    """Every take is one click on the last stone: ambiguous, and the menus tell them apart."""

    def action_targets(self, action: Take, state: NimState) -> tuple[str, ...]:
        return (f"stone-{state.stones - 1}",)


class SameClicksSameMenu(SameClicks):
    """Broken: ambiguous clicks, and a menu that cannot tell the moves apart either."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        return ("take",)


class Targets(NimGame):
    """A game whose targets are whatever ``produce`` gives (for the malformed cases)."""

    def __init__(self, produce: Any) -> None:
        self.produce = produce

    def action_targets(self, action: Take, state: NimState) -> Any:
        return self.produce(action, state)


def test_a_clickable_game_passes_and_is_reported() -> None:
    """The tutorial game offers a click for every move: the first stone taken."""
    report = check_targets(NimGame(), CONFIGS, seeds=range(3))
    assert report.positions > 10
    assert report.actions == report.clickable > report.positions
    assert report.ambiguous == 0 and report.menu_only == 0 and report.examples == ()


def test_a_game_without_targets_is_all_menus() -> None:
    report = check_targets(PlainGame(), PLAIN_CONFIGS, seeds=range(2))
    assert report.clickable == 0 and report.menu_only == report.actions > 0


def test_a_target_missing_from_the_picture_is_found() -> None:
    with pytest.raises(ConformanceError, match=r"targets stone-0, not a data-target of player"):
        check_targets(UndrawnTargets(), CONFIGS, seeds=range(2))


def test_targets_without_a_picture_are_found() -> None:
    with pytest.raises(ConformanceError, match="has no render_svg picture"):
        check_targets(NoPicture(), PLAIN_CONFIGS, seeds=range(1))


def test_ambiguous_clicks_are_counted_when_the_menus_decide() -> None:
    report = check_targets(SameClicks(), [{"players": 2}], seeds=range(2))
    assert report.ambiguous > 0 and report.ambiguous <= report.clickable
    assert len(report.examples) == 5
    assert "take 1 / take 2 / take 3" in report.examples[0]


def test_ambiguous_clicks_and_menus_are_refused() -> None:
    with pytest.raises(ConformanceError, match="menu paths that do not tell them apart"):
        check_targets(SameClicksSameMenu(), [{"players": 2}], seeds=range(1))


@pytest.mark.parametrize(
    ("produce", "message"),
    [
        (lambda action, state: ["stone-0"], "it must give a tuple"),
        (lambda action, state: ("stone-0", "stone-0"), "names an id twice"),
        (lambda action, state: ("",), "non-empty str"),
        (lambda action, state: (action.count,), "non-empty str"),
        (lambda action, state: 1 / 0, "action_targets raised ZeroDivisionError"),
    ],
)
def test_malformed_targets_are_found(produce: Any, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_targets(Targets(produce), [{"players": 2}], seeds=range(1))


def test_one_position_is_checked_for_its_deciding_player() -> None:
    game = NimGame()
    state = Match.new(game, 2, {"stones": 2}, seed=1).state
    report = check_position_targets(game, state, "start")
    assert report == TargetReport(1, 2, 2, 0, 0, ())


def test_target_ids_are_read_from_the_picture() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        '<g data-target="a"><circle data-target="b"/></g></svg>'
    )
    assert svg_target_ids(svg) == {"a", "b"}
    with pytest.raises(ConformanceError, match="not well-formed"):
        svg_target_ids("<svg>")
