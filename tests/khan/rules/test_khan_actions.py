"""Actions of step 2 through the game: A (K-A-A), B (K-A-B), C (K-A-C, K-A-C6 with Scouts),
D (K-A-D)."""

from __future__ import annotations

import itertools

import pytest
from attrs import evolve

from boardkit import IllegalActionError
from boardkit_khan.rules.actions import Conquer, Discard, DisplaceRuler, Invade, InvadeAnywhere
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import SpecialCard, TileKind
from boardkit_khan.rules.events import (
    CardPlayed,
    CardsDiscarded,
    NeutralYurtPlaced,
    RulerMoved,
    TileLaid,
    YurtPlaced,
)
from boardkit_khan.rules.legality import discard_actions
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.rulers import SUPPLY
from boardkit_khan.rules.state import STEP_ACTIONS, STEP_DISCARD, ActiveSpecial, KhanState

from ..game_builders import (
    BOARD,
    STATIC,
    arrange_cards,
    card_id,
    cards_with,
    legal,
    main_state,
    mask,
    of_type,
    region_mask,
    step,
    with_field,
)

DOMINO = StackKey(TileKind.CONQUEST, "I2")


def _invade_cells(state: KhanState, card: int) -> int:
    out = 0
    for action in legal(state):
        if isinstance(action, Invade) and action.card == card:
            out |= 1 << action.cell
    return out


@pytest.mark.parametrize(
    ("symbol", "allowed"),
    [
        ("tundra", region_mask(Region.TUNDRA)),
        ("tropical_forest", region_mask(Region.TROPICAL_FOREST)),
        ("khan", BOARD.land),
        ("river", BOARD.river_border),
        ("outland", BOARD.outland_border),
    ],
)
def test_card_symbol_decides_the_cells_k_a_a(symbol: str, allowed: int) -> None:
    """K-A-A: a terrain card allows the free cells of its region, Khan any free land cell, the
    river any free land cell bordering the river, the outland any free land cell bordering the
    outland. Never a river cell."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    card = cards_with(symbol)[0]
    state = arrange_cards(state, hands={player: [card]})
    free = BOARD.land & ~state.field.occupied
    cells = _invade_cells(state, card)
    assert cells == allowed & free
    assert cells and not cells & BOARD.river


def test_invading_plays_the_card_and_places_a_yurt_k_a_a() -> None:
    """K-A-A: the card goes face up onto the discard pile, the yurt onto the cell; an occupied
    cell, a cell of another region and a card not in hand are refused."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    card = cards_with("tundra")[0]
    state = arrange_cards(state, hands={player: [card]})
    target = region_mask(Region.TUNDRA) & ~state.field.occupied
    cell = (target & -target).bit_length() - 1
    after, events = step(state, Invade(card, cell))
    assert CardPlayed(player, card) in events and YurtPlaced(player, cell) in events
    assert after.cards.discard[-1] == card and card not in after.cards.hands[player]
    assert after.field.yurts[player] >> cell & 1
    occupied = state.field.occupied & region_mask(Region.TUNDRA)
    sand = region_mask(Region.SAND_DESERT) & ~state.field.occupied
    other = cards_with("khan")[0]
    for bad in (
        Invade(card, (occupied & -occupied).bit_length() - 1),
        Invade(card, (sand & -sand).bit_length() - 1),
        Invade(other, cell),
    ):
        with pytest.raises(IllegalActionError) as refused:
            step(state, bad)
        assert refused.value.rule == "K-A-A"


def test_displace_any_ruler_with_the_drawn_direction_k_a_b() -> None:
    """K-A-B: any ruler on the board may be named; the drawn card's ruler is ignored, only its
    direction counts; the neutral yurt comes from the general supply."""
    state = main_state(4, seed=6)
    rulers_on_board = [r for r, c in enumerate(state.field.rulers) if c >= 0]
    assert [a.ruler for a in legal(state) if isinstance(a, DisplaceRuler)] == rulers_on_board
    target = 6  # Dai Viet
    state = arrange_cards(state, top=[card_id("Russian", "W")])
    origin = state.field.rulers[target]
    after, events = step(state, DisplaceRuler(target))
    moved = of_type(events, RulerMoved)
    assert [m.ruler for m in moved] == [target]
    assert NeutralYurtPlaced(origin, SUPPLY) in events
    assert after.field.camps == state.field.camps
    removed = with_field(
        state, rulers=tuple(-1 if r == target else c for r, c in enumerate(state.field.rulers))
    )
    with pytest.raises(IllegalActionError) as refused:
        step(removed, DisplaceRuler(target))
    assert refused.value.rule == "K-A-B"


def _domino_ready(state: KhanState) -> tuple[KhanState, int]:
    """The active player owns C9 and D9: a domino can be laid there."""
    player = state.flow.active
    assert player is not None
    yurts = tuple(
        (y & ~mask("C9", "D9")) | (mask("C9", "D9") if seat == player else 0)
        for seat, y in enumerate(state.field.yurts)
    )
    return with_field(state, yurts=yurts, neutral=state.field.neutral & ~mask("C9", "D9")), player


