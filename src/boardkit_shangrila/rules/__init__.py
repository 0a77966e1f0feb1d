"""The game of Shangrila itself: components, state, actions, events, legality, folding, the
end and the count. Nothing here imports the presentation (:mod:`boardkit_shangrila.present`)
at run time. The map of every module is in the docstring of :mod:`boardkit_shangrila`.

Before 0.2.0 ``boardkit_shangrila.rules`` was the module now called
:mod:`boardkit_shangrila.rules.legality`; its names (``legal``, ``refusal``, …) are still read
from this package until 0.3.0, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit._moved import forwarded_name

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name is still an error

    def __getattr__(name: str) -> object:
        """A name of the old module ``boardkit_shangrila.rules``: the same object, from
        :mod:`boardkit_shangrila.rules.legality`, with a warning naming its new place."""
        return forwarded_name(__name__, name, "boardkit_shangrila.rules.legality")
