"""Tournaments between bots: many seeded games, spread over processes, and a summary.

:func:`play_game` plays one game between bots and returns the :class:`~boardkit.match.Match`
(its log can be saved, replayed and verified like any other). :func:`run_tournament` plays
``n_games`` of them and reports, per bot: wins (a shared win counts 1/k to each of the k
winners, and a draw 1/k to each of the game's k seats, half a game each of two), draws, win
rate, mean score with a 95 % confidence interval, and mean thinking time per move; and the mean
game length.

Seating: with as many seats as bots or more, game ``i`` puts bot ``(i + s) mod B`` in seat ``s``
(so every bot sits in every seat equally often over ``B`` games, and no bot always starts); with
more bots than seats, the games cycle through every ordered choice of bots for the seats.

Reproducibility: game ``i`` uses match seed ``seed + i``, and the bot in seat ``s`` draws from
``Rng(seed + i, BOT_STREAM + s)``, fresh for each game (the seat rule of
:mod:`boardkit.runner.seats`, which every command follows). A game therefore depends only on its
index, never on which worker process played it or in what order, so the same arguments give the
same results with any number of workers. (Thinking times vary, of course, and a bot with a
wall-clock budget, such as ``MCTSBot(seconds=...)``, is not reproducible.)

Processes: games are sent in small batches to a :class:`~concurrent.futures.ProcessPoolExecutor`
with the platform's default start method, except that a process which runs other threads is not
forked (a fork copies a lock another thread may hold, and the child can hang): where the default
is ``fork``, such a process starts its workers through a fork server instead (see
:func:`pool_context`). The game and
the bots are pickled, so their classes must be importable; where workers are spawned rather than
forked (macOS, Windows, a threaded process), a script that runs a tournament must do so under
``if __name__ == "__main__":``. ``workers=1`` plays everything in the calling process.
"""

from __future__ import annotations

import copy
import itertools
import math
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any, TypeVar, overload

from attrs import field, frozen

from boardkit.bots.base import Bot
from boardkit.bots.registry import bot_from_spec
from boardkit.errors import BoardkitError, InvalidOptionsError, OverwriteError
from boardkit.files import make_folder
from boardkit.flow import HasFlow
from boardkit.game import Game
from boardkit.match import Match
from boardkit.options import (
    MAX_NAME_CHARS,
    MAX_SEED,
    OptionValue,
    check_game_count,
    distinct_names,
)
from boardkit.registry import as_game
from boardkit.rng import Rng, new_seed
from boardkit.runner.seats import play_out

S = TypeVar("S", bound=HasFlow)
A = TypeVar("A")

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

ProgressCallback = Callable[[int, int], None]
"""Called as games finish with (games done, games asked for)."""


