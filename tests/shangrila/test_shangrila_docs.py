"""docs/shangrila.md names every clause (its examples run in tests/test_docs.py)."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "shangrila.md"

CLAUSES = [
    *(f"S-C{i}" for i in range(1, 5)),
    *(f"S-S{i}" for i in range(1, 5)),
    "S-A1",
    "S-A2",
    "S-A3",
    *(f"S-A3{c}" for c in "abcde"),
    "S-P1",
    "S-E1",
    "S-E2",
    "S-H1",
]


def test_doc_names_every_clause() -> None:
    """Docs carry the same clause IDs as the spec."""
    text = DOC.read_text(encoding="utf-8")
    for clause in CLAUSES:
        assert f"**{clause}**" in text, clause
