"""Khan's lazy step-2 action list: the same actions, in the same order, as listing them all."""

from __future__ import annotations

import pytest

from boardkit import Match, Rng
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.action_list import ActionList, CellActions
from boardkit_khan.rules.actions import Conquer, Invade, InvadeAnywhere, KhanAction
from boardkit_khan.rules.legality import (
    anywhere_actions,
    conquer_actions,
    displace_actions,
    invade_actions,
)
from boardkit_khan.rules.state import (
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_EXTRA,
    STEP_PLACE,
    static_for,
)


def _eager(state: object) -> list[KhanAction]:
    """The step's actions listed one by one with the public helpers (the old way)."""
    static = static_for(state.options.board)  # type: ignore[attr-defined]
    who = state.flow.active  # type: ignore[attr-defined]
    if state.flow.step == STEP_CONQUER:  # type: ignore[attr-defined]
        return list(conquer_actions(state, static, who))  # type: ignore[arg-type]
    return [
        *invade_actions(state, static, who),  # type: ignore[arg-type]
        *displace_actions(state),  # type: ignore[arg-type]
        *conquer_actions(state, static, who),  # type: ignore[arg-type]
        *anywhere_actions(state, static),  # type: ignore[arg-type]
    ]


def test_lazy_lists_equal_the_eager_ones_over_whole_games() -> None:
    game = KhanGame()
    checked = with_conquests = 0
    for seed in (3, 4):
        match = Match.new(game, 4, seed=seed)
        chooser = Rng(seed)
        while not match.is_over:
            state = match.state
            legal = match.legal_actions()
            step = state.flow.step
            if step in (STEP_ACTIONS, STEP_EXTRA, STEP_CONQUER) and not state.flow.owed:
                assert type(legal) is ActionList  # (compiled, isinstance of a tuple is True too)
                eager = _eager(state)
                assert list(legal) == eager and legal == eager and legal == tuple(eager)
                assert len(legal) == len(eager)
                assert [legal[i] for i in range(len(legal))] == eager
                assert [legal[-i] for i in range(1, len(legal) + 1)] == eager[::-1]
                assert legal[1:4] == eager[1:4] and legal[::3] == eager[::3]
                checked += 1
                with_conquests += any(isinstance(a, Conquer) for a in eager)
            match.play(chooser.choice(legal))
    assert checked > 50 and with_conquests > 10


def test_out_of_range_and_sharing() -> None:
    listing = ActionList([], [], [])
    assert len(listing) == 0 and list(listing) == [] and listing == []
    with pytest.raises(IndexError):
        listing[0]
    assert listing != "" and listing != [None]
    with pytest.raises(TypeError):
        hash(listing)


def test_cell_actions_read_the_cells_of_their_masks_in_order() -> None:
    rows: tuple[tuple[KhanAction, ...], ...] = (
        tuple(Invade(7, cell) for cell in range(12)),
        tuple(InvadeAnywhere(cell) for cell in range(12)),
    )
    masks = (0b100101000, 0, 0b11)
    lazy = CellActions([(rows[0], masks[0]), (rows[1], masks[1]), (rows[1], masks[2])])
    eager: list[KhanAction] = [
        Invade(7, 3),
        Invade(7, 5),
        Invade(7, 8),
        InvadeAnywhere(0),
        InvadeAnywhere(1),
    ]
    assert len(lazy) == 5 and list(lazy) == eager and lazy == eager and lazy == tuple(eager)
    assert [lazy[i] for i in range(5)] == eager and [lazy[-i] for i in range(1, 6)] == eager[::-1]
    assert lazy[1:4] == eager[1:4] and lazy[::2] == eager[::2]
    for bad in (5, -6):
        with pytest.raises(IndexError):
            lazy[bad]
    assert lazy != eager[:-1] and lazy != [*eager[:-1], Invade(7, 1)]
    with pytest.raises(TypeError):
        hash(lazy)
    empty = CellActions([])
    assert len(empty) == 0 and list(empty) == [] and repr(empty) == "CellActions([])"


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_legal_action_indices_are_the_listed_actions_indices_in_order(
    players: int, seed: int
) -> None:
    """``legal_action_indices`` reads the masks and conquests without building the actions;
    over whole games it gives exactly the listed actions' indices, in the listing's order, in
    every kind of step (the ones it reads from masks and the ones it indexes one by one)."""
    game = KhanGame()
    match = Match.new(game, players, seed=seed)
    chooser = Rng(seed)
    steps: set[str] = set()
    while not match.is_over:
        state = match.state
        legal = match.legal_actions()
        indexed = [game.action_to_index(action, state) for action in legal]
        assert game.legal_action_indices(state) == indexed
        steps.add("owed" if state.flow.owed else state.flow.step)
        match.play(chooser.choice(legal))
    assert game.legal_action_indices(match.state) == []
    assert {STEP_ACTIONS, STEP_CONQUER, STEP_PLACE} <= steps
