"""``boardkit play``: terminal play driven by scripted input (and once through a real terminal)."""

from __future__ import annotations

import argparse
import io
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve, frozen

from boardkit import (
    Config,
    DecisionOwed,
    DecisionSettled,
    Flow,
    IllegalActionError,
    Match,
    Result,
    Rng,
    StepStarted,
    TurnEnded,
)
from boardkit.cli import main
from boardkit.cli.play import add_parser, build_session, configure_parser
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.game import Game
from boardkit.present.menus import ActionMenu, MenuWalk, match_item, numbers_text, typing_hint
from boardkit.terminal.play import (
    PlaySession,
    PlayStatus,
    Seat,
    fit_story,
    make_seats,
    result_lines,
)
from tests.core.secret_game import SecretGame, SecretState

ANN_STARTS = 1
"""A seed with which Nim's start player (drawn at setup) is seat 0."""


class TakeOne:
    """A predictable bot: always takes the first legal action (one stone in Nim)."""

    name = "first"

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        return game.legal_actions(state)[0]


def nim_match(stones: int = 7, seed: int = ANN_STARTS) -> Match[Any]:
    match = Match.new(NimGame(), ["ann", "bob"], {"stones": stones}, seed)
    assert match.state.starter == (0 if seed == ANN_STARTS else match.state.starter)
    return match


def ann_against_take_one(match: Match[Any]) -> tuple[Seat, Seat]:
    return Seat("ann", "human", None), Seat("bob", "first", TakeOne())


def play(
    match: Match[Any], script: Sequence[str], seats: Sequence[str | Seat], **kwargs: Any
) -> tuple[PlayStatus, str]:
    """Run a session on ``script`` (one string per line); its status and everything it printed."""
    out = io.StringIO()
    session = PlaySession(
        match,
        seats,
        input=io.StringIO("".join(f"{line}\n" for line in script)),
        output=out,
        **kwargs,
    )
    status = session.run()
    text = out.getvalue()
    assert "Traceback" not in text
    return status, text


# --- a whole game of Nim ------------------------------------------------------------------------


def test_a_whole_nim_game_with_bad_input_list_back_undo_and_save(tmp_path: Path) -> None:
    match = nim_match()
    mid = tmp_path / "mid.json"
    end = tmp_path / "end.json"
    script = [
        "nonsense",  # no label starts with it
        "9",  # out of range
        "take",  # every label starts with it
        "list",  # the flat list ...
        "back",  # ... and back to the menu
        "?",
        "2",  # ann takes 2 (5 left); bob takes 1 (4 left)
        "undo",  # takes back bob's reply and ann's action: 7 stones again
        "TAKE 3",  # a whole label, in another case: 4 left; bob takes 1 (3 left)
        f"save {mid}",
        "3",  # ann takes the last 3 and wins
    ]
    status, out = play(match, script, ann_against_take_one(match), save_path=end)

    assert status is PlayStatus.FINISHED
    assert "nothing here starts with 'nonsense'" in out
    assert "there is no line 9; choose 1 to 3" in out
    assert "'take' is ambiguous (3 lines start with it" in out
    assert "all actions under Take:" in out
    assert "At each menu, type:" in out
    assert out.count("bob (bot): take 1") == 2
    assert "undid 2 actions" in out
    assert f"log saved to {mid}" in out
    assert "game over: ann wins" in out
    assert f"log saved to {end}" in out
    # the menu shows each label numbered, under the (skipped) single top level
    assert "in Take:\n  1. take 1\n  2. take 2\n  3. take 3\n" in out
    # whose decision it is
    assert "ann to play (turn 1, phase main)" in out

    saved = Match.from_json(mid.read_text(encoding="utf-8"), NimGame())
    assert [e.action for e in saved.log.entries[1:]] == [Take(3), Take(1)]
    assert saved.state.stones == 3 and saved.to_decide == 0
    final = Match.from_json(end.read_text(encoding="utf-8"), NimGame())
    assert [e.action for e in final.log.entries[1:]] == [Take(3), Take(1), Take(3)]
    assert final.result is not None and final.result.winners == (0,)
    assert match.log == final.log


def test_the_result_names_the_winner_and_lists_every_score(tmp_path: Path) -> None:
    match = nim_match(stones=1)
    _, out = play(match, [""], ann_against_take_one(match), save_path=tmp_path / "x.json")
    assert "game over: ann wins\n  ann  1\n  bob  0\n" in out


def test_a_forced_move_is_shown_and_enter_plays_it(tmp_path: Path) -> None:
    match = nim_match(stones=1)
    status, out = play(match, [""], ann_against_take_one(match), save_path=tmp_path / "x.json")
    assert status is PlayStatus.FINISHED
    assert "  1. take 1\n" in out
    assert "ann: take 1" in out


def test_empty_input_with_several_choices_asks_again(tmp_path: Path) -> None:
    match = nim_match()
    _, out = play(match, ["", "quit"], ann_against_take_one(match), save_path=tmp_path / "x.json")
    assert "type a number from 1 to 3, or ? for help" in out


def test_undo_before_any_human_action_says_there_is_nothing(tmp_path: Path) -> None:
    match = nim_match()
    status, out = play(
        match, ["undo", "quit"], ann_against_take_one(match), save_path=tmp_path / "x.json"
    )
    assert status is PlayStatus.QUIT
    assert "nothing to undo: ann has not acted yet" in out


