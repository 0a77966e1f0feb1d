"""Verifying a log against playing the game that wrote it, for each game.

Run: ``python benchmarks/verify_vs_play.py [--games G] [--rounds R] [--seconds T]
[--game NAME ...] [--rev REV]``.

For Shangrila and Khan with 4 players and Nim with 300 stones, ``--games`` seeded random games
(default 6, seeds 0 to G-1). A turn of **play** runs ``random_playout`` for every seed; a turn
of **verify** runs ``Match.from_log(game, log, verify=True)`` on each log those games wrote
(made once beforehand). Verification re-checks every action against the rules and the seed,
so it repeats the rules' work without the players' choosing; issue 27's goal is that it costs
at most 0.8× the play.

Each round gives each side a turn of about ``--seconds`` of CPU time of this process
(``time.process_time``; as many passes over the seeds as fit, at least one), the order
rotating from round to round (``_timing.interleave``); the ratio verify / play is a time ratio
(lower is cheaper), taken within each round, median over the rounds with its range. The
machine load (``os.getloadavg``) before and after is printed with the table.

``--rev REV`` adds, for Shangrila and Khan, the game's package as it was at git revision
``REV`` (``benchmarks/_old_code.py``: imported as ``old_<package>`` over this checkout's
framework), played and verified in the same rounds: a row ``NAME at REV`` beside ``NAME``,
and for the checkout's row the time ratios new / old of play and of verification (lower is
cheaper), so a change to a game's rules is measured on both sides of the ratio at once (Nim
lives in the framework and has no old side).
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from _old_code import extract_old
from _timing import Contender, interleave, print_table, ratio

from boardkit import Game, Log, Match, load_game
from boardkit.runner.simulate import random_playout

GAMES: dict[str, tuple[int, Mapping[str, object] | None]] = {
    "shangrila": (4, None),
    "khan": (4, None),
    "nim": (2, {"stones": 300}),
}
"""Each game's players and options."""

PACKAGES = {"shangrila": "boardkit_shangrila", "khan": "boardkit_khan"}
"""The package of each game that ``--rev`` can take from an older revision."""


def load() -> str:
    """The machine load, 1 / 5 / 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def old_game(name: str, rev: str, folder: Path) -> Game[Any, Any]:
    """The game ``name`` as its package was at ``rev``, copied into ``folder`` and imported as
    ``old_<package>`` (the same class as the registered game's, from the old copy)."""
    extract_old(rev, folder, (PACKAGES[name],))
    kind = type(load_game(name))
    module = importlib.import_module(f"old_{kind.__module__}")
    game: Game[Any, Any] = getattr(module, kind.__name__)()
    return game


def contenders(
    name: str, seeds: int, game: Game[Any, Any] | None = None, label: str = ""
) -> tuple[list[Contender], int]:
    """Play and verify for one game (the registered one unless ``game`` is given; ``label``
    ends the contenders' names), a unit of work all ``seeds`` games; and their entries."""
    if game is None:
        game = load_game(name)
    players, options = GAMES[name]
    logs: list[Log] = [random_playout(game, players, options, seed).log for seed in range(seeds)]
    entries = sum(len(log.entries) for log in logs)

    def play(i: int) -> float:
        for seed in range(seeds):
            random_playout(game, players, options, seed)
        return 1.0

    def verify(i: int) -> float:
        for log in logs:
            match: Match[Any, Any] = Match.from_log(game, log, verify=True)
            assert match.verified
        return 1.0

    return [Contender(f"play{label}", play), Contender(f"verify{label}", verify)], entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per turn")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU time per turn")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)"
    )
    parser.add_argument(
        "--rev", help="also the game's package at this git revision (Shangrila, Khan)"
    )
    args = parser.parse_args()
    names = args.game or list(GAMES)

    before = load()
    rows = []
    with tempfile.TemporaryDirectory(prefix="boardkit-old-") as folder:
        for name in names:
            sides, entries = contenders(name, args.games)
            old = bool(args.rev) and name in PACKAGES
            if old:
                game = old_game(name, args.rev, Path(folder) / name)
                sides += contenders(name, args.games, game, " old")[0]
            rates = interleave(sides, args.rounds, args.seconds, clock=time.process_time)
            for label in ("", " old") if old else ("",):
                play, verify = rates[f"play{label}"], rates[f"verify{label}"]
                row = [
                    f"{name} at {args.rev}" if label else name,
                    str(entries),
                    f"{1e3 / play.median():.1f}",
                    f"{1e3 / verify.median():.1f}",
                    ratio(play, verify).text(),  # passes / s: play / verify is verify / play's time
                ]
                if old and not label:  # rates old / new: the time ratio new / old
                    row += [
                        ratio(rates["play old"], play).text(),
                        ratio(rates["verify old"], verify).text(),
                    ]
                rows.append(row)
    after = load()
    headers = ["game", "entries", "play ms / pass", "verify ms / pass"]
    headers.append("verify / play (goal <= 0.8×)")
    if args.rev:
        headers += ["play time new / old", "verify time new / old"]
        rows = [row + [""] * (len(headers) - len(row)) for row in rows]
    print_table(
        f"verifying a log × playing its game — Python {platform.python_version()}, "
        f"{platform.machine()}; {args.games} seeded games a pass, {args.rounds} rounds of "
        f"{args.seconds} s, CPU time; "
        f"load {before} before, {after} after",
        headers,
        rows,
    )


if __name__ == "__main__":
    main()
