"""Draw the example pictures of docs/pictures.md from seeded random games.

Run from anywhere: ``python docs/images/make_images.py``. It writes ``shangrila.svg`` and
``khan.svg`` next to this script; the same seeds always give the same pictures, so the files
only change when the games or their pictures change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardkit import Match, Rng
from boardkit_khan.actions import Conquer
from boardkit_khan.svg import board_svg as khan_svg
from boardkit_shangrila.actions import Journey
from boardkit_shangrila.svg import board_svg as shangrila_svg

HERE = Path(__file__).resolve().parent


def random_game(game: str, players: int, seed: int, actions: int, prefer: type) -> Match[Any]:
    """``actions`` random actions (half the time an action of type ``prefer`` if legal),
    stopping just after the last preferred action so that the picture can point at it."""
    match = Match.new(game, players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if match.is_over:
            break
        legal = match.legal_actions()
        preferred = [a for a in legal if isinstance(a, prefer)]
        pool = preferred if preferred and rng.below(2) == 0 else legal
        match.play(rng.choice(pool))
    last = max(e.seq for e in match.log.entries if isinstance(e.action, prefer))
    match.undo(len(match) - 1 - last)
    return match


def main() -> None:
    """Write both pictures."""
    shangrila = random_game("shangrila", 4, seed=12, actions=90, prefer=Journey)
    picture = shangrila_svg(shangrila.state, highlight=shangrila.log.entries[-1].action)
    picture.save(HERE / "shangrila.svg")

    khan = random_game("khan", 3, seed=4, actions=70, prefer=Conquer)
    picture = khan_svg(
        khan.state, player=khan.log.entries[-1].player, highlight=khan.log.entries[-1].action
    )
    picture.save(HERE / "khan.svg")
    print(f"wrote {HERE / 'shangrila.svg'} and {HERE / 'khan.svg'}")


if __name__ == "__main__":
    main()
