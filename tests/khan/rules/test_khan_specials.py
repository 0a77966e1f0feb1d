"""Special cards (K-X1…K-X4) and consent (K-X5), through the game's steps."""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit import IllegalActionError, NotYourDecisionError
from boardkit.flow import DecisionOwed, DecisionSettled, StepStarted
from boardkit_khan.rules.actions import (
    Conquer,
    Consent,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    NoSpecial,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
)
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import SpecialCard, TileKind
from boardkit_khan.rules.events import (
    ConsentGiven,
    ConsentRefused,
    ConsentRequested,
    SpecialPlayed,
    SpecialReturned,
    TileLaid,
)
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import STEP_ACTIONS, STEP_EXTRA, ActiveSpecial, KhanState

from ..game_builders import (
    STATIC,
    conquer_at,
    deciding,
    legal,
    main_state,
    mask,
    of_type,
    step,
    to_step_four,
    with_active,
    with_field,
    with_yurts,
)

DOMINO = StackKey(TileKind.CONQUEST, "I2")
TROMINO = StackKey(TileKind.CONQUEST, "I3")


# --- K-X1 High Morale -----------------------------------------------------------------------------


def test_high_morale_gives_one_more_action_in_step_four_k_x1() -> None:
    """K-X1: High Morale is played in step 4 and gives one more action A, B or C at once (not D);
    then the turn goes on to step 5. The card leaves the game (combination AAC/AAB/AAA)."""
    state = to_step_four(main_state(4, seed=6))
    player = state.flow.active
    assert player is not None
    assert PlayHighMorale() in legal(state)
    state, events = step(state, PlayHighMorale())
    assert SpecialPlayed(player, SpecialCard.HIGH_MORALE) in events
    assert state.flow.step == STEP_EXTRA and state.turn.actions_left == 1
    assert state.specials.held[player][0] == 0
    assert all(a.card is not SpecialCard.HIGH_MORALE for a in state.specials.active)
    kinds = {type(a) for a in legal(state)}
    assert Invade in kinds and DisplaceRuler in kinds and InvadeAnywhere not in kinds
    after, events = step(state, next(a for a in legal(state) if isinstance(a, DisplaceRuler)))
    assert StepStarted("draw") in events and after.flow.active != player


def test_high_morale_combination_dc_k_x1() -> None:
    """K-X1 rulebook combination DC: invade any land and discard (both actions), then conquer
    with High Morale."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    state = with_yurts(state, {"C9": player, "D9": None})
    state, _ = step(state, InvadeAnywhere(mask_cell("E9")))
    state, _ = step(state, Discard(()))
    assert state.flow.step == "special"
    state, _ = step(state, PlayHighMorale())
    conquest = conquer_at(TROMINO, mask("C9", "D9", "E9"))
    assert conquest in legal(state)
    after, events = step(state, conquest)
    assert of_type(events, TileLaid)[0].owners == (player,)
    assert after.flow.active != player


def mask_cell(label: str) -> int:
    return (mask(label) & -mask(label)).bit_length() - 1


def test_high_morale_needs_a_possible_action_k_x1() -> None:
    """K-X1: High Morale is not offered when no action A, B or C could follow it."""
    state = to_step_four(main_state(3, seed=5))
    player = state.flow.active
    assert player is not None
    dead = with_field(
        state, rulers=(-1,) * 8, camps=(0,) * 8, stock=0, neutral=STATIC.board.land, yurts=(0,) * 3
    )
    dead = evolve(dead, end_trigger=2, end_first_player=0)
    assert PlayHighMorale() not in legal(dead)
    with pytest.raises(IllegalActionError) as refused:
        step(dead, PlayHighMorale())
    assert refused.value.rule == "K-X1"


# --- K-X2 Protection ------------------------------------------------------------------------------


def _protected_by(state: KhanState, protector: int) -> KhanState:
    return with_active(state, ActiveSpecial(protector, SpecialCard.PROTECTION))


def test_protection_forbids_covering_the_protected_yurts_k_x2() -> None:
    """K-X2: while a player's Protection lies, nobody else may cover his yurts — unless he shares
    the majority (then his consent is needed, K-X5)."""
    state = main_state(3, seed=6)
    player = state.flow.active
    assert player is not None
    other = (player + 1) % 3
    state = with_yurts(
        state, {"C9": player, "D9": other, "C10": player, "D10": player, "E10": other}
    )
    state = _protected_by(state, other)
    shared = conquer_at(DOMINO, mask("C9", "D9"))
    outvoted = conquer_at(TROMINO, mask("C10", "D10", "E10"))
    options = legal(state)
    assert shared in options and outvoted not in options
    with pytest.raises(IllegalActionError) as refused:
        step(state, outvoted)
    assert refused.value.rule == "K-A-C7"
    # his own yurts under his own protection: no restriction for himself
    own = evolve(state, specials=evolve(state.specials, active=()))
    assert outvoted in legal(_protected_by(own, player))


def test_protection_only_if_no_other_is_active_k_x2() -> None:
    """K-X2: Protection may only be played while no other player's Protection is active."""
    state = to_step_four(main_state(3, seed=6))
    player = state.flow.active
    assert player is not None
    assert PlayProtection() in legal(state)
    blocked = _protected_by(state, (player + 1) % 3)
    assert PlayProtection() not in legal(blocked)
    with pytest.raises(IllegalActionError) as refused:
        step(blocked, PlayProtection())
    assert refused.value.rule == "K-X2"