def test_undo_when_a_bot_began_takes_back_to_the_humans_decision(tmp_path: Path) -> None:
    match = nim_match(seed=0)  # bob (the bot) starts
    assert match.state.starter == 1
    status, out = play(
        match, ["1", "undo", "quit"], ann_against_take_one(match), save_path=tmp_path / "x.json"
    )
    assert status is PlayStatus.QUIT
    assert "undid 2 actions" in out
    assert [e.action for e in match.log.entries[1:]] == [Take(1)]  # bob's opening move stays
    assert match.to_decide == 0


def test_quit_saves_the_log_and_says_how_to_resume(tmp_path: Path) -> None:
    match = nim_match()
    path = tmp_path / "q.json"
    status, out = play(match, ["1", "quit"], ann_against_take_one(match), save_path=path)
    assert status is PlayStatus.QUIT
    assert f"log saved to {path}\nresume with: boardkit play --resume {path}" in out
    assert Match.load(path).log == match.log


def test_end_of_input_mid_game_saves_the_log(tmp_path: Path) -> None:
    match = nim_match()
    path = tmp_path / "eof.json"
    status, out = play(match, ["2"], ann_against_take_one(match), save_path=path)
    assert status is PlayStatus.END_OF_INPUT
    assert "end of input" in out and f"log saved to {path}" in out
    saved = Match.load(path, NimGame())
    assert [e.action for e in saved.log.entries[1:]] == [Take(2), Take(1)]
    assert not saved.is_over


def test_log_path_is_written_after_every_action(tmp_path: Path) -> None:
    match = nim_match()
    log = tmp_path / "live.json"
    seen: list[int] = []

    class Watching(TakeOne):
        def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
            seen.append(len(Match.load(log, NimGame())))  # the human's action is already saved
            return super().choose(game, state, player, rng)

    seats = (Seat("ann", "human", None), Seat("bob", "watching", Watching()))
    play(match, ["1", "1"], seats, log_path=log)
    assert seen == [2, 4]
    assert Match.load(log, NimGame()).log == match.log


def test_save_to_an_unwritable_path_reports_and_goes_on(tmp_path: Path) -> None:
    match = nim_match()
    bad = tmp_path / "missing-dir" / "x.json"
    status, out = play(
        match, [f"save {bad}", "quit"], ann_against_take_one(match), save_path=tmp_path / "q.json"
    )
    assert f"error: cannot write {bad}" in out
    assert status is PlayStatus.QUIT


class RefusesThree(NimGame):
    """Nim whose rules refuse, at apply time, a move its legal actions list (a stale menu)."""

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        if action == Take(3):
            raise IllegalActionError("race", "three stones were taken by someone else")
        return super().apply(state, action, rng)


def test_an_illegal_action_prints_the_refusal_and_asks_again(tmp_path: Path) -> None:
    match = Match.new(RefusesThree(), ["ann", "bob"], {"stones": 7}, ANN_STARTS)
    status, out = play(match, ["3", "quit"], ["human", "human"], save_path=tmp_path / "x.json")
    assert "refused: three stones were taken by someone else" in out
    assert "[race]" not in out  # the clause tag is for developers, not for players
    assert out.count("ann to play") == 2
    assert status is PlayStatus.QUIT and len(match) == 1


def test_random_seats_play_a_whole_game_with_their_moves_printed(tmp_path: Path) -> None:
    match = Match.new(NimGame(), ["ann", "bob", "cyd"], {"stones": 9}, 5)
    status, out = play(match, [], ["random", "random", "random"], save_path=tmp_path / "r.json")
    assert status is PlayStatus.FINISHED
    bot_lines = [line for line in out.splitlines() if " (bot): take " in line]
    assert len(bot_lines) == len(match) - 1
    assert "game over:" in out


def test_bots_play_the_same_way_for_the_same_seed(tmp_path: Path) -> None:
    logs = []
    for _ in range(2):
        match = Match.new(NimGame(), 2, {"stones": 20}, 11)
        play(match, [], ["random", "random"], save_path=tmp_path / "r.json")
        logs.append(match.log)
    assert logs[0] == logs[1]


# --- hot seat with hidden information -----------------------------------------------------------


def test_hot_seat_shows_each_player_only_their_own_secret_after_the_pass_screen(
    tmp_path: Path,
) -> None:
    match = Match.new(SecretGame(), ["ann", "bob"], None, 3)
    state: SecretState = match.state
    ann_card, bob_card = state.hands
    status, out = play(
        match, ["", "keep", "", "keep"], ["human", "human"], save_path=tmp_path / "s.json"
    )
    assert status is PlayStatus.FINISHED
    before_ann, rest = out.split("pass the terminal to ann, press Enter\n", 1)
    ann_turn, rest = rest.split("pass the terminal to bob, press Enter\n", 1)
    bob_turn, ending = rest.split("bob: Keep()", 1)
    assert hands_shown(before_ann) == []
    assert hands_shown(ann_turn) == [f"{ann_card}, 0"]  # ann sees her card, not bob's
    assert hands_shown(bob_turn) == [f"0, {bob_card}"]  # bob sees his card, not ann's
    assert hands_shown(ending) == [f"{ann_card}, {bob_card}"]  # revealed at the end
    assert ending.index("hands=") < ending.index("game over")


