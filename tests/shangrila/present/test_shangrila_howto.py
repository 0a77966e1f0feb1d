"""Shangrila's how-to-play sections name only clauses of the rules digest that
docs/shangrila.md carries, and cover its three actions, the journey's cases and the end."""

from __future__ import annotations

import re
from pathlib import Path

from boardkit.present.rules import for_path, for_rule, sections_of
from boardkit_shangrila.game import ShangrilaGame

DOCS = Path(__file__).resolve().parents[3] / "docs" / "shangrila.md"
SECTIONS = sections_of(ShangrilaGame())


def test_every_clause_of_a_section_is_in_the_rules_digest() -> None:
    digest = set(re.findall(r"\bS-[A-Z]\d+[a-z]?\b", DOCS.read_text(encoding="utf-8")))
    clauses = [c for s in SECTIONS for c in s.clauses]
    assert clauses and len(clauses) == len(set(clauses))
    assert set(clauses) <= digest, set(clauses) - digest


def test_the_actions_and_the_rules_that_refuse_them_have_sections() -> None:
    for label, key in [
        ("setup master", "setup-master"),
        ("place master", "place-master"),
        ("recruit students", "recruit-students"),
        ("journey", "journey"),
        ("pass", "turn"),
    ]:
        section = for_path(SECTIONS, (label, "village 4"))
        assert section is not None and section.key == key, label
    for rule, key in [("S-A1", "place-master"), ("S-A3c", "journey"), ("S-P1", "turn")]:
        section = for_rule(SECTIONS, rule)
        assert section is not None and section.key == key, rule
