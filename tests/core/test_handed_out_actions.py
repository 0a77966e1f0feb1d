"""Match.play skips the JSON round trip for the action objects the game handed out for the
decision at hand, and only for those: caller-built actions are still checked, and the log is the
same whichever way an action came."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import IllegalActionError, Match, action_check
from boardkit.codec import codec_for
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.rng import Rng
from tests.budget import examples


class _Counter:
    """A counting stand-in for the codec lookup every JSON round trip starts with."""

    def __init__(self) -> None:
        self.round_trips = 0
        self._real = codec_for

    def __call__(self, game: Any) -> Any:
        self.round_trips += 1
        return self._real(game)


@contextmanager
def counting() -> Iterator[_Counter]:
    counter = _Counter()
    with mock.patch.object(action_check, "codec_for", counter):
        yield counter


def fresh_nim() -> NimGame:
    """A Nim game of a class no action was checked for yet (the memo of checked actions is kept
    per game class), so that every round trip shows."""

    class FreshNim(NimGame):
        pass

    return FreshNim()


def test_an_action_from_legal_actions_is_played_without_its_round_trip() -> None:
    match = Match.new(fresh_nim(), 2, {"stones": 21, "max_take": 4}, seed=4)
    with counting() as counter:
        listed = match.legal_actions()
        match.play(listed[1])
        match.play(match.legal_actions()[2])
        assert counter.round_trips == 0
        assert Take(4) in match.legal_actions()
        match.play(Take(4))  # equal to a listed action, but built here: checked
        assert counter.round_trips == 1
        match.play(Take(4))  # equal, with the same types, to one that passed: remembered
        assert counter.round_trips == 1
        match.play(match.parse_action("take 1"))  # read from a text, not listed: checked
        assert counter.round_trips == 2
    assert [entry.action for entry in match.log.entries[1:]] == [
        Take(2),
        Take(3),
        Take(4),
        Take(4),
        Take(1),
    ]


def test_a_caller_built_action_that_does_not_survive_its_log_is_still_refused() -> None:
    """``Take(True)`` equals the listed ``Take(1)`` but writes ``true`` to the log: it is not the
    listed object, so it is checked and refused, even while the listing is current."""
    match = Match.new(fresh_nim(), 2, seed=4)
    listed = match.legal_actions()
    assert Take(True) in listed
    with pytest.raises(IllegalActionError, match="expected int, got True") as refused:
        match.play(Take(True))
    assert refused.value.rule == "action"
    assert len(match) == 1
    match.play(listed[0])  # the listed object itself still plays
    assert match.log.entries[-1].action == Take(1)


def test_what_a_caller_adds_to_the_listing_is_not_trusted() -> None:
    """The listing is the game's own list; an action appended to it afterwards was not handed
    out by the game, and is checked (and refused) like any other."""
    match = Match.new(fresh_nim(), 2, seed=4)
    listed = match.legal_actions()
    assert isinstance(listed, list)
    listed.append(Take(True))
    with pytest.raises(IllegalActionError, match="expected int, got True"):
        match.play(listed[-1])
    assert len(match) == 1


def test_a_listing_is_trusted_only_while_its_state_is_current() -> None:
    """After a move or an undo the old listing's objects are checked like any other."""
    match = Match.new(fresh_nim(), 2, {"stones": 21, "max_take": 3}, seed=4)
    old = match.legal_actions()
    with counting() as counter:
        match.play(old[0])
        assert counter.round_trips == 0
        match.play(old[2])  # Take(3) from the listing of the position before: checked
        assert counter.round_trips == 1
        listing = match.legal_actions()
        match.undo()
        match.play(listing[1])  # Take(2), listed for the position undone: checked
        assert counter.round_trips == 2


def test_a_mutable_listed_action_is_still_checked() -> None:
    """A listed object that can change may have changed since: only frozen ones are trusted."""
    import attrs

    @attrs.define
    class Loose:
        count: int

    loose = Loose(2)
    game = fresh_nim()
    with counting() as counter, pytest.raises(IllegalActionError):
        action_check.check_action(game, loose, [loose])
    assert counter.round_trips == 1


def test_a_lazy_listing_is_not_searched() -> None:
    """Only a list or tuple is searched; any other sequence leaves the round trip to do."""
    game = fresh_nim()
    action = Take(2)
    with counting() as counter:
        action_check.check_action(game, action, range(3))
        assert counter.round_trips == 1
        action_check.check_action(fresh_nim(), action, (Take(1), action))
        assert counter.round_trips == 1


def _play(match: Match[NimState], seed: int, rebuild: bool) -> Match[NimState]:
    rng = Rng(seed)
    while not match.is_over:
        action = rng.choice(match.legal_actions())
        match.play(Take(action.count) if rebuild else action)
    return match


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32), stones=st.integers(1, 40))
def test_the_log_is_the_same_whether_actions_are_listed_or_built(seed: int, stones: int) -> None:
    """Listed objects and caller-built equal ones give the same log, which replays and verifies
    to the same state."""
    options = {"stones": stones, "max_take": 3}
    listed = _play(Match.new(fresh_nim(), 2, options, seed=seed), seed, rebuild=False)
    built = _play(Match.new(NimGame(), 2, options, seed=seed), seed, rebuild=True)
    assert listed.to_json() == built.to_json()
    again = Match.from_json(listed.to_json(), NimGame())
    assert again.verified and again.state == listed.state == built.state
