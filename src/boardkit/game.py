"""The game protocol: what a game plugin provides and what the framework promises it.

A game is a pure function from (state, action) to events, and a state is a fold of events.
Subclass :class:`Game` and fill in the abstract methods; everything else (turn flow, the log,
replay, verification, undo, views, the command line, the conformance kit) is built once in
boardkit on top of these methods.

Contract, method by method:

- :meth:`Game.initial` gives the empty state for a configuration, with no randomness. It must
  hold a :class:`~boardkit.flow.Flow` in a ``flow`` attribute.
- :meth:`Game.setup` gives the events that lay out the game (dealing, shuffling, start player);
  every random outcome must be an event so that replay needs no generator.
- :meth:`Game.legal_actions` lists every action the player who must decide now may play. A state
  where someone must decide always has at least one legal action (a game that allows a forced
  pass lists the pass, or passes for the player in a hook).
- :meth:`Game.apply` validates an action for the deciding player and returns its events, or raises
  :class:`~boardkit.errors.IllegalActionError` naming the rule that refused it. It never mutates.
- :meth:`Game.reduce` applies one event without checking it. It sees every event, including the
  flow events of :mod:`boardkit.flow` (after the framework has already folded them into ``flow``).
- The turn hooks (:meth:`Game.on_turn_end` …) run in the order documented in :mod:`boardkit.flow`.
- :meth:`Game.result` is ``None`` while the game goes on; once it is not ``None`` the framework
  ends the game. Keep it cheap: it is asked after every action.
- :meth:`Game.view`, :meth:`Game.redact` and :meth:`Game.determinize` handle hidden information:
  what a player may see, the log as that player may read it, and a state re-sampled so that
  everything the player cannot see is random but consistent with what they can.
- :meth:`Game.describe_event` turns one event into a line a person wants to read, as one player
  may see it (see :mod:`boardkit.narration`); :attr:`Game.quiet_events` lists the event types it
  leaves unsaid by design.
- :meth:`Game.format_position` and :meth:`Game.parse_position` write a state as a line of text
  and read it back (the game's position notation, see docs/positions.md); a match can start
  from such a text (:meth:`boardkit.match.Match.from_position`). Optional: the defaults raise
  :class:`~boardkit.errors.NotOfferedError`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

from boardkit.errors import InvalidOptionsError, InvalidPlayerCountError, NotOfferedError
from boardkit.flow import HasFlow
from boardkit.options import Config, Option, OptionValue, check_seed, resolve_options
from boardkit.result import Result
from boardkit.rng import Rng, new_seed
from boardkit.voice import Voice, describe_flow_event

S = TypeVar("S", bound=HasFlow)
A = TypeVar("A")

Events = Sequence[object]
"""What :meth:`Game.apply` and the hooks return: event objects, in order."""


class Game(ABC, Generic[S, A]):
    """Base class of every boardkit game plugin. See the module docstring for the contract."""

    name: ClassVar[str]
    """Registry name, as used on the command line and in log headers (lower case, no spaces)."""
    title: ClassVar[str] = ""
    """Human-readable title."""
    version: ClassVar[str]
    """Rules version as ``"MAJOR.MINOR"``; logs from a newer version are refused."""
    player_counts: ClassVar[tuple[int, ...]]
    """Every number of players the game supports."""
    options: ClassVar[tuple[Option, ...]] = ()
    """The variants the game offers, with defaults."""
    state_type: ClassVar[type]
    """The attrs class of the state (for JSON round trips)."""
    action_types: ClassVar[tuple[type, ...]]
    """Every attrs class an action can be (for JSON: tagged by class name)."""
    event_types: ClassVar[tuple[type, ...]]
    """Every attrs class a game event can be; the flow events are added by the framework."""
    hidden_information: ClassVar[bool] = False
    """True when some players may not see everything (then views and redaction matter)."""
    slot_indexed_actions: ClassVar[tuple[type, ...]] = ()
    """Action types whose index names a slot of what the deciding player holds (a card by its
    place in the sorted hand) rather than the thing itself; see :meth:`action_to_index`."""
    quiet_events: ClassVar[tuple[type, ...]] = ()
    """Event types :meth:`describe_event` may narrate as ``None`` by design (bookkeeping such as
    a counter of actions left); every other event type must always get a line. The quiet flow
    events of :data:`boardkit.voice.QUIET_FLOW_EVENTS` need not be listed."""

    # --- configuration ------------------------------------------------------------------------

    def make_config(
        self, players: int, options: Mapping[str, object] | None = None, seed: int | None = None
    ) -> Config:
        """A validated :class:`Config`: refuses bad player counts, unknown or bad options.

        ``seed=None`` draws a fresh secret seed from the operating system
        (:func:`boardkit.rng.new_seed`); a given seed pins the randomness, for reproducible runs.
        """
        if type(players) is not int or players not in self.player_counts:
            raise InvalidPlayerCountError(self.name, players, self.player_counts)
        chosen = new_seed() if seed is None else check_seed(seed)
        config = Config(players, resolve_options(self.options, options), chosen)
        self.check_config(config)
        return config

    def check_config(self, config: Config) -> None:
        """Refuse combinations of options and player count the game cannot play.

        Raise :class:`~boardkit.errors.InvalidOptionsError`. The default accepts everything.
        """

    def option_from_file(self, name: str, path: str) -> OptionValue:
        """The value of the string option ``name`` read from a file a *user* named.

        Front ends call it for ``--option name=@PATH``; a log never does (its options hold
        values, never paths, so loading a log opens no file). The default reads the file as
        UTF-8 text; a game whose option holds structured content (Khan's board) overrides it to
        check the content and write it in a canonical form. Raises
        :class:`~boardkit.errors.InvalidOptionsError` when the file cannot be read.
        """
        file = Path(path)
        try:
            if not file.is_file():
                raise InvalidOptionsError(f"option {name!r}: {path} is not a regular file")
            return file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidOptionsError(f"option {name!r}: cannot read {path}: {exc}") from None

    # --- setting up ---------------------------------------------------------------------------

    @abstractmethod
    def initial(self, config: Config) -> S:
        """The state before any event: no randomness, flow not started."""

    def setup(self, state: S, config: Config, rng: Rng) -> Events:
        """Events that lay the game out (deal, shuffle, draw the start player)."""
        return ()

    def first_phase(self, state: S) -> str:
        """The phase the game begins with, after the setup events."""
        return "main"

    def first_player(self, state: S) -> int:
        """The seat that takes the first turn, after the setup events."""
        return 0

    # --- playing ------------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the deciding player may play now (empty only when the game is over)."""

    @abstractmethod
    def apply(self, state: S, action: A, rng: Rng) -> Events:
        """The events of ``action`` by the deciding player, or an IllegalActionError.

        Who calls it: :func:`boardkit.engine.step`, for every action played, verified or
        simulated (the only way an action becomes events); the engine then folds the events and
        runs the turn hooks.

        What it must guarantee: it never mutates ``state``; it draws randomness only from
        ``rng``; it refuses an illegal action with :class:`~boardkit.errors.IllegalActionError`
        naming the rule, before anything else happens.

        Looking ahead (opt-in): rules that must see the state *between* their own events build
        them in a :class:`boardkit.recorder.Recorder` started at ``state`` itself, with this
        game's :meth:`reduce` (``rec = Recorder(self.reduce, state)``; ``rec.emit(event)``
        folds the event once and records it; ``rec.state`` is the fold so far), and return the
        recorder. The engine keeps its state instead of folding the events again. It trusts a
        recorder only if it started at the very object passed in and folds with ``reduce``
        (compared with ``==``; a plain function assigned as ``reduce = staticmethod(f)`` and
        recorders over ``f`` qualify); any other sequence of events is folded as usual. The
        turn hooks (:meth:`setup`, :meth:`on_turn_start` …) may return a recorder the same way.
        A game that never looks ahead returns a plain list or tuple.
        """

    @abstractmethod
    def reduce(self, state: S, event: object) -> S:
        """The state after ``event``; no checks (the event is a fact)."""

    # --- flow hooks, in the order documented in boardkit.flow ---------------------------------

    def on_turn_end(self, state: S, rng: Rng) -> Events:
        """Events at the end of the active player's turn."""
        return ()

    def phase_over(self, state: S) -> bool:
        """Whether the current phase ends with this turn."""
        return False

    def on_phase_end(self, state: S, rng: Rng) -> Events:
        """Events when the current phase ends."""
        return ()

    def next_phase(self, state: S) -> str | None:
        """The phase that follows the current one; ``None`` ends the game."""
        return None

    def on_phase_start(self, state: S, rng: Rng) -> Events:
        """Events when a phase begins."""
        return ()

    def next_player(self, state: S) -> int:
        """The seat whose turn comes next (default: clockwise, seat order)."""
        active = state.flow.active
        return 0 if active is None else (active + 1) % state.flow.players

    def on_turn_start(self, state: S, rng: Rng) -> Events:
        """Events at the start of a turn (may end the turn at once, say for a forced pass)."""
        return ()

    # --- the end ------------------------------------------------------------------------------

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The outcome once the game is over, else ``None``."""

    @abstractmethod
    def max_entries(self, config: Config) -> int:
        """An upper bound on the log entries of any game with this configuration."""

    # --- hidden information -------------------------------------------------------------------

    def view(self, state: S, player: int | None) -> object:
        """What ``player`` (``None``: a spectator) may see of ``state``."""
        return state

    def redact(self, event: object, player: int | None) -> object:
        """``event`` as ``player`` may read it in a log."""
        return event

    def determinize(self, state: S, player: int | None, rng: Rng) -> S:
        """``state`` with everything ``player`` cannot see re-drawn at random, consistently."""
        return state

    # --- text -----------------------------------------------------------------------------------

    def describe_action(self, action: A, state: S | None = None) -> str:
        """A short human-readable text of an action (for logs, terminals and errors).

        ``state``, when the caller has one, is a position of the match the action belongs to
        (usually the one it is played in). A game whose texts depend on the match's options,
        such as a board chosen by an option, reads them there; without it the game describes
        the action with its defaults.
        """
        return str(action)

    def action_path(self, action: A, state: S | None = None) -> tuple[str, ...]:
        """Menu labels for ``action``, from the most general to the most specific.

        Front ends build nested menus from these paths (kind of action, then tile, then cell),
        which keeps a choice among hundreds of actions manageable. The last label must tell the
        action apart from every other legal action with the same prefix. ``state`` is the
        position the menu is for, as in :meth:`describe_action`.
        """
        return (type(action).__name__, self.describe_action(action, state))

    def action_targets(self, action: A, state: S) -> tuple[str, ...]:
        """The board elements ``action`` touches, as ids in its picture: how to play it by clicks.

        Who calls it: front ends that let a person play by clicking the game's SVG picture (the
        web page of ``boardkit serve``), through :func:`boardkit.clicks.narrow`, once per legal
        action of the position on show.

        What it may assume: ``action`` is legal in ``state``, and ``state`` is the true state
        of the match (the deciding player knows his own legal actions, so a target may name his
        own hand cards).

        What it must guarantee:

        - every id is a non-empty string that occurs as a ``data-target="…"`` attribute of an
          element of ``render_svg(state, player, highlight)`` for the deciding player ``player``
          (any ``highlight``), and no id appears twice in one action's tuple;
        - ids are stable: the same board element (village 4, cell E7, ruler C) has the same id
          in every state of every match with the same options, so a front end may keep them
          across updates;
        - ids come in the order a person would click them (source village, then the bridge);
          :mod:`boardkit.clicks` matches clicks in any order, so the order is a guide, and two
          actions should differ in the *set* of their ids, or else a menu of their
          :meth:`action_path` decides between them.

        Checked by :func:`boardkit.testing.target_checks.check_targets` on random playouts. The
        default ``()`` means "not offered by clicks": the action is reached by its menu only
        (a consent, a pass). A game that overrides it must offer the ``render_svg`` picture hook.
        """
        return ()

    def render_text(self, state: S, player: int | None = None) -> str:
        """The state as text a person can read in a terminal, as ``player`` may see it."""
        return repr(self.view(state, player))

    def describe_event(
        self, event: object, state: S, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        """One event as a line a person wants to read, as ``player`` may see it; ``None`` when
        the event is not worth a line (bookkeeping).

        Who calls it: the front ends and log viewers, through
        :func:`boardkit.narration.narrate_entry`, once per event of a log entry, in order.

        What it may assume:

        - ``state`` is the state *before* ``event`` (every earlier event of the entry already
          folded), so the text can say what the event changes ("covering two of blue's yurts",
          "the last yurt of his camp"). It may be the true state or one folded from ``player``'s
          redacted log; the text must be the same for both.
        - ``event`` has already been passed through :meth:`redact` for ``player``.
        - ``player`` is the seat the text is for (that seat is "you"), ``None`` a spectator;
          ``names[i]`` is seat ``i``'s name, when the caller has names (see
          :class:`boardkit.voice.Voice`, which words sentences for a reader).

        What it must guarantee: it never raises for an event the game can emit; it reveals
        nothing ``player`` may not see (read hidden parts of ``state`` only through what
        :meth:`view` shows ``player``); it returns a non-empty line (a clause, in the style of
        :meth:`describe_action`: no final full stop) for every event type not listed in
        :attr:`quiet_events`. Checked by :func:`boardkit.testing.narration_checks.check_narration`
        on random playouts, against a :meth:`determinize` twin of each state.

        The default narrates the flow events of :mod:`boardkit.flow` with generic lines
        ("turn 7: blue's turn", "the game is over") and leaves every game event unsaid: override
        it, call ``super()`` for the flow events you do not word yourself.
        """
        return describe_flow_event(event, Voice(player, names))

    # --- positions as text (optional) ------------------------------------------------------------

    def format_position(self, state: S, player: int | None = None) -> str:
        """``state`` in the game's position notation: one line a person can read and write.

        Who calls it: front ends (share or print a position), ``boardkit show --position``,
        :meth:`boardkit.match.Match.from_position` (the log header records the start position)
        and log redaction.

        ``player=None`` writes the *whole* state, hidden parts included (what a full log may
        hold); a seat writes only what that seat may see, hidden parts marked unknown. A
        spectator's form is ``format_position(view(state, None))``: a game that offers positions
        and has hidden information returns from :meth:`view` a state of its own type, with the
        hidden parts unknown, and writes such a state with those parts unknown.

        What it must guarantee: ``parse_position(format_position(state), config) == state`` for
        every state play can reach under ``config`` (exactly, hidden parts included); the text
        for a seat depends only on what :meth:`view` shows that seat. The conformance kit starts
        a match from a position of each playout and holds the game to both.

        The default raises :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "positions as text", "format_position is not defined")

    def parse_position(self, text: str, config: Config, *, partial: bool = False) -> S:
        """The state a position text describes, for a match set up with ``config``.

        Who calls it: :meth:`boardkit.match.Match.from_position` and log loading (a log header's
        ``start_position``), with the match's config; front ends reading a position a person
        typed or pasted.

        What it must guarantee: a text that breaks the grammar, describes a position that
        breaks an invariant of the game, or disagrees with ``config`` (another player count,
        options that do not match the position: a Khan board, a Shangrila edition) raises
        :class:`~boardkit.errors.InvalidPositionError` whose ``invariant`` names what is broken.
        Never another exception for any text. A position with hidden parts unknown (a player's
        view) is refused with invariant ``"hidden-unknown"`` unless ``partial`` is true: a
        match can only start from a whole position, while a redacted log's start position and
        a front end's analysis of a view are partial by nature.

        The default raises :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "positions as text", "parse_position is not defined")

    # --- research encodings (optional; used by boardkit.adapters) ----------------------------
    #
    # Reinforcement-learning and search libraries want numbers: a fixed action space and a
    # fixed-shape observation. A game offers them with the five methods below; the defaults say
    # "not offered" (None, or NotOfferedError). Checked by
    # boardkit.testing.encoding_checks.check_encodings on random playouts.

    def num_actions(self, config: Config) -> int | None:
        """The size of the game's action index for ``config``; ``None``: no index offered.

        Every action the game can ever offer with this configuration has an index below it.
        """
        return None

    def action_to_index(self, action: A, state: S) -> int:
        """The index of ``action``, one of the legal actions of ``state``.

        Who calls it: adapters, to turn a legal-action list into an action mask. What it must
        guarantee: distinct legal actions get distinct indices in ``range(num_actions(config))``,
        and :meth:`index_to_action` gives the action back. The index depends on the action
        alone, the same in every position (what a network learns about index ``i`` stays
        true), except for the types listed in :attr:`slot_indexed_actions`, whose index may
        name a slot of what the deciding player holds; ``state`` is then read only through what
        that player sees (their :meth:`view` suffices).
        """
        raise NotOfferedError(self.name, "action_to_index")

    def index_to_action(self, index: int, state: S) -> A:
        """The action of ``index`` in ``state`` (the inverse of :meth:`action_to_index`).

        It need not be legal in ``state`` (:meth:`apply` decides that), but it must be the
        action :meth:`action_to_index` maps to ``index`` there. Raises
        :class:`~boardkit.errors.InvalidActionIndexError` for an index that names nothing.
        """
        raise NotOfferedError(self.name, "index_to_action")

    def observation_shape(self, config: Config) -> tuple[int, ...] | None:
        """The shape of :meth:`observation` for ``config``; ``None``: no observation offered."""
        return None

    def observation(self, state: S, player: int) -> Sequence[float]:
        """What ``player`` sees of ``state`` as a flat sequence of floats in ``[0, 1]``.

        What it must guarantee: the length is the product of :meth:`observation_shape` for
        every state of the configuration; every value is finite and in ``[0, 1]``; it is
        computed from ``view(state, player)`` only, so two states the player cannot tell apart
        (a :meth:`determinize` twin) give equal observations. The game documents the layout.
        """
        raise NotOfferedError(self.name, "observation")

    def observation_text(self, state: S, player: int) -> str:
        """What ``player`` sees of ``state`` as one text (a position notation's player form,
        where the game has one). The default is :meth:`render_text` for ``player``; like
        :meth:`observation` it must not depend on what ``player`` cannot see."""
        return self.render_text(state, player)

    def max_chance_outcomes(self, config: Config) -> int | None:
        """The largest ``n`` of any ``rng.below(n)`` the game draws with ``config`` (a deck's
        size for a shuffle), so a host can size its chance nodes (see :mod:`boardkit.chance`);
        ``None``: not declared.

        Every random outcome is drawn through the :class:`~boardkit.rng.Rng` the engine hands
        to the hooks, with ``below``, ``choice``, ``shuffle`` or ``shuffled`` (never ``random``
        or raw bits), so a host can supply the outcomes itself.
        """
        return None
