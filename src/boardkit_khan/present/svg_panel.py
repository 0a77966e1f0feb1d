"""The panel beside the Khan picture's grid (:mod:`boardkit_khan.present.svg`): whose turn it
is, each ruler's camp, each player's yurts, tiles, cards and special cards (the viewer's own
hand by name, each card a click target), the special cards in play, the final count once the
game is over, and the tile stock by stack (each stack a click target).

The ``data-target`` ids of the hand cards and the stock's stacks are :func:`card_target` and
:func:`stock_target`. The panel is the group marked ``data-part="side"``; the viewer's hand,
under their row, is a group of its own marked ``data-part="hand"`` and titled "your hand", each
card's target as tall as its row (:data:`HAND_ROW`): the browser page on a phone shows the hand
as a strip of its own below the board, zoomed until a row is a tap high, and the rest of the
panel below it (``static/fit.js`` of the server).
"""

from __future__ import annotations

from boardkit.geometry.polyomino import SHAPES
from boardkit.present.svg import AttributeValue, Element, circle, group, rect, text, title
from boardkit_khan.present.render import RULER_MARKS
from boardkit_khan.present.svg_grid import (
    NEUTRAL_FILL,
    TILE_FILL,
    Who,
    diamond,
    ruler_colour,
    seat_fill,
)
from boardkit_khan.rules.actions import card_text
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import SPECIAL_ORDER, UNKNOWN_CARD, KhanState, Static

PANEL_WIDTH = 340
"""Width of the panel in pixels."""

HAND_ROW = 16
"""Height of a row of the viewer's hand in pixels: each card's click target fills its row."""

_SPECIAL_NAMES = ("High Morale", "Protection", "Divine Support", "Scout")

STYLE: dict[str, dict[str, AttributeValue]] = {
    ".camp>polygon": {"stroke": "#222", "stroke_width": 1},
    ".camp-yurt": {"fill": NEUTRAL_FILL, "stroke": "#444", "stroke_width": 0.8},
    ".hit": {"fill": "#fff", "fill_opacity": 0},
    ".hand-card": {"font_size": 11, "fill": "#444"},
}
"""The look of the panel's pieces, by class, for the picture's style sheet (see
:func:`boardkit.present.svg.style_sheet`). A click strip (``hit``) is an invisible fill that
takes the clicks."""


def stock_target(stack: StackKey) -> str:
    """The ``data-target`` id of a stack of the tile stock: ``stock-conquest-P5``."""
    return f"stock-{stack.kind.value}-{stack.shape}"


def card_target(card: int) -> str:
    """The ``data-target`` id of a hand card, by its deck index: ``card-17``."""
    return f"card-{card}"


def _status(state: KhanState, who: Who) -> list[str]:
    flow = state.flow
    if flow.ended:
        return ["game over"]
    lines = [f"{flow.phase} phase, turn {flow.turn}: {who(flow.active)} to play"]
    step = f"step {flow.step or '-'}, actions left {state.turn.actions_left}"
    if flow.owed:
        step += f"; {who(flow.owed[0].player)} owes a {flow.owed[0].kind}"
    lines.append(step)
    return lines


