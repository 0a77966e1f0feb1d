"""What a person types at a terminal play session's menu, read against the legal actions: a
move's text (whole, or the start of one), a label found in several places, an option the game
says is absent; and the menu level and prompt as the terminal shows them.

The menu model itself (:mod:`boardkit.present.menus`) knows nothing of typing or printing; the
session (:class:`~boardkit.terminal.play.PlaySession`) walks it and asks this module what a
line names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from boardkit.action_text import normalise
from boardkit.errors import GameDefinitionError, IllegalActionError
from boardkit.game import Game
from boardkit.present.menus import ActionMenu, MenuItem, MenuWalk, absent_item, line_numbers


@frozen
class Typed:
    """A legal action a move's text named: its index in the menu, and whether the text was
    the action's whole text (played at once) or the start of it (Enter plays it)."""

    index: int
    whole: bool


def typed_move(
    game: Game[Any, Any], state: Any, menu: ActionMenu, text: str
) -> Typed | IllegalActionError:
    """The legal action ``text`` names as a move's text (:meth:`Game.parse_action
    <boardkit.game.Game.parse_action>`), or the refusal (which names the candidates).

    The text is the action's whole text unless it is, case and spaces aside, a shorter
    start of it: a start waits for Enter, as a deeper label does, since the person may
    have meant another action that starts the same way."""
    try:
        action = game.parse_action(state, text)
    except IllegalActionError as exc:
        return exc
    try:
        index = menu.actions.index(action)
    except ValueError:  # a game whose reader gives what it does not list: the kit refuses it
        raise GameDefinitionError(
            f"{game.name}.parse_action read {text!r} as {action!r}, which is not a legal action"
        ) from None
    said = normalise(game.describe_action(action, state))
    typed = normalise(text)
    return Typed(index, not (said.startswith(typed) and said != typed))


def why_absent(game: Game[Any, Any], state: Any, walk: MenuWalk, text: str) -> str | None:
    """Why what ``text`` names is not on this level, when the game says (``why_not``)."""
    if walk.flat or not text or not game.offers("why_not"):
        return None
    absent = dict(game.why_not(state, walk.prefix))
    named = absent_item(absent, text)
    if named is None:
        return None
    label, reason = named
    return f"{label} is not on offer: {reason}"


def places_text(walk: MenuWalk, text: str, places: Sequence[tuple[str, ...]]) -> str:
    """``text`` names a label found under several lines of this level: which ones."""
    depth = len(walk.prefix)
    lines = list(dict.fromkeys(place[depth] for place in places))
    shown = ", ".join(lines[:6]) + (", …" if len(lines) > 6 else "")
    label = places[0][-1]
    if len(lines) == 1:
        return f"{label} is in more than one place under {lines[0]}; choose {lines[0]} first"
    return f"{label} is under {len(lines)} lines here ({shown}); choose one of them first"


def level_lines(
    items: Sequence[MenuItem],
    prefix: tuple[str, ...],
    flat: bool,
    width: int | None = None,
    height: int | None = None,
) -> list[str]:
    """A menu level as lines: where it is, then its numbered lines; in columns (numbers
    reading down) when a ``height`` is given that one column would pass and the columns
    fit ``width``."""
    head = []
    if prefix or flat:
        where = " / ".join(prefix) if prefix else "top"
        head.append(f"{'all actions under' if flat else 'in'} {where}:")
    numbers = line_numbers(items)
    digits = len(str(max(numbers, default=1)))
    cells = [
        f"{number:>{digits}}. {item.label}{'' if item.leaf else f'  ({len(item.actions)})'}"
        for number, item in zip(numbers, items, strict=True)
    ]
    tall = height is not None and len(head) + len(cells) > height
    if not tall or width is None or height is None:
        return head + [f"  {cell}" for cell in cells]
    down = max(height - len(head), 1)
    across = -(-len(cells) // down)
    cell_width = max(len(cell) for cell in cells) + 2
    if 2 + across * cell_width > width + 2:
        return head + [f"  {cell}" for cell in cells]
    down = -(-len(cells) // across)  # as few rows as the columns need
    rows = [
        "  " + "".join(f"{cells[i]:<{cell_width}}" for i in range(r, len(cells), down))
        for r in range(down)
    ]
    return head + [row.rstrip() for row in rows]


def prompt_text(name: str, prefix: tuple[str, ...], flat: bool) -> str:
    """The prompt: whose decision, and where in the menu (``ann [conquer / K10]> ``)."""
    where = " / ".join(prefix) + (" (list)" if flat else "")
    return f"{name} [{where.strip()}]> " if where else f"{name}> "
