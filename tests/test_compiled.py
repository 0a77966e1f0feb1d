"""The optional compiled build (``BOARDKIT_COMPILE=1``, docs/performance.md): which modules it
compiles, and that the suite runs on the build it means to test.

``scripts/compiled.sh test`` runs the fast suite on the compiled modules with
``BOARDKIT_EXPECT_COMPILED=1``; ``scripts/wheel.sh test`` runs the whole suite on the installed
compiled wheel, with ``BOARDKIT_EXPECT_INSTALLED=1`` as well; every other run is on the sources.
A compiled file left in a source tree would hide edits of its source, so a run on the sources
refuses to go on with one.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from boardkit import compiled
from boardkit.compiled import (
    RUNTIME_MODULE,
    compilable,
    compiled_modules,
    is_compiled,
    summary,
)

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("BOARDKIT_EXPECT_COMPILED") == "1"
EXPECT_INSTALLED = os.environ.get("BOARDKIT_EXPECT_INSTALLED") == "1"
PACKAGES = ("boardkit", "boardkit_khan", "boardkit_shangrila")


def test_every_listed_module_has_its_source_in_the_repository_and_where_it_runs() -> None:
    """Each listed module is a source file of the repository, and the module this process
    imports has its source beside it (a compiled wheel ships the sources: tracebacks,
    ``inspect``)."""
    names = compilable()
    assert len(names) == len(set(names)) >= 10
    for name in names:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name
        running = Path(importlib.import_module(name).__file__ or "")
        assert (running.parent / (name.rsplit(".", 1)[1] + ".py")).is_file(), running


def test_the_suite_imports_the_installed_package_when_asked_to() -> None:
    """With ``BOARDKIT_EXPECT_INSTALLED=1`` (scripts/wheel.sh test) boardkit and the games
    come from an installation, never from the repository's ``src/``: the suite tests the
    wheel. Otherwise they come from the sources this suite belongs to (``src/``, directly or
    through an editable install)."""
    for name in PACKAGES:
        where = Path(importlib.import_module(name).__file__ or "").resolve()
        from_sources = where.is_relative_to(ROOT / "src")
        if EXPECT_INSTALLED:
            assert not from_sources, f"{name} is imported from {where}, not the installed wheel"
            assert "site-packages" in where.parts, where
        else:
            assert from_sources, f"{name} is imported from {where}, not from {ROOT / 'src'}"


def test_no_listed_module_answers_names_through_a_module_getattr() -> None:
    """A mypyc-compiled module with a module-level ``__getattr__`` (how a deprecated name is
    answered) crashes the interpreter when it is imported; such a module stays pure."""
    import ast

    for name in compilable():
        tree = ast.parse((ROOT / "src" / (name.replace(".", "/") + ".py")).read_text())
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert "__getattr__" not in defined, f"{name} defines __getattr__: leave it pure"


def test_the_suite_runs_on_the_build_it_means_to_test() -> None:
    running = compiled_modules()
    if EXPECT_COMPILED:
        assert all(running.values()), [n for n, c in running.items() if not c]
        importlib.import_module(compilable()[0])  # compiled_modules imports none of them
        assert RUNTIME_MODULE in sys.modules
    else:
        stray = [n for n, c in running.items() if c]
        assert not stray, (
            f"compiled files in the source tree hide their sources: {stray}; "
            "run `bash scripts/compiled.sh remove` (or test them: scripts/compiled.sh test)"
        )


def test_the_summary_says_how_this_process_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    names = compilable()
    everything = f"compiled: all {len(names)} compilable modules"
    assert summary() == (everything if EXPECT_COMPILED else "pure Python")
    mixed = {name: i < 3 for i, name in enumerate(names)}
    monkeypatch.setattr(compiled, "compiled_modules", lambda: mixed)
    assert summary() == f"partly compiled: 3 of {len(names)} modules (compiled files left over?)"


def test_a_pure_module_is_not_reported_compiled_and_an_extension_is() -> None:
    assert not is_compiled("boardkit.match")  # never compiled: it checks its arguments itself
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    extension = next(  # one of the C extension modules loaded from a file in this process
        name
        for name, module in sorted(sys.modules.items())
        if (getattr(module, "__file__", None) or "").endswith(suffixes)
    )
    assert is_compiled(extension)


def test_the_report_imports_no_listed_module_and_agrees_with_importing_them(
    tmp_path: Path,
) -> None:
    """``compiled_modules`` finds each module's file the way ``import`` would, without importing
    it (``boardkit --version`` must not load the games); importing them all afterwards gives
    the same answer, module by module."""
    check = (
        "import importlib, sys\n"
        "from boardkit.compiled import compilable, compiled_modules\n"
        "found = compiled_modules()\n"
        "assert not [n for n in compilable() if n in sys.modules], 'imported'\n"
        "for name in compilable():\n"
        "    importlib.import_module(name)\n"
        "assert compiled_modules() == found, (found, compiled_modules())\n"
        "print(sum(found.values()), len(found))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    count, total = map(int, done.stdout.split())
    assert total == len(compilable())
    assert count == (total if EXPECT_COMPILED else 0)


def test_a_module_that_cannot_be_found_is_not_compiled() -> None:
    assert not is_compiled("boardkit.no_such_module")
    assert not is_compiled("no_such_package.inside")


def _fresh_env() -> dict[str, str]:
    """This process's environment for a fresh virtual environment's Python: without the
    settings that would make it build or import another boardkit than its own (a
    ``PYTHONPATH`` that points at the sources, say)."""
    skip = ("BOARDKIT_COMPILE", "VIRTUAL_ENV", "PYTHONPATH")
    return {k: v for k, v in os.environ.items() if k not in skip}


def _wheel(tmp_path: Path, python: Path, compile_: bool) -> Path:
    env = _fresh_env()
    if compile_:
        env["BOARDKIT_COMPILE"] = "1"
    out = tmp_path / ("compiled" if compile_ else "pure")
    subprocess.run(
        [str(python), "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        env=env,
        capture_output=True,
    )
    (wheel,) = out.glob("boardkit-*.whl")
    return wheel


def _check_wheel() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_wheel", ROOT / "scripts" / "check_wheel.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


@pytest.mark.slow
@pytest.mark.from_checkout
def test_a_fresh_environment_builds_the_pure_wheel_unless_asked_and_then_the_compiled_one(
    tmp_path: Path,
) -> None:
    """In a new virtual environment without boardkit's dependencies (the compiling build must
    bring what mypy needs itself), the wheel is pure Python unless ``BOARDKIT_COMPILE=1`` asks;
    the compiled wheel carries every listed module compiled, the sources too, and plays."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    pure = _wheel(tmp_path, python, compile_=False)
    assert pure.name.endswith("-none-any.whl")
    pure_names = _names(pure)
    assert (
        "boardkit/compilable.txt" in pure_names
        and "boardkit_shangrila/rules/legality.py" in pure_names
    )
    assert not [n for n in pure_names if n.endswith(".so")]
    compiled = _wheel(tmp_path, python, compile_=True)
    assert not compiled.name.endswith("-none-any.whl")  # tagged for this Python and platform
    names = _names(compiled)
    extensions = {n.split(".")[0].replace("/", ".") for n in names if n.endswith(".so")}
    assert extensions == {*compilable(), RUNTIME_MODULE}
    assert set(pure_names) <= set(names)  # the sources ship too (tracebacks, inspection)
    # no debug information in the libraries (setup.py); the one problem left is the local
    # platform tag, which auditwheel repair turns into a manylinux one (scripts/wheel.sh)
    tag = compiled.name.removesuffix(".whl").split("-")[-1]
    assert _check_wheel().problems(compiled) == [
        f"platform tag {tag!r} is not manylinux or musllinux (auditwheel repair)"
    ]
    fresh = _fresh_env()
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(compiled)], check=True, env=fresh
    )
    play = (
        "from boardkit.runner.simulate import simulate\n"
        "print(simulate('shangrila', 3, 4, seed=8).wins)"
    )
    check = "import boardkit.compiled as c\nassert all(c.compiled_modules().values())"
    done = subprocess.run(
        [str(python), "-c", f"{check}\n{play}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=fresh,
    )
    assert done.returncode == 0, done.stderr
    here = subprocess.run([sys.executable, "-c", play], capture_output=True, text=True, check=True)
    assert done.stdout == here.stdout  # the same games as the sources play


@pytest.mark.slow
def test_the_wheel_check_sees_debug_information_the_build_leaves_out(tmp_path: Path) -> None:
    """The same C file built as a shared library twice: with ``-g`` its debug sections are
    there for scripts/check_wheel.py to see, and with setup.py's flags they are not."""
    check = _check_wheel()
    source = tmp_path / "tiny.c"
    source.write_text("int tiny(int x) { return x * 3 + 1; }\n")
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    flags = {}
    for line in setup.splitlines():
        if line.startswith(("UNIX_NO_DEBUG_COMPILE = ", "UNIX_NO_DEBUG_LINK = ")):
            name, value = line.split(" = ")
            flags[name] = ast.literal_eval(value)
    built = {}
    for label, extra in (
        ("debug", ["-g"]),
        ("release", ["-g", *flags["UNIX_NO_DEBUG_COMPILE"], *flags["UNIX_NO_DEBUG_LINK"]]),
    ):
        library = tmp_path / f"{label}.so"
        subprocess.run(
            ["cc", "-shared", "-fPIC", *extra, "-o", str(library), str(source)], check=True
        )
        built[label] = check.debug_sections(library.read_bytes())
    assert ".debug_info" in built["debug"]
    assert built["release"] == []
