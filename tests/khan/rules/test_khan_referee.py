"""An independent referee: the rules re-read from the German rulebook and written again, naively,
then compared with the engine over random playouts.

Nothing here uses the engine's placement tables, fit finder, rays or scoring: tile placements
come from the shape pictures turned and flipped here (K-A-C3), rays are walked cell by cell,
areas are searched cell by cell. What is compared:

* at every decision of step 2, High Morale's extra action and the end phase, the set of legal
  conquests (stack and covered cells) — K-A-C1…K-A-C7, K-X2…K-X4, and the consent refusals of
  decision 3 (K-X5);
* every ruler's flight against the first free land cell within 3, clockwise from the card's
  direction (K-R1, K-R2); a ruler removed as blocked had no such cell (K-R4); one removed for
  his camp had just used its last yurt (K-R4, only from step 1);
* at the end, nobody could conquer even with every protection and reservation lifted (K-E3),
  and the points, bonuses and winners (K-V1…K-V4).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

from boardkit import Match, Rng
from boardkit.geometry.polyomino import SHAPES
from boardkit_khan.rules.actions import Conquer
from boardkit_khan.rules.components import SpecialCard, TileKind
from boardkit_khan.rules.events import CardRevealed, RulerMoved, RulerRemoved
from boardkit_khan.rules.legality import check_conquer
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import KhanState

from ..game_builders import BOARD, GAME, STATIC

pytestmark = pytest.mark.slow

WIDTH = BOARD.grid.width
HEIGHT = BOARD.grid.height
STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""N, NE, E, SE, S, SW, W, NW: clockwise (K-R2)."""


def _on(mask: int, cell: int) -> bool:
    return bool(mask >> cell & 1)


def _cells(mask: int) -> list[int]:
    return [c for c in range(WIDTH * HEIGHT) if _on(mask, c)]


