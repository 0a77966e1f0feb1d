"""Khan's how-to-play sections (boardkit_khan.present.howto) name only clauses of the rules
digest that docs/khan.md carries, and cover its actions and special cards; a bare cell typed
where it takes no yurt is refused with the rule's reason (K-A-A, K-S4, K-C1)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalActionError, Match
from boardkit.errors import ActionTextError
from boardkit.present.rules import for_rule, sections_of
from boardkit.rng import Rng
from boardkit_khan.game import KhanGame

DOCS = Path(__file__).resolve().parents[3] / "docs" / "khan.md"
SECTIONS = sections_of(KhanGame())


def test_every_clause_of_a_section_is_in_the_rules_digest() -> None:
    digest = set(re.findall(r"\bK-[A-Z](?:-[A-Z])?\d*\b", DOCS.read_text(encoding="utf-8")))
    clauses = [c for s in SECTIONS for c in s.clauses]
    assert clauses and len(clauses) == len(set(clauses))  # each clause in one section
    assert set(clauses) <= digest, set(clauses) - digest


def test_every_action_and_special_card_and_the_end_have_a_section() -> None:
    keys = {s.key for s in SECTIONS}
    wanted = {"goal", "turn", "invade", "displace", "conquer", "bridge", "invade-any-land"}
    wanted |= {"high-morale", "protection", "divine-support", "scout", "scoring", "end"}
    assert wanted <= keys
    for rule in ("K-A-A", "K-A-B", "K-A-C5", "K-A-D", "K-X1", "K-X5", "K-E2", "K-S4", "K-T2"):
        assert for_rule(SECTIONS, rule) is not None, rule


def mid_game(seed: int) -> Match[Any]:
    match: Match[Any] = Match.new("khan", ["ann", "bob"], seed=seed)
    rng = Rng(seed, 3)
    while match.state.flow.phase == "placement" or match.state.flow.step != "actions":
        match.play(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_cell_that_takes_no_yurt_is_refused_with_the_rules_reason(seed: int) -> None:
    """Every cell of the 13 x 13 box typed alone at step 2: a cell some invasion may take is
    left to the menus (the reader answers as before); every other one gets the rule's reason,
    naming the cell, never "no legal action reads it"."""
    match = mid_game(seed)
    game, state = match.game, match.state
    texts = [game.describe_action(a, state) for a in match.legal_actions()]
    open_cells = {t.rsplit(" at ", 1)[-1] for t in texts if "invade" in t and " at " in t}
    refused = 0
    for column in "ABCDEFGHIJKLM":
        for row in range(1, 14):
            cell = f"{column}{row}"
            try:
                game.parse_action(state, cell)
            except ActionTextError:
                assert cell in open_cells, f"{cell} was refused without the rule's reason"
            except IllegalActionError as error:
                assert cell not in open_cells, cell
                refused += 1
                assert error.rule in ("K-A-A", "K-C1"), (cell, error)
                assert cell in error.reason, (cell, error.reason)
    assert refused + len(open_cells) == 13 * 13


def test_a_start_yurt_in_a_region_that_has_one_says_so() -> None:
    match = Match.new("khan", ["ann", "bob"], seed=5)
    first = match.legal_actions()[0]
    match.play(first)
    closed = [
        f"{c}{r}"
        for c in "ABCDEFGHIJKLM"
        for r in range(1, 14)
        if _refusal(match, f"{c}{r}") is not None and "K-S4" in str(_refusal(match, f"{c}{r}"))
    ]
    assert closed, "no cell of the region of the first start yurt was refused by K-S4"


def _refusal(match: Match[Any], text: str) -> IllegalActionError | None:
    try:
        match.game.parse_action(match.state, text)
    except ActionTextError:
        return None
    except IllegalActionError as error:
        return error
    return None


def test_the_reasons_say_what_stands_in_the_way() -> None:
    match = Match.new("khan", ["ann", "bob"], seed=5)
    game = match.game
    with pytest.raises(IllegalActionError, match=r"\[K-C1\] A1 is not a cell in play"):
        game.parse_action(match.state, "A1")
    first = match.legal_actions()[0]
    cell = game.describe_action(first, match.state).rsplit(" ", 1)[-1]
    match.play(first)  # a start yurt on that cell: it is not free any more
    with pytest.raises(IllegalActionError, match=rf"\[K-A-A\] {cell} is not free"):
        game.parse_action(match.state, cell)
    with pytest.raises(ActionTextError):  # not a cell: the reader's own answer stays
        game.parse_action(match.state, "zebra")
