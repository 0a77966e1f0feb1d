"""The Khan board: terrain map, river, outland border, rulers' start cells (K-C1…K-C3).

The printed board exists only as a picture, so boardkit ships a *reconstructed* board that meets
every published number (see ``docs/khan-board.md``). Any other board file in the same format can
be loaded with :func:`load_board`, e.g. a transcription of the physical board.

A :class:`Board` is immutable and holds everything the rules engine needs on its hot path as
precomputed ``int`` bitmasks (cell ``i`` ↔ bit ``1 << i``, ``i = row * width + col``, row 0 north):

* ``in_play``, ``land``, ``river`` and one mask per region;
* ``outland_border`` — land cells a card showing the outland allows (K-A-A);
* ``river_border`` — land cells side-adjacent to a river cell (decision, K-C2);
* per cell and direction, the ray a ruler may travel (:meth:`Board.ray`).

There is deliberately no mask of "banks": the river forks and its branch ends inside the land,
so the two banks of the branch are one piece of the map. Which land a bridge joins across the
river is read at the tile, per placement (:func:`boardkit_khan.placements.tile_banks`, K-A-C2).

Parsing never checks the game's numbers; that is the job of
:func:`boardkit_khan.board_validation.validate_board`, so that a broken file can be loaded and
every problem reported at once. The checked boards, the shipped one
(:func:`~boardkit_khan.board_validation.default_board`) and board files
(:func:`~boardkit_khan.board_validation.load_board`), come from that module too, which sits
above this one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import attrs

from boardkit.errors import BoardkitError
from boardkit.geometry.grid import Direction, Grid, cells_of
from boardkit.present.voice import count_of, noun_for

#: How far a ruler may be displaced (K-R1); the length of the precomputed rays.
RULER_REACH = 3

#: Map character for an out-of-play cell and for a river cell.
OUT_OF_PLAY_CHAR = "."
RIVER_CHAR = "~"


class Region(Enum):
    """The six land regions; the value is the map letter used in board files."""

    MOUNTAINS = "M"
    ICE_DESERT = "I"
    TUNDRA = "T"
    STONE_DESERT = "S"
    SAND_DESERT = "D"
    TROPICAL_FOREST = "F"

    @property
    def letter(self) -> str:
        """The one-character map code."""
        return self.value

    @property
    def title(self) -> str:
        """English name as printed in docs, e.g. ``"Ice desert"``."""
        return _REGION_TITLES[self][0]

    @property
    def german(self) -> str:
        """German name from the rulebook, e.g. ``"Eiswüste"``."""
        return _REGION_TITLES[self][1]


_REGION_TITLES: dict[Region, tuple[str, str]] = {
    Region.MOUNTAINS: ("Mountains", "Gebirge"),
    Region.ICE_DESERT: ("Ice desert", "Eiswüste"),
    Region.TUNDRA: ("Tundra", "Tundra"),
    Region.STONE_DESERT: ("Stone desert", "Steinwüste"),
    Region.SAND_DESERT: ("Sand desert", "Sandwüste"),
    Region.TROPICAL_FOREST: ("Tropical forest", "Tropischer Wald"),
}

_REGION_BY_LETTER: dict[str, Region] = {r.value: r for r in Region}

#: Every character a board map may contain.
MAP_CHARS = frozenset(_REGION_BY_LETTER) | {OUT_OF_PLAY_CHAR, RIVER_CHAR}


class BoardFileError(BoardkitError, ValueError):
    """A board file that cannot be parsed; the message says which line or key is wrong."""


@attrs.frozen(slots=True)
class RulerSpec:
    """A ruler as printed on the board (K-C3).

    ``reconstructed`` is ``True`` when the ruler's name and colour are the project's choice
    rather than known from the rulebook. Every start cell is part of the reconstructed map.
    """

    name: str
    colour: str
    start_cell: int
    reconstructed: bool


@attrs.frozen(slots=True, eq=False)
class Board:
    """An immutable Khan board with precomputed masks. Build one with :func:`build_board`."""

    grid: Grid
    name: str
    reconstructed: bool
    #: The map, one string per row (north first), one character per cell.
    layout: tuple[str, ...]
    in_play: int
    land: int
    river: int
    regions: tuple[tuple[Region, int], ...]
    #: Land cells a card showing the outland allows (K-A-A, K-C2).
    outland_border: int
    #: Land cells side-adjacent to a river cell (K-A-A river card; decision, K-C2).
    river_border: int
    rulers: tuple[RulerSpec, ...]
    #: Edge land cells the file lists as facing the supply instead of the outland (K-C2).
    outland_exceptions: int
    #: Non-edge land cells the file lists as bordering the outland anyway.
    outland_additions: int
    _region_by_cell: tuple[Region | None, ...]
    _rays: tuple[tuple[tuple[int, ...], ...], ...]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.grid == other.grid
            and self.layout == other.layout
            and self.rulers == other.rulers
            and self.outland_border == other.outland_border
            and self.name == other.name
            and self.reconstructed == other.reconstructed
        )

    def __hash__(self) -> int:
        return hash((self.grid, self.layout, self.rulers, self.outland_border))

    # -- lookups ----------------------------------------------------------------------------

    def region_of(self, cell: int) -> Region | None:
        """The region of a land cell; ``None`` for river and out-of-play cells."""
        return self._region_by_cell[cell]

    def region_mask(self, region: Region) -> int:
        """All cells of ``region``."""
        for reg, mask in self.regions:
            if reg is region:
                return mask
        return 0

    def is_land(self, cell: int) -> bool:
        """Whether ``cell`` is a land cell (the only cells yurts may go on)."""
        return bool((self.land >> cell) & 1)

    def is_river(self, cell: int) -> bool:
        """Whether ``cell`` is a river cell."""
        return bool((self.river >> cell) & 1)

    def is_in_play(self, cell: int) -> bool:
        """Whether ``cell`` is land or river."""
        return bool((self.in_play >> cell) & 1)

    def ruler(self, name: str) -> RulerSpec:
        """The ruler called ``name``; ``KeyError`` if there is none."""
        for spec in self.rulers:
            if spec.name == name:
                return spec
        raise KeyError(f"no ruler named {name!r} on board {self.name!r}")

    def ray(self, cell: int, direction: Direction) -> tuple[int, ...]:
        """The in-play cells a ruler on ``cell`` passes in ``direction`` (K-R1).

        At most :data:`RULER_REACH` cells, nearest first. The ray ends at the board's edge:
        the box edge or the first out-of-play cell, whichever comes first. River cells are
        included (they count towards the 3); the engine decides where a ruler may stop.
        """
        return self._rays[cell][direction]

    def escape_directions(self, cell: int) -> tuple[Direction, ...]:
        """Directions whose :meth:`ray` from ``cell`` holds at least one land cell.

        On an empty board these are the directions a ruler could flee in; a ruler on a
        straight stretch of the edge has 5 (rulebook example, K-C3).
        """
        return tuple(d for d in Direction if any((self.land >> c) & 1 for c in self._rays[cell][d]))

    def label(self, cell: int) -> str:
        """Human cell label, column letter then row number from the north: ``"E1"``."""
        return self.grid.label(cell)

    def parse_label(self, text: str) -> int:
        """The cell of a label like ``"E1"``; ``ValueError`` if malformed or outside."""
        return parse_cell_label(self.grid, text)


def parse_cell_label(grid: Grid, text: str) -> int:
    """Inverse of :meth:`Grid.label`: ``"A1"`` → cell 0. Case-insensitive."""
    raw = text.strip().upper()
    letters = "".join(ch for ch in raw if ch.isalpha())
    digits = raw[len(letters) :]
    if not letters or not digits.isdigit() or not raw.startswith(letters):
        raise ValueError(f"{text!r} is not a cell label like 'E1'")
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return grid.cell(int(digits) - 1, col - 1)


def build_board(
    layout: Sequence[str],
    rulers: Iterable[RulerSpec] = (),
    *,
    outland_exceptions: Iterable[int] = (),
    outland_additions: Iterable[int] = (),
    name: str = "custom board",
    reconstructed: bool = False,
) -> Board:
    """Derive every mask of a :class:`Board` from a character map.

    ``layout`` is one string per row, all of equal length, using the letters of
    :class:`Region`, ``~`` for river and ``.`` for out of play.

    Outland rule (K-C2): a land cell borders the outland when it lies on the box edge or is
    side-adjacent to an out-of-play cell — minus ``outland_exceptions`` (edge cells that face
    the general supply instead), plus ``outland_additions`` (for transcribed boards whose
    outland reaches further). Raises ``ValueError`` for a malformed layout.
    """
    rows = tuple(layout)
    if not rows or any(len(r) != len(rows[0]) for r in rows) or not rows[0]:
        raise ValueError("the map must be a non-empty rectangle of characters")
    grid = Grid(len(rows[0]), len(rows))
    region_masks = dict.fromkeys(Region, 0)
    river = out = 0
    region_by_cell: list[Region | None] = []
    for row, line in enumerate(rows):
        for col, ch in enumerate(line):
            bit = 1 << (row * grid.width + col)
            if ch == RIVER_CHAR:
                river |= bit
                region_by_cell.append(None)
            elif ch == OUT_OF_PLAY_CHAR:
                out |= bit
                region_by_cell.append(None)
            elif ch in _REGION_BY_LETTER:
                region = _REGION_BY_LETTER[ch]
                region_masks[region] |= bit
                region_by_cell.append(region)
            else:
                raise ValueError(f"unknown map character {ch!r} at row {row + 1}, column {col + 1}")
    land = 0
    for mask in region_masks.values():
        land |= mask
    in_play = land | river
    exceptions = _mask(outland_exceptions)
    additions = _mask(outland_additions)
    natural = land & (grid.edge_mask | grid.side_neighbours_mask(out))
    outland_border = ((natural & ~exceptions) | additions) & land
    river_border = land & grid.side_neighbours_mask(river)
    rays: list[tuple[tuple[int, ...], ...]] = []
    for cell in range(grid.size):
        per_direction: list[tuple[int, ...]] = []
        for direction in Direction:
            steps: list[int] = []
            for nxt in grid.ray(cell, direction, RULER_REACH):
                if not (in_play >> nxt) & 1:
                    break
                steps.append(nxt)
            per_direction.append(tuple(steps))
        rays.append(tuple(per_direction))
    return Board(
        grid=grid,
        name=name,
        reconstructed=reconstructed,
        layout=rows,
        in_play=in_play,
        land=land,
        river=river,
        regions=tuple((r, region_masks[r]) for r in Region),
        outland_border=outland_border,
        river_border=river_border,
        rulers=tuple(rulers),
        outland_exceptions=exceptions,
        outland_additions=additions,
        region_by_cell=tuple(region_by_cell),
        rays=tuple(rays),
    )


def _mask(cells: Iterable[int]) -> int:
    result = 0
    for cell in cells:
        result |= 1 << cell
    return result


# -- board files ------------------------------------------------------------------------------

_TOP_KEYS = {"format", "name", "reconstructed", "width", "height", "map", "outland", "rulers"}
_OUTLAND_KEYS = {"not_bordering", "also_bordering"}
_RULER_KEYS = {"name", "colour", "start", "reconstructed"}


def parse_board(text: str, source: str = "<string>") -> Board:
    """Parse a board file's text (TOML, format described in ``docs/khan-board.md``).

    Raises :class:`BoardFileError` naming the file, and the line or key that is wrong. Does
    not check the game's numbers; see :func:`~boardkit_khan.board_validation.validate_board`.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardFileError(f"{source}: not valid TOML: {exc}") from None

    def fail(message: str) -> BoardFileError:
        return BoardFileError(f"{source}: {message}")

    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise fail(f"unknown top-level {noun_for(len(unknown), 'key')} {', '.join(unknown)}")
    fmt = data.get("format", 1)
    if fmt != 1:
        raise fail(f"key 'format': only format 1 is supported, got {fmt!r}")
    name = _typed(data, "name", str, fail, default="custom board")
    reconstructed = _typed(data, "reconstructed", bool, fail, default=False)
    width = _typed(data, "width", int, fail)
    height = _typed(data, "height", int, fail)
    raw_map = _typed(data, "map", str, fail)
    if width <= 0 or height <= 0:
        raise fail(f"keys 'width'/'height' must be positive, got {width}×{height}")

    map_line = _line_of_key(text, "map")
    rows = [line.strip() for line in raw_map.splitlines()]
    # Allow blank lines around the map (triple-quoted strings), not inside it.
    while rows and not rows[0]:
        rows.pop(0)
    while rows and not rows[-1]:
        rows.pop()
    if len(rows) != height:
        raise fail(f"key 'map' (line {map_line}): has {len(rows)} rows, 'height' says {height}")
    first_row_line = map_line + 1
    for index, line in enumerate(rows):
        where = f"key 'map', row {index + 1} (file line {first_row_line + index})"
        if len(line) != width:
            raise fail(f"{where}: {len(line)} characters, 'width' says {width}: {line!r}")
        bad = sorted(set(line) - MAP_CHARS)
        if bad:
            raise fail(
                f"{where}: unknown {noun_for(len(bad), 'character')} {' '.join(map(repr, bad))}; "
                f"allowed are {' '.join(sorted(MAP_CHARS))}"
            )
    grid = Grid(width, height)

    def cell_of(label: object, key: str) -> int:
        if not isinstance(label, str):
            raise fail(f"key {key}: expected a cell label like 'E1', got {label!r}")
        try:
            return parse_cell_label(grid, label)
        except ValueError as exc:
            raise fail(f"key {key}: {exc}") from None

    outland = data.get("outland", {})
    if not isinstance(outland, dict):
        raise fail("key 'outland' must be a table")
    unknown = sorted(set(outland) - _OUTLAND_KEYS)
    if unknown:
        raise fail(f"unknown {noun_for(len(unknown), 'key')} in [outland]: {', '.join(unknown)}")
    cell_lists: dict[str, list[int]] = {}
    for key in sorted(_OUTLAND_KEYS):
        items = outland.get(key, [])
        if not isinstance(items, list):
            raise fail(f"key 'outland.{key}' must be a list of cell labels")
        cell_lists[key] = [cell_of(item, f"'outland.{key}'") for item in items]

    raw_rulers = data.get("rulers", [])
    if not isinstance(raw_rulers, list):
        raise fail("key 'rulers' must be an array of tables ([[rulers]])")
    rulers: list[RulerSpec] = []
    for index, entry in enumerate(raw_rulers, start=1):
        key = f"rulers[{index}]"
        if not isinstance(entry, dict):
            raise fail(f"key '{key}' must be a table")
        unknown = sorted(set(entry) - _RULER_KEYS)
        if unknown:
            raise fail(f"unknown {noun_for(len(unknown), 'key')} in {key}: {', '.join(unknown)}")
        missing = sorted({"name", "colour", "start"} - set(entry))
        if missing:
            raise fail(f"{key} lacks {noun_for(len(missing), 'key')} {', '.join(missing)}")
        for field_name in ("name", "colour"):
            if not isinstance(entry[field_name], str) or not entry[field_name].strip():
                raise fail(f"key '{key}.{field_name}' must be a non-empty string")
        flag = entry.get("reconstructed", False)
        if not isinstance(flag, bool):
            raise fail(f"key '{key}.reconstructed' must be true or false")
        rulers.append(
            RulerSpec(
                name=entry["name"],
                colour=entry["colour"],
                start_cell=cell_of(entry["start"], f"'{key}.start'"),
                reconstructed=flag,
            )
        )
    return build_board(
        rows,
        rulers,
        outland_exceptions=cell_lists["not_bordering"],
        outland_additions=cell_lists["also_bordering"],
        name=name,
        reconstructed=reconstructed,
    )


