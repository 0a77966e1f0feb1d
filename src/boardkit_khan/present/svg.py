"""Khan as an SVG picture: the terrain grid, yurts, rulers, tiles, camps and the tile stock.

:func:`board_svg` draws a state; :func:`render_svg` is the adapter behind the game's
``render_svg`` hook (used by ``boardkit render`` and by ``Match`` in Jupyter).

What the picture shows: the grid of the board file in use (K-C1), land cells coloured by region,
river cells blue, out-of-play cells left blank; a thick line on every side of a cell that faces
the outland (K-C2, ``Board.outland_border``); player yurts as discs in the seat colours and
neutral yurts in grey (K-C7); the rulers as diamonds in their colours with their letters A–H in
board order, as in the text board (K-C3); every laid tile as an outline over its cells with a
dot per owner (K-C6, K-A-C5). Beside the grid: whose turn it is, each ruler's camp, each player's
yurts, tiles, hand and special cards, the special cards in play and the tile stock by stack.

Hidden information (K-H1): the picture is drawn from ``view(state, player)``, so only the
viewing player's own hand is shown, as card names; everyone else's hand is a count.

Classes for tests and style sheets: ``cell`` (with ``land region-M`` … or ``river``),
``outland-edge``, ``yurt`` (``neutral`` for neutral ones), ``ruler``, ``tile`` (``conquest`` or
``bridge``), ``owner-mark``, ``camp-yurt``, ``stock-stack`` (``data-count``), ``hand-card``,
``highlight`` (``cell-highlight``, ``placement-outline``, ``ruler-highlight``).

Click targets (see :mod:`boardkit.present.clicks` and :mod:`boardkit_khan.present.targets`): every
cell in play (:func:`cell_target`, ``cell-40``), every ruler on the board (:func:`ruler_target`,
``ruler-2``), every stack of the tile stock with tiles left (:func:`stock_target`,
``stock-conquest-P5``) and every card of the viewer's own hand (:func:`card_target`,
``card-17``) carries a ``data-target`` id, the same in every state. Tiles, yurts, labels and
highlights ignore the pointer (``pointer-events="none"``), so a click on a yurt reaches the cell
under it; a ruler is a target of its own (no tile or yurt may go on a ruler's cell, K-A-C4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from boardkit.geometry.grid import cells_of
from boardkit.geometry.polyomino import SHAPES
from boardkit.present.svg import (
    Element,
    PictureError,
    Svg,
    UnsupportedHighlightError,
    circle,
    closed_path_data,
    group,
    path,
    polygon,
    rect,
    text,
    title,
)
from boardkit.present.voice import seat_name
from boardkit_khan.present.render import RULER_MARKS
from boardkit_khan.rules.actions import (
    Conquer,
    Consent,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    NoSpecial,
    PlaceStartYurt,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
    card_text,
)
from boardkit_khan.rules.board import Board, Region
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import (
    SPECIAL_ORDER,
    UNKNOWN_CARD,
    KhanState,
    Static,
    static_for,
)
from boardkit_khan.rules.views import view

DEFAULT_SIZE = 520
"""Default width of the grid in pixels (cells are ``size / width`` pixels square)."""

REGION_FILL: dict[Region, str] = {
    Region.MOUNTAINS: "#a39580",
    Region.ICE_DESERT: "#e4eef4",
    Region.TUNDRA: "#c3d5a4",
    Region.STONE_DESERT: "#d2c7b4",
    Region.SAND_DESERT: "#f0dc9a",
    Region.TROPICAL_FOREST: "#79ad62",
}
"""Fill colour of each region's cells."""

RIVER_FILL = "#5b9bd5"
_Who = Callable[[int | None], str]
"""A seat's name in the picture: the player's, or "seat 1"."""

SEAT_FILL = ("#d62828", "#1d4ed8", "#f5c400", "#2a9d3a")
"""Yurt colour of seats 0–3."""
NEUTRAL_FILL = "#9aa0a6"
OUTLAND = "#1f1a17"
HIGHLIGHT = "#ff8c00"
TILE_FILL = {False: "#8b5a2b", True: "#6b4a2b"}
"""Tile fill for conquest tiles (``False``) and bridges (``True``)."""