def _turns_and_flips(shape: Iterable[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    """The shape in all 8 orientations, each moved to the top-left corner (K-A-C3)."""
    found: set[frozenset[tuple[int, int]]] = set()
    for flip in (False, True):
        points = [(r, -c) if flip else (r, c) for r, c in shape]
        for _ in range(4):
            points = [(c, -r) for r, c in points]
            top = min(r for r, _ in points)
            left = min(c for _, c in points)
            found.add(frozenset((r - top, c - left) for r, c in points))
    return found


_PLACEMENTS: dict[str, list[frozenset[int]]] = {}


def _placements(shape: str) -> list[frozenset[int]]:
    """Every way to lay ``shape`` on cells in play."""
    if shape not in _PLACEMENTS:
        out = []
        for form in _turns_and_flips(SHAPES[shape]):
            for row in range(HEIGHT):
                for col in range(WIDTH):
                    spots = [(row + r, col + c) for r, c in form]
                    if all(r < HEIGHT and c < WIDTH for r, c in spots):
                        cells = frozenset(r * WIDTH + c for r, c in spots)
                        if all(_on(BOARD.in_play, c) for c in cells):
                            out.append(cells)
        _PLACEMENTS[shape] = out
    return _PLACEMENTS[shape]


def _two_banks(cells: frozenset[int]) -> bool:
    """K-A-C2: the land under the bridge falls into two or more groups when joined side to side
    inside the tile without stepping on the river."""
    land = {c for c in cells if _on(BOARD.land, c)}
    groups = 0
    seen: set[int] = set()
    for start in land:
        if start in seen:
            continue
        groups += 1
        todo = [start]
        seen.add(start)
        while todo:
            row, col = divmod(todo.pop(), WIDTH)
            for dr, dc in STEPS[::2]:
                r, c = row + dr, col + dc
                nxt = r * WIDTH + c
                if 0 <= r < HEIGHT and 0 <= c < WIDTH and nxt in land and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return groups >= 2


def _naive_conquests(
    state: KhanState, player: int, *, lifted: bool = False
) -> set[tuple[StackKey, frozenset[int]]]:
    """Every legal conquest of ``player``, from the rulebook's words (``lifted``: as if no
    special card were in play and nobody had refused consent)."""
    field = state.field
    owner: dict[int, int | None] = {c: None for c in _cells(field.neutral)}
    for seat, yurts in enumerate(field.yurts):
        owner.update((c, seat) for c in _cells(yurts))
    rulers = {c for c in field.rulers if c >= 0}
    active = () if lifted else state.specials.active
    khan = next((a.owner for a in active if a.card is SpecialCard.PROTECTION), None)
    divine = [
        (a.owner, BOARD.land if a.region is None else BOARD.region_mask(a.region))
        for a in active
        if a.card is SpecialCard.DIVINE_SUPPORT
    ]
    scouts = [a for a in active if a.card is SpecialCard.SCOUT and a.owner != player]
    refused = set() if lifted else set(state.turn.consent_refused)
    found: set[tuple[StackKey, frozenset[int]]] = set()
    for index, tile in enumerate(STATIC.tiles):
        key = STATIC.tile_stacks[index]
        if not _on(field.stock, index) or any(
            (a.tile == index) if state.players == 4 else (a.stack == key) for a in scouts
        ):
            continue
        for cells in _placements(tile.shape):
            if any(_on(field.tiles, c) or c in rulers for c in cells):
                continue  # K-A-C4
            if tile.kind is TileKind.CONQUEST:
                if not all(_on(BOARD.land, c) and c in owner for c in cells):
                    continue  # K-A-C1
            elif not (
                any(_on(BOARD.river, c) for c in cells)
                and all(_on(BOARD.river, c) or c in owner for c in cells)
                and _two_banks(cells)
            ):
                continue  # K-A-C2
            counts = [sum(1 for c in cells if owner.get(c, -1) == s) for s in range(state.players)]
            best = max(counts)
            if counts[player] == 0 or counts[player] < best:
                continue  # K-A-C5
            sharers = {s for s, n in enumerate(counts) if n == best}
            needed: set[int] = set()
            if khan is not None and khan != player and any(owner.get(c) == khan for c in cells):
                needed.add(khan)
            for protector, area in divine:
                if protector != player and any(
                    c in owner and owner[c] is None and _on(area, c) for c in cells
                ):
                    needed.add(protector)
            if needed <= sharers and not needed & refused:  # K-A-C7, K-X5
                found.add((key, cells))
    return found


def _engine_conquests(state: KhanState) -> set[tuple[StackKey, frozenset[int]]]:
    player = state.flow.active
    assert player is not None
    return {
        (a.stack, frozenset(_cells(check_conquer(state, STATIC, player, a).mask)))
        for a in GAME.legal_actions(state)
        if isinstance(a, Conquer)
    }


def _flight(state: KhanState, ruler: int, direction: int) -> int | None:
    """K-R1/K-R2: the first free land cell within 3, trying clockwise from ``direction``."""
    row, col = divmod(state.field.rulers[ruler], WIDTH)
    for turn in range(8):
        dr, dc = STEPS[(direction + turn) % 8]
        for distance in (1, 2, 3):
            r, c = row + dr * distance, col + dc * distance
            target = r * WIDTH + c
            if not (0 <= r < HEIGHT and 0 <= c < WIDTH and _on(BOARD.in_play, target)):
                break  # the edge of the board
            if _on(BOARD.land, target) and not _on(state.field.occupied, target):
                return target
    return None


def _check_rulers(before: KhanState, events: list[object]) -> None:
    state = before
    direction = -1
    for event in events:
        if isinstance(event, CardRevealed):
            direction = int(STATIC.cards[event.card].direction)
        elif isinstance(event, RulerMoved):
            assert event.target == _flight(state, event.ruler, direction), "K-R1/K-R2"
        elif isinstance(event, RulerRemoved) and event.reason == "blocked":
            assert _flight(state, event.ruler, 0) is None, "K-R4: he had somewhere to go"
        elif isinstance(event, RulerRemoved) and event.reason == "camp":
            assert state.field.camps[event.ruler] == 0, "K-R4: his camp was not empty"
        state = GAME.reduce(state, event)


def _areas(state: KhanState, seat: int) -> list[int]:
    """K-V2: the land cells of each side-connected group of tiles carrying ``seat``'s yurt."""
    mine = set()
    for tile in state.field.placed:
        if seat in tile.owners:
            mine |= set(_cells(tile.mask))
    sizes = []
    while mine:
        todo = [mine.pop()]
        size = 0
        while todo:
            here = todo.pop()
            size += _on(BOARD.land, here)
            row, col = divmod(here, WIDTH)
            for dr, dc in STEPS[::2]:
                nxt = (row + dr) * WIDTH + col + dc
                if 0 <= row + dr < HEIGHT and 0 <= col + dc < WIDTH and nxt in mine:
                    mine.discard(nxt)
                    todo.append(nxt)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def _check_score(state: KhanState) -> None:
    outcome = state.outcome
    assert outcome is not None
    seats = range(state.players)
    points = [0] * state.players
    for tile in state.field.placed:
        share = -(-STATIC.tiles[tile.tile].points // len(tile.owners))  # K-V1: rounded up
        for seat in tile.owners:
            points[seat] += share
    areas = [_areas(state, seat) for seat in seats]
    ranked = sorted({tuple(a) for a in areas if a}, reverse=True)  # K-V3
    bonus = [
        (10, 6, 3)[ranked.index(tuple(a))] if a and ranked.index(tuple(a)) < 3 else 0 for a in areas
    ]
    total = [p + b for p, b in zip(points, bonus, strict=True)]
    best = max((total[s], areas[s][0] if areas[s] else 0) for s in seats)  # K-V4
    winners = tuple(s for s in seats if (total[s], areas[s][0] if areas[s] else 0) == best)
    assert (outcome.tile_points, outcome.bonus, outcome.total, outcome.winners) == (
        tuple(points),
        tuple(bonus),
        tuple(total),
        winners,
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_engine_agrees_with_a_naive_referee_k_a_c_k_r1_k_e3_k_v3(
    players: int, seed: int
) -> None:
    """The naive referee and the engine agree on every conquest, flight and score of a game."""
    match: Match[KhanState] = Match.new(GAME, players, seed=seed)
    chooser = Rng(seed, 5)
    checked = 0
    while not match.is_over:
        state = match.state
        if state.flow.step in ("actions", "extra", "conquer") and not state.flow.owed:
            player = state.flow.active
            assert player is not None
            assert _engine_conquests(state) == _naive_conquests(state, player)
            checked += 1
        events = list(match.play(chooser.choice(match.legal_actions())))
        _check_rulers(state, events)
    assert checked > 20
    final = match.state
    bare = attrs.evolve(final, specials=attrs.evolve(final.specials, active=()))
    assert all(not _naive_conquests(bare, p, lifted=True) for p in range(players)), "K-E3"
    _check_score(final)
