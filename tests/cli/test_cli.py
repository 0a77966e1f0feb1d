"""The ``boardkit`` command, driven through ``main([...])`` on the Nim example game."""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from boardkit import InvalidOptionsError, Match, Option, registry
from boardkit.cli import build_parser, main, support
from boardkit.cli.arguments import parse_option_args, parse_option_value
from boardkit.codec import codec_for
from boardkit.examples.nim import NimGame
from boardkit.runner.simulate import random_playout

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``boardkit argv...``."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


@pytest.fixture
def nim_log(tmp_path: Path) -> tuple[Path, Match[Any]]:
    """A finished 3-player Nim game saved to a file."""
    match = random_playout(NimGame(), 3, {"stones": 12}, seed=21)
    path = tmp_path / "nim.json"
    match.save(path)
    return path, match


# --- games -------------------------------------------------------------------------------------


def test_games_lists_nim_with_player_counts_and_options(capsys: Capture) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    nim_line = next(line for line in out.splitlines() if line.startswith("nim"))
    assert "Nim" in nim_line and "version 1.0" in nim_line and "2, 3 or 4 players" in nim_line
    lines = out.splitlines()
    stones = lines.index("  stones = 15  (any int from 1 to 100000)")
    assert lines[stones + 1].strip() == "stones in the heap at the start"
    max_take = lines.index("  max_take = 3  (allowed: 2, 3, 4, 5)")
    assert lines[max_take + 1].strip() == "most stones one turn may take"