_NAMED_RGB: dict[str, tuple[int, int, int]] = {
    "white": (255, 255, 255),
    "black": (0, 0, 0),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "lightgrey": (211, 211, 211),
    "lightgray": (211, 211, 211),
    "lightblue": (173, 216, 230),
    "blue": (0, 0, 255),
    "darkblue": (0, 0, 139),
    "navy": (0, 0, 128),
    "purple": (128, 0, 128),
    "violet": (238, 130, 238),
    "green": (0, 128, 0),
    "lightgreen": (144, 238, 144),
    "darkgreen": (0, 100, 0),
    "red": (255, 0, 0),
    "darkred": (139, 0, 0),
    "orange": (255, 165, 0),
    "yellow": (255, 255, 0),
    "gold": (255, 215, 0),
    "brown": (165, 42, 42),
    "pink": (255, 192, 203),
    "cyan": (0, 255, 255),
    "magenta": (255, 0, 255),
    "teal": (0, 128, 128),
    "maroon": (128, 0, 0),
    "olive": (128, 128, 0),
    "beige": (245, 245, 220),
    "silver": (192, 192, 192),
    "turquoise": (64, 224, 208),
}
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

_SPECIAL_NAMES = ("High Morale", "Protection", "Divine Support", "Scout")
_PANEL_WIDTH = 340
_MARGIN = 26


# --- colours --------------------------------------------------------------------------------------


