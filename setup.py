"""The build's one dynamic part: the optional compiled modules.

``pip install .`` builds pure Python, as always. With ``BOARDKIT_COMPILE=1`` in the environment
the modules listed in ``src/boardkit/compilable.txt`` are compiled with mypyc as well (which
needs a C compiler; the build backend in ``build_support/`` adds mypy and the runtime
dependencies to the build's requirements). The compiled modules give the same results as the
sources (the test suite runs on both); they are only faster. Everything else about the package
is in ``pyproject.toml``.

The compiled modules are built without debug information (see ``StrippedBuildExt``): a released
wheel carries the code, not the compiler's notes about it.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent

# With GCC and clang (Linux, macOS, musl): ``-g0`` comes after the interpreter's own CFLAGS
# (which often say ``-g``) and so wins, and ``-Wl,-S`` asks the linker to leave debug sections
# out; GNU ld, lld and Apple's ld64 all read ``-S`` as exactly that, and unlike ``-s`` it keeps
# the symbol table (profilers still name the functions). MSVC (Windows) needs nothing: it writes
# debug information only to a separate ``.pdb`` when linked with ``/DEBUG``, which a release
# build of an extension is not.
UNIX_NO_DEBUG_COMPILE = ["-g0"]
UNIX_NO_DEBUG_LINK = ["-Wl,-S"]


class StrippedBuildExt(build_ext):
    """setuptools' ``build_ext``, building every extension without debug information where the
    compiler is a Unix one (GCC or clang); the platform's compiler is only known here, at build
    time."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                extension.extra_compile_args = [
                    *(extension.extra_compile_args or []),
                    *UNIX_NO_DEBUG_COMPILE,
                ]
                extension.extra_link_args = [
                    *(extension.extra_link_args or []),
                    *UNIX_NO_DEBUG_LINK,
                ]
        super().build_extensions()


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


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": StrippedBuildExt})
