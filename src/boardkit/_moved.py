"""Old module names that keep working for one minor version after their module moved.

When a public module moves (``boardkit.play`` became ``boardkit.terminal.play`` in 0.2.0), its
package registers the move with :func:`register_moves`. Importing the old name then gives the
new module itself, with a :class:`DeprecationWarning` that names the new place and the version
that drops the old name. So ``import boardkit.play`` and ``from boardkit.play import main`` keep
working, private names and object identity included (``boardkit.play.main is
boardkit.terminal.play.main``).

No file stays at the old name: an import hook (:class:`OldNames`, one per process, first on
``sys.meta_path`` after the package registers) answers for the old names. So the tree holds
each module once, and version control sees every move as a rename. Each package keeps its
table of moves in its ``__init__``; :func:`moves` lists every registered move for the tests
(each old name warns and gives its new module) and the CHANGELOG lists the same. The names go
in :data:`REMOVED_IN`.

A public name renamed inside its module (``boardkit.runner.seats.Table`` is now
``PlayableMatch``) keeps its old name the same way, through the module's ``__getattr__`` and
:func:`renamed_attribute`.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

REMOVED_IN = "0.3.0"
"""The version that drops every old module name registered here."""


class OldNames:
    """The import hook that answers for moved modules' old names.

    It finds only the names registered with it; loading one imports the new module, warns, and
    puts the new module in the old name's place in ``sys.modules`` (the import system then hands
    out that entry, so the importer gets the new module itself).

    It is a finder and a loader by its methods alone: the import system asks for nothing more,
    and deriving from ``importlib.abc``'s classes would import ``importlib.resources`` and much
    of the standard library into every ``import boardkit``.
    """

    def __init__(self) -> None:
        self.moves: dict[str, str] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.moves:
            return None
        # a loader by its methods (see the class): typeshed wants the abstract class itself
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", self))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # a placeholder module, replaced in exec_module

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        new = self.moves[old]
        real = importlib.import_module(new)
        warnings.warn(
            f"{old} moved to {new} in 0.2.0; the old name is removed in {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,  # the importer's line: warnings skips importlib's own frames
        )
        sys.modules[old] = real


_HOOK = OldNames()


def register_moves(moves: Mapping[str, str]) -> None:
    """Answer for each old module name of ``moves`` (old dotted name → new dotted name).

    Called by a package's ``__init__``, which runs before any of its submodules is looked for.
    """
    _HOOK.moves.update(moves)
    if _HOOK not in sys.meta_path:
        sys.meta_path.insert(0, _HOOK)


def moves() -> dict[str, str]:
    """Every move registered so far in this process, old name → new name."""
    return dict(_HOOK.moves)


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


def forwarded_name(package: str, name: str, target: str) -> object:
    """A package's module-level ``__getattr__`` answer, when the package took over the name of
    a module that moved into it (``boardkit_khan.rules`` was a module, and is now the package
    holding it as ``boardkit_khan.rules.legality``): a name of the old module, taken from the
    module ``target``, with a :class:`DeprecationWarning` naming its new place.

    A dunder, the name of one of the package's own submodules not imported yet (the import
    system then imports it) or a name ``target`` lacks is an :class:`AttributeError`, as
    without ``__getattr__``. A package reads::

        if not TYPE_CHECKING:  # type checkers still see a misspelt name as an error

            def __getattr__(name: str) -> object:
                return forwarded_name(__name__, name, "boardkit_khan.rules.legality")
    """
    missing = AttributeError(f"module {package!r} has no attribute {name!r}")
    if name.startswith("__"):
        raise missing
    import pkgutil  # only here: a deprecated name asked for, no cost to every import

    path = getattr(sys.modules[package], "__path__", ())
    if name in {found.name for found in pkgutil.iter_modules(path)}:
        raise missing
    module = importlib.import_module(target)
    if not hasattr(module, name):
        raise missing
    warnings.warn(
        f"{package}.{name} moved to {target}.{name} in 0.2.0; the old name is removed in "
        f"{REMOVED_IN}",
        DeprecationWarning,
        stacklevel=3,  # the line that asked the package for the name
    )
    return getattr(module, name)
