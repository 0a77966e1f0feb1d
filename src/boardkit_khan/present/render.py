"""Khan as text for a terminal: the board, camps, stock, special cards, hands, whose turn.

Map legend: region letters in lower case (``m`` mountains, ``i`` ice desert, ``t`` tundra,
``s`` stone desert, ``d`` sand desert, ``f`` tropical forest), ``~`` river, ``.`` out of play;
on top of that ``0``–``3`` a player's yurt, ``n`` a neutral yurt, ``A``–``H`` the eight rulers
(board order), ``#`` a conquest tile and ``=`` a bridge. The legend below the map repeats
this. Only the viewing player's hand is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.present.voice import count_of, seat_name
from boardkit_khan.rules.actions import card_text
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.state import (
    SPECIAL_ORDER,
    UNKNOWN_CARD,
    KhanState,
    static_for,
)
from boardkit_khan.rules.views import view

RULER_MARKS = "ABCDEFGH"
_SPECIAL_NAMES = {
    SpecialCard.HIGH_MORALE: "High Morale",
    SpecialCard.PROTECTION: "Protection",
    SpecialCard.DIVINE_SUPPORT: "Divine Support",
    SpecialCard.SCOUT: "Scout",
}


def map_lines(state: KhanState) -> list[str]:
    """The board, one line per row, with column letters and row numbers."""
    static = static_for(state.options.board)
    board = static.board
    grid = board.grid
    field = state.field
    marks: dict[int, str] = {}
    for placed in field.placed:
        mark = "=" if placed.stack.bridge else "#"
        cell_mask = placed.mask
        while cell_mask:
            low = cell_mask & -cell_mask
            marks[low.bit_length() - 1] = mark
            cell_mask ^= low
    for seat, yurts in enumerate(field.yurts):
        while yurts:
            low = yurts & -yurts
            marks[low.bit_length() - 1] = str(seat)
            yurts ^= low
    neutral = field.neutral
    while neutral:
        low = neutral & -neutral
        marks[low.bit_length() - 1] = "n"
        neutral ^= low
    for index, cell in enumerate(field.rulers):
        if cell >= 0:
            marks[cell] = RULER_MARKS[index % len(RULER_MARKS)]
    lines = ["    " + " ".join(grid.label(col)[:-1] for col in range(grid.width))]
    for row in range(grid.height):
        cells = []
        for col in range(grid.width):
            cell = row * grid.width + col
            cells.append(marks.get(cell, board.layout[row][col].lower()))
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    return lines


def render_text(
    state: KhanState, player: int | None = None, names: Sequence[str] | None = None
) -> str:
    """The whole state as ``player`` (``None``: a spectator) may see it, each seat by its name
    in ``names`` (or as "player 1" without names)."""

    def who(seat: int | None, word: str = "player") -> str:
        fallback = f"{word} {seat}" if seat is None else f"{word} {seat + 1}"
        return fallback if seat is None else seat_name(seat, names, fallback)

    seen = view(state, player)
    static = static_for(state.options.board)
    board = static.board
    flow = seen.flow
    out = [board.name if board.name.lower().startswith("khan") else f"Khan — {board.name}"]
    if flow.ended:
        out.append("Game over.")
    else:
        owed = f"; {who(flow.owed[0].player)} owes a {flow.owed[0].kind}" if flow.owed else ""
        out.append(
            f"Phase {flow.phase}, turn {flow.turn}, {who(flow.active)} to play, "
            f"step {flow.step or '-'}, actions left {seen.turn.actions_left}{owed}"
        )
    out += map_lines(seen)
    out.append(
        "Legend: m i t s d f regions, ~ river, . out of play, 0-3 player yurts, n neutral yurt, "
        "# conquest tile, = bridge, A–H rulers"
    )
    out.append("Rulers and camps:")
    for index, spec in enumerate(board.rulers):
        cell = seen.field.rulers[index]
        where = board.label(cell) if cell >= 0 else "out of the game"
        mark = RULER_MARKS[index % len(RULER_MARKS)]
        out.append(f"  {mark} {spec.name} ({spec.colour}): {where}, camp {seen.field.camps[index]}")
    stock = seen.field.stock
    counts: list[str] = []
    for key, mask in static.stacks:
        left = (mask & stock).bit_count()
        if left:
            counts.append(f"{key.shape}{'b' if key.bridge else ''}×{left}")
    out.append("Stock: " + (", ".join(counts) if counts else "empty"))
    for seat in range(seen.players):
        held = seen.specials.held[seat]
        specials = ", ".join(
            f"{_SPECIAL_NAMES[card]}×{count}"
            for card, count in zip(SPECIAL_ORDER, held, strict=True)
            if count
        )
        hand = seen.cards.hands[seat]
        if seat == player:
            hand_text = ", ".join(card_text(c) for c in hand) or "empty"
        else:
            hand_text = count_of(len(hand), "card")
        out.append(f"{who(seat, 'Player')}: hand {hand_text}; special cards {specials or 'none'}")
    for card in seen.specials.active:
        extra = ""
        if card.region is not None:
            extra = f" on {card.region.title}"
        elif card.stack is not None:
            extra = f" on {card.stack}"
        out.append(f"In play: {_SPECIAL_NAMES[card.card]} of {who(card.owner)}{extra}")
    top = seen.cards.discard[-1] if seen.cards.discard else UNKNOWN_CARD
    top_text = card_text(top) if top != UNKNOWN_CARD else "-"
    pile, discard = (
        count_of(len(seen.cards.pile), "card"),
        count_of(len(seen.cards.discard), "card"),
    )
    out.append(f"Draw pile: {pile}; discard pile: {discard}, top {top_text}")
    if seen.outcome is not None:
        o = seen.outcome
        for seat in range(seen.players):
            out.append(
                f"Score {who(seat)}: {o.tile_points[seat]} + bonus {o.bonus[seat]} = "
                f"{o.total[seat]} (largest area {o.largest_area[seat]})"
            )
        heading = "Winner" if len(o.winners) == 1 else "Winners"
        out.append(f"{heading}: " + ", ".join(who(w) for w in o.winners))
    return "\n".join(out)
