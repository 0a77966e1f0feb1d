"""Khan's compact picture for an 80×24 terminal (:meth:`KhanGame.render_screen
<boardkit_khan.game.KhanGame.render_screen>`; see :mod:`boardkit.present.screen`).

The map is 13 rows of two-character cells. The first character says what stands on the cell
(a region letter, ``~`` river, ``.`` out of play, a seat number ``1``–``4`` for a yurt, ``n`` a
neutral yurt, ``A``–``H`` a ruler, ``#`` a conquest tile, ``=`` a bridge); the second, on a cell
under a tile or bridge, says whose it is: the owner's seat number, or ``+`` for a tile shared by
several players. Each owner's cells are tagged with the seat, so a terminal paints them in the
player's colour. Seats are numbered from 1 on the map; the side panel names them.

The side panel: whose turn and what step, the running score (tile points, the area bonus as
it would be given now, their sum, the largest area), your hand, the special cards in play,
rulers and their camps, the legend in words and the piles. A short screen cuts the panel from
the bottom, so what changes comes first and the legend, which does not, last.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.geometry.grid import cells_of
from boardkit.i18n import Message, Messages
from boardkit.present.screen import Line, Picture, Segment, line
from boardkit_khan.present.render import RULER_MARKS
from boardkit_khan.rules.actions import card_text
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.scoring import area_bonuses, areas_of, tile_points
from boardkit_khan.rules.state import SPECIAL_ORDER, UNKNOWN_CARD, KhanState, Static, static_for
from boardkit_khan.rules.views import view
from boardkit_khan.rules.words import tile_words

_t = Messages("boardkit_khan").text

SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""The yurt colours of the four seats, in seat order."""

SPECIAL_SHORT = ("M", "P", "D", "S")
"""The four special cards in :data:`~boardkit_khan.rules.state.SPECIAL_ORDER`, a letter each."""

HAND_WIDTH = 48
"""The widest line of the hand in the side panel (the map takes the other 31 columns)."""

SPECIAL_WORDS = ("high morale", "protection", "divine support", "scout")
"""The same cards in words."""


REGION_WORDS = {
    Region.MOUNTAINS: "mountain",
    Region.ICE_DESERT: "ice",
    Region.TUNDRA: "tundra",
    Region.STONE_DESERT: "stone",
    Region.SAND_DESERT: "sand",
    Region.TROPICAL_FOREST: "forest",
}
"""Each region in the one word the legend gives it."""


def running_score(state: KhanState, static: Static) -> list[tuple[int, int, int, int]]:
    """Per seat ``(tile points, area bonus, total, largest area)`` if the game ended now."""
    tiles = [(t.mask, static.tiles[t.tile].points, t.owners) for t in state.field.placed]
    points = tile_points(tiles, state.players)
    river = state.options.area_counts_river
    areas = [
        areas_of(static.board, tiles, seat, area_counts_river=river)
        for seat in range(state.players)
    ]
    bonus = area_bonuses(areas)
    return [
        (points[s], bonus[s], points[s] + bonus[s], areas[s][0] if areas[s] else 0)
        for s in range(state.players)
    ]


def map_rows(state: KhanState, static: Static) -> tuple[Line, ...]:
    """The map with owners: a header row of column letters, then one row per board row."""
    board = static.board
    grid = board.grid
    field = state.field
    first: dict[int, tuple[str, int | None]] = {}
    owner: dict[int, tuple[str, int | None]] = {}
    for placed in field.placed:
        shared = len(placed.owners) > 1
        seat = None if shared else placed.owners[0]
        mark = "=" if placed.stack.bridge else "#"
        for cell in cells_of(placed.mask):
            first[cell] = (mark, seat)
            owner[cell] = ("+" if shared else str(placed.owners[0] + 1), seat)
    for seat, yurts in enumerate(field.yurts):
        for cell in cells_of(yurts):
            first[cell] = (str(seat + 1), seat)
    for cell in cells_of(field.neutral):
        first[cell] = ("n", None)
    for index, cell in enumerate(field.rulers):
        if cell >= 0:
            first[cell] = (RULER_MARKS[index % len(RULER_MARKS)], None)
    rows: list[Line] = [
        line("   " + "".join(f"{grid.label(c)[:-1]:<2}" for c in range(grid.width)))
    ]
    for row in range(grid.height):
        segments: list[Segment] = [(f"{row + 1:>2} ", None)]
        for col in range(grid.width):
            cell = row * grid.width + col
            head, head_seat = first.get(cell, (board.layout[row][col].lower(), None))
            tail, tail_seat = owner.get(cell, (" ", None))
            seat = head_seat if head_seat is not None else tail_seat
            segments.append((head + tail, seat))
        rows.append(tuple(segments))
    return tuple(rows)


def _status(state: KhanState, names: Sequence[str]) -> list[Line]:
    flow = state.flow
    if flow.ended:
        return [line("game over")]
    head = f"{flow.phase} phase · turn {flow.turn}"
    if flow.step:
        head += f" · step {flow.step}"
    lines = [line(head)]
    if flow.active is not None:
        left = state.turn.actions_left
        extra = f" ({left} action{'s' if left != 1 else ''} left)" if left else ""
        lines.append(line((names[flow.active], flow.active), f" to play{extra}"))
    for owed in flow.owed:
        lines.append(line((names[owed.player], owed.player), f" owes a {owed.kind}"))
    return lines


