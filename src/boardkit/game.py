"""The game protocol: what a game plugin provides, and what the framework promises it.

A game is a pure function from (state, action) to events, and a state is a fold of events.
Subclass :class:`Game`, declare the class facts and fill in the **six required methods**
(:meth:`~Game.initial`, :meth:`~Game.legal_actions`, :meth:`~Game.apply`, :meth:`~Game.reduce`,
:meth:`~Game.result`, :meth:`~Game.max_entries`); everything else (turn flow, the log, replay,
verification, undo, views, the command line, bots, the conformance kit) is built once in
boardkit on top of them. Every other method is declared here too, with a default: either a
neutral behaviour (no setup events, clockwise turns, nothing hidden) or "not offered".

The conformance kit asks one thing more of every game: each of its event types is narrated,
by :meth:`~Game.describe_event` or by being listed in :attr:`~Game.quiet_events` (the default
narrates only the framework's flow events). A game that fills in the six methods alone is
playable, but the kit refuses it and names the first event type that went unsaid.

The methods, by group (each method's docstring is its contract: who calls it and when, what it
may assume, what it must guarantee, and which check of :func:`boardkit.testing.check_game`
holds the game to it):

======================  ==========================================================================
group                   methods
======================  ==========================================================================
required                ``initial``, ``legal_actions``, ``apply``, ``reduce``, ``result``,
                        ``max_entries`` (abstract), and the class facts ``name``, ``version``,
                        ``player_counts``, ``state_type``, ``action_types``, ``event_types``
configuration           ``make_config`` (framework), ``canonical_options``, ``check_config``,
                        ``option_from_file``
setup and flow          ``setup``, ``first_phase``, ``first_player``, ``on_turn_end``,
                        ``phase_over``, ``on_phase_end``, ``next_phase``, ``on_phase_start``,
                        ``next_player``, ``on_turn_start``
hidden information      ``view``, ``redact``, ``redact_action``, ``determinize``
presentation            ``describe_action``, ``parse_action``, ``action_path``, ``render_text``,
                        ``describe_event``, ``player_colours``, ``render_svg``,
                        ``render_screen``, ``why_not``, ``describe_decision``,
                        ``describe_events`` and ``how_to_play`` (offered or not)
clicks                  ``action_targets`` (offered or not)
bot hints               ``score``, ``evaluate`` (offered or not); ``evaluate_seats`` (a
                        default from ``evaluate``)
positions               ``format_position``, ``parse_position`` (offered or not: a game
                        without a notation of its own writes the default JSON format)
research encodings      ``num_actions``, ``action_to_index``, ``index_to_action``,
                        ``observation_shape``, ``observation``, ``observation_text``,
                        ``max_chance_outcomes`` (offered or not);
                        ``legal_action_indices`` (a default from ``action_to_index``),
                        ``sparse_observation`` (a default from ``observation``)
facts                   :meth:`~Game.offers`, :meth:`~Game.info` (framework; a
                        :class:`GameInfo`)
======================  ==========================================================================

A hook that is "offered or not" has a default that raises
:class:`~boardkit.errors.NotOfferedError` (or returns ``None`` where the hook is a size), but
for positions, whose default is the framework's JSON format. Front
ends never probe for a method: they ask :meth:`Game.offers` (``game.offers("render_svg")``),
which is true when the game's class overrides the hook. :data:`OPTIONAL_HOOKS` lists them.

Types: a game is ``Game[State, Action]`` with its own state class and action union (Khan is
``Game[KhanState, KhanAction]``; its events are the union ``KhanEvent``), so mypy checks the
game's methods and the engine's functions (:func:`boardkit.engine.step` takes a ``Game[S, A]``,
a state ``S`` and an action ``A``). ``Game[Any, Any]`` is left to code that serves a game it
cannot name statically: one looked up by name (the registry, a log header, the command line),
and framework code written once for every game (logs, codecs, matches, bots, the kit).

Rules every game keeps
----------------------

Some rules are about the methods together rather than one of them; the conformance kit holds a
game to each (the check is named in brackets):

- **The state is a fold of the events.** :meth:`~Game.reduce` is the only way a state changes,
  and it never checks (an event is a fact). It must also fold the *redacted* events
  :meth:`~Game.redact` gives a player: a player's log folds to a state that player sees exactly
  as the real one (``view(folded, p) == view(real, p)``) [redacted logs].
- **States, actions, events and views are plain data.** They compare with ``==`` (two equal
  states are the same position) and go to JSON and back exactly, through the codec of
  :mod:`boardkit.codec`: states, actions and events to an equal object, views to JSON at all
  [state, action and event round trips, views as JSON]. The leak check compares views, texts and
  pictures with ``==``.
- **The legal actions are a list, not a set.** :meth:`~Game.legal_actions` lists no action
  twice, and lists them in an order that depends on the position alone (never on object ids,
  hash seeds or the history that led there): an equal state, read back from JSON, gives the same
  list in the same order, so seeded bots and replays choose the same [no action twice, same
  order from JSON].
- **A turn ends by a** :class:`~boardkit.flow.TurnEnded` **event.** The game emits it (from
  :meth:`~Game.apply` or a hook); the framework then runs the turn hooks in the order of
  :mod:`boardkit.flow` and emits the next ``TurnStarted`` itself. A game never emits
  ``TurnStarted``, ``PhaseStarted`` or ``GameEnded`` [a TurnEnded between two turns].
- **There is one way for a game to end.** The framework emits
  :class:`~boardkit.flow.GameEnded`, exactly once, as the last event of the log, when
  :meth:`~Game.result` stops being ``None`` (or :meth:`~Game.next_phase` gives ``None``, after
  which ``result`` must give the outcome). Then nobody decides and there is no legal action
  [GameEnded once and last, a result at the end]. A match that reaches its entry cap first
  (see :meth:`~Game.max_entries`) is ended by the framework: ``GameTruncated`` then
  ``GameEnded``, while the game's ``result`` stays ``None`` [a truncated end].
- **Every random outcome is an event**, drawn from the :class:`~boardkit.rng.Rng` the framework
  hands to the hook, so that a replay draws nothing [replay, verification, tampering].
- **Nothing hidden leaks**: whatever a player is shown (views, texts, pictures, menus, legal
  actions, refusals, narration, positions, observations) is the same in every state the player
  cannot tell apart from the real one (:meth:`~Game.determinize`) [the leak check of
  :mod:`boardkit.testing.secrets`].
"""

from __future__ import annotations

import functools
import inspect
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from attrs import evolve, frozen

