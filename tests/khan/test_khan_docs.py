"""docs/khan.md: the worked example runs, and the page names every clause of the spec."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "khan.md"
SPEC_CLAUSES = [
    *(f"K-C{i}" for i in range(1, 8)),
    *(f"K-S{i}" for i in range(1, 6)),
    *(f"K-T{i}" for i in range(1, 6)),
    *(f"K-R{i}" for i in range(1, 6)),
    "K-A-A",
    "K-A-B",
    "K-A-C",
    *(f"K-A-C{i}" for i in range(1, 8)),
    "K-A-D",
    *(f"K-X{i}" for i in range(1, 6)),
    *(f"K-E{i}" for i in range(1, 4)),
    *(f"K-V{i}" for i in range(1, 5)),
    "K-H1",
]


def test_doc_code_blocks_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ```python block of the page runs, in order, in one namespace."""
    monkeypatch.chdir(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)


def test_doc_names_every_clause() -> None:
    """The page carries every clause ID of rules/khan.md, in bold where it is explained."""
    text = DOC.read_text(encoding="utf-8")
    for clause in SPEC_CLAUSES:
        assert f"**{clause}**" in text, clause
    assert "khan-board.md" in text
