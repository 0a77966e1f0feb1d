"""A main-phase turn (K-T1…K-T5): step 1, exactly two actions, yurts back from special cards,
one special card, drawing up to 4."""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit import IllegalActionError
from boardkit.flow import StepStarted, TurnEnded
from boardkit_khan.rules.actions import (
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    NoSpecial,
    PlayProtection,
)
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.events import (
    ActionsForfeited,
    CardDrawn,
    CardRevealed,
    RulerMoved,
    SpecialPlayed,
    SpecialReturned,
)
from boardkit_khan.rules.state import (
    STEP_ACTIONS,
    STEP_SPECIAL,
    KhanState,
)

from ..game_builders import (
    BOARD,
    all_cards_count,
    arrange_cards,
    cards_with,
    legal,
    main_state,
    mask,
    of_type,
    step,
    with_field,
)


def _khan_hand(state: KhanState) -> KhanState:
    player = state.flow.active
    assert player is not None
    return arrange_cards(state, hands={player: cards_with("khan")[:4]})


def test_step_one_happens_before_the_actions_k_t1() -> None:
    """K-T1: every main-phase turn opens with a revealed card and a displaced ruler, before the
    player's first decision."""
    state = main_state(4, seed=21)
    player = state.flow.active
    assert player is not None
    # finish this turn with D and no discard, then look at the next player's opening
    state = _khan_hand(state)
    state, _ = step(state, legal(state)[-1])  # InvadeAnywhere is listed last
    state, events = step(state, Discard(()))
    if state.flow.step == STEP_SPECIAL:
        state, events = step(state, NoSpecial())
    assert state.flow.active == (player + 1) % 4
    tail = events[events.index(TurnEnded()) :]
    assert StepStarted("displace") in tail
    assert of_type(tail, CardRevealed) and of_type(tail, RulerMoved)
    assert tail.index(StepStarted("displace")) < tail.index(StepStarted(STEP_ACTIONS))
    assert state.turn.actions_left == 2


def test_two_actions_same_kind_twice_k_t2() -> None:
    """K-T2: exactly two actions, and the same one twice is allowed (A then A)."""
    state = _khan_hand(main_state(4, seed=21))
    player = state.flow.active
    assert state.turn.actions_left == 2
    first = next(a for a in legal(state) if isinstance(a, Invade))
    state, _ = step(state, first)
    assert state.flow.active == player and state.turn.actions_left == 1
    assert state.flow.step == STEP_ACTIONS
    second = next(a for a in legal(state) if isinstance(a, Invade))
    state, events = step(state, second)
    assert state.turn.actions_left == 0
    assert StepStarted("draw") in events or state.flow.step == STEP_SPECIAL


def test_action_d_uses_both_actions_k_t2_k_a_d() -> None:
    """K-T2/K-A-D: D is only offered with both actions left, and spends both."""
    state = _khan_hand(main_state(4, seed=21))
    assert any(isinstance(a, InvadeAnywhere) for a in legal(state))
    after_a, _ = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    assert not any(isinstance(a, InvadeAnywhere) for a in legal(after_a))
    free = BOARD.land & ~after_a.field.occupied
    with pytest.raises(IllegalActionError) as refused:
        step(after_a, InvadeAnywhere((free & -free).bit_length() - 1))
    assert refused.value.rule == "K-A-D"
    after_d, _ = step(state, next(a for a in legal(state) if isinstance(a, InvadeAnywhere)))
    assert after_d.turn.actions_left == 0


def test_no_legal_action_left_loses_the_rest_k_t2() -> None:
    """K-T2 decision: when no action is possible any more, the remaining actions are lost.

    Set-up: the end was just triggered (no ruler left, so no B), a single free land cell (one A,
    no D after it) and an empty tile stock (no C).
    """
    state = _khan_hand(main_state(3, seed=5))
    spare = mask("C5")
    state = with_field(
        state,
        rulers=(-1,) * 8,
        camps=(0,) * 8,
        yurts=(0, 0, 0),
        neutral=BOARD.land & ~spare,
        stock=0,
    )
    state = evolve(state, end_trigger=2, end_first_player=0)
    assert state.turn.actions_left == 2
    options = legal(state)
    assert {type(a) for a in options} == {Invade, InvadeAnywhere}
    after, events = step(state, next(a for a in options if isinstance(a, Invade)))
    assert ActionsForfeited(1) in events
    assert after.turn.actions_left == 0
    assert after.flow.step != STEP_ACTIONS


def test_protection_yurt_comes_back_in_next_step_three_k_t3() -> None:
    """K-T3: a Protection played in step 4 stays until its owner's next step 3, when the yurt
    comes back and the card leaves the game."""
    state = _khan_hand(main_state(4, seed=21))
    player = state.flow.active
    assert player is not None
    for _ in range(2):
        state, _ = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    assert state.flow.step == STEP_SPECIAL
    state, events = step(state, PlayProtection())
    assert SpecialPlayed(player, SpecialCard.PROTECTION) in events
    assert [a.card for a in state.specials.active] == [SpecialCard.PROTECTION]
    # the other three players take their turns; the protection stays
    while state.flow.active != player:
        assert any(a.card is SpecialCard.PROTECTION for a in state.specials.active)
        state, _ = step(state, _no_special_first(state))
    # his own step 2: still active; step 3 (after the two actions) returns it
    state = _khan_hand(state)
    state, _ = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    state, events = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    assert SpecialReturned(player, SpecialCard.PROTECTION) in events
    assert state.specials.active == ()
    assert state.specials.held[player][1] == 0  # the one Protection card is gone


def _no_special_first(state: KhanState) -> KhanAction:
    """A simple policy: never play special cards, else take the first action A, B, D or discard."""
    options = legal(state)
    for action in options:
        if isinstance(action, NoSpecial | Invade | DisplaceRuler | Discard):
            return action
    return options[0]


def test_one_special_card_per_turn_then_step_five_k_t4() -> None:
    """K-T4: step 4 offers the special cards and "no special"; after one is played the turn goes
    straight to step 5."""
    state = _khan_hand(main_state(4, seed=21))
    for _ in range(2):
        state, _ = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    options = legal(state)
    assert NoSpecial() in options and PlayProtection() in options
    after, events = step(state, PlayProtection())
    assert StepStarted("draw") in events and TurnEnded() in events
    assert after.flow.active != state.flow.active


def test_hand_refilled_to_four_k_t5() -> None:
    """K-T5: at the end of his turn the player draws until he holds 4 cards again."""
    state = _khan_hand(main_state(4, seed=21))
    player = state.flow.active
    assert player is not None
    for _ in range(2):
        state, _ = step(state, next(a for a in legal(state) if isinstance(a, Invade)))
    assert len(state.cards.hands[player]) == 2
    top = state.cards.pile[:2]
    state, events = step(state, NoSpecial())
    drawn = [e for e in of_type(events, CardDrawn) if e.player == player]
    assert [e.card for e in drawn] == list(top)
    assert len(state.cards.hands[player]) == 4
    assert all_cards_count(state) == 72
