"""The boardkit conformance kit on Shangrila: 3 and 4 players, both editions (S-E1), and the
two-colour variant (S-S1)."""

from __future__ import annotations

import pytest

from boardkit.testing import check_game
from boardkit_shangrila.game import ShangrilaGame


@pytest.mark.slow  # five configurations of whole games under every check of the kit
def test_conformance_kit_passes_for_every_configuration() -> None:
    """S-S1, S-E1: every supported configuration keeps the boardkit contract."""
    check_game(
        ShangrilaGame(),
        configs=[
            {"players": 3},
            {"players": 4},
            {"players": 3, "options": {"edition": "english"}},
            {"players": 4, "options": {"edition": "english"}},
            {"players": 2, "options": {"two_colours_each": True}},
        ],
        state_check_every=3,
        hooks_every=6,
    )
