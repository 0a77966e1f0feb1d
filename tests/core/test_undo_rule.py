"""The rule of undo by consent (boardkit.undo): over random playouts of every game, a decision
the rule lets a seat take back plays again to the very same state and log, and the rule never
lets a seat go back over a random outcome or an entry that shows something hidden."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import engine
from boardkit.chance import RecordingRng
from boardkit.errors import UndoError, UndoRefusedError
from boardkit.examples.goofspiel import BidsRevealed, PrizeRevealed
from boardkit.examples.goofspiel.state import Bid
from boardkit.examples.nim import NimGame
from boardkit.game import Game
from boardkit.match import Match
from boardkit.rng import Rng
from boardkit.undo import check_takeback, entry_refusal, last_decision, take_back, undo_refusal
from boardkit.zones import Revealed
from boardkit_khan.rules.events import CardDrawn, CardRevealed
from tests.budget import examples
from tests.test_moves_as_text import GAMES

#: The events the bundled games show hidden things with: the test's own list, to hold the
#: rule (which knows no game's events) to.
REVEALING = (BidsRevealed, PrizeRevealed, CardRevealed, CardDrawn, Revealed)

CONFIGS = [(name, config) for name, (_, configs) in GAMES.items() for config in configs]


def playout(game: Game[Any, Any], config: dict[str, Any], seed: int, steps: int) -> Match[Any]:
    """A match played at random from ``seed`` for at most ``steps`` entries."""
    match = Match.new(game, config["players"], config.get("options"), seed)
    rng = Rng(seed, 0x0D0)
    while not match.is_over and len(match) <= steps:
        legal = match.legal_actions()
        match.play(legal[rng.below(len(legal))])
    return match


def drew(match: Match[Any], seq: int) -> bool:
    """Whether entry ``seq`` drew a random outcome, told by replaying it with a recording
    stream (the rule tells it another way, by a stream with no outcomes)."""
    entry = match.log.entries[seq]
    rng = RecordingRng.for_entry(match.header.seed, seq)  # type: ignore[arg-type]
    cut = engine.cut_off_at(match.config, seq)
    engine.step(match.game, match.state_at(seq - 1), entry.player, entry.action, rng, cut)
    return bool(rng.outcomes)


@settings(max_examples=examples(200), deadline=None)
@given(
    which=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 80),
    seat=st.integers(0, 3),
)
def test_an_allowed_takeback_plays_again_to_the_same_state_and_log(
    which: tuple[str, dict[str, Any]], seed: int, steps: int, seat: int
) -> None:
    name, config = which
    game = GAMES[name][0]
    match = playout(game, config, seed, steps)
    player = seat % config["players"]
    first = last_decision(match, player)
    reason = undo_refusal(match, player)
    if first is not None and not match.is_over:
        for seq in range(first, len(match)):
            entry = match.log.entries[seq]
            if drew(match, seq) or any(isinstance(e, REVEALING) for e in entry.events):
                assert reason is not None, (name, seq, entry.events)
                break
    if reason is not None:
        with pytest.raises(UndoRefusedError, match="^" + reason):
            take_back(match, player)
        return
    entries, state = match.log.entries, match.state
    takeback = take_back(match, player)
    assert len(match) == takeback.first
    assert takeback.seats[0] == player
    for entry in entries[takeback.first :]:
        match.play(entry.action, entry.player)
    assert match.log.entries == entries
    assert match.state == state


def test_a_sealed_bid_may_be_taken_back_until_the_bids_turn_up() -> None:
    match = Match.new("goofspiel", 2, seed=5)
    hand = match.state.hands[0]
    match.play(Bid(hand[0]), 0)
    takeback = check_takeback(match, 0)
    assert (takeback.first, takeback.count, takeback.seats) == (1, 1, (0,))
    match.play(Bid(match.state.hands[1][0]), 1)  # the last bid: both bids turn up
    with pytest.raises(UndoRefusedError) as caught:
        check_takeback(match, 1)
    assert caught.value.seq == 2
    assert caught.value.reason.startswith("entry 2 showed player ")
    assert isinstance(caught.value, UndoError)
    assert "player 1 has made no decision" in (undo_refusal(Match.new("goofspiel", 2), 0) or "")


def test_a_random_outcome_is_named_by_its_entry() -> None:
    for seed in range(40):
        match = playout(GAMES["khan"][0], {"players": 2}, seed, 40)
        for seq in range(1, len(match)):
            if drew(match, seq):
                assert entry_refusal(match, seq) == f"entry {seq} drew a random outcome"
                return
    raise AssertionError("no Khan entry drew in 40 playouts")


def test_an_open_game_takes_back_every_decision_and_the_replies_after_it() -> None:
    match = Match.new(NimGame(), 2, seed=1)
    for _ in range(3):
        match.play(match.legal_actions()[0])
    takeback = take_back(match, 0)
    assert (takeback.first, takeback.last, takeback.seats) == (3, 3, (0,))
    takeback = take_back(match, 1)
    assert (takeback.first, takeback.last, takeback.seats) == (2, 2, (1,))
    match.play(match.legal_actions()[0])
    takeback = check_takeback(match, 0)
    assert (takeback.first, takeback.count, takeback.seats) == (1, 2, (0, 1))


def test_refusals_name_the_reason() -> None:
    match = Match.new(NimGame(), 2, seed=1)
    with pytest.raises(UndoRefusedError, match="there is no player 5"):
        check_takeback(match, 5)
    for seq in (0, 1):
        with pytest.raises(UndoRefusedError, match=f"no entry {seq} to take back"):
            entry_refusal(match, seq)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    with pytest.raises(UndoRefusedError, match="the match is over"):
        check_takeback(match, 0)
    redacted = Match.from_json(Match.new(NimGame(), 2, seed=1).redacted_json(0), NimGame())
    with pytest.raises(UndoRefusedError, match="redacted"):
        check_takeback(redacted, 0)
