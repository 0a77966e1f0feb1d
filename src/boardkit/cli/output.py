"""How the ``boardkit`` commands word and lay out what they print: values, options, results,
durations, progress."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from boardkit.options import Option, OptionValue
    from boardkit.result import Result


#: Longer option values (a Khan board's text) are summarised in listings, not printed.
SHOWN_OPTION_CHARS = 60


def value_text(value: OptionValue) -> str:
    """An option value as it is typed on the command line (``true``, ``15``, ``basic``); a long
    or multi-line text (a Khan board) is summarised as ``<text of N characters>``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if len(text) > SHOWN_OPTION_CHARS or "\n" in text:
        return f"<text of {len(text)} characters>"
    return text


def choices_text(option: Option) -> str:
    """The values ``option`` allows, comma-separated."""
    assert option.choices is not None
    return ", ".join(value_text(c) for c in option.choices)


def options_text(options: Mapping[str, OptionValue]) -> str:
    """``key=value, key=value`` (``none`` when there are none)."""
    return ", ".join(f"{k}={value_text(v)}" for k, v in options.items()) or "none"


def seeds_text(first: int, games: int) -> str:
    """The seeds of a run of ``games`` games from ``first``: ``seeds 5 to 9``, or ``seed 5``
    for a run of one game."""
    return f"seed {first}" if games == 1 else f"seeds {first} to {first + games - 1}"


def counts_text(counts: Sequence[int]) -> str:
    """Player counts in words: ``2``, ``3 or 4``, ``2, 3 or 4``."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def result_text(result: Result | None, names: Sequence[str]) -> str:
    """A one-line account of a result, with player names."""
    from boardkit.result import outcome_text

    if result is None:
        return "no result"
    outcome = outcome_text(result, names)
    scores = ", ".join(str(s) for s in result.scores)
    detail = f"; {result.detail}" if result.detail else ""
    return f"{outcome} (scores {scores}){detail}"


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with one decimal."""
    return f"{100 * part / whole:.1f} %"


def duration(seconds: float) -> str:
    """A time in µs, ms or s, whichever reads best."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def progress_bar(console: Console) -> Progress:
    """A progress bar on ``console`` (games done of total, elapsed, remaining); silent when
    the console is not a terminal, so piped output stays clean."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    )