def side_panel(
    state: KhanState, static: Static, x: float, player: int | None, who: Who
) -> tuple[Element, float]:
    """The panel and the y just below it."""
    board = static.board
    field = state.field
    panel = group(class_="panel", data_part="side", fill="#333", font_size=12)
    y = 22.0
    name = board.name if board.name.lower().startswith("khan") else f"Khan — {board.name}"
    panel.add(text(x, y, name, font_size=15, font_weight="bold"))
    for line_text in _status(state, who):
        y += 18
        panel.add(text(x, y, line_text, class_="status"))

    y += 28
    panel.add(text(x, y, "rulers and camps", font_size=13, font_weight="bold"))
    for index, spec in enumerate(board.rulers):
        y += 20
        fill, ink = ruler_colour(spec.colour)
        cell = field.rulers[index]
        removed = cell < 0
        row = group(class_="camp" + (" removed" if removed else ""), data_ruler=index)
        row.add(diamond(x + 8, y - 4, 8, fill=fill))
        row.add(
            text(
                x + 8,
                y,
                RULER_MARKS[index % len(RULER_MARKS)],
                text_anchor="middle",
                font_size=9,
                font_weight="bold",
                fill=ink,
            )
        )
        where = "removed" if removed else board.label(cell)
        row.add(text(x + 22, y, f"{spec.name} ({where})"))
        for k in range(field.camps[index]):
            row.add(circle(x + 190 + k * 13, y - 4, 5, class_="camp-yurt"))
        panel.add(row)

    y += 30
    panel.add(text(x, y, "players", font_size=13, font_weight="bold"))
    for seat in range(state.players):
        y += 20
        yurts = field.yurts[seat].bit_count()
        tiles = sum(1 for p in field.placed if seat in p.owners)
        hand = state.cards.hands[seat]
        held = state.specials.held[seat]
        specials = sum(held)
        row = group(class_="player" + (" viewer" if seat == player else ""), data_seat=seat)
        row.add(circle(x + 8, y - 4, 7, fill=seat_fill(seat), stroke="#fff", stroke_width=1))
        marker = " ◀" if seat == state.flow.active and not state.flow.ended else ""
        row.add(
            text(
                x + 22,
                y,
                f"{who(seat)}: {yurts} yurts, {tiles} tiles, {len(hand)} cards, "
                f"{specials} specials{marker}",
                font_weight="bold" if seat == player else None,
            )
        )
        special_names = [
            f"{_SPECIAL_NAMES[i]}×{count}"
            for i, count in enumerate(held)
            if count and i < len(SPECIAL_ORDER)
        ]
        row.add(title("special cards: " + (", ".join(special_names) or "none")))
        panel.add(row)
        known = [card for card in hand if card != UNKNOWN_CARD]
        if seat == player and known:
            strip = group(class_="hand-strip", data_part="hand")
            strip.add(title("your hand"))
            for card in known:
                y += HAND_ROW
                strip.add(_hand_card(card, x + 34, y))
            panel.add(strip)
    for active in state.specials.active:
        y += 18
        extra = ""
        if active.region is not None:
            extra = f" on {active.region.title}"
        elif active.stack is not None:
            extra = f" on {active.stack}"
        name = _SPECIAL_NAMES[SPECIAL_ORDER.index(active.card)]
        panel.add(
            text(
                x,
                y,
                f"in play: {name} of {who(active.owner)}{extra}",
                class_="active-special",
                font_size=11,
            )
        )
    if state.outcome is not None:
        for seat in range(state.players):
            y += 18
            o = state.outcome
            panel.add(
                text(
                    x,
                    y,
                    f"{who(seat)}: {o.tile_points[seat]} + {o.bonus[seat]} = {o.total[seat]}"
                    + (" (winner)" if seat in o.winners else ""),
                    class_="score",
                    font_weight="bold" if seat in o.winners else None,
                )
            )

    y += 30
    panel.add(text(x, y, "tile stock", font_size=13, font_weight="bold"))
    y += 10
    stock = group(class_="stock")
    columns, box_w, box_h, unit = 4, 82.0, 40.0, 7.0
    shown = 0
    for key, mask in static.stacks:
        left = (mask & field.stock).bit_count()
        if not left:
            continue
        bx = x + (shown % columns) * box_w
        by = y + (shown // columns) * box_h
        shown += 1
        stock.add(_stock_stack(key, left, bx, by, unit))
    panel.add(stock)
    rows = (shown + columns - 1) // columns
    if not shown:
        y += 18
        panel.add(text(x, y, "empty", fill="#666"))
    y += rows * box_h
    return panel, y


def _hand_card(card: int, x: float, y: float) -> Element:
    """A card of the viewer's hand: its name over a transparent strip that takes the clicks,
    as tall as a row of the hand (16 px) so that the rows meet and a phone can zoom the hand
    until each row is a tap high (:data:`HAND_ROW`)."""
    node = group(class_="hand", data_target=card_target(card), data_card=card)
    node.add(rect(x - 4, y - 13, 200, HAND_ROW, class_="hit"))
    node.add(text(x, y, card_text(card), class_="hand-card"))
    return node


def _stock_stack(key: StackKey, count: int, x: float, y: float, unit: float) -> Element:
    name, shape, bridge = str(key), key.shape, key.bridge
    cells = sorted(SHAPES[shape])
    if max(r for r, _ in cells) > max(c for _, c in cells):  # lie the shape down
        cells = sorted((c, r) for r, c in cells)
    node = group(
        class_="stock-stack", data_stack=name, data_count=count, data_target=stock_target(key)
    )
    node.add(title(f"{name}: {count} left"))
    node.add(rect(x - 3, y - 3, 79, 34, class_="hit"))
    squares = node.add(group(fill=TILE_FILL[bridge], stroke="#fff", stroke_width=0.8))
    for r, c in cells:
        squares.add(rect(x + c * unit, y + r * unit, unit, unit))
    width = (max(c for _, c in cells) + 1) * unit
    label = f"×{count}" + (" br" if bridge else "")
    node.add(text(x + width + 4, y + unit * 1.6, label, font_size=11))
    return node
