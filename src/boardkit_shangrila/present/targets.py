"""Which elements of the Shangrila picture each action touches: playing Shangrila by clicks.

The game's :meth:`~boardkit.game.Game.action_targets` hook; the ids are the ``data-target``
attributes of :mod:`boardkit_shangrila.present.svg`. In the order a person clicks them:

- placing a master (set-up or action 1): the village, then the guild space;
- recruiting students (action 2): the space of each master that gets a student;
- a journey (action 3): the source village, then the bridge the students cross. The bridge, not
  the destination village, ends the journey's clicks: journeys 4 → 7 and 7 → 4 touch the same
  two villages, but only one of them starts at village 4 *and* crosses bridge 4–7, so the click
  sets of all legal actions differ;
- a pass: nothing (the menu offers it).
"""

from __future__ import annotations

from boardkit_shangrila.present.svg import bridge_target, space_target, village_target
from boardkit_shangrila.rules.actions import (
    Journey,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.state import ShangrilaState


def action_targets(game: object, action: object, state: ShangrilaState) -> tuple[str, ...]:
    """The game's ``action_targets`` hook (``game`` first, so the class can take it as it is).

    Shangrila has no secrets, so the targets depend on the action alone.
    """
    if isinstance(action, PlaceMaster | PlaceSetupMaster):
        return (village_target(action.village), space_target(action.village, action.guild))
    if isinstance(action, RecruitStudents):
        return tuple(space_target(village, guild) for village, guild in action.placements)
    if isinstance(action, Journey):
        return (village_target(action.source), bridge_target(action.source, action.destination))
    return ()
