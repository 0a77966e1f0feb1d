"""``boardkit review``: the text and JSON reviews of a log, seats counted from 1, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardkit import Match
from boardkit.cli import main
from boardkit.examples.goofspiel import Goofspiel
from tests.cli.test_cli import Capture, run
from tests.runner.test_review import nim_with_a_blunder, random_match


@pytest.fixture
def nim_path(tmp_path: Path) -> Path:
    path = tmp_path / "nim.json"
    nim_with_a_blunder().save(path)
    return path


def test_review_prints_the_decisions_the_graph_and_the_costly_move(
    capsys: Capture, nim_path: Path
) -> None:
    code, out, err = run(capsys, "review", str(nim_path), "--iterations", "400")
    assert code == 0, err
    assert "review from the full log by mcts (400 iterations per decision, seed 0)" in out
    assert "entry 1, player 1: take 1 (" in out and "the bot preferred take 2" in out
    graphs = [line for line in out.splitlines() if "(win chance after each move)" in line]
    assert [line.split(":")[0] for line in graphs] == ["player 1", "player 2"]


def test_review_json_is_reproducible_and_names_the_costliest(
    capsys: Capture, nim_path: Path
) -> None:
    arguments = ("review", str(nim_path), "--json", "--iterations", "300", "--seed", "4")
    code, out, _ = run(capsys, *arguments)
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "boardkit-review/1" and data["seed"] == 4
    assert data["costly"][0] == 1
    first = data["decisions"][0]
    assert (first["played"], first["preferred"]) == ("take 1", "take 2")
    assert run(capsys, *arguments)[1] == out


def test_review_seat_counts_from_one(capsys: Capture, nim_path: Path) -> None:
    code, out, _ = run(capsys, "review", str(nim_path), "--seat", "2", "--json")
    assert code == 0
    assert {d["seat"] for d in json.loads(out)["decisions"]} == {1}
    code, _, err = run(capsys, "review", str(nim_path), "--seat", "0")
    assert code != 0 and "seats are counted from 1" in err and "seats 1 to 2" in err


def test_review_of_a_redacted_log_is_that_seats_view(capsys: Capture, tmp_path: Path) -> None:
    match = random_match(Goofspiel(), 5)
    full, mine = tmp_path / "full.json", tmp_path / "mine.json"
    match.save(full)
    mine.write_text(match.redacted_json(0))
    common = ("--json", "--iterations", "10")
    code, out, _ = run(capsys, "review", str(mine), *common)
    assert code == 0
    data = json.loads(out)
    assert data["viewer"] == "seat 0" and data["seats"] == [0]
    _, full_out, _ = run(capsys, "review", str(full), "--seat", "1", *common)
    assert json.loads(full_out)["decisions"] == data["decisions"]
    code, _, err = run(capsys, "review", str(mine), "--seat", "2", *common)
    assert code != 0 and "only that seat" in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--iterations", "0"), "a whole number from 1 up"),
        (("--seconds", "-1"), "a number of seconds above 0"),
        (("--top", "x"), "a whole number from 1 up"),
    ],
)
def test_review_refuses_bad_budgets(
    capsys: Capture, nim_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    code = main(["review", str(nim_path), *arguments])
    captured = capsys.readouterr()
    assert code == 2 and message in captured.err


def test_review_of_a_log_without_decisions_is_refused(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    Match.new("nim", 2, seed=1).save(path)
    code, _, err = run(capsys, "review", str(path))
    assert code != 0 and "no decision to review" in err
