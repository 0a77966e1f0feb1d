"""How long listing every legal conquest takes in a crowded mid-game Khan position.

Run: ``python benchmarks/khan_conquest_bench.py [--runs N] [--seed S]``. Prints one table row per
generated position: yurts on the board, tiles already laid, legal conquests found, and the time
per call of :func:`boardkit_khan.rules.conquest.legal_conquests` (the hot path of bots and random
playouts): the mean over ``--runs`` calls and the fastest of ten batches (less disturbed by other
processes). The goal is under 1 ms per call.

A position is built with a seeded :class:`boardkit.Rng`: some tiles are laid at random statically
valid places (they block cells, K-A-C4), the eight rulers stand on free land cells, and most of
the remaining land holds yurts of four players and neutral yurts. Every stack of the standard
tile set is available, and one Protection of the Great Khan and one Divine Support are in force,
so the protection checks are part of the measured path.
"""

from __future__ import annotations

import argparse
import time

from boardkit import Rng
from boardkit.geometry.grid import cells_of
from boardkit_khan.rules.board import Board
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.conquest import Protections, Situation, legal_conquests
from boardkit_khan.rules.placements import placement_table, stack_placements, standard_stack_keys

PLAYERS = 4


def crowded_situation(
    board: Board, rng: Rng, tiles: int = 8, fill: float = 0.75
) -> tuple[Situation, int]:
    """A mid-game position and the number of tiles laid: ``tiles`` tiles tried, eight rulers,
    ``fill`` of the remaining land holding yurts."""
    keys = standard_stack_keys()
    blocked = 0
    laid = 0
    attempts = 0
    while laid < tiles and attempts < 1000:
        attempts += 1
        stack = stack_placements(board, rng.choice(keys))
        placement = rng.choice(stack.placements)
        if placement.mask & blocked:
            continue
        blocked |= placement.mask
        laid += 1
    free_land = [c for c in cells_of(board.land & ~blocked)]
    rng.shuffle(free_land)
    for cell in free_land[:8]:  # rulers
        blocked |= 1 << cell
    yurts = [0] * PLAYERS
    neutral = 0
    rest = free_land[8:]
    for cell in rest[: int(len(rest) * fill)]:
        owner = rng.below(PLAYERS + 1)
        if owner == PLAYERS:
            neutral |= 1 << cell
        else:
            yurts[owner] |= 1 << cell
    protections = Protections(khan=1, divine=((2, board.land),))
    return Situation(tuple(yurts), neutral, blocked, protections), laid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000, help="calls per position")
    parser.add_argument("--seed", type=int, default=1244)
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()

    board = default_board()
    table = placement_table(board)
    keys = frozenset(standard_stack_keys())
    started = time.perf_counter()
    for key in keys:
        table.stack(key)
    build_ms = (time.perf_counter() - started) * 1000
    print(f"placement table for {len(keys)} stacks built in {build_ms:.1f} ms (once per board)")
    print()
    header = f"{'position':>8} {'yurts':>6} {'tiles':>6} {'legal':>6} {'mean µs':>9} {'best µs':>9}"
    print(header)
    print("-" * len(header))
    rng = Rng(args.seed)
    means: list[float] = []
    bests: list[float] = []
    for index in range(args.positions):
        situation, laid = crowded_situation(board, rng)
        player = 0
        found = legal_conquests(table, situation, player, keys)
        batch = max(1, args.runs // 10)
        batches: list[float] = []
        for _ in range(10):
            started = time.perf_counter()
            for _ in range(batch):
                legal_conquests(table, situation, player, keys)
            batches.append((time.perf_counter() - started) / batch * 1e6)
        mean, best = sum(batches) / len(batches), min(batches)
        means.append(mean)
        bests.append(best)
        yurt_count = sum(m.bit_count() for m in situation.yurts) + situation.neutral.bit_count()
        print(f"{index:>8} {yurt_count:>6} {laid:>6} {len(found):>6} {mean:>9.1f} {best:>9.1f}")
    print("-" * len(header))
    print(
        f"{'all':>8} {'':>6} {'':>6} {'':>6} {sum(means) / len(means):>9.1f} "
        f"{sum(bests) / len(bests):>9.1f}"
    )
    print("mean: average over all calls; best: fastest batch of runs/10 calls (less noise)")


if __name__ == "__main__":
    main()
