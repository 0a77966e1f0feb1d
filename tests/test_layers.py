"""The layout keeps its layers: no module imports itself round a circle, and the core imports
without the command line.

The import graph is read from the source (``ast``), lazy imports inside functions included, so
a circle hidden behind a function-level import counts too. ``from a import b`` is an edge to
the module ``a.b`` when ``b`` is a module, else to ``a``; a package's ``__init__`` running
before its submodules is not counted as an edge (every package with re-exports would be a
circle).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGES = ("boardkit", "boardkit_khan", "boardkit_shangrila")


def module_files() -> dict[str, Path]:
    """Every module of the three packages, by dotted name."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((SRC / package).rglob("*.py")):
            parts = list(path.relative_to(SRC).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, wherever in it the import is."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {name: imports_of(name, path, known) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` as a list of modules (first repeated last), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_the_graph_reader_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "import boardkit.match\n"
        "from boardkit import rng, errors as e\n"
        "def f():\n    from boardkit.game import Game\n"
    )
    known = {"boardkit", "boardkit.match", "boardkit.rng", "boardkit.errors", "boardkit.game"}
    assert imports_of("boardkit.x", module, known) == known - {"boardkit"}
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_every_module_imports() -> None:
    names = sorted(module_files())
    assert "boardkit.cli.app" in names and "boardkit_khan.board" in names
    code = "import importlib, sys\nfor n in sys.argv[1:]: importlib.import_module(n)"
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_no_module_imports_itself_round_a_circle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_core_imports_without_the_command_line() -> None:
    code = (
        "import sys, boardkit\n"
        "bad = sorted(m for m in sys.modules if m == 'rich' or m.startswith(('rich.', "
        "'boardkit.cli', 'boardkit_')) and m != 'boardkit_compiled__mypyc')\n"
        "print(','.join(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # (mypyc's runtime for the compiled modules, boardkit_compiled__mypyc, is part of the core)
    assert done.stdout.strip() == "", f"import boardkit pulled in: {done.stdout.strip()}"
