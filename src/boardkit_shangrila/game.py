"""Die Brücken von Shangrila as a boardkit :class:`~boardkit.Game`.

Seats and colours: with 3 or 4 players seat ``i`` plays colour ``i`` (red, blue, yellow,
violet). With the option ``two_colours_each`` two people play the four colours, person ``i``
running colours ``i`` and ``i + 2``; colours still take turns one by one (red, blue, yellow,
violet), so the framework sees two seats that simply alternate, and every turn is one colour's
turn. The colour to move is always ``(start colour + turn - 1) % colours``.

Phases: ``placement`` (seven set-up masters per colour, S-S3) and ``main`` (the three actions,
S-A1 to S-A3). The randomly drawn start colour (S-S4) opens both; the placement phase lasts
exactly ``7 * colours`` turns, so the turn comes back to the start colour for the main phase.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable

from boardkit import (
    Config,
    Flow,
    Game,
    InvalidOptionsError,
    Option,
    Rng,
)
from boardkit.howto import RulesSection
from boardkit.present.screen import Picture
from boardkit.present.voice import Voice
from boardkit_shangrila import encoding
from boardkit_shangrila.heuristic import evaluate as journey_aware
from boardkit_shangrila.heuristic import evaluate_seats as journey_aware_seats
from boardkit_shangrila.present import absent, howto, narration, screen, targets
from boardkit_shangrila.present import svg as pictures
from boardkit_shangrila.present.render import render_text
from boardkit_shangrila.rules import notation, turns
from boardkit_shangrila.rules.actions import (
    ACTION_TYPES,
    MENU_LABEL_TEMPLATES,
    Action,
    describe,
    menu_path,
)
from boardkit_shangrila.rules.board import (
    ALL_BRIDGES,
    RED_VILLAGE,
    RED_VILLAGE_BRIDGES,
    VILLAGE_COUNT,
)
from boardkit_shangrila.rules.components import COLOURS, GUILD_COUNT, TILES_PER_GUILD
from boardkit_shangrila.rules.events import EVENT_TYPES, StartColourDrawn
from boardkit_shangrila.rules.notation import format_position
from boardkit_shangrila.rules.reducer import reduce as reduce_event
from boardkit_shangrila.rules.scoring import seat_tally
from boardkit_shangrila.rules.state import (
    EDITIONS,
    MAIN,
    PLACEMENT,
    SPACE_COUNT,
    ShangrilaState,
    seat_of,
)

_ARROW = re.compile(r"\s*(?:->|→)\s*")
"""A journey's arrow as typed: ``->`` or ``→``, with or without spaces around it."""


def colours_in_play(config: Config) -> int:
    """Colours on the board: the player count, or four when two people run two colours each."""
    return 4 if config.option("two_colours_each") else config.players


