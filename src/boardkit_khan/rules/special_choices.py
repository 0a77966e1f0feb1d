"""K-T4: which special cards a player may play now (K-X1…K-X4), and which tile a Scout reserves.

:func:`special_actions` lists the cards of step 4 (without "no special", which
:func:`boardkit_khan.rules.legality.legal_actions` adds); legality's ``check`` refuses a card it
does not list, and the turn (:mod:`boardkit_khan.rules.turn`) skips step 4 when it lists none.
What a played card then does is :mod:`boardkit_khan.rules.specials`. The facts of the position
the choices read (free land, reservations, available stacks) come from
:mod:`boardkit_khan.rules.queries`.

Actions are cached objects, as in legality: the same card is always the same instance.
"""

from __future__ import annotations

from boardkit_khan.rules.actions import (
    KhanAction,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
)
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.conquest import has_legal_conquest
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.queries import available_stacks, free_land, reserved_tiles, situation
from boardkit_khan.rules.state import TRIGGER_NONE, UNKNOWN_CARD, KhanState, Static

HIGH_MORALE = PlayHighMorale()
PROTECTION = PlayProtection()


def special_actions(state: KhanState, static: Static, player: int) -> list[KhanAction]:
    """K-T4: every special card ``player`` may play now (K-X1…K-X4), without "no special"."""
    held = state.specials.held[player]
    players = state.players
    active = state.specials.active
    returned = state.turn.returned
    out: list[KhanAction] = []
    # K-X1: High Morale, if there is an action to take with it.
    if held[0] > 0 and _extra_action_exists(state, static, player):
        out.append(HIGH_MORALE)
    # K-X2: Protection — no other player's active; 2 players: not twice in a row.
    if held[1] > 0:
        taken = any(a.card is SpecialCard.PROTECTION and a.owner != player for a in active)
        repeat = players == 2 and SpecialCard.PROTECTION in returned
        if not taken and not repeat:
            out.append(PROTECTION)
    # K-X3: Divine Support.
    if held[2] > 0:
        if players < 4:
            taken = any(a.card is SpecialCard.DIVINE_SUPPORT and a.owner != player for a in active)
            repeat = players == 2 and SpecialCard.DIVINE_SUPPORT in returned
            if not taken and not repeat:
                out.append(PlayDivineSupport(None))
        else:
            guarded = tuple(
                a.region
                for a in active
                if a.card is SpecialCard.DIVINE_SUPPORT and a.owner != player
            )
            row = _divine_row(static, player)
            out += [a for a in row if a.region not in guarded] if guarded else row
    # K-X4: Scout.
    if held[3] > 0:
        out += _scout_actions(state, static, player)
    return out


def _scout(stack: StackKey) -> PlayScout:
    """``PlayScout(stack)``, one shared object per stack."""
    action = _SCOUT.get(stack)
    if action is None:
        action = _SCOUT[stack] = PlayScout(stack)
    return action


_SCOUT: dict[StackKey, PlayScout] = {}


def _divine_row(static: Static, player: int) -> tuple[PlayDivineSupport, ...]:
    """``PlayDivineSupport(region)`` for each region pictured on ``player``'s card, in the
    board's region order: built once per board and seat (the last board's are kept)."""
    last = _DIVINE_ROWS[0]  # one read: another thread may replace it, never change it
    if last[0] is not static:
        last = _DIVINE_ROWS[0] = (static, {})
    row = last[1].get(player)
    if row is None:
        pictured = divine_regions_of(static, player)
        row = tuple(PlayDivineSupport(r) for r in static.region_index if r in pictured)
        last[1][player] = row
    return row


_DIVINE_ROWS: list[tuple[Static | None, dict[int, tuple[PlayDivineSupport, ...]]]] = [(None, {})]


def divine_regions_of(static: Static, player: int) -> frozenset[object]:
    """The regions pictured on ``player``'s Divine Support card (decision: card ``seat``)."""
    cards = static.divine_regions
    return frozenset(cards[player % len(cards)]) if cards else frozenset()


def scout_stacks(state: KhanState, static: Static, player: int) -> list[StackKey]:
    """K-X4: stacks a Scout may reserve. 2–3 players: a stack in stock that no other player
    reserved; 4 players: a stack holding a tile nobody reserved."""
    return [action.stack for action in _scout_actions(state, static, player)]


def _scout_actions(state: KhanState, static: Static, player: int) -> list[PlayScout]:
    """The Scout actions of :func:`scout_stacks`, in its order: read from the board's row of
    stacks beside their shared actions, so that no stack key is hashed per call."""
    rows = _scout_rows(static)
    stock = state.field.stock
    if state.players < 4:
        taken = {
            a.stack
            for a in state.specials.active
            if a.card is SpecialCard.SCOUT and a.owner != player
        }
        return [action for mask, action in rows if mask & stock and action.stack not in taken]
    free = stock & ~reserved_tiles(state, static, None)
    return [action for mask, action in rows if mask & free]


def _scout_rows(static: Static) -> tuple[tuple[int, PlayScout], ...]:
    """Per stack of ``static`` (in its order), the mask of its tiles and its Scout action;
    the last board's row is kept (a game asks for one board's all along)."""
    last = _SCOUT_ROWS[0]  # one read: another thread may replace it, never change it
    if last[0] is static:
        return last[1]
    rows = tuple((mask, _scout(key)) for key, mask in static.stacks)
    _SCOUT_ROWS[0] = (static, rows)
    return rows


_SCOUT_ROWS: list[tuple[Static | None, tuple[tuple[int, PlayScout], ...]]] = [(None, ())]


def scout_tile(state: KhanState, static: Static, stack: StackKey) -> int:
    """The tile a 4-player Scout reserves in ``stack`` (the first nobody reserved), else -1."""
    if state.players < 4:
        return -1
    free = static.stack_mask[stack] & state.field.stock & ~reserved_tiles(state, static, None)
    return (free & -free).bit_length() - 1 if free else -1


def _extra_action_exists(state: KhanState, static: Static, player: int) -> bool:
    """K-X1: whether an action A, B or C could be taken now."""
    if state.end_trigger == TRIGGER_NONE and state.field.removed < len(state.field.rulers):
        return True
    free = free_land(state, static)
    for card in state.cards.hands[player]:
        if card != UNKNOWN_CARD and static.cards[card].allowed & free:
            return True
    return has_legal_conquest(
        static.table, situation(state, static), player, available_stacks(state, static, player)
    )
