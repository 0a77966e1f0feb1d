"""Why a conquest (action C) is refused, in the words a player reads: "a ruler stands on E7",
"the tile would cover 1 of your yurts but 2 of blue's".

The rules themselves live in :mod:`boardkit_khan.conquest` (whose refusals name the clause and
the seat numbers, for logs and tests); this module words the same checks, in the same order,
for the person deciding, so that a menu can say why a tile, an orientation or a cell is not on
offer (:mod:`boardkit_khan.absent`). It reads only the board, the stock, the active cards and
the decider's own seat, all public (K-H1), so a reason gives nothing away. Other seats are
named by their yurt colour (the names belong to the front end).

A test holds it to the rules: a conquest is refused here exactly when it is not legal.
"""

from __future__ import annotations

from boardkit.errors import IllegalActionError
from boardkit.geometry.grid import cells_of
from boardkit.present.voice import join_words
from boardkit_khan.actions import Conquer
from boardkit_khan.narration import tile_name
from boardkit_khan.placements import StackKey, bridge_problem
from boardkit_khan.rules import available_stacks, check_conquer, protections
from boardkit_khan.state import KhanState, Static

SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""The seats as a reason names them: by the colour of their yurts."""


def seat_word(seat: int) -> str:
    """A seat as a reason names it: ``blue``."""
    return SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else f"player {seat + 1}"


def stack_refusal(state: KhanState, static: Static, player: int, stack: StackKey) -> str | None:
    """Why ``player`` may take no tile of ``stack`` now (K-A-C6, K-X4), else ``None``."""
    name = tile_name(stack)
    mask = static.stack_mask.get(stack)
    if mask is None:
        return f"there is no {stack} tile in the game"
    if not mask & state.field.stock:
        return f"{name} is used up (none is left beside the board)"
    if stack not in available_stacks(state, static, player):
        return f"{name} is reserved by another player's Scout"
    return None


def conquest_refusal(state: KhanState, static: Static, player: int, action: Conquer) -> str | None:
    """Why ``player`` may not make the conquest ``action`` now, in plain words; ``None`` when
    the rules allow it (the step aside: :func:`boardkit_khan.rules.check` words that)."""
    stack = action.stack
    refused = stack_refusal(state, static, player, stack)
    if refused is not None:
        return refused
    board = static.board
    stacked = static.table.stack(stack)
    placement = stacked.get(action.orientation, action.anchor)
    if placement is None:
        if not 0 <= action.orientation < len(stacked.orientations):
            return f"{tile_name(stack)} has no orientation {action.orientation}"
        if not 0 <= action.anchor < board.grid.size:
            return f"there is no cell {action.anchor} on the board"
        if stack.bridge:
            return f"the bridge {bridge_problem(stacked, action.orientation, action.anchor)}"
        return "the tile would cover a cell that is not land (river or off the board)"
    field = state.field
    mask = placement.mask
    rulers = mask & field.ruler_mask
    if rulers:
        return f"a ruler stands on {_cells(static, rulers)}"
    tiles = mask & field.tiles
    if tiles:
        return f"a tile lies on {_cells(static, tiles)} already"
    occupied = field.neutral
    for yurts in field.yurts:
        occupied |= yurts
    empty = placement.land & ~occupied
    if empty:
        which = "land cell under a bridge" if stack.bridge else "cell under a tile"
        count = empty.bit_count()
        return (
            f"every {which} must hold a yurt, and {_cells(static, empty)} "
            f"{'holds' if count == 1 else 'hold'} none"
        )
    counts = [(mask & yurts).bit_count() for yurts in field.yurts]
    own, best = counts[player], max(counts)
    if own == 0:
        return "the tile would cover none of your yurts"
    if own < best:
        leader = next(seat for seat, count in enumerate(counts) if count == best)
        return (
            f"the tile would cover {own} of your yurts but {best} of {seat_word(leader)}'s: "
            "you need at least as many as anyone"
        )
    sharers = {seat for seat, count in enumerate(counts) if count == best}
    guard = protections(state, static)
    khan = guard.khan
    if khan is not None and khan != player and mask & field.yurts[khan] and khan not in sharers:
        return (
            f"{seat_word(khan)}'s yurts are protected by the Great Khan, and {seat_word(khan)} "
            "would not share the majority on this tile"
        )
    for protector, area in guard.divine:
        if protector != player and mask & field.neutral & area and protector not in sharers:
            return (
                f"the neutral yurts here are under {seat_word(protector)}'s Divine Support, and "
                f"{seat_word(protector)} would not share the majority on this tile"
            )
    try:
        check_conquer(state, static, player, action)
    except IllegalActionError as error:  # a protector said no in this action (K-X5)
        if error.rule != "K-X5":  # pragma: no cover - the checks above are the rules'
            return error.reason
        who = " and ".join(seat_word(p) for p in sorted(state.turn.consent_refused))
        return f"{who} refused consent to a conquest like this one in this action"
    return None


def no_conquest(state: KhanState, static: Static, player: int) -> str:
    """Why ``player`` has no conquest at all now (the whole of action C is absent)."""
    field = state.field
    if not field.yurts[player]:
        return "you have no yurt on the board for a tile to cover"
    if not available_stacks(state, static, player):
        return "no tile is left for you beside the board"
    return (
        "no tile fits now: a tile may cover only yurts (a bridge crosses the river), at least "
        "as many of yours as of anyone's, and no ruler or other tile"
    )


def _cells(static: Static, mask: int) -> str:
    return join_words([static.board.label(cell) for cell in cells_of(mask)])


__all__ = ["SEAT_COLOURS", "conquest_refusal", "no_conquest", "seat_word", "stack_refusal"]
