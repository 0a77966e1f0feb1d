"""The outcome of a finished game, and the words that tell it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from attrs import frozen


@frozen
class Result:
    """Who won and with what score.

    ``winners`` lists the seats sharing the win (more than one on a shared win), sorted;
    ``scores`` has one number per seat in seat order; ``detail`` is a short human-readable
    account.

    A draw is written like any other result, in either of two ways, and every front end says
    "a draw" for both (:attr:`is_draw`):

    - no winners: ``Result((), (0, 0), "a full board without a line")``;
    - every seat a winner: ``Result((0, 1), (5, 5))``, for a game whose rules say a tie shares
      the win.

    A win shared by some seats but not all (``Result((0, 2), (7, 3, 7))``) is not a draw: the
    others lost.

    ``truncated`` marks a match cut off at its entry cap before the game ended by its rules
    (:attr:`boardkit.options.Config.cap`): nobody wins, yet it is no draw; the scores are the
    standings when it was cut off, and :func:`boardkit.engine.outcome` gives it, never the game.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    detail: str = ""
    truncated: bool = False

    @property
    def is_draw(self) -> bool:
        """Whether nobody won, or every seat (of two or more) shares the win; never for a
        truncated result.

        The number of seats is the length of :attr:`scores` (one score per seat); a game of
        one seat that its player wins is a win, not a draw.
        """
        if self.truncated:  # cut off: nobody won, but nobody drew either
            return False
        seats = len(self.scores)
        return not self.winners or (seats > 1 and len(self.winners) == seats)


def forfeit_result(seat: int, seats: int, detail: str = "") -> Result:
    """The result of a match that ended because ``seat`` forfeited (a server match whose clock
    ran out under the forfeit policy, :mod:`boardkit.server.clocks`): the forfeiting seat
    loses and every other seat shares the win; the scores count the win (1) and the loss (0),
    not the game's standings, which a match cut short does not settle."""
    if not 0 <= seat < seats:
        raise ValueError(f"no seat {seat} among {seats}")
    winners = tuple(s for s in range(seats) if s != seat)
    return Result(winners, tuple(0 if s == seat else 1 for s in range(seats)), detail)


T = TypeVar("T")


DRAW = "a draw"
"""The words for a draw (:attr:`Result.is_draw`) in every front end."""


def outcome_parts(winners: Sequence[T], seats: int | None = None) -> list[str | T]:
    """Who won, as words with the winners in their places, in order: ``[ann, " wins"]``,
    ``[ann, " and ", bob, " share the win"]``, ``[a, ", ", b, " and ", c, " share the win"]``,
    and ``["a draw"]`` when nobody won or when all ``seats`` (two or more) share the win.

    The one wording of a game's outcome; :func:`outcome_text` joins it for plain text, and a
    front end that paints names (``boardkit watch``) puts its own pieces in the winners'
    places. Without ``seats`` only a result without winners reads as a draw.
    """
    if not winners or (seats is not None and seats > 1 and len(winners) == seats):
        return [DRAW]
    parts: list[str | T] = []
    for index, winner in enumerate(winners):
        if index:
            parts.append(" and " if index == len(winners) - 1 else ", ")
        parts.append(winner)
    parts.append(" wins" if len(winners) == 1 else " share the win")
    return parts


TRUNCATED_TEXT = "the game was cut off unfinished"
"""How every front end words a truncated result (:attr:`Result.truncated`), where it would
name the winners."""


def outcome_text(result: Result, names: Sequence[str]) -> str:
    """Who won ``result``, with the players' names (``names[i]`` for seat ``i``): ``"ann
    wins"``, ``"ann and bob share the win"``, or ``"a draw"`` (:attr:`Result.is_draw`; see
    :func:`outcome_parts`), or for a truncated result :data:`TRUNCATED_TEXT`."""
    if result.truncated:
        return TRUNCATED_TEXT
    winners = [names[seat] for seat in result.winners]
    return "".join(outcome_parts(winners, len(result.scores)))
