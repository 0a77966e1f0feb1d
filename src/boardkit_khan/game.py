"""Khan (Christwart Conrad, White Goblin Games 2010) as a boardkit :class:`~boardkit.Game`.

Entry point ``khan = "boardkit_khan.game:KhanGame"``. The rules live in small modules:
:mod:`.rules` (what is legal), :mod:`.turn` (the steps of a turn and the phases), :mod:`.rulers`
(displacement), :mod:`.cards` (the deck), :mod:`.specials` (special cards), :mod:`.conquest` and
:mod:`.scoring` (tiles and points), :mod:`.reducer` (folding events), :mod:`.views` (hidden
information), :mod:`.render` (text). ``docs/khan.md`` explains the rules with their clause IDs
and every decision taken where the rulebooks are silent.

Options: ``area_counts_river`` (K-V2: count river cells under bridges in area sizes, the Dutch
wording), ``start_yurts_per_player`` (K-S4: at most one start yurt per region *per player*, the
Dutch wording, instead of one per region in total, the German) and ``board`` (a board to play on
instead of the shipped reconstruction, as the canonical text of a board file, so that the log
carries the board itself: see :mod:`boardkit_khan.rules.board_option`; it is validated, and every
violation is named in the error) and ``ruler_cells`` (K-S2: the rulebook's free ruler setup, the
start cell of every ruler, e.g. ``Russian=F1,Seljuk=B7,…``; see
:mod:`boardkit_khan.rules.ruler_cells`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable

from boardkit.errors import ActionTextError, InvalidOptionsError, InvalidPositionError
from boardkit.game import Game
from boardkit.howto import RulesSection
from boardkit.options import Config, Option, OptionValue
from boardkit.present.screen import Picture
from boardkit.present.voice import Voice
from boardkit.result import Result
from boardkit.rng import Rng
from boardkit_khan import encoding
from boardkit_khan.heuristic import evaluate as heuristic_value
from boardkit_khan.heuristic import evaluate_seats as heuristic_values
from boardkit_khan.present import absent, howto, narration, screen, targets
from boardkit_khan.present import svg as pictures
from boardkit_khan.present.render import render_text
from boardkit_khan.rules import notation
from boardkit_khan.rules.actions import (
    ACTION_TYPES,
    MENU_LABEL_TEMPLATES,
    Discard,
    KhanAction,
    describe,
    menu_path,
)
from boardkit_khan.rules.board import Board
from boardkit_khan.rules.board_option import board_option
from boardkit_khan.rules.components import CAMP_YURTS
from boardkit_khan.rules.events import EVENT_TYPES, StartPlayerChosen
from boardkit_khan.rules.legality import legal_actions
from boardkit_khan.rules.notation import format_position
from boardkit_khan.rules.reducer import reduce as reduce_event
from boardkit_khan.rules.ruler_cells import canonical_ruler_cells, start_cells
from boardkit_khan.rules.state import (
    PHASE_PLACEMENT,
    PLACEMENT_ROUNDS,
    REMOVALS_TO_END,
    UNKNOWN_CARD,
    KhanOptions,
    KhanState,
    initial_state,
    static_for,
)
from boardkit_khan.rules.turn import (
    action_events,
    final_score,
    next_phase,
    next_player,
    phase_over,
    phase_start_events,
    turn_start_events,
)
from boardkit_khan.rules.views import determinize, redact, view


class KhanGame(Game[KhanState, KhanAction]):
    """Khan for 2–4 players. See the module docstring and ``docs/khan.md``."""

    name = "khan"
    title = "Khan"
    version = "1.1"
    player_counts = (2, 3, 4)
    options = (
        Option(
            "area_counts_river",
            False,
            "K-V2: count the river cells under bridges in area sizes (Dutch wording); "
            "default: land cells only (German)",
            choices=(False, True),
            label="River cells count in areas",
            help="When areas are measured at the end, the river cells under bridges count too "
            "(the Dutch rulebook's reading). Off: only land cells count (the German rulebook).",
        ),
        Option(
            "start_yurts_per_player",
            False,
            "K-S4: at most one start yurt per region per player (Dutch wording); "
            "default: at most one start yurt per region in total, whoever placed it (German)",
            choices=(False, True),
            label="One start yurt per region for each player",
            help="At the start, each player may put one yurt in every region (the Dutch "
            "rulebook's reading). Off: each region takes one start yurt in all (the German "
            "rulebook).",
        ),
        Option(
            "board",
            "",
            "the board to play on, as the canonical text of a board file (validated; on the "
            "command line, board=@PATH reads a board file); empty: the shipped reconstructed "
            "board. The text travels in the log, so a replay never opens a file",
            label="Board file",
            help="Play on another board: upload or paste a board file. Leave it empty for the "
            "usual board.",
            multiline=True,
        ),
        Option(
            "ruler_cells",
            "",
            "K-S2, free ruler setup: the start cell of every ruler of the board, as "
            "RULER=CELL pairs joined by commas (Russian=F1,Seljuk=B7,...; any order and case); "
            "empty: the board's printed start cells",
            label="Rulers' start cells",
            help="Where each ruler starts, as ruler=cell pairs separated by commas, for "
            "example Russian=F1,Seljuk=B7. Leave it empty for the cells printed on the board.",
        ),
    )
    state_type = KhanState
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    hidden_information = True
    opponent = "mcts:iterations=40:rollout_cap=10:prior_weight=1:widening=2:seconds=2"
    """``boardkit play``'s default bot: the guided search of docs/bots.md's strength table,
    which beats greedy, held to two seconds a move (about one on average)."""
    slot_indexed_actions = (Discard,)
    quiet_events = narration.QUIET_EVENTS
    menu_label_templates = MENU_LABEL_TEMPLATES
    flow_words = narration.FLOW_WORDS

    # --- configuration and setup ---------------------------------------------------------------

    def canonical_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """``ruler_cells`` in its canonical form for the chosen board: every ruler once, in
        board order, as the board spells it, ``""`` for the printed cells (see
        :mod:`.ruler_cells`); a value that cannot be played is refused here, naming why."""
        out = dict(options)
        board, cells = out.get("board"), out.get("ruler_cells")
        if isinstance(board, str) and isinstance(cells, str):
            out["ruler_cells"] = canonical_ruler_cells(cells, static_for(board).board)
        return out

    def check_config(self, config: Config) -> None:
        """Refuse a board that is not a board's canonical text or breaks K-C1…K-C3 (no file is
        ever opened: the option holds the board itself), and ruler cells the board cannot
        play (see :mod:`.ruler_cells`; the K-C3 board checks do not apply to them)."""
        board = config.option("board")
        if not isinstance(board, str):
            raise InvalidOptionsError("option 'board' takes the text of a board")
        static_for(board)
        cells = config.option("ruler_cells")
        if not isinstance(cells, str):
            raise InvalidOptionsError("option 'ruler_cells' takes text")
        start_cells(cells, board)

    def option_from_file(self, name: str, path: str) -> OptionValue:
        """``board=@PATH``: the canonical text of the board file the user named."""
        if name == "board":
            return board_option(path)
        return super().option_from_file(name, path)

    def initial(self, config: Config) -> KhanState:
        """K-S1/K-S2: special cards face up, rulers on their start cells (the board's, or the
        option ``ruler_cells``'s), full camps."""
        board = config.option("board")
        river = config.option("area_counts_river")
        per_player = config.option("start_yurts_per_player")
        cells = config.option("ruler_cells")
        assert isinstance(board, str) and isinstance(river, bool)
        assert isinstance(per_player, bool) and isinstance(cells, str)
        options = KhanOptions(board, river, per_player)
        return initial_state(config.players, options, start_cells(cells, board))

    def setup(self, state: KhanState, config: Config, rng: Rng) -> Sequence[object]:
        """K-S3: the start player is drawn at random."""
        return [StartPlayerChosen(rng.below(config.players))]

    def first_phase(self, state: KhanState) -> str:
        """K-S4: the placement rounds come first."""
        return PHASE_PLACEMENT

    def first_player(self, state: KhanState) -> int:
        """K-S3: the start player opens the placement rounds and the main phase."""
        return state.start_player

    # --- playing -------------------------------------------------------------------------------

    def legal_actions(self, state: KhanState) -> Sequence[KhanAction]:
        """Every action the deciding player may take now (see :mod:`.rules`)."""
        return legal_actions(state)

    def apply(self, state: KhanState, action: KhanAction, rng: Rng) -> Sequence[object]:
        """The events of ``action``, or an IllegalActionError naming the clause."""
        return action_events(state, action, rng)

    reduce = staticmethod(reduce_event)
    """Fold one event (see :mod:`.reducer`). The reducer itself rather than a method around it:
    :mod:`.turn` records its events in recorders over this very function, and the engine keeps
    a recorder's state only when it folds with the game's ``reduce``."""

    def on_phase_start(self, state: KhanState, rng: Rng) -> Sequence[object]:
        """K-S5: shuffle and deal when the main phase begins."""
        return phase_start_events(state, rng)

    def phase_over(self, state: KhanState) -> bool:
        """Placement ends after its rounds; the main phase when the end is triggered (K-E1)."""
        return phase_over(state)

    def next_phase(self, state: KhanState) -> str | None:
        """placement → main → end."""
        return next_phase(state)

    def next_player(self, state: KhanState) -> int:
        """Clockwise; K-E1 names who opens the end phase."""
        return next_player(state)

    def on_turn_start(self, state: KhanState, rng: Rng) -> Sequence[object]:
        """Step 1 of a main-phase turn (K-T1), the start of an end-phase turn (K-E2/K-E3)."""
        return turn_start_events(state, rng)

    # --- the end ---------------------------------------------------------------------------------

    def result(self, state: KhanState) -> Result | None:
        """K-V4: the winners and total scores, once the game has been scored."""
        outcome = state.outcome
        if outcome is None:
            return None
        detail = "; ".join(
            f"player {p + 1}: {outcome.tile_points[p]} tile points + {outcome.bonus[p]} bonus"
            for p in range(len(outcome.total))
        )
        return Result(outcome.winners, outcome.total, detail)

    def max_entries(self, config: Config) -> int:
        """An upper bound on log entries (see ``docs/khan.md``, "Why every game ends").

        Every main-phase turn uses at least one camp yurt in step 1, so there are at most 40;
        each has at most 3 action slots (two and High Morale), each slot at most one refused
        consent request per protector (a "no" bars that protector for the rest of the action,
        and there are at most ``players - 1`` protectors) and one action, each request at most
        ``players - 1`` answers, plus the discard half of D and the step-4 choice. The end phase
        lays at most 38 tiles, and refusals there can only happen while protections last (the
        first round).
        """
        n = config.players
        board = config.option("board")
        static = static_for(board if isinstance(board, str) else "")
        tiles = len(static.tiles)
        camp_yurts = CAMP_YURTS * len(static.board.rulers)
        # up to n - 1 refused requests, then the action; each with up to n - 1 answers
        per_slot = n * n
        per_turn = 3 * per_slot + 2
        setup = 1 + PLACEMENT_ROUNDS[n] * n
        main = camp_yurts * per_turn
        end = tiles * n + n * 2 * per_slot
        return setup + main + end + REMOVALS_TO_END

    # --- hidden information ----------------------------------------------------------------------

    def view(self, state: KhanState, player: int | None) -> KhanState:
        """K-H1: other hands and the draw pile hidden (counts kept)."""
        return view(state, player)

    def redact(self, event: object, player: int | None) -> object:
        """K-H1: shuffles and other players' draws hidden."""
        return redact(event, player)

    def determinize(self, state: KhanState, player: int | None, rng: Rng) -> KhanState:
        """K-H1: the cards ``player`` cannot see, dealt again at random."""
        return determinize(state, player, rng)

    # --- text ------------------------------------------------------------------------------------

    def describe_action(self, action: KhanAction, state: KhanState | None = None) -> str:
        """E.g. ``A: invade Tundra (card Seljuk/NE/Tundra) at C5``; cells and rulers as on the
        board of ``state`` (the shipped board without a state)."""
        board = _board_of(state)
        return describe(action, board.grid, tuple(r.name for r in board.rulers))

    def parse_action(self, state: KhanState, text: str) -> KhanAction:
        """The default reader of action texts; a bare cell (``H8``) that takes no yurt now is
        refused with the rule's reason (:func:`.absent.cell_refusal`) rather than "no action
        starts so"."""
        try:
            return super().parse_action(state, text)
        except ActionTextError as error:
            refusal = absent.cell_refusal(state, text) if error.matches == 0 else None
            if refusal is None:
                raise
            raise refusal from None

    def action_path(self, action: KhanAction, state: KhanState | None = None) -> tuple[str, ...]:
        """Menu labels: kind of action, then card / tile / region, then the cell, on the board
        of ``state`` (the shipped board without a state)."""
        board = _board_of(state)
        return menu_path(action, board, tuple(r.name for r in board.rulers))

    def describe_event(
        self, event: object, state: KhanState, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        """E.g. "Seljuk moves from B6 to B5"; a drawn card is named only to its drawer (see
        :mod:`.narration`)."""
        return narration.describe_event(event, state, Voice(player, names))

    def describe_events(
        self,
        events: Sequence[object],
        state: KhanState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        """Card draws in a row as one line per drawer, or "each player draws 4 cards" (see
        :func:`.narration.describe_run`); other runs one line per event."""
        return narration.describe_run(events, state, Voice(player, names))

    def score(self, state: KhanState, player: int) -> float:
        """The seat's standing now, for bots: what K-V1…K-V3 would give if the game ended here."""
        static = static_for(state.options.board)
        return float(final_score(state, static).total[player])

    def evaluate(self, state: KhanState, player: int) -> float:
        """A heuristic for bots: standing plus the yurts' promise (see :mod:`.heuristic`)."""
        return heuristic_value(state, player)

    def evaluate_seats(self, state: KhanState) -> tuple[float, ...]:
        """Every seat's :meth:`evaluate` from one pass over the clusters."""
        return heuristic_values(state)

    def trained_network(self, players: int) -> Traversable | None:
        """The network the ``trained`` bot plays with, shipped for two players
        (docs/training.md says how it was trained); ``None`` for other seat counts."""
        file = files("boardkit_khan") / "networks" / f"khan-{players}p.npz"
        return file if file.is_file() else None

    render_svg = pictures.render_svg
    """The state as an SVG picture (see :mod:`boardkit_khan.present.svg`)."""

    action_targets = targets.action_targets
    """The picture's elements an action touches, for play by clicks (see :mod:`.targets`)."""

    def render_text(
        self, state: KhanState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        """The board, camps, stock, specials, and ``player``'s hand, each seat by its name in
        ``names`` (see :mod:`.render`)."""
        return render_text(state, player, names)

    def render_screen(self, state: KhanState, player: int | None, names: Sequence[str]) -> Picture:
        """The map with owners and a side panel (running score, rulers, legend, ``player``'s
        hand), from ``player``'s view (see :mod:`.screen`)."""
        return screen.picture(state, player, names)

    def player_colours(self, players: int) -> tuple[str, ...]:
        """The yurt colours: red, blue, green, yellow."""
        return screen.SEAT_COLOURS[:players]

    def describe_decision(self, state: KhanState, player: int, names: Sequence[str]) -> str | None:
        """A consent request (K-X5) as a question: who wants to lay which tile on which cells,
        covering how many of the player's yurts, and what yes and no do (see :mod:`.screen`)."""
        return screen.consent_question(state, player, names)

    def how_to_play(self) -> tuple[RulesSection, ...]:
        """The rules for a newcomer, in sections with their clause IDs (:mod:`.howto`)."""
        return howto.SECTIONS

    def why_not(self, state: KhanState, path: tuple[str, ...]) -> Mapping[str, str]:
        """Start yurts, invasions (A, D), displacements (B), conquests (C: tile, orientation,
        cell) and special cards that are not on offer, and the kinds the step does not allow,
        with the rules' reasons in plain words (see :mod:`.absent` and :mod:`.refusals`)."""
        return absent.why_not(self, state, path)

    # --- positions as text -----------------------------------------------------------------------

    def format_position(self, state: KhanState, player: int | None = None) -> str:
        """The notation of :mod:`.notation`: the whole state, or ``player``'s view of it (the
        other hands and the draw pile as counts)."""
        return notation.format_position(state, player)

    def parse_position(self, text: str, config: Config, *, partial: bool = False) -> KhanState:
        """Read a position (see :mod:`.notation`) for a match set up with ``config``.

        ``board=<digest>`` is resolved against the option ``board``; a position whose board,
        ``river`` or ``starts`` disagree with the options is refused (invariant ``options``),
        and so is a view with unknown cards (``hidden-unknown``) unless ``partial``.
        """
        board = config.option("board")
        assert isinstance(board, str)
        try:
            state = notation.parse_position(text, boards=(board,))
        except InvalidPositionError as exc:
            if exc.invariant != "board":
                raise
            raise notation.refuse(
                "options",
                "the position's board is not the one the option 'board' holds "
                + ("(the shipped board)" if not board else f"({notation.board_digest(board)})")
                + "; give its board file as the option board=@PATH",
            ) from None
        wanted = KhanOptions(
            board,
            bool(config.option("area_counts_river")),
            bool(config.option("start_yurts_per_player")),
        )
        if state.options != wanted:
            raise notation.refuse("options", _options_difference(state.options, wanted))
        if not partial:
            _refuse_unknown_cards(state)
        return state

    # --- research encodings (layouts in boardkit_khan.encoding) --------------------------------

    def num_actions(self, config: Config) -> int:
        return encoding.encoder_for(_board_text(config), config.players).size

    def action_to_index(self, action: KhanAction, state: KhanState) -> int:
        return encoding.encoder_of(state).action_to_index(action, state)

    def index_to_action(self, index: int, state: KhanState) -> KhanAction:
        return encoding.encoder_of(state).index_to_action(index, state)

    def legal_action_indices(self, state: KhanState) -> list[int]:
        """From the cell masks and conquests the rules list, without building the actions."""
        return encoding.encoder_of(state).legal_indices(state)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (encoding.encoder_for(_board_text(config), config.players).observation_size,)

    def observation(self, state: KhanState, player: int) -> list[float]:
        return encoding.encoder_of(state).observation(view(state, player), player)

    def sparse_observation(self, state: KhanState, player: int) -> tuple[list[int], list[float]]:
        """Listed segment by segment, without building the dense observation."""
        return encoding.encoder_of(state).sparse_observation(view(state, player), player)

    def observation_text(self, state: KhanState, player: int) -> str:
        return format_position(state, player)

    def max_chance_outcomes(self, config: Config) -> int:
        """Shuffling the 72 cards draws from at most 72 outcomes; the start player from ``n``."""
        return max(len(static_for(_board_text(config)).cards), config.players)


def _options_difference(position: KhanOptions, match: KhanOptions) -> str:
    """Which option a position disagrees with, in the words of the notation and the options."""
    if position.board != match.board:
        return (
            f"the position is on board {notation.board_digest(position.board)}, the match on "
            f"board {notation.board_digest(match.board)} (the option 'board')"
        )
    if position.area_counts_river != match.area_counts_river:
        yes = "yes" if position.area_counts_river else "no"
        return (
            f"the position has river={yes}, the match area_counts_river={match.area_counts_river}"
        )
    return (
        f"the position has starts={'player' if position.start_yurts_per_player else 'region'}, "
        f"the match start_yurts_per_player={match.start_yurts_per_player}"
    )


def _refuse_unknown_cards(state: KhanState) -> None:
    """Refuse a view: a card someone holds or the pile hides is unknown (``?`` or a count)."""
    cards = state.cards
    places = [*(f"player {seat}'s hand" for seat in range(len(cards.hands))), "the draw pile"]
    places.append("the discard pile")
    for place, held in zip(places, [*cards.hands, cards.pile, cards.discard], strict=True):
        if UNKNOWN_CARD in held:
            raise notation.refuse(
                "hidden-unknown",
                f"{place} holds unknown cards (a player's view); give the whole position",
            )


def _board_text(config: Config) -> str:
    """The ``board`` option: the canonical text of the board, or ``""`` for the shipped one."""
    value = config.option("board")
    return value if isinstance(value, str) else ""


def _board_of(state: KhanState | None) -> Board:
    """The board ``state`` is played on: its ``board`` option, else the shipped board."""
    return static_for(state.options.board if state is not None else "").board
