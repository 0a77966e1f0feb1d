"""The golden playthroughs of the games in this repository: a seeded random game of each.

Written and checked by :mod:`boardkit.testing.playthroughs` (what each file holds is described
there); ``tests/test_playthroughs.py`` plays them again and compares.

Regenerate deliberately, from the repository root, when a change is meant to alter play::

    python -m tests.playthroughs

and review the diff before committing it with the change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.nim import NimGame
from boardkit.testing.playthroughs import Playthrough, write_playthroughs
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame

TESTS: Final = Path(__file__).parent
REGENERATE: Final = "python -m tests.playthroughs"

PLAYTHROUGHS: Final = (
    Playthrough(
        NimGame(),
        ("ann", "bob"),
        7,
        TESTS / "core" / "fixtures" / "playthrough_nim.txt",
        regenerate_with=REGENERATE,
    ),
    Playthrough(
        ShangrilaGame(),
        ("red", "blue", "yellow"),
        11,
        TESTS / "shangrila" / "fixtures" / "playthrough_3p.txt",
        regenerate_with=REGENERATE,
    ),
    Playthrough(
        KhanGame(),
        ("amber", "jade"),
        13,
        TESTS / "khan" / "fixtures" / "playthrough_2p.txt",
        regenerate_with=REGENERATE,
    ),
    Playthrough(
        Goofspiel(),
        ("ann", "bob", "cem"),
        6,
        TESTS / "core" / "fixtures" / "playthrough_goofspiel.txt",
        {"ties": "carry"},
        regenerate_with=REGENERATE,
    ),
)


def main() -> None:
    """Write every playthrough file."""
    for path in write_playthroughs(PLAYTHROUGHS):
        print(f"wrote {path.relative_to(TESTS.parent)}")


if __name__ == "__main__":
    main()
