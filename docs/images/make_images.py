"""Draw the pictures of the docs: the boards on the games' pages and the examples of
docs/pictures.md.

Run from anywhere: ``python docs/images/make_images.py``. It writes the SVG files next to this
script.

- ``shangrila-board.svg`` and ``khan-board.svg`` (the games' pages) show fixed positions: the
  start player is set, not drawn, and the placements are chosen by a fixed rule, so they use
  no randomness at all and do not change when seeds or random streams do.
  ``tests/test_doc_images.py`` checks that the committed files are current.
- ``shangrila.svg`` and ``khan.svg`` (docs/pictures.md) come from seeded random games, so they
  change when the games' randomness does; run the script again then.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardkit import Match, Rng
from boardkit.options import Config
from boardkit_khan.game import KhanGame
from boardkit_khan.present.svg import board_svg as khan_svg
from boardkit_khan.rules.actions import Conquer
from boardkit_khan.rules.events import StartPlayerChosen
from boardkit_khan.rules.state import KhanState
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.present.svg import board_svg as shangrila_svg
from boardkit_shangrila.rules.actions import Journey
from boardkit_shangrila.rules.components import Colour
from boardkit_shangrila.rules.events import StartColourDrawn
from boardkit_shangrila.rules.state import ShangrilaState

HERE = Path(__file__).resolve().parent


class _RedStarts(ShangrilaGame):
    """Shangrila with red to start, instead of a drawn colour."""

    def setup(self, state: ShangrilaState, config: Config, rng: Rng) -> Sequence[object]:
        return [StartColourDrawn(Colour.RED)]


class _SeatZeroStarts(KhanGame):
    """Khan with seat 0 to start, instead of a drawn player."""

    def setup(self, state: KhanState, config: Config, rng: Rng) -> Sequence[object]:
        return [StartPlayerChosen(0)]


def fixed_game(game: ShangrilaGame | KhanGame, players: int, actions: int, step: int) -> Match[Any]:
    """``actions`` placements, the k-th being legal action number ``k * step`` (modulo the
    number of legal actions). No randomness is drawn on the way."""
    match = Match.new(game, players, seed=0)
    for k in range(actions):
        legal = match.legal_actions()
        match.play(legal[(k * step) % len(legal)])
    return match


def shangrila_board() -> str:
    """Shangrila for 4 players after the placement phase (S-S3): 28 masters, red to move."""
    match = fixed_game(_RedStarts(), 4, actions=28, step=11)
    return shangrila_svg(match.state).to_string()


def khan_board() -> str:
    """Khan for 3 players, five yurts into the placement rounds (K-S4), as a spectator sees it.

    The last placement is left out: it would start the main phase and deal the cards (K-S5).
    """
    match = fixed_game(_SeatZeroStarts(), 3, actions=5, step=37)
    return khan_svg(match.state).to_string()


FIXED = {"shangrila-board.svg": shangrila_board, "khan-board.svg": khan_board}
"""The pictures that use no randomness, by file name."""


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
    """Write every picture."""
    for name, draw in FIXED.items():
        (HERE / name).write_text(draw() + "\n", encoding="utf-8")

    shangrila = random_game("shangrila", 4, seed=12, actions=90, prefer=Journey)
    picture = shangrila_svg(shangrila.state, highlight=shangrila.log.entries[-1].action)
    picture.save(HERE / "shangrila.svg", overwrite=True)

    khan = random_game("khan", 3, seed=4, actions=70, prefer=Conquer)
    picture = khan_svg(
        khan.state, player=khan.log.entries[-1].player, highlight=khan.log.entries[-1].action
    )
    picture.save(HERE / "khan.svg", overwrite=True)
    print(f"wrote {', '.join([*FIXED, 'shangrila.svg', 'khan.svg'])} in {HERE}")


if __name__ == "__main__":
    main()
