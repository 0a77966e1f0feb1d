"""Menus of legal actions for people: a tree of labels, and a person's walk through it.

A game can have hundreds of legal actions (Khan's conquests, Shangrila's journeys); nobody wants
to pick one from a flat list. :class:`ActionMenu` arranges them in a tree built from
:meth:`~boardkit.game.Game.action_path`: each level shows the distinct labels with the number of
actions under each, and a level with a single line that opens another level is passed through.
:class:`MenuWalk` is where a person is in that tree (the level shown, the way back up, a flat
listing of everything under a level), and :func:`match_item` reads what they typed: a 1-based
line number, the start of a label or the start of a word it shows, case ignored.

A label is what a person types (the game's notation, ``C: conquer``, ``E7``); what a person
reads may be its translation (:func:`shown_label`): the game marks its fixed labels as message
ids of its own catalogue (``N_("C: conquer")``), and a reader of German sees ``C: erobern``;
labels made of a fixed text and values (``village 3``) are read through the patterns the game
declares in :attr:`~boardkit.game.Game.menu_label_templates` (``N_("village {village}")``:
``Dorf 3``), by a :class:`LabelReader`. A typed text picks a line by its label first, then by
the words shown.

Nothing here reads or prints: the terminal (:mod:`boardkit.terminal.play`) and a web front end draw
the same menus their own way, and every front end picks actions by the same rules.
"""

from __future__ import annotations

import functools
import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from attrs import frozen

from boardkit.errors import GameDefinitionError
from boardkit.game import Game
from boardkit.i18n import ENGLISH, Messages, domain_of, language, translations

_t = Messages("boardkit").text


def shown_label(game: Game[Any, Any], label: str) -> str:
    """A menu label as a person reads it in the current :func:`~boardkit.i18n.language`: its
    translation in the catalogue of the game's gettext domain (:func:`~boardkit.i18n.
    domain_of`), or rendered from the translation of the game's label template it matches
    (:class:`LabelReader`), or the label as written when neither gives one (a cell such as
    ``E7``, a name). The label itself stays what is typed."""
    return label_reader(game)(label)


def label_reader(game: Game[Any, Any]) -> Callable[[str], str]:
    """:func:`shown_label` for many labels of ``game`` in the current language: the
    :class:`LabelReader` of the game's domain, patterns and language, made once and kept (a
    server reads some fifty labels an entry, each once per language)."""
    lang = language()
    if lang == ENGLISH:  # the message ids are English: every label reads as written
        return _as_written
    return _reader(domain_of(game), tuple(game.menu_label_templates), lang)


def _as_written(label: str) -> str:
    return label


@functools.lru_cache(maxsize=64)
def _reader(domain: str, templates: tuple[str, ...], lang: str) -> LabelReader:
    return LabelReader(domain, templates, lang)


KEPT_LABELS = 4096
"""The most labels a :class:`LabelReader` remembers the reading of (a Khan match reads a few
hundred: cells, cards, lists of cards to discard)."""


