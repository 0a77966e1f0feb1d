"""Invariants of random legal playouts (seeds drawn by hypothesis), checked after every entry.

* all 72 ruler cards are in exactly one place: a hand, the draw pile or the discard pile (K-S5);
  no hand holds more than 4; special cards held + played = dealt (K-S1);
* tiles in stock + on the board = 38, and no cell lies under two tiles (K-A-C4);
* no yurt on a river cell, a tile or a ruler; no two yurts on one cell (K-A-A, K-A-C);
* every tile carries the yurts of exactly the players tied for the majority when it was laid
  (K-A-C5);
* a ruler never stands on a river cell; a removed ruler never comes back; once five are out no
  ruler is left on the board (K-R1, K-R5, K-E1);
* every game ends, within ``max_entries``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit_khan.rules.components import special_cards_per_player
from boardkit_khan.rules.events import SpecialPlayed, TileLaid
from boardkit_khan.rules.state import SPECIAL_ORDER, KhanState

from .game_builders import BOARD, GAME


def _check_state(state: KhanState, dealt: tuple[int, ...], played: list[list[int]]) -> None:
    cards = state.cards
    every = [c for h in cards.hands for c in h] + list(cards.pile) + list(cards.discard)
    if state.flow.phase != "placement":
        assert sorted(every) == list(range(72)), "K-S5: 72 cards, each in one place"
        assert all(len(h) <= 4 for h in cards.hands)
    for seat in range(state.players):
        held = state.specials.held[seat]
        assert all(h + p == d for h, p, d in zip(held, played[seat], dealt, strict=True))
    field = state.field
    assert field.stock.bit_count() + len(field.placed) == 38, "K-C6: 38 tiles"
    covered = 0
    for placed in field.placed:
        assert not covered & placed.mask, "K-A-C4: a cell under two tiles"
        assert not field.stock >> placed.tile & 1
        covered |= placed.mask
    assert covered == field.tiles
    seen = field.neutral
    for yurts in field.yurts:
        assert not yurts & seen, "two yurts on one cell"
        seen |= yurts
    assert not seen & (BOARD.river | field.tiles | field.ruler_mask | ~BOARD.land)
    assert not field.ruler_mask & BOARD.river, "K-R1: a ruler on a river cell"
    if state.end_trigger:
        assert field.ruler_mask == 0, "K-E1: rulers left after the fifth removal"


def _check_majority(before: KhanState, laid: TileLaid) -> None:
    counts = [(laid.mask & y).bit_count() for y in before.field.yurts]
    best = max(counts)
    assert counts[laid.player] == best > 0
    assert laid.owners == tuple(p for p, c in enumerate(counts) if c == best), "K-A-C5"


def _playout(players: int, seed: int) -> Match[Any]:
    match: Match[Any] = Match.new(GAME, players, seed=seed)
    chooser = Rng(seed, 3)
    dealt = tuple(special_cards_per_player(players)[card] for card in SPECIAL_ORDER)
    played = [[0, 0, 0, 0] for _ in range(players)]
    bound = GAME.max_entries(match.config)
    removed: set[int] = set()
    _check_state(match.state, dealt, played)
    while not match.is_over:
        before = match.state
        events = match.play(chooser.choice(match.legal_actions()))
        for event in events:
            if isinstance(event, TileLaid):
                _check_majority(before, event)
                before = GAME.reduce(before, event)
            if isinstance(event, SpecialPlayed):
                played[event.player][SPECIAL_ORDER.index(event.card)] += 1
        state = match.state
        _check_state(state, dealt, played)
        gone = {r for r, c in enumerate(state.field.rulers) if c < 0}
        assert removed <= gone, "K-R5: a removed ruler came back"
        removed = gone
        assert len(match) <= bound, "more entries than max_entries"
    return match


@settings(deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_random_playouts_keep_the_invariants_k_s5_k_r5_k_e1(players: int, seed: int) -> None:
    """The invariants of the module docstring hold after every entry, and every game ends."""
    match = _playout(players, seed)
    assert match.result is not None
    assert match.state.field.ruler_mask == 0 and match.state.end_trigger
