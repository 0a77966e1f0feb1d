"""The hooks the engine calls on every decision, as plain functions.

:class:`~boardkit_shangrila.game.ShangrilaGame` takes them over as they are (static methods):
they run once or twice per action, so no method wraps them, and the compiled build
(docs/performance.md) compiles this module, where the game class itself stays Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from boardkit import Result, Rng, TurnEnded
from boardkit_shangrila.rules.actions import Action
from boardkit_shangrila.rules.checks import verify
from boardkit_shangrila.rules.components import STONES_GERMAN
from boardkit_shangrila.rules.effects import action_events
from boardkit_shangrila.rules.legality import legal
from boardkit_shangrila.rules.scoring import final_result
from boardkit_shangrila.rules.state import MAIN, ShangrilaState

_TURN_ENDED: Final = TurnEnded()


def legal_actions(state: ShangrilaState) -> Sequence[Action]:
    """The colour to move's legal actions; just ``Pass()`` when it has none (S-P1)."""
    flow = state.flow
    if flow.ended:
        return []
    return legal(state, (state.start + flow.turn - 1) % state.colours)  # colour_to_move


def apply(state: ShangrilaState, action: Action, rng: Rng) -> Sequence[object]:
    """Check ``action`` against the rules (:func:`~boardkit_shangrila.rules.checks.verify` raises
    the refusal); its events and the end of the turn."""
    colour = (state.start + state.flow.turn - 1) % state.colours  # colour_to_move
    verify(state, colour, action)
    events: list[object] = action_events(state, colour, action)  # a new list every time
    events.append(_TURN_ENDED)
    return events


def result(state: ShangrilaState) -> Result | None:
    """``None`` while the game goes on; the final count once it is over (S-E1, S-E2)."""
    if state.flow.phase != MAIN:
        return None
    # is_over, written out: the engine asks twice per action
    if state.passes < state.colours and (
        state.stones.bit_count() < STONES_GERMAN
        if state.edition == "german"
        else state.bridges != 0
    ):
        return None
    return final_result(state)
