"""The one game loop (:mod:`boardkit.runner.seats`): every command plays the same game for a
seed."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalActionError, Match, Rng
from boardkit.bots import RandomBot
from boardkit.cli import main
from boardkit.errors import GameDefinitionError, InvalidOptionsError
from boardkit.examples.nim import NimGame, Take
from boardkit.game import Game
from boardkit.log import Entry
from boardkit.runner.seats import BOT_STREAM, AskAgain, play_out, seat_rng
from boardkit.runner.simulate import random_playout, simulate
from boardkit.runner.tournament import play_game
from boardkit.terminal.play import PlaySession


def test_each_seat_has_a_stream_of_its_own_fixed_by_the_seed() -> None:
    draws = [seat_rng(9, seat).below(10**9) for seat in range(3)]
    assert draws == [seat_rng(9, seat).below(10**9) for seat in range(3)]
    assert len(set(draws)) == 3
    assert seat_rng(10, 0).below(10**9) != draws[0]
    assert seat_rng(9, 1).below(10**9) == Rng(9, BOT_STREAM + 1).below(10**9)


def run(*argv: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    assert code == 0, err.getvalue()


@pytest.mark.parametrize(("game", "players", "seed"), [("nim", 2, 31), ("shangrila", 3, 5)])
def test_every_command_plays_the_same_game_for_a_seed(
    game: str, players: int, seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    p, s = str(players), str(seed)
    run("play", game, "-p", p, "--seat", ",".join(["random"] * players), "--seed", s,
        "--log", "play.json")  # fmt: skip
    run("play-random", game, "-p", p, "--seed", s, "--save-log", "play-random.json")
    run("simulate", game, "-p", p, "-n", "1", "--seed", s, "--save-logs", "sim")
    run("tournament", game, "-p", p, "-b", "random", "-n", "1", "-w", "1", "--seed", s,
        "--save-logs", "tour")  # fmt: skip
    logs = [
        Path("play.json"),
        Path("play-random.json"),
        Path("sim", f"{game}-{seed}.json"),
        *Path("tour").glob("*.json"),
    ]
    assert len(logs) == 4
    entries = [Match.load(path).log.entries for path in logs]
    assert len(entries[0]) > players  # a real game, not just a setup
    assert all(e == entries[0] for e in entries[1:])


def test_the_python_entry_points_play_the_same_game_for_a_seed(tmp_path: Path) -> None:
    game = NimGame()
    reference = random_playout(game, 3, {"stones": 20}, seed=77).log.entries
    simulated: list[tuple[Entry, ...]] = []
    simulate(game, 1, 3, {"stones": 20}, 77, on_log=lambda _i, log: simulated.append(log.entries))
    bots = play_game(game, 3, {"stones": 20}, 77, [RandomBot()] * 3).log.entries
    match = Match.new(game, 3, {"stones": 20}, 77)
    PlaySession(match, ["random"] * 3, output=io.StringIO(), save_path=tmp_path / "s.json").run()
    assert simulated == [reference] and bots == reference
    assert match.log.entries == reference


class Scripted:
    """A seat that plays the actions it is given, in order; ``None`` asks to be asked again."""

    def __init__(self, actions: list[Any]) -> None:
        self.actions = actions
        self.asked = 0

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        self.asked += 1
        action = self.actions.pop(0)
        if action is None:
            raise AskAgain()
        return action


def test_a_seat_may_ask_to_be_asked_again() -> None:
    match = Match.new(NimGame(), 2, {"stones": 3}, 0)
    seat = Scripted([None, Take(3)])
    play_out(match, [seat, seat])
    assert seat.asked == 2 and match.is_over and len(match) == 2


def test_an_illegal_action_is_raised_unless_the_caller_says_what_to_do() -> None:
    match = Match.new(NimGame(), 2, {"stones": 3}, 0)
    with pytest.raises(IllegalActionError):
        play_out(match, [Scripted([Take(9)])] * 2)
    refused: list[Any] = []

    def on_illegal(seat: int, action: Any, error: IllegalActionError) -> Any:
        refused.append(action)
        return None if len(refused) == 1 else Take(1)  # ask again, then play one stone

    seen: list[tuple[Any, int]] = []
    play_out(
        match,
        [Scripted([Take(9), Take(8), Take(2)])] * 2,
        on_illegal=on_illegal,
        after=lambda seat, action, before: seen.append((action, before.stones)),
    )
    assert refused == [Take(9), Take(8)]
    assert seen == [(Take(1), 3), (Take(2), 2)] and match.is_over


def test_the_loop_needs_a_seat_for_every_player() -> None:
    match = Match.new(NimGame(), 2, seed=0)
    with pytest.raises(InvalidOptionsError, match="2 seats"):
        play_out(match, [RandomBot()])


def test_the_entry_bound_counts_what_the_table_holds_after_an_undo() -> None:
    """play_out counts entries itself, and asks the table again when a seat may have changed
    it (AskAgain after an undo): a game that keeps to max_entries is never stopped, one that
    passes it is."""
    match = Match.new(NimGame(), 2, {"stones": 4, "max_take": 2}, 0)  # at most 5 entries
    undone: list[int] = []

    class Undoer:
        def choose(self, game: Any, state: Any, player: int, rng: Rng) -> Any:
            if len(match) == 2 and not undone:
                undone.append(1)
                match.undo(1)
                raise AskAgain()
            return Take(1)

    play_out(match, [Undoer(), Undoer()])
    assert undone and match.is_over and len(match) == 5

    class Short(NimGame):
        def max_entries(self, config: Any) -> int:
            return 3

    with pytest.raises(GameDefinitionError, match="passed 3 log entries"):
        play_out(Match.new(Short(), 2, {"stones": 4}, 0), [Scripted([Take(1)] * 9)] * 2)
