"""Old module names that keep working for one minor version after their module moved.

When a public module moves (``boardkit.play`` became ``boardkit.terminal.play`` in 0.2.0), a
small file stays at the old name for one minor version. It calls :func:`alias_module`, which
puts the new module in the old name's place in ``sys.modules`` and warns with a
:class:`DeprecationWarning` that names the new place and the version that drops the old one. So
``import boardkit.play`` and ``from boardkit.play import main`` keep working, private names and
object identity included (``boardkit.play.main is boardkit.terminal.play.main``).

The files left at old names are the list of moves: tests/test_moved.py finds every file that
calls :func:`alias_module` and checks that it warns and gives the new module; the CHANGELOG lists
the same moves. The files go in :data:`REMOVED_IN`.

A file left at an old name reads, whole::

    # boardkit/play.py: moved to boardkit.terminal.play in 0.2.0; this name goes in 0.3.0.

    from boardkit._moved import alias_module

    alias_module(__name__, "boardkit.terminal.play")
    from boardkit.terminal.play import *  # noqa: E402, F403  (for type checkers)
"""

from __future__ import annotations

import importlib
import sys
import warnings
from types import ModuleType

REMOVED_IN = "0.3.0"
"""The version that drops every old module name left by a move."""


def alias_module(old: str, new: str) -> ModuleType:
    """Make the module named ``old`` the module ``new``, warning that ``old`` is deprecated.

    Called at the top of the file left at the old name; returns the new module. The warning is
    attributed to the code that imported the old name, so ``python -W error::DeprecationWarning``
    finds it.
    """
    module = importlib.import_module(new)
    warnings.warn(
        f"{old} moved to {new} in 0.2.0; the old name is removed in {REMOVED_IN}",
        DeprecationWarning,
        stacklevel=3,  # the importer's line: warnings skips importlib's own frames
    )
    sys.modules[old] = module
    return module


def renamed_attribute(module: str, name: str, renamed: dict[str, tuple[str, object]]) -> object:
    """A module-level ``__getattr__``'s answer for a public name that was renamed in place.

    ``renamed`` maps each old name to its new name and the object itself; the old name gives
    the object, with a :class:`DeprecationWarning` naming the new one. Any other name is an
    :class:`AttributeError`, as without ``__getattr__``. A module that renamed ``Table`` to
    ``PlayableMatch`` reads::

        def __getattr__(name: str) -> object:
            return renamed_attribute(__name__, name, {"Table": ("PlayableMatch", PlayableMatch)})
    """
    if name not in renamed:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    new, value = renamed[name]
    warnings.warn(
        f"{module}.{name} is renamed {module}.{new} in 0.2.0; the old name is removed in "
        f"{REMOVED_IN}",
        DeprecationWarning,
        stacklevel=3,  # the line that asked for the old name
    )
    return value
