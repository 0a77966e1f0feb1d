"""Why an option is not in the menu (:meth:`KhanGame.why_not
<boardkit_khan.game.KhanGame.why_not>`): the actions a person may look for, refused by the
rules in plain words ("E7 is not free (yurt, ruler or tile)").

The candidates are the step's main kinds of action on every land cell: start yurts in the
placement phase; invasions with each card of the decider's own hand (A), displacing each ruler
(B) and invading any land (D) in step 2; the special cards in step 4. Conquests (C) are left
out: their candidates are tiles × orientations × cells, and their refusals are the conquest
rules' (the menu's generic answer stands). The rules' :func:`~boardkit_khan.rules.check` says
why each absent one is refused; it reads only the board and the decider's own hand, so the
reasons leak nothing, and while a consent is owed nothing is listed (the candidates would be
the active player's, whose hand the one answering does not see).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from boardkit.errors import IllegalActionError
from boardkit.game import Game
from boardkit.geometry.grid import cells_of
from boardkit.menus import absent_reasons
from boardkit_khan.actions import (
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    PlaceStartYurt,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
)
from boardkit_khan.board import Region
from boardkit_khan.rules import active_player, check
from boardkit_khan.state import (
    PHASE_PLACEMENT,
    STEP_ACTIONS,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    UNKNOWN_CARD,
    KhanState,
    static_for,
)


def candidates(state: KhanState) -> Iterator[KhanAction]:
    """The step's main kinds of action on every land cell (see the module docstring)."""
    flow = state.flow
    board = static_for(state.options.board).board
    land = list(cells_of(board.land))
    if flow.phase == PHASE_PLACEMENT and flow.step == STEP_PLACE:
        yield from (PlaceStartYurt(cell) for cell in land)
    elif flow.step in (STEP_ACTIONS, STEP_EXTRA):
        hand = [card for card in state.cards.hands[active_player(state)] if card != UNKNOWN_CARD]
        yield from (Invade(card, cell) for card in hand for cell in land)
        yield from (DisplaceRuler(ruler) for ruler in range(len(state.field.rulers)))
        yield from (InvadeAnywhere(cell) for cell in land)
    elif flow.step == STEP_SPECIAL:
        yield PlayHighMorale()
        yield PlayProtection()
        regions = list(Region) if state.players == 4 else [None]
        yield from (PlayDivineSupport(region) for region in regions)


def _refusal(state: KhanState, action: KhanAction) -> str | None:
    try:
        check(state, action)
    except IllegalActionError as error:
        return error.reason
    return None


def why_not(game: Game[Any, Any], state: KhanState, path: tuple[str, ...]) -> Mapping[str, str]:
    """The labels absent at ``path`` with the rules' reasons (see the module docstring)."""
    if state.flow.ended or state.outcome is not None or state.flow.owed:
        return {}
    return absent_reasons(
        game, state, path, candidates(state), lambda action: _refusal(state, action)
    )
