"""The boardkit conformance kit on Khan: random playouts checking the whole game contract
(legality, refusals, replay, verification, JSON, views without leaks — K-H1 —, the entry bound)."""

from __future__ import annotations

import pytest

from boardkit.testing import check_game
from boardkit_khan.game import KhanGame

pytestmark = pytest.mark.slow


def test_khan_keeps_the_boardkit_contract_k_h1() -> None:
    """check_game for 2, 3 and 4 players; views are checked against determinized states (K-H1)."""
    check_game(KhanGame(), configs=[{"players": n} for n in (2, 3, 4)], hooks_every=4)


def test_khan_keeps_the_contract_with_the_river_option() -> None:
    """The same with the Dutch area rule (K-V2 option)."""
    check_game(
        KhanGame(),
        configs=[{"players": 3, "options": {"area_counts_river": True}}],
        max_examples=2,
        hooks_every=8,
    )
