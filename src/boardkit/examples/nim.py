"""Nim, the tutorial game: players take 1 to ``max_take`` stones; who takes the last one wins.

It is the "write your own game" tutorial of the docs (docs/tutorial.md), so it implements the
whole contract of ``boardkit.game`` in one module, in the order of its groups: a state, two
events, one action; the six required methods; two flow hooks (a start player drawn at random,
to show how randomness becomes an event); presentation (texts, narration, an SVG picture);
clicks; bot hints; positions as text; research encodings. Nim hides nothing, so it keeps the
defaults of the hidden-information group (``view``, ``redact``, ``determinize``) and leaves
``hidden_information`` false.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

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
from boardkit.flow import decider
from boardkit.howto import RulesSection
from boardkit.i18n import N_
from boardkit.notation import FLOW_KEYS, flow_fields, need, number, parse_flow, read_fields
from boardkit.present.svg import Svg, circle, text
from boardkit.present.voice import Voice, count_of
from boardkit.replacing import evolve

STONE_GAP = 24
"""Pixels between the centres of two stones in the picture."""


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
    """Nim for 2 to 4 players, one heap of ``stones``, a turn takes 1 to ``max_take``."""

    # The facts: the registry name, the rules version, who may play, the options, and the
    # classes of the state, the actions and the events (their names tag them in JSON logs).

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

    # The six required methods.

    def initial(self, config: Config) -> NimState:
        stones, max_take = config.option("stones"), config.option("max_take")
        assert isinstance(stones, int) and isinstance(max_take, int)
        return NimState(Flow(config.players), stones, max_take)

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(n) for n in range(1, min(state.stones, state.max_take) + 1)]

    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        # The rule itself, not "is it among legal_actions(state)": apply runs for every action
        # played and for every entry verified, so a check that lists nothing pays off.
        if not isinstance(action, Take) or action.count not in range(
            1, min(state.stones, state.max_take) + 1
        ):
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

    def max_entries(self, config: Config) -> int:
        return int(config.option("stones")) + 1  # the setup, then a stone a turn at least

    # Setup and flow: a start player drawn at random (an event, so a replay draws nothing);
    # the turns then go clockwise, the default.

    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        return [StarterDrawn(rng.below(config.players))]

    def first_player(self, state: NimState) -> int:
        return state.starter

    # Hidden information: none. Every player sees the whole heap, so Nim keeps the defaults
    # (``view`` shows the state, ``redact`` hides nothing, ``determinize`` changes nothing).

    # Presentation: menus, the terminal, narration, and a picture.

    def describe_action(self, action: Take, state: NimState | None = None) -> str:
        return f"take {action.count}"

    def render_text(
        self, state: NimState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        # The heap names no seat, so ``names`` (the players' names, when the caller knows
        # them) changes nothing here; a game that names seats uses them.
        heap = "o" * state.stones
        return f"heap: {heap} ({_heap_caption(state, ', ')})"

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

    def render_svg(
        self,
        state: NimState,
        player: int | None = None,
        highlight: Take | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        """A row of stones, ids ``stone-0`` … from the left (the same ids in every state); the
        stones the highlighted action took are drawn as rings after the heap."""
        taken = highlight.count if isinstance(highlight, Take) else 0
        svg = Svg(STONE_GAP * max(state.stones + taken, 6) + 8, 60, title_text="Nim")
        for k in range(state.stones + taken):
            look = {"class_": "stone", "fill": "#8a8d91", "data_target": f"stone-{k}"}
            if k >= state.stones:
                look = {"class_": "taken", "fill": "none", "stroke": "#8a8d91"}
            svg.add(circle(16 + STONE_GAP * k, 20, 9, **look))
        svg.add(text(8, 52, _heap_caption(state, " left, "), font_size=13))
        return svg.to_string()

    # Rules at hand: how to play, in sections a front end shows on ``?`` and in its help
    # panel. A section's clauses are the rules its refusals name (``take``), so a refusal
    # can point a player to the section that explains it.

    def how_to_play(self) -> tuple[RulesSection, ...]:
        return (
            RulesSection(
                "goal",
                N_("The goal"),
                (),
                "A heap of stones lies on the table. Whoever takes the last stone wins.",
            ),
            RulesSection(
                "take",
                N_("Taking stones"),
                ("take",),
                "On your turn take at least one stone "
                "and at most as many as the game allows (3 unless the options say otherwise), "
                "never more than are left. Then the next player, clockwise, takes.",
            ),
        )

    # Clicks: taking ``n`` stones is a click on the first stone taken, the ``n``-th from the
    # right, so every legal action has a stone of its own.

    def action_targets(self, action: Take, state: NimState) -> tuple[str, ...]:
        return (f"stone-{state.stones - action.count}",)

    # Bot hints. ``score`` is the final score if the game ended now: nobody has won before the
    # last stone. ``evaluate`` knows the theory: a heap that is a multiple of ``max_take + 1``
    # is lost for the player to move (whatever they take, the next player makes it a multiple
    # again). Exact for two players, a rule of thumb for more. Bots call it on finished games
    # too, so a win is worth more than any position.

    def score(self, state: NimState, player: int) -> float:
        return 1.0 if state.winner == player else 0.0

    def evaluate(self, state: NimState, player: int) -> float:
        if state.winner is not None:
            return 1.0 if state.winner == player else -1.0
        mover_loses = state.stones % (state.max_take + 1) == 0
        return 0.5 if mover_loses != (decider(state.flow) == player) else -0.5

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
        if type(index) is not int or not 0 <= index < state.max_take:
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


def _heap_caption(state: NimState, joint: str) -> str:
    """What a player needs to know about the heap: how many stones it holds and how many a turn
    may take now (never more than are left; nothing once the heap is empty). ``joint`` goes
    between the two parts."""
    if state.stones == 0:
        return "no stones left"
    most = min(state.stones, state.max_take)
    takes = "take 1" if most == 1 else f"take 1 to {most}"
    return f"{count_of(state.stones, 'stone')}{joint}{takes}"
