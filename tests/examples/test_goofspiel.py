"""Goofspiel (boardkit.examples.goofspiel): the kit, each rule, the secrets of a sealed bid."""

from __future__ import annotations

import json

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import (
    GameOverError,
    IllegalActionError,
    Match,
    NotYourDecisionError,
    Rng,
    decider,
    load_game,
)
from boardkit.errors import InvalidActionIndexError
from boardkit.examples.goofspiel import (
    CARDS,
    HIDDEN,
    UNKNOWN,
    Bid,
    BidPlaced,
    BidsRevealed,
    Goofspiel,
    GoofspielState,
    PrizeRevealed,
    PrizesShuffled,
    PrizeTied,
    PrizeWon,
)
from boardkit.examples.goofspiel.heuristic import outlook
from boardkit.game import Game
from boardkit.present.narration import narrate_match_entry
from boardkit.runner.tournament import run_tournament
from boardkit.testing import ConformanceError, check_game, check_redacted_headers
from boardkit.testing.encoding_checks import check_encodings
from tests.budget import examples

GAME = Goofspiel()


@pytest.mark.slow  # the whole kit for 2, 3 and 4 players and both tie rules: about 3 s
def test_the_kit_passes_every_player_count_and_both_tie_rules() -> None:
    check_game(
        GAME,
        [
            {"players": 2},
            {"players": 3, "options": {"ties": "carry"}},
            {"players": 4},
        ],
        max_examples=4,
    )


def test_the_kit_passes_two_players() -> None:
    check_game(GAME, [{"players": 2}], max_examples=1)


def test_it_is_registered_as_goofspiel() -> None:
    assert isinstance(load_game("goofspiel"), Goofspiel)


def _round(match: Match[GoofspielState], *bids: int) -> tuple[object, ...]:
    events: tuple[object, ...] = ()
    for card in bids:
        events = match.play(Bid(card))
    return events


def test_the_single_highest_bid_wins_the_prize() -> None:
    match = Match.new(GAME, 3, seed=2)
    prize = match.state.prize
    events = _round(match, 5, 9, 2)
    assert BidsRevealed((5, 9, 2)) in events and PrizeWon(1, prize) in events
    assert match.state.scores == (0, prize, 0)
    assert match.state.hands[1] == tuple(c for c in range(1, CARDS + 1) if c != 9)


def test_a_tie_discards_the_prize_by_default() -> None:
    match = Match.new(GAME, 3, seed=2)
    prize = match.state.prize
    events = _round(match, 7, 7, 3)  # the two highest tie, the lower bid does not win either
    assert PrizeTied(prize, carried=False) in events
    assert match.state.scores == (0, 0, 0)
    next_prize = match.state.prize
    assert match.state.stake == next_prize  # nothing carried


def test_a_tie_carries_the_points_over_with_the_option() -> None:
    match = Match.new(GAME, 2, {"ties": "carry"}, seed=2)
    first = match.state.prize
    _round(match, 4, 4)
    second = match.state.prize
    assert match.state.stake == first + second
    events = _round(match, 1, 13)
    assert PrizeWon(1, first + second) in events and match.state.scores == (0, first + second)


def test_a_tie_in_the_last_round_is_discarded_even_when_carrying_and_ties_share() -> None:
    match = Match.new(GAME, 2, {"ties": "carry"}, seed=8)
    for card in range(1, CARDS + 1):
        events = _round(match, card, card)
    assert match.is_over and match.result is not None
    assert PrizeTied(match.state.stake, carried=False) in events
    assert match.state.scores == (0, 0) and match.result.winners == (0, 1)


def test_the_highest_total_wins() -> None:
    match = Match.new(GAME, 3, seed=4)
    won = 0
    for card in range(1, CARDS + 1):
        if 14 - card > card:  # seat 1 alone is highest; otherwise seats 0 and 2 tie (or all)
            won += match.state.prize
        _round(match, card, 14 - card, card)
    assert match.is_over and match.result is not None
    assert match.result.scores == (0, won, 0) and match.result.winners == (1,)
    assert match.legal_actions() == []
    with pytest.raises(GameOverError):
        match.play(Bid(1))