def test_two_players_not_twice_in_a_row_k_x2() -> None:
    """K-X2: with 2 players a player may not play Protection in two turns running: in the turn
    whose step 3 took his yurt back from it, another one is not offered."""
    state = to_step_four(main_state(2, seed=6))
    player = state.flow.active
    assert player is not None
    assert state.specials.held[player][1] == 2
    returned = evolve(state, turn=evolve(state.turn, returned=(SpecialCard.PROTECTION,)))
    assert PlayProtection() not in legal(returned)
    assert PlayDivineSupport(None) in legal(returned)  # the rule is per card kind


# --- K-X3 Divine Support --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_divine_support_protects_all_neutral_yurts_k_x3(players: int) -> None:
    """K-X3: with 2 or 3 players Divine Support protects every neutral yurt; only if no other
    player's Divine Support is active."""
    state = main_state(players, seed=6)
    player = state.flow.active
    assert player is not None
    other = (player + 1) % players
    state = with_yurts(state, {"C9": player, "D9": None, "L9": player, "L10": None})
    guarded = with_active(state, ActiveSpecial(other, SpecialCard.DIVINE_SUPPORT))
    for cells in (mask("C9", "D9"), mask("L9", "L10")):
        action = conquer_at(DOMINO, cells)
        assert action in legal(state) and action not in legal(guarded)
    four = to_step_four(main_state(players, seed=6))
    me = four.flow.active
    assert me is not None
    assert PlayDivineSupport(None) in legal(four)
    taken = with_active(four, ActiveSpecial((me + 1) % players, SpecialCard.DIVINE_SUPPORT))
    assert PlayDivineSupport(None) not in legal(taken)


@pytest.mark.parametrize("players", [2, 3])
def test_divine_support_consent_is_asked_of_the_cards_player_k_x3(players: int) -> None:
    """K-X3 (2–3 players): the German "der geschützte Spieler" means the player who played the
    card — nobody else is protected; he must share the majority and is asked for consent."""
    state = main_state(players, seed=6)
    player = state.flow.active
    assert player is not None
    owner = (player + 1) % players
    state = with_yurts(state, {"C9": player, "D9": None, "E9": owner})
    state = with_active(state, ActiveSpecial(owner, SpecialCard.DIVINE_SUPPORT))
    shared = conquer_at(TROMINO, mask("C9", "D9", "E9"))
    alone = conquer_at(DOMINO, mask("C9", "D9"))
    assert shared in legal(state) and alone not in legal(state)
    _, events = step(state, shared)
    assert DecisionOwed(owner, "consent") in events


