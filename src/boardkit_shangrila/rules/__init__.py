"""The game of Shangrila itself: components, state, actions, events, legality, folding, the
end and the count. Nothing here imports the presentation (:mod:`boardkit_shangrila.present`)
at run time. The map of every module is in the docstring of :mod:`boardkit_shangrila`.

Before 0.2.0 ``boardkit_shangrila.rules`` was the module now called
:mod:`boardkit_shangrila.rules.legality`; its names (``legal``, ``refusal``, …) are still read
from this package until 0.3.0, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import importlib
import warnings

from boardkit._moved import REMOVED_IN

_LEGALITY = "boardkit_shangrila.rules.legality"


def __getattr__(name: str) -> object:
    """A name of the old module ``boardkit_shangrila.rules``: the same object, from
    :mod:`boardkit_shangrila.rules.legality`, with a warning naming its new place."""
    legality = importlib.import_module(_LEGALITY)
    if name.startswith("__") or not hasattr(legality, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"{__name__}.{name} moved to {_LEGALITY}.{name} in 0.2.0; the old name is removed in "
        f"{REMOVED_IN}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(legality, name)