def test_the_game_ends_after_thirteen_rounds_within_the_entry_bound() -> None:
    match = Match.new(GAME, 4, seed=11)
    chooser = Rng(3)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    assert match.state.flow.turn == CARDS
    assert len(match) == GAME.max_entries(match.config) == 1 + CARDS * 4
    assert all(hand == () for hand in match.state.hands)


def test_illegal_bids_are_refused_with_typed_errors() -> None:
    match = Match.new(GAME, 2, seed=3)
    _round(match, 6, 2)
    with pytest.raises(IllegalActionError) as played:
        match.play(Bid(6))
    assert played.value.rule == "played" and "6 is played already" in played.value.reason
    with pytest.raises(IllegalActionError) as no_card:
        match.play(Bid(14))
    assert no_card.value.rule == "card"
    match.play(Bid(5))  # seat 0 bids; now seat 1 owes the bid
    with pytest.raises(NotYourDecisionError):
        match.play(Bid(4), player=0)  # bidding twice in one round
    with pytest.raises(NotYourDecisionError):
        match.play(Bid(4), player=0)  # still not seat 0's decision: nothing changed
    assert len(match) == 4 and decider(match.state.flow) == 1


def test_apply_refuses_a_second_bid_of_one_round() -> None:
    """The engine asks each seat once, so only a rigged state reaches this rule."""
    match = Match.new(GAME, 2, seed=3)
    state = evolve(match.state, bids=(4, 0))
    with pytest.raises(IllegalActionError) as twice:
        GAME.apply(state, Bid(5), Rng(0))
    assert twice.value.rule == "bid-once"


def _bid_views(match: Match[GoofspielState]) -> None:
    """Nobody but the bidder sees a pending bid or any face-down prize, anywhere."""
    state = match.state
    for reader in [None, *range(state.flow.players)]:
        seen = GAME.view(state, reader)
        assert set(seen.pile) <= {UNKNOWN}
        for seat, bid in enumerate(state.bids):
            if bid and seat != reader:
                assert seen.bids[seat] == HIDDEN
                board = GAME.render_text(state, reader).splitlines()
                line = next(x for x in board if x.startswith(f"seat {seat + 1}"))
                assert ", bid face down" in line
        log = json.loads(match.redacted_json(reader))
        for entry in log["entries"]:
            for event in entry["events"]:
                if event["type"] == "PrizesShuffled":
                    assert set(event["pile"]) == {UNKNOWN}
                if event["type"] == "BidPlaced" and event["player"] != reader:
                    assert event["card"] == HIDDEN
            if entry["player"] is not None and entry["player"] != reader:
                assert entry["action"] == {"type": "Bid", "card": HIDDEN}


