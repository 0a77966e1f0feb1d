"""What the single-seat environments share (:class:`~boardkit.adapters.gymnasium.BoardkitEnv`
and its batched :class:`~boardkit.adapters.vector.BoardkitVectorEnv`): one seat learns while
bots play the others, and an illegal action either ends the episode or raises.

Both check their constructor's ``seat``, ``opponents`` and ``illegal`` the same way, with the
same messages, through :func:`opponent_specs`.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.errors import InvalidOptionsError

ILLEGAL_MODES = ("end", "raise")
"""What an illegal action does: end the episode with the illegal reward, or raise."""


def opponent_specs(
    players: int, seat: object, opponents: str | Sequence[str], illegal: str
) -> dict[int, str]:
    """The bot spec of each seat other than ``seat``, after checking ``seat`` (an int seat of
    ``players``), ``illegal`` (one of :data:`ILLEGAL_MODES`) and ``opponents`` (one spec for
    every other seat, or one per other seat, in seat order); a wrong one raises
    :class:`~boardkit.errors.InvalidOptionsError`.

    Specs, not bots: each environment makes its own bots from them, one set per game it runs.
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidOptionsError(f"seat must be a seat from 0 to {players - 1}, not {seat!r}")
    if illegal not in ILLEGAL_MODES:
        raise InvalidOptionsError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise InvalidOptionsError(
            f"opponents lists {len(specs)} bots for {players - 1} other seats"
        )
    others = [s for s in range(players) if s != seat]
    return dict(zip(others, specs, strict=True))
