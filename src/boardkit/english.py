"""Plain English for messages: numbers with their nouns, articles, lists of words.

The framework words its errors with these (``unknown options a and b``, ``an int``), and the
presentation kit (:mod:`boardkit.present.voice`) words narration with them, so they sit here,
below both.
"""

from __future__ import annotations

from collections.abc import Sequence


def count_of(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` things, the noun agreeing with the number: ``1 stone``, ``0 stones``, ``3 stones``.

    The plural is ``singular + "s"`` unless given (``count_of(2, "entry", "entries")``).
    """
    return f"{n} {noun_for(n, singular, plural)}"


def noun_for(n: int, singular: str, plural: str | None = None) -> str:
    """The noun alone, agreeing with ``n``: for lists that follow it (``unknown keys a, b``)."""
    return singular if n == 1 else plural or singular + "s"


_AN_EXCEPTIONS = ("one", "uni", "use", "usu", "eu")


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: ``an int``, ``a str``, ``an Astrologer``, ``a
    unicorn``. Decided by the spelling (a vowel letter takes ``an``, with the common
    exceptions that sound like "you" or "one"), which is right for the words boardkit uses."""
    lowered = word.lower()
    vowel = lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(_AN_EXCEPTIONS)
    return f"{'an' if vowel else 'a'} {word}"


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; empty text for no words."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
