"""Setup (K-S1…K-S5): special cards, rulers and camps, start player, placement rounds, the deck."""

from __future__ import annotations

import pytest

from boardkit import IllegalActionError
from boardkit.flow import PhaseStarted, TurnStarted
from boardkit_khan.rules.actions import DisplaceRuler, PlaceStartYurt
from boardkit_khan.rules.components import CAMP_YURTS, HAND_SIZE
from boardkit_khan.rules.events import (
    CardDrawn,
    CardRevealed,
    DiscardReshuffled,
    DrawPileShuffled,
    StartPlayerChosen,
    YurtPlaced,
)
from boardkit_khan.rules.state import (
    PHASE_MAIN,
    PHASE_PLACEMENT,
    PLACEMENT_ROUNDS,
    UNKNOWN_CARD,
    KhanState,
)

from ..game_builders import (
    BOARD,
    GAME,
    STATIC,
    all_cards_count,
    main_state,
    new_match,
    of_type,
    step,
    through_placement,
    with_cards,
)


@pytest.mark.parametrize(
    ("players", "expected"), [(2, (2, 2, 2, 2)), (3, (2, 1, 1, 1)), (4, (1, 1, 1, 1))]
)
def test_special_cards_dealt_face_up_k_s1(players: int, expected: tuple[int, ...]) -> None:
    """K-S1: every player gets High Morale, Protection, Divine Support, Scout 2/2/2/2,
    2/1/1/1 or 1/1/1/1 — face up: every other player (and a spectator) sees them."""
    state = new_match(players).state
    assert state.specials.held == (expected,) * players
    for viewer in (None, *range(players)):
        seen = GAME.view(state, viewer)
        assert isinstance(seen, KhanState)
        assert seen.specials.held == (expected,) * players


def test_rulers_on_start_cells_with_full_camps_k_s2() -> None:
    """K-S2: every ruler on his start cell, 5 neutral yurts in every camp."""
    state = new_match(3).state
    assert state.field.rulers == tuple(spec.start_cell for spec in BOARD.rulers)
    assert state.field.camps == (CAMP_YURTS,) * 8 and CAMP_YURTS == 5


