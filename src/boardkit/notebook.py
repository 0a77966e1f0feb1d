"""How a match shows itself in Jupyter: a status line, its picture and a compact log, as HTML.

:meth:`boardkit.match.Match._repr_html_` gathers what to show (the picture from the game's
``render_svg`` hook, or its text board; the last :data:`NOTEBOOK_ENTRIES` entries narrated by
:mod:`boardkit.narration`) and this module lays it out. Everything that comes from players or
games as text (names, narration, the text board) is escaped; the picture is the game's own SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from attrs import frozen

NOTEBOOK_ENTRIES = 5
"""How many of the last log entries a match shows in a notebook."""


@frozen
class ShownEntry:
    """One log entry in the compact log: its number, who played what, and its narration."""

    seq: int
    headline: str
    lines: tuple[str, ...]


def match_html(
    status: str, picture: str | None, board_text: str, entries: Sequence[ShownEntry]
) -> str:
    """The HTML of a match: ``status`` as a heading, ``picture`` (SVG text) or else the text
    board in a ``<pre>``, then ``entries`` as a numbered list (each its headline, then its
    narration lines)."""
    shown = picture if picture is not None else f"<pre>{escape(board_text)}</pre>"
    items = "".join(_entry_html(entry) for entry in entries)
    log = f'<ol start="{entries[0].seq}" style="margin:0.3em 0">{items}</ol>' if entries else ""
    return (
        '<div class="boardkit-match">'
        f'<div style="font-weight:bold">{escape(status)}</div>'
        f"<div>{shown}</div>{log}</div>"
    )


def _entry_html(entry: ShownEntry) -> str:
    said = "; ".join(entry.lines)
    tail = f" — {escape(said)}" if said else ""
    return f"<li><b>{escape(entry.headline)}</b>{tail}</li>"
