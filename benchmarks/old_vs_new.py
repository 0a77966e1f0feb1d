"""This code against an older commit's, in one process: Khan games and replay from JSON.

Run ``python benchmarks/old_vs_new.py [--commit C] [--rounds R] [--seconds S] [--games N]
[--slices K]``.
The packages ``boardkit``, ``boardkit_khan`` and ``boardkit_shangrila`` of commit ``C``
(default ``9e3a739``, the code before issue 15's speed work) are copied out of git into a
temporary folder as ``old_boardkit``, ``old_boardkit_khan`` and ``old_boardkit_shangrila``
(their imports and resource look-ups rewritten), imported beside this checkout's packages, and
both run the same work with the same seeds in interleaved rounds (``benchmarks/_timing.py``):

- Khan 4-player random games, one game per call, through the engine (``simulate`` with a game
  object) and through ``Match`` (``random_playout``); the same for Shangrila with ``--paths
  shangrila-games`` (not run by default: 9e3a739's Shangrila is another game's speed, the
  path is for a framework change measured against a recent commit);
- replay from JSON text, events folded (``Match.from_json(verify=False)``), and decoding alone
  (``parse_entries(parse_document(text))``) for Khan (4 players), Shangrila (4 players) and Nim
  (300 stones). Each side replays the logs its own code wrote for the same seeds (Khan's events
  changed since 9e3a739, so the old code cannot read the new logs); one call replays (or
  decodes) all ``--games`` logs of its side once, and the unit is events.

"new / old" is the median of the per-round speed ratios, with the lowest and highest round.
``--cpu-time`` times with this process's CPU time (``time.process_time``) instead of wall time,
which keeps other jobs on a shared machine out of the figures.

Why each round is cut into slices (``--slices``, default 10) and a replay call is a whole pass
over the logs: on the shared two-core machine the CPU time one replay of one log takes varies
by 1.5–3× from call to call (other jobs' caches and the host's other guests; steal time is not
reported inside the VM, so CPU time does not filter it out), while the garbage collector moves
the fastest call by under 7 % (the same logs with it disabled). With one 0.5 s turn per side
and round, the new and the old turn of a round ran up to a second apart and over different
logs (each side's counter ran at its own speed through logs whose rates differ by up to 15 %),
so the per-round ratios of replay spread over 0.9–2.2×. Ten alternating slices per round
(ABBA: every side equally often first) put both sides on the same moments of the machine, and
a whole pass gives them the same mix of logs: two sliced runs on the same code spread Nim's
replay 1.00–1.21× and 0.96–1.16×, Khan's 1.13–1.34× and 1.04–1.34×, where a one-turn run
between them gave 0.96–1.78× and 0.71–1.51×.

Both sides need only this checkout's dependencies; the old packages are found by git, so the
script runs inside a git clone that holds commit ``C`` (``--commit HEAD`` always works).
"""

from __future__ import annotations

import argparse
import importlib
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from _old_code import extract_old
from _timing import Contender, interleave, per_second, print_table, ratio

PACKAGES = ("boardkit", "boardkit_khan", "boardkit_shangrila")


def side(prefix: str) -> dict[str, ModuleType]:
    """The modules one side needs, imported from the packages named with ``prefix``; a module
    is looked for under its name of today, then under its name before 0.2.0's layout."""
    names = {
        "simulate": ("boardkit.runner.simulate", "boardkit.simulate"),
        "match": ("boardkit.match",),
        "log": ("boardkit.log",),
        "nim": ("boardkit.examples.nim",),
        "khan": ("boardkit_khan.game",),
        "shangrila": ("boardkit_shangrila.game",),
    }
    return {key: _first_module(prefix, tries) for key, tries in names.items()}


def _first_module(prefix: str, names: tuple[str, ...]) -> ModuleType:
    for name in names[:-1]:
        try:
            return importlib.import_module(prefix + name)
        except ModuleNotFoundError:
            continue
    return importlib.import_module(prefix + names[-1])


def games_of(mods: dict[str, ModuleType]) -> dict[str, Any]:
    """The three game objects of one side."""
    return {
        "khan": mods["khan"].KhanGame(),
        "shangrila": mods["shangrila"].ShangrilaGame(),
        "nim": mods["nim"].NimGame(),
    }


REPLAYED: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("khan", 4, {}),
    ("shangrila", 4, {}),
    ("nim", 2, {"stones": 300}),
)


