"""The package's layout holds: the rules (boardkit_shangrila.rules) import no presentation and
nothing above them at run time; the package docstring's map names every module; the module names
from before the split keep working, with a DeprecationWarning, as the same objects."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

import boardkit_shangrila
from boardkit_shangrila.rules import legality

PACKAGE = Path(boardkit_shangrila.__file__).parent


def all_modules() -> dict[str, Path]:
    """Every module of the package, dotted (packages included), with its source file (the
    sources, also where the compiled build runs extension files in their place)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def runtime_imports(source: Path) -> set[str]:
    """The modules a source file imports when it runs: every import statement outside an
    ``if TYPE_CHECKING:`` block (function-level imports count too)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.orelse:
                visit(statement)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_the_rules_import_no_presentation_and_nothing_above_them() -> None:
    rules = {m: p for m, p in all_modules().items() if m.startswith("boardkit_shangrila.rules")}
    assert "boardkit_shangrila.rules.legality" in rules and len(rules) >= 10
    for module, source in rules.items():
        for name in runtime_imports(source):
            above = name.startswith("boardkit_shangrila") and not name.startswith(
                "boardkit_shangrila.rules"
            )
            presentation = name.startswith(("boardkit.present", "boardkit.terminal"))
            assert not (above or presentation), f"{module} imports {name}"


def test_the_package_docstring_names_every_module() -> None:
    doc = boardkit_shangrila.__doc__ or ""
    for module in all_modules():
        if module != "boardkit_shangrila":
            assert f"{module}`" in doc, f"the map in boardkit_shangrila's docstring misses {module}"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("boardkit_shangrila.state", "boardkit_shangrila.rules.state"),
        ("boardkit_shangrila.masks", "boardkit_shangrila.rules.masks"),
        ("boardkit_shangrila.svg", "boardkit_shangrila.present.svg"),
        ("boardkit_shangrila.narration", "boardkit_shangrila.present.narration"),
    ],
)
def test_old_module_names_warn_and_give_the_new_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_the_old_rules_module_names_come_from_legality() -> None:
    rules = importlib.import_module("boardkit_shangrila.rules")
    for name in ("legal", "refusal", "LegalActions", "_SPACES_OF"):
        with pytest.warns(DeprecationWarning, match=rf"rules\.{name} moved to .*legality\.{name}"):
            value = getattr(rules, name)
        assert value is getattr(legality, name)
    with pytest.raises(AttributeError):
        rules.no_such_name  # noqa: B018
