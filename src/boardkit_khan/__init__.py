"""Khan (Christwart Conrad, 2010) as a boardkit game.

:func:`board_option` turns a board file into the value of the game's ``board`` option.
"""

import sys
from types import ModuleType

from boardkit._moved import register_moves
from boardkit_khan.rules.board_option import board_option


class _KhanPackage(ModuleType):
    """This package, keeping its function :func:`board_option` when the old module name
    ``boardkit_khan.board_option`` is imported: the import system sets every submodule it
    loads as an attribute of its parent, and the old name's module would hide the function."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "board_option" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _KhanPackage

# Modules that moved in 0.2.0 keep their old names, with a DeprecationWarning, until 0.3.0.
# (The old module boardkit_khan.rules, now boardkit_khan.rules.legality, cannot be aliased: its
# name is the package's; the package offers the old module's names itself.)
register_moves(
    {
        "boardkit_khan.action_list": "boardkit_khan.rules.action_list",
        "boardkit_khan.actions": "boardkit_khan.rules.actions",
        "boardkit_khan.board": "boardkit_khan.rules.board",
        "boardkit_khan.board_option": "boardkit_khan.rules.board_option",
        "boardkit_khan.board_validation": "boardkit_khan.rules.board_validation",
        "boardkit_khan.cards": "boardkit_khan.rules.cards",
        "boardkit_khan.components": "boardkit_khan.rules.components",
        "boardkit_khan.conquest": "boardkit_khan.rules.conquest",
        "boardkit_khan.events": "boardkit_khan.rules.events",
        "boardkit_khan.fits": "boardkit_khan.rules.fits",
        "boardkit_khan.placements": "boardkit_khan.rules.placements",
        "boardkit_khan.reducer": "boardkit_khan.rules.reducer",
        "boardkit_khan.refusals": "boardkit_khan.rules.refusals",
        "boardkit_khan.ruler_cells": "boardkit_khan.rules.ruler_cells",
        "boardkit_khan.rulers": "boardkit_khan.rules.rulers",
        "boardkit_khan.scoring": "boardkit_khan.rules.scoring",
        "boardkit_khan.specials": "boardkit_khan.rules.specials",
        "boardkit_khan.state": "boardkit_khan.rules.state",
        "boardkit_khan.turn": "boardkit_khan.rules.turn",
        "boardkit_khan.views": "boardkit_khan.rules.views",
        "boardkit_khan.absent": "boardkit_khan.present.absent",
        "boardkit_khan.narration": "boardkit_khan.present.narration",
        "boardkit_khan.notation": "boardkit_khan.present.notation",
        "boardkit_khan.render": "boardkit_khan.present.render",
        "boardkit_khan.screen": "boardkit_khan.present.screen",
        "boardkit_khan.svg": "boardkit_khan.present.svg",
        "boardkit_khan.targets": "boardkit_khan.present.targets",
    }
)

__all__ = ["board_option"]
