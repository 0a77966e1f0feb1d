"""The outcome of a finished game, and the words that tell it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from attrs import frozen


@frozen
class Result:
    """Who won and with what score.

    ``winners`` lists the seats sharing the win (more than one on a shared win); ``scores`` has
    one number per seat in seat order; ``detail`` is a short human-readable account.

    ``truncated`` marks a match cut off at its entry cap before the game ended by its rules
    (:attr:`boardkit.options.Config.cap`): nobody wins, the scores are the standings when it
    was cut off, and :func:`boardkit.engine.outcome` gives it, never the game.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    detail: str = ""
    truncated: bool = False


T = TypeVar("T")


def outcome_parts(winners: Sequence[T]) -> list[str | T]:
    """Who won, as words with the winners in their places, in order: ``["nobody wins"]``,
    ``[ann, " wins"]``, ``[ann, " and ", bob, " share the win"]``, ``[a, ", ", b, " and ", c,
    " share the win"]``.

    The one wording of a game's outcome; :func:`outcome_text` joins it for plain text, and a
    front end that paints names (``boardkit watch``) puts its own pieces in the winners'
    places.
    """
    if not winners:
        return ["nobody wins"]
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
    """Who won ``result``, with the players' names (``names[i]`` for seat ``i``): ``"nobody
    wins"``, ``"ann wins"``, ``"ann and bob share the win"`` (see :func:`outcome_parts`), or
    for a truncated result :data:`TRUNCATED_TEXT`."""
    if result.truncated:
        return TRUNCATED_TEXT
    return "".join(outcome_parts([names[seat] for seat in result.winners]))
