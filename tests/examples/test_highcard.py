"""High-card swap, the second example game (written from game.py and the tutorial alone): it
passes the conformance kit, and the kit catches the mistakes made while writing it."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import pytest
from attrs import evolve

from boardkit import Config, IllegalActionError, InvalidOptionsError, Match, Rng
from boardkit.examples.highcard import (
    HAND,
    HIDDEN,
    HighCardGame,
    HighCardState,
    Stand,
    StarterDrawn,
    Swap,
    hand,
)
from boardkit.present.narration import narrate_entry
from boardkit.testing import ConformanceError, check_game
from boardkit.zones import Moved
from tests.budget import examples


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_high_card_passes_the_kit() -> None:
    configs: list[dict[str, Any]] = [
        {"players": 2},
        {"players": 3, "options": {"rounds": 1, "deck": 9}},
        {"players": 4, "options": {"rounds": 3, "deck": 24}},
    ]
    check_game(HighCardGame(), configs, max_examples=examples(12))


def test_a_deck_too_small_for_the_table_is_refused() -> None:
    game = HighCardGame()
    with pytest.raises(InvalidOptionsError, match="need a deck of 20 cards at least"):
        game.make_config(4, {"rounds": 3})
    assert game.make_config(4, {"rounds": 3, "deck": 20}).players == 4


def test_a_game_swaps_secretly_and_ends_with_the_hands_shown() -> None:
    game = HighCardGame()
    match: Match[HighCardState] = Match.new(game, ["ann", "bob"], {"rounds": 1}, seed=5)
    state = match.state
    seat = match.to_decide
    assert seat is not None
    hand = state.hands[seat]
    assert match.legal_actions() == [Stand(), *(Swap(card) for card in hand)]
    with pytest.raises(IllegalActionError, match="not in your hand"):
        match.play(Swap(next(c for c in range(1, 17) if c not in hand)))
    drawn = state.deck[0]
    match.play(Swap(hand[0]))
    assert drawn in match.state.hands[seat] and match.state.discards == (hand[0],)
    other = 1 - seat
    seen = game.view(match.state, other)
    assert seen.hands[seat] == (HIDDEN, HIDDEN) and set(seen.deck) == {HIDDEN}
    own = narrate_entry(match.game, state, match.log.entries[1].events, seat, ("ann", "bob"))
    theirs = narrate_entry(match.game, state, match.log.entries[1].events, other, ("ann", "bob"))
    assert f"you swap {hand[0]} for {drawn}" in own
    assert f"{('ann', 'bob')[seat]} swaps {hand[0]} for a card" in theirs
    match.play(Stand())
    assert match.is_over and match.result is not None
    totals = tuple(sum(h) for h in match.state.hands)
    assert match.result.scores == totals and match.state.shown
    assert game.view(match.state, other).hands == match.state.hands


class DealsInShuffleOrder(HighCardGame):
    """The first draft's mistake: a hand dealt in the order of the shuffle, not sorted. The
    hand is the same, but the order tells the player something about the shuffle. The zones'
    ``draw`` lists a hand's cards sorted; an event written by hand need not."""

    def setup(self, state: HighCardState, config: Config, rng: Rng) -> Sequence[object]:
        shuffled = state.table.shuffle("deck", rng)
        cards = shuffled.items
        n = config.players
        seen = [state.table[hand(p)].audience for p in range(n)]
        dealt = [
            Moved("deck", hand(p), cards[HAND * p : HAND * p + HAND], seen[p]) for p in range(n)
        ]
        return [shuffled, *dealt, StarterDrawn(rng.below(n))]


class ShowsAllHands(HighCardGame):
    def view(self, state: HighCardState, player: int | None) -> HighCardState:
        return evolve(state, table=state.table.replace(state.table["deck"].masked()))


class TellsWhatWasDrawn(HighCardGame):
    def redact(self, event: object, player: int | None) -> object:
        drawn = isinstance(event, Moved) and event.source == "deck" and event.target != "discards"
        return event if drawn else super().redact(event, player)


class StrictReducer(HighCardGame):
    """The first draft's other mistake: a reducer that insists the discarded card is in the
    hand, which a redacted event folded onto a re-drawn twin need not be."""

    def reduce(self, state: HighCardState, event: object) -> HighCardState:
        if isinstance(event, Moved) and event.target == "discards":
            held = state.table[event.source].items
            if any(card not in held for card in event.items) and HIDDEN not in held:
                raise ValueError("list.remove(x): x not in list")
        return super().reduce(state, event)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (DealsInShuffleOrder(), "setup: leak to player .: the redacted events differ"),
        (ShowsAllHands(), "view changes when hidden information is re-drawn"),
        (TellsWhatWasDrawn(), "leak to (player .|the spectator): the redacted events"),
        (StrictReducer(), "narration (of runs )?raised ValueError"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, HighCardGame) else "",
)
def test_the_kit_tells_a_broken_high_card_what_it_got_wrong(game: HighCardGame, words: str) -> None:
    # With many examples hypothesis may find one mistake in two places (StrictReducer's in the
    # narration of single events and of runs) and report both, as an exception group.
    with pytest.raises((ConformanceError, ExceptionGroup)) as caught:
        check_game(game, [{"players": 2}, {"players": 3}], max_examples=8)
    found = caught.value.exceptions if isinstance(caught.value, ExceptionGroup) else [caught.value]
    assert all(isinstance(error, ConformanceError) for error in found)
    assert any(re.search(words, str(error)) for error in found), found


def test_high_card_writes_positions_in_the_default_format_and_starts_from_them() -> None:
    """High-card swap has no notation of its own: its positions are the codec's JSON, a match
    starts from one, and each redacted log carries the viewer's form and gives his view."""
    game = HighCardGame()
    match: Match[HighCardState] = Match.new(game, 3, {"rounds": 1, "deck": 9}, seed=2)
    match.play(Swap(match.state.hands[match.to_decide or 0][0]))
    text = game.format_position(match.state)
    assert game.parse_position(text, match.config) == match.state
    started: Match[HighCardState] = Match.from_position(
        game, text, options={"rounds": 1, "deck": 9}, seed=4
    )
    while not started.is_over:
        started.play(started.legal_actions()[-1])
    for viewer in (None, 0, 1, 2):
        seen: Match[HighCardState] = Match.from_json(started.redacted_json(viewer), game)
        start = json.loads(str(seen.header.start_position))
        assert (
            start.get("seen_by") == viewer
            and HIDDEN in start["state"]["table"]["zones"][0]["items"]
        )
        for seq in range(len(started)):
            assert game.view(seen.state_at(seq), viewer) == game.view(started.state_at(seq), viewer)
        seen.check_against(Match.from_json(started.to_json(), game))
