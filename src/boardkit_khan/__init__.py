"""Khan (Christwart Conrad, 2010) as a boardkit game.

:func:`board_option` turns a board file into the value of the game's ``board`` option.

The package has two rooms and a top. :mod:`.rules` decides the game; :mod:`.present` shows it
and never decides anything; the rules never import the presentation (a test holds them to it).

On top, what ties the game to the framework and to those who use it:

- :mod:`.game`: :class:`~boardkit_khan.game.KhanGame`, the rules and their presentation behind
  the framework's game protocol (the plugin the registry loads);
- :mod:`.builders`: positions built in code, for tests, puzzles and bug reports;
- :mod:`.encoding`: the game as numbers for research (an action index, an observation per seat);
- :mod:`.heuristic`: the bots' judgement of a position.

The last two read the rules for a machine rather than a person, so they are neither rules nor
presentation; each is one module used by one caller (the adapters, the bots), so they stay on
top rather than forming a room of their own.

:mod:`.rules`, the game itself:

- :mod:`.rules.board`: the board (terrain map, river, outland border, rulers' start cells) and
  its file format;
- :mod:`.rules.board_validation`: the board checked against the published numbers, and the
  loaders of checked boards (the shipped one, board files);
- :mod:`.rules.board_option`: the ``board`` option, a custom board carried as text;
- :mod:`.rules.ruler_cells`: the ``ruler_cells`` option, the free ruler setup;
- :mod:`.rules.components`: cards, special cards, tiles and yurt supply, from package data;
- :mod:`.rules.placements`: every geometric placement of every tile, once per board, and the
  names of tiles;
- :mod:`.rules.fits`: where every orientation of every stack fits, generated per board;
- :mod:`.rules.conquest`: conquest (action C): which tiles fit where, and what laying one does;
- :mod:`.rules.state`: the state and the static tables the rules look things up in;
- :mod:`.rules.actions`: the actions a player may ask for;
- :mod:`.rules.events`: the events a game is folded from;
- :mod:`.rules.reducer`: the fold of events into the state;
- :mod:`.rules.queries`: what a position says that the legality rules read: free land,
  protections, Scout reservations, available stacks, regions open to a start yurt;
- :mod:`.rules.legality`: which actions are legal now, for both listing and applying;
- :mod:`.rules.special_choices`: which special cards may be played in step 4, and the tile a
  Scout reserves;
- :mod:`.rules.action_list`: the legal actions of step 2 as a lazy sequence;
- :mod:`.rules.turn`: the flow: placement rounds, the five steps of a turn, the end phase;
- :mod:`.rules.cards`: the deck: shuffling, dealing, drawing, the discard pile;
- :mod:`.rules.rulers`: displacing rulers and triggering the end phase;
- :mod:`.rules.specials`: playing special cards and taking their yurts back;
- :mod:`.rules.scoring`: final scoring and the winner;
- :mod:`.rules.refusals`: why a conquest is refused, in the words a player reads;
- :mod:`.rules.reasons`: why a step or a special card refuses an action, in the same words;
- :mod:`.rules.words`: cards, tiles, regions and special cards in the reader's language;
- :mod:`.rules.notation`: the position notation, a state as text and back (the rules' own
  format: a log that starts from a position is replayed through it, so it is not presentation);
- :mod:`.rules.views`: hidden information: what a seat may see, redaction, determinization.

:mod:`.present`, the game shown:

- :mod:`.present.render`: the text board for a terminal;
- :mod:`.present.screen`: the compact picture for an 80×24 terminal;
- :mod:`.present.svg`: the SVG picture, drawn in two halves:
  :mod:`.present.svg_grid` (the grid, what lies on it, the colours) and
  :mod:`.present.svg_panel` (the panel beside it);
- :mod:`.present.targets`: which parts of the picture each action touches (play by clicks);
- :mod:`.present.narration`: events as lines a person reads;
- :mod:`.present.absent`: why an option is missing from a menu, or a typed cell takes no yurt;
- :mod:`.present.howto`: the rules for a newcomer, in sections.
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
        "boardkit_khan.notation": "boardkit_khan.rules.notation",
        "boardkit_khan.render": "boardkit_khan.present.render",
        "boardkit_khan.screen": "boardkit_khan.present.screen",
        "boardkit_khan.svg": "boardkit_khan.present.svg",
        "boardkit_khan.targets": "boardkit_khan.present.targets",
    }
)

__all__ = ["board_option"]