def _typed(
    data: Mapping[str, Any],
    key: str,
    kind: type[Any],
    fail: Any,
    default: Any = None,
) -> Any:
    if key not in data:
        if default is None:
            raise fail(f"missing key {key!r}")
        return default
    value = data[key]
    # bool is a subclass of int; a width of `true` is still wrong.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise fail(f"key {key!r} must be of type {kind.__name__}, got {value!r}")
    return value


def _line_of_key(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(key) and line.lstrip()[len(key) :].lstrip().startswith("="):
            return number
    return 0


class InvalidBoardError(BoardkitError, ValueError):
    """A board file that parses but breaks the rules' numbers; ``violations`` lists them all."""

    def __init__(self, source: str, violations: Sequence[str]) -> None:
        self.violations = tuple(violations)
        super().__init__(
            f"{source}: {count_of(len(self.violations), 'problem')}:\n- "
            + "\n- ".join(self.violations)
        )


#: The largest board file :func:`read_board_file` reads (comments included).
MAX_BOARD_FILE_BYTES = 1 << 20


def read_board_file(path: Path) -> str:
    """The text of the board file at ``path``: a regular file of UTF-8 text, at most
    :data:`MAX_BOARD_FILE_BYTES` long (so a device such as ``/dev/zero`` is refused, not read)."""
    try:
        if not path.exists():
            raise BoardFileError(f"{path}: cannot read: no such file")
        if not path.is_file():
            raise BoardFileError(f"{path}: cannot read: not a regular file")
        with path.open("rb") as stream:
            data = stream.read(MAX_BOARD_FILE_BYTES + 1)
    except OSError as exc:
        raise BoardFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BOARD_FILE_BYTES:
        raise BoardFileError(f"{path}: larger than {MAX_BOARD_FILE_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardFileError(f"{path}: not UTF-8 text") from None


def text_map(board: Board, *, rulers: bool = True) -> str:
    """The map with column letters and row numbers, for docs and terminals.

    With ``rulers`` the start cells show the digits 1–8 and a legend names each ruler.
    """
    grid = board.grid
    marks: dict[int, str] = {}
    if rulers:
        for number, spec in enumerate(board.rulers, start=1):
            marks[spec.start_cell] = str(number % 10)
    header = "    " + " ".join(grid.label(col)[:-1] for col in range(grid.width))
    lines = [header]
    for row in range(grid.height):
        cells = []
        for col in range(grid.width):
            cell = row * grid.width + col
            cells.append(marks.get(cell, board.layout[row][col]))
        lines.append(f"{row + 1:>3} " + " ".join(cells))
    lines.append("")
    lines.append(
        "Legend: "
        + ", ".join(f"{r.letter} {r.title}" for r in Region)
        + f", {RIVER_CHAR} river, {OUT_OF_PLAY_CHAR} out of play"
    )
    if rulers and board.rulers:
        for number, spec in enumerate(board.rulers, start=1):
            region = board.region_of(spec.start_cell)
            where = region.title if region else "not on land"
            flag = " (reconstructed)" if spec.reconstructed else ""
            lines.append(
                f"  {number % 10} {spec.name}{flag}: {spec.colour}, "
                f"{board.label(spec.start_cell)} ({where})"
            )
    return "\n".join(lines)


def board_to_toml(board: Board) -> str:
    """Write ``board`` in the board-file format; :func:`parse_board` reads it back equal.

    Useful for tools that edit a board programmatically, and for transcriptions.
    """

    def labels(mask: int) -> str:
        return ", ".join(f'"{board.label(c)}"' for c in cells_of(mask))

    lines = [
        "format = 1",
        f"name = {_toml_str(board.name)}",
        f"reconstructed = {str(board.reconstructed).lower()}",
        f"width = {board.grid.width}",
        f"height = {board.grid.height}",
        'map = """',
        *board.layout,
        '"""',
        "",
        "[outland]",
        f"not_bordering = [{labels(board.outland_exceptions)}]",
        f"also_bordering = [{labels(board.outland_additions)}]",
    ]
    for spec in board.rulers:
        lines += [
            "",
            "[[rulers]]",
            f"name = {_toml_str(spec.name)}",
            f"colour = {_toml_str(spec.colour)}",
            f'start = "{board.label(spec.start_cell)}"',
            f"reconstructed = {str(spec.reconstructed).lower()}",
        ]
    return "\n".join(lines) + "\n"


def _toml_str(text: str) -> str:
    """``text`` as a TOML basic string; control characters as ``\\uXXXX`` escapes, so that
    the result is one line that :func:`parse_board` reads back equal."""
    out = []
    for char in text:
        if char in '\\"':
            out.append("\\" + char)
        elif ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
