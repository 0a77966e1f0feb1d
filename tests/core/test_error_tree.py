"""The tree of errors in docs/concepts.md is the package's: every exported error, each under
its real parent."""

from __future__ import annotations

import inspect
from pathlib import Path

import boardkit
from boardkit.errors import BoardkitError

PAGE = Path(__file__).resolve().parents[2] / "docs" / "concepts.md"


def _tree() -> dict[str, str | None]:
    """Each class named in the page's tree, with the class it hangs under."""
    text = PAGE.read_text(encoding="utf-8").split("## Errors", 1)[1]
    block = text.split("```text\n", 1)[1].split("```", 1)[0]
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in block.splitlines():
        name_at = next(i for i, ch in enumerate(line) if ch.isalpha())
        name = line[name_at:].split()[0]
        while stack and stack[-1][0] >= name_at:
            stack.pop()
        parents[name] = stack[-1][1] if stack else None
        stack.append((name_at, name))
    return parents


def test_the_docs_tree_lists_every_exported_error_under_its_parent() -> None:
    exported = {
        name: value
        for name in boardkit.__all__
        if inspect.isclass(value := getattr(boardkit, name)) and issubclass(value, BoardkitError)
    }
    tree = _tree()
    assert set(tree) == set(exported)
    for name, parent in tree.items():
        cls = exported[name]
        if parent is None:
            assert cls is BoardkitError
        else:
            assert exported[parent] in cls.__bases__, (name, parent)
