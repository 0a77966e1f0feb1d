"""Write the golden 4-player playthrough used by ``test_shangrila_golden.py``.

Run from the repository root, only when a rules change is meant to alter the game::

    python -m tests.shangrila.make_golden

It plays a seeded game between random players (each action is
``Rng(CHOOSER_SEED).choice(match.legal_actions())``) and writes the log to
``tests/shangrila/fixtures/golden_4p.json``. Review the diff before committing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardkit import Match, Rng
from boardkit_shangrila.game import ShangrilaGame

MATCH_SEED = 2003
CHOOSER_SEED = 531
FIXTURE = Path(__file__).parent / "fixtures" / "golden_4p.json"


def golden_match() -> Match[Any]:
    """The seeded random 4-player game, played to the end."""
    match: Match[Any] = Match.new(
        ShangrilaGame(), ["red", "blue", "yellow", "violet"], seed=MATCH_SEED
    )
    chooser = Rng(CHOOSER_SEED)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    return match


def golden_text() -> str:
    """The golden log as JSON text, with a final newline."""
    return golden_match().to_json() + "\n"


def main() -> None:
    FIXTURE.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {FIXTURE}")


if __name__ == "__main__":
    main()
