"""The commands lose no data and pin no seed (issue 9).

Every command that writes a file refuses to replace an existing one unless told (``--force``,
or resuming a game into its own file); ``boardkit play`` saves after every entry, to a default
file when no ``--log`` is given; and every command draws a fresh seed when ``--seed`` is left out,
and prints it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from boardkit import Match
from boardkit.cli import main
from tests.core.secret_game import SecretGame

Capture = pytest.CaptureFixture[str]


def boardkit(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``boardkit argv...``."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def play(*argv: str, script: Sequence[str] = ()) -> tuple[int, str, str]:
    """``boardkit play argv...`` fed ``script``: exit code, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in script))
    code = main(["play", *argv], stdin=stdin, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- play -----------------------------------------------------------------------------------------


def test_rerunning_yesterdays_play_command_refuses_instead_of_wiping_the_game(here: Path) -> None:
    argv = ["nim", "--seat", "human,human", "--seed", "1", "--log", "game.json"]
    assert play(*argv, script=["1", "quit"])[0] == 0
    yesterday = (here / "game.json").read_bytes()
    code, out, err = play(*argv, script=["quit"])
    assert code == 2
    assert "game.json already exists and was not replaced" in err
    assert "boardkit play --resume game.json" in err and "--force" in err
    assert out == ""  # nothing was played
    assert (here / "game.json").read_bytes() == yesterday


def test_force_replaces_the_log_file(here: Path) -> None:
    (here / "game.json").write_text("an old file", encoding="utf-8")
    code, _, _ = play("nim", "--seed", "1", "--log", "game.json", "--force", script=["quit"])
    assert code == 0
    assert len(Match.load(here / "game.json")) == 1


def test_without_log_every_entry_is_saved_to_a_new_default_file(here: Path) -> None:
    code, out, _ = play("nim", "--seat", "human,human", "--seed", "1", script=["1", "1", "quit"])
    assert code == 0
    (saved,) = here.glob("nim-*.json")
    assert re.fullmatch(r"nim-\d{8}-\d{6}Z\.json", saved.name)
    assert out.count(f"The game is saved to {saved.name} after every move.") == 1
    assert len(Match.load(saved)) == 3


def test_the_default_file_is_written_before_anybody_acts(here: Path) -> None:
    play("nim", "--seed", "1", script=[])  # the input ends at once
    (saved,) = here.glob("nim-*.json")
    assert len(Match.load(saved)) == 1


def test_a_killed_session_keeps_every_entry_played(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Autosave after every entry: a crash after two moves keeps both, without --log."""
    moves = 0
    real_save = Match.save

    def crash_after_two(self: Match[Any], path: Any, *, overwrite: bool = False) -> None:
        nonlocal moves
        real_save(self, path, overwrite=overwrite)
        moves = len(self) - 1
        if moves == 2:
            raise SystemExit("the power went out")  # nothing in boardkit catches it

    monkeypatch.setattr(Match, "save", crash_after_two)
    with pytest.raises(SystemExit):
        play("nim", "--seat", "human,human", "--seed", "1", script=["1", "1", "1"])
    monkeypatch.undo()
    (saved,) = here.glob("nim-*.json")
    assert len(Match.load(saved)) == 3


def test_resume_continues_in_the_same_file_and_keeps_saving_there(here: Path) -> None:
    argv = ["nim", "--seat", "human,human", "--seed", "1", "--log", "game.json"]
    play(*argv, script=["1", "quit"])
    code, out, _ = play("--resume", "game.json", "--seat", "human,human", script=["1", "quit"])
    assert code == 0 and "The game is saved to game.json after every move." in out
    assert len(Match.load(here / "game.json")) == 3
    assert list(here.iterdir()) == [here / "game.json"]


def test_resume_into_another_existing_file_needs_force(here: Path) -> None:
    play("nim", "--seed", "1", "--log", "game.json", script=["quit"])
    (here / "other.json").write_text("keep me", encoding="utf-8")
    code, _, err = play("--resume", "game.json", "--log", "other.json", script=["quit"])
    assert code == 2 and "other.json already exists" in err
    assert (here / "other.json").read_text(encoding="utf-8") == "keep me"
    code, _, _ = play("--resume", "game.json", "--log", "other.json", "--force", script=["quit"])
    assert code == 0 and len(Match.load(here / "other.json")) == 1


def test_save_in_the_game_refuses_another_file_and_save_bang_replaces_it(here: Path) -> None:
    (here / "precious.json").write_text("keep me", encoding="utf-8")
    script = ["save precious.json", "save! precious.json", "quit"]
    code, out, _ = play("nim", "--seed", "1", "--log", "game.json", script=script)
    assert code == 0
    assert "error: precious.json already exists; it was not replaced" in out
    assert "(save! precious.json replaces it)" in out
    assert "log saved to precious.json" in out
    assert len(Match.load(here / "precious.json")) == 1


def test_play_draws_a_fresh_seed_and_prints_it(here: Path) -> None:
    seeds = []
    for name in ("a.json", "b.json"):
        _, out, _ = play("nim", "--log", name, script=["quit"])
        found = re.search(r"^seed (\d+) \(--seed \1 sets up the same game again\)", out, re.M)
        assert found is not None
        seed = int(found[1])
        assert Match.load(here / name).config.seed == seed
        seeds.append(seed)
    assert seeds[0] != seeds[1]


def test_play_of_a_hidden_information_game_shows_the_drawn_seed_only_at_the_end(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("boardkit.cli.support.load_game", lambda name: SecretGame())
    _, out, _ = play("secret", "--log", "s.json", script=["quit"])
    seed = Match.load(here / "s.json", SecretGame()).config.seed
    start, _, end = out.partition("log saved to s.json")
    assert str(seed) not in start and "it is shown when the session ends" in start
    assert f"seed {seed}" in end


# --- the other commands ------------------------------------------------------------------------


def test_simulate_refuses_logs_with_clashing_names_before_playing(
    capsys: Capture, here: Path
) -> None:
    argv = ["simulate", "nim", "-n", "3", "--seed", "5", "--save-logs", "logs"]
    assert boardkit(capsys, *argv)[0] == 0
    first = {p.name: p.read_bytes() for p in (here / "logs").iterdir()}
    code, out, err = boardkit(
        capsys, "simulate", "nim", "-n", "2", "--seed", "6", "-o", "stones=9", "--save-logs", "logs"
    )
    assert code == 2 and "nim-6.json (and 1 more) already exists" in err and "--force" in err
    assert out == ""
    assert {p.name: p.read_bytes() for p in (here / "logs").iterdir()} == first
    code, _, _ = boardkit(
        capsys,
        "simulate",
        "nim",
        "-n",
        "2",
        "--seed",
        "6",
        "-o",
        "stones=9",
        "--save-logs",
        "logs",
        "--force",
    )
    assert code == 0 and Match.load(here / "logs" / "nim-6.json").config.options["stones"] == 9


def test_tournament_refuses_logs_with_clashing_names_before_playing(
    capsys: Capture, here: Path
) -> None:
    argv = ["tournament", "nim", "-n", "2", "-w", "1", "--seed", "5", "--save-logs", "logs"]
    assert boardkit(capsys, *argv)[0] == 0
    first = {p.name: p.read_bytes() for p in (here / "logs").iterdir()}
    code, _, err = boardkit(capsys, *argv, "-o", "stones=9")
    assert code == 2 and "already exists" in err and "--force" in err
    assert {p.name: p.read_bytes() for p in (here / "logs").iterdir()} == first
    assert boardkit(capsys, *argv, "-o", "stones=9", "--force")[0] == 0
    assert {p.name: p.read_bytes() for p in (here / "logs").iterdir()} != first


def test_play_random_refuses_to_replace_its_log_before_playing(capsys: Capture, here: Path) -> None:
    (here / "game.json").write_text("keep me", encoding="utf-8")
    code, out, err = boardkit(capsys, "play-random", "nim", "--save-log", "game.json")
    assert code == 2 and "game.json already exists" in err and out == ""
    assert (here / "game.json").read_text(encoding="utf-8") == "keep me"
    assert boardkit(capsys, "play-random", "nim", "--save-log", "game.json", "--force")[0] == 0
    assert Match.load(here / "game.json").is_over


def test_render_refuses_to_replace_a_picture_unless_forced(capsys: Capture, here: Path) -> None:
    Match.new("khan", 2, seed=1).save(here / "khan.json")  # Khan draws pictures
    (here / "board.svg").write_text("keep me", encoding="utf-8")
    code, _, err = boardkit(capsys, "render", "khan.json", "-o", "board.svg")
    assert code == 2 and "board.svg already exists" in err and "--force" in err
    assert (here / "board.svg").read_text(encoding="utf-8") == "keep me"
    assert boardkit(capsys, "render", "khan.json", "-o", "board.svg", "--force")[0] == 0
    assert (here / "board.svg").read_text(encoding="utf-8").startswith("<svg")
    assert boardkit(capsys, "render", "khan.json", "-o", "new.svg")[0] == 0
    assert sorted(p.name for p in here.iterdir()) == ["board.svg", "khan.json", "new.svg"]


@pytest.mark.parametrize("command", ["simulate", "tournament", "play-random"])
def test_commands_without_seed_draw_a_fresh_one_and_print_it(capsys: Capture, command: str) -> None:
    argv = [command, "nim", "-n", "2"] if command != "play-random" else [command, "nim"]
    if command == "tournament":
        argv += ["-w", "1"]
    seeds = []
    for _ in range(2):
        code, out, err = boardkit(capsys, *argv)
        assert code == 0
        found = re.search(r"seeds? (?:from )?(\d+)", out + err)
        assert found is not None
        seeds.append(int(found[1]))
    assert seeds[0] != seeds[1] and 0 not in seeds


# --- paths that cannot be a file --------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play-random", "nim", "--seed", "1", "--save-log"],
        ["watch", "nim", "--seed", "1", "--bots", "random", "--save-log"],
        ["play", "nim", "--seat", "random,random", "--seed", "1", "--log"],
        ["render", "game.json", "-o"],
    ],
)
@pytest.mark.parametrize(
    ("target", "problem"),
    [
        ("folder", "it is a folder, not a file"),
        ("new/", "the path names a folder, not a file"),
        ("missing/game.json", "the folder missing does not exist"),
    ],
)
def test_a_path_that_cannot_be_a_file_is_refused_before_playing(
    capsys: Capture, here: Path, argv: list[str], target: str, problem: str
) -> None:
    Match.new("nim", 2, seed=1).save(here / "game.json")
    (here / "folder").mkdir()
    before = sorted(p.name for p in here.iterdir())
    for force in ([], ["--force"]):  # --force cannot help, so it is refused all the same
        code, out, err = boardkit(capsys, *argv, target, *force)
        assert (code, out) == (1, "")  # nothing played, nothing drawn
        assert err == f"error: cannot write {target}: {problem}\n"
    assert sorted(p.name for p in here.iterdir()) == before
    assert list((here / "folder").iterdir()) == []


def test_an_empty_save_log_name_is_refused_not_ignored(capsys: Capture, here: Path) -> None:
    code, out, err = boardkit(capsys, "play-random", "nim", "--seed", "1", "--save-log", "")
    assert (code, out) == (1, "")
    assert err == "error: cannot write '': no file name given\n"


def test_a_folder_given_as_a_log_to_read_is_named_as_a_folder(capsys: Capture, here: Path) -> None:
    (here / "folder").mkdir()
    for argv in (["replay", "folder"], ["show", "folder"], ["play", "--resume", "folder"]):
        code, _, err = boardkit(capsys, *argv)
        assert (code, err) == (1, "error: cannot read folder: it is a folder, not a file\n")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize(
    ("folder", "problem"),
    [
        ("file.txt", "cannot create file.txt: it is a file, not a folder"),
        (
            "file.txt/logs",
            "cannot create file.txt/logs: a part of the path is a file, not a folder",
        ),
        ("", "cannot create '': no folder name given"),  # was ignored: no logs, no word
    ],
)
def test_a_save_logs_folder_that_cannot_be_made_is_named(
    capsys: Capture, here: Path, command: str, folder: str, problem: str
) -> None:
    (here / "file.txt").write_text("keep me", encoding="utf-8")
    argv = [command, "nim", "-n", "2", "--seed", "1", "--save-logs", folder]
    code, out, err = boardkit(capsys, *argv, *(["-w", "1"] if command == "tournament" else []))
    assert (code, out, err) == (1, "", f"error: {problem}\n")
    assert sorted(p.name for p in here.iterdir()) == ["file.txt"]
