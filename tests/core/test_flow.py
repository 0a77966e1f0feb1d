"""Flow: hook order, owed decisions by a non-active player, the end of the game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from attrs import evolve, frozen

from boardkit import (
    Config,
    DecisionOwed,
    DecisionSettled,
    Flow,
    Game,
    GameOverError,
    IllegalActionError,
    Match,
    NotYourDecisionError,
    Result,
    Rng,
    TurnEnded,
)
from boardkit.flow import (
    GameEnded,
    Owed,
    PhaseStarted,
    StepStarted,
    TurnStarted,
    asked_out_of_turn,
    decider,
    reduce_flow,
    turn_started,
)


@frozen
class RoundsState:
    flow: Flow
    calls: tuple[str, ...] = ()
    moves: int = 0


@frozen
class Move:
    ask: bool = False


@frozen
class Answer:
    yes: bool


@frozen
class Moved:
    player: int


@frozen
class Hook:
    name: str


class RoundsGame(Game[RoundsState, object]):
    """Two phases of one round each; a move may ask the next player to answer first."""

    name = "rounds"
    version = "1.0"
    player_counts = (2, 3)
    state_type = RoundsState
    action_types = (Move, Answer)
    event_types = (Moved, Hook)

    def initial(self, config: Config) -> RoundsState:
        return RoundsState(Flow(config.players))

    def first_phase(self, state: RoundsState) -> str:
        return "one"

    def legal_actions(self, state: RoundsState) -> list[object]:
        if state.flow.owed:
            return [Answer(True), Answer(False)]
        return [Move(False), Move(True)]

    def apply(self, state: RoundsState, action: object, rng: Rng) -> Sequence[object]:
        if action not in self.legal_actions(state):
            raise IllegalActionError("rounds", f"{action!r} not allowed now")
        if isinstance(action, Answer):
            events: list[object] = [DecisionSettled(state.flow.owed[0].player)]
            return [*events, TurnEnded()]
        assert isinstance(action, Move) and state.flow.active is not None
        if action.ask:
            other = (state.flow.active + 1) % state.flow.players
            return [Moved(state.flow.active), DecisionOwed(other, "answer")]
        return [Moved(state.flow.active), TurnEnded()]

    def reduce(self, state: RoundsState, event: object) -> RoundsState:
        if isinstance(event, Hook):
            return evolve(state, calls=(*state.calls, event.name))
        if isinstance(event, Moved):
            return evolve(state, moves=state.moves + 1)
        if isinstance(event, PhaseStarted | TurnStarted):
            return evolve(state, calls=(*state.calls, type(event).__name__))
        return state

    def on_turn_end(self, state: RoundsState, rng: Rng) -> Sequence[object]:
        return [Hook("turn_end")]

    def phase_over(self, state: RoundsState) -> bool:
        return state.flow.active == state.flow.players - 1

    def on_phase_end(self, state: RoundsState, rng: Rng) -> Sequence[object]:
        return [Hook("phase_end")]

    def next_phase(self, state: RoundsState) -> str | None:
        return "two" if state.flow.phase == "one" else None

    def on_phase_start(self, state: RoundsState, rng: Rng) -> Sequence[object]:
        return [Hook("phase_start")]

    def on_turn_start(self, state: RoundsState, rng: Rng) -> Sequence[object]:
        return [Hook("turn_start")]

    def result(self, state: RoundsState) -> Result | None:
        return None

    def max_entries(self, config: Config) -> int:
        return 4 * config.players + 1


def test_hooks_run_in_the_documented_order() -> None:
    match = Match.new(RoundsGame(), 2)
    first = match.state.calls  # a name of its own: mypy would keep narrowing match.state.calls
    assert first == ("PhaseStarted", "phase_start", "TurnStarted", "turn_start")
    match.play(Move())
    match.play(Move())
    assert match.state.calls[4:] == (
        "turn_end",
        "TurnStarted",
        "turn_start",
        "turn_end",
        "phase_end",
        "PhaseStarted",
        "phase_start",
        "TurnStarted",
        "turn_start",
    )
    assert match.state.flow.phase == "two"
    assert match.state.flow.turn == 3


def test_next_phase_none_ends_the_game() -> None:
    match = Match.new(RoundsGame(), 2)
    for _ in range(4):
        match.play(Move())
    assert match.is_over
    assert isinstance(match.log.entries[-1].events[-1], GameEnded)
    with pytest.raises(GameOverError):
        match.play(Move())


def test_a_non_active_player_owes_a_decision() -> None:
    match = Match.new(RoundsGame(), 3)
    match.play(Move(ask=True))
    assert match.state.flow.active == 0
    assert match.to_decide == 1
    assert match.legal_actions() == [Answer(True), Answer(False)]
    with pytest.raises(NotYourDecisionError) as info:
        match.play(Answer(True), player=0)
    assert info.value.expected == 1
    match.play(Answer(False), player=1)
    assert match.to_decide == 1 and match.state.flow.active == 1
    assert match.log.entries[-1].player == 1


def test_decider_follows_the_flow() -> None:
    flow = Flow(3, active=2)
    assert decider(flow) == 2
    assert decider(evolve(flow, owed=(*flow.owed,))) == 2
    assert decider(Flow(3, active=2, ended=True)) is None


def test_reduce_flow_builds_each_flow() -> None:
    """reduce_flow folds every flow event into a new flow and leaves the flow alone on any
    other event."""
    events: list[object] = [
        TurnStarted(1, 1),
        StepStarted("act"),
        DecisionOwed(0, "consent"),
        DecisionOwed(2, "consent"),
        DecisionSettled(0),
        TurnEnded(),
        PhaseStarted("late"),
        TurnStarted(2, 2),
        GameEnded(),
    ]
    f = Flow(3)
    seen = []
    for event in events:
        f = reduce_flow(f, event)
        seen.append(f)
    assert seen[0] == Flow(3, "", 1, 1) and seen[1].step == "act"
    assert seen[3].owed == (Owed(0, "consent"), Owed(2, "consent"))
    assert seen[4].owed == (Owed(2, "consent"),)
    assert seen[5].turn_over and seen[6].phase == "late"
    assert seen[7] == Flow(3, "late", 2, 2, "", (Owed(2, "consent"),))
    assert f.ended and f.owed == () and f.phase == "late"
    assert reduce_flow(f, object()) is f  # not a flow event


class EndsAtTurnEnd(RoundsGame):
    """The game is over once the end-of-turn hook has run twice: ``result`` must be asked
    again after a hook changed the state (the engine skips that only when no hook did)."""

    def phase_over(self, state: RoundsState) -> bool:
        return False

    def result(self, state: RoundsState) -> Result | None:
        return Result((0,), (1, 0)) if state.calls.count("turn_end") == 2 else None


def test_a_hook_that_ends_the_game_is_seen_before_the_next_turn() -> None:
    match = Match.new(EndsAtTurnEnd(), 2)
    match.play(Move())
    assert not match.is_over
    events = match.play(Move())
    assert match.is_over
    assert events[-2:] == (Hook("turn_end"), GameEnded())  # no TurnStarted after it


class DefaultHooks(Game[RoundsState, object]):
    """Only the required methods: the engine's defaults (clockwise turns) apply."""

    name = "defaults"
    version = "1.0"
    player_counts = (3,)
    state_type = RoundsState
    action_types = (Move,)
    event_types = (Moved,)

    def initial(self, config: Config) -> RoundsState:
        return RoundsState(Flow(config.players))

    def legal_actions(self, state: RoundsState) -> list[object]:
        return [Move()]

    def apply(self, state: RoundsState, action: object, rng: Rng) -> Sequence[object]:
        return [Moved(state.flow.active or 0), TurnEnded()]

    def reduce(self, state: RoundsState, event: object) -> RoundsState:
        return evolve(state, moves=state.moves + 1) if isinstance(event, Moved) else state

    def result(self, state: RoundsState) -> Result | None:
        return Result((0,), (0, 0, 0)) if state.moves == 7 else None

    def max_entries(self, config: Config) -> int:
        return 8


