"""The ``ruler_cells`` option: the rulebook's free ruler setup (K-S2).

The German rulebook lets players, after their first game, put the eight rulers wherever they
like at the start ("Nach dem ersten Spiel dürfen die Spieler frei entscheiden, wohin die
Herrscherfiguren zu Spielbeginn gestellt werden"; spreading them evenly is only recommended).
The option names the start cell of every ruler of the match's board::

    Russian=F1,Seljuk=B7,Abbasid=B11,Nizari=E5,Delhi=F10,Song=K8,Dai Viet=L12,Goryeo=J3

``""`` (the default) means the board's printed start cells. A person may type the pairs in
any order, with any case and with spaces around names, cells, ``=`` and ``,``; a ruler's name
is matched ignoring case and spaces (``daiviet`` is Dai Viet). :func:`canonical_ruler_cells`
writes the one form the log header holds: every ruler once, in board order, named as the board
spells it, the cell as the game labels it (column letter, row number), no spaces around the
separators; and ``""`` when the cells are the printed ones, so that equal setups give equal
headers.

What is refused (an :class:`~boardkit.errors.InvalidOptionsError` naming every problem): a pair
that is not ``RULER=CELL``, a ruler the board does not have, a ruler named twice or not at all,
a cell that is not a label, lies off the board, is a river cell or is out of play (the outland),
and two rulers on one cell. The board file checks of K-C3 (rulers 3 apart, the Russian on the
edge…) are *not* applied: they tell a faithful transcription of the printed board from a broken
one, and a free setup is a sanctioned variant, not a board.
"""

from __future__ import annotations

import re
from functools import lru_cache

from boardkit.errors import InvalidOptionsError, shorten_text
from boardkit.present.voice import a_or_an
from boardkit_khan.board import Board, parse_cell_label

OPTION = "ruler_cells"
#: The longest value accepted (eight pairs of a shipped board take about 80 characters).
MAX_CHARS = 2_000
#: The longest error message about a value.
MAX_MESSAGE_CHARS = 1_000

_LABEL = re.compile(r"[A-Z]+[0-9]+")


def _refuse(problems: list[str]) -> InvalidOptionsError:
    return InvalidOptionsError(
        shorten_text(f"option {OPTION!r}: " + "; ".join(problems), MAX_MESSAGE_CHARS)
    )


def _key(name: str) -> str:
    """How a ruler's name is matched: case and spaces ignored."""
    return "".join(name.split()).casefold()


def start_cells_of(value: object, board: Board) -> tuple[int, ...]:
    """The start cell of each ruler of ``board`` (in board order) that ``value`` names.

    ``""`` gives the printed start cells. Raises :class:`~boardkit.errors.InvalidOptionsError`
    naming every problem of a value that cannot be played (see the module docstring).
    """
    if type(value) is not str:
        raise _refuse([f"takes text such as 'Russian=E1,…', not {a_or_an(type(value).__name__)}"])
    if value.strip() == "":
        return tuple(spec.start_cell for spec in board.rulers)
    if len(value) > MAX_CHARS:
        raise _refuse([f"the value has {len(value)} characters, more than {MAX_CHARS}"])
    names = [spec.name for spec in board.rulers]
    index_of = {_key(name): i for i, name in enumerate(names)}
    problems: list[str] = []
    cells: dict[int, int] = {}
    seen: set[int] = set()
    for pair in value.split(","):
        name, sep, label = (part.strip() for part in pair.rpartition("="))
        if not sep or not name or not label:
            shown = pair.strip()
            problems.append(
                f"{shown!r} is not a pair RULER=CELL"
                if shown
                else "a pair is empty (two commas in a row, or a comma at an end)"
            )
            continue
        ruler = index_of.get(_key(name))
        if ruler is None:
            problems.append(f"the board has no ruler {name!r} (its rulers: {', '.join(names)})")
            continue
        if ruler in seen:
            problems.append(f"{names[ruler]} is named more than once")
            continue
        seen.add(ruler)
        cell = _cell(board, names[ruler], label, problems)
        if cell is not None:
            cells[ruler] = cell
    missing = [names[i] for i in range(len(names)) if i not in seen]
    if missing:
        problems.append(
            f"no cell for {', '.join(missing)} (every ruler of the board is named once)"
        )
    by_cell: dict[int, list[str]] = {}
    for ruler, cell in sorted(cells.items()):
        by_cell.setdefault(cell, []).append(names[ruler])
    for cell, who in by_cell.items():
        if len(who) > 1:
            problems.append(f"{', '.join(who)} start on the same cell {board.label(cell)}")
    if problems:
        raise _refuse(problems)
    return tuple(cells[i] for i in range(len(names)))


def _cell(board: Board, ruler: str, label: str, problems: list[str]) -> int | None:
    """The land cell ``label`` names for ``ruler``, else ``None`` with the problem added."""
    if not _LABEL.fullmatch(label.upper()):
        problems.append(f"{ruler}: {label!r} is not a cell label like 'E1'")
        return None
    try:
        cell = parse_cell_label(board.grid, label)
    except ValueError:
        last = board.grid.label(board.grid.size - 1)
        problems.append(f"{ruler}: {label.upper()} is off the board (A1 to {last})")
        return None
    if (board.land >> cell) & 1:
        return cell
    where = board.label(cell)
    if (board.river >> cell) & 1:
        problems.append(f"{ruler}: {where} is a river cell; rulers start on land")
    else:
        problems.append(f"{ruler}: {where} is out of play (the outland); rulers start on land")
    return None


def format_ruler_cells(cells: tuple[int, ...], board: Board) -> str:
    """The canonical text of ``cells`` (one per ruler of ``board``, in board order): ``""`` for
    the printed start cells, else ``Name=CELL`` pairs in board order joined by commas."""
    if cells == tuple(spec.start_cell for spec in board.rulers):
        return ""
    return ",".join(
        f"{spec.name}={board.label(cell)}" for spec, cell in zip(board.rulers, cells, strict=True)
    )


def canonical_ruler_cells(value: object, board: Board) -> str:
    """``value`` in the one form log headers hold (see the module docstring); refused like
    :func:`start_cells_of`."""
    return format_ruler_cells(start_cells_of(value, board), board)


@lru_cache(maxsize=64)
def start_cells(value: str, board_text: str) -> tuple[int, ...]:
    """:func:`start_cells_of` for the board the ``board`` option ``board_text`` names, cached
    by both texts (so a setup is never read for another board)."""
    from boardkit_khan.state import static_for

    return start_cells_of(value, static_for(board_text).board)
