"""Many games between random players: reproducible playouts and a summary of how they went.

Researchers use this to check a game's balance (does the start seat win too often?), its length
(entries per game) and its speed; the ``boardkit simulate`` command prints the same summary.

Reproducibility: a playout is fixed by its seed. The seed drives the game's own randomness (as
for any match) and the random players' choices (seat ``s`` draws from its own stream, by the
rule of :mod:`boardkit.runner.seats`), so the same game, players, options and seed always give the
same log, and the same game as ``boardkit play`` or a tournament between random bots with that
seed. Game ``i`` of :func:`simulate` is the playout with seed ``seed + i``, so any one game of a
simulation can be played again alone with :func:`random_playout`.

Speed: both go through the one game loop, :func:`boardkit.runner.seats.play_out`; :func:`simulate`
hands it a bare recorder over :func:`boardkit.engine.start` and :func:`boardkit.engine.step`
instead of a :class:`~boardkit.match.Match`, which builds log entries only when someone asks
for the logs. It writes exactly the entries a :class:`Match` would (the tests check this
against :func:`random_playout`, which does use ``Match``).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from attrs import frozen

from boardkit import engine
from boardkit._moved import REMOVED_IN
from boardkit.bots.random_bot import RandomBot
from boardkit.errors import InvalidOptionsError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import Entry, Log, LogHeader
from boardkit.match import Match
from boardkit.options import MAX_SEED, Config, OptionValue, check_game_count, seat_names
from boardkit.registry import as_game
from boardkit.result import Result
from boardkit.rng import entry_stream, new_seed
from boardkit.runner.seats import play_out

ProgressCallback = Callable[[int, int], None]
"""Called after each finished game with (games done, games asked for)."""

LogCallback = Callable[[int, Log], None]
"""Called after each finished game with its index (0-based) and its log."""


@frozen
class SimulationSummary:
    """How a batch of random games went.

    ``wins[seat]`` counts the games that seat won alone; ``shared_wins`` counts the games won
    jointly by two or more seats but not all; ``draws`` counts the draws (nobody won, or every
    seat shares the win: :attr:`boardkit.result.Result.is_draw`); ``truncated`` counts the
    games cut off at their entry cap (see :attr:`boardkit.options.Config.cap`), no draws. Every
    game is counted once, so ``sum(wins) + shared_wins + draws + truncated == games``. Lengths
    count log entries after the setup entry, that is, decisions made.
    """

    game: str
    players: int
    options: dict[str, OptionValue]
    first_seed: int
    games: int
    wins: tuple[int, ...]
    shared_wins: int
    draws: int
    mean_length: float
    min_length: int
    max_length: int
    mean_seconds: float
    total_seconds: float
    truncated: int = 0

    @property
    def seeds(self) -> range:
        """The seeds of the simulated games, in order."""
        return range(self.first_seed, self.first_seed + self.games)

    @property
    def no_winner(self) -> int:
        """Deprecated: the old name of :attr:`draws` (which also counts a win every seat
        shares)."""
        warnings.warn(
            f"SimulationSummary.no_winner is renamed SimulationSummary.draws in 0.2.0 (it also "
            f"counts a win every seat shares); the old name is removed in {REMOVED_IN}",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.draws


# --- one playout -------------------------------------------------------------------------------


def random_playout(
    game: Game[Any, Any] | str,
    players: int | Sequence[str] | Config = 2,
    options: Mapping[str, object] | None = None,
    seed: int | None = None,
    watch: Callable[[Match[Any]], None] | None = None,
    *,
    cap: int | None = None,
) -> Match[Any]:
    """A whole match between random players, played through :class:`Match`.

    ``players`` is a number of seats, a list of player names, or a ready :class:`Config` (then
    the options and seed come from it, and ``options`` and ``seed`` must be left out). Without a
    seed a fresh one is drawn (``match.config.seed`` tells it). The same arguments with the same
    seed always give the same log. ``watch``, when given, is
    called with the match after the setup and after every action (``boardkit play-random``
    prints the board from it). ``cap`` is the match's entry cap (see
    :meth:`Match.new <boardkit.match.Match.new>`; a :class:`Config` carries its own).
    """
    game = as_game(game)
    if isinstance(players, Config):
        if options is not None or seed is not None or cap is not None:
            raise InvalidOptionsError("give options, seed and cap inside the Config, not beside it")
        match = Match.new(game, players.players, players.options, players.seed, cap=players.cap)
    else:
        match = Match.new(game, players, options, seed, cap=cap)
    if watch is not None:
        watch(match)
    play_out(
        match,
        [RandomBot()] * match.config.players,
        after=None if watch is None else lambda _seat, _action, _before: watch(match),
    )
    return match


class _Recorder:
    """A bare :class:`~boardkit.runner.seats.PlayableMatch` over the engine: the entries
    :meth:`Match.play`
    would write (same decider, same per-entry random stream), kept only when asked for.
    ``to_decide`` is worked out once per entry, when the state changes."""

    __slots__ = ("_keep", "_seed", "_seq", "config", "entries", "game", "state", "to_decide")

    def __init__(self, game: Game[Any, Any], config: Config, keep_entries: bool) -> None:
        self.game = game
        self.config = config
        self._seed = config.seed
        self.state, events = engine.start(game, config)
        self.to_decide: int | None = decider(self.state.flow)
        self._keep = keep_entries
        self.entries: list[Entry] = [Entry(0, None, None, tuple(events))] if keep_entries else []
        self._seq = 1

    def __len__(self) -> int:
        return self._seq

    def play(self, action: Any, player: int | None = None) -> None:
        seq = self._seq
        state, events = engine.step(
            self.game,
            self.state,
            player,
            action,
            entry_stream(self._seed, seq),
            engine.cut_off_at(self.config, seq),
        )
        self.state = state
        self.to_decide = decider(state.flow)
        if self._keep:
            self.entries.append(Entry(seq, player, action, tuple(events)))
        self._seq = seq + 1


def _fast_playout(
    game: Game[Any, Any], config: Config, keep_entries: bool
) -> tuple[Any, int, list[Entry]]:
    """Play one random game on the bare engine: final state, decisions made, entries if kept."""
    table = _Recorder(game, config, keep_entries)
    play_out(table, [RandomBot()] * config.players)
    return table.state, len(table) - 1, table.entries


def _timed_playout(
    game: Game[Any, Any], config: Config, keep_entries: bool
) -> tuple[Result | None, int, list[Entry], float]:
    """One random game: its result, decisions, entries if kept, and the seconds it took (a
    module-level function, so that executors in other processes can run it)."""
    t0 = time.perf_counter()
    state, decisions, entries = _fast_playout(game, config, keep_entries)
    return engine.outcome(game, state), decisions, entries, time.perf_counter() - t0


# --- many playouts -----------------------------------------------------------------------------


def simulate(
    game: Game[Any, Any] | str,
    n_games: int,
    players: int | Sequence[str] = 2,
    options: Mapping[str, object] | None = None,
    seed: int | None = None,
    progress: ProgressCallback | None = None,
    on_log: LogCallback | None = None,
    executor: Executor | None = None,
    *,
    cap: int | None = None,
) -> SimulationSummary:
    """Play ``n_games`` random games (seeds ``seed``, ``seed + 1``, …) and summarise them.

    Without ``seed`` a fresh first seed is drawn from the operating system; the summary's
    ``first_seed`` tells it, so the run can be repeated.

    ``progress`` is told after every game how many are done; ``on_log``, when given, receives
    every game's log (building logs costs a little time, so they are only built on request).
    Bad players, options or seeds raise :class:`~boardkit.errors.InvalidOptionsError` before
    any game is played.

    ``executor``, any :class:`concurrent.futures.Executor` (a process pool, a Ray cluster through
    :func:`boardkit.adapters.ray.ray_executor`), plays the games; the summary is the same as in
    this process (a game depends only on its seed), and ``progress`` and ``on_log`` are still
    called in game order.

    ``cap`` is every game's entry cap (see :meth:`Match.new <boardkit.match.Match.new>`): a
    game that reaches it is cut off and counted in ``truncated``.
    """
    game = as_game(game)
    check_game_count(n_games)
    names = seat_names(game.name, game.player_counts, players)
    if seed is None:
        seed = new_seed(n_games)
    config = game.make_config(len(names), options, seed, cap)
    if seed + n_games - 1 > MAX_SEED:
        raise InvalidOptionsError(f"seeds {seed} to {seed + n_games - 1} pass {MAX_SEED}")

    wins = [0] * len(names)
    shared = draws = truncated = 0
    lengths: list[int] = []
    playing_seconds = 0.0
    started = time.perf_counter()
    configs = [Config(config.players, config.options, seed + i, config.cap) for i in range(n_games)]
    keep = on_log is not None
    futures = None
    if executor is not None:
        futures = [executor.submit(_timed_playout, game, c, keep) for c in configs]
    for index, game_config in enumerate(configs):
        if futures is not None:
            result, decisions, entries, seconds = futures[index].result()
        else:
            result, decisions, entries, seconds = _timed_playout(game, game_config, keep)
        playing_seconds += seconds
        lengths.append(decisions)
        if result is not None and result.truncated:
            truncated += 1
        elif result is None or result.is_draw:
            draws += 1
        elif len(result.winners) == 1:
            wins[result.winners[0]] += 1
        else:
            shared += 1
        if on_log is not None:
            header = LogHeader(
                game.name,
                game.version,
                names,
                dict(game_config.options),
                game_config.seed,
                cap=game_config.cap,
            )
            on_log(index, Log(header, tuple(entries)))
        if progress is not None:
            progress(index + 1, n_games)
    return SimulationSummary(
        game=game.name,
        players=len(names),
        options=dict(config.options),
        first_seed=seed,
        games=n_games,
        wins=tuple(wins),
        shared_wins=shared,
        draws=draws,
        mean_length=sum(lengths) / n_games,
        min_length=min(lengths),
        max_length=max(lengths),
        mean_seconds=playing_seconds / n_games,
        total_seconds=time.perf_counter() - started,
        truncated=truncated,
    )
