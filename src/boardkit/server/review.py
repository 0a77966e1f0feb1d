"""The review of a finished match for the page: :func:`boardkit.runner.review.review_match` on
the log its reader may read, worked out off the event loop and kept for the next asker.

A seat (its token) gets the review of its own decisions from its own redacted log, so the
search reads nothing the seat could not see. A reader without a token gets the review of every
seat from the spectator's log, which only a game that hides nothing allows (the spectator's log
is then the whole game).

The review is kept once per match, seat, seed and iterations, and rendered for each asker in
the language it asks for (``lang`` of the request): the moves as that reader reads them
(``played_text``, ``preferred_text``; :meth:`boardkit.runner.review.Review.to_json`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from boardkit.i18n import ENGLISH, reading_in
from boardkit.match import Match
from boardkit.runner.review import Review, review_match
from boardkit.server.errors import AuthError, ProtocolError
from boardkit.server.lru import LruMap

DEFAULT_ITERATIONS = 200
"""Search iterations per decision when the request names none."""

MAX_ITERATIONS = 2000
"""The most iterations per decision a request may ask for: a review costs a search per decision."""

SECONDS = 1.0
"""The most seconds of search per decision: a long game of a game with many moves (Khan) is
reviewed within minutes, not hours. A review that reaches it is not reproducible; one that
finishes its iterations first (small games) is."""

KEPT = 32
"""Reviews kept in memory (the last asked for), by match, seat, seed and iterations."""


class ReviewCache:
    """Reviews worked out in a worker thread, the last :data:`KEPT` kept."""

    def __init__(self) -> None:
        self._kept: LruMap[tuple[str, int | None, int, int], Review] = LruMap(KEPT)

    async def review(
        self, live: Any, seat: int | None, seed: int, iterations: int, lang: str = ENGLISH
    ) -> dict[str, Any]:
        """The JSON review of the finished match ``live`` as ``seat`` (``None``: no token),
        its moves in the language ``lang`` too."""
        review = await self._review_of(live, seat, seed, iterations)
        with reading_in(lang):
            return review.to_json(game=live.game)

    async def _review_of(self, live: Any, seat: int | None, seed: int, iterations: int) -> Review:
        if not live.states[-1].flow.ended:
            raise ProtocolError("a match is reviewed once it is over", "not_over")
        if seat is None and live.game.hidden_information:
            raise AuthError(
                f"{live.game.name} hides information: a review is a seat's, from its own view; "
                "send your seat's token"
            )
        key = (live.id, seat, seed, iterations)
        kept = self._kept.find(key)
        if kept is not None:
            return kept
        text = live.log_json(seat, full=False)
        made = await asyncio.to_thread(_review, text, live.game, seat, seed, iterations)
        self._kept.keep(key, made)
        return made


def _review(text: str, game: Any, seat: int | None, seed: int, iterations: int) -> Review:
    """The review of a redacted log's text (run in a worker thread)."""
    match = Match.from_json(text, game)
    seats = None if seat is not None else range(match.config.players)
    return review_match(match, seats, seed=seed, iterations=iterations, seconds=SECONDS)


def review_parameters(query: Any) -> tuple[int, int]:
    """``seed`` and ``iterations`` of a review request's query, checked."""
    values = []
    for name, default, top in (
        ("seed", 0, 2**63 - 1),
        ("iterations", DEFAULT_ITERATIONS, MAX_ITERATIONS),
    ):
        raw = query.get(name)
        if raw is None:
            values.append(default)
            continue
        try:
            value = int(raw)
        except ValueError:
            value = -1
        low = 0 if name == "seed" else 1
        if not low <= value <= top:
            raise ProtocolError(f"review: {name} is a whole number from {low} to {top}")
        values.append(value)
    return values[0], values[1]
