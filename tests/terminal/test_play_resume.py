"""Resume restores the same seats: the log header records them (``seats``), ``--resume`` reads
them back, and bots go on exactly as in a session that never stopped."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from boardkit import InvalidLogError, Match
from boardkit.cli.play import build_session
from boardkit.log import LogHeader
from boardkit.terminal.play import PlaySession, PlayStatus, resumed_kinds
from tests.terminal.test_play import parse


def run(match: Match[Any], seats: Sequence[str], script: Sequence[str], path: Path) -> str:
    out = io.StringIO()
    session = PlaySession(
        match,
        seats,
        input=io.StringIO("".join(f"{line}\n" for line in script)),
        output=out,
        save_path=path,
        overwrite=True,
    )
    session.run()
    return out.getvalue()


def resume(path: Path, script: Sequence[str], *argv: str) -> tuple[PlayStatus, str]:
    out = io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in script))
    session = build_session(parse("--resume", str(path), *argv), stdin, out)
    return session.run(), out.getvalue()


# --- the header field -----------------------------------------------------------------------------


def test_the_log_records_the_seats_and_a_redacted_log_keeps_them(tmp_path: Path) -> None:
    match = Match.new("nim", ["ann", "bob"], seed=3)
    run(match, ["human", "mcts:iterations=7"], ["quit"], tmp_path / "n.json")
    doc = json.loads((tmp_path / "n.json").read_text(encoding="utf-8"))
    assert doc["header"]["seats"] == ["human", "mcts:iterations=7"]
    assert Match.load(tmp_path / "n.json").header.seats == ("human", "mcts:iterations=7")
    redacted = json.loads(match.redacted_json(1))
    assert redacted["header"]["seats"] == ["human", "mcts:iterations=7"]
    assert Match.from_json(match.redacted_json(None)).header.seats == ("human", "mcts:iterations=7")


def test_a_log_without_seats_still_reads_and_writes_none() -> None:
    match = Match.new("nim", 2, seed=3)
    assert "seats" not in json.loads(match.to_json())["header"]
    assert Match.from_json(match.to_json()).header.seats is None


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("human", "header 'seats' must be a list, not 'human'"),
        (["human"], r"one seat kind per player \(2\), not 1"),
        (["human", 3], "must hold seat kinds .* not 3"),
        (["human", ""], "must hold seat kinds"),
        (["human", "x" * 201], "of at most 200 characters"),
        (["human", "random\n"], "must hold seat kinds"),
    ],
)
def test_malformed_seats_are_refused(seats: object, words: str) -> None:
    doc = json.loads(Match.new("nim", 2, seed=3).to_json())
    doc["header"]["seats"] = seats
    with pytest.raises(InvalidLogError, match=words):
        Match.from_json(json.dumps(doc))


def test_a_header_built_in_python_checks_its_seats_too() -> None:
    with pytest.raises(ValueError, match="one seat kind per player"):
        LogHeader("nim", "1.0", ("a", "b"), {}, 1, seats=("human",))


# --- resuming -------------------------------------------------------------------------------------


def test_given_kinds_replace_the_recorded_ones_from_seat_0() -> None:
    assert resumed_kinds(("random", "greedy", "mcts"), ["human"]) == ["human", "greedy", "mcts"]
    assert resumed_kinds(None, ["human"]) == ["human"]
    assert resumed_kinds(("human", "greedy"), []) == ["human", "greedy"]


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [
        ("nim", ["ann", "bob", "cy"], ["random", "mcts:iterations=6"]),
        ("shangrila", ["ann", "bob", "cy"], ["random", "mcts:iterations=3"]),
        ("khan", ["ann", "bob"], ["random"]),
    ],
)
def test_a_resumed_game_with_bots_goes_on_as_an_uninterrupted_one(
    tmp_path: Path, game: str, players: list[str], bots: list[str]
) -> None:
    """Quit after two decisions, resume from the file, go on: the same log as never stopping.

    The person lists every action and takes the first (``list``, ``1``): one decision per two
    lines, so the break falls between two decisions in both runs."""
    options = {"stones": 80} if game == "nim" else {}
    seats = ["human", *bots]
    decision = ["list", "1"]
    whole = Match.new(game, players, options, seed=11)
    run(whole, seats, decision * 8 + ["quit"], tmp_path / "whole.json")
    broken = Match.new(game, players, options, seed=11)
    run(broken, seats, decision * 2 + ["quit"], tmp_path / "broken.json")
    stopped_at = len(broken)
    status, out = resume(tmp_path / "broken.json", decision * 6 + ["quit"])
    assert status in (PlayStatus.QUIT, PlayStatus.FINISHED)
    assert f"{players[1]} ({bots[0]})" in out.splitlines()[0]  # the recorded bot sat again
    resumed = Match.load(tmp_path / "broken.json")
    assert resumed.header.seats == tuple(seats)
    bot_moves = [e for e in resumed.log.entries[stopped_at:] if e.player not in (0, None)]
    assert bot_moves  # the bots chose after the break, from streams brought up to date
    assert resumed.log.entries == Match.load(tmp_path / "whole.json").log.entries


def test_seat_with_resume_takes_over_seat_0_and_keeps_the_others(tmp_path: Path) -> None:
    match = Match.new("nim", ["ann", "bob"], {"stones": 20}, seed=4)
    run(match, ["human", "greedy"], ["1", "quit"], tmp_path / "h.json")
    status, out = resume(tmp_path / "h.json", [], "--seat", "random")
    assert out.startswith("Nim: ann (random), bob (greedy), resumed after")
    assert status is PlayStatus.FINISHED  # two bots play it out
    assert Match.load(tmp_path / "h.json").header.seats == ("random", "greedy")


def test_an_undo_puts_the_bots_streams_back(tmp_path: Path) -> None:
    """Take 2, the bot answers; undo, take 2 again: the same answer (the streams went back)."""
    match = Match.new("nim", ["ann", "bob"], {"stones": 30}, seed=2)
    out = run(match, ["human", "random"], ["2", "undo", "2", "undo", "2", "quit"], tmp_path / "u")
    answers = [line for line in out.splitlines() if line.startswith("bob (bot): ")]
    assert len(answers) == 3 and len(set(answers)) == 1, answers
