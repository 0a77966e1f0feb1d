"""Why a conquest (action C) is refused, in the words a player reads: "a ruler stands on E7",
"the tile would cover 1 of your yurts but 2 of blue's".

The rules themselves live in :mod:`boardkit_khan.rules.conquest` (whose refusals name the clause and
the seat numbers, for logs and tests); this module words the same checks, in the same order,
for the person deciding, so that a menu can say why a tile, an orientation or a cell is not on
offer (:mod:`boardkit_khan.present.absent`). It reads only the board, the stock, the active cards
and the decider's own seat, all public (K-H1), so a reason gives nothing away. Other seats are
named by their yurt colour (the names belong to the front end). The reasons are worded in the
language of :func:`boardkit.i18n.language` (Khan's catalogue, :mod:`boardkit_khan.rules.words`).

A test holds it to the rules: a conquest is refused here exactly when it is not legal.
"""

from __future__ import annotations

from boardkit.errors import IllegalActionError
from boardkit.geometry.grid import cells_of
from boardkit.i18n import N_, Messages
from boardkit_khan.rules.actions import Conquer
from boardkit_khan.rules.legality import check_conquer
from boardkit_khan.rules.placements import StackKey, bridge_problem
from boardkit_khan.rules.queries import available_stacks, protections
from boardkit_khan.rules.state import KhanState, Static
from boardkit_khan.rules.words import join_messages, seat_colour, tile_words

_t = Messages("boardkit_khan").text

SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""The seats as a reason names them: by the colour of their yurts."""


def seat_word(seat: int) -> str:
    """A seat as a reason names it: ``blue``."""
    return SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else f"player {seat + 1}"


def stack_refusal(state: KhanState, static: Static, player: int, stack: StackKey) -> str | None:
    """Why ``player`` may take no tile of ``stack`` now (K-A-C6, K-X4), else ``None``."""
    mask = static.stack_mask.get(stack)
    if mask is None:
        return _t("there is no {stack} tile in the game", stack=str(stack))
    name = tile_words(stack)
    if not mask & state.field.stock:
        return _t("{tile} is used up (none is left beside the board)", tile=name)
    if stack not in available_stacks(state, static, player):
        return _t("{tile} is reserved by another player's Scout", tile=name)
    return None


def conquest_refusal(state: KhanState, static: Static, player: int, action: Conquer) -> str | None:
    """Why ``player`` may not make the conquest ``action`` now, in plain words; ``None`` when
    the rules allow it (the step aside: :func:`boardkit_khan.rules.legality.check` words that)."""
    stack = action.stack
    refused = stack_refusal(state, static, player, stack)
    if refused is not None:
        return refused
    board = static.board
    stacked = static.table.stack(stack)
    placement = stacked.get(action.orientation, action.anchor)
    if placement is None:
        if not 0 <= action.orientation < len(stacked.orientations):
            return _t(
                "{tile} has no orientation {orientation}",
                tile=tile_words(stack),
                orientation=action.orientation,
            )
        if not 0 <= action.anchor < board.grid.size:
            return _t("there is no cell {cell} on the board", cell=action.anchor)
        if stack.bridge:
            return _bridge_problem(bridge_problem(stacked, action.orientation, action.anchor))
        return _t("the tile would cover a cell that is not land (river or off the board)")
    field = state.field
    mask = placement.mask
    rulers = mask & field.ruler_mask
    if rulers:
        return _t("a ruler stands on {cells}", cells=_cells(static, rulers))
    tiles = mask & field.tiles
    if tiles:
        return _t("a tile lies on {cells} already", cells=_cells(static, tiles))
    occupied = field.neutral
    for yurts in field.yurts:
        occupied |= yurts
    empty = placement.land & ~occupied
    if empty:
        cells = _cells(static, empty)
        if stack.bridge:
            if empty.bit_count() == 1:
                return _t(
                    "every land cell under a bridge must hold a yurt, and {cells} holds none",
                    cells=cells,
                )
            return _t(
                "every land cell under a bridge must hold a yurt, and {cells} hold none",
                cells=cells,
            )
        if empty.bit_count() == 1:
            return _t(
                "every cell under a tile must hold a yurt, and {cells} holds none", cells=cells
            )
        return _t("every cell under a tile must hold a yurt, and {cells} hold none", cells=cells)
    counts = [(mask & yurts).bit_count() for yurts in field.yurts]
    own, best = counts[player], max(counts)
    if own == 0:
        return _t("the tile would cover none of your yurts")
    if own < best:
        leader = next(seat for seat, count in enumerate(counts) if count == best)
        return _t(
            "the tile would cover {own} of your yurts but {best} of {seat}'s: "
            "you need at least as many as anyone",
            own=own,
            best=best,
            seat=seat_colour(leader),
        )
    sharers = {seat for seat, count in enumerate(counts) if count == best}
    guard = protections(state, static)
    khan = guard.khan
    if khan is not None and khan != player and mask & field.yurts[khan] and khan not in sharers:
        return _t(
            "{seat}'s yurts are protected by the Great Khan, and {seat} would not share the "
            "majority on this tile",
            seat=seat_colour(khan),
        )
    for protector, area in guard.divine:
        if protector != player and mask & field.neutral & area and protector not in sharers:
            return _t(
                "the neutral yurts here are under {seat}'s Divine Support, and {seat} would not "
                "share the majority on this tile",
                seat=seat_colour(protector),
            )
    try:
        check_conquer(state, static, player, action)
    except IllegalActionError as error:  # a protector said no in this action (K-X5)
        if error.rule != "K-X5":  # pragma: no cover - the checks above are the rules'
            return error.reason
        who = join_messages([seat_colour(p) for p in sorted(state.turn.consent_refused)])
        return _t("{seats} refused consent to a conquest like this one in this action", seats=who)
    return None


def no_conquest(state: KhanState, static: Static, player: int) -> str:
    """Why ``player`` has no conquest at all now (the whole of action C is absent)."""
    field = state.field
    if not field.yurts[player]:
        return _t("you have no yurt on the board for a tile to cover")
    if not available_stacks(state, static, player):
        return _t("no tile is left for you beside the board")
    return _t(
        "no tile fits now: a tile may cover only yurts (a bridge crosses the river), at least "
        "as many of yours as of anyone's, and no ruler or other tile"
    )


_BRIDGE_PROBLEMS = {
    "would leave the field": N_("the bridge would leave the field"),
    "covers no river cell": N_("the bridge covers no river cell"),
}


def _bridge_problem(problem: str) -> str:
    """:func:`~boardkit_khan.rules.placements.bridge_problem` as a whole sentence."""
    msgid = _BRIDGE_PROBLEMS.get(
        problem,
        N_(
            "the bridge does not cross the river: its river cells do not separate its land "
            "cells (land on one bank only)"
        ),
    )
    return _t(msgid)


def _cells(static: Static, mask: int) -> str:
    return str(join_messages([static.board.label(cell) for cell in cells_of(mask)]))


__all__ = ["SEAT_COLOURS", "conquest_refusal", "no_conquest", "seat_word", "stack_refusal"]