def test_divine_support_with_four_players_guards_one_region_k_x3() -> None:
    """K-X3: with 4 players the card guards the neutral yurts of one region pictured on it, not
    one another player already guards."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    other = (player + 1) % 4
    # C9/D9 are Sand desert, E9/F9 Mountains
    state = with_yurts(state, {"C9": player, "D9": None, "F9": player, "E9": None})
    guard = ActiveSpecial(other, SpecialCard.DIVINE_SUPPORT, region=Region.SAND_DESERT)
    guarded = with_active(state, guard)
    assert conquer_at(DOMINO, mask("C9", "D9")) not in legal(guarded)
    assert conquer_at(DOMINO, mask("E9", "F9")) in legal(guarded)
    four = with_active(to_step_four(main_state(4, seed=6)), guard)
    offers = [a for a in legal(four) if isinstance(a, PlayDivineSupport)]
    assert PlayDivineSupport(Region.SAND_DESERT) not in offers
    assert len(offers) == 5 and all(a.region is not None for a in offers)
    after, events = step(four, PlayDivineSupport(Region.MOUNTAINS))
    me = four.flow.active
    assert SpecialPlayed(me, SpecialCard.DIVINE_SUPPORT, region=Region.MOUNTAINS) in events  # type: ignore[arg-type]
    assert len(after.specials.active) == 2


# --- K-X4 Scout -----------------------------------------------------------------------------------


def test_scout_reserves_a_stack_and_comes_back_next_turn_k_x4() -> None:
    """K-X4 (2–3 players): the Scout puts a yurt on a stack; the card leaves at once; the
    other players may not use that stack; the yurt comes back at the start of the owner's
    next turn."""
    state = to_step_four(main_state(3, seed=6))
    player = state.flow.active
    assert player is not None
    stacks = [a.stack for a in legal(state) if isinstance(a, PlayScout)]
    assert sorted(stacks) == [key for key, _ in STATIC.stacks]
    state, events = step(state, PlayScout(DOMINO))
    assert SpecialPlayed(player, SpecialCard.SCOUT, stack=DOMINO) in events
    assert state.specials.held[player][3] == 0
    assert [(a.owner, a.stack) for a in state.specials.active] == [(player, DOMINO)]
    # the next player may not reserve the same stack, but another one
    while state.flow.active != player:
        now = state
        if now.flow.step == "special":
            offered = [a.stack for a in legal(now) if isinstance(a, PlayScout)]
            assert DOMINO not in offered
        state, events = step(now, _quiet(now))
    assert SpecialReturned(player, SpecialCard.SCOUT) in events
    returned_at = events.index(SpecialReturned(player, SpecialCard.SCOUT))
    assert returned_at < events.index(StepStarted("displace"), returned_at)
    assert state.specials.active == () or all(a.owner != player for a in state.specials.active)


def _quiet(state: KhanState) -> KhanAction:
    for action in legal(state):
        if isinstance(action, NoSpecial | Invade | Discard):
            return action
    return legal(state)[0]


def test_scout_with_four_players_reserves_one_tile_k_x4() -> None:
    """K-X4 (4 players): the Scout reserves one tile; others may reserve another, identical one."""
    state = to_step_four(main_state(4, seed=6))
    player = state.flow.active
    assert player is not None
    state, events = step(state, PlayScout(DOMINO))
    played = of_type(events, SpecialPlayed)[0]
    dominoes = STATIC.stack_mask[DOMINO]
    assert played.tile >= 0 and (dominoes >> played.tile) & 1
    nxt = to_step_four(state)
    assert nxt.flow.active == (player + 1) % 4
    assert PlayScout(DOMINO) in legal(nxt)  # three more dominoes lie unreserved
    only_one = with_field(nxt, stock=(nxt.field.stock & ~dominoes) | (1 << played.tile))
    assert PlayScout(DOMINO) not in legal(only_one)


# --- K-X5 consent ---------------------------------------------------------------------------------


def _consent_case(players: int = 3) -> tuple[KhanState, int, int, Conquer]:
    state = main_state(players, seed=6)
    player = state.flow.active
    assert player is not None
    other = (player + 1) % players
    state = with_yurts(state, {"C9": player, "D9": other, "M12": player})
    state = _protected_by(state, other)
    return state, player, other, conquer_at(DOMINO, mask("C9", "D9"))


def test_consent_is_asked_of_the_protected_player_k_x5() -> None:
    """K-X5: a conquest needing consent hands the decision to the protector, who answers yes or
    no; only he may answer; on yes the tile is laid, shared by both."""
    state, player, other, action = _consent_case()
    asked, events = step(state, action)
    assert ConsentRequested(player, DOMINO, action.orientation, action.anchor, (other,)) in events
    assert DecisionOwed(other, "consent") in events
    assert deciding(asked) == other and asked.flow.active == player
    assert legal(asked) == [Consent(True), Consent(False)]
    assert asked.turn.actions_left == 2  # nothing spent yet
    from boardkit import Rng, engine

    from ..game_builders import GAME

    with pytest.raises(NotYourDecisionError):
        engine.step(GAME, asked, player, Consent(True), Rng(0))
    with pytest.raises(IllegalActionError) as refused:
        step(asked, next(a for a in legal(state) if isinstance(a, Invade | DisplaceRuler)))
    assert refused.value.rule == "K-X5"
    done, events = step(asked, Consent(True))
    assert DecisionSettled(other) in events and ConsentGiven(other) in events
    assert of_type(events, TileLaid)[0].owners == tuple(sorted((player, other)))
    assert deciding(done) == player and done.turn.actions_left == 1


def test_refused_consent_means_another_action_k_x5() -> None:
    """K-X5: on "no" the conquest does not happen and the action is not spent; the active player
    must choose another action (decision 3: no conquest needing that protector's consent in
    that action)."""
    state, player, other, action = _consent_case()
    asked, _ = step(state, action)
    after, events = step(asked, Consent(False))
    assert ConsentRefused(other) in events and not of_type(events, TileLaid)
    assert deciding(after) == player and after.flow.step == STEP_ACTIONS
    assert after.turn.actions_left == 2
    assert action not in legal(after)
    with pytest.raises(IllegalActionError) as refused:
        step(after, action)
    assert refused.value.rule == "K-X5"
    # the bar lasts for this action only: after another action, asking again is allowed
    moved, _ = step(after, next(a for a in legal(after) if isinstance(a, DisplaceRuler)))
    assert moved.flow.active == player and moved.turn.actions_left == 1
    assert action in legal(moved)


def _two_protectors() -> tuple[KhanState, int, int, int]:
    """4 players: the active player, the next one with Protection of the Great Khan (K-X2) and
    the one after with Divine Support on the Mountains (K-X3). Returns the state and the seats
    ``(player, khan, divine)``. The yurts lie so that the domino C9–D9 and the domino C12–D12
    need the Protection's consent and the tromino F12–G12–H12 (a neutral Mountains yurt) the
    Divine Support's."""
    state = main_state(4, seed=6)
    player = state.flow.active
    assert player is not None
    khan, divine = (player + 1) % 4, (player + 2) % 4
    state = with_yurts(
        state,
        {
            "C9": player,
            "D9": khan,
            "C12": player,
            "D12": khan,
            "F12": None,
            "G12": player,
            "H12": divine,
        },
    )
    state = with_active(
        state,
        ActiveSpecial(khan, SpecialCard.PROTECTION),
        ActiveSpecial(divine, SpecialCard.DIVINE_SUPPORT, region=Region.MOUNTAINS),
    )
    return state, player, khan, divine