class ShangrilaGame(Game[ShangrilaState, Action]):
    """The game; see the module docstring for how seats, colours and phases map."""

    name = "shangrila"
    title = "Die Brücken von Shangrila"
    version = "1.0"
    player_counts = (2, 3, 4)
    options = (
        Option(
            "edition",
            "german",
            "end of the game (S-E1): 'german' ends when the 11th Stone of the Wise is placed, "
            "'english' when the last bridge breaks",
            choices=EDITIONS,
            label="Edition (when the game ends)",
            help="german: the game ends when the eleventh Stone of the Wise is placed. english: "
            "it ends when the last bridge breaks.",
        ),
        Option(
            "two_colours_each",
            False,
            "informal 2-player variant (S-S1): each person runs two colours, person i plays "
            "colours i and i+2 with the 4-player board and limits; requires 2 players",
            choices=(False, True),
            label="Two colours each (2 players)",
            help="For two players only: each player runs two colours on the four-player board.",
        ),
    )
    state_type = ShangrilaState
    opponent = "mcts:iterations=150:rollout_cap=6:prior_weight=1:widening=2:seconds=2"
    """``boardkit play``'s default bot: the guided search of docs/bots.md's strength table,
    which beats greedy, held to two seconds a move (about one on average)."""
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    hidden_information = False
    action_texts_read_state = False  # texts, menu labels and click targets name the action alone
    menu_label_templates = MENU_LABEL_TEMPLATES
    flow_words = narration.FLOW_WORDS

    # --- configuration -----------------------------------------------------------------------

    def check_config(self, config: Config) -> None:
        """Two players only with ``two_colours_each``, and that option only with two (S-S1)."""
        two = bool(config.option("two_colours_each"))
        if config.players == 2 and not two:
            raise InvalidOptionsError(
                "shangrila is for 3 or 4 players (S-S1); two people play only with the option "
                "two_colours_each=True"
            )
        if config.players != 2 and two:
            raise InvalidOptionsError("option two_colours_each needs exactly 2 players (S-S1)")

    # --- setting up --------------------------------------------------------------------------

    def initial(self, config: Config) -> ShangrilaState:
        """Empty villages, full supplies, every bridge; with three colours the red village is
        closed by a stone and its paths carry no bridge (S-S2)."""
        colours = colours_in_play(config)
        bridges, stones = ALL_BRIDGES, 0
        if colours == 3:
            bridges &= ~RED_VILLAGE_BRIDGES
            stones = 1 << RED_VILLAGE
        return ShangrilaState(
            flow=Flow(players=config.players),
            colours=colours,
            edition=str(config.option("edition")),
            spaces=(0,) * SPACE_COUNT,
            supply=(TILES_PER_GUILD,) * (colours * GUILD_COUNT),
            bridges=bridges,
            stones=stones,
        )

    def setup(self, state: ShangrilaState, config: Config, rng: Rng) -> Sequence[object]:
        """Draw the start colour (S-S4)."""
        return [StartColourDrawn(COLOURS[rng.below(state.colours)])]

    def first_phase(self, state: ShangrilaState) -> str:
        return PLACEMENT

    def first_player(self, state: ShangrilaState) -> int:
        return seat_of(state, state.start)

    # --- playing -----------------------------------------------------------------------------

    legal_actions = staticmethod(turns.legal_actions)
    """The colour to move's legal actions; just ``Pass()`` when it has none (S-P1)."""

    apply = staticmethod(turns.apply)
    """Check an action against the rules; its events and the end of the turn."""

    reduce = staticmethod(reduce_event)
    """Fold one event (see :mod:`.rules.reducer`): the reducer itself, not a method around it, as
    this runs for every event (and in the compiled build it runs compiled, with no Python
    frame at all)."""

    def phase_over(self, state: ShangrilaState) -> bool:
        """Placement ends after seven turns of every colour (S-S3)."""
        return state.flow.phase == PLACEMENT and state.flow.turn >= GUILD_COUNT * state.colours

    def next_phase(self, state: ShangrilaState) -> str | None:
        return MAIN if state.flow.phase == PLACEMENT else None

    # ``next_player`` is the framework's default, clockwise seat order: the next colour in turn
    # (S-S4) is ``(start + turn) % colours`` and its seat that colour ``% players``, which is the
    # seat after the active one both when each seat runs one colour and when two seats run two
    # colours each (colours 0 and 2 on seat 0, 1 and 3 on seat 1). Left to the default, the
    # engine works it out without a call (the tests check it against the colour to move).

    # --- the end -----------------------------------------------------------------------------

    result = staticmethod(turns.result)
    """``None`` while the game goes on; the final count once it is over (S-E1, S-E2)."""

    def max_entries(self, config: Config) -> int:
        """An upper bound on log entries, argued from what can only run out.

        With ``C`` colours, ``B`` bridges at the start (23, or 20 with the red village closed)
        and ``V`` villages in play:

        - entry 0 is the set-up; the placement phase is exactly ``7 * C`` entries;
        - a journey breaks a bridge and bridges never come back, so at most ``B`` journeys;
        - every other non-pass action (a master, or one or two students) moves at least one
          tile from a supply onto the board, and only journeys take tiles off the board; the
          board holds at most ``K = min(42 * C, 14 * V)`` tiles (all tiles, or a master and a
          student on every space), so at most ``K`` such actions come between two journeys:
          at most ``N = B + (B + 1) * K`` non-pass actions in all;
        - ``C`` passes in a row end the game (S-P1), so at most ``C - 1`` passes come before
          each non-pass action and ``C`` at the end: at most ``(N + 1) * C`` main-phase entries.
        """
        colours = colours_in_play(config)
        villages = VILLAGE_COUNT - (1 if colours == 3 else 0)
        bridges = (ALL_BRIDGES & ~RED_VILLAGE_BRIDGES if colours == 3 else ALL_BRIDGES).bit_count()
        cap = min(GUILD_COUNT * TILES_PER_GUILD * colours, 2 * GUILD_COUNT * villages)
        non_pass = bridges + (bridges + 1) * cap
        return 1 + GUILD_COUNT * colours + (non_pass + 1) * colours

    # --- text --------------------------------------------------------------------------------

    def score(self, state: ShangrilaState, player: int) -> float:
        """The seat's points now, as the rulebook counts them: its masters on the board (S-E2).

        The villages a seat is present in break a tie at the end; they rank the seats (see
        :meth:`result`) and are not points, so they are not part of the score.
        """
        masters, _villages = seat_tally(state, player)
        return masters

    def evaluate(self, state: ShangrilaState, player: int) -> float:
        """A heuristic for bots: masters, students and the next journeys' threats (see
        :mod:`boardkit_shangrila.heuristic`)."""
        return journey_aware(state, player)

    def evaluate_seats(self, state: ShangrilaState) -> tuple[float, ...]:
        """Every seat's :meth:`evaluate` from one listing of the journeys."""
        return journey_aware_seats(state)

    def trained_network(self, players: int) -> Traversable | None:
        """The network the ``trained`` bot plays with, shipped for three players
        (docs/training.md says how it was trained); ``None`` for other seat counts."""
        file = files("boardkit_shangrila") / "networks" / f"shangrila-{players}p.npz"
        return file if file.is_file() else None

    render_svg = pictures.render_svg
    """The state as an SVG picture (see :mod:`boardkit_shangrila.present.svg`)."""

    action_targets = targets.action_targets
    """The picture's elements an action touches, for play by clicks (see
    :mod:`.present.targets`)."""

    def describe_event(
        self,
        event: object,
        state: ShangrilaState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        """E.g. "red places a master (rainmaker) in village 3" (see :mod:`.present.narration`)."""
        return narration.describe_event(event, state, Voice(player, names))

    def describe_action(self, action: Action, state: ShangrilaState | None = None) -> str:
        return describe(action)

    def parse_action(self, state: ShangrilaState, text: str) -> Action:
        """The action's text, as the default reads it, with ``->`` for a journey's arrow
        ``→``, which a keyboard lacks, and the arrow with or without spaces around it:
        ``journey 4->7``."""
        if isinstance(text, str):
            text = _ARROW.sub(" → ", text)
        return super().parse_action(state, text)

    def action_path(self, action: Action, state: ShangrilaState | None = None) -> tuple[str, ...]:
        return menu_path(action)

    def render_text(
        self,
        state: ShangrilaState,
        player: int | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        return render_text(state, player, names)

    def render_screen(
        self, state: ShangrilaState, player: int | None, names: Sequence[str]
    ) -> Picture:
        """One line per village with its masters, and a side panel with the score and the
        supply (see :mod:`.present.screen`); nothing is hidden, so ``player`` changes nothing."""
        return screen.picture(state, player, names)

    def player_colours(self, players: int) -> tuple[str, ...]:
        """The colours of the masters: red, blue, yellow, violet."""
        return tuple(COLOURS[seat].value for seat in range(players))

    def how_to_play(self) -> tuple[RulesSection, ...]:
        """The rules for a newcomer, in sections with their clause IDs (:mod:`.howto`)."""
        return howto.SECTIONS

    def why_not(self, state: ShangrilaState, path: tuple[str, ...]) -> Mapping[str, str]:
        """Masters, students and journeys that are not on offer, with the rules' reasons
        (see :mod:`.present.absent`)."""
        return absent.why_not(self, state, path)

    # --- positions as text -------------------------------------------------------------------

    def format_position(self, state: ShangrilaState, player: int | None = None) -> str:
        """The notation of :mod:`.notation`; nothing is hidden (S-H1), so every ``player``
        gets the whole position."""
        return notation.format_position(state, player)

    def parse_position(self, text: str, config: Config, *, partial: bool = False) -> ShangrilaState:
        """Read a position (see :mod:`.notation`) and check that it fits ``config``: the
        same edition and colours in play. Nothing is hidden, so ``partial`` changes nothing."""
        state = notation.parse_position(text)
        edition, colours = config.option("edition"), colours_in_play(config)
        if state.edition != edition or state.colours != colours:
            raise notation.refuse(
                "options",
                f"a position of the {state.edition} edition with {state.colours} colours, in a "
                f"match of the {edition} edition with {colours} colours",
            )
        return state

    # --- research encodings (layouts in boardkit_shangrila.encoding) ---------------------------

    def num_actions(self, config: Config) -> int:
        return encoding.NUM_ACTIONS

    def action_to_index(self, action: Action, state: ShangrilaState) -> int:
        return encoding.action_to_index(action)

    def index_to_action(self, index: int, state: ShangrilaState) -> Action:
        return encoding.index_to_action(index)

    def legal_action_indices(self, state: ShangrilaState) -> list[int]:
        """From the spaces and paths the rules list, without building the actions."""
        return encoding.legal_indices(state)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (encoding.OBSERVATION_SIZE,)

    def observation(self, state: ShangrilaState, player: int) -> list[float]:
        return encoding.observation(state, player)

    def observation_text(self, state: ShangrilaState, player: int) -> str:
        return format_position(state, player)

    def max_chance_outcomes(self, config: Config) -> int:
        """The start colour is the only draw (S-S4)."""
        return colours_in_play(config)
