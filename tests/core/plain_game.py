"""A tiny test-only game that offers nothing optional: the six required methods and the facts.

Two or three players add 1 or 2 to a running total in turn; whoever brings it to ``target`` (10 by
default) wins. Tests use it where they need a game that does *not* offer a hook (no picture, no
click targets, no bot hints, no positions, no encodings), now that the tutorial game, Nim,
offers them all. It keeps every default of :class:`boardkit.game.Game`, so it also shows what a
game gets for free; it passes the conformance kit (tests/testing/test_conformance.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import Config, Flow, Game, IllegalActionError, Option, Result, Rng, TurnEnded


@frozen
class PlainState:
    flow: Flow
    target: int
    total: int = 0


@frozen
class Add:
    n: int


@frozen
class Added:
    player: int
    n: int


class PlainGame(Game[PlainState, Add]):
    """Count to ``target`` together; who reaches it wins. Only the required methods."""

    name = "plain"
    title = "Count to ten"
    version = "1.0"
    player_counts = (2, 3)
    options = (Option("target", 10, "the total that wins", minimum=1, maximum=1000),)
    state_type = PlainState
    action_types = (Add,)
    event_types = (Added,)

    def initial(self, config: Config) -> PlainState:
        return PlainState(Flow(config.players), int(config.option("target")))

    def legal_actions(self, state: PlainState) -> list[Add]:
        if state.total >= state.target:
            return []
        return [Add(n) for n in (1, 2) if state.total + n <= state.target]

    def apply(self, state: PlainState, action: Add, rng: Rng) -> Sequence[object]:
        if action not in self.legal_actions(state):
            raise IllegalActionError("add", f"cannot add {action!r} to {state.total}")
        return [Added(state.flow.active or 0, action.n), TurnEnded()]

    def reduce(self, state: PlainState, event: object) -> PlainState:
        if isinstance(event, Added):
            return evolve(state, total=state.total + event.n)
        return state

    def result(self, state: PlainState) -> Result | None:
        if state.total < state.target:
            return None
        winner = state.flow.active or 0  # the turn of the last addition has not moved on
        return Result((winner,), tuple(int(p == winner) for p in range(state.flow.players)))

    def max_entries(self, config: Config) -> int:
        return int(config.option("target")) + 1

    def describe_event(
        self, event: object, state: PlainState, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        if isinstance(event, Added):
            return f"{event.n} added, {state.total + event.n} in all"
        return super().describe_event(event, state, player, names)
