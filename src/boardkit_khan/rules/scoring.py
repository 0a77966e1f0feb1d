"""Final scoring of Khan: tile points, connected areas, area bonuses and the winner (K-V1…K-V4).

Pure functions; no game state needed. A tile on the board is given as a triple
``(mask, points, owners)``: the cells it covers, its printed points and the seats whose yurts lie
on it (one seat for a sole conquest, several for a shared one).

Rules and decisions
    * K-V1 — a player scores every tile carrying his yurt; a tile shared by ``k`` players gives
      each of them ``ceil(points / k)``.
    * K-V2 — an *area* of a player is a group of side-connected tiles that all carry his yurt
      (shared tiles count for every sharer). Tiles never overlap and each tile is one
      side-connected piece, so the areas are the side-connected components of the union of
      the player's tiles. Its size is the number of **land** cells covered (German rulebook,
      the default); ``area_counts_river=True`` also counts the river cells under bridges
      (Dutch wording, an option).
    * K-V3 — bonuses 10 / 6 / 3. Players are ranked by their whole list of area sizes, largest
      first, compared element by element (a tie on the largest is broken by the next one, and
      so on; having one more area beats having none). Players with equal lists share a place
      and each gets its full bonus; the next distinct list takes the *next* place, which is
      still given in full (rulebook table 2: 10, 10, 6, 3). So every player gets at most one
      bonus. **Decision:** a player without any area gets no bonus.
    * K-V4 — most points (tiles + bonus) wins; a tie is broken by the larger largest area; a
      tie after that is a shared win (**decision**), so :attr:`ScoreSheet.winners` may hold
      several seats.

Public API
    ``TileOnBoard`` (type alias) · :class:`Score` · :class:`ScoreSheet` · :data:`AREA_BONUSES` ·
    :func:`tile_points` · :func:`areas_of` · :func:`area_bonuses` · :func:`winners_of` ·
    :func:`score_game` (all of the above in one call).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from boardkit.errors import BoardkitError
from boardkit_khan.rules.board import Board

__all__ = [
    "AREA_BONUSES",
    "Score",
    "ScoreSheet",
    "ScoringInputError",
    "TileOnBoard",
    "area_bonuses",
    "areas_of",
    "score_game",
    "tile_points",
    "winners_of",
]

#: ``(mask of covered cells, printed points, seats with a yurt on the tile)``.
TileOnBoard = tuple[int, int, tuple[int, ...]]

#: Bonus for the largest, second and third largest area (K-V2).
AREA_BONUSES: tuple[int, ...] = (10, 6, 3)


class ScoringInputError(BoardkitError, ValueError):
    """The tiles handed to scoring are malformed (bad seat, no owner, overlapping tiles)."""


@attrs.frozen(slots=True)
class Score:
    """One player's final score.

    ``points`` — from tiles (K-V1); ``areas`` — sizes of his areas, largest first (K-V2);
    ``bonus`` — 10, 6, 3 or 0 (K-V3); ``total = points + bonus`` (K-V4).
    """

    player: int
    points: int
    areas: tuple[int, ...]
    bonus: int
    total: int

    @property
    def largest_area(self) -> int:
        """Size of the largest area, 0 without any (the K-V4 tie-break)."""
        return self.areas[0] if self.areas else 0


@attrs.frozen(slots=True)
class ScoreSheet:
    """Everybody's score (indexed by seat) and the winning seats (several on a shared win)."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]


def _check(tiles: Sequence[TileOnBoard], players: int) -> None:
    if players < 1:
        raise ScoringInputError(f"scoring needs at least one player, got {players}")
    seen = 0
    for index, (mask, _points, owners) in enumerate(tiles):
        if mask <= 0:
            raise ScoringInputError(f"tile #{index} covers no cells")
        if mask & seen:
            raise ScoringInputError(f"tile #{index} overlaps an earlier tile")
        seen |= mask
        if not owners:
            raise ScoringInputError(f"tile #{index} carries no player's yurt")
        if len(set(owners)) != len(owners):
            raise ScoringInputError(f"tile #{index} lists an owner twice: {owners}")
        for seat in owners:
            if not 0 <= seat < players:
                raise ScoringInputError(
                    f"tile #{index} names seat {seat}; seats are 0..{players - 1}"
                )


def tile_points(tiles: Iterable[TileOnBoard], players: int) -> tuple[int, ...]:
    """Points from tiles per seat (K-V1): shared tiles split, rounded up."""
    totals = [0] * players
    for _mask, points, owners in tiles:
        share = -(-points // len(owners))
        for seat in owners:
            totals[seat] += share
    return tuple(totals)


def areas_of(
    board: Board,
    tiles: Iterable[TileOnBoard],
    player: int,
    *,
    area_counts_river: bool = False,
) -> tuple[int, ...]:
    """Sizes of ``player``'s areas, largest first (K-V2).

    The size counts land cells, plus river cells when ``area_counts_river`` (Dutch reading).
    """
    union = 0
    for mask, _points, owners in tiles:
        if player in owners:
            union |= mask
    counted = board.in_play if area_counts_river else board.land
    sizes = [(part & counted).bit_count() for part in board.grid.components(union)]
    return tuple(sorted(sizes, reverse=True))


def area_bonuses(areas: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The bonus of every seat from its list of area sizes (K-V3).

    Lists are compared whole, largest area first; equal lists share a place and its full bonus,
    and the next distinct list takes the next place. A seat without areas gets 0.
    """
    keyed = [tuple(sorted(sizes, reverse=True)) for sizes in areas]
    distinct = sorted({key for key in keyed if key}, reverse=True)
    place = {key: rank for rank, key in enumerate(distinct)}
    return tuple(
        AREA_BONUSES[place[key]] if key and place[key] < len(AREA_BONUSES) else 0 for key in keyed
    )


def winners_of(scores: Sequence[Score]) -> tuple[int, ...]:
    """Winning seats (K-V4): highest total, then largest area; a remaining tie is shared."""
    if not scores:
        return ()
    best = max((score.total, score.largest_area) for score in scores)
    return tuple(s.player for s in scores if (s.total, s.largest_area) == best)


def score_game(
    board: Board,
    tiles: Sequence[TileOnBoard],
    players: int,
    *,
    area_counts_river: bool = False,
) -> ScoreSheet:
    """Score a finished game: points, areas, bonuses, totals and winners (K-V1…K-V4).

    Raises :class:`ScoringInputError` for tiles that overlap, carry no owner or name a seat
    outside ``0..players-1``.
    """
    _check(tiles, players)
    points = tile_points(tiles, players)
    areas = [
        areas_of(board, tiles, seat, area_counts_river=area_counts_river) for seat in range(players)
    ]
    bonuses = area_bonuses(areas)
    scores = tuple(
        Score(
            player=seat,
            points=points[seat],
            areas=areas[seat],
            bonus=bonuses[seat],
            total=points[seat] + bonuses[seat],
        )
        for seat in range(players)
    )
    return ScoreSheet(scores=scores, winners=winners_of(scores))
