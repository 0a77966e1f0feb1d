"""How a match shows itself to people at the prompt and in Jupyter: its status, its one-line
summary, its picture, and all of them with a compact log as HTML.

:func:`match_status` says who decides or how the game ended, and :func:`match_summary` puts it in
one line with the game, the players and the number of entries (a match's ``repr``).
:func:`match_svg` is the picture Jupyter shows, and :func:`match_html` gathers what to show (the
picture from the game's ``render_svg`` hook, or its text board; the last
:data:`NOTEBOOK_ENTRIES` entries narrated by :mod:`boardkit.present.narration`) and lays it out.
:class:`boardkit.match.Match`'s ``status``, ``__repr__``, ``_repr_svg_`` and ``_repr_html_``
hand over to these, importing this module only when asked (the framework never imports the kit
at its top). Everything that comes from players or games as text (names, narration, the text
board) is escaped in the HTML; the picture is the game's own SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from attrs import frozen

from boardkit.english import count_of
from boardkit.log import FULL, viewer_text
from boardkit.present.narration import match_action_text, narrate_match_entry
from boardkit.result import outcome_text

if TYPE_CHECKING:
    from boardkit.match import Match

NOTEBOOK_ENTRIES = 5
"""How many of the last log entries a match shows in a notebook."""


@frozen
class ShownEntry:
    """One log entry in the compact log: its number, who played what, and its narration."""

    seq: int
    headline: str
    lines: tuple[str, ...]


def match_status(match: Match[Any, Any]) -> str:
    """Who decides now (``"bob to decide"``), or the result once the game is over
    (``"over: ann wins, scores 1–0"``), with the players' names (:meth:`Match.status
    <boardkit.match.Match.status>`)."""
    names = match.header.players
    if not match.is_over:
        who = match.to_decide
        return "nobody to decide" if who is None else f"{names[who]} to decide"
    result = match.result
    if result is None:
        return "over"
    outcome = outcome_text(result, names)
    scores = "–".join(str(score) for score in result.scores)
    return f"over: {outcome}, scores {scores}" if scores else f"over: {outcome}"


def match_summary(match: Match[Any, Any]) -> str:
    """One line: the game, the players, the number of entries and :func:`match_status`, e.g.
    ``<Match nim: ann, bob; 4 entries; bob to decide>`` (a match's ``repr``)."""
    players = ", ".join(match.header.players)
    read_only = "" if match.viewer is FULL else f"; read-only log of {viewer_text(match.viewer)}"
    entries = count_of(len(match), "entry", "entries")
    return f"<Match {match.game.name}: {players}; {entries}; {match_status(match)}{read_only}>"


def match_svg(match: Match[Any, Any]) -> str | None:
    """The picture Jupyter shows for ``match``: the current state as the game draws it, the
    last action highlighted, or ``None`` for a game without pictures."""
    if not match.game.offers("render_svg"):
        return None
    return match.render_svg(None)


def match_html(match: Match[Any, Any]) -> str:
    """The HTML a notebook shows for ``match``: the game and its status as a heading, the
    picture (or the text board), and the last :data:`NOTEBOOK_ENTRIES` entries, each with who
    played what and its narration, all as a spectator sees them (as its viewer, for a match
    loaded from a redacted log)."""
    player = None if match.viewer is FULL else match.viewer
    has_picture = match.game.offers("render_svg")
    picture = match.render_svg(player) if has_picture else None
    board = "" if has_picture else match.render(player)
    first = max(0, len(match) - NOTEBOOK_ENTRIES)
    shown = [_shown_entry(match, seq, player) for seq in range(first, len(match))]
    status = f"{match.game.title or match.game.name} — {match_status(match)}"
    return layout(status, picture, board, shown)


def _shown_entry(match: Match[Any, Any], seq: int, player: int | None) -> ShownEntry:
    entry = match.entries[seq]
    action = match_action_text(match, seq, player)
    if entry.player is None or action is None:
        headline = "setup"
    else:
        headline = f"{match.header.players[entry.player]}: {action}"
    return ShownEntry(seq, headline, tuple(narrate_match_entry(match, seq, player)))


def layout(status: str, picture: str | None, board_text: str, entries: Sequence[ShownEntry]) -> str:
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
