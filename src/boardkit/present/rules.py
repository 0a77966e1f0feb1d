"""A game's how-to-play sections (:meth:`Game.how_to_play <boardkit.game.Game.how_to_play>`)
for people: found by topic, by the rule of a refusal, and laid out as lines or Markdown.

Terminal play and watch answer ``?`` and ``? TOPIC`` with :func:`help_lines`; the web server
sends the sections as :func:`sections_data`; a refusal whose rule a section covers gets
:func:`see_also` ("see: Conquering (K-A-C)"); the docs' generated rules pages are
:func:`markdown`. Those that show sections to a reader show them in the reader's language
(:func:`read_sections`: titles and paragraphs through the game's catalogue); the docs pages
stay English.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import evolve

from boardkit.howto import RulesSection, check_sections
from boardkit.i18n import ENGLISH, Messages, domain_of, language, translations

if TYPE_CHECKING:
    from boardkit.game import Game

_t = Messages("boardkit").text

WIDTH = 80
"""The widest help line: an 80-column terminal."""


def sections_of(game: Game[Any, Any]) -> tuple[RulesSection, ...]:
    """The game's sections, checked (:func:`boardkit.howto.check_sections`); ``()`` for a game
    that does not offer :meth:`~boardkit.game.Game.how_to_play`."""
    if not game.offers("how_to_play"):
        return ()
    return check_sections(game.name, game.how_to_play())


def read_sections(game: Game[Any, Any], lang: str | None = None) -> tuple[RulesSection, ...]:
    """The game's sections (:func:`sections_of`) as a reader of ``lang`` (default: the current
    :func:`~boardkit.i18n.language`) reads them: :func:`sections_in` the game's gettext
    domain (:func:`~boardkit.i18n.domain_of`)."""
    return sections_in(sections_of(game), domain_of(game), lang)


def sections_in(
    sections: Sequence[RulesSection], domain: str, lang: str | None = None
) -> tuple[RulesSection, ...]:
    """``sections`` in ``lang`` (default: the current :func:`~boardkit.i18n.language`): each
    title and each paragraph (:attr:`~boardkit.howto.RulesSection.paragraphs`) looked up in
    the catalogue of the gettext ``domain``, one the catalogue lacks as written; keys and
    clauses stay, so ``? conquer`` still finds its section. Made once per sections and
    language."""
    lang = language() if lang is None else lang
    return _sections_in(tuple(sections), domain, lang)


@functools.lru_cache(maxsize=32)
def _sections_in(
    sections: tuple[RulesSection, ...], domain: str, lang: str
) -> tuple[RulesSection, ...]:
    if lang == ENGLISH:
        return sections
    read = translations(domain, lang).gettext
    return tuple(
        evolve(
            section,
            title=read(section.title),
            text="\n\n".join(read(paragraph) for paragraph in section.paragraphs),
        )
        for section in sections
    )


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def find(sections: Sequence[RulesSection], topic: str) -> tuple[RulesSection, ...]:
    """The sections ``topic`` names, best first: the section whose key, title or a clause ID
    is ``topic`` (case aside); else those whose key or title has a word starting with each of
    its words; else those whose text does. ``()`` when none matches."""
    wanted = topic.strip().lower()
    if not wanted:
        return ()
    exact = [
        s
        for s in sections
        if wanted in (s.key, s.title.lower()) or wanted in (c.lower() for c in s.clauses)
    ]
    if exact:
        return tuple(exact)
    words = _words(wanted)
    if not words:
        return ()

    def starts(text: str) -> bool:
        have = _words(text)
        return all(any(h.startswith(w) for h in have) for w in words)

    heads = [s for s in sections if starts(f"{s.key.replace('-', ' ')} {s.title}")]
    if heads:
        return tuple(heads)
    return tuple(s for s in sections if starts(s.text))


def for_rule(sections: Sequence[RulesSection], rule: str) -> RulesSection | None:
    """The section that covers the clause ``rule`` (an
    :attr:`~boardkit.errors.IllegalActionError.rule`): the one listing it, else the one listing
    the longest clause it refines (``K-A-C5`` under ``K-A-C``); ``None`` when none does."""
    best: tuple[int, RulesSection] | None = None
    for section in sections:
        for clause in section.clauses:
            if clause == rule:
                return section
            if rule.startswith(clause) and (best is None or len(clause) > best[0]):
                best = (len(clause), section)
    return None if best is None else best[1]


def for_path(sections: Sequence[RulesSection], path: Sequence[str]) -> RulesSection | None:
    """The section that explains an action with menu labels ``path``
    (:meth:`~boardkit.game.Game.action_path`), for a tooltip: the first section whose key or
    title a label names (:func:`find`, by words of key and title only), the deepest label
    first (``special › Divine Support`` is the Divine Support section), words with digits
    aside (``bridge L4`` names bridges) and labels that start with a number (``2 cards``)
    left out; ``None`` when no label names one. A caller that asks for many paths of one
    game keeps a :class:`SectionFinder` instead."""
    return SectionFinder(sections).for_path(path)


class SectionFinder:
    """:func:`for_path` over one game's sections, asked many times: the words of each
    section's key and title are read once, and each label's section is remembered (a game's
    menus use a few hundred labels at most, while a server lists every legal action's path
    for every entry of every match: read afresh each time, that was about 40 % of the
    server's CPU per action in a Shangrila load test)."""

    def __init__(self, sections: Sequence[RulesSection]) -> None:
        self.sections = tuple(sections)
        self._heads = [
            (section, _words(f"{section.key.replace('-', ' ')} {section.title}"))
            for section in self.sections
        ]
        self._by_label: dict[str, RulesSection | None] = {}

    def for_path(self, path: Sequence[str]) -> RulesSection | None:
        """As :func:`for_path`."""
        for label in reversed(path):
            section = self.for_label(label)
            if section is not None:
                return section
        return None

    def for_label(self, label: str) -> RulesSection | None:
        """The first section whose key or title names every word of ``label`` but those
        with digits; ``None`` for a label that starts with a number or names none."""
        if label in self._by_label:
            return self._by_label[label]
        found: RulesSection | None = None
        every = _words(label)
        words = [w for w in every if not any(c.isdigit() for c in w)]
        if every and not every[0][0].isdigit() and words:  # "2 cards" is a count, not a name
            for section, have in self._heads:
                if all(any(h.startswith(w) for h in have) for w in words):
                    found = section
                    break
        self._by_label[label] = found
        return found


def label_of(section: RulesSection, domain: str | None = None) -> str:
    """``"C: Conquer (K-A-C, K-A-C1)"``: a section's title with its clauses, as a tooltip
    names the rule; the title in the current language through the catalogue of the game's
    gettext ``domain`` when one is given (:func:`section_title`)."""
    title = section_title(section, domain)
    return f"{title} ({', '.join(section.clauses)})" if section.clauses else title


def see_also(sections: Sequence[RulesSection], rule: str, domain: str | None = None) -> str | None:
    """``"see: Conquering (K-A-C5)"``: the section of the refused ``rule``, for a refusal's
    line, in the current :func:`~boardkit.i18n.language`; ``None`` when no section covers it.

    The section's title is looked up in the catalogue of the game's gettext ``domain`` (its
    package, :func:`boardkit.i18n.domain_of`) when one is given, so a game that marks its
    titles as message ids (``N_("Conquering")``) has them read in the reader's language too;
    a title its catalogue lacks reads as written."""
    section = for_rule(sections, rule)
    if section is None:
        return None
    return _t("see: {title} ({rule})", title=section_title(section, domain), rule=rule)


def section_title(section: RulesSection, domain: str | None = None) -> str:
    """``section``'s title in the current :func:`~boardkit.i18n.language`, through the
    catalogue of the game's gettext ``domain`` (as written when there is none, or it lacks
    the title)."""
    if domain is None:
        return section.title
    return translations(domain, language()).gettext(section.title)


def refusal_line(reason: str, pointer: str | None) -> str:
    """A refusal's ``reason`` with the ``pointer`` to its rule's section (:func:`see_also`)
    when there is one: ``"…; see: C: Conquer (K-A-C5)"``."""
    return f"{reason}; {pointer}" if pointer else reason


def topics_line(sections: Sequence[RulesSection]) -> str:
    """``"topics: goal, turn, …"``: every section's key, in order."""
    return _t("topics: {keys}", keys=", ".join(s.key for s in sections))


def section_lines(section: RulesSection, width: int = WIDTH) -> list[str]:
    """One section as lines of at most ``width`` columns: its title with its clauses, then its
    paragraphs, indented by two."""
    clauses = f" ({', '.join(section.clauses)})" if section.clauses else ""
    lines = textwrap.wrap(f"{section.title}{clauses}", width) or [section.title]
    for paragraph in section.paragraphs:
        lines.extend(textwrap.wrap(paragraph, width, initial_indent="  ", subsequent_indent="  "))
    return lines


def help_lines(sections: Sequence[RulesSection], topic: str = "", width: int = WIDTH) -> list[str]:
    """What ``? TOPIC`` shows, as lines of at most ``width`` columns: with no topic, every
    section's title and key and how to ask for one; with a topic, the sections it names
    (:func:`find`), or, when it names none, that it names none and the list of topics. The
    framework's words in the current language; give :func:`read_sections` for the sections'
    own in it too."""
    if not sections:
        return [_t("this game offers no rules text")]
    if not topic.strip():
        intro = _t("How to play: type ? and a topic (? {key}) for a section.", key=sections[0].key)
        listing = textwrap.wrap(intro, width)
        listing.extend(f"  {s.key:<16} {s.title}"[:width] for s in sections)
        return listing
    found = find(sections, topic)
    if not found:
        return textwrap.wrap(
            _t(
                "no rules topic matches {topic}; {topics}",
                topic=repr(topic.strip()),
                topics=topics_line(sections),
            ),
            width,
        )
    lines: list[str] = []
    for section in found:
        if lines:
            lines.append("")
        lines.extend(section_lines(section, width))
    return lines


def sections_data(sections: Sequence[RulesSection]) -> list[dict[str, object]]:
    """The sections as JSON-ready data, for the web page's help panel and tooltips: each with
    ``key``, ``title``, ``clauses`` and ``paragraphs``."""
    return [
        {
            "key": s.key,
            "title": s.title,
            "clauses": list(s.clauses),
            "paragraphs": list(s.paragraphs),
        }
        for s in sections
    ]


def markdown(name: str, title: str, sections: Sequence[RulesSection]) -> str:
    """The sections as Markdown, for the docs' generated rules pages: a ``##`` heading with the
    game's ``title``, then a ``###`` heading per section, anchored ``NAME-KEY`` (``khan-conquer``),
    with its clause IDs."""
    out = [f"## {title}", ""]
    for section in sections:
        out.append(f"### {section.title} {{#{name}-{section.key}}}")
        out.append("")
        if section.clauses:
            out.append(f"*Rules: {', '.join(section.clauses)}*")
            out.append("")
        for paragraph in section.paragraphs:
            out.extend(textwrap.wrap(paragraph, 100, break_on_hyphens=False))
            out.append("")
    return "\n".join(out).rstrip() + "\n"
