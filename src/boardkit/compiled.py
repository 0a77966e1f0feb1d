"""Which of boardkit's modules run compiled.

boardkit is pure Python. Built with ``BOARDKIT_COMPILE=1`` (see ``setup.py`` and
docs/performance.md), the modules listed in ``compilable.txt`` are compiled with mypyc as well:
the same code, faster where the rules and the engine loop dominate (random games 1.3 to 1.9
times, the bots 1.5 to 2 times; replay barely changes), with the same results (the whole test
suite runs on both builds). Python imports a compiled module in place of its source when both are
there, so this module tells which one a process actually runs.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from functools import cache
from importlib import resources

RUNTIME_MODULE = "boardkit_compiled__mypyc"
"""The shared library the compiled modules run on (mypyc's runtime for this group)."""


@cache
def compilable() -> tuple[str, ...]:
    """The modules the compiled build compiles, in the order ``compilable.txt`` lists them."""
    text = resources.files("boardkit").joinpath("compilable.txt").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


def is_compiled(module_name: str) -> bool:
    """Whether ``module_name`` (imported if need be) runs from a compiled extension file."""
    module = importlib.import_module(module_name)
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> dict[str, bool]:
    """Each compilable module and whether it runs compiled in this process.

    All ``False`` for the usual pure-Python install, all ``True`` for a compiled build; a mix
    means a source tree with some compiled files left over (``scripts/compiled.sh remove``).
    """
    return {name: is_compiled(name) for name in compilable()}


def summary() -> str:
    """How this process runs boardkit, in a few words (``boardkit --version`` says it)."""
    running = compiled_modules()
    count = sum(running.values())
    if count == 0:
        return "pure Python"
    if count == len(running):
        return f"compiled: all {count} compilable modules"
    return f"partly compiled: {count} of {len(running)} modules (compiled files left over?)"