class LabelReader:
    """Menu labels of one game as a reader of ``lang`` reads them.

    A label is looked up in the catalogue of the game's gettext ``domain`` as a whole
    (``C: conquer``); else it is matched against the ``templates``
    (:attr:`~boardkit.game.Game.menu_label_templates`), in order: the first that matches the
    whole label is rendered from its translation, each value read again as a label (so
    ``Healer @ 3`` is ``Heiler @ 3``, ``card Seljuk/NE/Tundra`` is ``Karte Seljuk/NO/Tundra``);
    a label nothing matches reads as written. Each label's reading is remembered (up to
    ``kept`` of them, then the memory starts afresh), so a label read again costs one
    dictionary look-up.

    Raises :class:`~boardkit.errors.GameDefinitionError` for a template without fixed text or
    with a name twice: it could not be matched back.
    """

    def __init__(
        self, domain: str, templates: Sequence[str], lang: str, kept: int = KEPT_LABELS
    ) -> None:
        self.lang = lang
        self.kept = kept
        self._gettext = translations(domain, lang).gettext
        self._patterns = [
            (_template_pattern(domain, template), self._gettext(template)) for template in templates
        ]
        self._read: dict[str, str] = {}

    @property
    def remembered(self) -> int:
        """How many labels' readings it holds now (never more than ``kept``)."""
        return len(self._read)

    def __call__(self, label: str) -> str:
        shown = self._read.get(label)
        if shown is None:
            shown = self._shown(label)  # may remember its values first
            if len(self._read) >= self.kept:
                self._read.clear()
            self._read[label] = shown
        return shown

    def _shown(self, label: str) -> str:
        whole = self._gettext(label)
        if whole != label:
            return whole
        for pattern, translated in self._patterns:
            found = pattern.fullmatch(label)
            if found is not None:
                values = {name: self(value) for name, value in found.groupdict().items()}
                return translated.format(**values)
        return label


def _template_pattern(domain: str, template: str) -> re.Pattern[str]:
    """The regular expression that matches the labels ``template`` makes: its fixed text as
    written, each ``{name}`` at least one character (as few as the match allows)."""
    parts: list[str] = []
    names: list[str] = []
    fixed = ""
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        fixed += literal
        if name is not None:
            if not name.isidentifier() or name in names:
                raise GameDefinitionError(
                    f"{domain}: the menu label template {template!r} names {name!r} "
                    "twice or not as a plain name"
                )
            names.append(name)
            parts.append(f"(?P<{name}>.+?)")
    if not fixed.strip():
        raise GameDefinitionError(
            f"{domain}: the menu label template {template!r} has no fixed text to match"
        )
    return re.compile("".join(parts), re.DOTALL)


@frozen
class MenuItem:
    """One line of a menu: a label and the indices of the actions it leads to.

    ``leaf`` is true when choosing the line plays its single action; otherwise it opens the next
    level, whose prefix is the current prefix plus ``label``. ``shown`` is the label as the
    reader reads it (:func:`shown_label`) where that differs from the label typed.
    """

    label: str
    actions: tuple[int, ...]
    leaf: bool
    shown: str | None = None

    @property
    def text(self) -> str:
        """What the line shows: :attr:`shown`, else the label."""
        return self.label if self.shown is None else self.shown


