"""Replay, verification, stepping through a log, and a log's memory, for the three games.

Run ``python benchmarks/replay_reference.py [--games N] [--rounds R] [--seconds S]``. For
Shangrila (4 players), Khan (4 players) and Nim (300 stones, so that its log is long enough to
step through), logs of ``N`` random games (``boardkit.runner.simulate``) are replayed in interleaved
rounds (``benchmarks/_timing.py``) three ways: from JSON text with the events folded
(``Match.from_json(verify=False)``), from a decoded :class:`boardkit.Log` folded
(``Match.from_log(verify=False)``) and from a decoded log verified (``verify=True``: the rules
re-run and the events compared). The first table gives events per second of each, the share of
a JSON replay spent decoding, and the cost of verification as a multiple of folding (time per
event, median of per-round ratios with their range).

The second table: walking through a finished match entry by entry (``state_at(k)``,
``state_at(k + 1)`` …, as a history slider does) against ``state_at`` at random entries, in µs
per call; and the memory a decoded log holds per entry (``tracemalloc``, entries and events,
header excluded).
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from typing import Any

from _timing import Contender, Rates, interleave, per_second, print_table, ratio

from boardkit import Game, Log, Match, load_game
from boardkit.log import log_to_json, parse_document, parse_entries
from boardkit.runner.simulate import simulate

GAMES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("shangrila", 4, {}),
    ("khan", 4, {}),
    ("nim", 2, {"stones": 300}),
)


def logs_of(game: Game[Any, Any], players: int, options: dict[str, object], n: int) -> list[Log]:
    """The logs of ``n`` random games."""
    logs: list[Log] = []
    simulate(game, n, players, options, seed=100, on_log=lambda i, log: logs.append(log))
    return logs


def replay_rates(
    game: Game[Any, Any],
    logs: list[Log],
    texts: list[str],
    events: list[int],
    rounds: int,
    seconds: float,
) -> dict[str, Rates]:
    """Events per second replaying ``logs``: from JSON folded, decoded folded, decoded verified."""
    n = len(logs)

    def from_json(i: int) -> int:
        Match.from_json(texts[i % n], game, verify=False)
        return events[i % n]

    def fold(i: int) -> int:
        Match.from_log(game, logs[i % n], verify=False)
        return events[i % n]

    def verify(i: int) -> int:
        Match.from_log(game, logs[i % n], verify=True)
        return events[i % n]

    contenders = [
        Contender("json", from_json),
        Contender("fold", fold),
        Contender("verify", verify),
    ]
    return interleave(contenders, rounds=rounds, seconds=seconds)


def stepping(match: Match[Any]) -> tuple[float, float]:
    """µs per ``state_at`` call: entry by entry through the whole log, and at random entries."""
    n = len(match)
    start = time.perf_counter()
    for k in range(n):
        match.state_at(k)
    walk = (time.perf_counter() - start) / n
    ks = random.Random(3).choices(range(n), k=n)
    start = time.perf_counter()
    for k in ks:
        match.state_at(k)
    jump = (time.perf_counter() - start) / n
    return walk * 1e6, jump * 1e6


def bytes_per_entry(game: Game[Any, Any], texts: list[str]) -> tuple[float, float]:
    """Bytes a decoded log holds per entry and per event (``tracemalloc``)."""
    parse_entries(game, parse_document(texts[0]))  # warm the codec: its tables are not counted
    docs = [parse_document(t) for t in texts]  # a document's entries can be read once
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [parse_entries(game, d) for d in docs]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    entries = sum(len(k) for k in kept)
    events = sum(len(e.events) for k in kept for e in k)
    return (after - before) / entries, (after - before) / events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="logs per game")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.3, help="per contender and round")
    args = parser.parse_args()

    replay_rows = []
    step_rows = []
    for name, players, options in GAMES:
        game = load_game(name)
        logs = logs_of(game, players, options, args.games)
        texts = [log_to_json(game, log) for log in logs]
        events = [sum(len(e.events) for e in log.entries) for log in logs]
        rates = replay_rates(game, logs, texts, events, args.rounds, args.seconds)
        decoding = ratio(rates["json"], rates["fold"])
        replay_rows.append(
            [
                name,
                per_second(rates["json"].median()),
                per_second(rates["fold"].median()),
                per_second(rates["verify"].median()),
                f"{1 - decoding.median:.0%}",
                ratio(rates["fold"], rates["verify"]).text(),
            ]
        )
        longest = max(logs, key=len)
        match = Match.from_log(game, longest, verify=False)
        walk, jump = stepping(match)
        per_entry, per_event = bytes_per_entry(game, texts)
        step_rows.append(
            [
                name,
                str(len(longest)),
                f"{walk:.0f}",
                f"{jump:.0f}",
                f"{per_entry:,.0f}",
                f"{per_event:,.0f}",
            ]
        )
    print_table(
        f"replay, events / s ({args.games} random games each, {args.rounds} interleaved rounds "
        f"of {args.seconds} s)",
        ["game", "JSON + fold", "Log + fold", "Log + verify", "decoding", "verify / fold"],
        replay_rows,
    )
    print_table(
        "stepping through the longest log, and a decoded log's memory",
        ["game", "entries", "µs / step", "µs / random k", "bytes / entry", "bytes / event"],
        step_rows,
    )


if __name__ == "__main__":
    main()