from boardkit import action_text
from boardkit.errors import (
    GameDefinitionError,
    InvalidOptionsError,
    InvalidPlayerCountError,
    NotOfferedError,
)
from boardkit.flow import HasFlow, next_seat
from boardkit.options import (
    DEFAULT_CAP,
    Config,
    Option,
    OptionValue,
    check_cap,
    check_seed,
    resolve_options,
)
from boardkit.result import Result
from boardkit.rng import Rng, new_seed

if TYPE_CHECKING:  # the presentation kit sits above the framework: types only
    from importlib.resources.abc import Traversable

    from boardkit.howto import RulesSection
    from boardkit.present.screen import Picture

S = TypeVar("S", bound=HasFlow)
A = TypeVar("A")


class SvgText(str):
    """A finished SVG document as text (it is a ``str``), which Jupyter shows as a picture
    (:meth:`_repr_svg_`): what :meth:`Game.picture` returns."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """Jupyter's hook: the picture instead of a text repr."""
        return str(self)


DEFAULT_COLOURS: Final = ("red", "blue", "green", "yellow", "magenta", "cyan")
"""Seat colours of a game that names none (:meth:`Game.player_colours`)."""

Events = Sequence[object]
"""What :meth:`Game.apply` and the hooks return: event objects, in order."""

OPTIONAL_HOOKS: Final[frozenset[str]] = frozenset(
    {
        "render_svg",
        "render_screen",
        "why_not",
        "describe_decision",
        "describe_events",
        "how_to_play",
        "action_targets",
        "score",
        "evaluate",
        "trained_network",
        "format_position",
        "parse_position",
        "num_actions",
        "action_to_index",
        "index_to_action",
        "observation_shape",
        "observation",
        "max_chance_outcomes",
    }
)
"""The hooks a game may offer or not; ask :meth:`Game.offers` which ones it does."""


@frozen
class GameInfo:
    """The facts about a game under one configuration, as data in one place.

    What OpenSpiel's ``GameType`` and ``GameInfo`` say of a game: who may play, what is hidden,
    how long a game may last, the sizes of its encodings and which optional hooks it offers.
    Front ends and adapters read it rather than probing the game; :meth:`Game.info` builds it.
    """

    name: str
    """The registry name (:attr:`Game.name`)."""
    title: str
    """The human-readable title (:attr:`Game.title`, else the name)."""
    version: str
    """The rules version (:attr:`Game.version`)."""
    players: int
    """The number of seats of this configuration."""
    player_counts: tuple[int, ...]
    """Every number of players the game supports (:attr:`Game.player_counts`)."""
    hidden_information: bool
    """Whether some player may not see everything (:attr:`Game.hidden_information`)."""
    max_entries: int
    """An upper bound on the log entries of a match: the game's own bound
    (:meth:`Game.max_entries`), or the match's entry cap (:attr:`cap`) where that is lower or
    the game has no bound (see :func:`entry_limit`)."""
    num_actions: int | None
    """The size of the action index (:meth:`Game.num_actions`); ``None``: not offered."""
    observation_shape: tuple[int, ...] | None
    """The shape of an observation (:meth:`Game.observation_shape`); ``None``: not offered."""
    max_chance_outcomes: int | None
    """The widest random draw (:meth:`Game.max_chance_outcomes`); ``None``: not declared."""
    offers: frozenset[str]
    """The :data:`OPTIONAL_HOOKS` the game offers (see :meth:`Game.offers`)."""
    cap: int | None = None
    """The entry cap a match of this configuration is cut off at (:attr:`Config.cap
    <boardkit.options.Config.cap>`); ``None``: no cap, the game always ends by its rules."""


def entry_limit(game: Game[Any, Any], config: Config) -> int:
    """The most log entries a match of ``game`` with ``config`` can have, the setup entry
    included: the game's own bound (:meth:`Game.max_entries`), or the match's entry cap
    (:attr:`Config.cap <boardkit.options.Config.cap>`) where that is lower or the game has no
    bound. What simulations hold a game to and what adapters size an episode by.

    A configuration of a game without a bound that has no cap (one built by hand, not by
    :meth:`Game.make_config`) takes :data:`~boardkit.options.DEFAULT_CAP`.
    """
    bound = game.max_entries(config)
    cap = config.cap
    if bound is None:
        return DEFAULT_CAP if cap is None else cap
    return bound if cap is None else min(bound, cap)


@cache
def _overrides(kind: type, hook: str) -> bool:
    """Whether the game class ``kind`` overrides the optional ``hook`` (asked once per class:
    bots ask for every position they look at)."""
    if hook not in OPTIONAL_HOOKS:
        raise ValueError(f"{hook!r} is not an optional hook of Game: {sorted(OPTIONAL_HOOKS)}")
    owner = next(cls for cls in kind.__mro__ if hook in vars(cls))
    return owner is not Game


NAMED_HOOKS: Final = ("render_text", "render_svg")
"""The hooks the framework calls with the seats' names (``names=``); a game class whose own
hook takes no ``names`` is adapted once, when the class is made (see :class:`Game`)."""


def _takes_names(method: Callable[..., object]) -> bool:
    """Whether ``method`` accepts a ``names`` keyword (by name, or through ``**kwargs``)."""
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):  # no signature to read: treat it as the old one
        return False
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return any(
        (p.name == "names" and p.kind in keyword) or p.kind is inspect.Parameter.VAR_KEYWORD
        for p in parameters
    )


def _without_names(method: Callable[..., str]) -> Callable[..., str]:
    """``method`` (a hook written before it took names) as one that takes ``names`` and drops
    them, so that every caller can pass them."""

    @functools.wraps(method)
    def adapted(self: object, *args: Any, names: object = None, **kwargs: Any) -> str:
        return method(self, *args, **kwargs)

    del adapted.__wrapped__  # its signature is its own: it takes names
    return adapted


