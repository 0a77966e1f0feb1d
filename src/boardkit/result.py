"""The outcome of a finished game."""

from __future__ import annotations

from attrs import frozen


@frozen
class Result:
    """Who won and with what score.

    ``winners`` lists the seats sharing the win (more than one on a shared win); ``scores`` has
    one number per seat in seat order; ``detail`` is a short human-readable account.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    detail: str = ""
