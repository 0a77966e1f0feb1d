"""What a person types at a terminal play session's menu, read against the legal actions: a
line's number or label, a deeper label typed in full, a move's text (whole, or the start of
one), a label found in several places, an option the game says is absent; and the menu level
and prompt as the terminal shows them.

The menu model itself (:mod:`boardkit.present.menus`) knows nothing of typing or printing; the
session (:class:`~boardkit.terminal.play.PlaySession`) walks it, handles the commands (undo,
save, quit …) and asks :func:`read_choice` or :func:`read_move` what any other line names:
a :data:`Reading`, which it acts on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from boardkit.action_text import normalise
from boardkit.errors import ActionTextError, GameDefinitionError, IllegalActionError
from boardkit.game import Game
from boardkit.i18n import Messages
from boardkit.present.menus import (
    ActionMenu,
    MenuItem,
    MenuWalk,
    absent_item,
    items_starting,
    line_numbers,
    match_item,
    shown_label,
)
from boardkit.terminal.help import refusal_text

_t = Messages("boardkit").text


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


@frozen
class Play:
    """Play the action of index ``index`` in the menu at once."""

    index: int


@frozen
class Confirm:
    """Say ``message`` (which names the action) and play the action of index ``index`` if
    the next line is empty: Enter confirms it."""

    index: int
    message: str


@frozen
class Open:
    """Go to the deeper level ``place`` of the menu."""

    place: tuple[str, ...]


@frozen
class Tell:
    """Say ``message`` (a refusal, why a line is not there) and ask again."""

    message: str


@frozen
class Enter:
    """Enter ``item``, a line of this level: its level, or its action when it is the last."""

    item: MenuItem


Reading = Play | Confirm | Open | Tell | Enter
"""What a typed line (other than a command) names at a menu level."""


def read_move(
    game: Game[Any, Any], state: Any, menu: ActionMenu, text: str
) -> Play | Confirm | Tell:
    """What ``text``, read as a move's text (``move TEXT``), names: the action it is the
    whole text of, the action it starts (waiting for Enter), or the refusal."""
    return _move_reading(game, state, menu, typed_move(game, state, menu, text))


def _move_reading(
    game: Game[Any, Any], state: Any, menu: ActionMenu, typed: Typed | IllegalActionError
) -> Play | Confirm | Tell:
    if isinstance(typed, IllegalActionError):
        return Tell(refusal_text(game, typed))
    if typed.whole:
        return Play(typed.index)
    said = game.describe_action(menu.actions[typed.index], state)
    return Confirm(
        typed.index, _t("{action}: press Enter to play it, or type anything else", action=said)
    )


def read_choice(
    game: Game[Any, Any],
    state: Any,
    menu: ActionMenu,
    walk: MenuWalk,
    items: Sequence[MenuItem],
    text: str,
) -> Reading:
    """What the non-empty ``text`` names at the level ``walk`` stands at (its lines ``items``).

    In this order: a line (its number, or the start of its label); a label of a deeper level
    typed in full (its level; a single action under it waits for Enter, since a word may
    mislead); a move's text (its action at once, or the action it starts waiting for Enter).
    What names nothing is told why: the game's reason an option is absent, the lines a label
    is found under, the rules' refusal of a text that reads like a move, or the menu's own
    words. A label below the first level that names a single action also waits for Enter,
    unless it is that action's whole text.
    """
    picked: MenuItem | str = match_item(items, text)
    places: list[tuple[str, ...]] = []
    if isinstance(picked, str) and not walk.flat and not text.isdigit():
        places = menu.places_named(walk.prefix, text)
        if len(places) == 1 and len(menu.under(places[0])) == 1:
            index = menu.under(places[0])[0]  # Enter plays it: a word may mislead
            action = game.describe_action(menu.actions[index], state)
            return Confirm(
                index, _t("{action}: press Enter to play it, or type anything else", action=action)
            )
        if len(places) == 1:  # a label of a deeper level, typed out in full
            return Open(places[0])
        if places:
            picked = places_text(walk, text, places, menu.label_text)
    if isinstance(picked, str) and not text.isdigit():  # a move's text, then?
        typed = typed_move(game, state, menu, text)
        if isinstance(typed, Typed):
            return _move_reading(game, state, menu, typed)
        several = isinstance(typed, ActionTextError) and typed.matches > 1
        refused = not isinstance(typed, ActionTextError)  # the rules' own reason
        unknown = not places and not items_starting(items, text)
        if unknown and (several or refused or " " in text.strip()):
            picked = refusal_text(game, typed)  # several moves start so, or it reads like one
    if isinstance(picked, str):
        return Tell(why_absent(game, state, walk, text) or picked)
    opened = walk.prefix != menu.descend(())  # a level below the first one shown
    if opened and len(picked.actions) == 1 and text and not text.isdigit():
        index = picked.actions[0]
        said = game.describe_action(menu.actions[index], state)
        if normalise(said) != normalise(text):  # a label, as a deeper one is: confirm
            return Confirm(
                index, _t("{action}: press Enter to play it, or type anything else", action=said)
            )
    return Enter(picked)


def why_absent(game: Game[Any, Any], state: Any, walk: MenuWalk, text: str) -> str | None:
    """Why what ``text`` names is not on this level, when the game says (``why_not``)."""
    if walk.flat or not text or not game.offers("why_not"):
        return None
    absent = dict(game.why_not(state, walk.prefix))
    named = absent_item(absent, text)
    if named is None:
        return None
    label, reason = named
    return _t("{label} is not on offer: {reason}", label=shown_label(game, label), reason=reason)


def places_text(
    walk: MenuWalk,
    text: str,
    places: Sequence[tuple[str, ...]],
    shown: Callable[[str], str] = str,
) -> str:
    """``text`` names a label found under several lines of this level: which ones, each label
    as ``shown`` (:meth:`~boardkit.present.menus.ActionMenu.label_text`) shows it."""
    depth = len(walk.prefix)
    lines = [shown(line) for line in dict.fromkeys(place[depth] for place in places)]
    listed = ", ".join(lines[:6]) + (", …" if len(lines) > 6 else "")
    label = shown(places[0][-1])
    if len(lines) == 1:
        return _t(
            "{label} is in more than one place under {line}; choose {line} first",
            label=label,
            line=lines[0],
        )
    return _t(
        "{label} is under {count} lines here ({lines}); choose one of them first",
        label=label,
        count=len(lines),
        lines=listed,
    )


def level_lines(
    items: Sequence[MenuItem],
    prefix: tuple[str, ...],
    flat: bool,
    width: int | None = None,
    height: int | None = None,
    shown: Callable[[str], str] = str,
) -> list[str]:
    """A menu level as lines: where it is, then its numbered lines; in columns (numbers
    reading down) when a ``height`` is given that one column would pass and the columns
    fit ``width``. Each line shows its label as the reader reads it (:attr:`MenuItem.text
    <boardkit.present.menus.MenuItem.text>`), and where it is as ``shown`` shows labels."""
    head = []
    if prefix or flat:
        where = " / ".join(map(shown, prefix)) if prefix else _t("top")
        head.append(
            _t("all actions under {where}:", where=where)
            if flat
            else _t("in {where}:", where=where)
        )
    numbers = line_numbers(items)
    digits = len(str(max(numbers, default=1)))
    cells = [
        f"{number:>{digits}}. {item.text}{'' if item.leaf else f'  ({len(item.actions)})'}"
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


def prompt_text(
    name: str, prefix: tuple[str, ...], flat: bool, shown: Callable[[str], str] = str
) -> str:
    """The prompt: whose decision, and where in the menu (``ann [conquer / K10]> ``), each
    label as ``shown`` shows it."""
    where = " / ".join(map(shown, prefix)) + (" " + _t("(list)") if flat else "")
    return f"{name} [{where.strip()}]> " if where else f"{name}> "
