"""The build's one dynamic part: the optional compiled modules.

``pip install .`` builds pure Python, as always. With ``BOARDKIT_COMPILE=1`` in the environment
the modules listed in ``src/boardkit/compilable.txt`` are compiled with mypyc as well (which
needs a C compiler; the build backend in ``build_support/`` adds mypy and the runtime
dependencies to the build's requirements). The compiled modules give the same results as the
sources (the test suite runs on both); they are only faster. Everything else about the package
is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def compilable() -> list[str]:
    """The module names listed in ``compilable.txt``, comments and blank lines left out."""
    text = (HERE / "src" / "boardkit" / "compilable.txt").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def compiled_extensions() -> list[object]:
    if os.environ.get("BOARDKIT_COMPILE", "") not in ("1", "true", "yes"):
        return []
    if os.environ.get("BOARDKIT_NOT_BUILDING"):  # the backend asks what to install, or metadata
        return []
    from mypyc.build import mypycify

    paths = [f"src/{name.replace('.', '/')}.py" for name in compilable()]
    return list(mypycify(paths, opt_level="3", group_name="boardkit_compiled"))


setup(ext_modules=compiled_extensions())
