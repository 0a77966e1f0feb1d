"""Shared timing for the reference benchmarks: interleaved rounds, ratios with their spread.

Why interleaved: a shared machine speeds up and slows down over seconds (other jobs, CPU
frequency, the garbage collector). Timing the boardkit side for ten seconds and then its
reference for ten more lets such drifts land on one side only. Here every round runs each
contender once, for about the same short time, in an order that rotates from round to round;
a ratio is taken *within* each round (both sides saw the same machine) and the table reports
the median of those per-round ratios with their lowest and highest values (the spread).

Use: build a list of :class:`Contender` (a name and a function ``work(i) -> units`` that does
the ``i``-th piece of work and says how many units it handled: games, actions, events …), call
:func:`interleave`, then read rates with :meth:`Rates.median` and ratios with :func:`ratio`.
:func:`print_table` prints the rows every script shows.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence

from attrs import frozen


@frozen
class Contender:
    """One side of a comparison: ``work(i)`` does the ``i``-th piece of work, returns units."""

    name: str
    work: Callable[[int], float]


@frozen
class Rates:
    """Units per second of one contender, one value per round (same order as the rounds)."""

    name: str
    per_round: tuple[float, ...]

    def median(self) -> float:
        """The median rate over the rounds."""
        return statistics.median(self.per_round)


@frozen
class Ratio:
    """``a / b`` of two contenders' rates: the median of the per-round ratios and its range."""

    median: float
    low: float
    high: float

    def text(self) -> str:
        """``0.52× (0.49–0.55)``: median, then lowest and highest round."""
        return f"{self.median:.2f}× ({self.low:.2f}–{self.high:.2f})"


def interleave(
    contenders: Sequence[Contender],
    rounds: int = 7,
    seconds: float = 0.3,
    warmup: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    slices: int = 1,
) -> dict[str, Rates]:
    """Run every contender once per round for about ``seconds``, rotating the order.

    Each contender's work index keeps counting across rounds, so a benchmark that cycles over
    seeds or positions sees new ones each round. A first, untimed call per contender warms
    caches (imports, memo tables) unless ``warmup`` is false. The garbage collector runs
    between turns, not during them by choice of timing (its share inside a turn still counts,
    as it does for users).

    ``clock`` measures the time: wall time by default; ``time.process_time`` (this process's
    CPU time) leaves out the moments the process waits while other jobs hold the cores, which
    makes single-threaded contenders comparable on a shared machine.

    ``slices`` cuts each round's turn into that many shorter turns of ``seconds / slices``,
    run in the round's order, then in reverse, and so on (ABBA), and the round's rate is the
    units of all its slices over their time: the contenders of a round then sample the same
    moments of a machine whose speed drifts within a second, rather than turns a second apart.
    """
    counters = {c.name: 0 for c in contenders}
    if warmup:
        for c in contenders:
            c.work(counters[c.name])
            counters[c.name] += 1
    per_round: dict[str, list[float]] = {c.name: [] for c in contenders}
    n = len(contenders)
    for r in range(rounds):
        order = [contenders[(r + k) % n] for k in range(n)]
        units = dict.fromkeys(counters, 0.0)
        spent = dict.fromkeys(counters, 0.0)
        for s in range(slices):
            for c in order if s % 2 == 0 else reversed(order):
                gc.collect()
                start = clock()
                while True:
                    units[c.name] += c.work(counters[c.name])
                    counters[c.name] += 1
                    elapsed = clock() - start
                    if elapsed >= seconds / slices:
                        break
                spent[c.name] += elapsed
        for c in contenders:
            per_round[c.name].append(units[c.name] / spent[c.name])
    return {name: Rates(name, tuple(v)) for name, v in per_round.items()}


def ratio(a: Rates, b: Rates) -> Ratio:
    """``a``'s rate over ``b``'s, round by round (both ran in the same rounds)."""
    values = [x / y for x, y in zip(a.per_round, b.per_round, strict=True)]
    return Ratio(statistics.median(values), min(values), max(values))


def time_once(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` timings of ``fn()``, in seconds (for one-off measures)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain text table: a title line, left-aligned first column, the others right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows, strict=True)]
    print(title)

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest])

    print(line(headers))
    print("-" * (sum(widths) + 2 * (len(widths) - 1)))
    for row in rows:
        print(line(row))
    print()


def per_second(value: float) -> str:
    """A rate with thousands separators and no decimals beyond what matters."""
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"
