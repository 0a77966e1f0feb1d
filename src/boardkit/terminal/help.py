"""Help at a terminal play session's prompt: the commands (``?``), the game's how-to-play
sections (``? TOPIC``), and the section a refused action's rule is explained in."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from boardkit.errors import IllegalActionError
from boardkit.game import Game
from boardkit.i18n import N_, Messages, domain_of
from boardkit.present.rules import (
    help_lines,
    read_sections,
    refusal_line,
    sections_of,
    see_also,
    topics_line,
)

_t = Messages("boardkit").text

HELP_TEXT = N_("""\
At each menu, type:
  a number         choose that line
  a label's start  choose the line it starts (case does not matter; must be
                   unambiguous); a start of a last-level label waits for Enter
  a deeper label   typed in full, go straight to it (a cell such as K10 under
                   its region); an action so named waits for Enter
  a move's text    as the game writes it (take 2, journey 4 -> 7), at any
                   level: plays it; an unambiguous start of one (special: div)
                   waits for Enter
  move TEXT        the same, for a text that reads like a label or a command
  Enter            choose the only line, when there is just one
  .. or back       go up one level
  list             list every action under this level, one per line
  undo             take back your last action, and every action after it (the
                   bots' replies, other people's moves): your decision again;
                   with several people at the table, never over a random
                   outcome or something hidden shown to anyone
  redo             play again what the last undo took back
  board            show the whole board again, with everything the game draws
  save [PATH]      save the game's log (default: {save_path}); never
                   replaces another file: save! PATH does
  quit             save the log and stop; resume later with --resume
  ? or help        this text, and the topics of how to play
  ? TOPIC          how to play: the section on TOPIC (? goal, ? conquer)
Commands win over labels, and labels over moves' texts: to choose a label that
reads like a command, type its number.""")


def help_text(save_path: Path | str) -> list[str]:
    """:data:`HELP_TEXT` for a game saved to ``save_path``, in the language shown, as lines of
    at most 80 columns (a long path is wrapped under its command's words)."""
    rows: list[str] = []
    for row in _t(HELP_TEXT, save_path=str(save_path)).splitlines():
        rows.extend(textwrap.wrap(row, 80, subsequent_indent=" " * 19) if len(row) > 80 else [row])
    return rows


def help_rows(game: Game[Any, Any], save_path: Path | str, topic: str) -> list[str]:
    """What ``?`` shows: with no ``topic``, the commands (:func:`help_text`) and the topics of
    how to play; with one, that section of :meth:`~boardkit.game.Game.how_to_play`. In lines
    that fit 80 columns, in the language shown (the sections' titles and paragraphs through
    the game's catalogue, :func:`~boardkit.present.rules.read_sections`)."""
    sections = read_sections(game)
    if topic.strip():
        return list(help_lines(sections, topic))
    rows = help_text(save_path)
    if sections:
        line = _t("How to play: ? TOPIC, {topics}", topics=topics_line(sections))
        rows += textwrap.wrap(line, 80)
    return rows


def refusal_text(game: Game[Any, Any], error: IllegalActionError) -> str:
    """A refusal's reason, with the how-to-play section of its rule when one covers it
    ("see: C: Conquer (K-A-C5)"), in the language shown (the section's title through the
    game's catalogue)."""
    return refusal_line(error.reason, see_also(sections_of(game), error.rule, domain_of(game)))
