"""Phase, step and decision-kind names are checked where a game names them: one word that a
position can write and read back, or a GameDefinitionError naming the name and the hook."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from boardkit import GameDefinitionError, InvalidPositionError, Match, Rng
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.flow import DecisionOwed, Flow, Owed, PhaseStarted, StepStarted, is_name
from boardkit.notation import flow_fields, parse_flow, read_fields
from boardkit.testing import ConformanceError, check_game

GOOD = ("main", "end-phase", "round_2", "1st", "v1.2", "_x", "Aufräumen")
BAD = ("", "-", ".x", "round 1", "a,b", "owed:kind", "x=y", "tab\tbed", "line\n", " main")


KEYS = ("players", "phase", "turn", "active", "step", "owed")


@pytest.mark.parametrize("name", GOOD)
def test_a_name_is_one_word_a_position_reads_back(name: str) -> None:
    assert is_name(name)
    flow = Flow(2, name, 3, 1, name, (Owed(0, name),))
    text = " ".join(["nim", *flow_fields(flow)])
    assert parse_flow(read_fields(text, "nim", KEYS), (2,)) == flow
    assert PhaseStarted(name).phase == StepStarted(name).step == DecisionOwed(1, name).kind == name


@pytest.mark.parametrize("name", BAD)
def test_the_flow_events_refuse_what_is_not_a_name(name: str) -> None:
    assert not is_name(name)
    with pytest.raises(GameDefinitionError, match=re.escape(f"names the phase {name!r}, which")):
        PhaseStarted(name)
    with pytest.raises(GameDefinitionError, match=re.escape(f"names the step {name!r}, which")):
        StepStarted(name)
    with pytest.raises(GameDefinitionError, match="DecisionOwed names the decision kind"):
        DecisionOwed(0, name)


def test_a_name_that_is_not_a_string_is_refused() -> None:
    assert not is_name(3) and not is_name(None)
    with pytest.raises(GameDefinitionError, match="which is not a name"):
        StepStarted(3)  # type: ignore[arg-type]


class SpacedPhase(NimGame):
    """Names its phase with a space: a position could not read it back (issue 23)."""

    def first_phase(self, state: NimState) -> str:
        return "round 1"


class SpacedNextPhase(NimGame):
    """Goes on to a second phase whose name holds a comma."""

    def phase_over(self, state: NimState) -> bool:
        return state.flow.phase == "main"

    def next_phase(self, state: NimState) -> str | None:
        return "late,game"


class SpacedStep(NimGame):
    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        return [StepStarted("second step"), *super().apply(state, action, rng)]


def test_first_phase_and_next_phase_are_checked_as_the_hook_gives_them() -> None:
    with pytest.raises(GameDefinitionError) as first:
        Match.new(SpacedPhase(), 2, seed=1)
    assert str(first.value).startswith("nim: Game.first_phase gave the phase 'round 1', which")
    assert "one word of letters, digits" in str(first.value)
    match = Match.new(SpacedNextPhase(), 2, seed=1)
    with pytest.raises(
        GameDefinitionError, match=r"nim: Game.next_phase gave the phase 'late,game'"
    ):
        match.play(match.legal_actions()[0])


def test_a_step_is_checked_where_the_game_names_it() -> None:
    match = Match.new(SpacedStep(), 2, seed=1)
    with pytest.raises(GameDefinitionError, match="StepStarted names the step 'second step'"):
        match.play(match.legal_actions()[0])


@pytest.mark.parametrize(
    "fields", ["phase=a,b", "phase=main step=x:y", "phase=main owed=0:a=b", "phase=."]
)
def test_a_position_with_a_bad_name_is_refused(fields: str) -> None:
    text = f"nim players=2 turn=1 active=0 {fields}"
    with pytest.raises(InvalidPositionError, match=r"\[syntax\].*is not a name"):
        parse_flow(read_fields(text, "nim", KEYS), (2,))


def test_the_kit_names_the_bad_phase_and_where() -> None:
    """What issue 23's author got was a bare InvalidPositionError from the positions check;
    now the kit stops at the setup, naming the configuration, the seed and the hook."""
    with pytest.raises(ConformanceError) as caught:
        check_game(SpacedPhase(), [{"players": 2}], max_examples=1)
    message = str(caught.value)
    assert message.startswith("nim players=2 options={'")
    assert " seed=" in message and " setup: GameDefinitionError: nim: Game.first_phase" in message
    assert "'round 1'" in message
