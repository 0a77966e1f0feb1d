"""The layout keeps its floors (docs/architecture.md): imports only go down, no module imports
itself round a circle, no module reads another module's private names, and the core imports
without the command line.

The import graph is read from the source (``ast``), lazy imports inside functions included, so
an upward import or a circle hidden behind a function-level import counts too; imports under
``if TYPE_CHECKING:`` are left out of the floors (types only, never run). ``from a import b``
is an edge to the module ``a.b`` when ``b`` is a module, else to ``a``; a package's
``__init__`` running before its submodules is not counted as an edge (every package with
re-exports would be a circle).
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

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


@cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a source file, parsed once per test session (every check reads all of
    them)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _is_type_checking_block(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def statements(body: list[ast.stmt], *, run_time_only: bool = False) -> Iterator[ast.stmt]:
    """Every statement of ``body``, nested ones included (with ``run_time_only``, leaving out the
    bodies of ``if TYPE_CHECKING:`` blocks). Imports are statements, and no expression holds a
    statement, so the checks below walk these instead of every node of the tree."""
    for node in body:
        yield node
        for field, value in ast.iter_fields(node):
            if not isinstance(value, list):
                continue
            if field == "body" and run_time_only and _is_type_checking_block(node):
                continue
            for child in value:
                if isinstance(child, ast.stmt):
                    yield from statements([child], run_time_only=run_time_only)
                elif isinstance(child, ast.ExceptHandler | ast.match_case):
                    yield from statements(child.body, run_time_only=run_time_only)


@cache
def _import_nodes(path: Path, run_time_only: bool) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """The import statements of a source file (with ``run_time_only``, leaving out those under
    ``if TYPE_CHECKING:``), found once per test session: several checks read every file."""
    return tuple(
        node
        for node in statements(parsed(path).body, run_time_only=run_time_only)
        if isinstance(node, ast.Import | ast.ImportFrom)
    )


def imports_of(name: str, path: Path, known: set[str], *, run_time_only: bool = False) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, wherever in it the import is
    (with ``run_time_only``, leaving out those under ``if TYPE_CHECKING:``)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _import_nodes(path, run_time_only):
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
    return {name: imports_of(name, path, known, run_time_only=True) for name, path in files.items()}


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


def test_every_module_imports_in_this_process() -> None:
    names = sorted(module_files())
    assert "boardkit.cli.app" in names and "boardkit_khan.rules.board" in names
    for name in names:
        importlib.import_module(name)


@pytest.mark.slow  # a Python of its own (the fast check above imports them in this process)
def test_every_module_imports() -> None:
    """In a fresh process, in sorted order: what the fast check cannot see (a module that only
    imports because the tests imported something else first)."""
    names = sorted(module_files())
    code = "import importlib, sys\nfor n in sys.argv[1:]: importlib.import_module(n)"
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


DEPRECATED_FORWARDS: frozenset[tuple[str, str]] = frozenset(
    {
        # until 0.3.0: legality's old names of the checks hand over to rules.checks, which
        # imports legality (legality is compiled, so no module __getattr__ can warn instead)
        ("boardkit_shangrila.rules.legality", "boardkit_shangrila.rules.checks"),
    }
)
"""Function-level imports that only serve a deprecated name, left out of the circle check
(each still has to be in the graph: an exemption outlives its import nowhere)."""


def test_no_module_imports_itself_round_a_circle() -> None:
    graph = import_graph()
    for importer, imported in DEPRECATED_FORWARDS:
        assert imported in graph[importer], f"{importer} no longer imports {imported}"
        graph[importer] = graph[importer] - {imported}
    cycle = find_cycle(graph)
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


# --- the floors ------------------------------------------------------------------------------

FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "framework: basics",
        (
            "boardkit._moved",
            "boardkit.errors",
            "boardkit.english",
            "boardkit.i18n",
            "boardkit.result",
            "boardkit.rng",
            "boardkit.flow_model",
            "boardkit.flow",
            "boardkit.files",
            "boardkit.extras",
            "boardkit.compiled",
            "boardkit.chance",
            "boardkit.options",
            "boardkit.notation",
            "boardkit.replacing",
            "boardkit.howto",
            "boardkit.i18n_extract",
            "boardkit.geometry*",
        ),
    ),
    (
        "framework: the game protocol",
        (
            "boardkit.game",
            "boardkit.registry",
            "boardkit.codec",
            "boardkit.positions",
            "boardkit.action_check",
            "boardkit.action_text",
            "boardkit.zones",
        ),
    ),
    ("framework: the fold", ("boardkit.engine", "boardkit.recorder")),
    ("framework: the log", ("boardkit.log", "boardkit.log.*")),
    (
        "framework: matches and replay",
        (
            "boardkit",
            "boardkit.match",
            "boardkit.match_play",
            "boardkit.replay",
            "boardkit.replay_step",
            "boardkit.rounds",
            "boardkit.undo",
        ),
    ),
    ("presentation kit", ("boardkit.present*",)),
    ("bots", ("boardkit.bots*",)),
    ("games", ("boardkit.examples*", "boardkit_khan*", "boardkit_shangrila*")),
    ("runner", ("boardkit.runner*", "boardkit.train*")),
    ("conformance kit", ("boardkit.testing*",)),
    ("front ends", ("boardkit.terminal*", "boardkit.server*", "boardkit.adapters*")),
    ("command line", ("boardkit.cli*", "boardkit.__main__")),
)
"""The floors, lowest first: a module imports only modules on its own floor or below. The
patterns are ``fnmatch`` patterns over dotted names; every module matches exactly one floor."""

FRONT_ENDS = ("boardkit.terminal", "boardkit.server", "boardkit.adapters")
"""Front ends share a floor but never import one another."""

UPWARD_ALLOWED: dict[tuple[str, str], str] = {
    ("boardkit.match", "boardkit.present.notebook"): (
        "Match.status, __repr__, _repr_svg_ and _repr_html_: Python and Jupyter look for "
        "these methods on the object itself; the presentation kit is imported only when one "
        "is called"
    ),
}
"""The upward imports allowed, each with its reason. Every one is a function-level import."""


def floor_of(module: str) -> int:
    """The index in :data:`FLOORS` of ``module``'s floor; fails for a module on no floor."""
    found = [
        index
        for index, (_, patterns) in enumerate(FLOORS)
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns)
    ]
    assert len(found) == 1, f"{module} is on {len(found)} floors; give it one in FLOORS"
    return found[0]


