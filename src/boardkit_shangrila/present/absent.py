"""Why an option is not in the menu (:meth:`ShangrilaGame.why_not
<boardkit_shangrila.game.ShangrilaGame.why_not>`): the actions a person may look for, refused by
the rules in plain words ("village 4 is full").

The candidates are every action of the phase's kinds: a master of each guild in each village,
a single student on each guild space, a journey over each bridge of the map. The rules'
:func:`~boardkit_shangrila.rules.checks.refusal` says why each absent one is refused; nothing is
hidden in Shangrila (S-H1), so the reasons leak nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from boardkit.game import Game
from boardkit.present.menus import absent_reasons
from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.checks import refusal
from boardkit_shangrila.rules.components import GUILDS
from boardkit_shangrila.rules.state import PLACEMENT, ShangrilaState, colour_to_move


def candidates(state: ShangrilaState) -> Iterator[Action]:
    """Every action of the kinds the phase allows, legal or not."""
    villages = range(VILLAGE_COUNT)
    if state.flow.phase == PLACEMENT:
        yield from (PlaceSetupMaster(v, g) for v in villages for g in GUILDS)
        return
    yield from (PlaceMaster(v, g) for v in villages for g in GUILDS)
    yield from (RecruitStudents(((v, g),)) for v in villages for g in GUILDS)
    yield from (Journey(v, w) for v in villages for w, _ in ROUTES[v])


def why_not(
    game: Game[Any, Any], state: ShangrilaState, path: tuple[str, ...]
) -> Mapping[str, str]:
    """The labels absent at ``path`` with the rules' reasons (see the module docstring)."""
    if state.flow.ended:
        return {}
    colour = colour_to_move(state)

    def refuse(action: Action) -> str | None:
        refused = refusal(state, colour, action)
        return None if refused is None else refused[1]

    return absent_reasons(game, state, path, candidates(state), refuse)