class ActionMenu:
    """The legal actions as a tree of labels, from :meth:`Game.action_path`.

    A level is named by its prefix (the labels chosen so far). Actions whose path ends exactly
    at a level (a game whose paths are prefixes of one another, or two actions with the same
    path) appear there as leaves labelled with :meth:`Game.describe_action`, made unique.
    ``state`` is the position the menu is for; both label methods receive it.
    """

    def __init__(
        self, game: Game[Any, Any], actions: Sequence[Any], state: Any | None = None
    ) -> None:
        self.game = game
        self.actions = list(actions)
        self.state = state
        self.paths: list[tuple[str, ...]] = []
        for action in self.actions:
            path = tuple(str(label) for label in game.action_path(action, state))
            self.paths.append(path or (game.describe_action(action, state),))

    def under(self, prefix: tuple[str, ...]) -> list[int]:
        """Indices of the actions whose path starts with ``prefix``."""
        depth = len(prefix)
        return [i for i, path in enumerate(self.paths) if path[:depth] == prefix]

    def items(self, prefix: tuple[str, ...]) -> list[MenuItem]:
        """The lines of the level at ``prefix``, in the order the game listed the actions."""
        depth = len(prefix)
        groups: dict[str, list[int]] = {}
        ends: list[int] = []
        for i in self.under(prefix):
            if len(self.paths[i]) > depth:
                groups.setdefault(self.paths[i][depth], []).append(i)
            else:
                ends.append(i)
        items: list[MenuItem] = []
        taken = set(groups)
        for i in ends:
            label = self._unique(self._describe(i), taken)
            taken.add(label)
            items.append(MenuItem(label, (i,), True))
        for label, members in groups.items():
            leaf = len(members) == 1 and len(self.paths[members[0]]) == depth + 1
            items.append(MenuItem(label, tuple(members), leaf, self._shown(label)))
        return items

    def label_text(self, label: str) -> str:
        """``label`` as the reader reads it (:func:`shown_label`)."""
        return shown_label(self.game, label)

    def _shown(self, label: str) -> str | None:
        shown = self.label_text(label)
        return None if shown == label else shown

    def descend(self, prefix: tuple[str, ...]) -> tuple[str, ...]:
        """``prefix``, or deeper while a level has a single line that opens another level
        (a level with nothing to choose is passed through without asking)."""
        while True:
            items = self.items(prefix)
            if len(items) == 1 and not items[0].leaf:
                prefix = (*prefix, items[0].label)
            else:
                return prefix

    def paths_at(self, prefix: tuple[str, ...]) -> set[str]:
        """The labels the legal actions put right after ``prefix``."""
        depth = len(prefix)
        return {path[depth] for path in self.paths if len(path) > depth and path[:depth] == prefix}

    def places_named(self, prefix: tuple[str, ...], text: str) -> list[tuple[str, ...]]:
        """The places below the level at ``prefix`` (past its own lines) whose label is
        ``text`` typed out in full, case ignored, or else the one label there with a word that
        ``text`` starts: each place as the prefix that ends with it, in the order the game
        listed the actions. Khan's cell ``K10`` under a region under a card, found from the
        card's level; Shangrila's ``yeti`` at the recruiting level, where the Yeti whisperer
        is only ever the second student of a pair."""
        depth = len(prefix)
        wanted = text.strip().casefold()
        if not wanted:
            return []
        exact: dict[tuple[str, ...], None] = {}
        starts: dict[tuple[str, ...], None] = {}
        for i in self.under(prefix):
            path = self.paths[i]
            for k in range(depth + 1, len(path)):
                if path[k].casefold() == wanted:
                    exact.setdefault(path[: k + 1])
                elif any(w.startswith(wanted) for w in _words(path[k])):
                    starts.setdefault(path[: k + 1])
        if exact:
            return list(exact)
        return list(starts) if len({place[-1] for place in starts}) == 1 else []

    def flat_items(self, prefix: tuple[str, ...]) -> list[MenuItem]:
        """Every action under ``prefix`` as a leaf, labelled with the rest of its path."""
        depth = len(prefix)
        items: list[MenuItem] = []
        taken: set[str] = set()
        for i in self.under(prefix):
            rest = self.paths[i][depth:]
            joined = " / ".join(rest) if rest else self._describe(i)
            label = self._unique(joined, taken)
            taken.add(label)
            shown = self._shown_path(rest) if rest else None
            if shown is not None:  # with the " [2]" that makes the label unique, if any
                shown += label[len(joined) :]
            items.append(MenuItem(label, (i,), True, shown))
        return items

    def _shown_path(self, labels: Sequence[str]) -> str | None:
        shown = " / ".join(self.label_text(label) for label in labels)
        return None if shown == " / ".join(labels) else shown

    def _describe(self, index: int) -> str:
        return self.game.describe_action(self.actions[index], self.state)

    @staticmethod
    def _unique(label: str, taken: set[str]) -> str:
        if label not in taken:
            return label
        n = 2
        while f"{label} [{n}]" in taken:
            n += 1
        return f"{label} [{n}]"