def hands_shown(text: str) -> list[str]:
    """The ``hands`` tuples a printed SecretState shows (its default render is its repr)."""
    return re.findall(r"hands=\(([^)]*)\)", text)


def test_hot_seat_is_only_for_several_humans_in_a_game_with_secrets(tmp_path: Path) -> None:
    match = Match.new(SecretGame(), ["ann", "bob"], None, 3)
    status, out = play(match, ["keep"], ["human", "random"], save_path=tmp_path / "s.json")
    assert status is PlayStatus.FINISHED
    assert "pass the terminal" not in out
    nim = nim_match()
    _, out = play(nim, ["quit"], ["human", "human"], save_path=tmp_path / "n.json")
    assert "pass the terminal" not in out


def test_end_of_input_on_the_pass_screen_saves_and_stops(tmp_path: Path) -> None:
    match = Match.new(SecretGame(), ["ann", "bob"], None, 3)
    path = tmp_path / "s.json"
    status, _ = play(match, [], ["human", "human"], save_path=path)
    assert status is PlayStatus.END_OF_INPUT
    assert Match.load(path, SecretGame()).log == match.log


# --- decisions owed by a player who is not active ----------------------------------------------


@frozen
class OfferState:
    flow: Flow
    deals: int = 0


@frozen
class Offer:
    pass


@frozen
class Reply:
    accept: bool


@frozen
class Dealt:
    accepted: bool


class OfferGame(Game[OfferState, object]):
    """Seat 0 makes an offer; seat 1 must answer it (a consent owed outside seat 1's turn)."""

    name = "offer"
    version = "1.0"
    player_counts = (2,)
    state_type = OfferState
    action_types = (Offer, Reply)
    event_types = (Dealt,)

    def initial(self, config: Config) -> OfferState:
        return OfferState(Flow(config.players))

    def on_turn_start(self, state: OfferState, rng: Rng) -> Sequence[object]:
        return [StepStarted("bargain")]

    def legal_actions(self, state: OfferState) -> list[object]:
        return [Reply(True), Reply(False)] if state.flow.owed else [Offer()]

    def apply(self, state: OfferState, action: object, rng: Rng) -> Sequence[object]:
        if state.flow.owed and isinstance(action, Reply):
            return [DecisionSettled(1), Dealt(action.accept), TurnEnded()]
        if not state.flow.owed and isinstance(action, Offer):
            return [DecisionOwed(1, "consent")]
        raise IllegalActionError("offer", f"{action!r} is not allowed now")

    def reduce(self, state: OfferState, event: object) -> OfferState:
        return evolve(state, deals=state.deals + 1) if isinstance(event, Dealt) else state

    def next_player(self, state: OfferState) -> int:
        return 0

    def result(self, state: OfferState) -> Result | None:
        return Result((0,), (1, 0)) if state.deals else None

    def max_entries(self, config: Config) -> int:
        return 3

    def action_path(self, action: object, state: OfferState | None = None) -> tuple[str, ...]:
        if isinstance(action, Reply):
            return ("accept" if action.accept else "refuse",)
        return ("offer",)


def test_a_decision_owed_outside_ones_turn_is_announced(tmp_path: Path) -> None:
    match = Match.new(OfferGame(), ["ann", "bob"])
    status, out = play(match, ["", "refuse"], ["human", "human"], save_path=tmp_path / "o.json")
    assert status is PlayStatus.FINISHED
    assert "ann to play (turn 1, phase main, step bargain)" in out
    assert "bob must answer: consent (turn 1, phase main, step bargain, during ann's turn)" in out
    assert "  1. accept\n  2. refuse\n" in out
    assert "bob: Reply(accept=False)" in out


def test_a_bot_answering_an_owed_decision_is_reported(tmp_path: Path) -> None:
    match = Match.new(OfferGame(), ["ann", "bob"])
    status, out = play(match, [""], ["human", "random"], save_path=tmp_path / "o.json")
    assert status is PlayStatus.FINISHED
    assert re.search(r"bob \(bot\): Reply\(accept=(True|False)\)", out)


# --- the menu tree ------------------------------------------------------------------------------