def test_games_reports_a_plugin_that_cannot_be_loaded(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.metadata.entry_points
    missing = EntryPoint("ghost", "nim_plugin_not_there:Ghost", registry.GROUP)

    def with_a_broken_one(group: str) -> list[EntryPoint]:
        return [missing, *real(group=group)]

    monkeypatch.setattr(registry, "entry_points", with_a_broken_one)
    code, out, _ = run(capsys, "games")
    assert code == 1  # a broken plugin is a failure, but the healthy games are listed first
    assert out.index("nim — Nim") < out.index("broken game plugins:")
    assert "game plugin 'ghost' (nim_plugin_not_there:Ghost) cannot be imported" in out
    assert "ModuleNotFoundError" in out


# --- simulate ----------------------------------------------------------------------------------


def test_simulate_prints_a_summary(capsys: Capture) -> None:
    code, out, err = run(capsys, "simulate", "nim", "-n", "25", "--players", "3", "--seed", "4")
    assert code == 0, err
    assert "nim: 25 games between 3 random players, seeds 4 to 28" in out
    rows = {line.split("│")[0].strip(): line for line in out.splitlines() if "│" in line}
    seat_wins = [int(rows[str(seat)].split("│")[1]) for seat in (1, 2, 3)]  # seats from 1
    assert sum(seat_wins) == 25
    assert "0" not in rows
    assert int(rows["games played"].split("│")[1]) == 25
    assert "time per game" in rows and "length, mean (decisions)" in rows


def test_one_game_is_one_game(capsys: Capture) -> None:
    code, out, err = run(capsys, "simulate", "nim", "-n", "1", "--seed", "4")
    assert code == 0, err
    assert "nim: 1 game between 2 random players, seed 4\n" in out


def test_simulate_options_are_typed_like_their_defaults(capsys: Capture) -> None:
    code, out, _ = run(
        capsys, "simulate", "nim", "-n", "3", "-o", "stones=40", "--option", "max_take=2"
    )
    assert code == 0
    assert "options: max_take=2, stones=40" in out
    rows = {line.split("│")[0].strip(): line for line in out.splitlines() if "│" in line}
    assert int(rows["length, min"].split("│")[1]) >= 20  # 40 stones, at most 2 per turn


def test_simulate_saves_logs_that_replay_and_are_reproducible(
    capsys: Capture, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    code, out, _ = run(
        capsys, "simulate", "nim", "-n", "4", "--seed", "10", "--save-logs", str(logs)
    )
    assert code == 0
    assert f"logs saved in {logs}" in out
    files = sorted(logs.iterdir())
    assert [f.name for f in files] == [f"nim-{s}.json" for s in (10, 11, 12, 13)]
    for seed in (10, 11, 12, 13):
        text = (logs / f"nim-{seed}.json").read_text(encoding="utf-8")
        assert text == random_playout(NimGame(), 2, seed=seed).to_json()
        code, out, _ = run(capsys, "replay", str(logs / f"nim-{seed}.json"))
        assert code == 0 and "verified" in out


def test_simulate_unknown_game_lists_installed_games(capsys: Capture) -> None:
    code, out, err = run(capsys, "simulate", "chess", "-n", "2")
    assert code == 2
    assert out == ""
    assert err.startswith("error: unknown game 'chess'; installed games:")
    assert "nim" in err


def test_simulate_unknown_option_is_named(capsys: Capture) -> None:
    code, _, err = run(capsys, "simulate", "nim", "-o", "heaps=3")
    assert code == 2
    assert err.startswith("error: unknown option heaps; known options: max_take, stones")


@pytest.mark.parametrize(
    ("pair", "expected"),
    [
        ("max_take=9", "error: option 'max_take' cannot be 9; allowed: 2, 3, 4, 5"),
        ("max_take=two", "error: option 'max_take' takes an int, not 'two'; allowed: 2, 3, 4, 5"),
        ("stones=0", "error: option 'stones' must be from 1 to 100000, not 0"),
        ("stones", "error: options are given as key=value, not 'stones'"),
    ],
)
def test_simulate_bad_option_value_is_named(capsys: Capture, pair: str, expected: str) -> None:
    code, _, err = run(capsys, "simulate", "nim", "-n", "2", "-o", pair)
    assert code == 2
    assert err.strip() == expected


def test_simulate_wrong_player_count_names_the_allowed_counts(capsys: Capture) -> None:
    code, _, err = run(capsys, "simulate", "nim", "-n", "2", "--players", "7")
    assert code == 2
    assert err.strip() == "error: nim cannot be played by 7 players; allowed: 2, 3, 4"
    code, _, err = run(capsys, "watch", "nim", "--names", "solo", "--bots", "random")
    assert code == 2
    assert err.strip() == "error: nim cannot be played by 1 player; allowed: 2, 3, 4"


def test_tournament_refuses_a_player_count_before_drawing_a_seed(capsys: Capture) -> None:
    code, _, err = run(capsys, "tournament", "nim", "-n", "2", "--players", "5")
    assert code == 2
    assert err.strip() == "error: nim cannot be played by 5 players; allowed: 2, 3, 4"


def test_simulate_refuses_zero_games(capsys: Capture) -> None:
    code, _, err = run(capsys, "simulate", "nim", "-n", "0")
    assert code == 2
    assert "positive" in err


def test_simulate_does_not_create_the_log_directory_for_bad_input(
    capsys: Capture, tmp_path: Path
) -> None:
    target = tmp_path / "never"
    code, _, _ = run(capsys, "simulate", "nim", "--players", "9", "--save-logs", str(target))
    assert code == 2
    assert not target.exists()


# --- option parsing ----------------------------------------------------------------------------


def test_bool_options_take_true_or_false() -> None:
    fast = Option("fast", False, "play fast")
    assert parse_option_value(fast, "true") is True
    assert parse_option_value(fast, "False") is False
    with pytest.raises(InvalidOptionsError, match="'fast' takes true or false, not 'yes'"):
        parse_option_value(fast, "yes")


def test_text_options_are_kept_as_text() -> None:
    board = Option("board", "standard", "which board", choices=("standard", "small"))
    assert parse_option_value(board, "small") == "small"


def test_an_option_given_twice_is_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="'stones' is given twice"):
        parse_option_args(NimGame(), ["stones=3", "stones=4"])


# --- replay ------------------------------------------------------------------------------------


def test_replay_verifies_a_saved_log(capsys: Capture, nim_log: tuple[Path, Match[Any]]) -> None:
    path, match = nim_log
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "nim 1.0" in out
    assert "player 1, player 2, player 3" in out  # default names count seats from 1
    assert f"{len(match)} (setup and {len(match) - 1} decisions)" in out
    assert match.result is not None
    assert f"player {match.result.winners[0] + 1} wins" in out
    assert "verified" in out


def tamper(path: Path, entry: int) -> None:
    """Change the count of the first event of ``entry`` in the log file at ``path``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    event = doc["entries"][entry]["events"][0]
    assert event["type"] == "StonesTaken"
    event["count"] += 1
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_replay_rejects_a_tampered_log_naming_the_entry(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    tamper(path, 3)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "verified" not in out
    assert err.startswith("error: log entry 3: event 0 is recorded as StonesTaken(")


def test_replay_without_verification_only_folds_events(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    tamper(path, 3)
    code, out, _ = run(capsys, "replay", str(path), "--no-verify")
    assert code == 0
    assert "replayed" in out and "verified" not in out


def test_show_refuses_two_forms_of_output_at_once(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    code, out, err = run(capsys, "show", str(path), "--json", "--position")
    assert (code, out) == (2, "")  # --position was silently dropped
    assert err.splitlines()[-1] == "error: argument --position: not allowed with argument --json"


@pytest.mark.parametrize(
    "argv", [["replay", "x.json"], ["show", "x.json", "--at", "1"], ["games"], ["simulate", "nim"]]
)
def test_an_unknown_argument_is_shown_with_the_subcommands_usage(
    capsys: Capture, argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv, "--bogus")
    assert (code, out) == (2, "")
    usage, message = err.splitlines()[0], err.splitlines()[-1]
    assert usage.startswith(f"usage: boardkit {argv[0]} ")  # not "boardkit [-h] COMMAND"
    assert message == "error: unrecognized arguments: --bogus"


def test_replay_of_a_missing_file_is_an_error(capsys: Capture, tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 1
    assert err.startswith("error: cannot read ") and "missing.json" in err


def test_replay_of_a_file_that_is_not_a_log(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert err.startswith("error: log header: not valid JSON")


def test_replay_of_a_log_for_a_game_that_is_not_installed(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["header"]["game"] = "chess"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert "written for a game that is not installed: unknown game 'chess'" in err


# --- show --------------------------------------------------------------------------------------


def test_show_at_prints_the_state_after_that_entry(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, match = nim_log
    game = NimGame()
    last = len(match) - 1
    for at in (0, 2, last):
        code, out, _ = run(capsys, "show", str(path), "--at", str(at))
        assert code == 0
        heading, body = out.split("\n", 1)
        assert heading.startswith(f"nim after entry {at} of 0–{last}")
        assert body.strip() == game.render_text(match.state_at(at), None)
    code, out, _ = run(capsys, "show", str(path), "--at", "2")
    entry = match.log.entries[2]
    assert entry.player is not None  # default names count seats from 1
    assert f"player {entry.player + 1}: {game.describe_action(entry.action)}" in out


def test_show_defaults_to_the_last_entry_and_counts_negative_from_the_end(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, match = nim_log
    _, default, _ = run(capsys, "show", str(path))
    _, minus_one, _ = run(capsys, "show", str(path), "--at", "-1")
    _, minus_two, _ = run(capsys, "show", str(path), "--at", "-2")
    assert default == minus_one
    assert NimGame().render_text(match.state_at(len(match) - 2)) in minus_two


def test_show_json_prints_the_state_as_json(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, match = nim_log
    code, out, _ = run(capsys, "show", str(path), "--at", "1", "--json")
    assert code == 0
    assert json.loads(out) == codec_for(NimGame()).dump_state(match.state_at(1))


def test_show_for_a_seat_uses_that_seats_view(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, match = nim_log
    code, out, err = run(capsys, "show", str(path), "--seat", "2")
    assert code == 0
    assert "as player 2 sees it" in out  # seat 1 in the API, "player 2" by its default name
    assert err == ""
    code, out, _ = run(capsys, "show", str(path), "--seat", "2", "--json")
    assert json.loads(out) == codec_for(NimGame()).dump_any(NimGame().view(match.state, 1))


def test_show_still_takes_the_deprecated_player_counted_from_0_with_a_warning(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    code, out, err = run(capsys, "show", str(path), "--player", "1")
    assert code == 0
    assert "as player 2 sees it" in out
    assert "--player P is deprecated" in err
    assert "(--player 1 is --seat 2)" in err


def test_show_refuses_seat_0_naming_how_seats_are_counted(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    code, out, err = run(capsys, "show", str(path), "--seat", "0")
    assert (code, out) == (2, "")
    assert err.strip() == "error: --seat 0: seats are counted from 1 (seat 1 is the first player)"


def test_show_refuses_seat_and_player_together(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    code, out, err = run(capsys, "show", str(path), "--seat", "1", "--player", "0")
    assert (code, out) == (2, "")
    assert "not allowed with argument" in err


def test_show_refuses_an_entry_out_of_range(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, match = nim_log
    code, out, err = run(capsys, "show", str(path), "--at", "500")
    assert code == 2
    assert out == ""
    assert err.strip() == f"error: no entry 500; the log has entries 0 to {len(match) - 1}"


def test_show_refuses_a_seat_the_log_does_not_have(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    code, _, err = run(capsys, "show", str(path), "--seat", "4")
    assert code == 2
    assert err.strip() == "error: there is no seat 4; this log has seats 1 to 3"


def test_show_of_a_tampered_log_is_refused(
    capsys: Capture, nim_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = nim_log
    tamper(path, 2)
    code, _, err = run(capsys, "show", str(path), "--at", "1")
    assert code == 1
    assert err.startswith("error: log entry 2:")


# --- play-random -------------------------------------------------------------------------------


def test_play_random_shows_every_action_and_the_board(capsys: Capture, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out, _ = run(
        capsys, "play-random", "nim", "--players", "2", "--seed", "5", "--save-log", str(saved)
    )
    assert code == 0
    game = NimGame()
    match = random_playout(game, 2, seed=5)
    assert saved.read_text(encoding="utf-8") == match.to_json()
    for entry in match.log.entries[1:]:
        assert entry.player is not None
        title = f"{entry.seq}. player {entry.player + 1}: {game.describe_action(entry.action)}"
        assert title in out
    for seq in range(len(match)):
        assert game.render_text(match.state_at(seq)) in out
    assert match.result is not None
    assert out.rstrip().splitlines()[-2].startswith(f"player {match.result.winners[0] + 1} wins")


def test_play_random_refuses_a_negative_delay(capsys: Capture) -> None:
    code, _, err = run(capsys, "play-random", "nim", "--delay", "-1")
    assert code == 2
    assert "--delay" in err


@pytest.mark.parametrize("command", ["play-random", "watch"])
@pytest.mark.parametrize("delay", ["nan", "inf", "1e308", "3601", "soon"])
def test_a_delay_that_time_sleep_would_refuse_is_a_usage_error(
    capsys: Capture, command: str, delay: str
) -> None:
    code, out, err = run(capsys, command, "nim", "--seed", "1", "--delay", delay)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"error: argument --delay: a delay is a number of seconds from 0 to 3600, not {delay!r}"
    )


def test_play_random_wrong_player_count(capsys: Capture) -> None:
    code, _, err = run(capsys, "play-random", "nim", "--players", "1")
    assert code == 2
    assert "allowed: 2, 3, 4" in err


# --- the command itself ------------------------------------------------------------------------


def test_usage_errors_exit_with_2_and_help_with_0(capsys: Capture) -> None:
    assert main([]) == 2
    assert main(["simulate"]) == 2
    assert "GAME" in capsys.readouterr().err
    assert main(["--version"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("boardkit 0.") and ("(pure Python)" in said or "(compiled: all" in said)
    assert main(["--help"]) == 0


def test_a_plugin_that_fails_to_import_is_an_error_not_a_traceback(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(name: str) -> object:
        raise ModuleNotFoundError("No module named 'somegame'")

    monkeypatch.setattr(support, "load_game", broken)
    code, _, err = run(capsys, "simulate", "somegame")
    assert code == 1
    assert "game 'somegame' is installed but cannot be loaded" in err


def test_python_dash_m_boardkit_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "games"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("nim") for line in done.stdout.splitlines())


def test_extension_commands_are_wired_in(capsys: Capture) -> None:
    """``play`` and ``tournament`` live in their own modules; ``boardkit`` dispatches to them."""
    assert main(["--help"]) == 0
    listing = capsys.readouterr().out
    assert "play" in listing.split() and "tournament" in listing.split()
    code, out, _ = run(capsys, "tournament", "nim", "-n", "2", "--workers", "1")
    assert code == 0
    assert out.startswith("nim: 2 games")
    code, _, err = run(capsys, "tournament", "chess", "-n", "2")
    assert code == 2
    assert err.startswith("error: unknown game 'chess'")


def flag_helps(flag: str) -> dict[str, str | None]:
    """The help text of ``flag`` in each subcommand that takes it."""
    parser = build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: action.help
        for name, sub in commands.choices.items()
        for action in sub._actions
        if flag in action.option_strings
    }


def test_shared_flags_read_alike_in_every_subcommand() -> None:
    seeds = flag_helps("--seed")
    assert seeds.pop("tournament") == (
        "first seed (default: a fresh one from the operating system, printed)"
    )
    # review's seed is its search's, not a game's: nothing is dealt
    assert seeds.pop("review") == "the search's seed (default 0: the same review every time)"
    # train's seed is the whole run's: its games' seeds and the network's first weights
    assert seeds.pop("train") == "the run's seed (0): its games' and the first weights'"
    assert set(seeds) == {"watch", "simulate", "play-random", "play"}
    assert set(seeds.values()) == {"seed (default: a fresh one from the operating system, printed)"}
    players = flag_helps("--players")
    # watch and play take the player count from --names when it is given, watch also from one
    # bot per seat in --bots; their help says so
    assert "--names" in str(players["play"])
    assert str(players["watch"]).startswith(str(players["play"]).split(", else the smallest")[0])
    assert "--bots" in str(players["watch"])
    assert len(set(flag_helps("--option").values())) == 1


def test_play_takes_save_log_like_watch_and_play_random(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "nim", "--seat", "random,random", "--seed", "1", "--save-log", str(path)]
    code, _, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert Match.load(path).is_over


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "g" * 5000],
        ["simulate", "nim", "-o", "stones=" + "9" * 5000],
        ["simulate", "nim", "-o", "k" * 5000],
        ["tournament", "nim", "--bots", "b" * 5000],
        ["play", "nim", "--seat", "s" * 5000],
    ],
)
def test_a_huge_argument_is_repeated_briefly_in_the_error(capsys: Capture, argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("error: ")
    assert len(err) < 400  # the argument was repeated whole, 5,000 characters (twice for --seat)
    assert "..." in err


# --- show and render at the end of a round -----------------------------------------------------


@pytest.fixture
def goofspiel_log(tmp_path: Path) -> tuple[Path, Match[Any]]:
    """A finished 2-player Goofspiel game saved to a file: it marks the end of 13 rounds."""
    match = random_playout("goofspiel", 2, {}, seed=4)
    path = tmp_path / "goofspiel.json"
    match.save(path)
    return path, match


def test_show_at_round_prints_the_table_the_round_ended_on(
    capsys: Capture, goofspiel_log: tuple[Path, Match[Any]]
) -> None:
    from boardkit.rounds import find_round_end

    path, match = goofspiel_log
    end = find_round_end(match, 3)
    code, out, _ = run(capsys, "show", str(path), "--at", "round:3")
    assert code == 0
    heading, body = out.split("\n", 1)
    assert heading.startswith(f"goofspiel at the end of round 3, in entry {end.seq} of 0–")
    assert body.strip() == match.game.render_text(end.state, None, names=match.header.players)
    assert body.strip() != match.game.render_text(match.state_at(end.seq), None)
    code, out, _ = run(capsys, "show", str(path), "--at", "round:3", "--json")
    assert json.loads(out) == codec_for(match.game).dump_state(end.state)


def test_show_at_a_round_the_log_does_not_mark_is_a_usage_error(
    capsys: Capture, goofspiel_log: tuple[Path, Match[Any]]
) -> None:
    path, _ = goofspiel_log
    code, _, err = run(capsys, "show", str(path), "--at", "round:14")
    assert code == 2
    assert "no round 14 ends in this log; it marks the end of rounds 1 to 13" in err


@pytest.mark.parametrize("at", ["round:x", "rond:3", "3:round"])
def test_an_at_that_is_neither_an_entry_nor_a_round_is_refused(
    capsys: Capture, goofspiel_log: tuple[Path, Match[Any]], at: str
) -> None:
    path, _ = goofspiel_log
    code, _, err = run(capsys, "show", str(path), "--at", at)
    assert code == 2
    assert f"{at!r} is neither an entry number nor round:N" in err


@pytest.mark.parametrize("command", [["watch", "nim"], ["play", "nim", "--seat", "random"]])
def test_empty_names_are_refused_as_such(capsys: Capture, command: list[str]) -> None:
    """``--names ""`` read as one player without a name: "nim cannot be played by 1 player"."""
    code, out, err = run(capsys, *command, "--names", " ")
    assert (code, out) == (2, "")
    assert err == (
        "error: --names is empty; give one name per seat, separated by commas (--names ann,bob)\n"
    )
