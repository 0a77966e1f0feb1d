"""The end phase (K-E1…K-E3) and the final scoring through the game (K-V1…K-V4)."""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit import IllegalActionError
from boardkit.flow import TurnEnded, TurnStarted
from boardkit_khan.rules.actions import Conquer, Invade, NoSpecial
from boardkit_khan.rules.components import SpecialCard, TileKind
from boardkit_khan.rules.events import (
    ActionsForfeited,
    GameScored,
    SpecialReturned,
    TileLaid,
    TurnForfeited,
)
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.scoring import score_game
from boardkit_khan.rules.state import PHASE_END, STEP_CONQUER, ActiveSpecial, KhanState, TurnState

from ..game_builders import (
    BOARD,
    GAME,
    STATIC,
    arrange_cards,
    cards_with,
    conquer_at,
    legal,
    main_state,
    mask,
    of_type,
    step,
    with_active,
    with_field,
    with_yurts,
)

DOMINO = StackKey(TileKind.CONQUEST, "I2")


def end_state(players: int, owners: dict[str, int | None]) -> KhanState:
    """An end-phase turn of the state's active player, step ``conquer``, two conquests to go;
    no ruler on the board; the board holds exactly the yurts in ``owners``."""
    state = main_state(players, seed=9)
    state = with_field(state, rulers=(-1,) * 8, camps=(0,) * 8, yurts=(0,) * players, neutral=0)
    state = with_yurts(state, owners)
    flow = evolve(state.flow, phase=PHASE_END, step=STEP_CONQUER)
    assert flow.active is not None
    return evolve(
        state,
        flow=flow,
        end_trigger=1,
        end_first_player=flow.active,
        end_turns=1,
        turn=TurnState(actions_left=2),
    )


def test_end_phase_turn_is_two_conquests_only_k_e2() -> None:
    """K-E2: an end-phase turn is two conquests; no hand card and no special card is played."""
    state = end_state(3, {"C9": 0, "D9": 0, "C11": 0, "D11": 0})
    player = state.flow.active
    assert player is not None
    state = with_yurts(state, {"C9": player, "D9": player, "C11": player, "D11": player})
    state = arrange_cards(state, hands={player: cards_with("khan")[:4]})
    options = legal(state)
    assert options and all(isinstance(a, Conquer) for a in options)
    free = BOARD.land & ~state.field.occupied
    with pytest.raises(IllegalActionError) as refused:
        step(state, Invade(cards_with("khan")[0], (free & -free).bit_length() - 1))
    assert refused.value.rule == "K-E2"
    with pytest.raises(IllegalActionError):
        step(state, NoSpecial())
    state, events = step(state, conquer_at(DOMINO, mask("C9", "D9")))
    assert state.flow.active == player and state.turn.actions_left == 1
    state, events = step(state, conquer_at(DOMINO, mask("C11", "D11")))
    assert len(of_type(events, TileLaid)) == 1 and TurnEnded() in events


def test_only_one_conquest_possible_loses_the_second_k_e3() -> None:
    """K-E3: with only one conquest possible the player makes it and loses the second."""
    state = end_state(3, {})
    player = state.flow.active
    assert player is not None
    state = with_yurts(state, {"C9": player, "D9": None})
    state, events = step(state, conquer_at(DOMINO, mask("C9", "D9")))
    assert ActionsForfeited(1) in events and TurnEnded() in events


def test_player_who_cannot_conquer_loses_his_turn_k_e3() -> None:
    """K-E3: a player without a legal conquest loses his turn; the game goes on while someone
    can still conquer."""
    state = end_state(3, {})
    a = state.flow.active
    assert a is not None
    b, c = (a + 1) % 3, (a + 2) % 3
    state = with_yurts(state, {"C9": a, "D9": a, "L9": c, "L10": c})
    state, events = step(state, conquer_at(DOMINO, mask("C9", "D9")))
    assert TurnForfeited(b) in events
    starts = [e.player for e in of_type(events, TurnStarted)]
    assert starts[-2:] == [b, c]
    assert state.flow.active == c and legal(state) == [conquer_at(DOMINO, mask("L9", "L10"))]


def test_game_ends_when_nobody_can_conquer_k_e3_k_v4() -> None:
    """K-E3/K-V1…K-V4: when no player can conquer any more the game is scored and ends; the
    result is the scoring module's result for the tiles on the board."""
    state = end_state(3, {})
    a = state.flow.active
    assert a is not None
    state = with_yurts(state, {"C9": a, "D9": a})
    state, events = step(state, conquer_at(DOMINO, mask("C9", "D9")))
    scored = of_type(events, GameScored)
    assert len(scored) == 1 and state.flow.ended
    tiles = [(t.mask, STATIC.tiles[t.tile].points, t.owners) for t in state.field.placed]
    sheet = score_game(BOARD, tiles, 3)
    assert scored[0].total == tuple(s.total for s in sheet.scores)
    assert scored[0].winners == sheet.winners == (a,)
    result = GAME.result(state)
    assert result is not None and result.winners == (a,)
    assert result.scores == scored[0].total
    assert legal(state) == []


def test_protection_lasts_until_its_owner_turn_and_the_game_waits_k_e2_k_e3() -> None:
    """K-E2: special cards in play stay until their owner's turn comes. K-E3: a player kept from
    conquering only by a protection loses his turn, but the game does not end while someone
    could conquer once the protections have lapsed."""
    state = end_state(3, {})
    a = state.flow.active
    assert a is not None
    b, c = (a + 1) % 3, (a + 2) % 3
    # A lays his last tile; B's only tile would cover a neutral yurt that C's Divine Support
    # guards (C would not share the majority); C has nothing to conquer.
    state = with_yurts(state, {"L9": a, "L10": a, "C9": b, "D9": None})
    state = with_active(state, ActiveSpecial(c, SpecialCard.DIVINE_SUPPORT))
    state = evolve(state, turn=TurnState(actions_left=1))
    state, events = step(state, conquer_at(DOMINO, mask("L9", "L10")))
    assert TurnForfeited(b) in events  # blocked by the support, which is still in play
    returned = events.index(SpecialReturned(c, SpecialCard.DIVINE_SUPPORT))
    assert returned > events.index(TurnForfeited(b))  # it lapsed only when C's turn came
    assert TurnForfeited(c) in events and TurnForfeited(a) in events
    assert not of_type(events, GameScored)
    assert state.flow.active == b and legal(state) == [conquer_at(DOMINO, mask("C9", "D9"))]
    state, events = step(state, conquer_at(DOMINO, mask("C9", "D9")))
    assert of_type(events, GameScored) and state.flow.ended
