"""Displacing rulers (K-R1…K-R5) and triggering the end phase (K-E1).

K-R1 A ruler moves to the first *free* cell (no yurt, no ruler, no tile) in the card's direction,
at most 3 cells away; river cells count towards the 3 but he never stops on one; the ray ends at
the board's edge. K-R2 If there is none, the next direction clockwise is tried, up to all 8.
K-R3 A neutral yurt goes on the cell he left: from his camp in step 1, from the general supply in
action B. K-R4 He is removed when that yurt was the last of his camp, or when no direction had a
free cell (then a neutral yurt still goes on his cell and his camp empties into the supply).
K-R5 A removed ruler never returns; the fifth removal triggers the end phase (K-E1): every ruler
still on the board is replaced by a neutral yurt from his camp and removed.

The Dutch rulebook words the empty-camp case differently (the ruler does not move but swaps places
with his last yurt); the result on the board is the same, because a ruler who moves and is then
removed leaves his new cell free again.
"""

from __future__ import annotations

from boardkit.flow import next_seat
from boardkit.geometry.grid import Direction
from boardkit.rng import Rng
from boardkit_khan.cards import reveal_top
from boardkit_khan.events import (
    EndPhaseTriggered,
    NeutralYurtPlaced,
    RulerMoved,
    RulerRemoved,
)
from boardkit_khan.reducer import Script
from boardkit_khan.state import REMOVALS_TO_END, TRIGGER_NONE, Static

SUPPLY = -1
"""The ``camp`` of a neutral yurt taken from the general supply (K-R3, action B)."""


def find_flight(
    static: Static, occupied: int, cell: int, direction: Direction
) -> tuple[int, Direction] | None:
    """Where a ruler on ``cell`` flees for a card showing ``direction`` (K-R1, K-R2).

    ``occupied`` holds every cell that is not free (yurts, tiles, rulers). Returns the target cell
    and the direction actually used, or ``None`` when all 8 directions are blocked (K-R4).
    """
    rays = static.land_rays[cell]
    start = int(direction)
    for turn in range(8):
        d = (start + turn) & 7
        for target in rays[d]:
            if not (occupied >> target) & 1:
                return target, Direction(d)
    return None


def displace(
    script: Script,
    static: Static,
    ruler: int,
    direction: Direction,
    *,
    from_camp: bool,
    in_step1: bool,
) -> None:
    """Displace ``ruler`` for a card showing ``direction`` and emit every consequence.

    ``from_camp`` — the neutral yurt comes from his camp (step 1) or the supply (action B).
    ``in_step1`` — decides who starts the end phase if this removal is the fifth (K-E1).
    """
    field = script.state.field
    origin = field.rulers[ruler]
    flight = find_flight(static, field.occupied, origin, direction)
    if flight is not None:
        target, used = flight
        script.emit(RulerMoved(ruler, origin, target, int(used)))
    script.emit(NeutralYurtPlaced(origin, ruler if from_camp else SUPPLY))
    if flight is None:
        script.emit(RulerRemoved(ruler, "blocked"))
    elif from_camp and script.state.field.camps[ruler] == 0:
        script.emit(RulerRemoved(ruler, "camp"))
    else:
        return
    _check_end(script, in_step1)


def _check_end(script: Script, in_step1: bool) -> None:
    """K-R5/K-E1: after the fifth removal, clear the board of rulers and trigger the end."""
    state = script.state
    if state.end_trigger != TRIGGER_NONE or state.field.removed < REMOVALS_TO_END:
        return
    for ruler, cell in enumerate(state.field.rulers):
        if cell >= 0:
            script.emit(NeutralYurtPlaced(cell, ruler), RulerRemoved(ruler, "end"))
    active = state.flow.active
    assert active is not None
    first = active if in_step1 else next_seat(active, state.players)
    script.emit(EndPhaseTriggered(in_step1, first))


def step_one(script: Script, static: Static, rng: Rng) -> None:
    """K-T1: reveal cards until one names a ruler still on the board, then displace him with
    a neutral yurt from his camp."""
    while True:
        card = reveal_top(script, rng)
        info = static.cards[card]
        if script.state.field.rulers[info.ruler] >= 0:
            break
    displace(script, static, info.ruler, info.direction, from_camp=True, in_step1=True)


def action_b(script: Script, static: Static, ruler: int, rng: Rng) -> None:
    """K-A-B: reveal a card, ignore its ruler, displace ``ruler`` in its direction with a neutral
    yurt from the general supply."""
    card = reveal_top(script, rng)
    displace(script, static, ruler, static.cards[card].direction, from_camp=False, in_step1=False)
