"""The bots' random streams in a terminal play session, kept so that the bots' randomness is a
function of the log alone: a resumed game and a game after an undo go on as an uninterrupted
one would.

Each seat draws from its own stream (the seat rule of :mod:`boardkit.runner.seats`).
:class:`BotStreams` brings the streams of a resumed game to where they stood, and keeps a copy
of them at each length of the log, which an undo or a redo puts back.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from boardkit.match import Match
from boardkit.rng import Rng
from boardkit.runner.seats import catch_up, seat_rngs
from boardkit.terminal.seating import make_chooser


class BotStreams:
    """The streams of ``match``'s seats, caught up with its log; ``kinds`` are the seat kinds
    that played the log (:func:`~boardkit.terminal.seating.make_chooser` reads them)."""

    def __init__(self, match: Match[Any], kinds: Sequence[str]) -> None:
        self.rngs: list[Rng] = seat_rngs(match.config.seed, len(match.header.players))
        """One stream per seat; the game loop draws from this very list."""
        self._at: dict[int, list[Rng]] = {}
        """The streams as they stood when the log had ``k`` entries."""
        self._catch_up(match, kinds)

    def _catch_up(self, match: Match[Any], kinds: Sequence[str]) -> None:
        """Bring the streams to where an uninterrupted session would have them.

        A bot draws from its seat's stream at each of its decisions, so a resumed game asks the
        bots of ``kinds`` to choose again at each of their entries, on the same states: their
        streams then stand exactly where they stood, and the game goes on as if it had never
        stopped.
        """
        self.remember(1)
        if len(match) == 1:
            return
        bots = {
            seat: bot for seat, kind in enumerate(kinds) if (bot := make_chooser(kind)) is not None
        }
        catch_up(
            match.game,
            match.entries[1:],
            lambda seq: match.state_at(seq - 1),
            bots,
            self.rngs,
            after=lambda seq: self.remember(seq + 1),
        )

    def remember(self, entries: int) -> None:
        """Keep the streams as they stand now, when the log has ``entries`` entries."""
        self._at[entries] = [copy.copy(rng) for rng in self.rngs]

    def restore(self, entries: int) -> None:
        """Put back the streams as they stood when the log had ``entries`` entries (after an
        undo or a redo), in place: the game loop keeps drawing from the same list."""
        kept = self._at.get(entries)
        if kept is not None:
            self.rngs[:] = [copy.copy(rng) for rng in kept]
