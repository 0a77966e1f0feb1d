"""Translations: texts as message ids with parameters, rendered in the reader's language.

A text people read is written in English as a gettext message id with ``{name}`` placeholders,
and kept as a :class:`Message` (the id and its parameters) until someone reads it: then
:meth:`Message.text` looks the id up in the catalogue of the reader's language and fills the
placeholders, parameters that are messages themselves (a colour, a guild) rendered in the same
language. So one narrated event can be read in three languages at once, by three readers.

Each package ships its own catalogue: ``PACKAGE/locale/LANG/LC_MESSAGES/PACKAGE.mo``, compiled
from the ``.po`` file beside it (``scripts/i18n.sh``); its gettext domain is the package's import
name. A package's texts come from a :class:`Messages` of its domain::

    from boardkit.i18n import Message, Messages

    _m = Messages("boardkit")
    over = _m("game over: {outcome}", outcome="ann wins")
    print(over.text("de"))  # Spielende: ann wins

English is the language of the message ids, so it needs no catalogue, and a message a catalogue
lacks reads in English. Catalogues are read on first use, never at import.

The language a process shows is :func:`language`: English unless :func:`set_language` chose
another (the command line's ``--lang``, whose default :func:`locale_language` reads from the
environment as gettext does).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from attrs import field, frozen

from boardkit.errors import InvalidOptionsError

if TYPE_CHECKING:
    import gettext

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "Message",
    "Messages",
    "domain_of",
    "language",
    "locale_language",
    "normal_language",
    "reading_in",
    "set_language",
    "translations",
    "using_language",
]

ENGLISH = "en"
"""The language of the message ids: shown where no catalogue says otherwise."""

LANGUAGES: tuple[str, ...] = ("en", "de", "nl")
"""The languages boardkit's own texts are translated to (a game may offer fewer: its texts
missing in a language read in English)."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: str | None = None

_reader: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "boardkit_reader", default=None
)
"""The language of the reader a front end with many readers renders for now
(:func:`reading_in`): per thread and per asyncio task, so that two connections rendered at once
on two threads or in two tasks each read their own."""


def normal_language(name: str) -> str:
    """A language as boardkit names it: ``de_DE.UTF-8`` → ``de``, ``NL`` → ``nl``; raises
    :class:`~boardkit.errors.InvalidOptionsError` for one boardkit has no texts in."""
    if name in LANGUAGES:  # already as boardkit names it (every frame a server renders)
        return name
    code = name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code not in LANGUAGES:
        raise InvalidOptionsError(
            f"no texts in the language {name!r}; languages: {', '.join(LANGUAGES)}"
        )
    return code


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of ``LANGUAGE``
    (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, its first
    language boardkit has texts in; English when none is (``C`` and ``POSIX`` are English)."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            try:
                return normal_language(name)
            except InvalidOptionsError:
                continue
        if variable != "LANGUAGE":  # the first locale variable set decides, as in gettext
            return ENGLISH
    return ENGLISH


def set_language(name: str | None) -> None:
    """Show texts in the language ``name`` from now on (``None``: English again)."""
    global _chosen
    _chosen = None if name is None else normal_language(name)


@contextlib.contextmanager
def using_language(name: str | None) -> Iterator[None]:
    """Show texts in the language ``name`` inside the ``with`` block, and in the language
    chosen before it after it (a command run in-process leaves the caller's choice alone)."""
    global _chosen
    before = _chosen
    set_language(name)
    try:
        yield
    finally:
        _chosen = before


@contextlib.contextmanager
def reading_in(name: str | None) -> Iterator[None]:
    """Render texts for a reader of the language ``name`` inside the ``with`` block, in this
    thread or asyncio task only (``None``: the process's language, :func:`set_language`'s).

    A server renders each connection's narration, prompts and refusals inside one: unlike
    :func:`using_language`, which changes the process's choice, two blocks running at once on
    two threads never see each other's language."""
    token = _reader.set(None if name is None else normal_language(name))
    try:
        yield
    finally:
        _reader.reset(token)


def language() -> str:
    """The language texts are shown in when the caller names none: :func:`set_language`'s,
    else English (a library does not follow the locale on its own; the command line does).

    The choice is the process's, for a front end with one reader (a terminal); a front end
    with many readers (the server) renders each reader's messages with
    :meth:`Message.text` and the reader's language instead, or inside :func:`reading_in`,
    whose reader's language comes first."""
    return _reader.get() or _chosen or ENGLISH


@functools.cache
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The catalogue of package ``domain`` for language ``lang`` (English, a language the
    package has no catalogue for: the message ids themselves). Read once, then kept."""
    import gettext
    import io
    from importlib import resources

    if lang == ENGLISH:
        return gettext.NullTranslations()
    base = resources.files(domain) / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"
    try:
        data = base.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


def domain_of(thing: object) -> str:
    """The gettext domain of the package ``thing``'s class comes from: its top-level import
    name (a Khan game object: ``boardkit_khan``). A game's texts that the framework shows (its
    how-to-play titles, its menu labels) are looked up in this domain's catalogue."""
    return type(thing).__module__.partition(".")[0]


def _params(
    values: Mapping[str, str | int | Message] | Iterable[tuple[str, str | int | Message]],
) -> tuple[tuple[str, str | int | Message], ...]:
    """The parameters as name-value pairs sorted by name: equal messages compare equal."""
    if type(values) is dict:  # keyword arguments: names are distinct, so values never compare
        return tuple(sorted(values.items())) if len(values) > 1 else tuple(values.items())
    pairs = values.items() if isinstance(values, Mapping) else values
    return tuple(sorted(pairs, key=lambda pair: pair[0]))


def N_(msgid: str) -> str:
    """``msgid`` itself: marks a message id for the extraction where the :class:`Message` is
    made elsewhere (gettext's usual name for it)."""
    return msgid


@frozen
class Message:
    """A text not yet rendered: package ``domain``'s message id ``msgid`` (English, with
    ``{name}`` placeholders) and the parameters that fill them. Equal messages read the same
    in every language, so a message can stand for its text in a log, on the wire or in a test."""

    domain: str
    msgid: str
    params: tuple[tuple[str, str | int | Message], ...] = field(default=(), converter=_params)

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: :func:`language`), its parameters too."""
        lang = language() if lang is None else lang
        pattern = translations(self.domain, lang).gettext(self.msgid)
        values = {
            name: value.text(lang) if isinstance(value, Message) else value
            for name, value in self.params
        }
        return pattern.format_map(values)

    def __str__(self) -> str:
        return self.text()


@frozen
class Messages:
    """The texts of package ``domain``: calling it makes a :class:`Message`, :meth:`text`
    renders one at once. Bind it to a short name the extraction knows (``_m``; ``_t`` for
    :meth:`text`, see ``babel.cfg``)."""

    domain: str

    def __call__(self, msgid: str, /, **params: str | int | Message) -> Message:
        return Message(self.domain, msgid, params)

    def text(self, msgid: str, /, **params: str | int | Message) -> str:
        """``msgid`` with ``params`` in the current :func:`language`."""
        return Message(self.domain, msgid, params).text()
