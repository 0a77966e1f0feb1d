"""Every Python example in docs/ and the README runs: a page's blocks run in order, in one
namespace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_blocks(page: Path) -> list[str]:
    """The page's ```python blocks, except included source files (shown, not run)."""
    return [b for b in BLOCK.findall(page.read_text(encoding="utf-8")) if "--8<--" not in b]


README = DOCS.parent / "README.md"
PAGES = [*sorted(p for p in DOCS.glob("*.md") if python_blocks(p)), README]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for number, block in enumerate(python_blocks(page), start=1):
        code = compile(block, f"{page.name} (python block {number})", "exec")
        exec(code, namespace)


def test_the_pages_have_examples() -> None:
    names = {p.name for p in PAGES}
    assert {"index.md", "concepts.md", "tutorial.md", "README.md"} <= names
