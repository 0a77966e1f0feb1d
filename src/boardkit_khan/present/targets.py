"""Which elements of the Khan picture each action touches: playing Khan by clicks.

The game's :meth:`~boardkit.game.Game.action_targets` hook; the ids are the ``data-target``
attributes of :mod:`boardkit_khan.present.svg` (made by :mod:`.svg_grid` for the cells and
rulers, by :mod:`.svg_panel` for the hand cards and the stock). In the order a person clicks
them:

- a start yurt (K-S4) or an invasion of any land (K-A-D): the cell;
- an invasion (K-A-A): the hand card played, then the cell (two cards of the same terrain
  invade the same cells, so the card is part of the move);
- displacing a ruler (K-A-B): the ruler;
- a conquest (K-A-C): the stack in the tile stock, then every cell the tile covers. The stack
  and the covered cells name one placement exactly (each orientation of a shape covers a
  different set of cells), so the tile's orientation is chosen by pointing at the cells: click
  the stack and any covered cell, and the page lights up the cells of the placements still
  possible until one is left;
- a discard (second half of K-A-D): the cards discarded (discarding nothing: the menu);
- Scout (K-X4): the stack it reserves;
- every other special card, and the answer to a consent (K-X5): nothing (the menu offers them).
"""

from __future__ import annotations

from boardkit.geometry.grid import cells_of
from boardkit_khan.present.svg_grid import cell_target, ruler_target
from boardkit_khan.present.svg_panel import card_target, stock_target
from boardkit_khan.rules.actions import (
    Conquer,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    PlaceStartYurt,
    PlayScout,
)
from boardkit_khan.rules.state import KhanState, static_for


def action_targets(game: object, action: object, state: KhanState) -> tuple[str, ...]:
    """The game's ``action_targets`` hook (``game`` first, so the class can take it as it is).

    ``action`` must be legal in ``state``; a conquest's cells are read from the placement table
    of the board ``state`` is played on.
    """
    if isinstance(action, PlaceStartYurt | InvadeAnywhere):
        return (cell_target(action.cell),)
    if isinstance(action, Invade):
        return (card_target(action.card), cell_target(action.cell))
    if isinstance(action, DisplaceRuler):
        return (ruler_target(action.ruler),)
    if isinstance(action, Conquer):
        table = static_for(state.options.board).table
        placement = table.stack(action.stack).get(action.orientation, action.anchor)
        if placement is None:  # not legal: the hook's contract promises nothing
            return ()
        return (stock_target(action.stack), *(cell_target(c) for c in cells_of(placement.mask)))
    if isinstance(action, Discard):
        return tuple(card_target(card) for card in action.cards)
    if isinstance(action, PlayScout):
        return (stock_target(action.stack),)
    return ()
