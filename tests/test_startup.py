"""Start-up: what a fresh process imports to ``import boardkit``, to print ``boardkit --version``
and ``--help``, and to run a command that names a game.

Each test starts a new Python and reads the modules it had imported when it exited, so a module
some other test imported in this process cannot hide one. No timing is
asserted here: benchmarks/startup.py measures the times.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import boardkit
from boardkit.compiled import compilable

GAME_PACKAGES = ("boardkit_khan", "boardkit_shangrila", "boardkit.examples")
EXAMPLES = ("nim", "goofspiel", "highcard", "tictactoe")


WRAPPER = """
import atexit, json, runpy, sys
where, how, what = sys.argv[1:4]
def record():
    with open(where, "w") as file:
        json.dump(sorted(sys.modules), file)
atexit.register(record)
if how == "-c":
    sys.argv = ["-c"]
    exec(compile(what, "<test>", "exec"), {"__name__": "__main__"})
else:
    sys.argv = [what, *sys.argv[4:]]
    runpy.run_module(what, run_name="__main__", alter_sys=True)
"""
"""Runs ``-c CODE`` or ``-m MODULE ARGUMENTS`` as ``python`` would, then writes the names in
``sys.modules`` at exit to a file. (``-X importtime`` would not do: it misses the modules
imported through ``importlib.import_module``, the way plugins and lazy names arrive.)"""


def imported(tmp_path: Path, *arguments: str) -> tuple[set[str], str]:
    """The modules a fresh ``python ARGUMENTS`` (``-c CODE`` or ``-m MODULE ...``) had imported
    when it exited, and its output."""
    where = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, str(where), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(json.loads(where.read_text()))
    return modules, done.stdout


def under(modules: Iterable[str], *packages: str) -> list[str]:
    """The modules of ``modules`` that are ``packages`` or lie inside one of them, sorted."""
    return sorted(m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages))


def test_importing_boardkit_loads_no_game_no_command_line_and_no_rich(tmp_path: Path) -> None:
    modules, _ = imported(tmp_path, "-c", "import boardkit")
    assert "boardkit" in modules
    assert under(modules, *GAME_PACKAGES, "boardkit.cli", "rich") == []
    # nor the engine or the standard library's metadata reader: the names come on first use
    assert under(modules, "boardkit.engine", "boardkit.match", "importlib.metadata") == []


def test_the_package_names_arrive_on_first_use_and_are_the_modules_own(tmp_path: Path) -> None:
    check = (
        "import importlib, sys\n"
        "import boardkit\n"
        "assert 'boardkit.match' not in sys.modules\n"
        "assert set(boardkit.__all__) <= set(dir(boardkit))\n"
        "from boardkit import *\n"
        "for name in boardkit.__all__:\n"
        "    value = getattr(boardkit, name)\n"
        "    home = getattr(value, '__module__', None)\n"
        "    if isinstance(home, str) and home.startswith('boardkit.') and hasattr(\n"
        "        sys.modules.get(home), name):\n"
        "        assert getattr(sys.modules[home], name) is value, name\n"
        "    assert globals()[name] is value, name\n"
        "print(boardkit.Match.__module__)\n"
    )
    modules, out = imported(tmp_path, "-c", check)
    assert out == "boardkit.match\n"
    assert under(modules, *GAME_PACKAGES) == []


def test_a_name_the_package_lacks_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        boardkit.Nonesuch  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(boardkit, "Nonesuch")


def test_the_version_loads_no_game_no_subcommand_and_no_compilable_module(tmp_path: Path) -> None:
    modules, out = imported(tmp_path, "-m", "boardkit", "--version")
    assert out.startswith(f"boardkit {boardkit.__version__} (") and out.endswith(")\n")
    assert under(modules, *GAME_PACKAGES, "rich") == []
    assert under(modules, "boardkit.cli") == ["boardkit.cli", "boardkit.cli.app"]
    assert under(modules, *compilable()) == []  # the summary finds the files, imports nothing


def test_the_version_answered_early_or_by_the_parser_says_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from boardkit.cli import main

    assert main(["--version"]) == 0  # answered before the parser is built
    first = capsys.readouterr().out
    assert first.startswith(f"boardkit {boardkit.__version__} (")
    assert main(["--vers"]) == 0  # an abbreviation: the parser's --version action answers it
    assert capsys.readouterr().out == first
    assert main(["--version", "games"]) == 0  # as argparse does: --version answers and stops
    assert capsys.readouterr().out == first


def test_the_help_loads_no_game_and_no_rich(tmp_path: Path) -> None:
    modules, out = imported(tmp_path, "-m", "boardkit", "--help")
    assert "play-random" in out and "tournament" in out
    assert under(modules, *GAME_PACKAGES, "rich", "boardkit.terminal") == []


@pytest.mark.parametrize(
    ("game", "package"),
    [
        ("nim", "boardkit.examples.nim"),
        ("khan", "boardkit_khan"),
        ("shangrila", "boardkit_shangrila"),
    ],
)
@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_command_that_names_a_game_loads_that_game_only(
    tmp_path: Path, game: str, package: str
) -> None:
    arguments = (
        "play-random",
        game,
        "--players",
        "3" if game == "shangrila" else "2",
        "--seed",
        "1",
    )
    modules, out = imported(tmp_path, "-m", "boardkit", *arguments)
    assert out  # the game was played and shown
    assert under(modules, package)
    others = [p for p in GAME_PACKAGES if p != "boardkit.examples"] + [
        f"boardkit.examples.{name}" for name in EXAMPLES
    ]
    assert under(modules, *(p for p in others if p != package)) == []