def test_start_player_is_drawn_at_random_k_s3() -> None:
    """K-S3: the start player is a seeded random event and opens the placement rounds."""
    seen = set()
    for seed in range(40):
        match = new_match(4, seed)
        setup = match.log.entries[0].events
        chosen = of_type(setup, StartPlayerChosen)
        assert len(chosen) == 1
        assert match.state.flow.active == chosen[0].player
        seen.add(chosen[0].player)
    assert seen == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_placement_rounds_one_yurt_each_k_s4(players: int) -> None:
    """K-S4: 3 / 2 / 1 rounds; in turn order each player places one yurt per round on a free
    land cell, never two in the same region; then the main phase begins with the start player."""
    match = new_match(players, seed=11)
    start = match.state.start_player
    order = []
    while match.state.flow.phase == PHASE_PLACEMENT:
        state = match.state
        order.append(state.flow.active)
        legal = match.legal_actions()
        assert legal and all(isinstance(a, PlaceStartYurt) for a in legal)
        free = BOARD.land & ~state.field.occupied
        assert all((free >> a.cell) & 1 for a in legal)
        match.play(legal[len(legal) // 2])
    rounds = PLACEMENT_ROUNDS[players]
    assert rounds == {2: 3, 3: 2, 4: 1}[players]
    assert order == [(start + i) % players for i in range(rounds * players)]
    state = match.state
    assert state.flow.phase == PHASE_MAIN and state.flow.active == start
    for seat in range(players):
        cells = [c for c in range(BOARD.grid.size) if (state.field.yurts[seat] >> c) & 1]
        assert len(cells) == rounds
        assert len({BOARD.region_of(c) for c in cells}) == rounds


def test_placement_refuses_a_second_yurt_in_a_region_k_s4() -> None:
    """K-S4: the same player may not place a second start yurt in a region; a non-land cell and
    an occupied cell are refused too."""
    match = new_match(2, seed=1)
    first = match.state.flow.active
    cell_a = match.legal_actions()[0].cell
    match.play(PlaceStartYurt(cell_a))
    match.play(match.legal_actions()[-1])  # the other player
    assert match.state.flow.active == first
    region = BOARD.region_of(cell_a)
    assert region is not None
    legal = GAME.legal_actions(match.state)
    placements = [a for a in legal if isinstance(a, PlaceStartYurt)]
    assert len(placements) == len(legal)
    same_region = [a.cell for a in placements if BOARD.region_of(a.cell) == region]
    assert same_region == []
    other = next(
        c
        for c in range(BOARD.grid.size)
        if BOARD.region_of(c) == region and not (match.state.field.occupied >> c) & 1
    )
    with pytest.raises(IllegalActionError) as refused:
        match.play(PlaceStartYurt(other))
    assert refused.value.rule == "K-S4"
    river = (BOARD.river & -BOARD.river).bit_length() - 1
    with pytest.raises(IllegalActionError):
        match.play(PlaceStartYurt(river))
    with pytest.raises(IllegalActionError):
        match.play(PlaceStartYurt(cell_a))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_shuffled_and_four_dealt_k_s5(players: int) -> None:
    """K-S5: when the main phase begins the 72 cards are shuffled and 4 dealt to each player;
    the rest is the draw pile."""
    match = through_placement(new_match(players, seed=4))
    events = [e for entry in match.log.entries for e in entry.events]
    shuffled = of_type(events, DrawPileShuffled)
    assert len(shuffled) == 1 and sorted(shuffled[0].cards) == list(range(72))
    main_start = events.index(PhaseStarted(PHASE_MAIN))
    dealt = of_type(events[main_start:], CardDrawn)
    assert len(dealt) >= HAND_SIZE * players
    first_turn = events.index(TurnStarted(match.state.start_player, match.state.flow.turn))
    assert events.index(shuffled[0]) < first_turn
    state = match.state
    # step 1 of the first turn revealed at least one card onto the discard pile
    assert all(len(h) == HAND_SIZE for h in state.cards.hands)
    assert len(state.cards.pile) == 72 - HAND_SIZE * players - len(state.cards.discard)
    assert all_cards_count(state) == 72


def test_empty_draw_pile_is_replaced_by_shuffled_discards_k_s5() -> None:
    """K-S5: when the last card of the draw pile is taken, the face-up discard pile is shuffled
    into a new, secret draw pile."""
    state = main_state(3, seed=2)
    cards = state.cards
    # all but one pile card lie face up on the discard pile
    state = with_cards(state, pile=cards.pile[:1], discard=(*cards.discard, *cards.pile[1:]))
    ruler = next(r for r, c in enumerate(state.field.rulers) if c >= 0)
    before_discard = state.cards.discard
    after, events = step(state, DisplaceRuler(ruler))
    revealed = of_type(events, CardRevealed)[0].card
    reshuffles = of_type(events, DiscardReshuffled)
    assert len(reshuffles) == 1
    assert sorted(reshuffles[0].cards) == sorted((*before_discard, revealed))
    assert after.cards.discard == ()
    assert after.cards.pile == reshuffles[0].cards
    assert all_cards_count(after) == 72
    # the order is secret: another player reads it redacted
    assert state.flow.active is not None
    other = (state.flow.active + 1) % 3
    hidden = GAME.redact(reshuffles[0], other)
    assert hidden == DiscardReshuffled((UNKNOWN_CARD,) * len(reshuffles[0].cards))


def test_placement_yurt_events_k_s4() -> None:
    """K-S4: a start yurt is a YurtPlaced event and ends the player's placement turn."""
    match = new_match(4, seed=8)
    player = match.state.flow.active
    assert player is not None
    action = match.legal_actions()[3]
    events = match.play(action)
    assert YurtPlaced(player, action.cell) in events
    assert match.state.flow.active == (player + 1) % 4
    assert STATIC.board.land >> action.cell & 1
