"""Check an installed compiled boardkit: what each release wheel is tested with (cibuildwheel's
``test-command`` in pyproject.toml), on every platform it is built for.

    python scripts/check_installed.py PROJECT

Run from outside the project folder PROJECT. boardkit and both games must be imported from the
installation, not from PROJECT's sources; every module of ``compilable.txt`` must run compiled,
on mypyc's runtime; and the golden Khan and Shangrila games (the seeded games in PROJECT's
``tests/*/fixtures``) must replay from their logs and play again byte for byte. Exits 1 naming
the first problem.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _load(path: Path) -> ModuleType:
    """A module of the project's tests, loaded from its file (not imported as ``tests``, a name
    other installed packages use too)."""
    spec = importlib.util.spec_from_file_location(f"golden_{path.parent.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def problems(project: Path) -> list[str]:
    """What is wrong with the installed boardkit, one line each (empty when all is well)."""
    found = []
    for name in ("boardkit", "boardkit_khan", "boardkit_shangrila"):
        module = importlib.import_module(name)
        where = Path(module.__file__ or "").resolve()
        if where.is_relative_to(project):
            found.append(f"{name} is imported from the project ({where}), not the installation")
    from boardkit.compiled import RUNTIME_MODULE, compiled_modules, summary

    listed = compiled_modules()  # found on disk: `import boardkit` imports none of them
    pure = [name for name, compiled in listed.items() if not compiled]
    if pure:
        found.append(f"not compiled: {', '.join(pure)} ({summary()})")
        return found
    for name in listed:  # each compiled module loads mypyc's runtime when imported
        importlib.import_module(name)
    if RUNTIME_MODULE not in sys.modules:
        found.append(f"mypyc's runtime {RUNTIME_MODULE} is not loaded")
    from boardkit import Match, load_game

    for game in ("khan", "shangrila"):
        golden = _load(project / "tests" / game / "make_golden.py")
        text = golden.FIXTURE.read_text(encoding="utf-8")
        replayed = Match.from_json(text, load_game(game)).to_json()
        if replayed.rstrip("\n") != text.rstrip("\n"):  # one fixture ends with a newline
            found.append(f"the golden {game} log does not replay to the same log")
        if golden.golden_text() != text:
            found.append(f"the golden {game} game does not play again byte for byte")
    return found


def main(arguments: list[str]) -> int:
    if len(arguments) != 1:
        print("usage: python scripts/check_installed.py PROJECT", file=sys.stderr)
        return 2
    found = problems(Path(arguments[0]).resolve())
    for line in found:
        print(f"check_installed: {line}", file=sys.stderr)
    if not found:
        from boardkit.compiled import summary

        print(f"check_installed: boardkit installed, {summary()}, the golden games agree")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
