"""One game at a table, driven by action indices: what every research adapter shares.

An :class:`AdapterMatch` plays one match on the bare engine (:func:`boardkit.engine.start`
and :func:`boardkit.engine.step`, entry ``seq`` drawing from ``Rng.for_entry(seed, seq)`` as a
:class:`~boardkit.match.Match` does), so a game played through an adapter is the same game a
``Match`` with the same seed and actions would give, and its log (:meth:`AdapterMatch.log`)
replays and verifies like any other.

Rewards come at the end only (the adapters give 0 before), in one of two documented modes:

- ``"win"`` (the default): +1 for each winner, -1 for every other seat; a draw (nobody wins,
  or every seat of two or more shares the win: :attr:`boardkit.result.Result.is_draw`) is 0
  for all.
- ``"score"``: each seat's final score (:attr:`boardkit.result.Result.scores`).

A match cut off at its entry cap (a game without a natural bound always has one, see
:attr:`boardkit.options.Config.cap`) has no final outcome: every seat's reward is 0 in both
modes, and the adapters report the end as truncation (:attr:`AdapterMatch.truncated`), not as
termination, so that a learner bootstraps from the last observation.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import Any, Literal, Protocol

from boardkit import engine
from boardkit._moved import renamed_attribute
from boardkit.errors import (
    IllegalActionError,
    InvalidActionIndexError,
    InvalidOptionsError,
    shorten,
)
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import Entry, Log, LogHeader
from boardkit.options import Config
from boardkit.registry import as_game
from boardkit.result import Result
from boardkit.rng import SEED_BITS, Rng, new_seed

RewardMode = Literal["win", "score"]
REWARD_MODES: tuple[str, ...] = ("win", "score")


def as_index(value: object) -> int:
    """``value`` as an action index: an ``int`` or an integer scalar of numpy (anything
    registered as :class:`numbers.Integral`).

    Raises :class:`~boardkit.errors.InvalidActionIndexError` for anything else, a bool, a float
    (``3.7`` is not index 3), a string or an array included: an agent's malformed output is
    refused, never truncated to some index that happens to be legal.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidActionIndexError(
            f"an action index is an integer, not {shorten(value)} ({type(value).__name__})"
        )
    return int(value)


class ByteSource(Protocol):
    """What :func:`seed_from` draws from: numpy's ``Generator`` (an environment's
    ``np_random``) is one."""

    def bytes(self, length: int) -> bytes: ...  # pragma: no cover - a protocol


