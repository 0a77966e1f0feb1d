"""The flow of a Khan game: placement rounds, the five steps of a turn, the end phase.

Phases (``state.flow.phase``):

* ``placement`` — K-S4: 3 / 2 / 1 rounds of one start yurt each, from the start player.
* ``main`` — turns of five steps (K-T1…K-T5):

  1. ``on_turn_start``: a Scout's yurt comes back (K-X4); step 1 (K-T1) reveals cards until one
     names a ruler on the board and displaces him (K-R1…K-R5).
  2. ``actions``: the player decides; ``turn.actions_left`` counts down (K-T2). Action D is
     ``InvadeAnywhere`` (both actions) followed by the ``discard`` step. A conquest that needs
     consent hands the decision to the protector (K-X5) and is only spent when it happens.
     When no legal action is left, the remaining actions are lost (decision, K-T2).
  3. yurts come back from Protection / Divine Support (K-T3) — no decision.
  4. ``special``: play one special card or none (K-T4); High Morale opens the ``extra`` step with
     one more action (K-X1). Skipped when no special card can be played.
  5. the hand is filled up to 4 cards (K-T5) and the turn ends.

* ``end`` — K-E2: a turn is two conquests (step ``conquer``). At its start the player's special
  cards lapse. A player without a legal conquest loses his turn (K-E3); when nobody could conquer
  even with every protection and reservation lifted, the game is scored (K-V1…K-V4) and ends.

K-E1: when the fifth ruler is removed in step 1, the turn ends at once and the same player opens
the end phase with a new (end-phase) turn; when it happens later in the turn, the turn goes on
without action B (no ruler is left to displace) and the next player opens the end phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.errors import IllegalActionError
from boardkit.flow import DecisionOwed, DecisionSettled, StepStarted, TurnEnded, next_seat
from boardkit.rng import Rng
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
)
from boardkit_khan.rules.cards import deal, refill_hand
from boardkit_khan.rules.conquest import Conquest
from boardkit_khan.rules.events import (
    ActionsForfeited,
    ActionsGranted,
    ActionTaken,
    CardPlayed,
    CardsDiscarded,
    ConsentGiven,
    ConsentRefused,
    ConsentRequested,
    GameScored,
    TileLaid,
    TurnForfeited,
    YurtPlaced,
)
from boardkit_khan.rules.legality import (
    can_conquer,
    can_ever_conquer,
    check,
    check_conquer,
    has_step_action,
)
from boardkit_khan.rules.queries import active_player, tile_to_take
from boardkit_khan.rules.reducer import Script, new_script
from boardkit_khan.rules.rulers import action_b, step_one
from boardkit_khan.rules.scoring import score_game
from boardkit_khan.rules.special_choices import special_actions
from boardkit_khan.rules.specials import play_special, return_all, return_lasting, return_scouts
from boardkit_khan.rules.state import (
    PHASE_END,
    PHASE_MAIN,
    PHASE_PLACEMENT,
    PLACEMENT_ROUNDS,
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_DISCARD,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    TRIGGER_NONE,
    TRIGGER_STEP1,
    KhanState,
    Static,
    static_for,
)

STEP_DISPLACE = "displace"
"""Step 1 (no decision; marks the log)."""
STEP_DRAW = "draw"
"""Step 5 (no decision; marks the log)."""


# --- events that never vary (immutable values, built once) ------------------------------------

_STEP_PLACE = StepStarted(STEP_PLACE)
_STEP_DISPLACE = StepStarted(STEP_DISPLACE)
_STEP_ACTIONS = StepStarted(STEP_ACTIONS)
_STEP_DISCARD = StepStarted(STEP_DISCARD)
_STEP_EXTRA = StepStarted(STEP_EXTRA)
_STEP_SPECIAL = StepStarted(STEP_SPECIAL)
_STEP_DRAW = StepStarted(STEP_DRAW)
_STEP_CONQUER = StepStarted(STEP_CONQUER)
_TURN_ENDED = TurnEnded()
_TWO_ACTIONS = ActionsGranted(2)
_ONE_ACTION = ActionsGranted(1)
_TOOK_A = ActionTaken("A", 1)
_TOOK_B = ActionTaken("B", 1)
_TOOK_C = ActionTaken("C", 1)
_TOOK_D = ActionTaken("D", 2)


# --- hooks ----------------------------------------------------------------------------------------


def turn_start_events(state: KhanState, rng: Rng) -> Sequence[object]:
    """Events at the start of a turn, up to the first decision (or the end of the turn)."""
    script = new_script(state)
    static = static_for(state.options.board)
    player = active_player(state)
    phase = state.flow.phase
    if phase == PHASE_PLACEMENT:
        script.emit(_STEP_PLACE)
    elif phase == PHASE_MAIN:
        return_scouts(script, player)
        script.emit(_STEP_DISPLACE)
        step_one(script, static, rng)
        if script.state.end_trigger == TRIGGER_STEP1:
            script.emit(_TURN_ENDED)
        else:
            script.emit(_STEP_ACTIONS, _TWO_ACTIONS)
            _after_action(script, static, rng)
    else:
        _end_turn_start(script, static, player)
    return script


def phase_start_events(state: KhanState, rng: Rng) -> Sequence[object]:
    """K-S5: the cards are shuffled and dealt when the main phase begins."""
    if state.flow.phase != PHASE_MAIN:
        return []
    script = new_script(state)
    deal(script, len(static_for(state.options.board).cards), rng)
    return script


def phase_over(state: KhanState) -> bool:
    """Placement ends after all rounds; the main phase ends when the end is triggered."""
    phase = state.flow.phase
    if phase == PHASE_PLACEMENT:
        return state.placements_done >= PLACEMENT_ROUNDS[state.players] * state.players
    if phase == PHASE_MAIN:
        return state.end_trigger != TRIGGER_NONE
    return False


def next_phase(state: KhanState) -> str | None:
    """placement → main → end; the end phase stops through the result, never through here."""
    return {PHASE_PLACEMENT: PHASE_MAIN, PHASE_MAIN: PHASE_END}.get(state.flow.phase)


def next_player(state: KhanState) -> int:
    """Clockwise; the first end-phase turn goes to the player K-E1 names."""
    if state.flow.phase == PHASE_END and state.end_turns == 0:
        return state.end_first_player
    return next_seat(state.flow.active, state.players)


# --- apply ----------------------------------------------------------------------------------------


def action_events(state: KhanState, action: object, rng: Rng) -> Sequence[object]:
    """The events of ``action`` by the deciding player, or an IllegalActionError."""
    check(state, action)
    static = static_for(state.options.board)
    script = new_script(state)
    if isinstance(action, Consent):
        _answer_consent(script, static, action, rng)
        return script
    player = active_player(state)
    if isinstance(action, PlaceStartYurt):
        script.emit(YurtPlaced(player, action.cell), _TURN_ENDED)
    elif isinstance(action, Invade):
        script.emit(_TOOK_A, CardPlayed(player, action.card), YurtPlaced(player, action.cell))
        _after_action(script, static, rng)
    elif isinstance(action, DisplaceRuler):
        script.emit(_TOOK_B)
        action_b(script, static, action.ruler, rng)
        _after_action(script, static, rng)
    elif isinstance(action, Conquer):
        conquest = check_conquer(state, static, player, action)
        if conquest.consent_from:
            script.emit(
                ConsentRequested(
                    player, action.stack, action.orientation, action.anchor, conquest.consent_from
                ),
                DecisionOwed(conquest.consent_from[0], "consent"),
            )
        else:
            _lay_tile(script, static, player, conquest)
            _after_action(script, static, rng)
    elif isinstance(action, InvadeAnywhere):
        script.emit(_TOOK_D, YurtPlaced(player, action.cell), _STEP_DISCARD)
    elif isinstance(action, Discard):
        if action.cards:
            script.emit(CardsDiscarded(player, action.cards))
        script.emit(_STEP_ACTIONS)
        _after_action(script, static, rng)
    elif isinstance(action, NoSpecial):
        _step_five(script, rng)
    else:
        play_special(script, static, player, action)
        if isinstance(action, PlayHighMorale):
            script.emit(_STEP_EXTRA, _ONE_ACTION)
            _after_action(script, static, rng)
        else:
            _step_five(script, rng)
    return script


def _lay_tile(script: Script, static: Static, player: int, conquest: Conquest) -> None:
    """K-A-C: take a tile of the stack and lay it; the sharers put their yurts on it."""
    tile = tile_to_take(script.state, static, player, conquest.stack)
    script.emit(
        _TOOK_C,
        TileLaid(
            player,
            tile,
            conquest.stack,
            conquest.orientation,
            conquest.anchor,
            conquest.mask,
            conquest.sharers,
        ),
    )


def _answer_consent(script: Script, static: Static, action: Consent, rng: Rng) -> None:
    """K-X5: the owed protector answers; on the last yes the tile is laid, on a no it is not."""
    state = script.state
    protector = state.flow.owed[0].player
    pending = state.turn.pending
    if pending is None:  # pragma: no cover - a consent is only owed with a pending conquest
        raise IllegalActionError("K-X5", "no conquest is waiting for consent")
    script.emit(DecisionSettled(protector))
    if not action.yes:
        script.emit(ConsentRefused(protector))
        _after_action(script, static, rng)
        return
    script.emit(ConsentGiven(protector))
    waiting = script.state.turn.pending
    if waiting is not None and waiting.waiting_for:
        script.emit(DecisionOwed(waiting.waiting_for[0], "consent"))
        return
    player = active_player(state)
    conquest = check_conquer(
        script.state, static, player, Conquer(pending.stack, pending.orientation, pending.anchor)
    )
    _lay_tile(script, static, player, conquest)
    _after_action(script, static, rng)


# --- the steps after an action ----------------------------------------------------------------


def _after_action(script: Script, static: Static, rng: Rng) -> None:
    """Go on after an action (or a refusal): wait for the next decision or close the step."""
    state = script.state
    player = active_player(state)
    left = state.turn.actions_left
    if state.flow.phase == PHASE_END:
        if left > 0 and can_conquer(state, static, player):
            return
        if left > 0:
            script.emit(ActionsForfeited(left))
        script.emit(_TURN_ENDED)
        return
    if left > 0:
        if has_step_action(state, static, player):
            return
        script.emit(ActionsForfeited(left))
    if state.flow.step == STEP_EXTRA:
        _step_five(script, rng)
        return
    return_lasting(script, player)  # step 3 (K-T3)
    if special_actions(script.state, static, player):  # step 4 (K-T4)
        script.emit(_STEP_SPECIAL)
        return
    _step_five(script, rng)


def _step_five(script: Script, rng: Rng) -> None:
    """K-T5: fill the hand up to 4 cards; the turn ends."""
    script.emit(_STEP_DRAW)
    refill_hand(script, active_player(script.state), rng)
    script.emit(_TURN_ENDED)


def _end_turn_start(script: Script, static: Static, player: int) -> None:
    """K-E2/K-E3: special cards lapse; conquer twice, lose the turn, or end the game."""
    return_all(script, player)
    state = script.state
    if can_conquer(state, static, player):
        script.emit(_STEP_CONQUER, _TWO_ACTIONS)
        return
    if any(can_ever_conquer(state, static, p) for p in range(state.players)):
        script.emit(TurnForfeited(player), _TURN_ENDED)
        return
    script.emit(final_score(state, static))


def final_score(state: KhanState, static: Static) -> GameScored:
    """K-V1…K-V4 through :mod:`boardkit_khan.rules.scoring`."""
    tiles = [(t.mask, static.tiles[t.tile].points, t.owners) for t in state.field.placed]
    sheet = score_game(
        static.board, tiles, state.players, area_counts_river=state.options.area_counts_river
    )
    scores = sheet.scores
    return GameScored(
        tile_points=tuple(s.points for s in scores),
        bonus=tuple(s.bonus for s in scores),
        total=tuple(s.total for s in scores),
        largest_area=tuple(s.largest_area for s in scores),
        winners=sheet.winners,
    )
