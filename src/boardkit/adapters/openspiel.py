"""Any boardkit game as an OpenSpiel game (extra ``openspiel``).

::

    import pyspiel
    from boardkit.adapters.openspiel import register

    name = register("khan", players=3)         # "boardkit_khan_3p"
    game = pyspiel.load_game(name)
    state = game.new_initial_state()            # a chance node: the setup's draws

:func:`register` declares one configuration (game, player count, options) to OpenSpiel with
``pyspiel.register_game``; afterwards ``pyspiel.load_game(name)`` builds it, and everything that
takes a ``pyspiel.Game`` works on it: the random simulation tests, Python MCTS
(``open_spiel.python.algorithms.mcts``), information-set MCTS
(``open_spiel.python.algorithms.ismcts``), serialization.

The facts declared (``GameType`` / ``GameInfo``):

- **dynamics** sequential: one seat decides at a time, the one :func:`boardkit.flow.decider`
  names (Khan's consent included: ``current_player()`` is then the protected seat).
- **chance mode** explicit stochastic when the game draws at all
  (:meth:`~boardkit.game.Game.max_chance_outcomes` above 0), else deterministic. Every
  ``rng.below(n)`` of the game is a chance node with ``n`` equally likely outcomes
  (:mod:`boardkit.chance`); a shuffle of ``k`` cards is ``k - 1`` chance nodes in a row.
- **information** imperfect when the game has hidden information, else perfect.
- **utility** win/loss (:mod:`boardkit.adapters.table`, ``reward="win"``): +1 winners, -1 the
  others, 0 for all in a draw (nobody wins, or everyone shares the win); zero-sum with two
  players, general-sum with more.
  Rewards come at the end (terminal reward model).
- **num_distinct_actions** the game's action index size; **max_game_length** the entry bound
  (:func:`boardkit.game.entry_limit`: the game's ``max_entries``, or the entry cap) plus, per
  entry, as many chance nodes as the largest draw allows (a generous bound).
- **games without a natural bound** (``max_entries`` is ``None``) are registered with an entry
  cap (``register(..., cap=N)``, else :data:`boardkit.options.DEFAULT_CAP`); ``cap`` also cuts
  a bounded game short. A match that reaches it is terminal, within ``max_game_length``, with
  returns of 0 for every seat (cut off: nobody won).

Strings and tensors: the observation tensor is :meth:`~boardkit.game.Game.observation`, the
observation string :meth:`~boardkit.game.Game.observation_text` (Khan's and Shangrila's position
notation, player form). The information-state string is the observation string followed by a
digest of everything the player has been shown (its redacted log, event by event), so two
histories the player can tell apart never share it (perfect recall). No information-state
tensor is declared (``provides_information_state_tensor=False``): a perfect-recall tensor needs
the player's whole history in a fixed shape, and a match may run to thousands of decisions
with observations of hundreds to thousands of floats, so a fixed bound would either be huge
or cut the history short (not perfect recall). Asking for one raises
:class:`~boardkit.errors.NotOfferedError`; OpenSpiel's ``rl_environment`` then reads the
observation tensor by default (``ObservationType.OBSERVATION``).
``resample_from_infostate`` uses :meth:`~boardkit.game.Game.determinize`. Serialization is
OpenSpiel's own (the history of actions and chance outcomes, and the Python-side fields).

Names and pickles: importing this module registers every installed game with every player
count it plays with its default options (:func:`register_installed`), so
``pyspiel.load_game("boardkit_khan_2p")`` and OpenSpiel's ``deserialize_game_and_state`` work
in any process that has imported it; a configuration with options or a cap is registered by
:func:`register` (its name carries a digest of the options, which cannot be read back). Games
and states pickle, every configuration, and load in a fresh process without any of this: a
pickled game is what :func:`register` was given, and loading it registers it first
(:func:`load_game`); a pickled state is its game and OpenSpiel's serialization of it.
``undo_action`` is not offered: OpenSpiel's Python states cannot take an action off their
history; clone a state before applying an action instead.

Limits: OpenSpiel's C++ MCTS bot (``pyspiel.MCTSBot``) crashes on every game written in
Python in the current wheel, this one included; use the Python MCTS, or boardkit's own
(:mod:`boardkit.adapters.openspiel_bots`). Python games are far
slower than OpenSpiel's C++ games (see benchmarks/README.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from boardkit import engine
from boardkit.adapters.table import rewards_of
from boardkit.chance import ChanceNeeded, ChanceRng
from boardkit.errors import GameDefinitionError, InvalidOptionsError, NotOfferedError
from boardkit.extras import needs_extra
from boardkit.flow import decider
from boardkit.game import Game, entry_limit
from boardkit.options import Config
from boardkit.registry import as_game, available_games
from boardkit.rng import Rng

with needs_extra("openspiel", "boardkit.adapters.openspiel"):
    import numpy as np
    import pyspiel

__all__ = [
    "BoardkitSpielGame",
    "BoardkitSpielState",
    "game_name",
    "load_game",
    "register",
    "register_installed",
]

_REGISTERED: dict[str, tuple[Game[Any, Any], Config]] = {}


def game_name(
    game: Game[Any, Any],
    players: int,
    options: Mapping[str, object] | None,
    cap: int | None = None,
) -> str:
    """The OpenSpiel short name of a configuration: ``boardkit_<game>_<n>p``, with a digest of
    the options when they differ from the defaults, and ``_cap<N>`` for an entry cap given."""
    config = game.make_config(players, options, 0, cap)
    defaults = game.make_config(players, None, 0) if _defaults_ok(game, players) else None
    name = f"boardkit_{game.name}_{players}p"
    if defaults is None or dict(config.options) != dict(defaults.options):
        digest = hashlib.sha256(repr(sorted(config.options.items())).encode()).hexdigest()[:8]
        name += f"_{digest}"
    if cap is not None:
        name += f"_cap{cap}"
    return name


def _defaults_ok(game: Game[Any, Any], players: int) -> bool:
    try:
        game.make_config(players, None, 0)
    except InvalidOptionsError:
        return False
    return True


def register(
    game: Game[Any, Any] | str,
    players: int,
    options: Mapping[str, object] | None = None,
    *,
    cap: int | None = None,
) -> str:
    """Register one configuration of ``game`` with OpenSpiel; return its short name.

    ``cap`` is the entry cap of its matches (see :meth:`Match.new <boardkit.match.Match.new>`).
    Registering the same configuration again returns the same name. Raises
    :class:`~boardkit.errors.NotOfferedError` for a game without an action index, an
    observation or declared chance outcomes.
    """
    bk = as_game(game)
    config = bk.make_config(players, options, 0, cap)
    size = bk.num_actions(config)
    shape = bk.observation_shape(config)
    chance = bk.max_chance_outcomes(config)
    for value, hook in ((size, "num_actions"), (shape, "observation_shape"),
                        (chance, "max_chance_outcomes")):  # fmt: skip
        if value is None:
            raise NotOfferedError(bk.name, hook)
    assert size is not None and chance is not None
    name = game_name(bk, players, options, cap)
    if name in _REGISTERED:
        return name
    registration = (game if isinstance(game, str) else bk, players, options, cap)
    zero_sum = players == 2
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"boardkit {bk.title or bk.name} ({players} players)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if bk.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    entries = entry_limit(bk, config)
    game_info = pyspiel.GameInfo(
        num_distinct_actions=size,
        max_chance_outcomes=max(chance, 1),
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=entries * (1 + max(chance, 1)),
    )
    _REGISTERED[name] = (bk, config)

    # OpenSpiel keeps the factory until the process ends; a class (rather than a closure) is
    # released safely at interpreter exit.
    factory = type(
        f"BoardkitSpielGame_{name}",
        (BoardkitSpielGame,),
        {"__init__": _factory_init(game_type, game_info, bk, config, registration)},
    )
    pyspiel.register_game(game_type, factory)
    return name


Registration = tuple["Game[Any, Any] | str", int, "Mapping[str, object] | None", "int | None"]
"""What :func:`register` was given: the game (its name when given by name), the player count,
the options and the cap; a pickled game is this, so that loading it registers it first."""


def load_game(
    game: Game[Any, Any] | str,
    players: int,
    options: Mapping[str, object] | None = None,
    *,
    cap: int | None = None,
) -> BoardkitSpielGame:
    """The ``pyspiel.Game`` of one configuration, registered first if it is not yet: what a
    pickled game calls when it is loaded, in this process or a fresh one."""
    game_object: BoardkitSpielGame = pyspiel.load_game(register(game, players, options, cap=cap))
    return game_object


def register_installed() -> list[str]:
    """Register every installed game (:func:`boardkit.registry.available_games`) with every
    player count it plays with its default options, and return their short names, sorted.

    Importing this module calls it, so that ``pyspiel.load_game("boardkit_khan_2p")`` works in
    any process that has imported the adapter (and so does OpenSpiel's own
    ``deserialize_game_and_state``). A game that fails to load, or offers no encodings, is
    skipped. A configuration with options or a cap is registered by :func:`register`.
    """
    names: list[str] = []
    for name in available_games():
        try:
            game = as_game(name)
        except GameDefinitionError:
            continue
        if not all(game.offers(hook) for hook in _NEEDED):
            continue
        for players in game.player_counts:
            if _defaults_ok(game, players):
                names.append(register(name, players))
    return sorted(names)


_NEEDED = ("num_actions", "observation_shape", "observation", "max_chance_outcomes")


def _factory_init(
    game_type: Any, game_info: Any, bk: Game[Any, Any], config: Config, registration: Registration
) -> Any:
    def __init__(self: BoardkitSpielGame, params: Any = None) -> None:
        BoardkitSpielGame.__init__(self, game_type, game_info, bk, config, registration)

    return __init__


def _state_of(game: BoardkitSpielGame, serialized: str) -> BoardkitSpielState:
    """A pickled state, loaded: its game (registered by unpickling it) reads the state's
    OpenSpiel serialization back."""
    state: BoardkitSpielState = game.deserialize_state(serialized)
    return state


class BoardkitSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One registered configuration as a ``pyspiel.Game``."""

    def __init__(
        self,
        game_type: Any,
        game_info: Any,
        game: Game[Any, Any],
        config: Config,
        registration: Registration,
    ):
        super().__init__(game_type, game_info, {})
        self.boardkit_game = game
        self.config = config
        self.players = config.players
        self.registration = registration

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its registration (:func:`load_game`), so that it loads in a process
        that has never registered it."""
        game, players, options, cap = self.registration
        return (_load_pickled, (game, players, None if options is None else dict(options), cap))

    def new_initial_state(self) -> BoardkitSpielState:
        """The state before the setup (a chance node when the setup draws)."""
        return BoardkitSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoardkitObserver:
        """Observations (``perfect_recall=False``) or information states (``True``)."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return BoardkitObserver(self, recall)