def _threads() -> int:
    """How many threads this process runs: the operating system's count where it offers one
    (Linux; threads started by C libraries count too), else Python's."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def pool_context() -> BaseContext | None:
    """The start method for the tournament's worker processes; ``None`` keeps the default.

    Forking a process that runs other threads can leave a child waiting forever on a lock one
    of those threads held (Python 3.12 warns about it). So where the default method is
    ``fork`` (the platform's, or one chosen with :func:`multiprocessing.set_start_method`) and
    the process runs more than one thread, workers are started by a fork server (a clean
    single-threaded process that forks them), or spawned where there is none. Results do not
    depend on it: a game depends only on its index.
    """
    if multiprocessing.get_start_method() != "fork" or _threads() <= 1:
        return None
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    return multiprocessing.get_context("forkserver")


class TournamentError(BoardkitError):
    """A game of a tournament failed (a bot or game bug); the message names the game."""


# --- one game ----------------------------------------------------------------------------------


@frozen
class GameRecord:
    """How one tournament game went. Thinking times are left out of equality comparisons."""

    index: int
    seed: int
    seats: tuple[str, ...]
    """The label of the bot in each seat."""
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    length: int
    """Decisions made (log entries after the setup)."""
    moves: tuple[int, ...]
    """Decisions made by each seat."""
    think_seconds: tuple[float, ...] = field(eq=False)
    """Time each seat's bot spent choosing, in total."""
    draw: bool = False
    """Whether the game was a draw: nobody won, or every seat shares the win
    (:attr:`boardkit.result.Result.is_draw`)."""
    truncated: bool = False
    """Whether the game was cut off at its entry cap (no winner and no draw; the scores are the
    standings then, see :func:`boardkit.engine.outcome`)."""


class _Timed:
    """A seat's bot, with the decisions it made and the time it spent choosing them."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.moves = 0
        self.seconds = 0.0

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        started = time.perf_counter()
        action = self.bot.choose(game, state, player, rng)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return action


def _play(
    game: Game[Any, Any],
    players: int | Sequence[str],
    options: Mapping[str, object] | None,
    seed: int,
    bots: Sequence[Bot],
    cap: int | None = None,
) -> tuple[Match[Any], list[int], list[float]]:
    """Play a whole game; also return the decisions and thinking time of every seat."""
    match = Match.new(game, players, options, seed, cap=cap)
    seats = len(match.header.players)
    if len(bots) != seats:
        raise InvalidOptionsError(f"{seats} seats need {seats} bots, not {len(bots)}")
    timed = [_Timed(bot) for bot in bots]
    play_out(match, timed)
    return match, [t.moves for t in timed], [t.seconds for t in timed]


@overload
def play_game(
    game: Game[S, A],
    players: int | Sequence[str],
    options: Mapping[str, object] | None,
    seed: int,
    bots: Sequence[Bot],
) -> Match[S, A]: ...


@overload
def play_game(
    game: str,
    players: int | Sequence[str],
    options: Mapping[str, object] | None,
    seed: int,
    bots: Sequence[Bot],
) -> Match[Any, Any]: ...


def play_game(
    game: Game[Any, Any] | str,
    players: int | Sequence[str],
    options: Mapping[str, object] | None,
    seed: int,
    bots: Sequence[Bot],
) -> Match[Any, Any]:
    """One game between ``bots`` (``bots[s]`` plays seat ``s``), as a finished match.

    ``players`` is a number of seats or a list of player names (default names are the bots'
    names, numbered when a bot plays more than one seat: ``random``, ``random#2``). The bot
    in seat ``s`` draws from ``Rng(seed, BOT_STREAM + s)``, so the same arguments always give
    the same log (for bots with iteration budgets).
    """
    game = as_game(game)
    names = players if not isinstance(players, int) else distinct_names([b.name for b in bots])
    if isinstance(players, int) and len(bots) != players:
        raise InvalidOptionsError(f"{players} seats need {players} bots, not {len(bots)}")
    match, _, _ = _play(game, names, options, seed, bots)
    return match


# --- seating and batches ---------------------------------------------------------------------


def seating(index: int, bots: int, players: int) -> tuple[int, ...]:
    """Which bot (by position in the bot list) sits in each seat in game ``index``."""
    if bots <= players:
        return tuple((index + seat) % bots for seat in range(players))
    orders = list(itertools.permutations(range(bots), players))
    return orders[index % len(orders)]


@frozen
class _Batch:
    """Games ``indices`` of a tournament: everything a worker process needs to play them."""

    game: Game[Any, Any]
    labels: tuple[str, ...]
    bots: tuple[Bot, ...]
    players: int
    options: dict[str, OptionValue]
    first_seed: int
    indices: tuple[int, ...]
    save_dir: str | None
    overwrite: bool = False
    cap: int | None = None


def _play_batch(batch: _Batch) -> list[GameRecord]:
    """Play the games of ``batch`` (in a worker process or in the caller's)."""
    records = []
    game = batch.game
    for index in batch.indices:
        seed = batch.first_seed + index
        order = seating(index, len(batch.bots), batch.players)
        labels = tuple(batch.labels[b] for b in order)  # a bot in two seats counts for both
        # player names in the log must differ (random, random#2) and fit a player name
        names = distinct_names([log_name(label) for label in labels])
        bots = [copy.deepcopy(batch.bots[b]) for b in order]  # no state leaks between games
        try:
            match, moves, seconds = _play(game, names, batch.options, seed, bots, batch.cap)
            if batch.save_dir is not None:
                path = log_path(batch.save_dir, game.name, index, seed)
                match.save(path, overwrite=batch.overwrite)
        except Exception as exc:  # picklable, and it names the game that failed
            raise TournamentError(
                f"game {index} (seed {seed}, seats {', '.join(labels)}) failed: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        result = match.result
        records.append(
            GameRecord(
                index=index,
                seed=seed,
                seats=labels,
                winners=() if result is None else tuple(result.winners),
                scores=(0,) * len(labels) if result is None else tuple(result.scores),
                length=len(match) - 1,
                moves=tuple(moves),
                think_seconds=tuple(seconds),
                draw=result is not None and result.is_draw,
                truncated=result is not None and result.truncated,
            )
        )
    return records


# --- the summary -------------------------------------------------------------------------------


@frozen
class BotSummary:
    """One bot's figures over a tournament. Times are left out of equality comparisons."""

    name: str
    games: int
    """Games the bot took part in."""
    seats: int
    """Seats it occupied (more than ``games`` when it held several seats of one game)."""
    wins: float
    """Games won; a win shared by k seats counts 1/k to each, and a draw 1/k to each of the
    game's k seats (a draw of two players is half a win each, whether nobody won or both)."""
    win_rate: float
    """``wins / games``."""
    mean_score: float
    """Mean final score over the seats it occupied."""
    score_ci95: tuple[float, float] | None
    """95 % confidence interval of the mean score (normal approximation); ``None`` with fewer
    than two scores."""
    moves: int
    mean_move_seconds: float = field(eq=False)
    draws: int = 0
    """Games the bot took part in that ended in a draw."""


@frozen
class TournamentSummary:
    """The outcome of a tournament: per-bot figures, game lengths and every game's record."""

    game: str
    players: int
    options: dict[str, OptionValue]
    first_seed: int
    games: int
    bots: tuple[BotSummary, ...]
    mean_length: float
    records: tuple[GameRecord, ...]
    workers: int = field(eq=False)
    total_seconds: float = field(eq=False)

    @property
    def truncated(self) -> int:
        """How many games were cut off at their entry cap (see :attr:`GameRecord.truncated`)."""
        return sum(record.truncated for record in self.records)

    def bot(self, name: str) -> BotSummary:
        """The figures of the bot labelled ``name``."""
        for summary in self.bots:
            if summary.name == name:
                return summary
        raise KeyError(name)


def summarise_bot(name: str, records: Sequence[GameRecord]) -> BotSummary:
    """``name``'s figures over ``records`` (games it did not play are ignored)."""
    games = draws = 0
    wins = 0.0
    scores: list[float] = []
    moves = 0
    seconds = 0.0
    for record in records:
        seats = [s for s, label in enumerate(record.seats) if label == name]
        if not seats:
            continue
        games += 1
        draws += record.draw
        for seat in seats:
            if record.draw:
                wins += 1.0 / len(record.seats)
            elif seat in record.winners:
                wins += 1.0 / len(record.winners)
            scores.append(float(record.scores[seat]))
            moves += record.moves[seat]
            seconds += record.think_seconds[seat]
    mean = math.fsum(scores) / len(scores) if scores else 0.0
    interval: tuple[float, float] | None = None
    if len(scores) >= 2:
        variance = math.fsum((s - mean) ** 2 for s in scores) / (len(scores) - 1)
        half = Z_95 * math.sqrt(variance / len(scores))
        interval = (mean - half, mean + half)
    return BotSummary(
        name=name,
        games=games,
        seats=len(scores),
        wins=wins,
        win_rate=wins / games if games else 0.0,
        mean_score=mean,
        score_ci95=interval,
        moves=moves,
        mean_move_seconds=seconds / moves if moves else 0.0,
        draws=draws,
    )


# --- the tournament ----------------------------------------------------------------------------


def log_name(label: str) -> str:
    """A seat's player name in a game's log: its bot's label, cut in the middle when it is too
    long for a player name (a spec with a weights path, say), with room left for a repeat's
    ``#2``."""
    limit = MAX_NAME_CHARS - 4
    if len(label) <= limit:
        return label
    head = (limit - 1) // 2
    return f"{label[:head]}…{label[len(label) - (limit - 1 - head) :]}"


def bot_labels(bots: Sequence[str | Bot]) -> tuple[str, ...]:
    """Table labels: the spec text or the bot's name, with ``#2``, ``#3`` … on repeats."""
    return distinct_names([bot if isinstance(bot, str) else bot.name for bot in bots])


def _default_players(game: Game[Any, Any], options: Mapping[str, object] | None, seed: int) -> int:
    """The smallest player count the game accepts with ``options`` (some games refuse their
    smallest count unless a variant is chosen)."""
    counts = sorted(game.player_counts)
    for count in counts:
        try:
            game.make_config(count, options, seed)
        except InvalidOptionsError:
            continue
        return count
    return counts[0]  # make_config will then name the problem


def log_path(folder: str | Path, game: str, index: int, seed: int) -> Path:
    """Where game ``index`` (played with ``seed``) of a tournament saves its log in ``folder``."""
    return Path(folder) / f"{game}-{index:05d}-seed-{seed}.json"


def _refuse_existing_logs(folder: Path, game: str, first_seed: int, n_games: int) -> None:
    """Raise :class:`OverwriteError` for the first log the run would write over, if any.

    Checked before any game is played, so that a clash does not waste the run.
    """
    for index in range(n_games):
        path = log_path(folder, game, index, first_seed + index)
        if path.exists():
            raise OverwriteError(path)


def _batches(n_games: int, workers: int) -> list[tuple[int, ...]]:
    """Game indices cut into batches: small enough for a live progress bar and even loads."""
    size = max(1, min(25, n_games // (workers * 8)))
    return [tuple(range(i, min(i + size, n_games))) for i in range(0, n_games, size)]


def run_tournament(
    game_name: Game[Any, Any] | str,
    bot_names: Sequence[str | Bot],
    n_games: int,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int | None = None,
    workers: int | None = None,
    save_logs_dir: str | Path | None = None,
    progress: ProgressCallback | None = None,
    overwrite: bool = False,
    executor: Executor | None = None,
    *,
    cap: int | None = None,
) -> TournamentSummary:
    """Play ``n_games`` seeded games between the bots and summarise them.

    ``game_name`` is an installed game's name or a :class:`~boardkit.game.Game`; ``bot_names``
    holds bot specs (``"random"``, ``"mcts:iterations=200"``, see
    :func:`boardkit.bots.parse_bot_spec`) or ready bots. ``players`` defaults to the smallest
    count the game accepts with these options; ``workers`` to ``os.cpu_count()``. With
    ``save_logs_dir``, every game's log is written there as ``GAME-INDEX-seed-SEED.json``;
    if one of those files exists already, :class:`~boardkit.errors.OverwriteError` is raised
    before any game is played, unless ``overwrite`` allows replacing them.
    ``progress`` is told as games finish. Without ``seed`` a fresh first seed is drawn from the
    operating system (the summary's ``first_seed`` tells it). Bad input raises an
    :class:`~boardkit.errors.InvalidOptionsError` before any game is played; a game that fails
    raises :class:`TournamentError`.

    ``executor``, any :class:`concurrent.futures.Executor` (a thread pool, a process pool, a Ray
    cluster through :func:`boardkit.adapters.ray.ray_executor`), plays the batches instead of a
    pool of ``workers`` processes; it is used, not shut down. The records are the same whatever
    runs them: a game depends only on its seed.

    ``cap`` is every game's entry cap (see :meth:`Match.new <boardkit.match.Match.new>`); a
    game cut off at it has no winner, and its record says ``truncated``.
    """
    started = time.perf_counter()
    game = as_game(game_name)
    if not bot_names:
        raise InvalidOptionsError("a tournament needs at least one bot")
    check_game_count(n_games)
    if workers is None:
        workers = os.cpu_count() or 1
    if type(workers) is not int or workers < 1:
        raise InvalidOptionsError(f"workers must be a positive int, not {workers!r}")
    if seed is None:
        seed = new_seed(n_games)
    seats = _default_players(game, options, seed) if players is None else players
    config = game.make_config(seats, options, seed, cap)
    if seed + n_games - 1 > MAX_SEED:
        raise InvalidOptionsError(f"seeds {seed} to {seed + n_games - 1} pass {MAX_SEED}")
    bots = tuple(bot_from_spec(b) if isinstance(b, str) else b for b in bot_names)
    labels = bot_labels(bot_names)
    save_dir = None
    if save_logs_dir is not None:
        path = make_folder(save_logs_dir)
        save_dir = str(path)
        if not overwrite:
            _refuse_existing_logs(path, game.name, seed, n_games)

    def batch(indices: tuple[int, ...]) -> _Batch:
        options = dict(config.options)
        return _Batch(
            game, labels, bots, seats, options, seed, indices, save_dir, overwrite, config.cap
        )

    pieces = _batches(n_games, workers)
    records: list[GameRecord] = []
    if executor is not None:
        records = _play_in_pool([batch(p) for p in pieces], workers, n_games, progress, executor)
    elif workers == 1 or len(pieces) == 1:
        for indices in pieces:
            records.extend(_play_batch(batch(indices)))
            if progress is not None:
                progress(len(records), n_games)
    else:
        records = _play_in_pool([batch(p) for p in pieces], workers, n_games, progress)
    records.sort(key=lambda r: r.index)
    return TournamentSummary(
        game=game.name,
        players=seats,
        options=dict(config.options),
        first_seed=seed,
        games=n_games,
        bots=tuple(summarise_bot(label, records) for label in labels),
        mean_length=sum(r.length for r in records) / n_games,
        records=tuple(records),
        workers=workers,
        total_seconds=time.perf_counter() - started,
    )


def _play_in_pool(
    batches: list[_Batch],
    workers: int,
    n_games: int,
    progress: ProgressCallback | None,
    executor: Executor | None = None,
) -> list[GameRecord]:
    """Play the batches in worker processes (or on ``executor``, left running); the first
    failure cancels the rest."""
    records: list[GameRecord] = []
    if executor is not None:
        futures = [executor.submit(_play_batch, b) for b in batches]
        try:
            for future in futures:
                records.extend(future.result())
                if progress is not None:
                    progress(len(records), n_games)
        finally:
            for future in futures:
                future.cancel()
        return records
    with ProcessPoolExecutor(
        max_workers=min(workers, len(batches)), mp_context=pool_context()
    ) as pool:
        pending: set[Future[list[GameRecord]]] = set()
        try:
            pending = {pool.submit(_play_batch, b) for b in batches}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    records.extend(future.result())
                if progress is not None:
                    progress(len(records), n_games)
        except BrokenProcessPool:
            raise TournamentError(
                "a worker process died before finishing its games (out of memory, killed, or a "
                "script started without an 'if __name__ == \"__main__\":' guard); "
                "try workers=1 to see the failure in this process"
            ) from None
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return records
