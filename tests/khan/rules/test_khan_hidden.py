"""Hidden information (K-H1): views, redacted logs, determinization, rendering."""

from __future__ import annotations

from typing import Any, assert_type

from boardkit import Match, Rng, engine
from boardkit_khan.rules.events import CardDrawn, CardPlayed, CardRevealed, DrawPileShuffled
from boardkit_khan.rules.state import UNKNOWN_CARD, KhanState

from ..game_builders import GAME, new_match, through_placement


def _played(players: int, seed: int, decisions: int) -> Match[Any]:
    match = through_placement(new_match(players, seed))
    chooser = Rng(seed, 5)
    for _ in range(decisions):
        if match.is_over:
            break
        match.play(chooser.choice(match.legal_actions()))
    return match


def test_view_hides_other_hands_and_the_pile_k_h1() -> None:
    """K-H1: a player sees his own hand, only the number of cards in the other hands and the draw
    pile, and everything public (discard pile, board, specials, stock)."""
    state: KhanState = _played(4, seed=3, decisions=25).state
    for player in range(4):
        seen = assert_type(GAME.view(state, player), KhanState)  # for mypy, and at run time:
        assert type(seen) is KhanState
        for seat, hand in enumerate(seen.cards.hands):
            real = state.cards.hands[seat]
            if seat == player:
                assert hand == real
            else:
                assert hand == (UNKNOWN_CARD,) * len(real)
        assert seen.cards.pile == (UNKNOWN_CARD,) * len(state.cards.pile)
        assert seen.cards.discard == state.cards.discard
        assert seen.field == state.field and seen.specials == state.specials
    spectator = GAME.view(state, None)
    assert all(set(h) <= {UNKNOWN_CARD} for h in spectator.cards.hands)


def test_redaction_hides_draws_and_shuffles_k_h1() -> None:
    """K-H1: a card drawn by another player and the order of a shuffle are hidden in the log a
    player reads; face-up cards (revealed, played) stay."""
    drawn = CardDrawn(2, 17)
    assert GAME.redact(drawn, 2) == drawn
    assert GAME.redact(drawn, 0) == CardDrawn(2, UNKNOWN_CARD)
    assert GAME.redact(drawn, None) == CardDrawn(2, UNKNOWN_CARD)
    shuffled = DrawPileShuffled(tuple(range(72)))
    assert GAME.redact(shuffled, 1) == DrawPileShuffled((UNKNOWN_CARD,) * 72)
    for public in (CardRevealed(5), CardPlayed(1, 9)):
        assert GAME.redact(public, 0) == public


def test_redacted_log_folds_to_the_players_view_k_h1() -> None:
    """K-H1: a player's redacted log, folded, gives a state he sees exactly as the real one."""
    match = _played(3, seed=8, decisions=60)
    for player in range(3):
        log = match.redacted_log(player)
        state = GAME.initial(match.config)
        for entry in log.entries:
            state = engine.fold(GAME, state, entry.events)
        assert GAME.view(state, player) == GAME.view(match.state, player)
        others = [s for s in range(3) if s != player]
        assert all(set(state.cards.hands[s]) == {UNKNOWN_CARD} for s in others)


def test_determinize_redeals_only_what_the_player_cannot_see_k_h1() -> None:
    """K-H1: determinization deals the other hands and the draw pile again at random, keeping
    every count; the player's view does not change; all 72 cards are still there once each."""
    state = _played(4, seed=12, decisions=30).state
    changed = False
    for k in range(6):
        other = GAME.determinize(state, 1, Rng(k))
        assert GAME.view(other, 1) == GAME.view(state, 1)
        cards = other.cards
        everything = [c for h in cards.hands for c in h] + list(cards.pile) + list(cards.discard)
        assert sorted(everything) == list(range(72))
        changed |= other.cards.hands[0] != state.cards.hands[0]
    assert changed


def test_determinize_works_on_a_redacted_fold_k_h1() -> None:
    """K-H1: the unseen cards are found by elimination, so a state folded from a redacted log can
    be determinized too (what a bot holding only its own log would do)."""
    match = _played(3, seed=4, decisions=40)
    state = GAME.initial(match.config)
    for entry in match.redacted_log(0).entries:
        state = engine.fold(GAME, state, entry.events)
    guess = GAME.determinize(state, 0, Rng(1))
    assert GAME.view(guess, 0) == GAME.view(match.state, 0)
    everything = [c for h in guess.cards.hands for c in h] + list(guess.cards.pile)
    assert UNKNOWN_CARD not in everything


def test_render_shows_only_the_viewers_hand_k_h1() -> None:
    """K-H1: the text rendering shows the viewing player's cards and only counts for others."""
    match = _played(3, seed=2, decisions=10)
    state = match.state
    text = GAME.render_text(state, 0)
    from boardkit_khan.rules.actions import card_text

    mine = [card_text(c) for c in state.cards.hands[0]]
    theirs = [card_text(c) for c in state.cards.hands[1]]
    assert all(name in text for name in mine)
    assert "Player 2: hand 4 cards" in text  # seat 1, counted from 1 for people
    assert not any(f"hand {name}" in text for name in theirs)
    for marker in ("A B C D E F G H I J K L M", "Rulers and camps:", "Stock:", "Phase main"):
        assert marker in text