def test_default_hooks_give_clockwise_turns() -> None:
    match = Match.new(DefaultHooks(), 3)
    seats = []
    while not match.is_over:
        seats.append(match.to_decide)
        match.play(Move())
    assert seats == [0, 1, 2, 0, 1, 2, 0]
    assert [e for e in match.log.entries[-1].events if isinstance(e, TurnStarted)] == []


def test_turn_started_gives_what_folding_gives() -> None:
    """turn_started(flow, p) is TurnStarted(p, turn + 1) and the flow reduce_flow gives."""
    start = reduce_flow(Flow(3), PhaseStarted("main"))
    event, after = turn_started(start, 2)
    assert event == TurnStarted(2, 1) and after == reduce_flow(start, event)
    owing = Flow(3, "x", 4, 0, "s", (Owed(1, "k"),), True)
    event, after = turn_started(owing, 1)
    assert event == TurnStarted(1, 5) and after == reduce_flow(owing, event)


def test_the_engine_names_the_default_first_phase() -> None:
    """engine.start skips a first_phase the game does not override and uses the default's
    answer, which must stay what Game.first_phase says."""
    from boardkit import engine

    game = RoundsGame()
    assert Game.first_phase(game, game.initial(Config(2))) == engine._FIRST_PHASE


def test_the_first_turn_is_turn_one_whatever_the_initial_flow_counts() -> None:
    """engine.start begins turn 1 (TurnStarted(first_player, 1)), also for an initial state
    whose flow already counts turns (the remembered next turn would be turn + 1)."""
    from boardkit import engine

    class CountedRounds(RoundsGame):
        def initial(self, config: Config) -> RoundsState:
            return RoundsState(Flow(config.players, turn=5))

    for game in (RoundsGame(), CountedRounds()):
        state, events = engine.start(game, Config(2))
        assert TurnStarted(0, 1) in events and state.flow.turn == 1


def test_an_answer_is_asked_out_of_turn_and_a_simultaneous_decision_is_not() -> None:
    """Front ends say "must answer" only for a decision put to someone outside his own turn
    while the active player waits (Khan's consent), never for a decider's own move or for a
    kind the game owes every player at once (Goofspiel's bids)."""
    consent = Flow(3, "main", 4, 0, owed=(Owed(2, "consent"),))
    assert asked_out_of_turn(consent)
    assert asked_out_of_turn(consent, frozenset({"bid"}))  # only the kinds listed are excepted
    bids = Flow(3, "main", 4, 0, owed=(Owed(1, "bid"), Owed(2, "bid")))
    assert asked_out_of_turn(bids) and not asked_out_of_turn(bids, frozenset({"bid"}))
    assert not asked_out_of_turn(Flow(3, "main", 4, 0, owed=(Owed(0, "discard"),)))  # his own
    assert not asked_out_of_turn(Flow(3, "main", 4, 0))  # nobody owes anything: a move
    assert not asked_out_of_turn(Flow(3, "main", 4, 0, owed=(Owed(2, "consent"),), ended=True))
