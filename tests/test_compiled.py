"""The optional compiled build (``BOARDKIT_COMPILE=1``, docs/performance.md): which modules it
compiles, and that the suite runs on the build it means to test.

``scripts/compiled.sh test`` runs the fast suite on the compiled modules with
``BOARDKIT_EXPECT_COMPILED=1``; every other run is on the sources. A compiled file left in a
source tree would hide edits of its source, so a run on the sources refuses to go on with one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from boardkit.compiled import RUNTIME_MODULE, compilable, compiled_modules, is_compiled

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("BOARDKIT_EXPECT_COMPILED") == "1"


def test_every_listed_module_has_its_source() -> None:
    names = compilable()
    assert len(names) == len(set(names)) >= 10
    for name in names:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_suite_runs_on_the_build_it_means_to_test() -> None:
    running = compiled_modules()
    if EXPECT_COMPILED:
        assert all(running.values()), [n for n, c in running.items() if not c]
        assert RUNTIME_MODULE in sys.modules
    else:
        stray = [n for n, c in running.items() if c]
        assert not stray, (
            f"compiled files in the source tree hide their sources: {stray}; "
            "run `bash scripts/compiled.sh remove` (or test them: scripts/compiled.sh test)"
        )


def test_a_pure_module_is_not_reported_compiled() -> None:
    assert not is_compiled("boardkit.match")  # never compiled: it checks its arguments itself
    assert is_compiled("_json")  # CPython's C accelerator of json, for the other answer


def _wheel(tmp_path: Path, compile_: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "BOARDKIT_COMPILE"}
    if compile_:
        env["BOARDKIT_COMPILE"] = "1"
    out = tmp_path / ("compiled" if compile_ else "pure")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        env=env,
        capture_output=True,
    )
    (wheel,) = out.glob("boardkit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


@pytest.mark.slow
def test_the_wheel_is_pure_unless_asked_and_then_carries_every_compiled_module(
    tmp_path: Path,
) -> None:
    pure = _wheel(tmp_path, compile_=False)
    assert "boardkit/compilable.txt" in pure and "boardkit_shangrila/rules.py" in pure
    assert not [n for n in pure if n.endswith(".so")]
    compiled = _wheel(tmp_path, compile_=True)
    extensions = {n.split(".")[0].replace("/", ".") for n in compiled if n.endswith(".so")}
    assert extensions == {*compilable(), RUNTIME_MODULE}
    assert set(pure) <= set(compiled)  # the sources ship too (tracebacks, inspection)
