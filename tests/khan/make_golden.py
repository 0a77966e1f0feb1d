"""Write the golden 4-player Khan playthrough used by ``test_khan_golden.py``.

Run from the repository root, only when a rules change is meant to alter the game::

    python -m tests.khan.make_golden

It plays a seeded game between random players (each action is
``Rng(CHOOSER_SEED).choice(match.legal_actions())``) and writes the log to
``tests/khan/fixtures/golden_4p.json``. Review the diff before committing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardkit import Match, Rng
from boardkit_khan.game import KhanGame

MATCH_SEED = 1244
CHOOSER_SEED = 2010
FIXTURE = Path(__file__).parent / "fixtures" / "golden_4p.json"


def golden_match() -> Match[Any]:
    """The seeded random 4-player game, played to the end."""
    match: Match[Any] = Match.new(KhanGame(), ["red", "yellow", "blue", "green"], seed=MATCH_SEED)
    chooser = Rng(CHOOSER_SEED)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    return match


def golden_text() -> str:
    """The golden log as JSON text (it ends with a newline)."""
    return golden_match().to_json()


if __name__ == "__main__":
    FIXTURE.write_text(golden_text(), encoding="utf-8")
    print(f"wrote {FIXTURE}")
