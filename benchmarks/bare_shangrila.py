"""A bare Die Brücken von Shangrila, written for speed alone: the reference for boardkit's cost.

The same rules as :mod:`boardkit_shangrila` (docs/shangrila.md, S-S2 to S-E2, the revised S-S3)
played by uniformly random players, with none of a framework: mutable lists, plain ints, no
events, no log, no immutable states, the standard library's ``random``. It answers one question:
how fast can plain Python play this game? ``benchmarks/shangrila_reference.py`` divides
boardkit's speed by this one.

Encoding (one list, mutated in place):

- ``spaces``: 91 ints, space ``village * 7 + guild``: ``0`` empty, ``1 + c`` a master of colour
  ``c``, ``5 + c`` that master carrying a student (a student is always on its own master);
- ``supply``: ``colours * 7`` ints, tiles of colour ``c`` and guild ``g`` at ``c * 7 + g``;
- ``bridges``: bit ``i`` per intact path (:data:`PATHS` order); ``stones``: bit ``v`` per stone.

The rules are only as far from the framework as a separate text can be: nothing here imports
boardkit. ``tests/test_bare_references.py`` checks that both agree on the number of legal
actions in many random positions, and on the outcome of every kind of action.

Run ``python benchmarks/bare_shangrila.py [--games N]`` for its games per second alone.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Final

GUILDS: Final = 7
VILLAGES: Final = 13
RED: Final = 2
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = (
    (1, 3, 4, 6),
    (0, 2, 5),
    (1, 5, 9),
    (0, 4, 6, 10),
    (0, 3, 5, 7),
    (1, 2, 4, 8),
    (0, 3, 10),
    (4, 8, 10, 11),
    (5, 7, 9, 12),
    (2, 8, 12),
    (3, 6, 7, 11),
    (7, 10, 12),
    (8, 9, 11),
)
PATHS: Final = sorted((a, b) for a in range(VILLAGES) for b in NEIGHBOURS[a] if a < b)
PATH_BIT: Final = {p: 1 << i for i, p in enumerate(PATHS)}
ALL_BRIDGES: Final = (1 << len(PATHS)) - 1
TOUCHING: Final = tuple(sum(PATH_BIT[p] for p in PATHS if v in p) for v in range(VILLAGES))
"""Per village, the mask of the paths that end there."""
EXITS: Final = tuple(
    tuple((w, PATH_BIT[(min(v, w), max(v, w))]) for w in NEIGHBOURS[v]) for v in range(VILLAGES)
)
"""Per village, ``(neighbour, path bit)`` pairs."""
GERMAN_STONES: Final = 11


BITS: Final = tuple(tuple(g for g in range(GUILDS) if m >> g & 1) for m in range(1 << GUILDS))
"""For each 7-bit guild mask, the guilds in it."""


class Position:
    """A position: the board, the supplies, the phase and the passes in a row.

    Beside ``spaces`` it keeps, per village, 7-bit guild masks that every change updates in
    place (:func:`put`): the empty spaces, and per colour its masters alone and its masters
    with a student; and per colour the mask of guilds it still has in supply. Generating moves
    then reads a few ints per village instead of seven spaces.
    """

    __slots__ = (
        "alone",
        "bridges",
        "colours",
        "empty",
        "german",
        "main",
        "passes",
        "spaces",
        "stocked",
        "stones",
        "supply",
        "taught",
    )

    def __init__(self, colours: int, german: bool = True) -> None:
        self.colours = colours
        self.german = german
        self.spaces = [0] * (VILLAGES * GUILDS)
        self.supply = [6] * (colours * GUILDS)
        self.stocked = [(1 << GUILDS) - 1] * colours
        self.empty = [(1 << GUILDS) - 1] * VILLAGES
        self.alone = [0] * (4 * VILLAGES)
        self.taught = [0] * (4 * VILLAGES)
        self.bridges = ALL_BRIDGES
        self.stones = 0
        if colours == 3:
            self.bridges &= ~TOUCHING[RED]
            self.stones = 1 << RED
        self.main = False
        self.passes = 0


def put(p: Position, i: int, code: int) -> None:
    """Set space ``i`` to ``code`` and keep the village masks in step."""
    v, g = divmod(i, GUILDS)
    bit = 1 << g
    old = p.spaces[i]
    if old == 0:
        p.empty[v] &= ~bit
    elif old >= 5:
        p.taught[(old - 5) * VILLAGES + v] &= ~bit
    else:
        p.alone[(old - 1) * VILLAGES + v] &= ~bit
    if code == 0:
        p.empty[v] |= bit
    elif code >= 5:
        p.taught[(code - 5) * VILLAGES + v] |= bit
    else:
        p.alone[(code - 1) * VILLAGES + v] |= bit
    p.spaces[i] = code


def give(p: Position, colour: int, guild: int, delta: int) -> None:
    """Change ``colour``'s supply of ``guild`` by ``delta`` and keep its supply mask in step."""
    i = colour * GUILDS + guild
    left = p.supply[i] = p.supply[i] + delta
    if left:
        p.stocked[colour] |= 1 << guild
    else:
        p.stocked[colour] &= ~(1 << guild)


