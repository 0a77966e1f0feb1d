"""The words of the rules' refusals that a player reads (:func:`.legality.check`): what
the current step calls for ("playing High Morale is not possible now: it is time to
discard for action D") and why a special card cannot be played, in the language of
:func:`boardkit.i18n.language` (Khan's catalogue; English is the language of the message ids).

The conquests' own refusals are worded for the player by :mod:`boardkit_khan.rules.refusals`.
"""

from __future__ import annotations

from boardkit.errors import IllegalActionError
from boardkit.i18n import N_, Messages
from boardkit_khan.rules.actions import (
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
)
from boardkit_khan.rules.state import (
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_DISCARD,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    KhanState,
)

_m = Messages("boardkit_khan")
_t = _m.text

ACTION_WORDS = {
    "PlaceStartYurt": N_("placing a start yurt"),
    "Invade": N_("an invasion"),
    "DisplaceRuler": N_("displacing a ruler"),
    "Conquer": N_("a conquest"),
    "InvadeAnywhere": N_("action D"),
    "Discard": N_("discarding"),
    "PlayHighMorale": N_("playing High Morale"),
    "PlayProtection": N_("playing Protection of the Great Khan"),
    "PlayDivineSupport": N_("playing Divine Support"),
    "PlayScout": N_("playing the Scout"),
    "NoSpecial": N_("passing on special cards"),
}
"""Each action kind in words (message ids), for refusals a player reads."""

A_SPECIAL_CARD = N_("playing a special card")
"""The special cards as one kind of action (a menu's ``special`` entry)."""

STEP_WORDS = {
    STEP_PLACE: N_("the start yurts are being placed"),
    STEP_ACTIONS: N_("it is time for step 2's actions"),
    STEP_EXTRA: N_("it is time for High Morale's extra action"),
    STEP_DISCARD: N_("it is time to discard for action D"),
    STEP_SPECIAL: N_("it is time to play a special card or none"),
    STEP_CONQUER: N_("an end-phase turn is two conquests only"),
}
"""What the current step calls for, in words (message ids)."""


def not_now(what: str, step: str) -> str:
    """ "``what`` is not possible now: ``step`` calls for …", ``what`` a message id."""
    now = STEP_WORDS.get(step, N_("the turn is between steps"))
    return _t("{what} is not possible now: {now}", what=_m(what), now=_m(now))


def wrong_step(action: object, step: str) -> IllegalActionError:
    """The refusal of ``action`` in a step that does not allow its kind (K-T2)."""
    what = ACTION_WORDS.get(type(action).__name__, N_("that action"))
    return IllegalActionError("K-T2", not_now(what, step))


def special_clause(action: object) -> str:
    """The clause of a special card's play: K-X1 to K-X4."""
    if isinstance(action, PlayHighMorale):
        return "K-X1"
    if isinstance(action, PlayProtection):
        return "K-X2"
    if isinstance(action, PlayDivineSupport):
        return "K-X3"
    return "K-X4"


def special_reason(state: KhanState, player: int, action: object) -> str:
    """Why ``player`` may not play the special card ``action`` in the special-card step."""
    index = {"K-X1": 0, "K-X2": 1, "K-X3": 2, "K-X4": 3}[special_clause(action)]
    if state.specials.held[player][index] <= 0:
        return _t("you have no such special card left")
    if isinstance(action, PlayHighMorale):
        return _t("no action A, B or C could be taken with it")
    if isinstance(action, PlayProtection):
        return _t("another player's Protection is active, or (2 players) you played it last turn")
    if isinstance(action, PlayDivineSupport):
        if state.players == 4:
            return _t("choose a region on your card that no other player protects")
        return _t(
            "another player's Divine Support is active, or (2 players) you played it last turn"
        )
    return _t("that stack cannot be reserved (empty, or reserved by another player)")


__all__ = [
    "ACTION_WORDS",
    "A_SPECIAL_CARD",
    "STEP_WORDS",
    "not_now",
    "special_clause",
    "special_reason",
    "wrong_step",
]
