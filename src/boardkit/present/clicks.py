"""Playing by clicks: which legal actions the clicks so far still allow, and what to click next.

A game tells, through :meth:`boardkit.game.Game.action_targets`, which elements of its picture
each legal action touches (``("village-4", "bridge-4-7")`` for a journey from village 4 over
the bridge to 7). This module holds the one rule every front end shares to turn clicks into an
action, so the web page, a desktop client and the tests agree:

- an action is still possible while every click so far is one of its targets, **in any order**
  (a person does not know which cell of a tile the game lists first);
- the elements worth lighting up are the targets of the still possible actions that have not
  been clicked yet;
- an action is *complete* when all of its targets have been clicked;
- actions without targets (a consent, a pass) are never reached by clicks: they stay in the
  menus built from :meth:`~boardkit.game.Game.action_path`.

A front end then plays :attr:`Narrowing.chosen` (the one action left) at once or after a
confirmation; offers the :attr:`Narrowing.complete` actions as buttons while more clicks are
possible (one student placed, a second one optional); and shows a menu of them when several are
complete and nothing is left to click (:attr:`Narrowing.needs_menu`). :func:`click` says what
a click does to the clicks so far (add, take back, start again).

>>> targets = [("village-4", "bridge-4-7"), ("village-7", "bridge-4-7"), ("village-4", "space-4-H")]
>>> narrow(targets, ["bridge-4-7"]).clickable
('village-4', 'village-7')
>>> narrow(targets, ["bridge-4-7", "village-7"]).chosen
1
>>> click(targets, ["village-4"], "village-7")
('village-7',)
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from boardkit.errors import BoardkitError, shorten

TargetId = str
"""The id of a clickable element: the value of its ``data-target`` attribute in the picture."""


class ClickError(BoardkitError, ValueError):
    """Clicks or targets that cannot be read: not strings, empty, or the same id twice."""


@frozen
class Narrowing:
    """What the clicks so far leave open.

    ``remaining`` are the indices (into the list of actions given to :func:`narrow`, ascending)
    of the actions whose targets include every click; ``clickable`` the ids that can be clicked
    next (targets of remaining actions not clicked yet, in order of first appearance);
    ``complete`` the remaining actions whose targets have all been clicked.
    """

    remaining: tuple[int, ...]
    clickable: tuple[TargetId, ...]
    complete: tuple[int, ...]

    @property
    def chosen(self) -> int | None:
        """The one action the clicks leave, or ``None`` while there are none or several."""
        return self.remaining[0] if len(self.remaining) == 1 else None

    @property
    def needs_menu(self) -> bool:
        """Several actions are complete and no click can tell them apart: a menu must decide."""
        return len(self.complete) > 1 and not self.clickable


def _checked_ids(ids: object, what: str) -> tuple[TargetId, ...]:
    if isinstance(ids, str | bytes) or not isinstance(ids, Sequence):
        raise ClickError(f"{what} must be a sequence of ids, got {shorten(ids)}")
    for item in ids:
        if type(item) is not str or not item:
            raise ClickError(f"{what} holds {shorten(item)}; every id must be a non-empty str")
    result = tuple(ids)
    if len(set(result)) != len(result):
        twice = next(i for i in result if result.count(i) > 1)
        raise ClickError(f"{what} names {twice!r} twice")
    return result


def narrow(
    targets_by_action: Sequence[Sequence[TargetId]], clicks: Sequence[TargetId]
) -> Narrowing:
    """The actions still possible after ``clicks``, and what can be clicked next.

    ``targets_by_action[i]`` is :meth:`~boardkit.game.Game.action_targets` of the i-th legal
    action. With no clicks, every action that has targets remains. A click that no action
    touches leaves nothing (see :func:`click` for starting again). Raises :class:`ClickError`
    for ids that are not non-empty strings and for an id given twice.
    """
    done = frozenset(_checked_ids(clicks, "the clicks"))
    remaining: list[int] = []
    complete: list[int] = []
    clickable: dict[TargetId, None] = {}
    for index, raw in enumerate(targets_by_action):
        targets = _checked_ids(raw, f"the targets of action {index}")
        if not targets or not done.issubset(targets):
            continue
        remaining.append(index)
        left = [t for t in targets if t not in done]
        if left:
            clickable.update(dict.fromkeys(left))
        else:
            complete.append(index)
    return Narrowing(tuple(remaining), tuple(clickable), tuple(complete))


def click(
    targets_by_action: Sequence[Sequence[TargetId]],
    clicks: Sequence[TargetId],
    clicked: TargetId,
) -> tuple[TargetId, ...]:
    """The clicks after a click on ``clicked``.

    A click on an element already clicked takes it back; on an element that is clickable next it
    is added; on an element that starts some action afresh it starts a new selection with it
    alone (the person changed their mind); anywhere else it changes nothing.
    """
    before = _checked_ids(clicks, "the clicks")
    (clicked,) = _checked_ids((clicked,), "the click")
    if clicked in before:
        return tuple(c for c in before if c != clicked)
    if clicked in narrow(targets_by_action, before).clickable:
        return (*before, clicked)
    if clicked in narrow(targets_by_action, ()).clickable:
        return (clicked,)
    return before
