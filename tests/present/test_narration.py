"""Event narration in the framework: the wording helpers, whole entries, and the narration
checks of the conformance kit, proved on deliberately broken games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from attrs import frozen

from boardkit import Game, Match
from boardkit.examples.nim import NimGame, StarterDrawn, StonesTaken
from boardkit.flow import DecisionOwed, GameEnded, PhaseStarted, StepStarted, TurnEnded, TurnStarted
from boardkit.present.narration import narrate_entry, narrate_match_entry, states_between
from boardkit.present.voice import Voice, describe_flow_event, join_words, second_person
from boardkit.runner.simulate import random_playout
from boardkit.testing import ConformanceError
from boardkit.testing.narration_checks import check_narration, check_narration_playout
from tests.core.secret_game import Dealt, PileLaid, Revealed, SecretGame, SecretState, Swapped


@pytest.mark.parametrize(
    ("third", "second"),
    [
        ("draws", "draw"),
        ("passes", "pass"),
        ("goes", "go"),
        ("has", "have"),
        ("is", "are"),
        ("places", "place"),
        ("carries", "carry"),
        ("conquers with", "conquer with"),
        ("can", "can"),
    ],
)
def test_second_person_verbs(third: str, second: str) -> None:
    assert second_person(third) == second


def test_a_voice_says_you_to_its_reader_and_names_the_others() -> None:
    voice = Voice(1, ["ann", "bob"])
    assert voice.does(1, "draws") == "you draw"
    assert voice.does(0, "draws") == "ann draws"
    assert voice.whose(1) == "your" and voice.whose(0) == "ann's"
    assert Voice(None).does(2, "passes") == "player 3 passes"  # people count seats from 1
    assert Voice(None, ["player 1", "eve"]).has_name(1)
    assert not Voice(None, ["player 1", "eve"]).has_name(0)
    assert Voice(None, ["player 0", "eve"]).has_name(0)  # not the default name of seat 0
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert join_words(["a"]) == "a" and join_words([]) == ""


def test_flow_events_get_generic_lines_and_bookkeeping_gets_none() -> None:
    voice = Voice(0, ["ann", "bob"])
    assert describe_flow_event(PhaseStarted("main"), voice) == "the main phase begins"
    assert describe_flow_event(TurnStarted(1, 7), voice) == "turn 7: bob's turn"
    assert describe_flow_event(TurnStarted(0, 8), voice) == "turn 8: your turn"
    assert describe_flow_event(DecisionOwed(1, "consent"), voice) == "bob must decide: consent"
    assert describe_flow_event(GameEnded(), voice) == "the game is over"
    assert describe_flow_event(StepStarted("x"), voice) is None
    assert describe_flow_event(TurnEnded(), voice) is None


def test_nim_narrates_a_whole_entry_for_each_reader() -> None:
    match = Match.new(NimGame(), ["ann", "bob"], seed=3)
    first = match.to_decide
    assert first is not None
    match.play(match.legal_actions()[1])
    mover, other = match.header.players[first], match.header.players[1 - first]
    assert narrate_match_entry(match, 1, None) == [
        f"{mover} takes 2 stones, 13 left",
        f"turn 2: {other}'s turn",
    ]
    assert narrate_match_entry(match, 1, first) == [
        "you take 2 stones, 13 left",
        f"turn 2: {other}'s turn",
    ]
    assert narrate_match_entry(match, 0, first) == [
        "you start",
        "the main phase begins",
        "turn 1: your turn",
    ]


def test_each_line_sees_the_state_before_its_event() -> None:
    game = NimGame()
    state = game.initial(game.make_config(2))
    events = [StarterDrawn(0), StonesTaken(0, 1), StonesTaken(1, 3)]
    assert narrate_entry(game, state, events, None, ["ann", "bob"]) == [
        "ann starts",
        "ann takes 1 stone, 14 left",
        "bob takes 3 stones, 11 left",
    ]


def test_the_shipped_nim_passes_the_narration_check() -> None:
    report = check_narration(NimGame(), seeds=range(2))
    assert {StonesTaken, StarterDrawn, TurnStarted, GameEnded} <= report.narrated


# --- broken games ------------------------------------------------------------------------------


NarratedSecret = SecretGame
"""The secret-numbers game narrates every event (see tests/core/secret_game.py)."""


class MuteSecret(SecretGame):
    """Narrates none of its own events."""

    describe_event = Game.describe_event


class LeakySecret(NarratedSecret):
    """Names the number another player swapped for, read from the secret pile."""

    def describe_event(
        self,
        event: object,
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        if isinstance(event, Swapped) and event.player != player:
            return f"player {event.player} swaps for {state.pile[0]}"
        return super().describe_event(event, state, player, names)


class RaisingSecret(NarratedSecret):
    """Fails on the reveal."""

    def describe_event(
        self,
        event: object,
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        if isinstance(event, Revealed):
            raise KeyError("no wording for the reveal")
        return super().describe_event(event, state, player, names)


@frozen
class NotAnEvent:
    pass


class StrayQuiet(NarratedSecret):
    quiet_events = (NotAnEvent,)


class EmptyLine(NarratedSecret):
    def describe_event(
        self,
        event: object,
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        return (
            ""
            if isinstance(event, PileLaid)
            else super().describe_event(event, state, player, names)
        )


def test_a_correct_narration_with_secrets_passes() -> None:
    report = check_narration(NarratedSecret(), seeds=range(4))
    assert {Dealt, PileLaid, Swapped, Revealed} <= report.narrated
    game = NarratedSecret()
    state = game.initial(game.make_config(2))
    assert narrate_entry(game, state, [Dealt(0, 7), Dealt(1, 4)], 1) == [
        "player 1 is dealt a number",
        "you are dealt 4",
    ]


def test_a_narration_that_names_a_hidden_number_fails() -> None:
    with pytest.raises(ConformanceError, match="depends on hidden information: Swapped"):
        check_narration(LeakySecret(), seeds=range(6))


def test_a_narration_that_raises_fails_naming_the_entry() -> None:
    with pytest.raises(ConformanceError, match=r"entry \d+, for a spectator: narration raised"):
        check_narration_playout(RaisingSecret(), 2, None, 0)


def test_a_game_that_narrates_nothing_fails() -> None:
    with pytest.raises(ConformanceError, match="Dealt got no narration"):
        check_narration_playout(MuteSecret(), 2, None, 0)


def test_quiet_events_must_be_event_types() -> None:
    with pytest.raises(ConformanceError, match="quiet_events lists NotAnEvent"):
        check_narration_playout(StrayQuiet(), 2, None, 0)


def test_an_empty_line_fails() -> None:
    with pytest.raises(ConformanceError, match="gave '' for PileLaid"):
        check_narration_playout(EmptyLine(), 2, None, 0)


class StateSayingSecretGame(SecretGame):
    """Says the whole state before each event as the reader holds it: a line that differs
    whenever a reader's state differs from the true one."""

    def describe_event(
        self,
        event: object,
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        return f"{super().describe_event(event, state, player, names)} in {state!r}"


@pytest.mark.parametrize(
    ("game", "players"),
    [("shangrila", 3), ("khan", 3), (SecretGame(), 3), (StateSayingSecretGame(), 3)],
    ids=["shangrila", "khan", "secret", "secret-saying-states"],
)
def test_entries_narrated_from_states_folded_once_read_as_folded_per_reader(
    game: str | Game[Any, Any], players: int
) -> None:
    """``narrate_entry(..., states=states_between(...))`` gives every reader the lines it gets
    when its own redacted events are folded: in a game without secrets, in Khan (whose runs
    of events are worded together) and in a game with secrets narrated event by event, where
    a reader's redaction starts in the middle of an entry."""
    match = random_playout(game, players, seed=8)
    redacted = 0
    for entry in match.log.entries[1:]:
        before = match.state_at(entry.seq - 1)
        states = states_between(match.game, before, entry.events)
        for reader in (None, *range(players)):
            folded = narrate_entry(match.game, before, entry.events, reader, ("a", "b", "c"))
            read = narrate_entry(
                match.game, before, entry.events, reader, ("a", "b", "c"), states=states
            )
            assert read == folded
            redacted += any(match.game.redact(e, reader) is not e for e in entry.events)
    assert (redacted > 0) == match.game.hidden_information
