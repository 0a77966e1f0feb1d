"""How-to-play text as data: the sections a game gives through :meth:`Game.how_to_play
<boardkit.game.Game.how_to_play>`.

A game explains itself to a newcomer in sections: the goal, a turn, each action, each special
card or tile, scoring, the end. Each section is plain data (a topic key, a title, the clause IDs
of the rules it covers and the text), so that every front end shows the same words (``?`` in
terminal play and watch, the web page's help panel and tooltips, the generated docs page) and a
translation can replace the strings one by one: the titles are message ids a game marks
``N_``, each paragraph of the text is one as it stands (:func:`paragraphs_of`; the extraction
of :mod:`boardkit.i18n_extract` finds them). Front ends look sections up with
:mod:`boardkit.present.rules`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from attrs import field, frozen

from boardkit.errors import GameDefinitionError

KEY_PATTERN: Final = re.compile(r"[a-z][a-z0-9-]*")
"""A section's topic key: lower case words joined by hyphens (``"conquer"``, ``"high-morale"``)."""


def _strings(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


@frozen
class RulesSection:
    """One section of a game's how-to-play text.

    ``key`` is the topic a person types (``? conquer``) and the anchor of the docs page;
    ``title`` the heading ("Conquering"); ``clauses`` the clause IDs of the rules digest the
    section explains (``("K-A-C", "K-A-C1")``; empty for a game without clause IDs); ``text``
    the explanation in plain words, paragraphs separated by a blank line. Every field is a
    plain string so that a translation can replace it.
    """

    key: str
    title: str
    clauses: tuple[str, ...] = field(converter=_strings)
    text: str

    def __attrs_post_init__(self) -> None:
        if not KEY_PATTERN.fullmatch(self.key):
            raise GameDefinitionError(
                f"rules section key {self.key!r} is not lower case words joined by hyphens"
            )
        if not self.title.strip() or not self.text.strip():
            raise GameDefinitionError(f"rules section {self.key!r} has an empty title or text")

    @property
    def paragraphs(self) -> tuple[str, ...]:
        """The text's paragraphs, each on one line (blank lines separate them in ``text``):
        :func:`paragraphs_of`. Each is a message id of the game's catalogue as it stands, so
        a front end reads it in the reader's language
        (:func:`boardkit.present.rules.sections_in`)."""
        return paragraphs_of(self.text)


def paragraphs_of(text: str) -> tuple[str, ...]:
    """``text``'s paragraphs, each on one line: split at blank lines, each paragraph's runs of
    white space made one space. What :attr:`RulesSection.paragraphs` gives, and the message ids
    the extraction (:mod:`boardkit.i18n_extract`) writes to a game's template."""
    parts = re.split(r"\n\s*\n", text.strip())
    return tuple(" ".join(part.split()) for part in parts if part.strip())


def check_sections(game: str, sections: Sequence[RulesSection]) -> tuple[RulesSection, ...]:
    """``sections`` as a tuple, refused with a :class:`~boardkit.errors.GameDefinitionError`
    naming ``game`` when it is empty, holds something else than a :class:`RulesSection`, or
    gives two sections one key."""
    out = tuple(sections)
    if not out:
        raise GameDefinitionError(f"{game}.how_to_play gave no section")
    seen: set[str] = set()
    for section in out:
        if not isinstance(section, RulesSection):
            raise GameDefinitionError(
                f"{game}.how_to_play gave {section!r}, which is not a RulesSection"
            )
        if section.key in seen:
            raise GameDefinitionError(f"{game}.how_to_play gives the key {section.key!r} twice")
        seen.add(section.key)
    return out
