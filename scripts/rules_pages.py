"""Write the docs' generated how-to-play pages from the games' own text.

Each game that offers :meth:`Game.how_to_play <boardkit.game.Game.how_to_play>` gets
``docs/generated/rules-NAME.md`` (:func:`boardkit.present.rules.markdown`), which docs/rules.md
includes; tests/test_rules_pages.py fails while a page differs from its game's text. After
changing a game's sections, run::

    python scripts/rules_pages.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.highcard import HighCardGame
from boardkit.examples.nim import NimGame
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.game import Game
from boardkit.present.rules import markdown, sections_of
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "generated"

GAMES: tuple[Game[Any, Any], ...] = (
    KhanGame(),
    ShangrilaGame(),
    NimGame(),
    Goofspiel(),
    HighCardGame(),
    TicTacToeGame(),
)
"""The games whose pages docs/rules.md shows, in its order."""


def pages() -> dict[Path, str]:
    """Every generated page, by path, as it should read."""
    return {
        FOLDER / f"rules-{game.name}.md": markdown(
            game.name, game.title or game.name, sections_of(game)
        )
        for game in GAMES
    }


def main() -> int:
    for path, text in pages().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
