"""Why an option is absent from Khan's menu (``why_not``): conquests by tile, orientation and
cell, the step's other kinds, a consent owed; reasons in plain words that agree with the rules."""

from __future__ import annotations

import re
from typing import Any

import pytest

from boardkit import Match, Rng
from boardkit.present.menus import ActionMenu
from boardkit_khan.present.absent import ANSWER_FIRST, CONQUER, conquest_candidates
from boardkit_khan.rules.actions import Conquer
from boardkit_khan.rules.queries import active_player
from boardkit_khan.rules.refusals import conquest_refusal
from boardkit_khan.rules.state import (
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_EXTRA,
    STEP_SPECIAL,
    static_for,
)

CLAUSE = re.compile(r"K-[A-Z]")


def _states(players: int, seed: int, every: int = 3) -> list[Any]:
    """Every ``every``-th state of a random game, with the match it came from."""
    match: Match[Any] = Match.new("khan", players, seed=seed)
    rng = Rng(seed, 21)
    out = []
    while not match.is_over:
        if len(match) % every == 0:
            out.append(match.state)
        match.play(rng.choice(match.legal_actions()))
    return out


@pytest.mark.parametrize(
    ("players", "seed"),
    [
        (2, 1),
        pytest.param(3, 2, marks=pytest.mark.slow),
        pytest.param(4, 3, marks=pytest.mark.slow),
    ],
)  # a second of CPU each: the 2-player board stays in the fast suite
@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_conquest_is_refused_in_words_exactly_when_the_rules_refuse_it(
    players: int, seed: int
) -> None:
    """Every stack, orientation and anchor (those where the tile does not even fit included):
    a reason exactly for the conquests not listed, and never a clause ID or a seat number."""
    game = Match.new("khan", players, seed=seed).game
    checked = refused = 0
    for state in _states(players, seed, every=7):
        if state.flow.owed or state.flow.step not in (STEP_ACTIONS, STEP_EXTRA, STEP_CONQUER):
            continue
        static = static_for(state.options.board)
        player = active_player(state)
        legal = {a for a in game.legal_actions(state) if isinstance(a, Conquer)}
        every_anchor = conquest_candidates(
            state, static, ("tile I2", "orientation 0"), set()
        )  # every cell of the board as the anchor of the domino
        for action in [*conquest_candidates(state, static, (), set()), *every_anchor]:
            reason = conquest_refusal(state, static, player, action)
            assert (reason is None) == (action in legal), (action, reason)
            checked += 1
            if reason is not None:
                refused += 1
                assert not CLAUSE.search(reason) and "player " not in reason, reason
    assert checked > 1000 and 0 < refused < checked


def _conquering_state(players: int, seed: int) -> Any:
    for state in _states(players, seed, every=1):
        if state.flow.step == STEP_ACTIONS and not state.flow.owed:
            game = Match.new("khan", players, seed=seed).game
            if any(isinstance(a, Conquer) for a in game.legal_actions(state)):
                return state
    raise AssertionError("no state with a conquest")


def test_why_not_explains_tiles_orientations_and_cells_under_action_c() -> None:
    match: Match[Any] = Match.new("khan", 2, seed=4)
    game = match.game
    state = _conquering_state(2, 4)
    menu = ActionMenu(game, game.legal_actions(state), state)
    path = next(p for p in menu.paths if p[0] == CONQUER)
    stacks = game.why_not(state, (CONQUER,))
    assert stacks and all(label.startswith(("tile ", "bridge ")) for label in stacks)
    assert not set(stacks) & set(menu.paths_at((CONQUER,)))
    assert any("fits nowhere now (for example: " in reason for reason in stacks.values())
    cells = game.why_not(state, path[:3])
    assert not set(cells) & set(menu.paths_at(path[:3]))
    field = state.field
    board = static_for(state.options.board).board
    ruler_cell = board.label(next(c for c in field.rulers if c >= 0))
    assert cells[ruler_cell].startswith("a ruler stands on ")
    assert any(
        reason.startswith("the tile would cover a cell that is not land")
        for reason in cells.values()
    )
    assert any(
        re.fullmatch(r"every cell under a tile must hold a yurt, and .+ holds? none", r)
        for r in cells.values()
    )
    for reason in [*stacks.values(), *cells.values()]:
        assert not CLAUSE.search(reason) and "player " not in reason


def test_why_not_names_what_the_step_calls_for_and_a_consent_first() -> None:
    game = Match.new("khan", 2, seed=5).game
    special = next(s for s in _states(2, 5, every=1) if s.flow.step == STEP_SPECIAL)
    top = game.why_not(special, ())
    assert top["A: invade"] == (
        "an invasion is not possible now: it is time to play a special card or none"
    )
    assert top[CONQUER].startswith("a conquest is not possible now")
    acting = next(s for s in _states(2, 5, every=1) if s.flow.step == STEP_ACTIONS)
    assert game.why_not(acting, ())["special"] == (
        "playing a special card is not possible now: it is time for step 2's actions"
    )
    match: Match[Any] = Match.new("khan", 2, seed=0)
    rng = Rng(0, 9)
    while not match.state.flow.owed:
        match.play(rng.choice(match.legal_actions()))
    owed = game.why_not(match.state, ())
    assert owed[CONQUER] == ANSWER_FIRST and owed["A: invade"] == ANSWER_FIRST