def front_end(module: str) -> str | None:
    return next((f for f in FRONT_ENDS if module == f or module.startswith(f + ".")), None)


def upward_imports() -> list[str]:
    """Every run-time import that goes up a floor or across front ends, as text."""
    files = module_files()
    known = set(files)
    bad: list[str] = []
    for name, path in sorted(files.items()):
        for imported in sorted(imports_of(name, path, known, run_time_only=True)):
            if (name, imported) in UPWARD_ALLOWED:
                continue
            mine, theirs = floor_of(name), floor_of(imported)
            if theirs > mine:
                bad.append(f"{name} ({FLOORS[mine][0]}) imports {imported} ({FLOORS[theirs][0]})")
            elif front_end(name) and front_end(imported) and front_end(name) != front_end(imported):
                bad.append(f"front end {name} imports another front end's {imported}")
    return bad


def test_every_module_is_on_exactly_one_floor() -> None:
    for name in module_files():
        floor_of(name)


def test_imports_only_go_down() -> None:
    bad = upward_imports()
    assert bad == [], "\n".join(bad)


def test_the_floor_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from boardkit.present.screen import Picture\n"
        "def f():\n    from boardkit.terminal.play import main\n"
    )
    known = {"boardkit.present.screen", "boardkit.terminal.play"}
    assert imports_of("boardkit.game", module, known, run_time_only=True) == {
        "boardkit.terminal.play"
    }
    assert floor_of("boardkit.terminal.play") > floor_of("boardkit.game")
    assert floor_of("boardkit_khan.rules") < floor_of("boardkit.cli.app")
    with pytest.raises(AssertionError, match="on 0 floors"):
        floor_of("elsewhere.module")


def test_the_allowed_upward_imports_are_still_needed() -> None:
    files = module_files()
    known = set(files)
    for name, imported in UPWARD_ALLOWED:
        assert imported in imports_of(name, files[name], known, run_time_only=True), (
            f"{name} no longer imports {imported}: drop it from UPWARD_ALLOWED"
        )


# --- private names stay private ----------------------------------------------------------------


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_reads(name: str, path: Path, known: set[str]) -> list[str]:
    """Where module ``name`` reads a private name (``_x``) of another of our modules: ``from m
    import _x``, or ``m._x`` through a module it imported as ``m``."""
    tree = parsed(path)
    aliases: dict[str, str] = {}
    found: list[str] = []
    for node in statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known and alias.asname:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                if child in known:
                    aliases[alias.asname or alias.name] = child
                elif node.module in known and node.module != name and _private(alias.name):
                    found.append(f"{name}:{node.lineno} imports {node.module}.{alias.name}")
    for part in ast.walk(tree):
        if (
            isinstance(part, ast.Attribute)
            and isinstance(part.value, ast.Name)
            and part.value.id in aliases
            and aliases[part.value.id] != name
            and _private(part.attr)
        ):
            found.append(f"{name}:{part.lineno} reads {aliases[part.value.id]}.{part.attr}")
    return found


def test_no_module_reads_another_modules_private_names() -> None:
    files = module_files()
    known = set(files)
    found = [read for n, p in sorted(files.items()) for read in private_reads(n, p, known)]
    assert found == [], "\n".join(found)


def test_the_private_read_check_sees_both_forms(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from boardkit import flow as tables\n"
        "from boardkit.recorder import _REPLACERS, record\n"
        "x = tables._TURNS, tables.Flow, tables.__name__\n"
    )
    known = {"boardkit", "boardkit.flow", "boardkit.recorder", "boardkit.engine"}
    assert private_reads("boardkit.engine", module, known) == [
        "boardkit.engine:2 imports boardkit.recorder._REPLACERS",
        "boardkit.engine:3 reads boardkit.flow._TURNS",
    ]


# --- inside a game: the rules never import the presentation ----------------------------------


def rules_reaching_presentation() -> list[str]:
    """Every run-time import from a game's ``rules`` package into its ``present`` package or
    into the framework's presentation kit."""
    files = module_files()
    known = set(files)
    bad: list[str] = []
    for name, path in sorted(files.items()):
        parts = name.split(".")
        if len(parts) < 2 or parts[1] != "rules" or not parts[0].startswith("boardkit_"):
            continue
        for imported in sorted(imports_of(name, path, known, run_time_only=True)):
            if imported.startswith((f"{parts[0]}.present", "boardkit.present")):
                bad.append(f"{name} imports {imported}")
    return bad


def test_a_games_rules_never_import_its_presentation() -> None:
    games = {name.split(".")[0] for name in module_files() if ".rules." in name}
    assert {"boardkit_khan", "boardkit_shangrila"} <= games
    bad = rules_reaching_presentation()
    assert bad == [], "\n".join(bad)
