"""The player count a command plays when ``--players`` is left out.

Shangrila lists 2 among its player counts but takes two players only with its
``two_colours_each`` variant; the default count is the smallest the game accepts with the
options given, so that ``boardkit watch shangrila`` plays rather than refuses. ``watch`` also
takes the count from ``--bots`` when it gives one bot per seat, as the README's example does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardkit.cli.arguments import default_players
from boardkit.examples.nim import NimGame
from boardkit_shangrila.game import ShangrilaGame
from tests.cli.test_cli import Capture, run


def test_the_default_count_is_the_smallest_the_options_allow() -> None:
    assert default_players(ShangrilaGame(), {}) == 3
    assert default_players(ShangrilaGame(), {"two_colours_each": True}) == 2
    assert default_players(NimGame(), {}) == 2


def test_the_default_count_of_options_no_count_allows_is_the_smallest() -> None:
    """Setting the match up then names the problem, as for any bad option."""
    assert default_players(NimGame(), {"heaps": 3}) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "shangrila", "-n", "1", "--cap", "6"],
        ["play-random", "shangrila", "--cap", "6"],
        ["watch", "shangrila", "--bots", "random", "--cap", "6"],
        ["play", "shangrila", "--seat", "random", "--cap", "6"],
    ],
)
def test_shangrila_without_players_is_played_by_three(
    capsys: Capture, tmp_path: Path, argv: list[str]
) -> None:
    log = tmp_path / "game.json"
    saving = ["--save-logs", str(tmp_path)] if argv[0] == "simulate" else ["--save-log", str(log)]
    code, _, err = run(capsys, *argv, "--seed", "1", *saving)
    assert (code, err) == (0, "")
    if argv[0] == "simulate":
        (log,) = tmp_path.glob("shangrila-*.json")
    header = json.loads(log.read_text(encoding="utf-8"))["header"]
    assert len(header["players"]) == 3


def test_shangrila_two_players_with_its_variant(capsys: Capture) -> None:
    code, out, _ = run(
        capsys, "simulate", "shangrila", "-n", "1", "--seed", "1", "-o", "two_colours_each=true"
    )
    assert code == 0
    assert out.splitlines()[0] == "shangrila: 1 game between 2 random players, seed 1"


def test_watch_takes_the_count_from_one_bot_per_seat(capsys: Capture) -> None:
    """The README's ``boardkit watch shangrila --bots greedy,mcts:iterations=200,random``."""
    code, out, err = run(
        capsys, "watch", "shangrila", "--bots", "greedy,random,first", "--seed", "2", "--cap", "4"
    )
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == (
        "Die Brücken von Shangrila: red (greedy), blue (random), yellow (first)"
    )
    four = ",".join(["random"] * 4)
    code, out, _ = run(capsys, "watch", "nim", "--bots", four, "--seed", "2")
    assert code == 0
    assert out.splitlines()[0].count("(random)") == 4


def test_watch_players_and_bots_that_disagree_are_refused(capsys: Capture) -> None:
    code, out, err = run(capsys, "watch", "nim", "--bots", "random,random,random", "-p", "2")
    assert (code, out) == (2, "")
    assert err == "error: --bots gives 3 bots for 2 players; give one, or one per seat\n"
