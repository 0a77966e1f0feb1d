"""The game protocol as one contract: optional hooks declared on Game, asked with ``offers``,
and the game's facts as data (``Game.info``)."""

from __future__ import annotations

import inspect
from collections.abc import Sequence

import pytest

from boardkit import Game, NotOfferedError
from boardkit import game as game_module
from boardkit.examples.nim import NimGame
from boardkit.game import OPTIONAL_HOOKS, GameInfo
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame
from tests.core.plain_game import Add, PlainGame, PlainState


def test_exactly_six_methods_are_required() -> None:
    """What docs/tutorial.md and game.py's docstring say: six abstract methods."""
    required = sorted(Game.__abstractmethods__)
    assert required == ["apply", "initial", "legal_actions", "max_entries", "reduce", "result"]
    assert "six required methods" in (inspect.getdoc(game_module) or "")


def test_every_optional_hook_is_declared_on_game_and_not_offered_by_default() -> None:
    class Bare(PlainGame):
        pass

    plain = PlainGame()
    for hook in OPTIONAL_HOOKS:
        assert hook in vars(Game), hook
        assert not plain.offers(hook) and not Bare().offers(hook), hook
    state = PlainState.__new__(PlainState)
    with pytest.raises(NotOfferedError, match="render_svg"):
        plain.render_svg(state)
    with pytest.raises(NotOfferedError, match="evaluate"):
        plain.evaluate(state, 0)
    with pytest.raises(NotOfferedError, match="score"):
        plain.score(state, 0)
    assert plain.action_targets(Add(1), state) == ()  # "reached by its menu only"


TERMINAL_ONLY = frozenset({"render_screen", "why_not", "describe_decision", "describe_events"})
"""The terminal's hooks Nim leaves out: terminal play draws its text board and needs no reasons,
and no entry of Nim holds two events of one kind worth a line together."""

NIM_LEAVES_OUT = TERMINAL_ONLY | {"trained_network"}
"""Every hook Nim leaves out: the terminal's, and a shipped network (greedy plays Nim perfectly)."""


def test_offers_follows_the_class_and_refuses_unknown_names() -> None:
    for game in (KhanGame(), ShangrilaGame()):
        for hook in ("render_svg", "action_targets", "score", "evaluate", "format_position"):
            assert game.offers(hook), (game.name, hook)
    # The tutorial game offers every hook but the terminal's own (its plain text board serves
    # the terminal, and nobody ever owes Nim a decision out of turn).
    assert {h for h in OPTIONAL_HOOKS if not NimGame().offers(h)} == NIM_LEAVES_OUT

    class PlainWithPicture(PlainGame):
        def render_svg(
            self,
            state: PlainState,
            player: int | None = None,
            highlight: object = None,
            *,
            names: Sequence[str] | None = None,
        ) -> str:
            return '<svg xmlns="http://www.w3.org/2000/svg"/>'

    assert PlainWithPicture().offers("render_svg") and not PlainGame().offers("render_svg")
    assert not PlainWithPicture().offers("action_targets")
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
        offers=OPTIONAL_HOOKS - NIM_LEAVES_OUT,
    )
    plain = PlainGame()
    facts = plain.info(plain.make_config(2, seed=1))
    assert facts.offers == frozenset() and facts.max_entries == 11
    assert (facts.num_actions, facts.observation_shape, facts.max_chance_outcomes) == (None,) * 3
    khan = KhanGame()
    facts = khan.info(khan.make_config(2, seed=1))
    assert facts.hidden_information and facts.offers == OPTIONAL_HOOKS
    assert facts.max_entries == khan.max_entries(khan.make_config(2, seed=1))
