"""Playing Khan by clicks: targets of each action, ids in the picture, hands stay hidden."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from boardkit import Match, Rng
from boardkit.flow import decider
from boardkit.geometry.grid import cells_of
from boardkit.present.clicks import click, narrow
from boardkit.testing.target_checks import (
    check_position_targets,
    check_targets,
    svg_target_ids,
)
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.actions import (
    Conquer,
    Consent,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    NoSpecial,
    PlaceStartYurt,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
)
from boardkit_khan.rules.components import TileKind
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import static_for

GAME = KhanGame()
STATIC = static_for("")
BOARD = STATIC.board


@cache
def played(players: int, seed: int, actions: int) -> Match[Any]:
    """A match after ``actions`` random actions, one in three a conquest when one is legal."""
    match = Match.new(GAME, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        legal = match.legal_actions()
        conquests = [a for a in legal if isinstance(a, Conquer)]
        match.play(rng.choice(conquests if conquests and rng.below(3) == 0 else legal))
    return match


def a_position_with_conquests() -> Match[Any]:
    match = Match.new(GAME, 3, seed=4)
    rng = Rng(4)
    while not any(isinstance(a, Conquer) for a in match.legal_actions()):
        match.play(rng.choice(match.legal_actions()))
    return match


def test_each_action_names_what_a_person_clicks() -> None:
    state = played(3, 4, 30).state
    p = StackKey(TileKind.CONQUEST, "P5")
    assert GAME.action_targets(PlaceStartYurt(40), state) == ("cell-40",)
    assert GAME.action_targets(InvadeAnywhere(41), state) == ("cell-41",)
    assert GAME.action_targets(Invade(17, 40), state) == ("card-17", "cell-40")
    assert GAME.action_targets(DisplaceRuler(2), state) == ("ruler-2",)
    assert GAME.action_targets(Discard((3, 9)), state) == ("card-3", "card-9")
    assert GAME.action_targets(PlayScout(p), state) == ("stock-conquest-P5",)
    for menu_only in (Discard(()), Consent(True), NoSpecial(), PlayHighMorale()):
        assert GAME.action_targets(menu_only, state) == ()


def test_a_conquest_is_the_stack_then_the_covered_cells() -> None:
    match = a_position_with_conquests()
    conquest = next(a for a in match.legal_actions() if isinstance(a, Conquer))
    placement = STATIC.table.stack(conquest.stack).get(conquest.orientation, conquest.anchor)
    assert placement is not None
    stack, *cells = GAME.action_targets(conquest, match.state)
    assert stack == f"stock-{conquest.stack.kind.value}-{conquest.stack.shape}"
    assert cells == [f"cell-{c}" for c in cells_of(placement.mask)]


def test_the_stack_and_one_cell_leave_the_placements_through_that_cell() -> None:
    match = a_position_with_conquests()
    legal = match.legal_actions()
    targets = [GAME.action_targets(a, match.state) for a in legal]
    conquest = next(a for a in legal if isinstance(a, Conquer))
    stack, first_cell, *_ = GAME.action_targets(conquest, match.state)
    after = narrow(targets, [stack, first_cell])
    assert legal.index(conquest) in after.remaining
    for i in after.remaining:
        action = legal[i]
        assert isinstance(action, Conquer) and action.stack == conquest.stack
        assert first_cell in targets[i]
    # what lights up next: the other cells of those placements, never the stock or a ruler
    assert after.clickable and all(t.startswith("cell-") for t in after.clickable)


def test_every_clickable_action_is_reached_by_its_clicks_in_any_order() -> None:
    match = a_position_with_conquests()
    rng = Rng(8)
    for _ in range(30):
        legal = match.legal_actions()
        targets = [GAME.action_targets(a, match.state) for a in legal]
        for _ in range(8):
            index = rng.below(len(legal))
            own = targets[index]
            order = list(own)
            rng.shuffle(order)
            clicks: tuple[str, ...] = ()
            for target in order:
                clicks = click(targets, clicks, target)
            result = narrow(targets, clicks)
            if own:
                assert index in result.complete and not result.needs_menu
        match.play(rng.choice(legal))


def test_the_picture_marks_cells_rulers_stock_and_only_the_viewers_hand() -> None:
    state = played(3, 4, 30).state
    for seat in range(3):
        ids = svg_target_ids(GAME.render_svg(state, seat, None))
        assert {f"cell-{c}" for c in cells_of(BOARD.in_play)} <= ids
        on_board = {f"ruler-{r}" for r, cell in enumerate(state.field.rulers) if cell >= 0}
        assert on_board == {i for i in ids if i.startswith("ruler-")}
        stock = {
            f"stock-{key.kind.value}-{key.shape}"
            for key, mask in STATIC.stacks
            if mask & state.field.stock
        }
        assert stock == {i for i in ids if i.startswith("stock-")}
        cards = {f"card-{c}" for c in state.cards.hands[seat]}
        assert cards and cards == {i for i in ids if i.startswith("card-")}
    spectator = svg_target_ids(GAME.render_svg(state, None, None))
    assert not any(i.startswith("card-") for i in spectator)


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_random_games_keep_the_target_contract_without_ambiguity() -> None:
    configs = [{"players": 2}, {"players": 3}, {"players": 4}]
    report = check_targets(GAME, configs, seeds=range(2), every=5)
    assert report.positions > 100
    assert report.ambiguous == 0, report.examples
    assert report.clickable > report.menu_only > 0


def test_a_consent_owed_by_another_seat_is_left_to_the_menu() -> None:
    """K-X5: the protected seat, not the active one, decides; its answers have no targets."""
    match = Match.new(GAME, 3, seed=0)
    rng = Rng(0)
    while not match.state.flow.owed:
        legal = match.legal_actions()
        preferred = [a for a in legal if isinstance(a, Conquer | PlayProtection)]
        match.play(rng.choice(preferred if preferred and rng.below(2) == 0 else legal))
    state = match.state
    assert decider(state.flow) != state.flow.active
    assert set(match.legal_actions()) == {Consent(True), Consent(False)}
    report = check_position_targets(GAME, state, "consent")
    assert (report.actions, report.clickable, report.menu_only) == (2, 0, 2)