def absent_reasons(
    game: Game[Any, Any],
    state: Any,
    path: tuple[str, ...],
    candidates: Iterable[Any],
    refuse: Callable[[Any], str | None],
    summary: Callable[[str, int, str], str] | None = None,
) -> dict[str, str]:
    """The labels the ``candidates`` (actions a person may look for) would put at the menu level
    ``path`` and no legal action puts there, each with why: what a game's
    :meth:`~boardkit.game.Game.why_not` returns.

    ``refuse(action)`` is the rules' plain reason for refusing a candidate (``None``: it is
    legal). A label that stands for several refused candidates (a region of cells) gets their
    reason when they share one, else says that none is open, with the most common reason as an
    example; ``summary(label, total, example)`` words that in the game's terms instead ("the
    L-tetromino fits nowhere now").
    """
    depth = len(path)
    present = ActionMenu(game, game.legal_actions(state), state).paths_at(path)
    found: dict[str, Counter[str]] = {}
    for action in candidates:
        full = tuple(game.action_path(action, state))
        if len(full) <= depth or full[:depth] != path or full[depth] in present:
            continue
        reason = refuse(action)
        if reason is not None:
            found.setdefault(full[depth], Counter())[reason] += 1
    out = {}
    for label, reasons in found.items():
        if len(reasons) == 1:
            out[label] = next(iter(reasons))
            continue
        example = reasons.most_common(1)[0][0]
        total = sum(reasons.values())
        if summary is not None:
            out[label] = summary(label, total, example)
        else:
            out[label] = _t(
                "none of the {total} choices under it is open (for example: {example})",
                total=total,
                example=example,
            )
    return out


def absent_item(absent: dict[str, str], text: str) -> tuple[str, str] | None:
    """The absent label (of :func:`absent_reasons`) a person's ``text`` names, with its reason:
    by the number it ends or starts with, by its start or the start of a word it shows."""
    lowered = text.casefold()
    if _is_number(text):
        hits = [
            label
            for label in absent
            if label.rsplit(" ", 1)[-1] == text or label.split(" ", 1)[0] == text
        ]
    else:
        hits = [label for label in absent if label.casefold() == lowered]
        hits = hits or [label for label in absent if label.casefold().startswith(lowered)]
        hits = hits or [
            label for label in absent if any(w.startswith(lowered) for w in _words(label))
        ]
    return (hits[0], absent[hits[0]]) if len(hits) == 1 else None


def _words(label: str) -> list[str]:
    """The words of a label, case folded (split at anything that is not a letter or digit)."""
    return [w for w in re.split(r"[^\w]+", label.casefold()) if w]


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def line_numbers(items: Sequence[MenuItem]) -> list[int]:
    """The numbers the lines of a level are shown and typed with: the number each label ends
    with when every label ends with a different one (``village 12`` is line 12), else the
    number each starts with when every label starts with a different one (``2 cards`` is line
    2), else 1, 2, …"""
    labels = [item.label for item in items]
    ends = [label.rsplit(" ", 1)[-1] for label in labels]
    starts = [label.split(" ", 1)[0] for label in labels]
    for words in (ends, starts):
        if items and all(_is_number(w) for w in words) and len(set(map(int, words))) == len(words):
            return [int(w) for w in words]
    return list(range(1, len(items) + 1))


def numbers_text(items: Sequence[MenuItem]) -> str:
    """The line numbers of a level as a person may type them: ``1 to 6`` when they run from 1,
    else each one (``one of 1, 4, 8, 9``: Shangrila's villages)."""
    numbers = line_numbers(items)
    if numbers == list(range(1, len(items) + 1)):
        return _t("1 to {last}", last=len(items))
    return _t("one of {numbers}", numbers=", ".join(map(str, numbers)))


def typing_hint(items: Sequence[MenuItem]) -> str:
    """What to type to choose a line: ``type a number from 1 to 6``, or ``type one of 1, 4, 8``
    where the lines are numbered by what they name."""
    numbers = line_numbers(items)
    if numbers == list(range(1, len(items) + 1)):
        return _t("type a number from 1 to {last}", last=len(items))
    return _t("type one of {numbers}", numbers=", ".join(map(str, numbers)))


def _typed(item: MenuItem) -> str:
    return item.label


def _shown(item: MenuItem) -> str:
    return item.text