def setup_targets(p: Position, colour: int) -> list[int]:
    """Spaces where ``colour`` may put a set-up master (S-S3, revised: a guild with no free
    space in any village within the limits may go to any free space of its guild)."""
    supply, base = p.supply, colour * GUILDS
    needed = 0
    for g in range(GUILDS):
        if supply[base + g] == 6:
            needed |= 1 << g
    village_limit, colour_limit = (3, 2) if p.colours == 4 else (2, 1)
    empty, alone, stones = p.empty, p.alone, p.stones
    own = colour * VILLAGES
    rows: list[tuple[int, int, bool]] = []
    reachable = 0
    for v in range(VILLAGES):
        if stones >> v & 1:
            continue
        free = empty[v]
        within = GUILDS - free.bit_count() < village_limit and (
            alone[own + v].bit_count() < colour_limit
        )
        if within:
            reachable |= free
        rows.append((v * GUILDS, free, within))
    stuck = needed & ~reachable
    out: list[int] = []
    for first, free, within in rows:
        mask = free & (needed if within else stuck)
        if mask:
            out += [first + g for g in BITS[mask]]
    return out


def main_moves(p: Position, colour: int) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """For ``colour`` in the main phase: spaces for a new master (S-A1), own masters without a
    student whose guild is in supply (S-A2), journeys ``(source, destination)`` (S-A3)."""
    stones, bridges, empty = p.stones, p.bridges, p.empty
    stocked = p.stocked[colour]
    own = colour * VILLAGES
    alone, taught = p.alone[own : own + VILLAGES], p.taught[own : own + VILLAGES]
    place: list[int] = []
    recruit: list[int] = []
    journeys: list[tuple[int, int]] = []
    for v in range(VILLAGES):
        mine, students = alone[v], taught[v]
        if not mine | students or stones >> v & 1:
            continue
        first = v * GUILDS
        free = empty[v] & stocked
        if free:
            place += [first + g for g in BITS[free]]
        mine &= stocked
        if mine:
            recruit += [first + g for g in BITS[mine]]
        if students:
            journeys += [(v, w) for w, bit in EXITS[v] if bridges & bit]
    return place, recruit, journeys


def pair_count(p: Position, colour: int, recruit: list[int]) -> int:
    """How many pairs of masters may take a student each (S-A2): any two, but not two of one
    guild when only one tile of it is left."""
    k = len(recruit)
    count = k * (k - 1) // 2
    if k > 1:
        supply, base = p.supply, colour * GUILDS
        per_guild = [0] * GUILDS
        for i in recruit:
            per_guild[i % GUILDS] += 1
        for g, m in enumerate(per_guild):
            if m > 1 and supply[base + g] == 1:
                count -= m * (m - 1) // 2
    return count


def legal_count(p: Position, colour: int) -> int:
    """How many legal actions ``colour`` has now (1 when passing is all that is left, S-P1)."""
    if not p.main:
        return len(setup_targets(p, colour))
    place, recruit, journeys = main_moves(p, colour)
    both = pair_count(p, colour, recruit)
    n = len(place) + (both or len(recruit)) + len(journeys)
    return n or 1


