"""docs/khan.md names every clause of the spec (its examples run in tests/test_docs.py)."""

from __future__ import annotations

from pathlib import Path

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


def test_doc_names_every_clause() -> None:
    """The page carries every clause ID of rules/khan.md, in bold where it is explained."""
    text = DOC.read_text(encoding="utf-8")
    for clause in SPEC_CLAUSES:
        assert f"**{clause}**" in text, clause
    assert "khan-board.md" in text
