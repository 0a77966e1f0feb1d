"""The game protocol as one contract: optional hooks declared on Game, asked with ``offers``,
and the game's facts as data (``Game.info``)."""

from __future__ import annotations

import inspect

import pytest

from boardkit import Game, NotOfferedError
from boardkit import game as game_module
from boardkit.examples.nim import NimGame, NimState
from boardkit.game import OPTIONAL_HOOKS, GameInfo
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame


def test_exactly_six_methods_are_required() -> None:
    """What docs/tutorial.md and game.py's docstring say: six abstract methods."""
    required = sorted(Game.__abstractmethods__)
    assert required == ["apply", "initial", "legal_actions", "max_entries", "reduce", "result"]
    assert "six required methods" in (inspect.getdoc(game_module) or "")


def test_every_optional_hook_is_declared_on_game_and_not_offered_by_default() -> None:
    class Bare(NimGame):
        pass

    for hook in OPTIONAL_HOOKS:
        assert hook in vars(Game), hook
    assert not NimGame().offers("render_svg")
    assert not Bare().offers("evaluate")
    with pytest.raises(NotOfferedError, match="render_svg"):
        NimGame().render_svg(NimState.__new__(NimState))
    with pytest.raises(NotOfferedError, match="evaluate"):
        NimGame().evaluate(NimState.__new__(NimState), 0)
    with pytest.raises(NotOfferedError, match="score"):
        NimGame().score(NimState.__new__(NimState), 0)


def test_offers_follows_the_class_and_refuses_unknown_names() -> None:
    for game in (KhanGame(), ShangrilaGame()):
        for hook in ("render_svg", "action_targets", "score", "evaluate", "format_position"):
            assert game.offers(hook), (game.name, hook)
    assert NimGame().offers("num_actions") and NimGame().offers("format_position")
    assert not NimGame().offers("action_targets")
    with pytest.raises(ValueError, match="not an optional hook"):
        NimGame().offers("render_svgg")
    with pytest.raises(ValueError, match="not an optional hook"):
        NimGame().offers("apply")


def test_info_gathers_the_facts_of_a_configuration() -> None:
    nim = NimGame()
    info = nim.info(nim.make_config(3, {"max_take": 4}, seed=1))
    assert info == GameInfo(
        name="nim",
        title="Nim",
        version="1.0",
        players=3,
        player_counts=(2, 3, 4),
        hidden_information=False,
        max_entries=16,
        num_actions=4,
        observation_shape=(4,),
        max_chance_outcomes=3,
        offers=frozenset(
            {
                "format_position",
                "parse_position",
                "num_actions",
                "action_to_index",
                "index_to_action",
                "observation_shape",
                "observation",
                "max_chance_outcomes",
            }
        ),
    )
    khan = KhanGame()
    facts = khan.info(khan.make_config(2, seed=1))
    assert facts.hidden_information and facts.offers == OPTIONAL_HOOKS
    assert facts.max_entries == khan.max_entries(khan.make_config(2, seed=1))
