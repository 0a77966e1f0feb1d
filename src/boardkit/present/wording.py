"""The lines of a game's narration as data: one table of event kind → message builder.

Most of a game's events are worded in one of two shapes: a line with no subject seat ("the
top card is turned face up: {card}"), and a line whose subject is the acting seat, a message
of its own when that seat is the reader's ("you play {card}" beside "{who} plays {card}",
since the verb agrees with its subject). :class:`Line` and :class:`Says` are those shapes,
each filled from the event by a function of the narrator and the event; a game's narrator
writes out only the lines that choose among several wordings. So a game's table reads::

    _WORDING = {
        CardRevealed: Line(_m, N_("the top card is turned face up: {card}"), card=...),
        CardPlayed: Says(N_("you play {card}"), N_("{who} plays {card}"), card=...),
        TileLaid: _Narrator.tile_laid,  # several wordings: a method
    }

A builder is called as ``builder(narrator, event)`` like a narrator's method. :class:`Says`
asks the narrator for the wording (``narrator.says(subject, yours, theirs, **params)``): the
game decides who "you" is and how another seat is named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardkit.i18n import Message, Messages

__all__ = ["Filler", "Line", "Says"]

Params = str | int | Message

Filler = Callable[[Any, Any], Params]
"""One parameter of a line, from the narrator and the event: ``lambda n, e: len(e.cards)``."""


class Line:
    """A line with no subject seat: ``messages``'s message ``msgid`` (extracted where it is
    written: mark it ``N_``), each parameter filled from the narrator and the event."""

    __slots__ = ("fillers", "messages", "msgid")

    def __init__(self, messages: Messages, msgid: str, /, **fillers: Filler) -> None:
        self.messages = messages
        self.msgid = msgid
        self.fillers = fillers

    def __call__(self, narrator: Any, event: Any) -> Message:
        return self.messages(
            self.msgid, **{name: fill(narrator, event) for name, fill in self.fillers.items()}
        )


class Says:
    """A line whose subject is the event's field ``subject`` (the acting seat, or the acting
    colour: what the narrator's ``says`` takes): ``yours`` for the reader, ``theirs`` for
    anyone else, each parameter filled from the narrator and the event."""

    __slots__ = ("fillers", "subject", "theirs", "yours")

    def __init__(
        self, yours: str, theirs: str, /, subject: str = "player", **fillers: Filler
    ) -> None:
        self.yours = yours
        self.theirs = theirs
        self.subject = subject
        self.fillers = fillers

    def __call__(self, narrator: Any, event: Any) -> Message:
        """The line for ``event``: ``narrator.says(subject, yours, theirs, **params)``, the
        narrator's wording of ``yours`` for its reader's seat and ``theirs``, with the subject
        named as ``who``, for anyone else's."""
        params = {name: fill(narrator, event) for name, fill in self.fillers.items()}
        line: Message = narrator.says(
            getattr(event, self.subject), self.yours, self.theirs, **params
        )
        return line
