"""Rulers: displacement (K-R1…K-R5), step 1 (K-T1), action B's yurt (K-R3), and the end trigger
(K-R5 / K-E1), including the rulebook's Seljuk example and the edge ruler with 5 directions."""

from __future__ import annotations

from attrs import evolve

from boardkit.flow import PhaseStarted, TurnEnded, TurnStarted
from boardkit.geometry.grid import Direction
from boardkit_khan.rules.actions import Discard, DisplaceRuler, InvadeAnywhere, NoSpecial
from boardkit_khan.rules.components import TileKind
from boardkit_khan.rules.events import (
    CardRevealed,
    EndPhaseTriggered,
    NeutralYurtPlaced,
    RulerMoved,
    RulerRemoved,
)
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.rulers import SUPPLY, find_flight
from boardkit_khan.rules.state import PHASE_END, PHASE_MAIN, STEP_ACTIONS, KhanState, TurnState

from ..game_builders import (
    BOARD,
    RULERS,
    STATIC,
    arrange_cards,
    card_id,
    cell,
    cleared_board,
    legal,
    main_state,
    mask,
    of_type,
    place_tile,
    step,
    with_field,
)

SELJUK = RULERS["Seljuk"]
RUSSIAN = RULERS["Russian"]
FAR = cell("M13")  # a corner far from everything used below


def _rulers_at(state: KhanState, where: dict[int, int]) -> KhanState:
    """Rulers moved: ``where`` maps ruler index to a cell; every other ruler to a far corner
    region cell of its own (so they do not block the cells under test)."""
    spare = [cell(c) for c in ("A13", "B13", "C13", "D13", "E13", "F13", "G13", "J13")]
    rulers = tuple(where.get(r, spare[r]) for r in range(len(state.field.rulers)))
    return with_field(state, rulers=rulers)


def _seljuk_example() -> KhanState:
    """The rulebook picture, transposed onto the reconstructed map around J4.

    SW of J4: I5 under a conquest tile, H6 river, G7 a neutral yurt. W of J4: G4, H4, I4 under
    a bridge. N of J4 (J3) and NW of J4 (I3) are free.
    """
    state = cleared_board(main_state(4, seed=3))
    state = _rulers_at(state, {SELJUK: cell("J4")})
    state = place_tile(state, StackKey(TileKind.CONQUEST, "I2"), mask("I5", "J5"), (0,))
    state = place_tile(state, StackKey(TileKind.BRIDGE, "I3"), mask("G4", "H4", "I4"), (1,))
    return with_field(state, neutral=mask("G7"))


def test_rulebook_example_seljuk_flees_northwest_k_r1_k_r2() -> None:
    """K-R1/K-R2 rulebook example: SW blocked by a conquest tile, a neutral yurt and the river,
    W blocked by a bridge — the Seljuk moves one cell NW; with N he moves one cell N."""
    state = _seljuk_example()
    occupied = state.field.occupied
    origin = cell("J4")
    assert find_flight(STATIC, occupied, origin, Direction.SW) == (cell("I3"), Direction.NW)
    assert find_flight(STATIC, occupied, origin, Direction.W) == (cell("I3"), Direction.NW)
    assert find_flight(STATIC, occupied, origin, Direction.N) == (cell("J3"), Direction.N)


def test_rulebook_example_through_action_b_k_a_b_k_r3() -> None:
    """K-A-B/K-R3: action B with a drawn SW card (its ruler ignored) moves the Seljuk NW, and
    the neutral yurt on J4 comes from the general supply, not from his camp."""
    state = _seljuk_example()
    sw_card = card_id("Goryeo", "SW")  # another ruler's card: only the direction counts
    state = arrange_cards(state, top=[sw_card])
    camps = state.field.camps
    after, events = step(state, DisplaceRuler(SELJUK))
    assert of_type(events, CardRevealed) == [CardRevealed(sw_card)]
    assert of_type(events, RulerMoved) == [
        RulerMoved(SELJUK, cell("J4"), cell("I3"), int(Direction.NW))
    ]
    assert of_type(events, NeutralYurtPlaced) == [NeutralYurtPlaced(cell("J4"), SUPPLY)]
    assert after.field.camps == camps
    assert after.field.rulers[SELJUK] == cell("I3")
    assert after.field.neutral & mask("J4")


def test_action_b_never_takes_the_last_camp_yurt_k_a_b_k_r4() -> None:
    """K-A-B/K-R4: action B follows step 1's rules "mit einer Ausnahme": the neutral yurt comes
    from the general supply. So a ruler with one yurt left in his camp is moved, not removed,
    and his camp keeps its yurt (only step 1 empties a camp)."""
    state = cleared_board(main_state(3, seed=5))
    camps = list(state.field.camps)
    camps[SELJUK] = 1
    state = with_field(state, camps=tuple(camps))
    state = arrange_cards(state, top=[card_id("Seljuk", "N")])
    origin = state.field.rulers[SELJUK]
    after, events = step(state, DisplaceRuler(SELJUK))
    assert of_type(events, RulerRemoved) == []
    assert of_type(events, NeutralYurtPlaced) == [NeutralYurtPlaced(origin, SUPPLY)]
    target = of_type(events, RulerMoved)[0].target
    assert after.field.rulers[SELJUK] == target
    assert after.field.camps[SELJUK] == 1
    assert after.field.removed == state.field.removed


