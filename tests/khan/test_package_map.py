"""The Khan package keeps its rooms: the rules never import the presentation (or the top that
ties both to the framework) at run time, and the package docstring maps every module."""

from __future__ import annotations

import re
from pathlib import Path

import boardkit_khan
from tests.test_layers import imports_of, module_files

PACKAGE = Path(boardkit_khan.__file__).parent
TOP = (
    "boardkit_khan.game",
    "boardkit_khan.builders",
    "boardkit_khan.encoding",
    "boardkit_khan.heuristic",
)
"""The modules on top: they read the rules, never the other way round."""


def rules_imports_upward() -> list[str]:
    files = module_files()
    known = set(files)
    found = []
    for name, path in sorted(files.items()):
        if not name.startswith("boardkit_khan.rules"):
            continue
        for imported in sorted(imports_of(name, path, known, run_time_only=True)):
            if (
                imported.startswith(("boardkit_khan.present", "boardkit.present"))
                or imported in TOP
            ):
                found.append(f"{name} imports {imported}")
    return found


def test_no_rules_module_imports_presentation_at_run_time() -> None:
    assert rules_imports_upward() == []


def test_the_package_docstring_names_every_module() -> None:
    modules = {
        ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for path in PACKAGE.rglob("*.py")
        if path.stem != "__init__"
    }
    named = set(re.findall(r":mod:`\.([a-z_.]+)`", boardkit_khan.__doc__ or ""))
    assert "rules.legality" in modules and "game" in modules
    assert modules - named == set()
    assert named - modules == {"rules", "present"}
