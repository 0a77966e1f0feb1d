"""Khan's conquest generator against a bare bitboard generator, side by side in one process.

Run ``python benchmarks/khan_conquest_reference.py [--positions N] [--rounds R] [--seconds S]``.
Both list every legal conquest of seat 0 in the same crowded 4-player positions (those of
``khan_conquest_bench.py``: tiles laid, eight rulers, three quarters of the land under yurts,
a Protection and a Divine Support in force), cycling over the positions, in interleaved rounds
(``benchmarks/_timing.py``). The table gives calls per second, µs per call and the ratio of
boardkit's speed to the bare one (median of the per-round ratios, range in brackets).

The bare side (``bare_khan_conquest.py``) reads bridges with the revised K-A-C2 (banks at the
tile); until that revision is merged boardkit may find a few bridges fewer, which this
benchmark accepts (the work per call differs by those few placements).
"""

from __future__ import annotations

import argparse

from _timing import Contender, interleave, per_second, print_table, ratio
from bare_khan_conquest import conquests, position_of, tables_for
from khan_conquest_bench import crowded_situation

from boardkit import Rng
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.conquest import legal_conquests
from boardkit_khan.rules.placements import placement_table, standard_stack_keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.4, help="per contender and round")
    parser.add_argument("--seed", type=int, default=1244)
    args = parser.parse_args()

    board = default_board()
    table = placement_table(board)
    keys = standard_stack_keys()
    available = frozenset(keys)
    for key in keys:
        table.stack(key)
    tables = tables_for(board, keys)
    rng = Rng(args.seed)
    situations = [crowded_situation(board, rng)[0] for _ in range(args.positions)]
    positions = [position_of(s) for s in situations]
    n = len(situations)

    def ours(i: int) -> int:
        conquests(tables, positions[i % n], 0)
        return 1

    def theirs(i: int) -> int:
        legal_conquests(table, situations[i % n], 0, available)
        return 1

    counts = [
        (len(legal_conquests(table, s, 0, available)), len(conquests(tables, p, 0)))
        for s, p in zip(situations, positions, strict=True)
    ]
    contenders = [Contender("bare bitboard", ours), Contender("boardkit", theirs)]
    rates = interleave(contenders, rounds=args.rounds, seconds=args.seconds)
    bare = rates["bare bitboard"]
    rows = [
        [
            name,
            per_second(rates[name].median()),
            f"{1e6 / rates[name].median():.0f}",
            ratio(rates[name], bare).text(),
        ]
        for name in rates
    ]
    found = ", ".join(f"{b}/{a}" for b, a in counts)
    print_table(
        f"Khan: all legal conquests of seat 0, {n} crowded positions (legal conquests "
        f"boardkit/bare: {found}); {args.rounds} interleaved rounds of {args.seconds} s",
        ["generator", "calls / s", "µs / call", "ratio to bare (spread)"],
        rows,
    )


if __name__ == "__main__":
    main()
