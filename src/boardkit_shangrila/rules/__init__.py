"""The game of Shangrila itself: components, state, actions, events, legality, folding, the
end and the count. Nothing here imports the presentation (:mod:`boardkit_shangrila.present`)
at run time. The map of every module is in the docstring of :mod:`boardkit_shangrila`.

Before 0.2.0 ``boardkit_shangrila.rules`` was the module now split into
:mod:`boardkit_shangrila.rules.legality`, :mod:`boardkit_shangrila.rules.listing` and
:mod:`boardkit_shangrila.rules.checks`; its names
(``legal``, ``refusal``, …) are still read from this package until 0.3.0, with a
:class:`DeprecationWarning` naming the module that holds each now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit._moved import forwarded_name

_CHECKS = frozenset(
    {
        "refusal",
        "verify",
        "verify_journey",
        "verify_pass",
        "verify_place_master",
        "verify_recruitment",
        "verify_setup_master",
    }
)
"""The old module's names that :mod:`boardkit_shangrila.rules.checks` holds now."""

_LISTING = frozenset({"LegalActions", "SHARED_SPACES", "pair_allowed", "pair_count"})
"""The old module's names that :mod:`boardkit_shangrila.rules.listing` holds now."""

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name is still an error

    def __getattr__(name: str) -> object:
        """A name of the old module ``boardkit_shangrila.rules``: the same object, from
        :mod:`boardkit_shangrila.rules.checks`, :mod:`boardkit_shangrila.rules.listing` or
        :mod:`boardkit_shangrila.rules.legality`, with a warning naming its new place."""
        homes = {**dict.fromkeys(_CHECKS, "checks"), **dict.fromkeys(_LISTING, "listing")}
        target = homes.get(name, "legality")
        return forwarded_name(__name__, name, f"boardkit_shangrila.rules.{target}")
