"""Modules that moved keep their old names for one minor version (boardkit._moved): importing
an old name warns with a DeprecationWarning naming the new place, and gives the new module
itself, so old code, private names and object identity keep working."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import boardkit
import boardkit_khan.rules  # (each package registers its own moves when imported)
import boardkit_shangrila.rules
from boardkit import _moved


def test_every_old_name_warns_and_gives_the_new_module() -> None:
    moves = _moved.moves()
    assert {
        "boardkit.play": "boardkit.terminal.play",
        "boardkit.seats": "boardkit.runner.seats",
    }.items() <= moves.items()
    for old, new in sorted(moves.items()):
        sys.modules.pop(old, None)
        with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new} in 0\.2\.0") as caught:
            module = importlib.import_module(old)
        assert module is importlib.import_module(new)
        assert _moved.REMOVED_IN in str(caught[0].message)


def test_old_names_work_in_every_import_form() -> None:
    code = (
        "import warnings\n"
        "with warnings.catch_warnings(record=True) as seen:\n"
        "    warnings.simplefilter('always')\n"
        "    import boardkit.watching\n"
        "print('warned:', seen[0].message, seen[0].filename, seen[0].lineno)\n"
        "warnings.simplefilter('ignore', DeprecationWarning)\n"
        "import boardkit.watching, boardkit.terminal.watch\n"
        "from boardkit.simulate import simulate\n"
        "from boardkit import voice\n"
        "from boardkit.runner.simulate import simulate as new_simulate\n"
        "print(boardkit.watching is boardkit.terminal.watch, simulate is new_simulate,"
        " voice.join_words(['a', 'b']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("warned: boardkit.watching moved to boardkit.terminal.watch")
    assert lines[0].endswith(" <string> 4")  # the importer's line, not importlib's or ours
    assert lines[1] == "True True a and b"


def test_new_names_do_not_warn_and_unknown_names_still_fail() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.import_module("boardkit.terminal.play")
        importlib.import_module("boardkit.present.voice")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("boardkit.no_such_module")
    assert boardkit.__version__ == "0.2.0"


def test_a_package_that_took_an_old_modules_name_still_gives_that_modules_names() -> None:
    from boardkit_khan.rules import legality as khan_legality
    from boardkit_shangrila.rules import legality as shangrila_legality

    for package, legality in (
        (boardkit_khan.rules, khan_legality),
        (boardkit_shangrila.rules, shangrila_legality),
    ):
        name = next(
            n for n in vars(legality) if not n.startswith("_") and callable(vars(legality)[n])
        )
        with pytest.warns(
            DeprecationWarning, match=rf"{package.__name__}\.{name} moved to"
        ) as seen:
            value = getattr(package, name)
        assert value is getattr(legality, name)
        assert seen[0].filename == __file__  # the line that asked, not the forwarding code
        with pytest.raises(AttributeError, match="no_such_name"):
            package.no_such_name  # noqa: B018