def journey(p: Position, source: int, destination: int) -> None:
    """Every student of ``source`` travels to ``destination`` (S-A3a to S-A3e)."""
    spaces = p.spaces
    src, dst = source * GUILDS, destination * GUILDS
    s_tiles = s_masters = d_tiles = d_masters = 0
    for g in range(GUILDS):
        code = spaces[src + g]
        if code:
            s_masters += 1
            s_tiles += 2 if code >= 5 else 1
        code = spaces[dst + g]
        if code:
            d_masters += 1
            d_tiles += 2 if code >= 5 else 1
    stronger = s_tiles > d_tiles or (s_tiles == d_tiles and s_masters > d_masters)
    for g in range(GUILDS):
        code = spaces[src + g]
        if code < 5:
            continue
        who = code - 5
        put(p, src + g, code - 4)  # the student leaves; its master stays
        there = spaces[dst + g]
        if there == 0:
            put(p, dst + g, 1 + who)
        elif not stronger or there == 5 + who:
            give(p, who, g, 1)
        elif there == 1 + who:
            put(p, dst + g, 5 + who)
        else:
            give(p, (there - 1) % 4, g, 2 if there >= 5 else 1)
            put(p, dst + g, 1 + who)
    a, b = (source, destination) if source < destination else (destination, source)
    p.bridges &= ~PATH_BIT[(a, b)]
    for v in (a, b):
        if not p.bridges & TOUCHING[v]:
            p.stones |= 1 << v


def over(p: Position) -> bool:
    """Whether the main phase has ended (S-E1, S-P1)."""
    if p.passes >= p.colours:
        return True
    if p.german:
        return p.stones.bit_count() >= GERMAN_STONES
    return p.bridges == 0


def winners(p: Position) -> list[int]:
    """The colours with the most masters, then the most villages (S-E2)."""
    tally = []
    for c in range(p.colours):
        masters = villages = 0
        for v in range(VILLAGES):
            row = p.spaces[v * GUILDS : v * GUILDS + GUILDS]
            here = row.count(1 + c) + row.count(5 + c)
            masters += here
            villages += here > 0
        tally.append((masters, villages))
    best = max(tally)
    return [c for c in range(p.colours) if tally[c] == best]


def play_random(colours: int, rnd: random.Random, german: bool = True) -> tuple[int, list[int]]:
    """One game between uniformly random players: ``(actions played, winning colours)``."""
    p = Position(colours, german)
    uniform = rnd.random
    colour = int(uniform() * colours)  # the start colour (S-S4)
    actions = 0
    for _ in range(GUILDS * colours):  # placement: seven masters each (S-S3)
        targets = setup_targets(p, colour)
        i = targets[int(uniform() * len(targets))]
        put(p, i, 1 + colour)
        give(p, colour, i % GUILDS, -1)
        actions += 1
        colour = (colour + 1) % colours
    p.main = True
    while not over(p):
        place, recruit, journeys = main_moves(p, colour)
        n_pairs = pair_count(p, colour, recruit)
        n_recruit = n_pairs or len(recruit)
        n = len(place) + n_recruit + len(journeys)
        actions += 1
        if n == 0:
            p.passes += 1
        else:
            p.passes = 0
            k = int(uniform() * n)
            if k < len(place):
                i = place[k]
                put(p, i, 1 + colour)
                give(p, colour, i % GUILDS, -1)
            elif k < len(place) + n_recruit:
                if n_pairs:  # a uniform pair: uniform over all pairs, the forbidden ones redrawn
                    while True:
                        a, b = rnd.sample(recruit, 2)
                        if a % GUILDS != b % GUILDS or p.supply[colour * GUILDS + a % GUILDS] > 1:
                            break
                    chosen = [a, b]
                else:
                    chosen = [recruit[k - len(place)]]
                for i in chosen:
                    put(p, i, 5 + colour)
                    give(p, colour, i % GUILDS, -1)
            else:
                s, d = journeys[k - len(place) - n_recruit]
                journey(p, s, d)
        colour = (colour + 1) % colours
    return actions, winners(p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    args = parser.parse_args()
    rnd = random.Random(1)
    start = time.perf_counter()
    actions = sum(play_random(args.players, rnd)[0] for _ in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"bare Shangrila, {args.players} players: {args.games / elapsed:,.0f} games/s")
    print(f"{actions / args.games:.0f} actions per game, {actions / elapsed:,.0f} actions/s")


if __name__ == "__main__":
    main()