class Game(ABC, Generic[S, A]):
    """Base class of every boardkit game plugin: ``Game[State, Action]``.

    ``S`` is the game's state class (it holds a :class:`~boardkit.flow.Flow` as ``flow``), ``A``
    its action type (a class, or a union of classes). See the module docstring for the groups
    of methods and the rules every game keeps.

    A subclass whose :meth:`render_text` or :meth:`render_svg` takes no ``names`` keyword (the
    signature before 0.2.0) keeps working: when the class is made, the hook is wrapped once in
    one that takes ``names`` and drops them, with a :class:`DeprecationWarning`; 0.3.0 calls
    the hooks with ``names=`` only.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for hook in NAMED_HOOKS:
            method = vars(cls).get(hook)
            if not inspect.isfunction(method) or _takes_names(method):
                continue
            warnings.warn(
                f"{cls.__module__}.{cls.__qualname__}.{hook} takes no names; give it a keyword "
                f"'names: Sequence[str] | None = None' (the seats' names, to name the seats "
                "with); boardkit calls it without them until 0.3.0",
                DeprecationWarning,
                stacklevel=3,  # the class statement (through ABCMeta.__new__)
            )
            setattr(cls, hook, _without_names(method))

    # --- facts (class attributes) ---------------------------------------------------------------

    name: ClassVar[str]
    """Required. Registry name, as used on the command line and in log headers (lower case, no
    spaces)."""
    title: ClassVar[str] = ""
    """Human-readable title."""
    version: ClassVar[str]
    """Required. Rules version as ``"MAJOR.MINOR"`` (two numbers, ``"1.0"``).

    Every stored log names the version that wrote it, and is replayed by checking that the
    installed rules give exactly the recorded events. So bump it with every release that
    changes the rules:

    - the **major** number (``"1.4"`` to ``"2.0"``) when the change alters the events of any
      game already logged: a different setup or deal for the same seed, an action that gives
      other events (or other events in another order), an action refused or allowed that was
      not, a new event emitted (a round-end marker, say), an option's default changed. Logs of
      the older major are then refused up front with a message naming both versions, instead
      of failing half-way through with events that differ;
    - the **minor** number (``"1.4"`` to ``"1.5"``) when every old log still replays to the
      same events: a new option whose default plays as before, new words or pictures, a
      faster implementation.

    A log written by a newer version (major or minor) is refused, and so is one of an older
    major; when a log of an accepted version replays to other events all the same, the error
    says the rules probably changed without a major version bump (docs/log-format.md).
    """
    player_counts: ClassVar[tuple[int, ...]]
    """Required. Every number of players the game supports."""
    options: ClassVar[tuple[Option, ...]] = ()
    """The variants the game offers, with defaults. The defaults must make a game
    :meth:`check_config` accepts at *every* count of :attr:`player_counts`: ``boardkit play -p
    4`` and the kit's default configurations use them as they are."""
    state_type: ClassVar[type]
    """Required. The attrs class of the state (for JSON round trips)."""
    action_types: ClassVar[tuple[type, ...]]
    """Required. Every attrs class an action can be (for JSON: tagged by class name)."""
    event_types: ClassVar[tuple[type, ...]]
    """Required. Every attrs class a game event can be (redacted forms included); the flow
    events are added by the framework."""
    hidden_information: ClassVar[bool] = False
    """True when some players may not see everything (then views, redaction, determinization
    and the leak check matter)."""
    slot_indexed_actions: ClassVar[tuple[type, ...]] = ()
    """Action types whose index names a slot of what the deciding player holds (a card by its
    place in the sorted hand) rather than the thing itself; see :meth:`action_to_index`."""
    simultaneous_decisions: ClassVar[frozenset[str]] = frozenset()
    """Kinds of owed decision (``DecisionOwed.kind``) that every player owes at once, sealed
    bids say: each player's own decision, asked in turn order by the one-decider seat rule.
    Front ends word them so ("ann to decide: bid"), not as an answer asked outside one's own
    turn, as they word every other decision owed by someone other than the active player
    (Khan's consent: "bob must answer")."""
    opponent: ClassVar[str] = "greedy"
    """The bot (a spec of :func:`boardkit.bots.bot_from_spec`) that ``boardkit play`` seats
    against people when the command names none: the strongest bot of docs/bots.md's strength
    table that answers within about two seconds a move. A search bot given here should carry
    a ``seconds`` bound, so that a slow machine still answers in time."""
    action_texts_read_state: ClassVar[bool] = True
    """False when :meth:`describe_action`, :meth:`action_path` and :meth:`action_targets` read
    the action alone, never the state nor the options: then an action has the same texts in
    every position of every match, and a front end may build them once per action rather than
    once per position (``boardkit serve`` keeps them across entries and matches). Checked by
    :func:`boardkit.testing.check_game` on random playouts [action texts]."""
    quiet_events: ClassVar[tuple[type, ...]] = ()
    """Event types :meth:`describe_event` may narrate as ``None`` by design (bookkeeping such as
    a counter of actions left); every other event type must always get a line. The quiet flow
    events of :data:`boardkit.present.voice.QUIET_FLOW_EVENTS` need not be listed."""
    menu_label_templates: ClassVar[tuple[str, ...]] = ()
    """The patterns of the :meth:`action_path` labels made of a fixed text and values
    (``"village {village}"``, ``"card {card}"``), as message ids of the game's catalogue marked
    ``N_``, so that a reader of German reads ``village 3`` as ``Dorf 3`` while a person still
    types ``village 3``. The menus (:class:`boardkit.present.menus.LabelReader`) match a label
    against them in the order given (the first that matches the whole label wins: list a
    pattern that splits a list, ``"{items}, {item}"``, before those of its items) and read each
    value again as a label, so ``Healer @ 3`` reads ``Heiler @ 3``. Each ``{name}`` stands for
    at least one character; a pattern needs some fixed text and distinct names."""

    flow_words: ClassVar[Mapping[str, str]] = {}
    """The words for the game's flow ids, its phases, steps and kinds of owed decision
    (``{"placement": N_("placement"), "consent": N_("consent")}``), as message ids of the
    game's catalogue marked ``N_``: the terminal's status line shows ``phase placement`` as
    ``Phase Einsetzen`` to a reader of German
    (:func:`boardkit.present.voice.flow_word`). An id not listed shows as it is."""

    def offers(self, hook: str) -> bool:
        """Whether the game offers the optional ``hook`` (one of :data:`OPTIONAL_HOOKS`): true
        when its class overrides :class:`Game`'s "not offered" default.

        Front ends ask this instead of calling a hook to see whether it raises. A name that is
        not an optional hook raises :class:`ValueError` (a typo must not read as "not offered").
        """
        return _overrides(type(self), hook)

    def info(self, config: Config) -> GameInfo:
        """The facts of the game for ``config`` (a :meth:`make_config` result), as data."""
        return GameInfo(
            name=self.name,
            title=self.title or self.name,
            version=self.version,
            players=config.players,
            player_counts=tuple(self.player_counts),
            hidden_information=self.hidden_information,
            max_entries=entry_limit(self, config),
            num_actions=self.num_actions(config),
            observation_shape=self.observation_shape(config),
            max_chance_outcomes=self.max_chance_outcomes(config),
            offers=frozenset(hook for hook in OPTIONAL_HOOKS if self.offers(hook)),
            cap=config.cap,
        )

    # --- configuration --------------------------------------------------------------------------

    def make_config(
        self,
        players: int,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        cap: int | None = None,
    ) -> Config:
        """A validated :class:`Config`: refuses bad player counts, unknown or bad options.

        Framework; a game does not override it (it overrides :meth:`check_config`).
        ``seed=None`` draws a fresh secret seed from the operating system
        (:func:`boardkit.rng.new_seed`); a given seed pins the randomness, for reproducible runs.
        ``cap`` is the match's entry cap (:attr:`Config.cap`): ``None`` leaves a game with a
        bound uncapped and gives a game without one (:meth:`max_entries` is ``None``)
        :data:`~boardkit.options.DEFAULT_CAP`; an int of at least
        :data:`~boardkit.options.MIN_CAP` caps any game, a bounded one shorter than its bound.
        """
        if type(players) is not int or players not in self.player_counts:
            raise InvalidPlayerCountError(self.name, players, self.player_counts)
        chosen = new_seed() if seed is None else check_seed(seed)
        check_cap(cap)
        resolved = resolve_options(self.options, options)
        config = Config(players, self.canonical_options(resolved), chosen)
        self.check_config(config)
        if cap is None and self.max_entries(config) is None:
            cap = DEFAULT_CAP
        return config if cap is None else evolve(config, cap=cap)

    def canonical_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """``options`` with every value in the one form the game writes in log headers.

        Who calls it: :meth:`make_config`, before :meth:`check_config`, with every declared
        option present and of its declared kind. A game whose option is text a person types
        (Khan's ``ruler_cells``: any order, any case, spaces) overrides it so that equal set-ups
        give equal configurations and equal log headers. It must return every option it was
        given, be idempotent (the canonical form of a canonical form is itself: a log loaded
        and saved again keeps its header) and raise only
        :class:`~boardkit.errors.InvalidOptionsError`, for a value it cannot read. The default
        returns the options as they are.
        """
        return dict(options)

    def check_config(self, config: Config) -> None:
        """Refuse combinations of options and player count the game cannot play.

        Who calls it: :meth:`make_config`, for every new match and every log loaded. It may
        assume the player count is one of :attr:`player_counts` and every option has a value of
        its declared kind. It must raise :class:`~boardkit.errors.InvalidOptionsError` for a
        configuration the game cannot play, and nothing else. The default accepts everything.
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

    # --- required -------------------------------------------------------------------------------

    @abstractmethod
    def initial(self, config: Config) -> S:
        """Required. The state before any event: no randomness, flow not started.

        Who calls it: :func:`boardkit.engine.start` (a new match), replay and log loading (the
        fold of a log starts here). It must hold a :class:`~boardkit.flow.Flow` for
        ``config.players`` seats in its ``flow`` attribute, and depend on ``config`` alone (the
        same config gives an equal state) [replay, verification].
        """

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Required. Every action the deciding player may play now.

        Who calls it: front ends (menus), bots (after every action, in every playout: the hot
        path), the engine never (it asks :meth:`apply`). It may assume ``state`` was reached by
        play, or read from a valid position.

        What it must guarantee: while someone must decide the list is not empty (a game with a
        forced pass lists the pass, or passes for the player in a hook); once the game is over
        it is empty; every action listed is accepted by :meth:`apply`; no action is listed twice;
        the order depends on the position alone (see the module docstring). Checked at every
        state of the kit's playouts [not empty, no action twice, same order from JSON, a sample
        applies]. A match the framework cut off at its entry cap is over whatever the game
        lists there: :meth:`Match.legal_actions <boardkit.match.Match.legal_actions>` and every
        front end ask ``state.flow.ended`` first.
        """

    @abstractmethod
    def apply(self, state: S, action: A, rng: Rng) -> Events:
        """Required. The events of ``action`` by the deciding player, or an IllegalActionError.

        Who calls it: :func:`boardkit.engine.step`, for every action played, verified or
        simulated (the only way an action becomes events); the engine then folds the events and
        runs the turn hooks. It may assume someone must decide in ``state`` (the engine has
        checked who); it may *not* assume ``action`` is legal, or even of an action type.

        What it must guarantee: it never mutates ``state``; it draws randomness only from
        ``rng``; it refuses an illegal action with :class:`~boardkit.errors.IllegalActionError`
        naming the rule, before anything else happens; the events of a turn that is over end
        with a :class:`~boardkit.flow.TurnEnded` (or a hook emits it). Checked by the kit
        [illegal actions refused without a trace, a sample applies, replay].

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
        """Required. The state after ``event``; no checks (the event is a fact).

        Who calls it: the engine (every event, once, as it is recorded), replay, verification,
        time travel, and anyone folding a redacted log. It sees every event, including the flow
        events of :mod:`boardkit.flow`, after the framework has already folded them into
        ``flow`` (a game returns the state unchanged for those it ignores).

        What it must guarantee: a new state, ``state`` untouched; the same result for equal
        inputs; and it folds the redacted forms :meth:`redact` gives too, to a state that
        player sees as the real one [redacted logs, replay].

        It must also never raise for a redacted event folded onto a state that disagrees with
        it about hidden parts: narration folds a player's redacted events onto the true state
        (the drawn card unknown, the hand known), and the kit's narration check onto a
        :meth:`determinize` twin (where the card a player now shows may have been re-drawn
        elsewhere). Fold what the event says and leave alone what the state lacks, as the
        reducers of the example games do with a card that is not in the hand [narration].
        """

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Required. The outcome once the game is over, else ``None``.

        Who calls it: the engine, after every action and turn hook (keep it cheap); once it is
        not ``None`` the framework emits :class:`~boardkit.flow.GameEnded` (the one way a game
        ends). What it must guarantee: winners sorted, distinct, seats; one score per seat
        [a result at the end].

        A draw is a result like any other: no winners (``Result((), (0, 0), "a full board
        without a line")``), or every seat a winner when the rules say a tie shares the win;
        :attr:`Result.is_draw <boardkit.result.Result.is_draw>` is true for both, and the front
        ends say "a draw" (``boardkit.examples.tictactoe`` ends in one on a full board).
        """

    @abstractmethod
    def max_entries(self, config: Config) -> int | None:
        """Required. An upper bound on the log entries of any game with this configuration (the
        setup entry included), or ``None`` for a game without a natural bound.

        Who calls it: simulations and tournaments (to stop a runaway game), adapters (the
        longest episode), :meth:`info`, through :func:`entry_limit`. A bound must hold for
        every match of ``config``: the kit checks every playout against it [the entry bound].

        A game whose players may go on for ever (cards passed round and round, a position
        repeated) returns ``None``. Then every match of it is played under an entry cap
        (:attr:`Config.cap <boardkit.options.Config.cap>`, by default
        :data:`~boardkit.options.DEFAULT_CAP`): a match that reaches it is over, cut off, with a
        truncated :class:`~boardkit.result.Result` (no winner), which the adapters report as
        truncation. The cap is the framework's; the game's rules never see it.
        """

    # --- setup and flow (optional; defaults: no setup events, one phase, clockwise turns) -------

    def setup(self, state: S, config: Config, rng: Rng) -> Events:
        """Events that lay the game out (deal, shuffle, draw the start player).

        Who calls it: :func:`boardkit.engine.start`, once per match, on :meth:`initial`'s state;
        its events open log entry 0. Every random outcome is an event drawn from ``rng``, so
        that replay needs no generator. The default has no setup.
        """
        return ()

    def first_phase(self, state: S) -> str:
        """The phase the game begins with, read from the state after :meth:`setup`."""
        return "main"

    def first_player(self, state: S) -> int:
        """The seat that takes the first turn, read from the state after :meth:`setup`."""
        return 0

    # The turn hooks run in the order documented in boardkit.flow, after every TurnEnded: the
    # engine calls them, never a front end. They may assume the state has just been folded;
    # they return events (possibly none), drawing randomness from ``rng`` only.

    def on_turn_end(self, state: S, rng: Rng) -> Events:
        """Events at the end of the active player's turn (after its ``TurnEnded``)."""
        return ()

    def phase_over(self, state: S) -> bool:
        """Whether the current phase ends with this turn."""
        return False

    def on_phase_end(self, state: S, rng: Rng) -> Events:
        """Events when the current phase ends."""
        return ()

    def next_phase(self, state: S) -> str | None:
        """The phase that follows the current one; ``None`` ends the game (then
        :meth:`result` must give the outcome)."""
        return None

    def on_phase_start(self, state: S, rng: Rng) -> Events:
        """Events when a phase begins (the first phase included)."""
        return ()

    def next_player(self, state: S) -> int:
        """The seat whose turn comes next (default: clockwise, seat order)."""
        return next_seat(state.flow.active, state.flow.players)

    def on_turn_start(self, state: S, rng: Rng) -> Events:
        """Events at the start of a turn (may end the turn at once, say for a forced pass, by
        emitting ``TurnEnded``)."""
        return ()

    # --- hidden information (defaults: nothing is hidden) ----------------------------------------

    def view(self, state: S, player: int | None) -> object:
        """What ``player`` (``None``: a spectator) may see of ``state``.

        Who calls it: front ends, the redacted-log checks, observations, the leak check. What it
        must guarantee: plain data that compares with ``==`` and goes to JSON; equal for two
        states ``player`` cannot tell apart (a :meth:`determinize` twin). A game that offers
        positions returns a state of its own type, hidden parts unknown [views as JSON, the
        leak check]. The default shows everything: set :attr:`hidden_information` when it
        does not.
        """
        return state

    def redact(self, event: object, player: int | None) -> object:
        """``event`` as ``player`` may read it in a log (a drawn card hidden from the others).

        Who calls it: :meth:`boardkit.match.Match.redacted_log`, for every event of every entry.
        What it must guarantee: the result is an event :meth:`reduce` folds (its type is in
        :attr:`event_types` or a flow event), and a player's redacted log folds to a state that
        player sees as the real one [redacted logs, the leak check]. It tells the player nothing
        their view does not show, not even by an order: random outcomes the player sees alike
        must give equal redacted events, so a hand is dealt in a canonical order (sorted), not
        in the order of the shuffle [the leak check: setup and fresh randomness]. The default
        hides nothing.
        """
        return event

    def redact_action(self, action: A, player: int | None) -> A:
        """``action``, the action of a log entry, as ``player`` may read it (``None``: a
        spectator) when ``player`` is not the seat that played it (a seat always reads its own
        actions).

        Who calls it: :func:`boardkit.log.shown_action`, for every reader who is not the actor:
        :meth:`boardkit.match.Match.redacted_log` (each entry's ``action``), and the front ends
        before they show one player another's action (the entry's headline, the picture's
        highlight, the server's entries). What it must guarantee: an object of one of
        :attr:`action_types` (it is written to the log with them) that :meth:`describe_action`
        words; and it tells ``player`` nothing the entry's redacted events and ``player``'s views
        do not: two actions of the same seat that ``player`` sees alike (the same views after
        every event, the same redacted events) must give equal redacted actions [the leak check:
        secret actions]. A redacted log is folded, never verified, so a redacted action need not
        be legal.

        The default shows every action: most games play in the open, and the effect of an
        action is visible anyway. A game of secret choices (a sealed bid, a card placed face
        down) returns a stand-in for it (Goofspiel's ``Bid(HIDDEN)``, "bid a card face down").
        """
        return action

    def determinize(self, state: S, player: int | None, rng: Rng) -> S:
        """``state`` with everything ``player`` cannot see re-drawn at random, consistently.

        Who calls it: search bots (information-set sampling) and the kit's leak checks, which
        compare what ``player`` is shown in ``state`` and in its twin. What it must guarantee:
        ``view(twin, player) == view(state, player)``, and the twin is a state play could reach
        [the leak check]. It should also draw from what ``player`` sees alone: gather the unseen
        cards in a canonical order (sorted) before shuffling them, or two states the player
        cannot tell apart give different samples for the same ``rng`` and a search bot learns
        from the true state's hidden order. The default returns ``state`` (nothing hidden).
        """
        return state

    # --- presentation -----------------------------------------------------------------------------

    def describe_action(self, action: A, state: S | None = None) -> str:
        """A short human-readable text of an action (for logs, terminals and errors).

        Who calls it: every front end, for the legal actions on offer (menus, the page's list)
        and for the action of each log entry (the headline "ann: take 2"); the latter through
        :func:`boardkit.present.narration.action_text`.

        What it may assume: ``state`` is the state the action is played in: for an action on
        offer, the state it is legal in; for the action of a log entry, the state *before*
        that entry (never the state after it, where a card the action took is gone). So a
        text may read the position ("take white 10 from the discards" off the pile's top).
        ``state`` is ``None`` only for a caller with no match at all (a bot's statistics, a
        docstring); the game then words the action alone, with its default options. The
        action of a log entry may be one :meth:`redact_action` gave a reader.

        What it must guarantee: a non-empty str for every legal action in its state, and for
        every entry's (redacted) action in the state before the entry; it reveals nothing the
        reader may not see [action texts, the leak check].

        The text is also how a person types the action (:meth:`parse_action`): the legal
        actions of a position have texts that differ, case and runs of white space aside, and
        the text of each reads back to it [moves as text].
        """
        return str(action)

    def parse_action(self, state: S, text: str) -> A:
        """The legal action of ``state`` that ``text`` names: moves as text.

        Who calls it: :meth:`boardkit.match.Match.play_text`, ``boardkit play`` (a move typed
        at any menu level) and the server's page (a move typed in its text field), on the true
        state, for the player who decides in it.

        The default reads ``text`` against the :meth:`describe_action` texts of the legal
        actions of ``state`` (see :mod:`boardkit.action_text`): case and runs of white space
        aside, the text of one action, else the start of exactly one action's text. A game may
        read more (other spellings, a notation of its own: Shangrila takes ``->`` for ``→``),
        usually by rewriting ``text`` and handing it to the default.

        What it must guarantee: for every legal action ``a`` of a state of play,
        ``parse_action(state, describe_action(a, state)) == a`` [moves as text]; what it returns
        is a legal action of ``state``; any text it cannot read raises
        :class:`~boardkit.errors.IllegalActionError`, never another exception (the default's
        :class:`~boardkit.errors.ActionTextError` names the candidates: the actions an
        ambiguous text could mean, or those that start most like an unknown one), and a state
        in which nobody decides raises :class:`~boardkit.errors.GameOverError` or
        :class:`~boardkit.errors.NotStartedError`.
        """
        return action_text.parse_action(self, state, text)

    def action_path(self, action: A, state: S | None = None) -> tuple[str, ...]:
        """Menu labels for ``action``, from the most general to the most specific.

        Who calls it: front ends, through :mod:`boardkit.present.menus`, once per legal action, to
        build
        nested menus (kind of action, then tile, then cell), which keeps a choice among hundreds
        of actions manageable. ``state`` is the position the menu is for, the state the
        action is legal in, as in :meth:`describe_action`. What it must guarantee: a non-empty
        tuple of non-empty strings; two legal actions of one position never have the same
        path, so the last label tells the action apart from every other legal action with the
        same prefix [menu paths unique].
        """
        return (type(action).__name__, self.describe_action(action, state))

    def render_text(
        self, state: S, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        """The state as text a person can read in a terminal, as ``player`` may see it.

        Who calls it: ``boardkit show`` and ``play-random``, ``boardkit play`` (the ``board``
        command), :meth:`boardkit.match.Match.render`, the notebook display of a game without
        pictures. ``names[i]`` is seat ``i``'s name when the caller knows the players (a
        match's log header), ``None`` when it does not; a text that names seats names them
        so ("bob to play"), and words them its own way without names ("player 1 to play").

        It must depend only on what ``player`` sees [the leak check]. The default prints the
        view.
        """
        return repr(self.view(state, player))

    def describe_event(
        self, event: object, state: S, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        """One event as a line a person wants to read, as ``player`` may see it; ``None`` when
        the event is not worth a line (bookkeeping).

        Who calls it: the front ends and log viewers, through
        :func:`boardkit.present.narration.narrate_entry`, once per event of a log entry, in order.

        What it may assume:

        - ``state`` is the state *before* ``event`` (every earlier event of the entry already
          folded), so the text can say what the event changes ("covering two of blue's yurts",
          "the last yurt of his camp"). It may be the true state or one folded from ``player``'s
          redacted log; the text must be the same for both.
        - ``event`` has already been passed through :meth:`redact` for ``player``.
        - ``player`` is the seat the text is for (that seat is "you"), ``None`` a spectator;
          ``names[i]`` is seat ``i``'s name, when the caller has names (see
          :class:`boardkit.present.voice.Voice`, which words sentences for a reader).

        What it must guarantee: it never raises for an event the game can emit; it reveals
        nothing ``player`` may not see (read hidden parts of ``state`` only through what
        :meth:`view` shows ``player``); it returns a non-empty line (a clause, in the style of
        :meth:`describe_action`: no final full stop) for every event type not listed in
        :attr:`quiet_events`. Checked by :func:`boardkit.testing.narration_checks.check_narration`
        on random playouts, against a :meth:`determinize` twin of each state [narration].

        The default says nothing (``None``) about any event. The flow events of
        :mod:`boardkit.flow` that a game leaves unsaid get the framework's generic lines ("turn 7:
        blue's turn", "the game is over") from :mod:`boardkit.present.narration`, unless the game
        lists them in :attr:`quiet_events`; a game words them itself by returning a line (and may
        use :func:`boardkit.present.voice.describe_flow_event` for the generic one).
        """
        return None

    def describe_events(
        self,
        events: Sequence[object],
        state: S,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        """Offered or not. A run of consecutive events of one type (two or more) as fewer
        lines than one each, or ``None`` to word them one by one with :meth:`describe_event`.

        Why: a deal of sixteen cards reads better as "each player draws 4 cards; you draw …"
        than as sixteen lines. Who calls it: :func:`boardkit.present.narration.narrate_entry` (so
        ``boardkit play``, ``boardkit watch``, the server and the notebooks), for every such
        run of an entry, after :meth:`offers` says it is offered.

        What it may assume: as for :meth:`describe_event`; ``state`` is the state before the
        run's first event, and every event has been passed through :meth:`redact` for
        ``player``. What it must guarantee: non-empty lines that say everything the single
        lines would say to ``player`` (a player's own cards included) and nothing more: the
        conformance kit compares them for a :meth:`determinize` twin [narration]. The default
        raises :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "describe_events", "the game words events one by one")

    def render_svg(
        self,
        state: S,
        player: int | None = None,
        highlight: A | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        """Offered or not. The state as an SVG picture, as ``player`` may see it.

        Who calls it: ``boardkit render``, the web front end, Jupyter (``Match._repr_svg_`` and
        :meth:`picture`), always after :meth:`offers` says it is offered.
        ``highlight`` is an action to mark (the last one played), or ``None``. ``names[i]`` is
        seat ``i``'s name when the caller knows the players, as for :meth:`render_text`: a
        picture that names seats (a score panel, whose turn it is) names them so.

        What it must guarantee: a well-formed SVG document as text (it parses as XML, its root
        an ``svg`` element); it depends only on what ``player`` sees; the ids of
        :meth:`action_targets` are ``data-target`` attributes of its elements [the picture
        parses, ``_repr_svg_``, the leak check, click targets]. The picture helpers of
        :mod:`boardkit.present.svg` build such documents. The default raises
        :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "render_svg", "the game draws no picture")

    def picture(
        self,
        state: S,
        player: int | None = None,
        highlight: A | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> SvgText:
        """``state`` drawn by this game's :meth:`render_svg`, as ``player`` may see it (``None``:
        a spectator), with the seats' ``names`` when given: SVG text that shows itself as a
        picture in Jupyter.

        Not a hook: what a notebook or a script calls to see a state. The drawing goes through
        the game object, never through the registry, so a game registered under any name, or
        never registered, draws its states. Raises
        :class:`~boardkit.errors.NotOfferedError` for a game that draws no picture and
        :class:`~boardkit.errors.GameDefinitionError` when ``render_svg`` returns no text.
        """
        drawn = self.render_svg(state, player, highlight, names=names)
        if not isinstance(drawn, str):
            raise GameDefinitionError(
                f"{self.name}.render_svg returned {type(drawn).__name__}, not text"
            )
        return SvgText(drawn)

    def render_screen(self, state: S, player: int | None, names: Sequence[str]) -> Picture:
        """Offered or not. The compact picture of ``state`` for an 80×24 terminal, as ``player``
        (``None``: a spectator) may see it: the board in a few short lines and a side panel
        (whose turn, the running score, a legend in words). See :mod:`boardkit.present.screen`.

        Who calls it: ``boardkit play`` at every decision and ``boardkit watch`` at every
        entry, through :func:`boardkit.terminal.frames.game_picture`, always after :meth:`offers`
        says it is offered (a game that does not offer it is drawn from :meth:`render_text`).
        ``names[i]`` is seat ``i``'s name; a segment tagged with seat ``i`` is painted in
        ``player_colours(players)[i]``.

        What it must guarantee: a :class:`~boardkit.present.screen.Picture` whose segments are
        strings tagged with a seat of the game or ``None``, with no line break and no control
        character; board and side panel side by side fit
        :data:`~boardkit.present.screen.SCREEN_COLUMNS` columns (``picture.width``), for every
        state and
        names up to 8 characters; and it depends only on what ``player`` sees (the same picture
        for a :meth:`determinize` twin) [screen pictures]. The default raises
        :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "render_screen", "the game draws no compact picture")

    def player_colours(self, players: int) -> tuple[str, ...]:
        """Each seat's colour as a word (``"red"``), in seat order, for ``players`` seats.

        Who calls it: the terminal front ends, to say "you are red" and to paint a seat's
        names and pieces (through :mod:`boardkit.terminal.frames`, which knows rich's colour
        names). What
        it must guarantee: ``players`` distinct non-empty words [screen pictures]. The default
        is a palette of six colours (:data:`DEFAULT_COLOURS`), repeated past six
        seats; a game whose pieces have colours names them.
        """
        return tuple(DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)] for seat in range(players))

    def why_not(self, state: S, path: tuple[str, ...]) -> Mapping[str, str]:
        """Offered or not. The options a person may look for at the menu level ``path`` that
        are not there, each with the reason the rules give: ``{"village 4": "village 4 is
        full"}``.

        Who calls it: front ends, when a person types a number or a word that picks nothing at
        that level (``boardkit play`` then says "village 4 is not on offer: village 4 is
        full"), with the true state and the labels chosen so far (a prefix of
        :meth:`action_path`). :func:`boardkit.present.menus.absent_reasons` builds the mapping from
        candidate actions and the game's refusals.

        What it must guarantee: every key is a label that :meth:`action_path` would put at
        that level and that no legal action of ``state`` puts there; every value is the plain
        reason (no clause tag, as :attr:`~boardkit.errors.IllegalActionError.reason`); it
        depends only on what the deciding player sees (the same for a :meth:`determinize`
        twin) [why not]. It need not be complete: a label it leaves out gets the front end's
        generic answer. The default raises :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "why_not", "the game explains no absent option")

    def describe_decision(self, state: S, player: int, names: Sequence[str]) -> str | None:
        """Offered or not. What the decision ``player`` must take now asks, in words for that
        player, when the menu alone would not say it: a question put to someone outside his
        own turn (Khan's consent: who wants to lay which tile on which cells, and what yes and
        no do); ``None`` when the menu says enough.

        Who calls it: ``boardkit play``, before the menu of a decision owed by a person (after
        the "pass the terminal" screen at a shared keyboard). ``names[i]`` is seat ``i``'s
        name. What it must guarantee: ``None`` or non-empty text that depends only on what
        ``player`` sees (the same for a :meth:`determinize` twin) [decision texts]. The default
        raises :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "describe_decision", "the menus say it all")

    def how_to_play(self) -> tuple[RulesSection, ...]:
        """Offered or not. The game's rules explained to a newcomer, in sections
        (:class:`boardkit.howto.RulesSection`): the goal, a turn, each action, each special
        card or tile, scoring, the end, each with the clause IDs of the rules it covers.

        Who calls it: front ends, to answer ``?`` (``? conquer`` shows the section whose key,
        title or words match), to show a help panel and tooltips in the web page, and to point
        a refusal to the section of its rule (an
        :class:`~boardkit.errors.IllegalActionError` whose ``rule`` is one of a section's
        clauses: "see: Conquering (K-A-C)"); the docs' generated rules pages are written from
        it. :mod:`boardkit.present.rules` looks sections up.

        What it must guarantee: a non-empty tuple of sections with distinct keys, the same on
        every call; plain strings only, so that a translation can replace them one by one
        [how to play]: front ends read each title and each paragraph through the game's
        catalogue (:func:`boardkit.present.rules.read_sections`; mark the titles ``N_``, the
        extraction finds the paragraphs). The default raises
        :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "how_to_play", "the game explains no rules")

    # --- clicks (offered or not) ------------------------------------------------------------------

    def action_targets(self, action: A, state: S) -> tuple[str, ...]:
        """The board elements ``action`` touches, as ids in its picture: how to play it by clicks.

        Who calls it: front ends that let a person play by clicking the game's SVG picture (the
        web page of ``boardkit serve``, which gets them in each legal action's ``targets``),
        through :func:`boardkit.present.clicks.narrow` (the page through its port of it,
        ``static/clicks.js``), once per legal action of the position on show.

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
          :mod:`boardkit.present.clicks` matches clicks in any order, so the order is a guide, and
          two actions should differ in the *set* of their ids, or else a menu of their
          :meth:`action_path` decides between them.

        Checked by :func:`boardkit.testing.target_checks.check_targets` on random playouts
        [click targets]. The default ``()`` means "not offered by clicks": the action is reached
        by its menu only (a consent, a pass). A game that overrides it must offer
        :meth:`render_svg`.
        """
        return ()

    # --- bot hints (offered or not) ---------------------------------------------------------------

    def score(self, state: S, player: int) -> float:
        """Offered or not. ``player``'s points now, as the game's rulebook counts them: what the
        final score would be if the game ended here, with no tie-break folded in and no
        heuristic (that is :meth:`evaluate`'s job).

        Who calls it: the front ends, which show it to people as the running score (the page's
        Players panel, the terminal's score line); :func:`boardkit.engine.outcome` for a match
        cut off at its entry cap; and the bots, through
        :func:`boardkit.bots.evaluation.heuristic`, only when the game offers no
        :meth:`evaluate` (then they use it exactly as :meth:`evaluate` says, and read
        ``result(state).scores`` once the game is over). It may assume ``state`` is a state of
        play and ``player`` a seat. What it must guarantee: a finite number, higher is better,
        for every seat of every state [bot hints well-formed]; a game whose points are whole
        numbers returns whole numbers, so that people read ``3``, not ``3.03``. The default
        raises :class:`~boardkit.errors.NotOfferedError`; front ends then show no running score
        and bots count only final results (an unfinished position is worth 0 to every seat).
        """
        raise NotOfferedError(self.name, "score")

    def evaluate(self, state: S, player: int) -> float:
        """Offered or not. A heuristic value of ``state`` for ``player``: higher is better.

        Who calls it: the bots of :mod:`boardkit.bots`, through
        :func:`boardkit.bots.evaluation.heuristic` (which prefers it to :meth:`score`), on
        positions they look ahead to, finished games included, many times per move: keep it
        fast. What each does with it:

        - ``greedy`` looks **one action ahead**: for each of its legal actions it plays the
          action (with the turn hooks it sets off) and calls ``evaluate(after, player)`` for its
          own seat on the position right after it. A game that ends there decides first (a
          win above a shared win or a draw, a loss below everything); among the rest the
          highest value wins, ties at random. Greedy never sees another seat's
          reply nor its own next move, so the value must say what a position *promises*, not
          only what is already scored: with "points on the table", an action that costs now and
          pays later (opening a long project, an expedition that starts in debt) always looks
          worse than waiting, and greedy never takes it. With hidden information the value is
          the mean over a few :meth:`determinize` worlds, so differences count, not only the
          order.
        - ``mcts`` calls it where a rollout stops at ``rollout_cap`` unfinished: the values of
          all seats are mapped onto [0, 1] (the leader 1, the last 0), turned into shares and
          blended half and half with an even split. Guided search (``prior_weight`` or
          ``widening``) also ranks every action of a node by ``evaluate`` of the position it
          leads to, for the seat that plays it, mapped onto [0, 1] among the node's actions;
          ``rollout_sample`` above 1 plays, at each rollout move, the best of that many random
          actions by the mover's value. Only how the values compare matters to MCTS: adding a
          constant or scaling them by a positive factor changes nothing.
        - ``random`` and ``first`` never call it.

        It may assume what :meth:`score` may. What it must guarantee: a finite number for every
        seat of every state, the same for equal inputs [bot hints well-formed]. Bots may call it
        on the true state, so a game with hidden information decides what its heuristic may
        read. The default raises :class:`~boardkit.errors.NotOfferedError` (docs/bots.md, "The
        bot hints").
        """
        raise NotOfferedError(self.name, "evaluate")

    def evaluate_seats(self, state: S) -> Sequence[float]:
        """:meth:`evaluate` of ``state`` for every seat, in seat order.

        Who calls it: :func:`boardkit.bots.evaluation.estimated_rewards`, which judges a capped
        ``mcts`` rollout and the leaves of the ``trained`` bot by every seat's value, many
        times per move, and only for a game that offers :meth:`evaluate`. The default asks
        :meth:`evaluate` seat by seat. A game whose heuristic works out every seat's figure in
        one pass (a relative value: own figure minus the others') may override it to do that
        pass once instead of once per seat. What it must guarantee: exactly
        ``evaluate(state, seat)`` for each seat, so that a bot searches the same either way
        [bot hints well-formed].
        """
        return [self.evaluate(state, seat) for seat in range(state.flow.players)]

    def trained_network(self, players: int) -> Traversable | None:
        """Offered or not. The game's shipped policy-value network for ``players`` seats: a
        file (an :mod:`importlib.resources` traversable, usually in the game's package) written
        by :meth:`boardkit.bots.network.PolicyValueNet.save`, or ``None`` for a seat count
        with no network.

        Who calls it: the ``trained`` bot (:mod:`boardkit.bots.trained`), when it is given no
        ``weights`` file of its own. The network reads :meth:`observation` and writes logits over
        :meth:`action_to_index`, so a game that offers this offers those. ``boardkit train``
        makes such files (docs/training.md). The default raises
        :class:`~boardkit.errors.NotOfferedError`.
        """
        raise NotOfferedError(self.name, "trained_network")

    # --- positions (offered or not) ------------------------------------------------------------

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
        a match from a position of each playout and holds a game with a notation of its own to
        both [positions].

        The default writes the framework's default format
        (:func:`boardkit.positions.json_position`): one line of JSON with the game's name, the
        number of players and the codec's JSON of the state (of the seat's view, for a seat).
        It is exact but not short; a game whose people read positions overrides both hooks
        with a notation of its own, and then :meth:`offers` says so
        (``offers("format_position")`` is true only for such a game).
        """
        from boardkit.positions import json_position  # beside this module: imported when used

        return json_position(self, state, player)

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

        The default reads the framework's default format
        (:func:`boardkit.positions.parse_json_position`). It refuses a seat's form unless
        ``partial``, but it cannot tell a spectator's view, written as a whole state, from the
        whole state, nor check options the state does not hold: a game that needs either writes
        a notation of its own.
        """
        from boardkit.positions import parse_json_position

        state: S = parse_json_position(self, text, config, partial=partial)
        return state

    # --- research encodings (offered or not; used by boardkit.adapters) ---------------------------
    #
    # Reinforcement-learning and search libraries want numbers: a fixed action space and a
    # fixed-shape observation. A game offers them with the methods below; the defaults say
    # "not offered" (None, or NotOfferedError). Checked by
    # boardkit.testing.encoding_checks.check_encodings on random playouts [encodings], which
    # check_game runs for a game that offers num_actions, observation_shape or
    # max_chance_outcomes.

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

    def legal_action_indices(self, state: S) -> Sequence[int]:
        """The indices of :meth:`legal_actions`, each once, in any order: what an action mask
        marks.

        The default indexes every legal action (:meth:`action_to_index`). A game whose legal
        actions come from tables of spaces or cells may override it to give the indices
        without building the actions, which adapters that mask many positions a second (the
        batched environment) then save; it must give exactly the same indices.
        """
        return [self.action_to_index(action, state) for action in self.legal_actions(state)]

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

    def sparse_observation(self, state: S, player: int) -> tuple[Sequence[int], Sequence[float]]:
        """The nonzero values of :meth:`observation`: their positions, in increasing order, and
        the values at those positions.

        Who calls it: the ``trained`` bot (:mod:`boardkit.bots.network`), once per position it
        judges. Its network's first layer reads only the rows of the nonzero inputs, and an
        observation is mostly zeros (flags of cells, cards, seats: Khan's has about 430 set
        values of 3,879), so a game that lists them directly spares the bot building and
        converting the whole list. The default derives them from :meth:`observation`; a game
        may override it to list them without building the dense form. What it must guarantee:
        exactly the nonzero entries of ``observation(state, player)``, positions ascending
        [encodings].
        """
        dense = self.observation(state, player)
        positions = [i for i, value in enumerate(dense) if value]
        return positions, [dense[i] for i in positions]

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
