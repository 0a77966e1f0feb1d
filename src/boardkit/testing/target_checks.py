"""The click-target checks of the conformance kit: every move a picture offers can be clicked.

:func:`check_targets` plays random games and, at every ``every``-th position, asks the game's
:meth:`~boardkit.game.Game.action_targets` for each legal action and checks that

- the targets are a tuple of non-empty strings, none twice;
- a game that offers targets also draws pictures (``render_svg``), and every id is the
  ``data-target`` of an element of the picture the deciding player sees of that position;
- the clicks tell the legal actions apart: two actions with the same *set* of targets (what
  :mod:`boardkit.present.clicks` can tell apart, since it takes clicks in any order) are
  *ambiguous*, and
  then a menu must decide between them, so their :meth:`~boardkit.game.Game.action_path` must
  differ.

Ambiguity is allowed but counted: the :class:`TargetReport` says how many legal actions were
ambiguous (and gives a few examples), how many could be clicked and how many were left to the
menus, so a game's tests can pin what they expect::

    report = check_targets(game, [{"players": 3}], seeds=range(3))
    assert report.ambiguous == 0
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen

from boardkit.flow import decider
from boardkit.game import Game
from boardkit.match import Match
from boardkit.runner.simulate import random_playout
from boardkit.testing.errors import ConformanceError, place, reporting

_EXAMPLES = 5


@frozen
class TargetReport:
    """What the checked positions offered.

    ``positions`` checked; ``actions`` legal actions seen there; ``clickable`` those with targets;
    ``menu_only`` those without (reached by the menus alone); ``ambiguous`` clickable actions that
    shared their set of targets with another legal action of the same position; ``examples`` a
    few of those, described.
    """

    positions: int = 0
    actions: int = 0
    clickable: int = 0
    menu_only: int = 0
    ambiguous: int = 0
    examples: tuple[str, ...] = ()

    def __add__(self, other: TargetReport) -> TargetReport:
        return TargetReport(
            self.positions + other.positions,
            self.actions + other.actions,
            self.clickable + other.clickable,
            self.menu_only + other.menu_only,
            self.ambiguous + other.ambiguous,
            (self.examples + other.examples)[:_EXAMPLES],
        )


def svg_target_ids(svg_text: str) -> frozenset[str]:
    """Every ``data-target`` value of an SVG document."""
    try:
        root = ET.fromstring(svg_text)
    except ET.ParseError as exc:
        raise ConformanceError(f"the picture is not well-formed XML: {exc}") from None
    return frozenset(
        value for element in root.iter() if (value := element.get("data-target")) is not None
    )


def _targets_of(game: Game[Any, Any], action: object, state: Any, at: str) -> tuple[str, ...]:
    try:
        targets = game.action_targets(action, state)
    except Exception as exc:
        raise ConformanceError(f"{at}: action_targets raised {exc!r}") from exc
    if type(targets) is not tuple:
        raise ConformanceError(f"{at}: action_targets gave {targets!r}; it must give a tuple")
    for target in targets:
        if type(target) is not str or not target:
            raise ConformanceError(
                f"{at}: action_targets gave {target!r}; every id must be a non-empty str"
            )
    if len(set(targets)) != len(targets):
        raise ConformanceError(f"{at}: action_targets names an id twice: {targets!r}")
    return targets


def check_position_targets(game: Game[Any, Any], state: Any, at: str = "") -> TargetReport:
    """Check the targets of every legal action of one position; return what it offered."""
    player = decider(state.flow)
    legal = list(game.legal_actions(state))
    by_set: dict[frozenset[str], list[object]] = {}
    menu_only = 0
    for action in legal:
        where = f"{at}: {game.describe_action(action, state)}"
        targets = _targets_of(game, action, state, where)
        if targets:
            by_set.setdefault(frozenset(targets), []).append(action)
        else:
            menu_only += 1
    if by_set:
        if not game.offers("render_svg"):
            raise ConformanceError(
                f"{at}: {game.name} offers click targets but has no render_svg picture"
            )
        drawn = svg_target_ids(game.render_svg(state, player, None))
        for ids, actions in by_set.items():
            missing = sorted(ids - drawn)
            if missing:
                raise ConformanceError(
                    f"{at}: {game.describe_action(actions[0], state)} targets "
                    f"{', '.join(missing)}, not a data-target of player {player}'s picture"
                )
    ambiguous = 0
    examples: list[str] = []
    for ids, actions in by_set.items():
        if len(actions) < 2:
            continue
        ambiguous += len(actions)
        paths = [game.action_path(action, state) for action in actions]
        if len(set(paths)) != len(paths):
            raise ConformanceError(
                f"{at}: {len(actions)} actions have the same click targets {sorted(ids)} and "
                f"menu paths that do not tell them apart: {paths}"
            )
        if len(examples) < _EXAMPLES:
            texts = " / ".join(game.describe_action(action, state) for action in actions)
            examples.append(f"{at}: {sorted(ids)} → {texts}")
    clickable = sum(len(actions) for actions in by_set.values())
    return TargetReport(1, len(legal), clickable, menu_only, ambiguous, tuple(examples))


def check_targets_playout(
    game: Game[Any, Any],
    players: int,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    *,
    every: int = 1,
) -> TargetReport:
    """Play one random game and check the targets at every ``every``-th position."""
    config = game.make_config(players, options, seed)
    where = place(game.name, config)
    stage = [f"{where} setup"]
    report = TargetReport()

    def check(match: Match[Any]) -> None:
        nonlocal report
        stage[0] = f"{where} entry {len(match)}"
        if not match.is_over and len(match) % every == 0:
            report += check_position_targets(game, match.state, stage[0])

    with reporting(where, lambda: stage[0]):
        random_playout(game, config, watch=check)
    return report


def check_targets(
    game: Game[Any, Any],
    configs: Sequence[Mapping[str, Any]] | None = None,
    *,
    seeds: Iterable[int] = range(3),
    every: int = 1,
) -> TargetReport:
    """Check the click targets on a random game per configuration and seed; return the report.

    ``configs`` lists dicts with ``players`` and optional ``options``, as for
    :func:`boardkit.testing.check_game`; by default every supported player count.
    """
    chosen = list(configs or [{"players": n} for n in game.player_counts])
    report = TargetReport()
    for seed in seeds:
        for config in chosen:
            report += check_targets_playout(
                game, config["players"], config.get("options"), seed, every=every
            )
    return report
