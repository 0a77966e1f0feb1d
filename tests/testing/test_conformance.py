"""The conformance kit passes correct games and catches broken ones."""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from attrs import evolve

from boardkit import Config, Game, IllegalActionError, Result, Rng
from boardkit.examples.nim import NimGame, NimState, StonesTaken, Take
from boardkit.flow import GameEnded, TurnEnded, TurnStarted
from boardkit.game import OPTIONAL_HOOKS
from boardkit.present.menus import absent_reasons
from boardkit.present.screen import Picture, line
from boardkit.testing import ConformanceError, Sampling, check_game, check_playout
from tests.core.plain_game import Add, PlainGame, PlainState
from tests.core.secret_game import SecretGame, SecretState


def test_nim_passes() -> None:
    check_game(NimGame(), [{"players": 2}, {"players": 4, "options": {"max_take": 5}}])


def test_a_game_with_hidden_information_passes() -> None:
    check_game(SecretGame())


class LeakyView(SecretGame):
    def view(self, state: SecretState, player: int | None) -> object:
        return state


class AcceptsAnything(NimGame):
    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        count = min(action.count, state.stones)
        return [StonesTaken(state.flow.active or 0, count), *super().apply(state, Take(1), rng)[1:]]


class ForgetfulReducer(NimGame):
    """Forgets the start player on replay: live state and replayed state differ."""

    def reduce(self, state: NimState, event: object) -> NimState:
        new = super().reduce(state, event)
        return evolve(new, starter=0) if new.stones == 0 else new


class LowBound(NimGame):
    def max_entries(self, config: Config) -> int:
        return 2


class RedactsTooMuch(SecretGame):
    """Hides a player's own card from their log: the log no longer gives their view."""

    def redact(self, event: object, player: int | None) -> object:
        return SecretGame.redact(self, event, None)


