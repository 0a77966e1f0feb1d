"""Khan as an SVG picture: the terrain grid, yurts, rulers, tiles, camps and the tile stock.

:func:`board_svg` draws a state; :func:`render_svg` is the adapter behind the game's
``render_svg`` hook (used by ``boardkit render`` and by ``Match`` in Jupyter). The picture's two
halves are drawn by :mod:`boardkit_khan.present.svg_grid` (the grid and what lies on it, with
the colours) and :mod:`boardkit_khan.present.svg_panel` (the panel beside it).

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
``bridge``), ``owner-mark``, ``camp-yurt``, ``stock-stack`` (``data-count``), ``hand-strip``
(the viewer's hand, ``data-part="hand"``, inside the panel's ``data-part="side"``), ``hand-card``,
``highlight`` (``cell-highlight``, ``placement-outline``, ``ruler-highlight``).

Click targets (see :mod:`boardkit.present.clicks` and :mod:`boardkit_khan.present.targets`): every
cell in play (:func:`.svg_grid.cell_target`, ``cell-40``), every ruler on the board
(:func:`.svg_grid.ruler_target`, ``ruler-2``), every stack of the tile stock with tiles left
(:func:`.svg_panel.stock_target`, ``stock-conquest-P5``) and every card of the viewer's own hand
(:func:`.svg_panel.card_target`, ``card-17``) carries a ``data-target`` id, the same in every
state. Tiles, yurts, labels and highlights ignore the pointer (``pointer-events="none"``), so a
click on a yurt reaches the cell under it; a ruler is a target of its own (no tile or yurt may
go on a ruler's cell, K-A-C4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardkit._moved import forwarded_name
from boardkit.present.svg import PictureError, Svg, rect, style_sheet
from boardkit.present.voice import picture_name
from boardkit_khan.present import svg_grid, svg_panel
from boardkit_khan.rules.state import KhanState, static_for
from boardkit_khan.rules.views import view

DEFAULT_SIZE = 520
"""Default width of the grid in pixels (cells are ``size / width`` pixels square)."""

SCOPE = "khan"
"""The class of the picture's ``<svg>``, under which its style sheet's rules lie (the same
look at every size: what scales with the grid is set on the groups)."""

_STYLE = style_sheet(SCOPE, {**svg_grid.STYLE, **svg_panel.STYLE})

_MOVED = {
    **{
        name: "boardkit_khan.present.svg_grid"
        for name in (
            "REGION_FILL",
            "RIVER_FILL",
            "SEAT_FILL",
            "NEUTRAL_FILL",
            "OUTLAND",
            "HIGHLIGHT",
            "TILE_FILL",
            "ruler_colour",
            "seat_fill",
            "outline_loops",
            "cell_target",
            "ruler_target",
            "highlight_marks",
        )
    },
    "card_target": "boardkit_khan.present.svg_panel",
    "stock_target": "boardkit_khan.present.svg_panel",
}
"""Names that lived here before the picture was split into the grid and the panel: each still
answers from here, with a :class:`DeprecationWarning` naming its module, until 0.3.0."""

if not TYPE_CHECKING:  # type checkers still see a misspelt name as an error

    def __getattr__(name: str) -> object:
        if name not in _MOVED:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return forwarded_name(__name__, name, _MOVED[name])


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
    (a proposed placement, say) or a Khan action (see :func:`.svg_grid.highlight_marks`).
    """
    if type(size) is not int or size < 130:
        raise PictureError(f"size must be an int of at least 130 pixels, got {size!r}")
    if player is not None and (type(player) is not int or not 0 <= player < state.players):
        raise PictureError(f"there is no seat {player!r}; seats are 0 to {state.players - 1}")
    static = static_for(state.options.board)
    marks = svg_grid.highlight_marks(highlight, static)
    seen = view(state, player)
    frame = svg_grid.Frame(static.board, size)
    panel_x = frame.x0 + frame.width + 24

    def who(seat: int | None) -> str:
        fallback = f"seat {seat}" if seat is None else f"seat {seat + 1}"
        return fallback if seat is None else picture_name(seat, names, fallback)

    panel, panel_bottom = svg_panel.side_panel(seen, static, panel_x, player, who)
    width = panel_x + svg_panel.PANEL_WIDTH
    height = max(frame.y0 + frame.height + 16, panel_bottom + 12)
    svg = Svg(
        width,
        height,
        title_text=static.board.name,
        css=_STYLE,
        class_=SCOPE,
        font_family="sans-serif",
    )
    svg.add(rect(0, 0, width, height, class_="background", fill="#fbf8f0"))
    for layer in svg_grid.grid_layers(seen, static, frame, who, marks):
        svg.add(layer)
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
