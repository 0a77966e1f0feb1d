"""What decides a game of Khan: the state, the actions and events, which actions are legal, the
fold of events into the state, the turn's flow, scoring, and the board and components it is all
played on (the map of every module is in :mod:`boardkit_khan`).

Nothing here imports :mod:`boardkit_khan.present` or the framework's presentation kit
(:mod:`boardkit.present`) at run time: the rules are the same whether anything is drawn.
Words that belong to the rules stay here: the reasons of a refusal
(:class:`~boardkit.errors.IllegalActionError`, :mod:`.refusals`, :mod:`.reasons`), the names of
tiles, the messages of a rejected board file; they use the plain English helpers of
:mod:`boardkit.english`, and a player's refusals are messages of Khan's catalogue
(:mod:`.words`, :mod:`boardkit.i18n`) read in the player's language.

What a player may see is decided here too (:mod:`.views`): hidden information (K-H1) is a rule
of the game, not a way of drawing it. The redaction of log events and the determinization of a
view are what keep a seat from learning another's hand, and the framework's referee, bots and
log all depend on them whether or not anything is shown; the pictures only draw the view they
are given.

Until 0.3.0 the names of the old module ``boardkit_khan.rules`` (now :mod:`.legality`; the
name is this package's since 0.2.0) are still found here, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit._moved import forwarded_name

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name is still an error

    def __getattr__(name: str) -> object:
        """A name of the old module ``boardkit_khan.rules``, from :mod:`.legality`, with a
        :class:`DeprecationWarning`."""
        return forwarded_name(__name__, name, "boardkit_khan.rules.legality")