def test_a_redacted_log_must_give_the_players_view() -> None:
    with pytest.raises(ConformanceError, match="redacted log does not give the player's view"):
        check_playout(RedactsTooMuch(), 2, None, 1)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (LeakyView(), "view changes when hidden information is re-drawn"),
        (AcceptsAnything(), "was accepted but is not a legal action"),
        (LowBound(), "more entries than max_entries"),
    ],
)
def test_broken_games_are_caught(game: object, words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        for seed in range(20):
            check_playout(game, 2, None, seed)  # type: ignore[arg-type]


# --- the hooks and flow rules check_game holds every game to (boardkit.testing.hooks) ------------


class OneMenuPath(NimGame):
    """Every action under the same menu path: a menu cannot tell them apart."""

    def action_path(self, action: Take, state: NimState | None = None) -> tuple[str, ...]:
        return ("take", "some")


class NanScore(NimGame):
    def score(self, state: NimState, player: int) -> float:
        return math.nan


class TextEvaluation(NimGame):
    def evaluate(self, state: NimState, player: int) -> float:
        return "good"  # type: ignore[return-value]


# The picture checks use the plain test game, which draws no picture of its own: Nim's picture
# has click targets, whose check would speak first.


class BrokenPicture(PlainGame):
    def render_svg(
        self,
        state: PlainState,
        player: int | None = None,
        highlight: object = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        return "<svg><circle></svg>"


class HtmlPicture(PlainGame):
    def render_svg(
        self,
        state: PlainState,
        player: int | None = None,
        highlight: object = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        return "<html/>"


class FinalPictureFails(PlainGame):
    """Draws every state, except the finished game with its last move marked: only Jupyter's
    ``Match._repr_svg_`` asks for that one."""

    def render_svg(
        self,
        state: PlainState,
        player: int | None = None,
        highlight: object = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        if state.total == state.target and highlight is not None:
            raise ValueError("no picture of the end")
        return '<svg xmlns="http://www.w3.org/2000/svg"/>'


class MuteNim(NimGame):
    describe_event = Game.describe_event


class EndsItself(NimGame):
    """Emits GameEnded itself, before its own events: a second way for a game to end."""

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        events = list(super().apply(state, action, rng))
        return [GameEnded(), *events] if state.stones == action.count else events


class StartsTurns(NimGame):
    """Starts the next turn itself instead of ending its own with TurnEnded."""

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        taken = super().apply(state, action, rng)[0]
        if state.stones == action.count:
            return [taken, TurnEnded()]
        return [taken, TurnStarted(self.next_player(state), state.flow.turn + 1)]


class Fickle(NimGame):
    """Lists its actions in an order that depends on where the state came from, not on the
    position: states its own reducer built list them one way, an equal state read back from
    JSON the other way round. (Deterministic, so hypothesis replays the same failure.)"""

    def __init__(self) -> None:
        self.built: weakref.WeakValueDictionary[int, NimState] = weakref.WeakValueDictionary()

    def reduce(self, state: NimState, event: object) -> NimState:
        after = super().reduce(state, event)
        self.built[id(after)] = after  # by identity: an equal state read from JSON is not here
        return after

    def legal_actions(self, state: NimState) -> list[Take]:
        actions = super().legal_actions(state)
        return actions if self.built.get(id(state)) is state else actions[::-1]


class TargetsWithoutPicture(PlainGame):
    def action_targets(self, action: Add, state: PlainState) -> tuple[str, ...]:
        return (f"add-{action.n}",)


class TargetsOffThePicture(NimGame):
    """Names stones by how many are taken, not by their place: ids the picture may not have."""

    def action_targets(self, action: Take, state: NimState) -> tuple[str, ...]:
        return (f"stone-{state.stones + action.count}",)


class BrightObservation(NimGame):
    def observation(self, state: NimState, player: int) -> list[float]:
        return [2.0, *super().observation(state, player)[1:]]


class ShortSparseObservation(NimGame):
    """Lists the nonzero values of its observation but the last."""

    def sparse_observation(self, state: NimState, player: int) -> tuple[list[int], list[float]]:
        positions, values = super().sparse_observation(state, player)
        return list(positions)[:-1], list(values)[:-1]


class UnsortedSparseObservation(NimGame):
    """Lists the nonzero values of its observation last first."""

    def sparse_observation(self, state: NimState, player: int) -> tuple[list[int], list[float]]:
        positions, values = super().sparse_observation(state, player)
        return list(positions)[::-1], list(values)[::-1]


class HalvedSparseValues(NimGame):
    """Lists the right positions with half their values."""

    def sparse_observation(self, state: NimState, player: int) -> tuple[list[int], list[float]]:
        positions, values = super().sparse_observation(state, player)
        return list(positions), [value / 2 for value in values]


class SeatsSwapped(NimGame):
    """Gives every seat's heuristic at once, in the wrong order."""

    def evaluate_seats(self, state: NimState) -> list[float]:
        return [self.evaluate(state, seat) for seat in range(state.flow.players)][::-1]


class WideIndex(NimGame):
    def action_to_index(self, action: Take, state: NimState) -> int:
        return action.count + 10

    def index_to_action(self, index: int, state: NimState) -> Take:
        return Take(index - 10)


class NarrowChance(NimGame):
    def max_chance_outcomes(self, config: Config) -> int:
        return 1


class WideScreen(NimGame):
    def render_screen(self, state: NimState, player: int | None, names: Sequence[str]) -> Picture:
        return Picture((line("o" * 50),), (line("x" * 40),))


class PeekingScreen(SecretGame):
    """A compact picture that shows every hand to every viewer."""

    def render_screen(
        self, state: SecretState, player: int | None, names: Sequence[str]
    ) -> Picture:
        return Picture((line(" ".join(map(str, state.hands))),))


class StrangerSeat(NimGame):
    def render_screen(self, state: NimState, player: int | None, names: Sequence[str]) -> Picture:
        return Picture((line(("stones", 7)),))


class ExplainsTheOffer(NimGame):
    def why_not(self, state: NimState, path: tuple[str, ...]) -> Mapping[str, str]:
        return {"take 1": "you may not"} if path == ("Take",) else {}


class TaggedReason(NimGame):
    def why_not(self, state: NimState, path: tuple[str, ...]) -> Mapping[str, str]:
        return {"take 99": "[N-1] too many"} if path == ("Take",) else {}


class PeekingWhyNot(SecretGame):
    """Explains an absent option with another player's hand."""

    def why_not(self, state: SecretState, path: tuple[str, ...]) -> Mapping[str, str]:
        return {"Peek": f"the others hold {state.hands}"}


class OneColour(NimGame):
    def player_colours(self, players: int) -> tuple[str, ...]:
        return ("red",) * players


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (OneMenuPath(), "have the same menu path"),
        (WideScreen(), "render_screen for viewer None is 91 columns wide"),
        (PeekingScreen(), "differs in a determinize twin"),
        (StrangerSeat(), r"holds the segment \('stones', 7\)"),
        (OneColour(), r"player_colours\(2\) gave \('red', 'red'\)"),
        (ExplainsTheOffer(), r"explains 'take 1', which is on offer"),
        (TaggedReason(), "a reason is plain text, no clause tag"),
        (PeekingWhyNot(), r"why_not\(state, \(\)\) differs in a determinize twin"),
        (NanScore(), r"score\(state, 0\) gave nan; it must be a finite number"),
        (TextEvaluation(), r"evaluate\(state, 0\) gave 'good'"),
        (BrokenPicture(), "render_svg for viewer None is not well-formed XML"),
        (HtmlPicture(), "has the root element 'html', not svg"),
        (FinalPictureFails(), r"Match._repr_svg_ raised ValueError"),
        (MuteNim(), "StarterDrawn got no narration"),
        (EndsItself(), "events follow GameEnded"),
        (StartsTurns(), "a turn ends by a TurnEnded event"),
        (Fickle(), "legal_actions lists other actions, or in another order"),
        (TargetsWithoutPicture(), "offers click targets but has no render_svg picture"),
        (TargetsOffThePicture(), r"targets stone-\d+, not a data-target of player \d's picture"),
        (BrightObservation(), r"observation holds 2.0, not a finite value in \[0, 1\]"),
        (ShortSparseObservation(), r"sparse observation lists positions .* \(missing \[\d+\]"),
        (UnsortedSparseObservation(), r"sparse observation .*they must be ascending"),
        (HalvedSparseValues(), r"at \d+ it gives another value than observation"),
        (SeatsSwapped(), r"evaluate_seats\(state\) gave \[.*\], but evaluate seat by seat"),
        (WideIndex(), r"has index 11, not in range\(3\)"),
        (NarrowChance(), r"past max_chance_outcomes\(\) = 1"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, Game) else "",
)
def test_the_kit_holds_every_game_to_its_hooks(game: Game[Any, Any], words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        check_game(game, [{"players": 2}], max_examples=3)


def test_the_hook_checks_pass_a_game_that_offers_every_hook() -> None:
    """Nim offers every optional hook but the terminal's own (a picture, click targets, bot
    hints, positions, encodings) and passes; so does the plain game, which offers none. The
    terminal hooks are held to the kit by the next test."""
    nim = NimGame()
    terminal_only = {"render_screen", "why_not", "describe_decision", "describe_events"}
    shipped = {"trained_network"}  # a trained network: greedy plays Nim perfectly already
    assert all(nim.offers(hook) for hook in OPTIONAL_HOOKS - terminal_only - shipped)
    match = check_playout(nim, 3, None, 3)
    assert (match._repr_svg_() or "").startswith("<svg")
    check_game(PlainGame(), max_examples=3)
    assert check_playout(PlainGame(), 2, None, 3)._repr_svg_() is None


def test_the_terminal_hooks_pass_when_done_right() -> None:
    """A compact picture and reasons for absent options done right pass the kit."""

    class TerminalNim(NimGame):
        def render_screen(
            self, state: NimState, player: int | None, names: Sequence[str]
        ) -> Picture:
            board = line("o" * state.stones) if state.stones < 60 else line(f"{state.stones} o")
            return Picture((board,), (line((names[state.flow.active or 0], 0), " to take"),))

        def why_not(self, state: NimState, path: tuple[str, ...]) -> Mapping[str, str]:
            def refuse(action: Take) -> str | None:
                try:
                    self.apply(state, action, Rng(0))
                except IllegalActionError as error:
                    return error.reason
                return None

            return absent_reasons(self, state, path, [Take(n) for n in range(1, 8)], refuse)

    check_game(TerminalNim(), [{"players": 2}, {"players": 3}], max_examples=4)


class MumblingRuns(SecretGame):
    """Words the deal's run of cards as an empty line."""

    def describe_events(
        self,
        events: Sequence[object],
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        return [""]


class PeekingRuns(SecretGame):
    """Words the deal by naming every card dealt, the others' included."""

    def describe_events(
        self,
        events: Sequence[object],
        state: SecretState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        return ["dealt: " + " ".join(str(getattr(e, "card", "?")) for e in events)]


def test_runs_of_events_worded_together_are_checked() -> None:
    """A game's describe_events: non-empty lines, and nothing the reader may not see (the
    events come redacted, so a game that words them faithfully passes)."""
    with pytest.raises(ConformanceError, match="describe_events gave ''"):
        check_playout(MumblingRuns(), 2, None, 1)
    check_playout(PeekingRuns(), 2, None, 1)  # redacted events name only the reader's card


# --- games that need not end --------------------------------------------------------------------


def test_a_game_without_a_bound_passes_under_default_and_short_caps() -> None:
    from tests.core.endless_game import EndlessGame

    check_game(EndlessGame())


def test_the_kit_accepts_a_match_cut_off_at_its_cap() -> None:
    from tests.core.endless_game import EndlessGame

    ends = [check_playout(EndlessGame(), 2, None, seed, cap=4).result for seed in range(12)]
    truncated = [r for r in ends if r is not None and r.truncated]
    assert 0 < len(truncated) < len(ends)  # some cut off, some knocked before the cap


def test_the_kit_accepts_a_bounded_game_cut_short() -> None:
    match = check_playout(NimGame(), 2, {"stones": 20}, 1, cap=3)
    assert match.result is not None and match.result.truncated and len(match) == 3


class BadBound(PlainGame):
    def max_entries(self, config: Config) -> int:
        return 0


def test_a_bound_that_is_not_a_positive_int_is_refused() -> None:
    with pytest.raises(ConformanceError, match="max_entries must be a positive int or None"):
        check_playout(BadBound(), 2, None, 1)


def test_a_game_whose_result_reads_the_flows_end_is_caught_when_cut_off() -> None:
    """A game that reports its outcome once the flow has ended, rather than when its rules say,
    claims a result for a match the framework cut off."""
    from tests.core.endless_game import EndlessGame, EndlessState

    class ResultAtAnyEnd(EndlessGame):
        def result(self, state: EndlessState) -> Result | None:
            if state.flow.ended and not state.knocked:
                return Result((0, 1), (0, 0))
            return super().result(state)

    with pytest.raises(ConformanceError, match="the game has a result, yet was cut off"):
        for seed in range(20):
            check_playout(ResultAtAnyEnd(), 2, None, seed, cap=3)


class CountsApplies(NimGame):
    """Nim that counts its ``apply`` calls: the kit's legal and illegal samples each call it."""

    def __init__(self) -> None:
        self.applies = 0

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        self.applies += 1
        return super().apply(state, action, rng)


def _applies(**budget: Any) -> int:
    game = CountsApplies()
    check_playout(game, 2, None, 7, **budget)
    return game.applies


def test_a_sampling_value_sets_the_budget_as_its_keyword_arguments_do() -> None:
    lean = Sampling(legal_samples=1, illegal_samples=0, state_check_every=2, hooks_every=3)
    by_value, by_keywords = (
        _applies(sampling=lean),
        _applies(legal_samples=1, illegal_samples=0, state_check_every=2, hooks_every=3),
    )
    assert by_value == by_keywords
    assert _applies(sampling=Sampling()) == _applies() != by_value
    assert Sampling(state_check_every=5).hook_step == 5
    assert Sampling(state_check_every=5, hooks_every=2).hook_step == 2
    check_game(NimGame(), max_examples=2, sampling=lean)


def test_a_sampling_value_and_its_keyword_arguments_are_not_given_together() -> None:
    with pytest.raises(TypeError, match="either sampling= or its keyword arguments"):
        check_playout(NimGame(), 2, None, 1, sampling=Sampling(), legal_samples=2)
    with pytest.raises(TypeError, match="either sampling= or its keyword arguments"):
        check_game(NimGame(), max_examples=1, sampling=Sampling(), hooks_every=2)
