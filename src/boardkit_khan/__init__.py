"""Khan (Christwart Conrad, 2010) as a boardkit game.

:func:`board_option` turns a board file into the value of the game's ``board`` option.
"""

from boardkit_khan.board_option import board_option

__all__ = ["board_option"]
