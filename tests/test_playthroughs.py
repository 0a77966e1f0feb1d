"""The golden playthroughs (tests/*/fixtures/playthrough_*.txt) are what play gives today.

A failure here means play, the notation or the narration changed. If the change is meant,
regenerate with ``python -m tests.playthroughs`` and commit the reviewed diff with it.
"""

from __future__ import annotations

import difflib

import pytest

from tests.playthroughs import PLAYTHROUGHS, Playthrough


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.path.name)
def test_playthrough_regenerates_exactly(playthrough: Playthrough) -> None:
    """Playing the seeded game again gives the stored text, line for line."""
    stored = playthrough.path.read_text(encoding="utf-8")
    fresh = playthrough.text()
    if fresh != stored:
        diff = difflib.unified_diff(
            stored.splitlines(), fresh.splitlines(), "stored", "regenerated", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"{playthrough.path.name} changed; if meant, run python -m tests.playthroughs\n{shown}"
        )


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.path.name)
def test_every_state_in_a_playthrough_reads_back(playthrough: Playthrough) -> None:
    """Each state, as wrapped in the file, is a position the game reads (and writes the same)."""
    game = playthrough.game
    config = game.make_config(len(playthrough.players), playthrough.options, 0)
    blocks: list[list[str]] = []
    for line in playthrough.path.read_text(encoding="utf-8").splitlines():
        if line.startswith("  state: "):
            blocks.append([line.removeprefix("  state: ")])
        elif line.startswith("    ") and blocks:
            blocks[-1].append(line.strip())
    assert len(blocks) >= 5
    for block in blocks:
        text = " ".join(block)
        assert game.format_position(game.parse_position(text, config)) == text