def test_edge_ruler_has_five_escape_directions_k_r1() -> None:
    """K-R1: the ray ends at the board's edge — the Russian on the north edge (E1) has 5 escape
    directions; a card pointing N or NE sends him on clockwise, to the east."""
    state = cleared_board(main_state(4))
    origin = BOARD.ruler("Russian").start_cell
    assert origin == cell("E1")
    assert len(BOARD.escape_directions(origin)) == 5
    occupied = state.field.occupied
    assert find_flight(STATIC, occupied, origin, Direction.N) == (cell("F1"), Direction.E)
    assert find_flight(STATIC, occupied, origin, Direction.NE) == (cell("F1"), Direction.E)
    assert find_flight(STATIC, occupied, origin, Direction.NW) == (cell("F1"), Direction.E)


def test_first_free_cell_within_three_and_river_counts_k_r1() -> None:
    """K-R1: occupied cells are jumped, at most 3 cells away; river cells count towards the 3
    but are never a stop."""
    state = cleared_board(main_state(4))
    state = _rulers_at(state, {0: cell("B9"), 1: cell("H7"), 2: cell("G6")})
    state = with_field(state, neutral=mask("C9", "D9"))
    occupied = state.field.occupied
    # two yurts jumped, lands on the third cell
    assert find_flight(STATIC, occupied, cell("B9"), Direction.E) == (cell("E9"), Direction.E)
    # the river cell I7 is passed over, J7 is land
    assert find_flight(STATIC, occupied, cell("H7"), Direction.E) == (cell("J7"), Direction.E)
    # from G6 eastwards lie three river cells: no stop within 3, so SE is tried next (K-R2);
    # there H7 holds a ruler and I8 is river, so the third cell J9 is the stop
    assert find_flight(STATIC, occupied, cell("G6"), Direction.E) == (cell("J9"), Direction.SE)
    # three occupied cells in a row: the direction fails
    blocked = occupied | mask("E9")
    assert find_flight(STATIC, blocked, cell("B9"), Direction.E) == (cell("C10"), Direction.SE)


def test_all_eight_blocked_means_no_flight_k_r2_k_r4() -> None:
    """K-R2/K-R4: when no direction has a free cell within 3, there is no flight."""
    state = cleared_board(main_state(4))
    everything = BOARD.land & ~mask("J4")
    assert find_flight(STATIC, everything, cell("J4"), Direction.N) is None
    del state


def _quiet_end_of_turn(state: KhanState) -> tuple[KhanState, list[object]]:
    """Finish the active player's turn without drawing: D with no discard, no special card."""
    events: list[object] = []
    free = BOARD.land & ~state.field.occupied
    target = (free & -free).bit_length() - 1
    state, ev = step(state, InvadeAnywhere(target))
    events += ev
    state, ev = step(state, Discard(()))
    events += ev
    if state.flow.step == "special":
        state, ev = step(state, NoSpecial())
        events += ev
    return state, events


def test_step_one_displaces_the_card_ruler_with_a_camp_yurt_k_t1_k_r3() -> None:
    """K-T1/K-R3: step 1 reveals the top card, moves the ruler it names in its direction and puts
    a neutral yurt from that ruler's camp on the cell he left."""
    state = cleared_board(main_state(3, seed=5))
    card = card_id("Seljuk", "N")
    state = arrange_cards(state, top=[card])
    origin = state.field.rulers[SELJUK]
    camp = state.field.camps[SELJUK]
    after, events = _quiet_end_of_turn(state)
    assert CardRevealed(card) in events
    moved = of_type(events, RulerMoved)
    assert moved and moved[0].ruler == SELJUK and moved[0].origin == origin
    assert NeutralYurtPlaced(origin, SELJUK) in events
    assert after.field.camps[SELJUK] == camp - 1
    assert after.flow.step == STEP_ACTIONS


def test_last_camp_yurt_removes_the_ruler_k_r4() -> None:
    """K-R4: when the yurt just placed was the last of his camp, the ruler leaves the board; the
    cell he fled to stays free."""
    state = cleared_board(main_state(3, seed=5))
    camps = list(state.field.camps)
    camps[SELJUK] = 1
    state = with_field(state, camps=tuple(camps))
    state = arrange_cards(state, top=[card_id("Seljuk", "N")])
    origin = state.field.rulers[SELJUK]
    after, events = _quiet_end_of_turn(state)
    target = of_type(events, RulerMoved)[0].target
    assert RulerRemoved(SELJUK, "camp") in events
    assert after.field.rulers[SELJUK] == -1
    assert after.field.neutral & (1 << origin)
    assert not after.field.occupied & (1 << target)


