"""The grid half of the Khan picture (:mod:`boardkit_khan.present.svg`): the terrain and
everything that lies on it.

Where the grid sits (:class:`Frame`), the colours of regions, seats and rulers, the outline of a
tile's cells (:func:`outline_loops`), the layers drawn on the grid (labels, cells and outland
edges, which are the same in every picture of a board and so are built once; then tiles, yurts,
rulers and highlights, :func:`grid_layers`), what a highlight marks (:func:`highlight_marks`)
and the ``data-target`` ids of the cells and rulers (:func:`cell_target`, :func:`ruler_target`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from boardkit.geometry.grid import cells_of
from boardkit.present.svg import (
    AttributeValue,
    Element,
    UnsupportedHighlightError,
    circle,
    closed_path_data,
    format_number,
    group,
    path,
    polygon,
    rect,
    text,
    title,
)
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
)
from boardkit_khan.rules.board import Board, Region
from boardkit_khan.rules.state import KhanState, Static

Who = Callable[[int | None], str]
"""A seat's name in the picture: the player's, or "seat 1"."""

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

_MARGIN = 26

STYLE: dict[str, dict[str, AttributeValue]] = {
    ".cell": {"stroke": "#fff", "stroke_width": 0.6},
    ".river": {"fill": RIVER_FILL},
    **{f".region-{region.letter}": {"fill": fill} for region, fill in REGION_FILL.items()},
    "path.outland-edge": {
        "fill": "none",
        "stroke": OUTLAND,
        "stroke_width": 5,
        "stroke_linecap": "square",
    },
    "rect.outland-edge": {
        "fill": "none",
        "stroke": OUTLAND,
        "stroke_width": 2,
        "stroke_dasharray": "4,3",
    },
    ".tile>path": {
        "fill_opacity": 0.6,
        "stroke": "#fff4d6",
        "stroke_width": 2.5,
        "stroke_linejoin": "round",
        "fill_rule": "evenodd",
    },
    ".conquest>path": {"fill": TILE_FILL[False]},
    ".tile.bridge>path": {"fill": TILE_FILL[True]},
    ".owner-mark": {"stroke": "#fff", "stroke_width": 1},
    ".yurt": {"stroke": "#fff", "stroke_width": 1.5},
    ".yurt.neutral": {"fill": NEUTRAL_FILL, "stroke": "#444", "stroke_width": 1.2},
    ".ruler>polygon": {"stroke": "#222", "stroke_width": 1.5},
    ".highlight.ruler-highlight": {"fill": "none", "stroke": HIGHLIGHT, "stroke_width": 3},
    ".cell-highlight": {
        "fill": HIGHLIGHT,
        "fill_opacity": 0.35,
        "stroke": HIGHLIGHT,
        "stroke_width": 2.5,
    },
    ".placement-outline": {
        "fill": HIGHLIGHT,
        "fill_opacity": 0.3,
        "stroke": HIGHLIGHT,
        "stroke_width": 4,
        "stroke_linejoin": "round",
    },
}
"""The look of the grid's pieces, by class, for the picture's style sheet (see
:func:`boardkit.present.svg.style_sheet`): the same at every size. A seat's yurt, owner mark
and a ruler keep their own colour as an attribute (a ruler's comes from the board file)."""


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


class Frame:
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


def _fixed_layers(frame: Frame) -> tuple[Element, ...]:
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


def _cells(frame: Frame) -> Element:
    board = frame.board
    layer = group(class_="cells")
    for cell in cells_of(board.in_play):
        x, y = frame.corner(cell)
        region = board.region_of(cell)
        if region is None:
            classes, name = "cell river", "river"
        else:
            classes, name = f"cell land region-{region.letter}", region.title
        square = rect(
            x,
            y,
            frame.cell,
            frame.cell,
            class_=classes,
            data_target=cell_target(cell),
        )
        square.add(title(f"{board.label(cell)} {name}"))
        layer.add(square)
    return layer


def _labels(frame: Frame) -> Element:
    grid = frame.board.grid
    layer = group(
        class_="labels", font_size=11, fill="#555", pointer_events="none", text_anchor="middle"
    )
    for col in range(grid.width):
        letter = grid.label(col)[:-1]
        x = frame.x0 + (col + 0.5) * frame.cell
        layer.add(text(x, frame.y0 - 8, letter))
    for row in range(grid.height):
        y = frame.y0 + (row + 0.5) * frame.cell + 4
        layer.add(text(frame.x0 - 6, y, str(row + 1), text_anchor="end"))
    return layer


def _outland(frame: Frame) -> Element:
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

        left, top = format_number(x), format_number(y)
        right, bottom = format_number(x + step), format_number(y + step)
        segments: list[str] = []
        if outside(row - 1, col):
            segments.append(f"M{left},{top} H{right}")
        if outside(row, col + 1):
            segments.append(f"M{right},{top} V{bottom}")
        if outside(row + 1, col):
            segments.append(f"M{left},{bottom} H{right}")
        if outside(row, col - 1):
            segments.append(f"M{left},{top} V{bottom}")
        if segments:
            edge = path(" ".join(segments), class_="outland-edge")
        else:  # listed as bordering the outland without an outer side: mark the whole cell
            inset = step * 0.1
            edge = rect(
                x + inset,
                y + inset,
                step - 2 * inset,
                step - 2 * inset,
                class_="outland-edge",
            )
        edge.add(title(f"{board.label(cell)} borders the outland"))
        layer.add(edge)
    return layer


def _tiles(state: KhanState, static: Static, frame: Frame, who: Who) -> Element:
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
        node.add(path(closed_path_data(loops)))
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
                )
            )
        layer.add(node)
    return layer


