"""A Griffe extension for the API reference: Sphinx roles in docstrings become links.

boardkit's docstrings are written for Sphinx (``:class:`~boardkit.errors.IllegalActionError```,
``:meth:`Match.undo```, ``Example::``). mkdocstrings renders docstrings as Markdown, where the
roles would show as raw text. When a package is loaded, this extension rewrites every docstring:

- a role becomes an autorefs cross-reference, ``<autoref optional identifier="full.path">``:
  a link when the target is on the site, the plain name in code font otherwise. Names are
  resolved the way Python would, from the object's scope (its members, its module's imports);
  ``~`` shows only the last component, ``.name`` finds a unique object ending in ``name``, and
  ``title <target>`` shows the title;
- a paragraph ending in ``::`` ends in ``:`` (the indented block after it is already a code
  block in Markdown), and a ``::`` line on its own goes.

Used from ``mkdocs.yml`` (``extensions: [docs/_hooks/rest_roles.py]``); nothing imports it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import griffe

ROLE = re.compile(
    r":(?:py:)?(?P<role>class|meth|func|mod|attr|data|exc|obj|const):`(?P<body>[^`]+)`"
)
EXPLICIT = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$")
LITERAL_MARKER = re.compile(r"(?m)^(?P<text>.*?)(?P<space>\s?)::$")


def _walk(obj: griffe.Object) -> Iterator[griffe.Object]:
    yield obj
    for member in obj.members.values():
        if not member.is_alias and isinstance(member, griffe.Object):
            yield from _walk(member)


def _index(pkg: griffe.Object) -> dict[str, list[str]]:
    """Every object of the package by its last name component."""
    names: dict[str, list[str]] = {}
    for obj in _walk(pkg):
        names.setdefault(obj.name, []).append(obj.path)
    return names


def resolve(scope: griffe.Object, target: str, index: dict[str, list[str]]) -> str | None:
    """The full path of ``target`` as seen from ``scope``, or ``None``."""
    if target.startswith("."):
        suffix = target[1:]
        found = resolve(scope, suffix, index)
        if found is not None:
            return found
        package = scope.module.package.path if scope.module.parent else scope.module.path
        near = f"{scope.module.parent.path}.{suffix}" if scope.module.parent else None
        matches = [p for paths in index.values() for p in paths if p.endswith("." + suffix)]
        if near in matches:
            return near
        matches = [p for p in matches if p.startswith(package + ".")] or matches
        return matches[0] if len(matches) == 1 else None
    first, _, rest = target.partition(".")
    try:
        head = scope.resolve(first)
    except Exception:  # Griffe's NameResolutionError, or anything odd: no link
        if first in {"boardkit", "boardkit_khan", "boardkit_shangrila"}:
            return target
        candidates = index.get(first, [])
        if len(candidates) != 1:
            return None
        head = candidates[0]
    return f"{head}.{rest}" if rest else head


def rewrite(text: str, scope: griffe.Object, index: dict[str, list[str]]) -> str:
    """``text`` with its roles as autorefs and its ``::`` markers as Markdown."""

    def role(match: re.Match[str]) -> str:
        body = match["body"].strip()
        explicit = EXPLICIT.match(body)
        if explicit:
            title, target = explicit["title"], explicit["target"]
        else:
            target = body.lstrip("~")
            title = target.rsplit(".", 1)[-1] if body.startswith("~") else target.lstrip(".")
        target = target.lstrip("~").removesuffix("()")
        if match["role"] in {"func", "meth"} and not title.endswith("()"):
            title += "()"
        code = f"<code>{html.escape(title)}</code>"
        path = resolve(scope, target, index)
        if path is None:
            return code
        return f'<autoref optional identifier="{html.escape(path)}">{code}</autoref>'

    def marker(match: re.Match[str]) -> str:
        text = match["text"]
        if not text.strip():
            return ""
        return text + ("" if match["space"] else ":")

    return LITERAL_MARKER.sub(marker, ROLE.sub(role, text))


class RestRoles(griffe.Extension):
    """Rewrite the docstrings of every loaded package (see the module docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        index = _index(pkg)
        for obj in _walk(pkg):
            if obj.docstring is not None:
                obj.docstring.value = rewrite(obj.docstring.value, obj, index)