def test_blocked_ruler_is_removed_and_camp_empties_k_r4() -> None:
    """K-R4: no free cell in any direction — a neutral yurt still goes on his cell and the rest
    of his camp goes to the general supply."""
    state = main_state(3, seed=5)
    origin = state.field.rulers[SELJUK]
    state = with_field(state, yurts=(0, 0, 0), neutral=BOARD.land & ~state.field.ruler_mask)
    state = arrange_cards(state, top=[card_id("Seljuk", "E")])
    after, events = step(state, DisplaceRuler(SELJUK))
    assert of_type(events, RulerMoved) == []
    assert RulerRemoved(SELJUK, "blocked") in events
    assert after.field.rulers[SELJUK] == -1
    assert after.field.camps[SELJUK] == 0
    assert after.field.neutral & (1 << origin)


def test_removed_ruler_cards_are_skipped_in_step_one_k_r5_k_t1() -> None:
    """K-R5/K-T1: a removed ruler never returns — step 1 keeps drawing past his cards."""
    state = cleared_board(main_state(3, seed=5))
    rulers = list(state.field.rulers)
    rulers[SELJUK] = -1
    camps = list(state.field.camps)
    camps[SELJUK] = 0
    state = with_field(state, rulers=tuple(rulers), camps=tuple(camps))
    skipped = card_id("Seljuk", "N")
    used = card_id("Russian", "S")
    state = arrange_cards(state, top=[skipped, used])
    after, events = _quiet_end_of_turn(state)
    assert of_type(events, CardRevealed)[:2] == [CardRevealed(skipped), CardRevealed(used)]
    moved = of_type(events, RulerMoved)
    assert [m.ruler for m in moved] == [RUSSIAN]
    assert after.field.rulers[SELJUK] == -1


def _four_removed(state: KhanState, keep: tuple[int, ...]) -> KhanState:
    rulers = tuple(c if r in keep else -1 for r, c in enumerate(state.field.rulers))
    camps = tuple(c if r in keep else 0 for r, c in enumerate(state.field.camps))
    return with_field(state, rulers=rulers, camps=camps)


def test_fifth_removal_in_step_one_starts_end_phase_this_turn_k_e1_k_r5() -> None:
    """K-R5/K-E1: the 5th removal in step 1 replaces every other ruler by a neutral yurt, ends
    this turn at once, and the same player opens the end phase."""
    state = cleared_board(main_state(3, seed=5))
    state = _four_removed(state, keep=(0, 1, 2, 3))
    camps = list(state.field.camps)
    camps[SELJUK] = 1
    state = with_field(state, camps=tuple(camps))
    state = arrange_cards(state, top=[card_id("Seljuk", "N")])
    mover = state.flow.active
    assert mover is not None
    others = {r: state.field.rulers[r] for r in (0, 2, 3)}
    after, events = _quiet_end_of_turn(state)
    next_player = (mover + 1) % 3  # the player whose step 1 removed the 5th ruler
    assert EndPhaseTriggered(True, next_player) in events
    for ruler, where in others.items():
        assert NeutralYurtPlaced(where, ruler) in events
        assert RulerRemoved(ruler, "end") in events
    assert after.field.ruler_mask == 0
    assert PhaseStarted(PHASE_END) in events
    end_start = events.index(PhaseStarted(PHASE_END))
    assert events[end_start - 1] == TurnEnded()  # his main-phase turn ended right after step 1
    first_end_turn = of_type(events[end_start:], TurnStarted)[0]
    assert first_end_turn.player == next_player
    assert after.flow.phase == PHASE_END


def test_fifth_removal_in_step_two_lets_the_turn_finish_k_e1() -> None:
    """K-E1: when the 5th ruler leaves during step 2 (action B), the player finishes his turn
    without action B, and the next player opens the end phase."""
    state = main_state(3, seed=5)
    state = _four_removed(state, keep=(0, 1, 2, 3))
    active = state.flow.active
    assert active is not None
    free = BOARD.land & ~state.field.ruler_mask
    spare = mask("M12")
    state = with_field(state, yurts=(0, 0, 0), neutral=free & ~spare)
    state = evolve(state, turn=TurnState(actions_left=2))
    state = arrange_cards(state, top=[card_id("Seljuk", "E")])
    after, events = step(state, DisplaceRuler(SELJUK))
    first = (active + 1) % 3
    assert EndPhaseTriggered(False, first) in events
    assert after.field.ruler_mask == 0
    assert after.flow.phase == PHASE_MAIN and after.flow.active == active
    # the turn goes on: one action left, and B is no longer among the choices
    assert not any(isinstance(a, DisplaceRuler) for a in legal(after))
    while after.flow.phase == PHASE_MAIN:
        after, events = step(after, legal(after)[0])
    assert TurnEnded() in events
    assert after.flow.phase == PHASE_END or after.flow.ended
    started = of_type(events, TurnStarted)
    assert started and started[-1].player == first
