"""Which of boardkit's modules run compiled.

boardkit is pure Python. Built with ``BOARDKIT_COMPILE=1`` (see ``setup.py`` and
docs/performance.md), the modules listed in ``compilable.txt`` are compiled with mypyc as well:
the same code, faster where the rules and the engine loop dominate (random games 1.3 to 1.9
times, the bots 1.5 to 2 times; replay barely changes), with the same results (the whole test
suite runs on both builds). Python imports a compiled module in place of its source when both are
there, so this module tells which one a process actually runs.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from functools import cache

RUNTIME_MODULE = "boardkit_compiled__mypyc"
"""The shared library the compiled modules run on (mypyc's runtime for this group)."""


@cache
def compilable() -> tuple[str, ...]:
    """The modules the compiled build compiles, in the order ``compilable.txt`` lists them."""
    listing = os.path.join(os.path.dirname(__file__), "compilable.txt")
    with open(listing, encoding="utf-8") as file:
        text = file.read()
    lines = (line.strip() for line in text.splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


def is_compiled(module_name: str) -> bool:
    """Whether ``module_name`` runs, or would run once imported, from a compiled extension file.

    A module already imported answers by the file it came from. Any other is looked up the way
    ``import`` would find it (the same finders, in the same order, which prefer an extension
    file to a source beside it) without being imported, so asking costs no start-up: ``boardkit
    --version`` reports the build without loading the games. A module that cannot be found is
    not compiled.
    """
    module = sys.modules.get(module_name)
    if module is not None:
        path = getattr(module, "__file__", None) or ""
    else:
        spec = _find_spec(module_name)
        path = (spec.origin if spec is not None else None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _find_spec(name: str) -> importlib.machinery.ModuleSpec | None:
    """Where the import system would load ``name`` from, found without importing it or its
    packages (a package is searched through its spec's folders, not its ``__path__``)."""
    module = sys.modules.get(name)
    if module is not None:
        return module.__spec__
    parent, _, _ = name.rpartition(".")
    path: list[str] | None = None
    if parent:
        parent_spec = _find_spec(parent)
        if parent_spec is None or parent_spec.submodule_search_locations is None:
            return None
        path = list(parent_spec.submodule_search_locations)
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        if find is None:
            continue
        spec: importlib.machinery.ModuleSpec | None = find(name, path)
        if spec is not None:
            return spec
    return None


def compiled_modules() -> dict[str, bool]:
    """Each compilable module and whether it runs compiled in this process (none is imported).

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
