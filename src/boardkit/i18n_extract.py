"""The message ids Babel's Python extractor cannot see: each paragraph of a how-to-play section.

A game writes its sections' text as it reads (:class:`boardkit.howto.RulesSection`, a
triple-quoted string of paragraphs), and each paragraph, on one line as
:func:`boardkit.howto.paragraphs_of` makes it, is a message id of the game's catalogue. Babel's
``python`` extractor finds only the calls of keywords (``N_("The goal")``), so the extraction
uses :func:`extract` instead: everything the ``python`` extractor finds, and the paragraphs of
the text of every ``RulesSection(...)`` written with a literal text (its fourth argument, or
``text=``). ``babel.cfg`` names it::

    [extractors]
    boardkit = boardkit.i18n_extract:extract

    [boardkit: **.py]

Babel is needed only to extract (``scripts/i18n.sh``), never to play: it is imported when
:func:`extract` runs.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from boardkit.howto import paragraphs_of

TEXT_ARGUMENT = 3
"""Where a ``RulesSection(key, title, clauses, text)`` call gives its text by position."""


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method for a Python source: what ``python`` extracts, then each
    how-to-play paragraph, as ``(line, None, paragraph, [])`` at the line its text starts
    (Babel reads an extraction method's results as ``(line, function, message, comments)``;
    its own type hints name another order, hence the loose type here)."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    encoding = str(options.get("encoding", "utf-8"))
    python = extract_python(io.BytesIO(source), keywords, comment_tags, {"encoding": encoding})
    yield from python
    for line, paragraph in section_paragraphs(source.decode(encoding)):
        yield line, None, paragraph, []


def section_paragraphs(source: str) -> list[tuple[int, str]]:
    """The paragraphs of every ``RulesSection(...)`` in the Python ``source`` whose text is a
    literal string, each with the line its text starts on, in the order written."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or _called_name(node.func) != "RulesSection":
            continue
        text = next((k.value for k in node.keywords if k.arg == "text"), None)
        if text is None and len(node.args) > TEXT_ARGUMENT:
            text = node.args[TEXT_ARGUMENT]
        if isinstance(text, ast.Constant) and isinstance(text.value, str):
            found.extend((text.lineno, paragraph) for paragraph in paragraphs_of(text.value))
    return sorted(found, key=lambda pair: pair[0])


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


__all__ = ["extract", "section_paragraphs"]