def seed_from(generator: ByteSource) -> int:
    """A game seed drawn from an environment's seeded generator: what ``reset()`` without a
    seed plays, so that a run seeded once (``reset(seed=s)``, then plain ``reset()`` calls, as
    Gymnasium's vector environments make at every autoreset) plays the same games every time."""
    return int.from_bytes(generator.bytes(SEED_BITS // 8), "big")


def rewards_of(result: Result, players: int, mode: str = "win") -> tuple[float, ...]:
    """The final reward of every seat under ``mode`` (see the module docstring); 0 for every
    seat of a truncated result."""
    if result.truncated:
        return (0.0,) * players
    if mode == "score":
        return tuple(float(s) for s in result.scores)
    if result.is_draw:
        return (0.0,) * players
    winners = set(result.winners)
    return tuple(1.0 if seat in winners else -1.0 for seat in range(players))


class AdapterMatch:
    """One match of ``game`` with ``players`` seats, played by action index.

    ``cap`` is the entry cap of every match it plays (see :meth:`Match.new
    <boardkit.match.Match.new>`; a game without a natural bound gets
    :data:`~boardkit.options.DEFAULT_CAP` unless it is given).

    Raises :class:`~boardkit.errors.NotOfferedError` (via the checks below) when the game
    offers no action index or observation, and
    :class:`~boardkit.errors.InvalidOptionsError` for a bad player count, options, reward or
    cap.
    """

    def __init__(
        self,
        game: Game[Any, Any] | str,
        players: int,
        options: Mapping[str, object] | None = None,
        reward: str = "win",
        cap: int | None = None,
    ) -> None:
        self.game = as_game(game)
        if reward not in REWARD_MODES:
            raise InvalidOptionsError(f"reward must be one of {REWARD_MODES}, not {reward!r}")
        self.reward = reward
        self.config: Config = self.game.make_config(players, options, 0, cap)
        size = self.game.num_actions(self.config)
        shape = self.game.observation_shape(self.config)
        if size is None or shape is None:
            from boardkit.errors import NotOfferedError

            raise NotOfferedError(
                self.game.name, "num_actions" if size is None else "observation_shape"
            )
        self.num_actions: int = size
        self.observation_shape: tuple[int, ...] = shape
        self.state: Any = None
        self.entries: list[Entry] = []
        self._legal: dict[int, object] | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.config.players

    def reset(self, seed: int | None = None) -> None:
        """Start a new match; ``seed=None`` draws a fresh secret seed."""
        chosen = new_seed() if seed is None else seed
        config = self.config
        self.config = self.game.make_config(config.players, config.options, chosen, config.cap)
        self.state, events = engine.start(self.game, self.config)
        self.entries = [Entry(0, None, None, tuple(events))]
        self._legal = None

    @property
    def to_decide(self) -> int | None:
        """The seat that must decide now (a non-active seat that owes a decision included);
        ``None`` once the game is over."""
        return decider(self.state.flow)

    def legal(self) -> dict[int, object]:
        """The legal actions of the deciding seat by index (ascending)."""
        if self._legal is None:
            state, game = self.state, self.game
            pairs = [(game.action_to_index(a, state), a) for a in game.legal_actions(state)]
            self._legal = dict(sorted(pairs, key=lambda pair: pair[0]))
        return self._legal

    def play(self, index: object) -> None:
        """Play the legal action of ``index`` for the deciding seat.

        Raises :class:`~boardkit.errors.IllegalActionError` for an index that is not legal now,
        and its subclass :class:`~boardkit.errors.InvalidActionIndexError` for a value that is
        not an integer at all (:func:`as_index`); nothing changes.
        """
        legal = self.legal()
        action = legal.get(as_index(index))
        if action is None:
            raise IllegalActionError(
                "action-index", f"index {index} is not a legal action of seat {self.to_decide} now"
            )
        self.play_legal(action)

    def play_legal(self, action: object) -> None:
        """Play ``action``, one of the game's legal actions for the deciding seat (a bot's choice),
        without building the index of every legal action that :meth:`play` checks against.

        The caller vouches for legality: this is the path of a bot's move, whose action came
        from the game's own legal actions, so the same game results as through :meth:`play`.
        """
        who = self.to_decide
        seq = len(self.entries)
        rng, cut_off = Rng.for_entry(self.config.seed, seq), engine.cut_off_at(self.config, seq)
        self.state, events = engine.step(self.game, self.state, who, action, rng, cut_off)
        self.entries.append(Entry(seq, who, action, tuple(events)))
        self._legal = None

    def forget_legal(self) -> None:
        """Drop the cached legal actions, after a caller has put back an earlier
        :attr:`state` (a step refused half-way, undone)."""
        self._legal = None

    def result(self) -> Result | None:
        """The result once the game is over (a truncated one when the match was cut off at its
        entry cap, see :func:`boardkit.engine.outcome`)."""
        return engine.outcome(self.game, self.state) if self.to_decide is None else None

    @property
    def truncated(self) -> bool:
        """Whether the match was cut off at its entry cap rather than ended by the rules."""
        return bool(self.state.flow.truncated)

    def final_rewards(self) -> tuple[float, ...] | None:
        """Every seat's reward once the game is over (see the module docstring), else ``None``."""
        result = self.result()
        return None if result is None else rewards_of(result, self.players, self.reward)

    def observation(self, player: int) -> list[float]:
        """``player``'s observation (:meth:`boardkit.game.Game.observation`)."""
        return list(self.game.observation(self.state, player))

    def log(self, names: tuple[str, ...] | None = None) -> Log:
        """The match so far as a boardkit log (it replays and verifies like any other)."""
        players = names or tuple(f"player {i + 1}" for i in range(self.players))
        header = LogHeader(
            self.game.name, self.game.version, players, dict(self.config.options),
            self.config.seed, cap=self.config.cap,
        )  # fmt: skip
        return Log(header, tuple(self.entries))


def __getattr__(name: str) -> object:
    """``Table``, the old name of :class:`AdapterMatch` (deprecated)."""
    return renamed_attribute(__name__, name, {"Table": ("AdapterMatch", AdapterMatch)})
