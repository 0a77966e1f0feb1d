"""A refused entry comes with the position it was played from, in the game's notation (issue 11:
error messages use the position notation, so a failed verification is a whole bug report)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardkit import InvalidLogError, Match
from boardkit.cli import main


def _tampered_log(seq: int) -> tuple[str, Match[Any]]:
    """A Shangrila log whose entry ``seq`` records another first event than its action gives
    (a log has one entry per line, entry 0 on line 3; every entry line but the last ends in a
    comma)."""
    match: Match[Any] = Match.new("shangrila", 3, seed=8)
    for _ in range(seq + 1):
        match.play(match.legal_actions()[0])
    lines = match.to_json().splitlines()
    entry = json.loads(lines[3 + seq].removesuffix(","))
    assert entry["seq"] == seq and entry["events"]
    entry["events"][0] = {"type": "TurnEnded"}
    lines[3 + seq] = json.dumps(entry, separators=(",", ":")) + ","
    return "\n".join(lines), match


def test_a_refused_entry_names_the_position_it_was_played_from() -> None:
    text, match = _tampered_log(5)
    with pytest.raises(InvalidLogError) as refused:
        Match.from_json(text)
    assert refused.value.entry == 5
    position = refused.value.position
    assert position is not None
    assert position == match.game.format_position(match.state_at(4))
    assert match.game.parse_position(position, match.config) == match.state_at(4)


def test_boardkit_replay_prints_that_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, match = _tampered_log(3)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "log entry 3" in err
    assert "the entry was played from: " + match.game.format_position(match.state_at(2)) in err