def test_refusal_bars_only_the_refusing_protector_k_x2_k_x3_k_x5() -> None:
    """K-X2, K-X3, K-X5 (issue 10), 4 players: after the Protection's owner refuses, every
    conquest needing his consent is off for that action (the refused one and another one), but
    a conquest needing the consent of the Divine Support's owner, who was never asked, may still
    be asked for; he consents and the tile is laid."""
    state, player, khan, divine = _two_protectors()
    refused_tile = conquer_at(DOMINO, mask("C9", "D9"))
    same_protector = conquer_at(DOMINO, mask("C12", "D12"))
    other_protector = conquer_at(TROMINO, mask("F12", "G12", "H12"))
    assert {refused_tile, same_protector, other_protector} <= set(legal(state))
    asked, events = step(state, refused_tile)
    assert DecisionOwed(khan, "consent") in events
    after, _ = step(asked, Consent(False))
    offered = legal(after)
    assert refused_tile not in offered and same_protector not in offered
    assert other_protector in offered
    assert after.turn.consent_refused == (khan,) and after.turn.actions_left == 2
    for barred in (refused_tile, same_protector):
        with pytest.raises(IllegalActionError) as refused:
            step(after, barred)
        assert refused.value.rule == "K-X5" and f"player {khan + 1}" in str(refused.value)
    asked_again, events = step(after, other_protector)
    assert DecisionOwed(divine, "consent") in events
    done, events = step(asked_again, Consent(True))
    assert of_type(events, TileLaid)[0].owners == tuple(sorted((player, divine)))
    assert done.turn.actions_left == 1 and done.turn.consent_refused == ()
    assert refused_tile in legal(done)  # the next action may ask the Protection's owner again


def test_second_refusal_bars_the_second_protector_too_k_x3_k_x5() -> None:
    """K-X3, K-X5, 4 players: when the second protector refuses as well, conquests needing
    either of them are off for that action; conquests needing nobody's consent stay open."""
    state, player, khan, divine = _two_protectors()
    free_tile = conquer_at(DOMINO, mask("B9", "C9"))
    state = with_yurts(state, {"B9": player})
    after, _ = step(step(state, conquer_at(DOMINO, mask("C9", "D9")))[0], Consent(False))
    tromino = conquer_at(TROMINO, mask("F12", "G12", "H12"))
    after, _ = step(step(after, tromino)[0], Consent(False))
    assert after.turn.consent_refused == tuple(sorted((khan, divine)))
    offered = legal(after)
    assert tromino not in offered
    assert not any(
        isinstance(a, Conquer) and a in (tromino, conquer_at(DOMINO, mask("C12", "D12")))
        for a in offered
    )
    assert free_tile in offered
