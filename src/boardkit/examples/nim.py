"""Nim, the tutorial game: players take 1 to ``max_take`` stones; who takes the last one wins.

Short on purpose (it is the "write your own game" tutorial in the docs): a state, two events,
one action, the six methods every game must have, and the optional hooks a small game wants
(narration, positions as text, research encodings). The start player is drawn at random so
that the example shows how randomness becomes an event.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve, frozen

from boardkit import (
    Config,
    Flow,
    Game,
    IllegalActionError,
    InvalidActionIndexError,
    Option,
    Result,
    Rng,
    TurnEnded,
)
from boardkit.errors import InvalidPositionError
from boardkit.notation import FLOW_KEYS, flow_fields, need, number, parse_flow, read_fields
from boardkit.voice import Voice, count_of


@frozen
class NimState:
    flow: Flow
    stones: int
    max_take: int
    starter: int = 0
    winner: int | None = None

    def __str__(self) -> str:
        """The position in Nim's notation, as NimGame.format_position writes it."""
        return NimGame().format_position(self)


@frozen
class Take:
    """Take ``count`` stones from the heap."""

    count: int


@frozen
class StarterDrawn:
    player: int


@frozen
class StonesTaken:
    player: int
    count: int


class NimGame(Game[NimState, Take]):
    name = "nim"
    title = "Nim"
    version = "1.0"
    player_counts = (2, 3, 4)
    options = (
        Option("stones", 15, "stones in the heap at the start", minimum=1, maximum=100_000),
        Option("max_take", 3, "most stones one turn may take", choices=(2, 3, 4, 5)),
    )
    state_type = NimState
    action_types = (Take,)
    event_types = (StarterDrawn, StonesTaken)

    def initial(self, config: Config) -> NimState:
        stones, max_take = config.option("stones"), config.option("max_take")
        assert isinstance(stones, int) and isinstance(max_take, int)
        return NimState(Flow(config.players), stones, max_take)

    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        return [StarterDrawn(rng.below(config.players))]

    def first_player(self, state: NimState) -> int:
        return state.starter

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(n) for n in range(1, min(state.stones, state.max_take) + 1)]

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        if not isinstance(action, Take) or action not in self.legal_actions(state):
            wanted = count_of(action.count, "stone") if isinstance(action, Take) else "that"
            left = count_of(state.stones, "stone")
            limit = f"a turn takes 1 to {state.max_take}"
            raise IllegalActionError("take", f"cannot take {wanted}: {left} left, {limit}")
        return [StonesTaken(state.flow.active or 0, action.count), TurnEnded()]

    def reduce(self, state: NimState, event: object) -> NimState:
        if isinstance(event, StarterDrawn):
            return evolve(state, starter=event.player)
        if isinstance(event, StonesTaken):
            left = state.stones - event.count
            return evolve(state, stones=left, winner=event.player if left == 0 else None)
        return state

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        scores = tuple(int(p == state.winner) for p in range(state.flow.players))
        return Result((state.winner,), scores)

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return f"take {action.count}"

    def describe_event(
        self, event: object, state: NimState, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        voice = Voice(player, names)
        if isinstance(event, StarterDrawn):
            return f"{voice.does(event.player, 'starts')}"
        if isinstance(event, StonesTaken):
            left = state.stones - event.count
            return (
                f"{voice.does(event.player, 'takes')} {count_of(event.count, 'stone')}, {left} left"
            )
        return super().describe_event(event, state, player, names)

    def render_text(self, state: NimState, player: int | None = None) -> str:
        heap = "o" * state.stones
        return f"heap: {heap} ({count_of(state.stones, 'stone')}, take 1 to {state.max_take})"

    def max_entries(self, config: Config) -> int:
        return int(config.option("stones")) + 1

    # Positions as text (optional): "nim players=2 phase=main turn=3 active=1 stones=9
    # max_take=3 starter=0", and "winner=1" once somebody has won.

    def format_position(self, state: NimState, player: int | None = None) -> str:
        won = "" if state.winner is None else f" winner={state.winner}"
        heap = f"stones={state.stones} max_take={state.max_take} starter={state.starter}"
        return " ".join(["nim", *flow_fields(state.flow), heap]) + won

    def parse_position(self, text: str, config: Config, *, partial: bool = False) -> NimState:
        fields = read_fields(text, "nim", (*FLOW_KEYS, "stones", "max_take", "starter", "winner"))
        flow = parse_flow(fields, self.player_counts)
        seats = flow.players - 1
        stones = number(need(fields, "stones"), "stones")
        winner = number(fields["winner"], "winner", 0, seats) if "winner" in fields else None
        state = NimState(
            flow,
            stones,
            number(need(fields, "max_take"), "max_take"),
            number(need(fields, "starter"), "starter", 0, seats),
            winner,
        )
        if stones > int(config.option("stones")) or state.max_take != config.option("max_take"):
            limit = f"at most {config.option('stones')} stones, take {config.option('max_take')}"
            raise InvalidPositionError("options", f"the match's options say {limit}")
        if (winner is None) != (stones > 0):
            raise InvalidPositionError("winner", "a winner exactly when the heap is empty")
        return state

    # Optional research encodings (boardkit.adapters): ``Take(n)`` is index ``n - 1``; the
    # observation is [s / (s + 1) for the s stones left (exact, and in [0, 1)), then one flag
    # per seat slot for the player to move, slot 0 being the observer].

    def num_actions(self, config: Config) -> int:
        return int(config.option("max_take"))

    def action_to_index(self, action: Take, state: NimState) -> int:
        return action.count - 1

    def index_to_action(self, index: int, state: NimState) -> Take:
        if not 0 <= index < state.max_take:
            raise InvalidActionIndexError(f"Nim action indices are 0 to {state.max_take - 1}")
        return Take(index + 1)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (1 + config.players,)

    def observation(self, state: NimState, player: int) -> list[float]:
        players = state.flow.players
        to_move = [0.0] * players
        if state.flow.active is not None and not state.flow.ended:
            to_move[(state.flow.active - player) % players] = 1.0
        return [state.stones / (state.stones + 1), *to_move]

    def max_chance_outcomes(self, config: Config) -> int:
        return config.players