@settings(max_examples=examples(15), deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_pending_bids_and_the_pile_never_show(players: int, seed: int, choices: int) -> None:
    match = Match.new(GAME, players, seed=seed)
    chooser = Rng(choices)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
        _bid_views(match)
    check_redacted_headers(match, "goofspiel")


def test_another_seats_bid_is_narrated_face_down() -> None:
    match = Match.new(GAME, ["ann", "bob"], seed=3)
    match.play(Bid(9))
    assert narrate_match_entry(match, 1, 0) == ["you bid 9 face down"]
    assert narrate_match_entry(match, 1, 1) == ["ann bids a card face down"]
    assert narrate_match_entry(match, 1, None) == ["ann bids a card face down"]
    assert "9" not in repr(match.redacted_log(1).entries[1])


def test_a_game_that_shows_the_bid_in_its_log_is_caught_by_the_kit() -> None:
    class TellsTheBid(Goofspiel):
        redact_action = Game.redact_action  # the framework's default: every action public

    class RedactsNoBid(Goofspiel):
        def redact(self, event: object, player: int | None) -> object:
            return event if isinstance(event, BidPlaced) else super().redact(event, player)

    with pytest.raises(ConformanceError, match=r"a secret choice needs Game\.redact_action"):
        check_game(TellsTheBid(), [{"players": 2}], max_examples=2)
    with pytest.raises(ConformanceError, match="redacted events tell them apart"):
        check_game(RedactsNoBid(), [{"players": 2}], max_examples=2)


def test_a_seeded_log_replays_and_verifies_to_the_same_state() -> None:
    match = Match.new(GAME, 3, {"ties": "carry"}, seed=21)
    chooser = Rng(7)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    text = match.to_json()
    again = Match.from_json(text)
    assert again.verified and again.state == match.state and again.to_json() == text
    shuffled = match.log.entries[0].events[0]
    assert isinstance(shuffled, PrizesShuffled)
    revealed = [
        e.prize for entry in match.log.entries for e in entry.events if isinstance(e, PrizeRevealed)
    ]
    assert revealed == list(shuffled.pile)  # the setup's shuffle is the order of the prizes
    twin = Match.new(GAME, 3, {"ties": "carry"}, seed=21)
    for entry in match.log.entries[1:]:
        twin.play(entry.action)
    assert twin.to_json() == text


def test_a_players_redacted_log_folds_to_that_players_view() -> None:
    match = Match.new(GAME, 3, seed=13)
    chooser = Rng(1)
    for _ in range(8):  # stop mid-round: seats 0 and 1 have bid, seat 2 has not
        match.play(chooser.choice(match.legal_actions()))
    for reader in (0, 1, 2, None):
        mine = Match.from_json(match.redacted_json(reader))
        assert not mine.verified and mine.view(reader) == match.view(reader)
    seen = match.view(2)
    assert isinstance(seen, GoofspielState) and seen.bids == (HIDDEN, HIDDEN, 0)


# --- research encodings ----------------------------------------------------------------------


def test_the_encodings_pass_the_kit_for_every_player_count() -> None:
    check_encodings(GAME, seeds=range(3))
    check_encodings(GAME, [{"players": 3, "options": {"ties": "carry"}}], seeds=range(2))


def test_the_observation_reads_as_its_layout_says() -> None:
    """Seat 1 of three, after one whole round and seat 0's pending bid in the second."""
    match = Match.new(GAME, 3, seed=21)
    first_prize = match.state.prize
    for card in (5, 9, 9):  # seats 1 and 2 tie at 9: the first prize is discarded
        match.play(Bid(card))
    match.play(Bid(13))  # seat 0's pending bid of round two, face down to seat 1
    state = match.state
    obs = GAME.observation(state, 1)
    assert len(obs) == GAME.observation_shape(match.config)[0] == 15 * 3 + 43
    assert all(0.0 <= value <= 1.0 for value in obs)
    hands = [obs[i * CARDS : (i + 1) * CARDS] for i in range(3)]  # seats 1, 2, 0
    assert hands[0][9 - 1] == 0.0 and sum(hands[0]) == CARDS - 1  # seat 1 played its 9
    assert hands[2][5 - 1] == 0.0 and hands[2][13 - 1] == 1.0  # seat 0's pending 13 still held
    at = 3 * CARDS
    assert obs[at : at + CARDS] == [0.0] * CARDS  # seat 1 has not bid this round
    assert obs[at + CARDS : at + CARDS + 3] == [0.0, 0.0, 1.0]  # only seat 0 has bid
    at += CARDS + 3
    prize = obs[at : at + CARDS]
    assert prize.index(1.0) == state.prize - 1 and sum(prize) == 1.0
    pile = obs[at + CARDS : at + 2 * CARDS]
    assert pile[first_prize - 1] == 0.0 and pile[state.prize - 1] == 0.0 and sum(pile) == 11
    assert obs[-1] == 1.0 and decider(state.flow) == 1  # seat 1 owes its bid now
    assert GAME.observation(state, 2)[-1] == 0.0
    twin = GAME.determinize(state, 1, Rng(4, 4))
    assert GAME.observation(twin, 1) == obs  # seat 0's bid and the pile order stay unseen


def test_action_indices_name_the_cards() -> None:
    state = GAME.initial(GAME.make_config(2, None, 1))
    assert [GAME.action_to_index(Bid(card), state) for card in (1, 13)] == [0, 12]
    assert GAME.index_to_action(12, state) == Bid(13)
    for index in (-1, 13):
        with pytest.raises(InvalidActionIndexError):
            GAME.index_to_action(index, state)


# --- the bots' heuristic -------------------------------------------------------------------------


def test_the_heuristic_never_reads_another_seats_pending_bid() -> None:
    match = Match.new(GAME, 3, seed=8)
    match.play(Bid(7))  # seat 0 bids; seats 1 and 2 have not
    match.play(Bid(2))  # seat 1 bids 2
    state = match.state
    for other_bid in (1, 5, 13):  # seat 1's pending bid, as seat 0 or 2 cannot see it
        twin = evolve(state, bids=(7, other_bid, state.bids[2]))
        for seat in (0, 2):
            assert GAME.evaluate(twin, seat) == GAME.evaluate(state, seat)


def test_a_bid_is_worth_its_chance_at_the_stake_less_the_card_it_spends() -> None:
    """A high bid is worth it for a high prize and not for a low one: the heuristic weighs the
    chance of winning the round against the later points the card would have helped win."""
    start = Match.new(GAME, 2, seed=3).state

    def value(prize: int, card: int) -> float:
        round_ = evolve(start, prize=prize, stake=prize, turned=(prize,), bids=(card, 0))
        return outlook(round_, 0)

    assert value(13, 12) > value(13, 2)  # worth spending a 12 on the 13
    assert value(1, 2) > value(1, 12)  # not on the 1
    assert outlook(start, 0) == outlook(start, 1) == 0.0  # equal hands, nobody has bid


@pytest.mark.slow  # 40 games: a measure of strength, CI's to run
def test_greedy_beats_random_at_sealed_bids() -> None:
    """One move ahead sees nothing of a round until its last bid; the heuristic's chance of
    winning the round and the cost of the card spent are what make greedy play well."""
    summary = run_tournament(GAME, ["greedy", "random"], 40, 2, None, 1, workers=1)
    assert summary.bot("greedy").wins >= 30


def test_the_compact_picture_names_the_seats_and_fits_the_screen_at_the_largest_stake() -> None:
    """``boardkit play`` and ``watch`` draw render_screen: seats by name (the text board only
    knows seat numbers), the viewer marked, another seat's pending bid face down, and 79
    columns even with 8-letter names, 13-point scores and a stake with points carried over."""
    from boardkit.present.screen import SCREEN_COLUMNS, plain

    match: Match[GoofspielState] = Match.new(GAME, 3, {"ties": "carry"}, seed=4)
    match.play(Bid(13), 0)
    state = evolve(match.state, stake=38, carried=25, scores=(91, 0, 13))
    picture = GAME.render_screen(state, 1, ["ann", "beatrice", "cosimo"])
    side = [plain(row) for row in picture.side]
    assert side[0] == "ann: 91 points, bid face down" and side[1].startswith("  holds ")
    assert side[2] == "beatrice (you): 0 points, bid not yet"
    board = [plain(row) for row in picture.board]
    assert board[1:4] == [
        f"prize {state.prize}: 38 points",
        f"({38 - state.prize} carried over)",
        "25 points carried on",
    ]
    assert picture.width <= SCREEN_COLUMNS
    assert [seat for row in picture.side for _, seat in row if seat is not None] == [0, 1, 2]