def test_conquest_lays_a_tile_and_removes_the_yurts_k_a_c() -> None:
    """K-A-C: a conquest takes a tile from the stock; the covered yurts leave the board and the
    conqueror's yurt goes on the tile."""
    state, player = _domino_ready(main_state(4, seed=6))
    action = next(
        a
        for a in legal(state)
        if isinstance(a, Conquer)
        and a.stack == DOMINO
        and STATIC.table.stack(DOMINO).get(a.orientation, a.anchor).mask == mask("C9", "D9")  # type: ignore[union-attr]
    )
    after, events = step(state, action)
    laid = of_type(events, TileLaid)
    assert len(laid) == 1 and laid[0].owners == (player,) and laid[0].mask == mask("C9", "D9")
    assert not after.field.yurts[player] & mask("C9", "D9")
    assert after.field.tiles & mask("C9", "D9") == mask("C9", "D9")
    assert (after.field.stock.bit_count(), len(after.field.placed)) == (37, 1)


def test_no_tile_of_an_exhausted_shape_k_a_c6() -> None:
    """K-A-C6: when no tile of a shape is left, that shape cannot be laid — another must be used."""
    state, _ = _domino_ready(main_state(4, seed=6))
    assert any(isinstance(a, Conquer) and a.stack == DOMINO for a in legal(state))
    no_dominoes = with_field(state, stock=state.field.stock & ~STATIC.stack_mask[DOMINO])
    assert not any(isinstance(a, Conquer) and a.stack == DOMINO for a in legal(no_dominoes))
    action = next(a for a in legal(state) if isinstance(a, Conquer) and a.stack == DOMINO)
    with pytest.raises(IllegalActionError) as refused:
        step(no_dominoes, action)
    assert refused.value.rule == "K-A-C6"


@pytest.mark.parametrize("players", [3, 4])
def test_stacks_reserved_by_another_scout_are_not_available_k_a_c6_k_x4(players: int) -> None:
    """K-A-C6/K-X4: with 2–3 players another player's Scout holds the whole stack; with 4 players
    only one tile, so the stack stays usable while it has another tile, and the Scout's owner may
    always use it."""
    state, player = _domino_ready(main_state(players, seed=6))
    other = (player + 1) % players
    first_domino = (STATIC.stack_mask[DOMINO] & -STATIC.stack_mask[DOMINO]).bit_length() - 1
    scout = ActiveSpecial(
        other, SpecialCard.SCOUT, stack=DOMINO, tile=first_domino if players == 4 else -1
    )
    reserved = evolve(state, specials=evolve(state.specials, active=(scout,)))
    has_domino = any(isinstance(a, Conquer) and a.stack == DOMINO for a in legal(reserved))
    assert has_domino == (players == 4)
    if players == 4:
        # leave only the reserved domino in the stock: now it is out of reach too
        last = with_field(
            reserved,
            stock=(reserved.field.stock & ~STATIC.stack_mask[DOMINO]) | (1 << first_domino),
        )
        assert not any(isinstance(a, Conquer) and a.stack == DOMINO for a in legal(last))
        mine = evolve(last, specials=evolve(last.specials, active=(evolve(scout, owner=player),)))
        assert any(isinstance(a, Conquer) and a.stack == DOMINO for a in legal(mine))


def test_invade_anywhere_then_discard_k_a_d() -> None:
    """K-A-D: an own yurt on any free land cell, then 0–4 hand cards discarded face up; it uses
    both actions."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    free = BOARD.land & ~state.field.occupied
    anywhere = {a.cell for a in legal(state) if isinstance(a, InvadeAnywhere)}
    assert anywhere == {c for c in range(BOARD.grid.size) if free >> c & 1}
    cell = max(anywhere)
    state, events = step(state, InvadeAnywhere(cell))
    assert YurtPlaced(player, cell) in events
    assert state.flow.step == STEP_DISCARD and state.turn.actions_left == 0
    hand = state.cards.hands[player]
    choices = legal(state)
    assert len(choices) == 16 and Discard(()) in choices and Discard(hand) in choices
    assert all(isinstance(c, Discard) for c in choices)
    chosen = Discard(hand[:3])
    after, events = step(state, chosen)
    assert CardsDiscarded(player, hand[:3]) in events
    with pytest.raises(IllegalActionError):
        step(state, Discard((hand[0], hand[0])))
    assert after.flow.step != STEP_ACTIONS or after.flow.active != player


@pytest.mark.parametrize(
    "hand", [(), (4,), (3, 9, 40, 55), (7, 7, 12), (5, 5, 5, 5), (-1, -1, 8, 30)]
)
def test_the_discard_choices_are_every_sorted_sub_collection_once_k_a_d(
    hand: tuple[int, ...],
) -> None:
    """K-A-D: every sub-collection of the hand (a card held twice may go once or twice), each
    once, smallest first and sorted; the choices of up to two cards are shared objects, the
    same for every hand that offers them."""
    choices = [d.cards for d in discard_actions(_hand_state(hand), 0)]
    expected = sorted(
        {tuple(sorted(c for c, keep in zip(hand, bits, strict=True) if keep))
         for bits in itertools.product((0, 1), repeat=len(hand))},
        key=lambda cards: (len(cards), cards),
    )  # fmt: skip
    assert choices == expected
    again = discard_actions(_hand_state((*hand[:2], 70)), 0)
    for old in discard_actions(_hand_state(hand), 0):
        twin = next((d for d in again if d == old), None)
        if twin is not None and len(old.cards) <= 2:
            assert twin is old


def _hand_state(hand: tuple[int, ...]) -> KhanState:
    """A main-phase state whose seat 0 holds ``hand``."""
    state = main_state(4, seed=6)
    hands = (hand, *state.cards.hands[1:])
    return evolve(state, cards=evolve(state.cards, hands=hands))
