"""The golden playthroughs (tests/*/fixtures/playthrough_*.txt) are what play gives today.

A failure here means play, the notation or the narration changed. If the change is meant,
regenerate with ``python -m tests.playthroughs`` and commit the reviewed diff with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardkit.testing.playthroughs import (
    Playthrough,
    PlaythroughChanged,
    playthrough_text,
    positions_in,
)
from tests.playthroughs import PLAYTHROUGHS, REGENERATE


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.path.name)
def test_playthrough_regenerates_exactly(playthrough: Playthrough) -> None:
    """Playing the seeded game again gives the stored text, line for line."""
    try:
        playthrough.check()
    except PlaythroughChanged as changed:
        pytest.fail(str(changed))


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.path.name)
def test_every_state_in_a_playthrough_reads_back(playthrough: Playthrough) -> None:
    """Each state, as wrapped in the file, is a position the game reads (and writes the same)."""
    game = playthrough.game
    config = game.make_config(len(playthrough.players), playthrough.options, 0)
    positions = positions_in(playthrough.stored())
    assert len(positions) >= 5
    for text in positions:
        assert game.format_position(game.parse_position(text, config)) == text


def test_a_changed_playthrough_fails_with_its_diff_and_the_command(tmp_path: Path) -> None:
    """A stored file that differs from play is refused; the message shows the diff and how to
    regenerate; writing it again makes it pass."""
    nim = PLAYTHROUGHS[0]
    playthrough = Playthrough(
        nim.game, nim.players, nim.seed, tmp_path / "nim.txt", regenerate_with="make goldens"
    )
    assert playthrough.write() == tmp_path / "nim.txt"
    playthrough.check()
    assert "# regenerate deliberately with: make goldens\n" in playthrough.stored()
    changed = playthrough.stored().replace("ann decides among", "ann decides amongst", 1)
    playthrough.path.write_text(changed, encoding="utf-8")
    with pytest.raises(PlaythroughChanged) as raised:
        playthrough.check()
    message = str(raised.value)
    assert message.startswith("nim.txt changed; if meant, run make goldens\n")
    assert "-  ann decides amongst" in message and "+  ann decides among" in message


def test_a_playthrough_without_a_command_names_none() -> None:
    """The header names a regenerating command only when one is given; the rest is the same."""
    nim = PLAYTHROUGHS[0]
    bare = playthrough_text(nim.game, nim.players, nim.seed)
    assert "regenerate" not in bare
    assert bare == nim.stored().replace(f"# regenerate deliberately with: {REGENERATE}\n", "")
