"""Drawing a game's compact picture with rich: seats in their colours, board beside its panel.

:mod:`boardkit.present.screen` says *what* a game shows on a small screen; this module says *how*
on a terminal: a seat's segments are painted in the seat's colour (plain text when the console has
no colour, so pipes and files get the same words), the side panel goes to the right of the board
when both fit the width, else below it, and long lines are cut to the width. ``boardkit watch``
and ``boardkit play`` both draw through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from boardkit.game import Game
from boardkit.present.screen import GAP, Line, Picture

_RICH_COLOURS = {"violet": "magenta", "purple": "magenta", "orange": "dark_orange"}


def seat_style(colour: str) -> Style:
    """The rich style a seat of colour ``colour`` (a word such as ``"red"``) is painted with."""
    name = _RICH_COLOURS.get(colour, colour)
    try:
        return Style(color=name, bold=True)
    except Exception:  # a colour word rich does not know: bold only
        return Style(bold=True)


def styled(row: Line, colours: Sequence[str]) -> Text:
    """A picture line as rich text, each seat's segments in its colour."""
    text = Text()
    for part, seat in row:
        if seat is not None and 0 <= seat < len(colours):
            text.append(part, seat_style(colours[seat]))
        else:
            text.append(part)
    return text


def name_text(name: str, seat: int | None, colours: Sequence[str]) -> Text:
    """A player's name painted in the seat's colour."""
    return styled(((name, seat),), colours)


def fit(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` columns, with ``…`` where it was cut."""
    if text.cell_len <= width:
        return text
    cut = text.copy()
    cut.truncate(max(width - 1, 0))
    cut.append("…")
    return cut


def game_picture(
    game: Game[Any, Any], state: Any, player: int | None, names: Sequence[str]
) -> Picture:
    """The compact picture of ``state`` as ``player`` may see it: the game's
    :meth:`~boardkit.game.Game.render_screen` when it offers one, else its ``render_text``."""
    if game.offers("render_screen"):
        return game.render_screen(state, player, names)
    return Picture.of_text(game.render_text(state, player, names=names))


def picture_lines(
    picture: Picture, colours: Sequence[str], width: int, height: int | None = None
) -> list[Text]:
    """The picture as lines of at most ``width`` columns: side panel right of the board when
    both fit, else below it; at most ``height`` lines (the side panel is cut first)."""
    board = [styled(row, colours) for row in picture.board]
    side = [styled(row, colours) for row in picture.side]
    left = picture.board_width
    if side and left + GAP + min(picture.side_width, 20) <= width:
        rows = max(len(board), len(side))
        if height is not None:
            rows = min(rows, max(height, len(board)))
        out = []
        for i in range(rows):
            row = board[i].copy() if i < len(board) else Text()
            row.pad_right(left - row.cell_len)
            if i < len(side):
                row.append(" " * GAP)
                row.append_text(side[i])
            out.append(fit(row, width))
        return out
    out = [fit(row, width) for row in [*board, *side]]
    return out if height is None else out[: max(height, len(board))]


def score_line(
    game: Game[Any, Any], state: Any, names: Sequence[str], colours: Sequence[str]
) -> Text | None:
    """``score: ann 8 · bob 7 …`` from the game's optional ``score(state, player)`` hook (the
    running score bots use); ``None`` for a game without one."""
    if not game.offers("score"):
        return None
    score = game.score
    text = Text("score: ")
    for seat, name in enumerate(names):
        if seat:
            text.append(" · ")
        value = score(state, seat)
        shown = int(value) if float(value).is_integer() else round(value, 1)
        text.append_text(name_text(name, seat, colours))
        text.append(f" {shown}")
    return text
