"""What decides a game of Khan: the state, the actions and events, which actions are legal, the
fold of events into the state, the turn's flow, scoring, and the board and components it is all
played on (the map of every module is in :mod:`boardkit_khan`).

Nothing here imports :mod:`boardkit_khan.present` or the framework's presentation kit
(:mod:`boardkit.present`) at run time: the rules are the same whether anything is drawn.
Words that belong to the rules stay here: the reasons of a refusal
(:class:`~boardkit.errors.IllegalActionError`, :mod:`.refusals`), the names of tiles, the
messages of a rejected board file; they use the plain English helpers of :mod:`boardkit.english`.

What a player may see is decided here too (:mod:`.views`): hidden information (K-H1) is a rule
of the game, not a way of drawing it. The redaction of log events and the determinization of a
view are what keep a seat from learning another's hand, and the framework's referee, bots and
log all depend on them whether or not anything is shown; the pictures only draw the view they
are given.

Until 0.3.0 the names of the old module ``boardkit_khan.rules`` (now :mod:`.legality`; the
name is this package's since 0.2.0) are still found here, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import pkgutil
import warnings
from typing import TYPE_CHECKING

from boardkit._moved import REMOVED_IN

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name is still an error

    def __getattr__(name: str) -> object:
        """A public or private name of the old module ``boardkit_khan.rules``, from
        :mod:`.legality`, with a :class:`DeprecationWarning`."""
        missing = AttributeError(f"module {__name__!r} has no attribute {name!r}")
        if name.startswith("__") or name in {m.name for m in pkgutil.iter_modules(__path__)}:
            raise missing  # a submodule not imported yet: the import system imports it
        from boardkit_khan.rules import legality

        if not hasattr(legality, name):
            raise missing
        warnings.warn(
            f"{__name__}.{name} moved to {legality.__name__}.{name} in 0.2.0; the old name is "
            f"removed in {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(legality, name)
