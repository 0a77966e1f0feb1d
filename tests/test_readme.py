"""The README's two commands and the CI script agree; its command-line examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.DOTALL)


def test_there_are_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    assert "pip install" in commands[0] and "boardkit " in commands[0]
    assert "pip install" in commands[1] and "pytest" in commands[1]


def test_the_two_commands_are_the_first_commands_of_the_readme() -> None:
    """A reader on a fresh machine runs the first command the README shows: the two commands come
    before any other (a `pip install boardkit` of a release, say)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_two = re.findall(r"```sh\n(.*?)\n```", text, re.DOTALL)[:2]
    assert first_two == readme_commands()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_commands()[1] in ci


def test_the_first_command_names_an_installed_game() -> None:
    from boardkit import available_games

    game = readme_commands()[0].split("boardkit watch ", 1)[1].split()[0]
    assert game in available_games()


def test_the_first_command_watches_real_bots_as_it_happens() -> None:
    """The first command is ``boardkit watch`` (a live screen, greedy bots by default), not a
    dump of random moves."""
    from boardkit.cli import build_parser

    command = readme_commands()[0].split("&& boardkit ", 1)[1]
    args = build_parser().parse_args(command.split())
    assert args.command == "watch"
    assert "random" not in args.bots and args.delay is None


def test_the_docs_home_page_gives_the_same_first_command() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert readme_commands()[0] in index


def test_the_command_line_section_runs_its_watch_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every line of "Command line" parses; its ``watch`` line plays (it refused once, as
    Shangrila's smallest player count needs a variant: the count comes from its --bots)."""
    from boardkit.cli import build_parser, main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)\n```", section, re.DOTALL)
    commands = [line.split("#", 1)[0].split()[1:] for line in block.splitlines()]
    for argv in commands:
        assert build_parser().parse_args(argv).command == argv[0]
    watch = next(argv for argv in commands if argv[0] == "watch")
    quick = [part.replace("iterations=200", "iterations=5") for part in watch]
    assert main([*quick, "--seed", "3", "--cap", "6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Die Brücken von Shangrila: red (greedy), blue (mcts:iterations=5)")