def items_starting(items: Sequence[MenuItem], text: str) -> list[MenuItem]:
    """The lines ``text`` (not a number) may pick, case ignored: the one whose label it is,
    else those whose label it starts, else those with a word it starts. One line: ``text``
    picks it; none: the level knows nothing of ``text``; several: it is ambiguous."""
    lowered = text.casefold()
    for names in ((item.label for item in items), (item.text for item in items)):
        exact = [
            item for item, name in zip(items, names, strict=True) if name.casefold() == lowered
        ]
        if len(exact) == 1:
            return exact
    readings: tuple[Callable[[MenuItem], str], ...] = (_typed, _shown)  # typed, then shown
    for read in readings:
        starts = [item for item in items if read(item).casefold().startswith(lowered)]
        if starts:
            return starts
    # a word the label shows will do too: "nizari" picks "invade with Nizari/W/Ice desert"
    for read in readings:
        words = [item for item in items if any(w.startswith(lowered) for w in _words(read(item)))]
        if words:
            return words
    return []


def match_item(items: Sequence[MenuItem], text: str) -> MenuItem | str:
    """The item ``text`` picks (a line number of :func:`line_numbers`, a label start or the
    start of a word it shows), or why it picks none."""
    if text.isdigit():
        numbers = line_numbers(items)
        number = int(text)
        if number in numbers:
            return items[numbers.index(number)]
        return _t(
            "there is no line {number}; choose {numbers}",
            number=number,
            numbers=numbers_text(items),
        )
    starts = items_starting(items, text)
    if len(starts) == 1:
        return starts[0]
    if not starts:
        return _t(
            "nothing here starts with {text}; {hint}, or ?",
            text=repr(text),
            hint=typing_hint(items),
        )
    shown = ", ".join(item.text for item in starts[:6]) + (", …" if len(starts) > 6 else "")
    return _t(
        "{text} is ambiguous ({count} lines start with it: {lines}); type more",
        text=repr(text),
        count=len(starts),
        lines=shown,
    )


class MenuWalk:
    """Where a person is in an :class:`ActionMenu`, from the top level down to one action.

    ``prefix`` names the level shown (the labels chosen so far; it starts at the first level
    with a choice to make); ``flat`` is true while every action under it is listed one per line
    (:meth:`ActionMenu.flat_items`).
    """

    def __init__(self, menu: ActionMenu) -> None:
        self.menu = menu
        self.prefix = menu.descend(())
        self.flat = False
        self._above: list[tuple[str, ...]] = []  # the levels shown before, innermost last

    def items(self) -> list[MenuItem]:
        """The lines of the level shown."""
        return self.menu.flat_items(self.prefix) if self.flat else self.menu.items(self.prefix)

    def list_all(self) -> None:
        """Show every action under this level, one per line."""
        self.flat = True

    def back(self) -> bool:
        """Go up one level (or out of the flat listing); ``False`` at the top, where it stays."""
        if self.flat:
            self.flat = False
        elif self._above:
            self.prefix = self._above.pop()
        else:
            return False
        return True

    def open(self, place: tuple[str, ...]) -> int | None:
        """Go straight to ``place`` (a prefix below this level, see
        :meth:`ActionMenu.places_named`): the index of its action when it holds a single one
        (a front end may ask before it plays it: a word typed at the wrong level can name an
        action nobody meant), else ``None`` after opening it; ``back`` returns to the level
        left."""
        under = self.menu.under(place)
        if len(under) == 1:
            return under[0]
        self._above.append(self.prefix)
        self.flat = False
        self.prefix = self.menu.descend(place)
        return None

    def enter(self, item: MenuItem) -> int | None:
        """Choose ``item``: the index of its action in ``menu.actions`` when it leads to a
        single action, else ``None`` after opening the level it names."""
        if len(item.actions) == 1:  # a leaf, or a group holding a single action
            return item.actions[0]
        self._above.append(self.prefix)
        self.prefix = self.menu.descend((*self.prefix, item.label))
        return None
