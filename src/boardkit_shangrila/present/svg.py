"""Shangrila as an SVG picture: the village graph, masters, students, bridges and stones.

:func:`board_svg` draws a state; :func:`render_svg` is the adapter behind the game's
``render_svg`` hook (used by ``boardkit render`` and by ``Match`` in Jupyter).

What the picture shows (S-C1 to S-C4): the 13 villages at the digest's drawing positions, each a
disc with its seven guild spaces in a ring (guild initial on every space, village number beside
it); a master is a disc in its colour, a student a white ring on its master; an intact bridge is
a solid plank line, a broken one (or a path without a bridge, S-S2) a faint dashed line; a Stone
of the Wise is a grey stone in the village's centre; the red-walled village has a red wall.
Beside the board: the game's status and every colour's supply per guild.

Every piece carries a class so that tests and style sheets can find it: ``village``, ``space``,
``master``, ``student``, ``stone``, ``bridge intact`` / ``bridge broken``, ``supply``,
``highlight`` (plus ``village-highlight``, ``space-highlight`` or ``journey``).

Click targets (see :mod:`boardkit.present.clicks` and
:mod:`boardkit_shangrila.present.targets`): every village group, guild space group and bridge
line carries a ``data-target`` id (:func:`village_target` ``village-4``, :func:`space_target`
``space-4-healer``, :func:`bridge_target` ``bridge-4-7``), the same in every state. A space
lies inside its village's group, so a front end takes the innermost clickable element under the
pointer. The journey arrow ignores the pointer, so that it never hides the bridge under it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache

from boardkit.present.svg import (
    AttributeValue,
    Element,
    PictureError,
    Svg,
    UnsupportedHighlightError,
    arrow_marker,
    circle,
    format_number,
    group,
    line,
    polygon,
    rect,
    style_sheet,
    text,
    title,
)
from boardkit.present.voice import picture_name
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import PATHS, POSITIONS, RED_VILLAGE, VILLAGE_COUNT
from boardkit_shangrila.rules.components import (
    COLOURS,
    GUILD_COUNT,
    GUILD_INDEX,
    GUILD_INITIALS,
    GUILD_NAMES,
    GUILDS,
    PEOPLES,
    STONES_GERMAN,
    Guild,
)
from boardkit_shangrila.rules.state import (
    MAIN,
    WITH_STUDENT,
    ShangrilaState,
    colour_of,
    colour_to_move,
    has_stone,
    seat_of,
    strength,
    supply_of,
    village_codes,
)

DEFAULT_SIZE = 720
"""Default width of the board area in pixels (the legend comes on top)."""

COLOUR_FILL: dict[str, str] = {
    "red": "#d0312d",
    "blue": "#2f6fdf",
    "yellow": "#f2c418",
    "violet": "#8e44ad",
}
"""Disc colour of each player colour."""

COLOUR_INK: dict[str, str] = {"red": "#fff", "blue": "#fff", "yellow": "#222", "violet": "#fff"}
"""Text colour readable on each player colour."""

HIGHLIGHT = "#ff8c00"
BRIDGE_INTACT = "#7a5230"
BRIDGE_BROKEN = "#9a9a9a"
RED_WALL = "#b0231f"

_HEIGHT_RATIO = 0.9
_LEGEND_WIDTH = 270

SpaceRef = tuple[int, int]
"""A space as ``(village, guild index)``."""


# --- geometry -------------------------------------------------------------------------------------


def village_centre(village: int, size: float) -> tuple[float, float]:
    """Pixel centre of ``village`` on a board ``size`` pixels wide (S-C1 percent positions)."""
    x, y = POSITIONS[village]
    return x * size / 100, y * size * _HEIGHT_RATIO / 100


def space_centre(village: int, guild: int, size: float) -> tuple[float, float]:
    """Pixel centre of guild space ``guild`` of ``village``: a ring of seven, healer on top."""
    cx, cy = village_centre(village, size)
    angle = -math.pi / 2 + 2 * math.pi * guild / GUILD_COUNT
    radius = 31 * size / DEFAULT_SIZE
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


# --- click targets -------------------------------------------------------------------------------


def village_target(village: int) -> str:
    """The ``data-target`` id of a village: ``village-4``."""
    return f"village-{village}"


def space_target(village: int, guild: Guild) -> str:
    """The ``data-target`` id of a guild space: ``space-4-healer``."""
    return f"space-{village}-{guild.value}"


def bridge_target(a: int, b: int) -> str:
    """The ``data-target`` id of the bridge between two villages, smaller number first:
    ``bridge-4-7`` (the same id as the bridge's ``id``)."""
    low, high = (a, b) if a < b else (b, a)
    return f"bridge-{low}-{high}"


# --- highlights -----------------------------------------------------------------------------------


class _Marks:
    """What a highlight asks to mark: villages, spaces and at most one journey."""

    def __init__(self) -> None:
        self.villages: set[int] = set()
        self.spaces: set[SpaceRef] = set()
        self.journey: tuple[int, int] | None = None


def _village_number(value: object) -> int:
    if type(value) is not int or not 0 <= value < VILLAGE_COUNT:
        raise UnsupportedHighlightError(
            f"cannot highlight village {value!r}: villages are 0 to {VILLAGE_COUNT - 1}"
        )
    return value


def _space(village: object, guild: object) -> SpaceRef:
    if not isinstance(guild, Guild):
        raise UnsupportedHighlightError(f"cannot highlight guild {guild!r}: not a Guild")
    return _village_number(village), GUILD_INDEX[guild]


def highlight_marks(highlight: object) -> _Marks:
    """Read ``highlight``: ``None``; a village number or an iterable of them; or an action
    (a journey becomes an arrow, a master or student placement marks its spaces, a pass marks
    nothing). Anything else raises :class:`~boardkit.present.svg.UnsupportedHighlightError`."""
    marks = _Marks()
    if highlight is None or isinstance(highlight, Pass):
        return marks
    if isinstance(highlight, Journey):
        source = _village_number(highlight.source)
        marks.journey = (source, _village_number(highlight.destination))
        return marks
    if isinstance(highlight, PlaceMaster | PlaceSetupMaster):
        marks.spaces.add(_space(highlight.village, highlight.guild))
        return marks
    if isinstance(highlight, RecruitStudents):
        for placement in highlight.placements:
            if not isinstance(placement, tuple) or len(placement) != 2:
                raise UnsupportedHighlightError(f"not a (village, guild) pair: {placement!r}")
            marks.spaces.add(_space(*placement))
        return marks
    if type(highlight) is int:
        marks.villages.add(_village_number(highlight))
        return marks
    if isinstance(highlight, Iterable) and not isinstance(highlight, str | bytes):
        marks.villages.update(_village_number(v) for v in highlight)
        return marks
    raise UnsupportedHighlightError(
        f"a Shangrila picture cannot highlight {highlight!r}; give a village number, a set of "
        "villages or a Shangrila action"
    )


# --- drawing --------------------------------------------------------------------------------------


def _bridges(state: ShangrilaState, size: float) -> Element:
    layer = group(class_="bridges")
    for index, (a, b) in enumerate(PATHS):
        (x1, y1), (x2, y2) = village_centre(a, size), village_centre(b, size)
        intact = bool(state.bridges >> index & 1)
        item = line(
            x1,
            y1,
            x2,
            y2,
            class_="bridge intact" if intact else "bridge broken",
            id=f"bridge-{a}-{b}",
            data_path=f"{a}-{b}",
            data_target=bridge_target(a, b),
        )
        item.add(title(f"bridge {a}–{b}: {'intact' if intact else 'broken'}"))
        layer.add(item)
    return layer


@cache
def picture_style(size: int) -> tuple[str, str]:
    """``(scope, style sheet)`` of a picture whose board is ``size`` pixels wide: the look of
    each kind of piece, stated once (see :func:`boardkit.present.svg.style_sheet`) instead of
    on each of the hundreds of elements. The look scales with the size, so the scope names it:
    ``shangrila-720``."""
    u = size / DEFAULT_SIZE
    dash = format_number(round(6 * u, 1))
    # the colours whose ink (a student's ring, the guild letter on a master) is not white
    inked = {colour: ink for colour, ink in COLOUR_INK.items() if ink != "#fff"}
    rules: dict[str, dict[str, AttributeValue]] = {
        ".intact": {"stroke": BRIDGE_INTACT, "stroke_width": 7 * u, "stroke_linecap": "round"},
        ".broken": {
            "stroke": BRIDGE_BROKEN,
            "stroke_width": 2 * u,
            "stroke_dasharray": f"{dash},{dash}",
            "stroke_opacity": 0.7,
        },
        ".disc": {"fill": "#f4ecd8", "stroke": "#8c7b5a", "stroke_width": 2 * u},
        ".out-of-play>.disc": {"fill": "#d9d4c7"},
        ".red-village>.disc": {"stroke": RED_WALL, "stroke_width": 5 * u},
        ".number-disc": {"fill": "#fbf8f0", "stroke": "#8c7b5a"},
        ".village-number": {"font_size": 13 * u, "font_weight": "bold", "fill": "#5a4a2a"},
        ".strength": {"font_size": 10 * u, "fill": "#7d6e50"},
        ".stone": {"fill": "#8a8d91", "stroke": "#4d4f52", "stroke_width": 1.5 * u},
        ".empty>circle": {"fill": "#fffdf7", "stroke": "#b9ab8a"},
        ".empty>text": {"fill": "#b9ab8a"},
        ".master": {"stroke": "#333"},
        **{f".master.{colour}": {"fill": fill} for colour, fill in COLOUR_FILL.items()},
        ".master~text": {"fill": "#fff", "font_weight": "bold"},
        **{f".master.{colour}~text": {"fill": ink} for colour, ink in inked.items()},
        ".student": {"fill": "none", "stroke": "#fff", "stroke_width": 2 * u},
        **{f".student.{colour}": {"stroke": ink} for colour, ink in inked.items()},
        ".highlight.village-highlight": {
            "fill": "none",
            "stroke": HIGHLIGHT,
            "stroke_width": 4 * u,
        },
        ".highlight.space-highlight": {"fill": "none", "stroke": HIGHLIGHT, "stroke_width": 3 * u},
        ".supply": {"text_anchor": "middle"},
    }
    scope = f"shangrila-{size}"
    return scope, style_sheet(scope, rules)


def _stone(cx: float, cy: float, u: float, *, in_key: bool = False) -> Element:
    """A Stone of the Wise: on the board its look comes from the style sheet (class ``stone``);
    the legend's key draws one with its own attributes (it counts no stone)."""
    corners = [(-13, -4), (-7, -11), (5, -12), (13, -3), (10, 9), (-2, 12), (-12, 7)]
    points = [(cx + dx * u, cy + dy * u) for dx, dy in corners]
    if not in_key:
        return polygon(points, class_="stone")
    return polygon(points, fill="#8a8d91", stroke="#4d4f52", stroke_width=1.5 * u)


def _village(state: ShangrilaState, village: int, size: float, marks: _Marks) -> Element:
    """A village's group; the ``villages`` group around it sets the text anchor, the font size
    and the thin stroke its pieces share, the style sheet the rest."""
    u = size / DEFAULT_SIZE
    cx, cy = village_centre(village, size)
    red = village == RED_VILLAGE
    out_of_play = red and state.colours == 3
    classes = (
        ["village"] + (["red-village"] if red else []) + (["out-of-play"] if out_of_play else [])
    )
    node = group(
        class_=" ".join(classes),
        id=f"village-{village}",
        data_village=village,
        data_target=village_target(village),
    )
    codes = village_codes(state, village)
    tiles, masters = strength(codes)
    node.add(title(f"village {village}: {tiles} tiles, {masters} masters"))
    node.add(circle(cx, cy, 48 * u, class_="disc"))
    node.add(circle(cx - 40 * u, cy - 40 * u, 11 * u, class_="number-disc"))
    node.add(text(cx - 40 * u, cy - 35 * u, str(village), class_="village-number"))
    for guild in range(GUILD_COUNT):
        node.add(
            _space_drawing(village, guild, codes[guild], size, (village, guild) in marks.spaces)
        )
    if has_stone(state, village):
        node.add(_stone(cx, cy, u))
    elif tiles:
        node.add(text(cx, cy + 4 * u, f"{tiles}/{masters}", class_="strength"))
    if village in marks.villages:
        node.add(circle(cx, cy, 55 * u, class_="highlight village-highlight"))
    return node


_SPACES: dict[tuple[int, int, int, float, bool], Element] = {}
_SPACES_LIMIT = 8192
"""The most space drawings :func:`_space_drawing` keeps (a board size has about 1,600)."""


def _space_drawing(village: int, guild: int, code: int, size: float, marked: bool) -> Element:
    """One guild space and what stands on it: the same for the same arguments in every
    picture, so each is drawn once, frozen (:meth:`boardkit.present.svg.Element.freeze`) and
    shared."""
    key = (village, guild, code, size, marked)
    drawn = _SPACES.get(key)
    if drawn is None:
        if len(_SPACES) >= _SPACES_LIMIT:
            _SPACES.clear()
        drawn = _SPACES[key] = _draw_space(village, guild, code, size, marked).freeze()
    return drawn


def _draw_space(village: int, guild: int, code: int, size: float, marked: bool) -> Element:
    u = size / DEFAULT_SIZE
    x, y = space_centre(village, guild, size)
    guild_enum = GUILDS[guild]
    initial = GUILD_INITIALS[guild_enum]
    node = group(
        class_="space" if code else "space empty",
        data_guild=guild_enum.value,
        data_target=space_target(village, guild_enum),
    )
    if code == 0:
        node.add(title(f"{GUILD_NAMES[guild_enum]} space, empty"))
        node.add(circle(x, y, 12 * u))
        node.add(text(x, y + 4 * u, initial))
    else:
        colour = COLOURS[colour_of(code)].value
        student = code >= WITH_STUDENT
        node.add(
            title(
                f"{GUILD_NAMES[guild_enum]}: {colour} master" + (" with student" if student else "")
            )
        )
        node.add(circle(x, y, 12 * u, class_=f"master {colour}"))
        if student:
            node.add(circle(x, y, 8.5 * u, class_=f"student {colour}"))
        node.add(text(x, y + 4 * u, initial))
    if marked:
        node.add(circle(x, y, 15.5 * u, class_="highlight space-highlight"))
    return node


def _journey(source: int, destination: int, size: float) -> Element:
    u = size / DEFAULT_SIZE
    (x1, y1), (x2, y2) = village_centre(source, size), village_centre(destination, size)
    length = math.hypot(x2 - x1, y2 - y1)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    inset = 50 * u
    arrow = line(
        x1 + dx * inset,
        y1 + dy * inset,
        x2 - dx * inset,
        y2 - dy * inset,
        class_="highlight journey",
        pointer_events="none",
        data_source=source,
        data_destination=destination,
        stroke=HIGHLIGHT,
        stroke_width=5 * u,
        marker_end="url(#journey-head)",
    )
    arrow.add(title(f"journey {source} → {destination}"))
    return arrow


def _status_lines(state: ShangrilaState, names: Sequence[str] | None) -> list[str]:
    flow = state.flow
    if flow.ended:
        head = "game over"
    elif flow.turn == 0:
        head = "setting up"
    else:
        moving = colour_to_move(state)
        colour = COLOURS[moving].value
        seat = seat_of(state, moving)
        whose = "" if names is None else f" ({picture_name(seat, names, f'seat {seat + 1}')})"
        head = f"{flow.phase} phase, turn {flow.turn}: {colour}{whose} to move"
    stones = state.stones.bit_count()
    stone_text = f"{stones} of {STONES_GERMAN}" if state.edition == "german" else str(stones)
    lines = [head, f"stones {stone_text} · bridges {state.bridges.bit_count()} of {len(PATHS)}"]
    if flow.phase == MAIN and state.passes and not flow.ended:
        lines.append(f"passes in a row: {state.passes}")
    return lines


def _legend(
    state: ShangrilaState, x: float, player: int | None, names: Sequence[str] | None
) -> Element:
    legend = group(class_="legend", data_part="side", fill="#333", font_size=12)
    y = 28.0
    legend.add(text(x, y, "Die Brücken von Shangrila", font_size=16, font_weight="bold"))
    for line_text in _status_lines(state, names):
        y += 20
        legend.add(text(x, y, line_text, class_="status"))
    y += 34
    legend.add(text(x, y, "supply", font_size=13, font_weight="bold"))
    for g, guild in enumerate(GUILDS):
        legend.add(text(x + 92 + 24 * g, y, GUILD_INITIALS[guild], text_anchor="middle"))
    moving = colour_to_move(state) if state.flow.turn and not state.flow.ended else None
    for c in range(state.colours):
        y += 24
        colour = COLOURS[c].value
        viewer = player is not None and seat_of(state, c) == player
        row = group(
            class_="supply-row" + (" viewer" if viewer else ""),
            data_colour=colour,
        )
        seat = seat_of(state, c)
        whose = picture_name(seat, names, f"seat {seat + 1}")
        row.add(title(f"{colour} ({PEOPLES[COLOURS[c]]}), {whose}"))
        row.add(
            circle(x + 8, y - 4, 7, class_="legend-colour", fill=COLOUR_FILL[colour], stroke="#333")
        )
        label = colour + (" ●" if c == moving else "")
        row.add(text(x + 20, y, label, font_weight="bold" if viewer else None))
        for g in range(GUILD_COUNT):
            row.add(
                text(
                    x + 92 + 24 * g,
                    y,
                    str(supply_of(state, c, g)),
                    class_="supply",
                    data_guild=GUILDS[g].value,
                )
            )
        legend.add(row)
    if moving is not None:
        y += 20
        legend.add(text(x, y, "● to move", font_size=11, fill="#666"))
    if player is not None:
        y += 16
        whose = picture_name(player, names, f"seat {player + 1}")
        legend.add(text(x, y, f"bold: {whose}'s colours", font_size=11, fill="#666"))
    y += 30
    legend.add(text(x, y, "key", font_size=13, font_weight="bold"))
    key = group(class_="key", font_size=11)
    y += 22
    key.add(circle(x + 10, y - 4, 9, fill=COLOUR_FILL["blue"], stroke="#333"))
    key.add(text(x + 26, y, "master"))
    key.add(circle(x + 110, y - 4, 9, fill=COLOUR_FILL["blue"], stroke="#333"))
    key.add(circle(x + 110, y - 4, 6, fill="none", stroke="#fff", stroke_width=2))
    key.add(text(x + 126, y, "master with student"))
    y += 24
    key.add(line(x, y - 4, x + 22, y - 4, stroke=BRIDGE_INTACT, stroke_width=6))
    key.add(text(x + 28, y, "bridge"))
    key.add(
        line(
            x + 100,
            y - 4,
            x + 122,
            y - 4,
            stroke=BRIDGE_BROKEN,
            stroke_width=2,
            stroke_dasharray="5,5",
        )
    )
    key.add(text(x + 128, y, "broken bridge"))
    y += 24
    key.add(_stone(x + 10, y - 4, 0.7, in_key=True))
    key.add(text(x + 26, y, "Stone of the Wise"))
    key.add(circle(x + 160, y - 4, 8, fill="none", stroke=RED_WALL, stroke_width=3))
    key.add(text(x + 172, y, "red village"))
    y += 24
    key.add(text(x, y, "5/3 = tiles / masters in a village", fill="#666"))
    for guild in GUILDS:
        y += 16
        key.add(text(x, y, f"{GUILD_INITIALS[guild]}  {GUILD_NAMES[guild]}", fill="#444"))
    legend.add(key)
    return legend


def board_svg(
    state: ShangrilaState,
    *,
    player: int | None = None,
    highlight: object = None,
    size: int = DEFAULT_SIZE,
    names: Sequence[str] | None = None,
) -> Svg:
    """The picture of ``state``; ``size`` is the width of the board area in pixels. With
    ``names`` the legend names each colour's player and the one to move.

    Everything in Shangrila is public (S-H1), so ``player`` only marks that seat's colours in
    the legend. ``highlight`` is ``None``, a village, an iterable of villages or a Shangrila
    action (see :func:`highlight_marks`).
    """
    if type(size) is not int or size < 200:
        raise PictureError(f"size must be an int of at least 200 pixels, got {size!r}")
    if player is not None and (type(player) is not int or not 0 <= player < state.flow.players):
        seats = state.flow.players
        raise PictureError(f"there is no seat {player!r}; seats are 0 to {seats - 1}")
    marks = highlight_marks(highlight)
    height = round(size * _HEIGHT_RATIO)
    width = size + _LEGEND_WIDTH
    scope, css = picture_style(size)
    svg = Svg(
        width,
        max(height, 560),
        title_text="Die Brücken von Shangrila",
        css=css,
        class_=scope,
        font_family="sans-serif",
    )
    svg.defs.add(arrow_marker("journey-head", HIGHLIGHT))
    svg.add(rect(0, 0, width, max(height, 560), fill="#fbf8f0", class_="background"))
    svg.add(
        rect(4, 4, size - 8, height - 8, rx=18, fill="#e4ecdc", stroke="#b7c4a8", class_="board")
    )
    svg.add(_bridges(state, size))
    u = size / DEFAULT_SIZE
    villages = svg.add(
        group(class_="villages", text_anchor="middle", font_size=11 * u, stroke_width=u)
    )
    for village in range(VILLAGE_COUNT):
        villages.add(_village(state, village, size, marks))
    if marks.journey is not None:
        svg.add(_journey(*marks.journey, size))
    svg.add(_legend(state, size + 14, player, names))
    return svg


def render_svg(
    game: object,
    state: ShangrilaState,
    player: int | None = None,
    highlight: object = None,
    *,
    names: Sequence[str] | None = None,
) -> str:
    """The game's ``render_svg`` hook: :func:`board_svg` as SVG text.

    Shaped as a method (``game`` first) so that the game class can take it as it is:
    ``render_svg = boardkit_shangrila.present.svg.render_svg``.
    """
    return board_svg(state, player=player, highlight=highlight, names=names).to_string()