def ruler_colour(name: str) -> tuple[str, str]:
    """``(fill, ink)`` for a ruler colour as a board file names it (``"light blue"``).

    Known colour names and ``#rgb``/``#rrggbb`` are used as given; anything else is drawn grey
    (the name still appears in the tooltip). The ink (for the letter) is black or white,
    whichever reads better on the fill.
    """
    key = name.strip().lower().replace(" ", "").replace("-", "")
    if key in _NAMED_RGB:
        rgb = _NAMED_RGB[key]
        fill = key
    elif _HEX.match(name.strip()):
        digits = name.strip()[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        rgb = (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
        fill = "#" + digits.lower()
    else:
        rgb, fill = (160, 160, 160), "#a0a0a0"
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return fill, "#000" if luminance > 140 else "#fff"


def seat_fill(seat: int) -> str:
    """The yurt colour of ``seat``."""
    return SEAT_FILL[seat % len(SEAT_FILL)]


# --- geometry -------------------------------------------------------------------------------------


class _Frame:
    """Where the grid sits: origin and cell size in pixels."""

    def __init__(self, board: Board, size: float) -> None:
        self.board = board
        self.cell = size / board.grid.width
        self.x0 = float(_MARGIN)
        self.y0 = float(_MARGIN)
        self.width = self.cell * board.grid.width
        self.height = self.cell * board.grid.height

    def corner(self, cell: int) -> tuple[float, float]:
        """Top left corner of ``cell``."""
        row, col = divmod(cell, self.board.grid.width)
        return self.x0 + col * self.cell, self.y0 + row * self.cell

    def centre(self, cell: int) -> tuple[float, float]:
        """Centre of ``cell``."""
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2


def outline_loops(
    mask: int, width: int, x0: float, y0: float, step: float
) -> list[list[tuple[float, float]]]:
    """The boundary of the union of ``mask``'s cells as closed point loops (clockwise).

    Each cell side with no cell of the mask beyond it is a boundary edge; edges are chained
    corner to corner into loops, and straight runs are merged so that each loop lists only its
    corners.
    """
    cells = set(cells_of(mask))
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell in cells:
        row, col = divmod(cell, width)
        sides = (
            ((row - 1, col), (row, col), (row, col + 1)),  # north side, west to east
            ((row, col + 1), (row, col + 1), (row + 1, col + 1)),  # east side, downwards
            ((row + 1, col), (row + 1, col + 1), (row + 1, col)),  # south side, east to west
            ((row, col - 1), (row + 1, col), (row, col)),  # west side, upwards
        )
        for (nrow, ncol), start, end in sides:
            inside = 0 <= ncol < width and nrow >= 0 and nrow * width + ncol in cells
            if not inside:
                edges.setdefault(start, []).append(end)
    loops: list[list[tuple[float, float]]] = []
    while edges:
        start = min(edges)
        points = [start]
        here = start
        while True:
            targets = edges[here]
            nxt = targets.pop()
            if not targets:
                del edges[here]
            if nxt == start:
                break
            points.append(nxt)
            here = nxt
        corners = [
            p
            for i, p in enumerate(points)
            if not _collinear(points[i - 1], p, points[(i + 1) % len(points)])
        ]
        loops.append([(x0 + c * step, y0 + r * step) for r, c in corners])
    return loops


def _collinear(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
    return (b[0] - a[0]) * (c[1] - b[1]) == (b[1] - a[1]) * (c[0] - b[0])


# --- click targets -------------------------------------------------------------------------------


def cell_target(cell: int) -> str:
    """The ``data-target`` id of a cell, by its index ``row * width + col``: ``cell-40``."""
    return f"cell-{cell}"


def ruler_target(ruler: int) -> str:
    """The ``data-target`` id of a ruler, by its index in the board's ruler list: ``ruler-2``."""
    return f"ruler-{ruler}"


def stock_target(stack: StackKey) -> str:
    """The ``data-target`` id of a stack of the tile stock: ``stock-conquest-P5``."""
    return f"stock-{stack.kind.value}-{stack.shape}"


def card_target(card: int) -> str:
    """The ``data-target`` id of a hand card, by its deck index: ``card-17``."""
    return f"card-{card}"


# --- highlights -----------------------------------------------------------------------------------

_SILENT_ACTIONS = (
    Discard,
    PlayHighMorale,
    PlayProtection,
    PlayDivineSupport,
    PlayScout,
    NoSpecial,
    Consent,
)
"""Actions with nothing on the grid to point at: accepted as highlights, drawn as nothing."""


def highlight_marks(highlight: object, static: Static) -> tuple[int, int, int | None]:
    """Read ``highlight`` as ``(cells, placement, ruler)``: a mask of cells to mark, the mask of
    a tile placement to outline, and a ruler index to ring (or ``None``).

    ``highlight`` is ``None``, an int mask of cells, or a Khan action (a conquest outlines its
    placement, a yurt action marks its cell, a displacement rings the ruler; the other actions
    mark nothing). Anything else raises :class:`~boardkit.present.svg.UnsupportedHighlightError`.
    """
    board = static.board
    size = board.grid.size
    if highlight is None or isinstance(highlight, _SILENT_ACTIONS):
        return 0, 0, None
    if type(highlight) is int:
        if highlight < 0 or highlight >> size:
            raise UnsupportedHighlightError(
                f"cell mask {highlight:#x} has bits outside the {board.grid.width}×"
                f"{board.grid.height} grid"
            )
        return highlight, 0, None
    if isinstance(highlight, PlaceStartYurt | Invade | InvadeAnywhere):
        if type(highlight.cell) is not int or not 0 <= highlight.cell < size:
            raise UnsupportedHighlightError(f"cannot highlight cell {highlight.cell!r}")
        return 1 << highlight.cell, 0, None
    if isinstance(highlight, DisplaceRuler):
        if type(highlight.ruler) is not int or not 0 <= highlight.ruler < len(board.rulers):
            raise UnsupportedHighlightError(f"there is no ruler {highlight.ruler!r}")
        return 0, 0, highlight.ruler
    if isinstance(highlight, Conquer):
        try:
            found = static.table.stack(highlight.stack).get(highlight.orientation, highlight.anchor)
        except (KeyError, ValueError, TypeError):
            found = None
        if found is None:
            raise UnsupportedHighlightError(
                f"{highlight.stack} has no placement with orientation {highlight.orientation} "
                f"at cell {highlight.anchor}"
            )
        return 0, found.mask, None
    raise UnsupportedHighlightError(
        f"a Khan picture cannot highlight {highlight!r}; give an int mask of cells or a Khan action"
    )


# --- the grid -------------------------------------------------------------------------------------


_FIXED: dict[tuple[Board, float], tuple[Element, ...]] = {}
_FIXED_LIMIT = 64
"""The most boards and sizes :func:`_fixed_layers` keeps."""


def _fixed_layers(frame: _Frame) -> tuple[Element, ...]:
    """The grid's labels, cells and outland edges: the same in every picture of one board at
    one size, so they are built once, frozen (:meth:`boardkit.present.svg.Element.freeze`) and
    shared
    by every picture, which then writes them as one piece of text."""
    key = (frame.board, frame.cell)  # boards are compared by value: equal ones look alike
    known = _FIXED.get(key)
    if known is not None:
        return known
    layers = (_labels(frame).freeze(), _cells(frame).freeze(), _outland(frame).freeze())
    if len(_FIXED) >= _FIXED_LIMIT:
        _FIXED.clear()
    _FIXED[key] = layers
    return layers


def _cells(frame: _Frame) -> Element:
    board = frame.board
    layer = group(class_="cells")
    for cell in cells_of(board.in_play):
        x, y = frame.corner(cell)
        region = board.region_of(cell)
        if region is None:
            classes, fill, name = "cell river", RIVER_FILL, "river"
        else:
            classes, fill, name = f"cell land region-{region.letter}", REGION_FILL[region], ""
            name = region.title
        square = rect(
            x,
            y,
            frame.cell,
            frame.cell,
            class_=classes,
            data_target=cell_target(cell),
            fill=fill,
            stroke="#fff",
            stroke_width=0.6,
        )
        square.add(title(f"{board.label(cell)} {name}"))
        layer.add(square)
    return layer


def _labels(frame: _Frame) -> Element:
    grid = frame.board.grid
    layer = group(
        class_="labels", font_family="sans-serif", font_size=11, fill="#555", pointer_events="none"
    )
    for col in range(grid.width):
        letter = grid.label(col)[:-1]
        x = frame.x0 + (col + 0.5) * frame.cell
        layer.add(text(x, frame.y0 - 8, letter, text_anchor="middle"))
    for row in range(grid.height):
        y = frame.y0 + (row + 0.5) * frame.cell + 4
        layer.add(text(frame.x0 - 6, y, str(row + 1), text_anchor="end"))
    return layer


def _outland(frame: _Frame) -> Element:
    board = frame.board
    grid = board.grid
    layer = group(class_="outland", pointer_events="none")
    step = frame.cell
    for cell in cells_of(board.outland_border):
        row, col = divmod(cell, grid.width)
        x, y = frame.corner(cell)

        def outside(r: int, c: int) -> bool:
            if not (0 <= r < grid.height and 0 <= c < grid.width):
                return True
            return not board.is_in_play(r * grid.width + c)

        segments: list[str] = []
        if outside(row - 1, col):
            segments.append(f"M{x:.2f},{y:.2f} H{x + step:.2f}")
        if outside(row, col + 1):
            segments.append(f"M{x + step:.2f},{y:.2f} V{y + step:.2f}")
        if outside(row + 1, col):
            segments.append(f"M{x:.2f},{y + step:.2f} H{x + step:.2f}")
        if outside(row, col - 1):
            segments.append(f"M{x:.2f},{y:.2f} V{y + step:.2f}")
        if segments:
            edge = path(
                " ".join(segments),
                class_="outland-edge",
                fill="none",
                stroke=OUTLAND,
                stroke_width=5,
                stroke_linecap="square",
            )
        else:  # listed as bordering the outland without an outer side: mark the whole cell
            inset = step * 0.1
            edge = rect(
                x + inset,
                y + inset,
                step - 2 * inset,
                step - 2 * inset,
                class_="outland-edge",
                fill="none",
                stroke=OUTLAND,
                stroke_width=2,
                stroke_dasharray="4,3",
            )
        edge.add(title(f"{board.label(cell)} borders the outland"))
        layer.add(edge)
    return layer


def _tiles(state: KhanState, static: Static, frame: _Frame, who: _Who) -> Element:
    layer = group(class_="tiles", pointer_events="none")
    width = frame.board.grid.width
    for placed in state.field.placed:
        bridge = placed.stack.bridge
        kind = "bridge" if bridge else "conquest"
        node = group(class_=f"tile {kind}", data_tile=placed.tile, data_stack=str(placed.stack))
        spec = static.tiles[placed.tile] if 0 <= placed.tile < len(static.tiles) else None
        points = f", {spec.points} points" if spec is not None else ""
        owners = ", ".join(who(o) for o in placed.owners) or "nobody"
        node.add(title(f"{placed.stack}{points}; owners: {owners}"))
        loops = outline_loops(placed.mask, width, frame.x0, frame.y0, frame.cell)
        node.add(
            path(
                closed_path_data(loops),
                fill=TILE_FILL[bridge],
                fill_opacity=0.6,
                stroke="#fff4d6",
                stroke_width=2.5,
                stroke_linejoin="round",
                fill_rule="evenodd",
            )
        )
        first = min(cells_of(placed.mask))
        x, y = frame.corner(first)
        r = frame.cell * 0.13
        for k, owner in enumerate(placed.owners):
            node.add(
                circle(
                    x + r * 1.6 + k * r * 2.4,
                    y + r * 1.6,
                    r,
                    class_="owner-mark",
                    data_seat=owner,
                    fill=seat_fill(owner),
                    stroke="#fff",
                    stroke_width=1,
                )
            )
        layer.add(node)
    return layer


def _yurts(state: KhanState, frame: _Frame, who: _Who) -> Element:
    layer = group(class_="yurts", pointer_events="none")
    r = frame.cell * 0.3
    for seat, mask in enumerate(state.field.yurts):
        for cell in cells_of(mask):
            cx, cy = frame.centre(cell)
            yurt = circle(
                cx,
                cy,
                r,
                class_="yurt",
                data_seat=seat,
                fill=seat_fill(seat),
                stroke="#fff",
                stroke_width=1.5,
            )
            yurt.add(title(f"yurt of {who(seat)}"))
            layer.add(yurt)
    for cell in cells_of(state.field.neutral):
        cx, cy = frame.centre(cell)
        yurt = circle(
            cx, cy, r, class_="yurt neutral", fill=NEUTRAL_FILL, stroke="#444", stroke_width=1.2
        )
        yurt.add(title("neutral yurt"))
        layer.add(yurt)
    return layer


def _diamond(cx: float, cy: float, half: float, **attributes: str | float | None) -> Element:
    return polygon(
        [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)], **attributes
    )


def _rulers(state: KhanState, frame: _Frame, ringed: int | None) -> Element:
    board = frame.board
    layer = group(class_="rulers", font_family="sans-serif")
    half = frame.cell * 0.42
    for index, cell in enumerate(state.field.rulers):
        if cell < 0:
            continue
        spec = board.rulers[index]
        fill, ink = ruler_colour(spec.colour)
        cx, cy = frame.centre(cell)
        node = group(
            class_="ruler", data_ruler=index, data_name=spec.name, data_target=ruler_target(index)
        )
        node.add(title(f"{spec.name} ({spec.colour}), camp {state.field.camps[index]}"))
        node.add(_diamond(cx, cy, half, fill=fill, stroke="#222", stroke_width=1.5))
        node.add(
            text(
                cx,
                cy + frame.cell * 0.14,
                RULER_MARKS[index % len(RULER_MARKS)],
                text_anchor="middle",
                font_size=frame.cell * 0.38,
                font_weight="bold",
                fill=ink,
            )
        )
        if index == ringed:
            node.add(
                circle(
                    cx,
                    cy,
                    half + 4,
                    class_="highlight ruler-highlight",
                    fill="none",
                    stroke=HIGHLIGHT,
                    stroke_width=3,
                )
            )
        layer.add(node)
    return layer


def _highlights(frame: _Frame, cells: int, placement: int) -> Element:
    layer = group(class_="highlights", pointer_events="none")
    for cell in cells_of(cells):
        x, y = frame.corner(cell)
        layer.add(
            rect(
                x + 1,
                y + 1,
                frame.cell - 2,
                frame.cell - 2,
                class_="highlight cell-highlight",
                data_cell=cell,
                fill=HIGHLIGHT,
                fill_opacity=0.35,
                stroke=HIGHLIGHT,
                stroke_width=2.5,
            )
        )
    if placement:
        loops = outline_loops(placement, frame.board.grid.width, frame.x0, frame.y0, frame.cell)
        layer.add(
            path(
                closed_path_data(loops),
                class_="highlight placement-outline",
                data_cells=" ".join(str(c) for c in cells_of(placement)),
                fill=HIGHLIGHT,
                fill_opacity=0.3,
                stroke=HIGHLIGHT,
                stroke_width=4,
                stroke_linejoin="round",
            )
        )
    return layer


# --- the panel beside the grid --------------------------------------------------------------------


def _status(state: KhanState, who: _Who) -> list[str]:
    flow = state.flow
    if flow.ended:
        return ["game over"]
    lines = [f"{flow.phase} phase, turn {flow.turn}: {who(flow.active)} to play"]
    step = f"step {flow.step or '-'}, actions left {state.turn.actions_left}"
    if flow.owed:
        step += f"; {who(flow.owed[0].player)} owes a {flow.owed[0].kind}"
    lines.append(step)
    return lines


def _panel(
    state: KhanState, static: Static, x: float, player: int | None, who: _Who
) -> tuple[Element, float]:
    """The panel and the y just below it."""
    board = static.board
    field = state.field
    panel = group(class_="panel", data_part="side", font_family="sans-serif", fill="#333")
    y = 22.0
    name = board.name if board.name.lower().startswith("khan") else f"Khan — {board.name}"
    panel.add(text(x, y, name, font_size=15, font_weight="bold"))
    for line_text in _status(state, who):
        y += 18
        panel.add(text(x, y, line_text, class_="status", font_size=12))

    y += 28
    panel.add(text(x, y, "rulers and camps", font_size=13, font_weight="bold"))
    for index, spec in enumerate(board.rulers):
        y += 20
        fill, ink = ruler_colour(spec.colour)
        cell = field.rulers[index]
        removed = cell < 0
        row = group(class_="camp" + (" removed" if removed else ""), data_ruler=index)
        row.add(_diamond(x + 8, y - 4, 8, fill=fill, stroke="#222", stroke_width=1))
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
        row.add(text(x + 22, y, f"{spec.name} ({where})", font_size=12))
        for k in range(field.camps[index]):
            row.add(
                circle(
                    x + 190 + k * 13,
                    y - 4,
                    5,
                    class_="camp-yurt",
                    fill=NEUTRAL_FILL,
                    stroke="#444",
                    stroke_width=0.8,
                )
            )
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
                font_size=12,
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
        if seat == player:
            for card in hand:
                if card == UNKNOWN_CARD:
                    continue
                y += 16
                panel.add(_hand_card(card, x + 34, y))
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
                    font_size=12,
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
        panel.add(text(x, y, "empty", font_size=12, fill="#666"))
    y += rows * box_h
    return panel, y


def _hand_card(card: int, x: float, y: float) -> Element:
    """A card of the viewer's hand: its name over a transparent strip that takes the clicks."""
    node = group(class_="hand", data_target=card_target(card), data_card=card)
    node.add(rect(x - 4, y - 12, 200, 15, class_="hit", fill="#fff", fill_opacity=0))
    node.add(text(x, y, card_text(card), class_="hand-card", font_size=11, fill="#444"))
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
    node.add(rect(x - 3, y - 3, 79, 34, class_="hit", fill="#fff", fill_opacity=0))
    for r, c in cells:
        node.add(
            rect(
                x + c * unit,
                y + r * unit,
                unit,
                unit,
                fill=TILE_FILL[bridge],
                stroke="#fff",
                stroke_width=0.8,
            )
        )
    width = (max(c for _, c in cells) + 1) * unit
    label = f"×{count}" + (" br" if bridge else "")
    node.add(text(x + width + 4, y + unit * 1.6, label, font_size=11))
    return node


# --- the picture ----------------------------------------------------------------------------------


def board_svg(
    state: KhanState,
    *,
    player: int | None = None,
    highlight: object = None,
    size: int = DEFAULT_SIZE,
    names: Sequence[str] | None = None,
) -> Svg:
    """The picture of ``state`` as ``player`` (``None``: a spectator) may see it, each seat
    by its name in ``names`` (or as "seat 1" without names).

    ``size`` is the width of the grid in pixels. ``highlight`` is ``None``, an int mask of cells
    (a proposed placement, say) or a Khan action (see :func:`highlight_marks`).
    """
    if type(size) is not int or size < 130:
        raise PictureError(f"size must be an int of at least 130 pixels, got {size!r}")
    if player is not None and (type(player) is not int or not 0 <= player < state.players):
        raise PictureError(f"there is no seat {player!r}; seats are 0 to {state.players - 1}")
    static = static_for(state.options.board)
    cells, placement, ringed = highlight_marks(highlight, static)
    seen = view(state, player)
    frame = _Frame(static.board, size)
    panel_x = frame.x0 + frame.width + 24

    def who(seat: int | None) -> str:
        fallback = f"seat {seat}" if seat is None else f"seat {seat + 1}"
        return fallback if seat is None else seat_name(seat, names, fallback)

    panel, panel_bottom = _panel(seen, static, panel_x, player, who)
    width = panel_x + _PANEL_WIDTH
    height = max(frame.y0 + frame.height + 16, panel_bottom + 12)
    svg = Svg(width, height, title_text=static.board.name)
    svg.add(rect(0, 0, width, height, class_="background", fill="#fbf8f0"))
    for layer in _fixed_layers(frame):
        svg.add(layer)
    svg.add(_tiles(seen, static, frame, who))
    svg.add(_yurts(seen, frame, who))
    svg.add(_rulers(seen, frame, ringed))
    svg.add(_highlights(frame, cells, placement))
    svg.add(panel)
    return svg


def render_svg(
    game: object,
    state: KhanState,
    player: int | None = None,
    highlight: object = None,
    *,
    names: Sequence[str] | None = None,
) -> str:
    """The game's ``render_svg`` hook: :func:`board_svg` as SVG text.

    Shaped as a method (``game`` first) so that the game class can take it as it is:
    ``render_svg = boardkit_khan.present.svg.render_svg``.
    """
    return board_svg(state, player=player, highlight=highlight, names=names).to_string()