class PathNim(NimGame):
    """Nim whose menu has two levels: a size class, then the count."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        size = "few" if action.count <= 2 else "many"
        return (size, f"take {action.count}")


def test_menu_levels_count_the_actions_under_each_label() -> None:
    menu = ActionMenu(PathNim(), [Take(1), Take(2), Take(3)])
    top = menu.items(())
    assert [(i.label, len(i.actions), i.leaf) for i in top] == [
        ("few", 2, False),
        ("many", 1, False),
    ]
    assert [i.label for i in menu.items(("few",))] == ["take 1", "take 2"]
    assert [i.label for i in menu.flat_items(())] == [
        "few / take 1",
        "few / take 2",
        "many / take 3",
    ]


def test_menus_and_texts_are_given_the_position_they_are_for(tmp_path: Path) -> None:
    class HeapNim(NimGame):
        def describe_action(self, action: Take, state: NimState | None = None) -> str:
            heap = "?" if state is None else str(state.stones)
            return f"take {action.count} of {heap}"

    game = HeapNim()
    menu = ActionMenu(game, [Take(1), Take(2)], evolve(Match.new(game, 2).state, stones=9))
    assert [i.label for i in menu.flat_items(())] == ["Take / take 1 of 9", "Take / take 2 of 9"]
    assert ActionMenu(game, [Take(1)]).paths == [("Take", "take 1 of ?")]
    match = Match.new(game, ["ann", "bob"], {"stones": 3})
    status, out = play(match, ["3"], ["human", "human"], save_path=tmp_path / "h.json")
    assert status is PlayStatus.FINISHED
    mover = match.header.players[match.log.entries[1].player or 0]
    assert f"{mover}: take 3 of 3" in out  # the text of a move names the heap it came from


def test_menu_labels_that_are_prefixes_or_duplicates_still_tell_actions_apart() -> None:
    class Clashing(NimGame):
        def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
            return ("take",) if action.count == 1 else ("take", "more")

    menu = ActionMenu(Clashing(), [Take(1), Take(2), Take(3)])
    items = menu.items(("take",))
    assert [i.label for i in items] == ["take 1", "more"]
    assert [i.label for i in menu.items(("take", "more"))] == ["take 2", "take 3"]


def test_match_item_by_number_prefix_and_exact_label() -> None:
    menu = ActionMenu(PathNim(), [Take(1), Take(2), Take(3)])
    top = menu.items(())
    assert match_item(top, "2") == top[1]
    assert match_item(top, "F") == top[0]
    assert match_item(top, "0") == "there is no line 0; choose 1 to 2"
    assert "nothing here starts with 'x'" in str(match_item(top, "x"))
    inner = menu.items(("few",))
    assert "ambiguous" in str(match_item(inner, "take"))
    assert match_item(inner, "TAKE 2") == inner[1]


def test_back_goes_up_a_level_and_a_single_action_group_plays_at_once(tmp_path: Path) -> None:
    match = Match.new(PathNim(), ["ann", "bob"], {"stones": 7}, ANN_STARTS)
    script = ["few", "..", "back", "many", "quit"]
    status, out = play(match, script, ann_against_take_one(match), save_path=tmp_path / "x.json")
    assert status is PlayStatus.QUIT
    assert "  1. few  (2)\n  2. many  (1)\n" in out
    assert "in few:\n  1. take 1\n  2. take 2\n" in out
    assert "already at the top menu" in out
    assert "ann: take 3" in out
    assert [e.action for e in match.log.entries[1:]] == [Take(3), Take(1)]


def test_seats_default_to_one_human_and_random_bots() -> None:
    seats = make_seats(["a", "b", "c"], [])
    assert [s.kind for s in seats] == ["human", "random", "random"]
    assert seats[0].is_human and not seats[1].is_human
    assert [s.kind for s in make_seats(["a", "b"], ["random"])] == ["random", "random"]


def test_unknown_seat_kinds_and_too_many_seats_are_refused() -> None:
    from boardkit import InvalidOptionsError

    with pytest.raises(InvalidOptionsError, match="seat 'wizard'"):
        make_seats(["a", "b"], ["human", "wizard"])
    with pytest.raises(InvalidOptionsError, match="3 seat kinds given for 2 players"):
        make_seats(["a", "b"], ["human", "random", "random"])
    with pytest.raises(InvalidOptionsError, match=r"^2 seat kinds given for 1 player;"):
        make_seats(["a"], ["human", "random"])


# --- the command --------------------------------------------------------------------------------


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="boardkit")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


def command(*argv: str, script: Sequence[str] = ()) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in script))
    code = main(["play", *argv], stdin=stdin, stdout=out, stderr=err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def test_command_plays_with_names_seats_options_and_a_log(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    argv = ["nim", "--names", "ann,bob", "--seat", "human,human", "-o", "stones=2"]
    code, out, err = command(*argv, "--seed", "1", "--log", str(log), script=["2"])
    assert (code, err) == (0, "")
    assert "Nim: ann (human), bob (human)." in out
    assert "game over: ann wins" in out
    final = Match.load(log)
    assert final.header.players == ("ann", "bob") and final.config.options["stones"] == 2


def test_command_quit_then_resume_finishes_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = command(
        "nim", "--seat", "human", "--seat", "human", "--seed", "1", script=["1", "quit"]
    )
    assert code == 0
    (saved,) = tmp_path.glob("nim-*.json")  # the default save file
    assert re.fullmatch(r"nim-\d{8}-\d{6}Z\.json", saved.name)
    assert f"The game is saved to {saved.name} after every move." in out
    assert f"log saved to {saved.name}" in out
    first = Match.load(saved)
    assert len(first) == 2
    code, out, _ = command("--resume", saved.name, "--seat", "human,human", script=["1"] * 14)
    assert code == 0
    assert "resumed after 1 action." in out and "game over:" in out
    assert f"The game is saved to {saved.name} after every move." in out
    final = Match.load(saved)
    assert final.is_over and final.log.entries[:2] == first.log.entries


def test_command_does_not_overwrite_an_earlier_default_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    command("nim", script=["quit"])
    command("nim", script=["quit"])
    saved = sorted(tmp_path.glob("nim-*.json"))
    assert len(saved) == 2  # the second run, in the same second or not, took a new name
    assert Match.load(saved[0]).log != Match.load(saved[1]).log  # and a fresh seed


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["nim", "-o", "stones=x"], 2, "error: option 'stones' takes an int, not 'x'"),
        (["nim", "-o", "colour=red"], 2, "error: unknown option colour"),
        (["nim", "--seat", "wizard"], 2, "error: seat 'wizard'"),
        (["nim", "--seat", "human,,random"], 2, "error: --seat needs a kind for every seat"),
        (["nim", "-p", "3", "--names", "a,b"], 2, "error: --names gives 2 names for 3 players"),
        (["nim", "--names", "a,a"], 2, "error: player names must differ; 'a' is given twice"),
        (["nim", "--names", "a, ,c"], 2, "error: a player name cannot be empty"),
        (["nim", "-p", "2", "--names", "a"], 2, "error: --names gives 1 name for 2 players"),
        (["nim", "-p", "9"], 2, "error: nim cannot be played by 9 players"),
        (["nosuchgame"], 2, "error: unknown game 'nosuchgame'"),
        ([], 2, "error: name a game to play"),
        (["--resume", "missing.json"], 1, "error: cannot read missing.json"),
        (["--resume", "x.json", "--seed", "3"], 2, "error: --seed cannot be used with --resume"),
        (["--resume", "x.json", "--cap", "40"], 2, "error: --cap cannot be used with --resume"),
    ],
)
def test_command_errors(
    argv: list[str], code: int, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    got, _, err = command(*argv)
    assert got == code
    assert err.startswith(message), err


def test_command_refuses_a_forged_log_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    command("nim", "--seat", "human,human", "--seed", "1", "--log", "nim-1.json", script=["1"])
    text = (tmp_path / "nim-1.json").read_text(encoding="utf-8")
    (tmp_path / "forged.json").write_text(
        text.replace('"Take","count":1', '"Take","count":2'), encoding="utf-8"
    )
    code, _, err = command("--resume", "forged.json")
    assert code == 1 and err.startswith("error: log entry 1")


def test_command_refuses_to_resume_a_log_of_another_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    command("nim", "--log", "nim-0.json", script=["quit"])
    code, _, err = command("shangrila", "--resume", "nim-0.json")
    assert code == 2 and "is a game of nim, not shangrila" in err


def test_configure_parser_gives_the_documented_defaults() -> None:
    parser = argparse.ArgumentParser()
    configure_parser(parser)
    args = parser.parse_args(["nim"])
    assert (args.game, args.players, args.seat, args.seed, args.log, args.resume) == (
        "nim",
        None,
        None,
        None,
        None,
        None,
    )


# --- a real terminal ----------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_game_through_a_pseudo_terminal(tmp_path: Path) -> None:
    import pty

    log = tmp_path / "pty.json"
    leader, follower = pty.openpty()
    argv = [sys.executable, "-m", "boardkit", "play", "nim", "--names", "ann,bob"]
    argv += ["--seat", "human,human", "-o", "stones=4", "--seed", "1", "--log", str(log)]
    proc = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower, close_fds=True)
    os.close(follower)
    seen = b""

    def wait_for(text: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 20
        while text not in seen:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"no {text!r} in {seen!r}"
            ready, _, _ = select.select([leader], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                assert chunk, f"terminal closed before {text!r}: {seen!r}"
                seen += chunk

    try:
        wait_for(b"ann [Take]> ")
        os.write(leader, b"1\r")
        wait_for(b"bob [Take]> ")
        os.write(leader, b"3\r")
        wait_for(b"game over: bob wins")
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)
    assert b"ann: take 1" in seen
    assert Match.load(log).result is not None


# --- the documentation ---------------------------------------------------------------------------

DOCS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "play.md"


def doc_transcripts() -> list[str]:
    """The example sessions of docs/play.md: ```text blocks that start with a command line."""
    blocks = re.findall(r"^```text\n(.*?)^```", DOCS_PAGE.read_text(encoding="utf-8"), re.M | re.S)
    return [block for block in blocks if block.startswith("$ boardkit play ")]


def test_the_transcripts_in_the_docs_are_real_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    transcripts = doc_transcripts()
    assert len(transcripts) == 2
    for block in transcripts:
        sessions = re.split(r"^(?=\$ boardkit play )", block, flags=re.M)
        for documented in filter(None, sessions):
            command_line, _, shown = documented.partition("\n")
            typed = re.findall(r"^\S+ \[[^\]]*\]> (.*)$", shown, re.M)
            out = io.StringIO()
            session = build_session(
                parse(*command_line.split()[3:]), io.StringIO("".join(f"{t}\n" for t in typed)), out
            )
            session.echo = True
            session.run()
            assert out.getvalue().rstrip("\n") == shown.rstrip("\n")


class BrokenRender(NimGame):
    """Nim whose drawing fails once a stone has been taken (a bug in a game)."""

    def render_text(
        self, state: NimState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        if state.stones < 7:
            raise RuntimeError("cannot draw the heap")
        return super().render_text(state, player, names=names)


def test_a_failing_game_keeps_the_log_and_the_command_reports_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.new(BrokenRender(), ["ann", "bob"], {"stones": 7}, ANN_STARTS)
    path = tmp_path / "broken.json"
    with pytest.raises(RuntimeError, match="cannot draw"):
        play(match, ["1"], ann_against_take_one(match), save_path=path)
    assert Match.load(path, BrokenRender()).log == match.log and len(match) == 3

    monkeypatch.setattr("boardkit.cli.support.load_game", lambda name: BrokenRender())
    monkeypatch.chdir(tmp_path)
    code, _, err = command(
        "nim", "-o", "stones=7", "--seed", str(ANN_STARTS), "--log", "nim-1.json", script=["1"]
    )
    assert code == 1
    assert "error: nim failed during play (RuntimeError: cannot draw the heap)" in err
    assert "the log so far is in nim-1.json" in err
    assert len(Match.load(tmp_path / "nim-1.json", BrokenRender())) == 3


def test_the_prompt_tells_where_one_is_in_the_menu(tmp_path: Path) -> None:
    match = Match.new(PathNim(), ["ann", "bob"], {"stones": 7}, ANN_STARTS)
    _, out = play(
        match, ["list", "..", "few", "quit"], ["human", "human"], save_path=tmp_path / "p"
    )
    assert "\nann> " in out and "ann [(list)]> " in out and "ann [few]> " in out
    assert (
        "all actions under top:\n  1. few / take 1\n  2. few / take 2\n  3. many / take 3\n" in out
    )


def test_a_word_a_label_shows_picks_it() -> None:
    from boardkit.present.menus import MenuItem, match_item

    items = [
        MenuItem("invade with Nizari/W/Ice desert", (0,), True),
        MenuItem("play High Morale", (1,), True),
        MenuItem("play High ground", (2,), True),
    ]
    assert match_item(items, "nizari") == items[0]
    assert match_item(items, "morale") == items[1]
    assert "ambiguous" in str(match_item(items, "high"))
    assert "nothing here" in str(match_item(items, "zebra"))


def test_line_numbers_follow_the_numbers_labels_end_or_start_with() -> None:
    from boardkit.present.menus import MenuItem, line_numbers

    def items(*labels: str) -> list[MenuItem]:
        return [MenuItem(label, (i,), True) for i, label in enumerate(labels)]

    assert line_numbers(items("village 3", "village 12")) == [3, 12]
    assert line_numbers(items("0 cards", "1 card", "2 cards")) == [0, 1, 2]
    assert line_numbers(items("2 cards", "2 stones")) == [1, 2]  # not distinct
    assert line_numbers(items("village ²", "village 3")) == [1, 2]  # only ASCII digits count


def test_hot_seat_tells_the_next_bidder_nothing_of_a_sealed_bid(tmp_path: Path) -> None:
    """Goofspiel at one keyboard: after the pass screen bob reads that ann bid a card face
    down, never which; once both are in, the reveal names both."""
    match = Match.new("goofspiel", ["ann", "bob"], None, 3)
    script = ["", "13", "", "2", ""]
    _, out = play(match, script, ["human", "human"], save_path=tmp_path / "g.json")
    to_bob = out.split("pass the terminal to bob", 1)[1].split("pass the terminal to ann", 1)[0]
    told, board = to_bob.split("since bob's last decision:", 1)[1].split("\nround 1 of 13", 1)
    assert "ann: bid a card face down" in told and "ann bids a card face down" in told
    assert re.search(r"\d face down|ann: bid \d", told) is None
    assert "ann: 0 points, bid face down" in board  # the compact picture names the seats
    after = out.rsplit("pass the terminal to ann", 1)[1]
    assert "ann: bid 13" in after and "13 from you and 2 from bob" in after
    # a bid is each seat's own decision (simultaneous_decisions), not an answer asked of bob
    assert "pass the terminal to bob, press Enter" in out and "must answer" not in out
    assert "bob (blue) to decide: bid (turn 1, phase main)" in to_bob


def test_fit_story_drops_what_the_screen_tells_anyway_before_the_newest_moves() -> None:
    story = [
        "bob (bot): take 1",
        "  bob takes 1 stone, 14 left",
        "  turn 2: cy's turn",
        "cy (bot): take 3",
        "  cy takes 3 stones, 11 left",
        "  turn 3: your turn",
    ]
    assert fit_story(story, 79, 6) == story  # room for all: all
    assert fit_story(story, 79, 4) == [story[0], story[1], story[3], story[4]]  # no turn lines
    assert fit_story(story, 79, 2) == [story[1], story[4]]  # the narration tells the moves
    assert fit_story(story, 79, 1) == [story[4]]  # the newest
    assert fit_story(story, 79, 0) == []
    wrapped = fit_story(["  a narration " + "long " * 20], 40, 9)
    assert len(wrapped) > 1 and all(row.startswith("  ") and len(row) <= 40 for row in wrapped)
    long = ["  older " + "news " * 10, "  newer news"]  # 2 rows, then 1, at 40 columns
    assert fit_story(long, 40, 2) == ["  newer news"]  # not the tail of the older line
    assert fit_story(long, 40, 3) == [*fit_story(long[:1], 40, 2), "  newer news"]


def test_hints_name_the_numbers_a_level_is_typed_with(tmp_path: Path) -> None:
    """Shangrila numbers a level of villages by village; a hint naming 1 to N would send a
    person to the wrong line."""
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=4)
    menu = ActionMenu(match.game, match.legal_actions(), match.state)
    walk = MenuWalk(menu)
    healer = match_item(walk.items(), "healer")
    assert not isinstance(healer, str) and walk.enter(healer) is None
    villages = walk.items()
    assert typing_hint(villages).startswith("type one of 0, 1, 3,")
    missing = match_item(villages, "zzz")
    assert isinstance(missing, str) and "type one of 0, 1, 3," in missing
    assert match_item(villages, "99") == f"there is no line 99; choose {numbers_text(villages)}"
    nim = Match.new("nim", ["ann", "bob"], {"stones": 5}, seed=1)
    takes = MenuWalk(ActionMenu(nim.game, nim.legal_actions(), nim.state)).items()
    assert typing_hint(takes) == "type a number from 1 to 3"


def test_a_label_of_a_deeper_level_typed_out_in_full_goes_there(tmp_path: Path) -> None:
    """Khan's start yurt is region then cell: ``k10`` at the region level names the yurt on
    K10 (the only place that label is), and Enter plays it; anything else typed instead is
    read as usual, so that a word meant for another level plays nothing by surprise."""
    match = Match.new("khan", ["ann", "bob"], seed=5)
    ann = match.state.flow.active
    seats = ["human", "first"] if ann == 0 else ["first", "human"]
    status, out = play(match, ["k10", "quit"], seats, save_path=tmp_path / "k.json")
    assert status is PlayStatus.QUIT and len(match) == 1
    assert "place a start yurt at K10: press Enter to play it" in out
    script = ["k10", "forest", "..", "k10", "", "quit"]
    status, out = play(match, script, seats, save_path=tmp_path / "k2.json")
    assert status is PlayStatus.QUIT
    assert "in start yurt / Tropical forest:" in out  # "forest" read as usual
    assert f"{match.header.players[ann]}: place a start yurt at K10" in out


def test_a_deeper_label_in_several_places_is_named_not_guessed(tmp_path: Path) -> None:
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=4)
    menu = ActionMenu(match.game, match.legal_actions(), match.state)
    walk = MenuWalk(menu)
    places = menu.places_named(walk.prefix, "VILLAGE 12")
    assert len(places) == 7 and all(place[-1] == "village 12" for place in places)
    assert menu.places_named(walk.prefix, "village 2") == []  # out of play with three
    index = walk.open(places[0])
    assert index is not None and menu.paths[index] == places[0]
    ann = match.state.flow.active
    seats = ["first"] * 3
    seats[ann] = "human"
    _, out = play(match, ["village 12", "quit"], seats, save_path=tmp_path / "s.json")
    assert "village 12 is under 7 lines here (Healer, Dragon breeder," in out


def test_the_result_names_the_players_with_their_colours_and_wraps_the_account() -> None:
    result = Result((0,), (48, 25), "player 1: 38 tile points + 10 bonus; player 2: 19 tile points")
    text = result_lines(result, ["ann", "bob"], ("red", "blue"), width=40)
    lines = text.splitlines()
    assert lines[:3] == ["game over: ann wins", "  ann (red)   48", "  bob (blue)  25"]
    assert "ann: 38 tile points" in text and "bob: 19 tile points" in " ".join(text.split())
    assert "player 1" not in text and "player 2" not in text
    assert all(len(row) <= 40 and row.startswith("  ") for row in lines[3:])
    assert result_lines(result, ["ann", "bob"]).splitlines()[1] == "  ann  48"


class _Tty(io.StringIO):
    """An output that says it is a terminal (the decision screens and the end are drawn)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_end_on_a_terminal_is_one_screen_with_the_picture_and_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shangrila's end: the last moves, the compact picture with the names in its score table,
    and the result, on one 80×24 screen (before, the full text board scrolled the last moves
    away and a long account wrapped mid-word)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=7)
    out = _Tty()
    session = PlaySession(
        match, ["first"] * 3, input=io.StringIO(), output=out, save_path=tmp_path / "s.json"
    )
    assert session.run() is PlayStatus.FINISHED
    last = out.getvalue().rsplit("\x1b[2J", 1)[1]
    rows = re.sub(r"\x1b\[[0-9;]*m", "", last).splitlines()
    assert len(rows) <= 23 and all(len(row) <= 80 for row in rows[:-1])  # then "log saved"
    assert any("mast vill stud" in row for row in rows)  # the compact picture, not render_text
    assert any(row.startswith("  ann (red)  ") for row in rows)
    assert rows[-1].startswith("log saved to")
    assert any(row.startswith("game over: ") for row in rows)
    assert "  the game is over" in rows  # the last move's narration stays on the screen


def test_undoing_a_single_action_says_redo_plays_it(tmp_path: Path) -> None:
    """Khan's turn has two actions: an undo between them takes back one."""
    match = Match.new("khan", ["ann", "bob"], seed=5)
    assert match.state.flow.active == 0
    script = ["list", "1"] * 4 + ["undo", "quit"]  # three start yurts, then one action
    _, out = play(match, script, ["human", "first"], save_path=tmp_path / "k.json")
    assert "undid 1 action: ann's last; redo plays it again" in out


def test_a_resumed_hot_seat_game_retells_each_person_their_last_moves(tmp_path: Path) -> None:
    """The pass screen cleared the screen; after a resume each person is told, after theirs,
    what was played since their last decision in the log, as they may read it."""
    path = tmp_path / "k.json"
    match = Match.new("khan", ["ann", "bob"], seed=5)
    script = ["", "list", "1", "", "list", "1", "", "quit"]  # a start yurt each, pass screens
    assert play(match, script, ["human", "human"], save_path=path)[0] is PlayStatus.QUIT
    resumed = Match.load(path)
    status, out = play(resumed, ["", "quit"], ["human", "human"], save_path=path, overwrite=True)
    assert status is PlayStatus.QUIT
    told = out.split("pass the terminal to ann, press Enter", 1)[1]
    assert "since ann's last decision:\nann: place a start yurt at " in told
    assert "\nbob: place a start yurt at " in told


def test_a_resumed_game_tells_the_last_moves_before_the_first_decision(tmp_path: Path) -> None:
    path = tmp_path / "n.json"
    match = nim_match()
    play(match, ["2", "quit"], ann_against_take_one(match), save_path=path)
    _, out = play(Match.load(path, NimGame()), ["quit"], ["human", "random"], save_path=path,
                  overwrite=True)  # fmt: skip
    recap = out.split("the last moves:\n", 1)[1].split("\n\n", 1)[0]
    assert recap.startswith("ann: take 2\n  you take 2 stones") and "bob (bot): take 1" in recap


def test_a_word_of_the_one_deeper_label_it_starts_finds_it(tmp_path: Path) -> None:
    """Shangrila recruits pairs, the first master of a pair before the second: a master that
    only ever comes second is on no line of the first level, and "yeti" says where it is."""
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=7)
    while match.state.flow.phase != "main":
        match.play(match.legal_actions()[0])
    menu = ActionMenu(match.game, match.legal_actions(), match.state)
    level = ("recruit students",)
    firsts = {item.label for item in menu.items(level)}
    seconds = {path[2] for path in menu.paths if path[:1] == level} - firsts
    assert len(seconds) == 1  # the master sorted last
    second = seconds.pop()
    places = menu.places_named(level, second.split()[0][:4])  # "Yeti", say
    assert places and {place[-1] for place in places} == {second}
    assert menu.places_named(level, "village") == []  # no label has such a word
    assert menu.places_named(level, "@") == []


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_on_a_terminal_the_moves_are_wrapped_at_word_ends_as_they_are_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("LINES", "24")
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=7)
    out = _Tty()
    session = PlaySession(
        match, ["first"] * 3, input=io.StringIO(), output=out, save_path=tmp_path / "s.json"
    )
    assert session.run() is PlayStatus.FINISHED
    told = out.getvalue().split("\x1b[2J", 1)[0].splitlines()  # before the end's screen
    assert "  bob (blue) places a set-up master" in told
    assert all(len(row) <= 39 for row in told if "/" not in row)  # a path is one word


def test_piped_the_table_a_round_ended_on_is_printed_before_the_next_prize(
    tmp_path: Path,
) -> None:
    match = Match.new("goofspiel", ["ann", "bob"], None, 3)
    status, out = play(
        match, ["13", "12", "quit"], [Seat("ann", "human", None), Seat("bob", "first", TakeOne())],
        save_path=tmp_path / "g.json",
    )  # fmt: skip
    assert status is PlayStatus.QUIT
    told, table = out.split("the table at the end of round 1:\n", 1)
    assert told.rstrip().splitlines()[-1].startswith("  round 1 of 13 is over: you ")
    table, after = table.split("\n  round 2 of 13\n", 1)
    assert "round 1 of 13" in table and "ann (you): 2 points" in table and "last bid 13" in table
    assert after.startswith("  the prize is ")
    assert out.count("the table at the end of round") == 2  # rounds 1 and 2, then quit


def test_redone_actions_do_not_stop_on_the_rounds_they_end(tmp_path: Path) -> None:
    match = Match.new("goofspiel", ["ann", "bob"], None, 3)
    script = ["13", "undo", "undo", "redo", "quit"]
    _, out = play(
        match, script, [Seat("ann", "human", None), Seat("bob", "first", TakeOne())],
        save_path=tmp_path / "g.json",
    )  # fmt: skip
    assert out.count("the table at the end of round 1:") == 1  # when played, not when redone
    assert "redid" in out


def test_hot_seat_undo_never_goes_back_over_bids_turned_up(tmp_path: Path) -> None:
    """Goofspiel at one keyboard: once both bids are in, they are shown, and ann may no longer
    take hers back; the refusal names the entry that showed them."""
    match = Match.new("goofspiel", ["ann", "bob"], None, 3)
    script = ["", "13", "", "2", "", "undo", "quit"]
    _, out = play(match, script, ["human", "human"], save_path=tmp_path / "g.json")
    assert "cannot undo: entry 2 showed player 1 something hidden" in out
    assert "undid" not in out
    assert len(match) == 3


def test_hot_seat_undo_in_the_open_takes_back_the_others_reply_too(tmp_path: Path) -> None:
    match = nim_match()
    _, out = play(match, ["2", "1", "undo", "quit"], ["human", "human"], save_path=tmp_path / "n")
    assert "undid 2 actions: ann's last, and 1 after it by bob" in out
    assert len(match) == 1