def _yurts(state: KhanState, frame: Frame, who: Who) -> Element:
    layer = group(class_="yurts", pointer_events="none")
    r = frame.cell * 0.3
    for seat, mask in enumerate(state.field.yurts):
        for cell in cells_of(mask):
            cx, cy = frame.centre(cell)
            yurt = circle(cx, cy, r, class_="yurt", data_seat=seat, fill=seat_fill(seat))
            yurt.add(title(f"yurt of {who(seat)}"))
            layer.add(yurt)
    for cell in cells_of(state.field.neutral):
        cx, cy = frame.centre(cell)
        yurt = circle(cx, cy, r, class_="yurt neutral")
        yurt.add(title("neutral yurt"))
        layer.add(yurt)
    return layer


def diamond(cx: float, cy: float, half: float, **attributes: str | float | None) -> Element:
    return polygon(
        [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)], **attributes
    )


def _rulers(state: KhanState, frame: Frame, ringed: int | None) -> Element:
    board = frame.board
    half = frame.cell * 0.42
    layer = group(
        class_="rulers", text_anchor="middle", font_size=frame.cell * 0.38, font_weight="bold"
    )
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
        node.add(diamond(cx, cy, half, fill=fill))
        mark = RULER_MARKS[index % len(RULER_MARKS)]
        node.add(text(cx, cy + frame.cell * 0.14, mark, fill=ink))
        if index == ringed:
            node.add(circle(cx, cy, half + 4, class_="highlight ruler-highlight"))
        layer.add(node)
    return layer


def _highlights(frame: Frame, cells: int, placement: int) -> Element:
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
            )
        )
    if placement:
        loops = outline_loops(placement, frame.board.grid.width, frame.x0, frame.y0, frame.cell)
        layer.add(
            path(
                closed_path_data(loops),
                class_="highlight placement-outline",
                data_cells=" ".join(str(c) for c in cells_of(placement)),
            )
        )
    return layer


def grid_layers(
    state: KhanState,
    static: Static,
    frame: Frame,
    who: Who,
    marks: tuple[int, int, int | None],
) -> list[Element]:
    """The grid's layers, bottom to top: labels, cells and outland edges (shared, see
    :func:`_fixed_layers`), tiles, yurts, rulers and the highlights ``marks`` (from
    :func:`highlight_marks`), for ``state`` as the viewer sees it."""
    cells, placement, ringed = marks
    return [
        *_fixed_layers(frame),
        _tiles(state, static, frame, who),
        _yurts(state, frame, who),
        _rulers(state, frame, ringed),
        _highlights(frame, cells, placement),
    ]