def _load_pickled(
    game: Game[Any, Any] | str, players: int, options: Mapping[str, object] | None, cap: int | None
) -> BoardkitSpielGame:
    return load_game(game, players, options, cap=cap)


class BoardkitSpielState(pyspiel.State):  # type: ignore[misc]
    """A boardkit state, plus the chance outcomes of the entry in progress."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game (which registers itself when loaded) and OpenSpiel's
        serialization of the state (the history and the Python-side fields)."""
        return (_state_of, (self.get_game(), self.serialize()))

    def __init__(self, game: BoardkitSpielGame) -> None:
        super().__init__(game)
        self._bk = game.boardkit_game
        self._config = game.config
        self.boardkit_state: Any = None
        """The boardkit state after the last complete entry (``None`` before the setup)."""
        self._entries = 0
        """Log entries complete, the setup included (what the entry cap counts)."""
        self._action: object = None
        self._who: int | None = None
        self._outcomes: list[int] = []
        self._need = 0
        self._seen = tuple(b"" for _ in range(game.players))
        self._run()

    # --- the entry in progress ----------------------------------------------------------------

    def _run(self) -> None:
        rng = ChanceRng(self._outcomes)
        try:
            if self.boardkit_state is None:
                after, events = engine.start(self._bk, self._config, rng)
            else:
                cut_off = engine.cut_off_at(self._config, self._entries)
                after, events = engine.step(
                    self._bk, self.boardkit_state, self._who, self._action, rng, cut_off
                )
        except ChanceNeeded as need:
            self._need = need.outcomes
            return
        self._need = 0
        self._outcomes = []
        self.boardkit_state = after
        self._entries += 1
        self._seen = tuple(
            _chain(digest, [self._bk.redact(e, p) for e in events])
            for p, digest in enumerate(self._seen)
        )

    # --- the OpenSpiel state API --------------------------------------------------------------

    def current_player(self) -> int:
        if self._need:
            return int(pyspiel.PlayerId.CHANCE)
        who = decider(self.boardkit_state.flow)
        return int(pyspiel.PlayerId.TERMINAL) if who is None else who

    def _legal_actions(self, player: int) -> list[int]:
        state = self.boardkit_state
        if self._need or decider(state.flow) != player:
            return []
        return sorted(self._bk.action_to_index(a, state) for a in self._bk.legal_actions(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._need
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._need:
            self._outcomes.append(int(action))
        else:
            state = self.boardkit_state
            self._action = self._bk.index_to_action(int(action), state)
            self._who = decider(state.flow)
            self._outcomes = []
        self._run()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        try:
            move = self._bk.index_to_action(int(action), self.boardkit_state)
        except Exception:  # an index decoded against another position: say the number
            return f"action {action}"
        return self._bk.describe_action(move, self.boardkit_state)

    def is_terminal(self) -> bool:
        return not self._need and decider(self.boardkit_state.flow) is None

    def returns(self) -> list[float]:
        players = self._config.players
        if not self.is_terminal():
            return [0.0] * players
        result = engine.outcome(self._bk, self.boardkit_state)
        if result is None:
            return [0.0] * players
        return list(rewards_of(result, players, "win"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, the rest re-drawn
        (:meth:`~boardkit.game.Game.determinize`); used by information-set MCTS."""
        draw = probability_sampler() if callable(probability_sampler) else 0.5
        rng = Rng(int(float(draw) * (1 << 53)) & ((1 << 128) - 1), 0x5A3E)
        twin = self.clone()
        twin.boardkit_state = self._bk.determinize(self.boardkit_state, player_id, rng)
        return twin

    def undo_action(self, player: int, action: int) -> None:
        """Not offered: OpenSpiel's Python games keep the history on the C++ side, which a
        Python state can add to but not take from, so an undone state would keep the undone
        action in its history (and in its serialization). Clone the state before applying an
        action instead (``state.clone()``, or ``state.child(action)``)."""
        raise NotOfferedError(
            self._bk.name,
            "undo_action",
            "OpenSpiel's Python states cannot remove an action from their history; "
            "clone the state before applying an action (state.clone(), state.child(action))",
        )

    def __str__(self) -> str:
        pending = f"\nchance outcomes so far: {self._outcomes}" if self._need else ""
        return f"{self.boardkit_state!r}{pending}"

    # --- for the observer ---------------------------------------------------------------------

    def information_digest(self, player: int) -> str:
        """A digest of everything ``player`` has been shown (its redacted log so far)."""
        return self._seen[player].hex()


def _chain(digest: bytes, events: list[object]) -> bytes:
    if not events:
        return digest
    text = "\n".join(repr(e) for e in events).encode()
    return hashlib.blake2b(digest + text, digest_size=16).digest()


class BoardkitObserver:
    """The PyObserver of a registered game: tensor and string of a player's observation, or
    string of its information state (see the module docstring).

    An information-state observer (``perfect_recall``) has no tensor: its :attr:`tensor` is
    empty and :meth:`set_from` raises :class:`~boardkit.errors.NotOfferedError`, so an
    algorithm that needs one stops with a message that says what to use instead, rather than
    learning from a tensor that is not what it asked for.
    """

    def __init__(self, game: BoardkitSpielGame, perfect_recall: bool) -> None:
        self._game = game
        self._recall = perfect_recall
        if perfect_recall:
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, Any] = {}
            return
        shape = game.boardkit_game.observation_shape(game.config) or (0,)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BoardkitSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        if self._recall:
            raise NotOfferedError(
                self._game.boardkit_game.name,
                "information_state_tensor",
                NO_INFORMATION_STATE_TENSOR,
            )
        if state.boardkit_state is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self._game.boardkit_game.observation(state.boardkit_state, player)

    def string_from(self, state: BoardkitSpielState, player: int) -> str:
        """``player``'s observation string, or information-state string with perfect recall."""
        if state.boardkit_state is None:
            text = "setting up"
        else:
            text = self._game.boardkit_game.observation_text(state.boardkit_state, player)
        if self._recall:
            return f"{text}\nseen {state.information_digest(player)}"
        return text


NO_INFORMATION_STATE_TENSOR = (
    "a fixed-size perfect-recall tensor of a whole match is not built (a bounded history would "
    "not be perfect recall); use the observation tensor (rl_environment.Environment(game, "
    "observation_type=ObservationType.OBSERVATION), its default for these games) or the "
    "information-state string"
)
"""Why an information-state tensor is refused, and what to use instead."""

register_installed()
