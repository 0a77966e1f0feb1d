"""How strong the built-in bots are: seeded tournaments, printed as the table of docs/bots.md.

Run: ``python benchmarks/bot_strength.py [--games N] [--game NAME ...] [--workers W]
[--output FILE]``. Each row of :data:`ROWS` is a two-bot tournament
(:func:`boardkit.runner.tournament.run_tournament`): seats rotate between the bots game by game and
game ``i`` uses seed ``S + i``, so for given seeds the table is the same on every machine and
with any number of workers. Timings are left out of the table for that reason (see
``benchmarks/bots_bench.py`` for them). The Elo column is the difference of the two bots'
Bradley–Terry ratings with its 95 % interval (:func:`boardkit.runner.ratings.fit_ratings`).

``--games N`` plays ``N`` games per row instead of each row's own number (a quick check: the
tests run it with 1); ``--game`` keeps only the rows of the named games. ``--output FILE`` also
writes the table to ``FILE``: the committed ``docs/generated/bot-strength.md``, which
docs/bots.md includes, is made with::

    python benchmarks/bot_strength.py --output docs/generated/bot-strength.md

With ``--game``, ``--output`` replaces only that game's rows of an existing table and keeps the
others (after a change to Nim: ``--game nim --output docs/generated/bot-strength.md``).

(a few minutes on 2 cores; the script prints its running time on stderr).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from boardkit.cli.tournament import elo_text
from boardkit.runner.ratings import fit_ratings
from boardkit.runner.tournament import TournamentSummary, run_tournament

KHAN_MCTS = "mcts:iterations=40:rollout_cap=10:prior_weight=1:widening=2"
"""The guided search for Khan: priors and widening from the heuristic, short rollouts."""

SHANGRILA_MCTS = "mcts:iterations=150:rollout_cap=6:prior_weight=1:widening=2"
"""The guided search for Shangrila: priors and widening from the heuristic, short rollouts."""


@frozen
class Row:
    """One tournament of the table: ``bot`` against ``rival`` in ``games`` seeded games."""

    game: str
    title: str
    players: int
    bot: str
    rival: str
    games: int
    seed: int

    def command(self, games: int) -> str:
        """The ``boardkit tournament`` command that plays the same games."""
        return (
            f"boardkit tournament {self.game} -b {self.bot},{self.rival} "
            f"-n {games} -p {self.players} --seed {self.seed}"
        )


ROWS: tuple[Row, ...] = (
    Row("nim", "Nim", 2, "greedy", "random", 100, 100),
    Row("nim", "Nim", 2, "greedy", "first", 100, 200),
    Row("nim", "Nim", 2, "mcts", "greedy", 100, 300),
    Row("khan", "Khan", 2, "greedy", "random", 12, 100),
    Row("khan", "Khan", 2, "greedy", "first", 12, 200),
    Row("khan", "Khan", 2, KHAN_MCTS, "greedy", 8, 300),
    Row("shangrila", "Shangrila", 3, "greedy", "random", 12, 100),
    Row("shangrila", "Shangrila", 3, "greedy", "first", 12, 200),
    Row("shangrila", "Shangrila", 3, SHANGRILA_MCTS, "greedy", 12, 300),
)
"""Every tournament of the table, in the order shown. Each game's seats rotate between the two
bots; with three seats one bot holds two of them in half of the games."""

HEADER = (
    "| game | bot | against | games | wins | mean score | Elo difference (95 % interval) "
    "| command |",
    "|---|---|---|---|---|---|---|---|",
)


def play(row: Row, games: int, workers: int | None) -> TournamentSummary:
    """The tournament of ``row``, with ``games`` games."""
    return run_tournament(
        row.game, [row.bot, row.rival], games, row.players, None, row.seed, workers=workers
    )


def table_row(row: Row, summary: TournamentSummary) -> str:
    """One markdown line: wins (shared wins split) and mean scores of both bots, and how many
    Elo points the bot is rated above its rival."""
    mine, theirs = summary.bot(row.bot), summary.bot(row.rival)
    elo = fit_ratings(summary).difference(row.bot, row.rival)
    return (
        f"| {row.title}, {row.players} players | `{row.bot}` | `{row.rival}` | {summary.games} "
        f"| {_number(mine.wins)} – {_number(theirs.wins)} "
        f"| {mine.mean_score:.1f} – {theirs.mean_score:.1f} "
        f"| {elo_text(elo.elo)} ({elo_text(elo.low)} to {elo_text(elo.high)}) "
        f"| `{row.command(summary.games)}` |"
    )


def _number(wins: float) -> str:
    """A win count: whole numbers without decimals, shared wins with one."""
    return f"{wins:.0f}" if wins == int(wins) else f"{wins:.1f}"


def table(rows: Sequence[Row], games: int | None, workers: int | None) -> str:
    """The markdown table of ``rows`` (each with its own number of games unless ``games``)."""
    lines = list(HEADER)
    for row in rows:
        lines.append(table_row(row, play(row, games or row.games, workers)))
    return "\n".join(lines) + "\n"


def _key(row: Row) -> str:
    """The start of ``row``'s line in the table: which tournament it is."""
    return f"| {row.title}, {row.players} players | `{row.bot}` | `{row.rival}` |"


def merged(old: str, new: str, replaced: Sequence[Row]) -> str:
    """The table ``old`` with the lines of the ``replaced`` rows taken from ``new``, in the
    order of :data:`ROWS`; a row in neither table is left out."""

    def lines_of(text: str, rows: Sequence[Row]) -> dict[str, str]:
        return {
            _key(r): line for line in text.splitlines() for r in rows if line.startswith(_key(r))
        }

    lines = lines_of(old, ROWS) | lines_of(new, replaced)
    body = [lines[_key(row)] for row in ROWS if _key(row) in lines]
    return "\n".join([*HEADER, *body]) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    """Play the selected rows, print the table, and write it to ``--output`` if given."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, help="games per row (default: each row's own)")
    parser.add_argument("--game", action="append", help="only the rows of this game")
    parser.add_argument("--workers", type=int, help="worker processes (default: every CPU)")
    parser.add_argument("--output", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    rows = [row for row in ROWS if not args.game or row.game in args.game]
    started = time.perf_counter()
    text = table(rows, args.games, args.workers)
    print(text, end="")
    if args.output is not None:
        if args.game and args.output.exists():
            text = merged(args.output.read_text(encoding="utf-8"), text, rows)
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
