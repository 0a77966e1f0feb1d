"""Special cards (K-X1…K-X4): playing them in step 4 and taking the yurts back.

Which card may be played when is decided in
:func:`boardkit_khan.rules.special_choices.special_actions` (where the tile a Scout reserves is
chosen too); this module turns a chosen card into events and ends cards whose time is up.

* K-X1 High Morale — played in step 4 (the rulebook lists it under step 4, and its examples
  AAC, ACC, DC, BBC all add the third action after the two of step 2); it grants one more action
  A, B or C at once, then the turn goes on to step 5. The card leaves the game.
* K-X2 Protection / K-X3 Divine Support — the player's yurt lies on the card until his next
  step 3 (K-T3); in the end phase until his next turn begins (K-E2).
* K-X4 Scout — the card leaves at once; the yurt on the reserved stack (2–3 players) or tile
  (4 players) comes back at the start of the player's next turn.
"""

from __future__ import annotations

from boardkit_khan.rules.actions import PlayDivineSupport, PlayHighMorale, PlayProtection, PlayScout
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.events import SpecialPlayed, SpecialReturned
from boardkit_khan.rules.reducer import Script
from boardkit_khan.rules.special_choices import scout_tile
from boardkit_khan.rules.state import Static

LASTING = (SpecialCard.PROTECTION, SpecialCard.DIVINE_SUPPORT)
"""The cards a yurt lies on until the owner's next step 3 (K-T3)."""


def play_special(script: Script, static: Static, player: int, action: object) -> None:
    """Emit the event of ``player`` playing the (already checked) special card ``action``."""
    if isinstance(action, PlayHighMorale):
        script.emit(SpecialPlayed(player, SpecialCard.HIGH_MORALE))
    elif isinstance(action, PlayProtection):
        script.emit(SpecialPlayed(player, SpecialCard.PROTECTION))
    elif isinstance(action, PlayDivineSupport):
        script.emit(SpecialPlayed(player, SpecialCard.DIVINE_SUPPORT, region=action.region))
    elif isinstance(action, PlayScout):
        tile = scout_tile(script.state, static, action.stack)
        script.emit(SpecialPlayed(player, SpecialCard.SCOUT, stack=action.stack, tile=tile))
    else:  # pragma: no cover - callers pass checked special actions only
        raise TypeError(f"{action!r} is not a special card")


def return_lasting(script: Script, player: int) -> None:
    """K-T3: ``player`` takes his yurt back from Protection / Divine Support cards."""
    for card in script.state.specials.active:
        if card.owner == player and card.card in LASTING:
            script.emit(SpecialReturned(player, card.card))


def return_scouts(script: Script, player: int) -> None:
    """K-X4: at the start of his turn ``player`` takes his yurt back from a reserved stack."""
    for card in script.state.specials.active:
        if card.owner == player and card.card is SpecialCard.SCOUT:
            script.emit(SpecialReturned(player, card.card))


def return_all(script: Script, player: int) -> None:
    """K-E2: in the end phase every card of ``player`` lapses when his turn comes."""
    return_scouts(script, player)
    return_lasting(script, player)
