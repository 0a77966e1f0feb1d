"""The shortcuts taken for speed give the answers of the plain code: the guild masks kept beside
the state (boardkit_shangrila.rules.masks) always equal the masks worked out from scratch,
whether the reducer carried them over or not; the rules' memo of the last position never
answers for another one, and a position listed again after others reuses its decision until a
check reads it; ``LegalActions[i]`` is the ``i``-th action of the listing; the game's
``result`` ends the game exactly when ``is_over`` says so; the framework's default
``next_player`` always seats the colour to move."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from boardkit import Match, Rng
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules import legality, masks
from boardkit_shangrila.rules.actions import PlaceMaster, RecruitStudents
from boardkit_shangrila.rules.checks import refusal
from boardkit_shangrila.rules.components import Colour, Guild
from boardkit_shangrila.rules.events import MasterExpelled, MasterPlaced, StudentRecruited
from boardkit_shangrila.rules.legality import legal
from boardkit_shangrila.rules.reducer import reduce
from boardkit_shangrila.rules.scoring import is_over
from boardkit_shangrila.rules.state import MAIN, ShangrilaState, colour_to_move, seat_of

GAME = ShangrilaGame()


def _kept(state: ShangrilaState) -> bool:
    entry = masks._SLOT.entry
    return entry[0] is state.spaces and entry[1] is state.supply


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(4, {}, 1), (3, {}, 2), (4, {"edition": "english"}, 3), (2, {"two_colours_each": True}, 4)],
)
def test_masks_carried_by_the_reducer_equal_masks_from_scratch(
    players: int, options: dict[str, Any], seed: int
) -> None:
    match: Match[Any] = Match.new(GAME, players, options, seed)
    rng = Rng(seed, 11)
    carried = 0
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
        state = match.state
        if _kept(state):  # the reducer moved the slot on: the masks were changed in place
            carried += 1
        got = masks.masks_of(state.spaces, state.supply)
        assert got == masks.compute(state.spaces, state.supply)
        assert (GAME.result(state) is not None) == is_over(state)  # result's written-out test
        if not state.flow.ended:  # the default next_player seats the colour to move (S-S4)
            assert state.flow.active == seat_of(state, colour_to_move(state))
    assert carried >= len(match) - 2  # nearly every state got its masks from the one before


def test_odd_events_keep_the_masks_right() -> None:
    """Events are facts: a folded log may put a master on a taken space or expel an empty
    one; the masks still follow the board."""
    match: Match[Any] = Match.new(GAME, 4, seed=9)
    rng = Rng(9, 1)
    while match.state.flow.phase != MAIN:
        match.play(rng.choice(match.legal_actions()))
    state = match.state
    masks.masks_of(state.spaces, state.supply)
    taken = next(i for i, code in enumerate(state.spaces) if code)
    village, guild = divmod(taken, 7)
    odd = [
        MasterPlaced(Colour.BLUE, village, list(Guild)[guild]),
        StudentRecruited(Colour.YELLOW, village, list(Guild)[guild]),
        MasterExpelled(Colour.RED, 0, Guild.HEALER, True),
        StudentRecruited(Colour.RED, 12, Guild.YETI_WHISPERER),
        *[MasterPlaced(Colour.VIOLET, v, Guild.ASTROLOGER) for v in range(8)],  # supply < 0
    ]
    for event in odd:
        state = reduce(state, event)
        assert _kept(state)
        assert masks.masks_of(state.spaces, state.supply) == masks.compute(
            state.spaces, state.supply
        )


def test_the_masks_of_matches_played_in_turns_are_kept_aside_and_taken_back() -> None:
    """Two matches played move for move in turns (a batched environment's games): each move
    starts from a board the other match took out of the slot; its masks come back from aside,
    the same list rather than worked out again, equal to the masks from scratch, and leave
    the place aside they came from."""
    matches: list[Match[Any]] = [Match.new(GAME, 3, seed=seed) for seed in (1, 2)]
    rng = Rng(1, 3)
    taken_back = 0
    for _ in range(30):
        for match in matches:
            state = match.state
            aside = (masks._SLOT.parked or {}).get(id(state.spaces))
            got = masks.masks_of(state.spaces, state.supply)
            if aside is not None and aside[1] is state.supply:
                assert got is aside[2]
                taken_back += 1
            assert id(state.spaces) not in masks._SLOT.parked
            assert got == masks.compute(state.spaces, state.supply)
            match.play(rng.choice(match.legal_actions()))
    assert taken_back >= 55


def test_each_thread_keeps_its_own_masks() -> None:
    match: Match[Any] = Match.new(GAME, 4, seed=5)
    state = match.state
    mine = masks.masks_of(state.spaces, state.supply)
    seen: list[bool] = []

    def other() -> None:
        seen.append(_kept(state))
        theirs = masks.masks_of(state.spaces, state.supply)
        seen.append(theirs is not mine and theirs == mine)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [False, True]
    assert _kept(state)


def test_an_action_listed_for_one_state_is_checked_again_in_the_next() -> None:
    """The rules remember the last position they decided; an action listed there is legal
    there, and checked afresh in the next position and for another colour."""
    match: Match[Any] = Match.new(GAME, 4, seed=3)
    rng = Rng(3, 5)
    while match.state.flow.phase != MAIN:
        match.play(rng.choice(match.legal_actions()))
    before = match.state
    colour = colour_to_move(before)
    actions = legal(before, colour)
    place = next(i for i in range(len(actions)) if isinstance(actions[i], PlaceMaster))
    action = actions[place]
    assert refusal(before, colour, action) is None
    match.play(action)
    # the same action again, one turn later: the space is taken now
    after = match.state
    assert refusal(after, colour_to_move(after), action) is not None
    recruit = legal(before, colour)
    drawn = next(
        (recruit[i] for i in range(len(recruit)) if isinstance(recruit[i], RecruitStudents)),
        None,
    )
    if drawn is not None:
        assert refusal(before, (colour + 1) % 4, drawn) is not None


def _main_positions(seed: int, count: int) -> list[ShangrilaState]:
    """``count`` consecutive main-phase positions of a random game."""
    match: Match[Any] = Match.new(GAME, 4, seed=seed)
    rng = Rng(seed, 7)
    while match.state.flow.phase != MAIN:
        match.play(rng.choice(match.legal_actions()))
    found = [match.state]
    while len(found) < count:
        match.play(rng.choice(match.legal_actions()))
        found.append(match.state)
    return found


def test_a_position_listed_again_after_others_reuses_its_decision() -> None:
    """Matches played in turns (a server's, a batched environment's) list a position again
    after other positions: its main-phase decision is kept among the recent positions and read
    from there, the same lists, while no check has read it; once a check has, it is not kept
    (the match has moved on from it) and is worked out afresh, with the same answer.

    Kept is asked of the recent table itself: the compiled build hands out a new tuple for
    the same decision each time, so identity would tell nothing there."""
    first, second, third, played = _main_positions(5, 4)
    colours = [colour_to_move(s) for s in (first, second, third, played)]
    decided = legality.main_info(first, colours[0])
    legality.main_info(second, colours[1])
    legality.main_info(third, colours[2])
    assert id(first) in legality._MAIN_RECENT  # listed, then replaced unchecked: kept
    assert legality.main_info(first, colours[0]) == decided
    decided = legality.main_info(played, colours[3])
    listed = legal(played, colours[3])
    assert refusal(played, colours[3], listed[0]) is None  # a check reads the decision
    legality.main_info(second, colours[1])
    assert id(played) not in legality._MAIN_RECENT  # checked, then replaced: not kept
    assert legality.main_info(played, colours[3]) == decided


def test_drawing_by_index_gives_the_listing_order() -> None:
    """``LegalActions[i]`` works the ``i``-th pair of students out without listing them all;
    it must be the ``i``-th action of the listing, in every position of a few games."""
    checked_pairs = 0
    for seed in range(3):
        match: Match[Any] = Match.new(GAME, 4, seed=seed)
        rng = Rng(seed, 2)
        while not match.is_over:
            state = match.state
            listed = list(legal(state, colour_to_move(state)))
            drawn = legal(state, colour_to_move(state))
            assert [drawn[i] for i in range(len(drawn))] == listed
            assert [drawn[i - len(drawn)] for i in range(len(drawn))] == listed
            checked_pairs += sum(
                1 for a in listed if isinstance(a, RecruitStudents) and len(a.placements) == 2
            )
            match.play(rng.choice(match.legal_actions()))
    assert checked_pairs > 100