def playout_contenders(
    label: str, mods: dict[str, ModuleType], game: Any, name: str = "khan"
) -> list[Contender]:
    """4p random games of ``game`` (named ``name``), one per call, by engine and by ``Match``;
    seeds 1000, 1001 …"""
    simulate, random_playout = mods["simulate"].simulate, mods["simulate"].random_playout

    def engine(i: int) -> int:
        simulate(game, 1, 4, seed=1000 + i)
        return 1

    def match(i: int) -> int:
        random_playout(game, 4, seed=1000 + i)
        return 1

    return [Contender(f"{label} {name} engine", engine), Contender(f"{label} {name} Match", match)]


def replay_contenders(
    label: str,
    mods: dict[str, ModuleType],
    game: Any,
    spec: tuple[str, int, dict[str, object]],
    n: int,
) -> list[Contender]:
    """Replay from JSON (folded) and decoding alone of the ``n`` logs this side wrote, each
    call a pass over all of them."""
    name, players, options = spec
    logs: list[Any] = []
    mods["simulate"].simulate(
        game, n, players, options, seed=100, on_log=lambda i, log: logs.append(log)
    )
    texts = [mods["log"].log_to_json(game, log) for log in logs]
    events = [sum(len(e.events) for e in log.entries) for log in logs]
    from_json = mods["match"].Match.from_json
    parse_document, parse_entries = mods["log"].parse_document, mods["log"].parse_entries

    total = sum(events)

    def replay(i: int) -> int:
        for text in texts:
            from_json(text, game, verify=False)
        return total

    def decode(i: int) -> int:
        for text in texts:
            parse_entries(game, parse_document(text))
        return total

    return [Contender(f"{label} {name} json", replay), Contender(f"{label} {name} decode", decode)]


def main() -> None:
    """Copy the old code, run both sides interleaved, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="9e3a739", help="the old side (default 9e3a739)")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--games", type=int, default=6, help="logs replayed per game")
    parser.add_argument(
        "--paths",
        default="games,replay",
        help="games (Khan's), shangrila-games, replay, comma-separated (default games,replay)",
    )
    parser.add_argument(
        "--slices",
        type=int,
        default=10,
        help="each round's turn of a contender cut into this many alternating slices",
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with this process's CPU time instead of wall time (a shared, loaded machine)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="boardkit-old-") as folder:
        extract_old(args.commit, Path(folder), PACKAGES)
        new, old = side(""), side("old_")
        new_games, old_games = games_of(new), games_of(old)
        rows: list[list[str]] = []

        def compare(pairs: list[tuple[Contender, Contender]], unit: str) -> None:
            clock = time.process_time if args.cpu_time else time.perf_counter
            rates = interleave(
                [c for pair in pairs for c in pair],
                args.rounds,
                args.seconds,
                clock=clock,
                slices=args.slices,
            )
            for new_c, old_c in pairs:
                a, b = rates[new_c.name], rates[old_c.name]
                row_name = new_c.name.removeprefix("new ")
                rows.append(
                    [
                        f"{row_name} ({unit})",
                        per_second(b.median()),
                        per_second(a.median()),
                        ratio(a, b).text(),
                    ]
                )

        paths = set(args.paths.split(","))
        plays = zip(
            playout_contenders("new", new, new_games["khan"]),
            playout_contenders("old", old, old_games["khan"]),
            strict=True,
        )
        if "games" in paths:
            compare(list(plays), "games / s")
        if "shangrila-games" in paths:
            shangrila_plays = zip(
                playout_contenders("new", new, new_games["shangrila"], "shangrila"),
                playout_contenders("old", old, old_games["shangrila"], "shangrila"),
                strict=True,
            )
            compare(list(shangrila_plays), "games / s")
        for spec in REPLAYED if "replay" in paths else ():
            pairs = zip(
                replay_contenders("new", new, new_games[spec[0]], spec, args.games),
                replay_contenders("old", old, old_games[spec[0]], spec, args.games),
                strict=True,
            )
            compare(list(pairs), "events / s")
        print_table(
            f"old ({args.commit}) against new, {args.rounds} rounds of {args.seconds} s"
            + (" of CPU time" if args.cpu_time else ""),
            ["path", "old", "new", "new / old"],
            rows,
        )


if __name__ == "__main__":
    main()