def _scores(
    state: KhanState, static: Static, names: Sequence[str], player: int | None
) -> list[Line]:
    width = max(len(n) for n in names)
    lines = [line(f"  {'':<{width}} tiles+bonus=score area hand specials")]
    for seat, (points, bonus, total, largest) in enumerate(running_score(state, static)):
        hand = state.cards.hands[seat]
        held = state.specials.held[seat]
        special = "".join(SPECIAL_SHORT[i] * count for i, count in enumerate(held)) or "-"
        lines.append(
            line(
                (f"{seat + 1} {names[seat]:<{width}}", seat),
                f" {points:>5}+{bonus:>5}={total:>5}{largest:>5}{len(hand):>5} {special}",
            )
        )
    if player is not None and 0 <= player < state.players:
        cards = [card_text(c) for c in state.cards.hands[player]] or ["empty"]
        row = "your hand: " + cards[0]
        for card in cards[1:]:
            if len(row) + 2 + len(card) > HAND_WIDTH:
                lines.append(line(row + ","))
                row = "           " + card
            else:
                row += ", " + card
        lines.append(line(row))
    return lines


def _rulers(state: KhanState, static: Static) -> list[Line]:
    board = static.board
    parts = []
    for index, spec in enumerate(board.rulers):
        cell = state.field.rulers[index]
        where = board.label(cell) if cell >= 0 else "out"
        mark = RULER_MARKS[index % len(RULER_MARKS)]
        parts.append(f"{mark} {spec.name} {where} camp {state.field.camps[index]}")
    width = max(len(p) for p in parts)
    return [
        line("  ".join(f"{p:<{width}}" for p in parts[i : i + 2]).rstrip())
        for i in range(0, len(parts), 2)
    ]


def _legend(state: KhanState) -> list[Line]:
    regions = " ".join(f"{r.letter.lower()} {REGION_WORDS[r]}" for r in Region)
    lines = [
        line(regions),
        line("~ river . off n neutral 1-4 yurts A-H rulers"),
        line("#1 tile of 1 =1 bridge of 1 #+ shared tile"),
        line("specials: M morale P protection D divine S scout"),
    ]
    cards = state.cards
    top = cards.discard[-1] if cards.discard else UNKNOWN_CARD
    top_text = card_text(top) if top != UNKNOWN_CARD else "-"
    lines.append(line(f"pile {len(cards.pile)} · discards {len(cards.discard)}"))
    lines.append(line(f"top discard: {top_text}"))
    return lines


def _in_play(state: KhanState, names: Sequence[str]) -> list[Line]:
    lines = [line("in play:")] if state.specials.active else []
    for card in state.specials.active:
        where = ""
        if card.region is not None:
            where = f" on {card.region.title}"
        elif card.stack is not None:
            where = f" on {card.stack}"
        index = SPECIAL_ORDER.index(card.card)
        lines.append(line(f"  {SPECIAL_WORDS[index]} of ", (names[card.owner], card.owner), where))
    return lines


def picture(state: KhanState, player: int | None, names: Sequence[str]) -> Picture:
    """The map with owners, and the side panel, as ``player`` may see the game."""
    seen = view(state, player)
    static = static_for(state.options.board)
    side = [
        *_status(seen, names),
        *_scores(seen, static, names, player),
        *_in_play(seen, names),  # news: above what a short screen cuts first
        *_rulers(seen, static),
        *_legend(seen),
    ]
    return Picture(map_rows(seen, static), tuple(side))


def consent_question(state: KhanState, player: int, names: Sequence[str]) -> str | None:
    """The consent request ``player`` must answer (K-X5) as a question, or ``None`` when none
    is owed by ``player``, in the language of :func:`boardkit.i18n.language`. Everything in it
    is on the board: the pending conquest and whose yurts it covers."""
    pending = state.turn.pending
    owed = state.flow.owed
    if pending is None or not owed or owed[0].player != player or owed[0].kind != "consent":
        return None
    static = static_for(state.options.board)
    placement = static.table.stack(pending.stack).get(pending.orientation, pending.anchor)
    active = state.flow.active
    known = active is not None and active < len(names)
    who = names[active] if known and active is not None else _t("the active player")
    tile = tile_words(pending.stack)
    if placement is None:  # pragma: no cover - a pending conquest is a valid placement
        wants = _t(
            "{name}, {who} wants to lay {tile} at {cell}",
            name=names[player],
            who=who,
            tile=tile,
            cell=static.board.label(pending.anchor),
        )
    else:
        cells = ", ".join(static.board.label(c) for c in cells_of(placement.mask))
        covered = (state.field.yurts[player] & placement.mask).bit_count()
        params: dict[str, str | int | Message] = {
            "name": names[player],
            "who": who,
            "tile": tile,
            "cells": cells,
            "count": covered,
        }
        if covered:
            wants = _t(
                "{name}, {who} wants to lay {tile} on {cells}, covering {count} of your yurts",
                **params,
            )
        else:
            wants = _t("{name}, {who} wants to lay {tile} on {cells}", **params)
    return (
        wants
        + ".\n"
        + _t(
            "Your Protection of the Great Khan means it needs your consent: "
            "yes lets the conquest happen, no refuses it."
        )
    )
