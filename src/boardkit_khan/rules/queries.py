"""What a Khan state says about the board that the legality rules read: the seat to move, free
land, the protections and Scout reservations in force, the stacks a player may take a tile from,
and the regions still open to a start yurt.

These are facts of a position, not decisions. :mod:`boardkit_khan.rules.legality` (the actions
of the placement rounds and of step 2, and their checks) and
:mod:`boardkit_khan.rules.special_choices` (the special cards of step 4) both build on them, and
the turn (:mod:`boardkit_khan.rules.turn`) asks here which tile a conquest takes. They have a
module of their own so that legality, which lists the special cards too, and special_choices
both import them, and imports stay one-way.
"""

from __future__ import annotations

from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.conquest import NO_PROTECTION, Protections, Situation
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import KhanState, Static

# --- the board now --------------------------------------------------------------------------------


def active_player(state: KhanState) -> int:
    """The seat whose turn it is (the game is running)."""
    active = state.flow.active
    assert active is not None, "no active player"
    return active


def free_land(state: KhanState, static: Static) -> int:
    """Land cells holding no yurt, ruler or tile (K-A-A, K-A-D, K-S4)."""
    return static.board.land & ~state.field.occupied


def protections(state: KhanState, static: Static) -> Protections:
    """The Protection and Divine Support cards in force (K-X2, K-X3)."""
    if not state.specials.active:
        return NO_PROTECTION
    khan: int | None = None
    divine: list[tuple[int, int]] = []
    for card in state.specials.active:
        if card.card is SpecialCard.PROTECTION:
            khan = card.owner
        elif card.card is SpecialCard.DIVINE_SUPPORT:
            if card.region is None:
                area = static.board.land
            else:
                area = static.region_masks[static.region_index[card.region]]
            divine.append((card.owner, area))
    return Protections(khan, tuple(divine))


def situation(state: KhanState, static: Static, *, protected: bool = True) -> Situation:
    """The board as the conquest rules see it (K-A-C4: tiles and rulers block)."""
    field = state.field
    return Situation(
        yurts=field.yurts,
        neutral=field.neutral,
        blocked=field.tiles | field.ruler_mask,
        protections=protections(state, static) if protected else Protections(),
    )


def reserved_tiles(state: KhanState, static: Static, player: int | None) -> int:
    """Tile indices reserved by Scouts of players other than ``player`` (K-X4).

    With 2 or 3 players a Scout holds a whole stack, with 4 players one tile.
    """
    mask = 0
    four = state.players == 4
    for card in state.specials.active:
        if card.card is SpecialCard.SCOUT and card.owner != player and card.stack is not None:
            mask |= (1 << card.tile) if four else static.stack_mask[card.stack]
    return mask


def available_stacks(state: KhanState, static: Static, player: int) -> tuple[StackKey, ...]:
    """Stacks ``player`` may take a tile from: in stock, not reserved by others (K-A-C6)."""
    usable = state.field.stock
    if state.specials.active:
        usable &= ~reserved_tiles(state, static, player)
    return stacks_holding(static, usable)


def stacks_holding(static: Static, usable: int) -> tuple[StackKey, ...]:
    """The stacks with a tile in ``usable`` (a mask of tile indices): one shared tuple per set of
    stacks, whatever tiles are left in them (the conquest scan recognizes a tuple it has seen by
    its identity, so a tile taken from a stack that still holds others costs it nothing)."""
    memo = static.available_memo
    found = memo.get(usable)
    if found is None:
        bits = 0
        for index, (_, mask) in enumerate(static.stacks):
            if mask & usable:
                bits |= 1 << index
        shared = static.stack_sets
        found = shared.get(bits)
        if found is None:
            if len(shared) >= _MEMO_LIMIT:
                shared.clear()
            found = shared[bits] = tuple(key for key, mask in static.stacks if mask & usable)
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[usable] = found
    return found


_MEMO_LIMIT = 4096
"""The most entries a per-board memo keeps before it starts afresh."""


def tile_to_take(state: KhanState, static: Static, player: int, stack: StackKey) -> int:
    """The tile index ``player`` takes from ``stack``: unreserved tiles first, then his own."""
    usable = static.stack_mask[stack] & state.field.stock
    usable &= ~reserved_tiles(state, static, player)
    free = usable & ~reserved_tiles(state, static, None)
    pick = free or usable
    return (pick & -pick).bit_length() - 1


# --- placement rounds (K-S4) ----------------------------------------------------------------------


def placement_cells(state: KhanState, static: Static, player: int) -> int:
    """K-S4: free land cells in regions still open to ``player``'s start yurt.

    German reading (default): at most one start yurt in each region, whoever placed it, so
    every region that holds a start yurt is closed. Dutch reading (option
    ``start_yurts_per_player``): only the regions where ``player`` placed one are closed.
    """
    used = start_regions_used(state, player)
    allowed = 0
    for index, mask in enumerate(static.region_masks):
        if not (used >> index) & 1:
            allowed |= mask
    return allowed & free_land(state, static)


def start_regions_used(state: KhanState, player: int) -> int:
    """K-S4: bitmask of the region indices closed to ``player``'s next start yurt."""
    if state.options.start_yurts_per_player:
        return state.placed_regions[player]
    used = 0
    for regions in state.placed_regions:
        used |= regions
    return used
