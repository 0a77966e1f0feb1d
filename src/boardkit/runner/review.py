"""A review after the game: how each decision changed the decider's chances, by a search bot.

For every decision of the reviewed seats the strongest bot (:class:`~boardkit.bots.mcts.MCTSBot`)
searches the position before it, *as the seat that decided*. Its estimate is a win chance: the
seat's mean share of the win over the search (1 a win, 0 a loss, an even share for a draw; a
rollout cut short counts the game's heuristic, see :mod:`boardkit.bots.evaluation`).

- ``before``: the estimate of the bot's preferred move, the most searched one (what the
  position was worth to the seat with the bot's play);
- ``after``: the estimate of the move played;
- ``loss``: ``before - after``, at least 0, and exactly 0 when the seat played the bot's move.

The decisions that cost most (:meth:`Review.costly`) are those of largest loss, each with the
move the bot preferred.

Nothing hidden is used. The search reads the position in two places only: the seat's own legal
moves, and ``game.determinize(state, seat, rng)``, which keeps what the seat sees and re-draws
the rest. A seat's redacted log therefore gives the same review as the full log, and two full
logs that differ only in what the seat could not see give the same review too, draw for draw
(for a game whose ``determinize`` draws from the seat's view alone, as the protocol asks).

Reproducible: decision ``seq`` is searched with the random stream ``Rng(seed, seq)``, so the
same log, seed and iterations give the same review whatever else is reviewed. A budget in
seconds (wall clock) is not reproducible; iterations are.

The command line (``boardkit review``) and the server both call :func:`review_match`;
:meth:`Review.to_json` is the documented JSON (docs/review.md). A decision keeps each move as
the game words it (:meth:`~boardkit.game.Game.describe_action`, English) and as its menu path
(:meth:`~boardkit.game.Game.action_path`), so that a reader of another language reads the
moves in theirs (:func:`move_text`, :meth:`Decision.texts`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from attrs import frozen

from boardkit.bots.mcts import MCTSBot, action_key
from boardkit.errors import BoardkitError, InvalidOptionsError
from boardkit.game import Game
from boardkit.i18n import ENGLISH, language
from boardkit.log import FULL
from boardkit.match import Match
from boardkit.present.menus import label_reader
from boardkit.rng import Rng

FORMAT = "boardkit-review/1"
"""The ``format`` field of :meth:`Review.to_json`; it changes when the schema does."""

DEFAULT_ITERATIONS = 400
"""Search iterations per decision when neither iterations nor seconds are given."""

COSTLY_THRESHOLD = 0.05
"""A decision that lost less than this share of a win is not listed among the costly ones."""


class ReviewError(BoardkitError):
    """A review that cannot be made: no decision of the seat, a seat not in the match, or a
    game that cannot be searched from this log."""


@frozen
class Decision:
    """One reviewed decision: who decided at which entry, what was played, what the bot
    preferred, and the decider's win chance before and after (see the module)."""

    seq: int
    seat: int
    played: str
    preferred: str
    before: float
    after: float
    choices: int
    """How many legal moves the seat had (1: a forced move, which costs nothing)."""
    played_path: tuple[str, ...] = ()
    """The move played as its menu labels (:meth:`~boardkit.game.Game.action_path`)."""
    preferred_path: tuple[str, ...] = ()
    """The bot's preferred move as its menu labels."""

    def texts(self, game: Game[Any, Any]) -> tuple[str, str]:
        """The moves played and preferred as a reader of the current
        :func:`~boardkit.i18n.language` reads them (:func:`move_text`)."""
        return (
            move_text(game, self.played, self.played_path),
            move_text(game, self.preferred, self.preferred_path),
        )

    @property
    def loss(self) -> float:
        """What the decision cost the seat's win chance: ``before - after``, never below 0."""
        return max(0.0, self.before - self.after)

    def to_json(self, game: Game[Any, Any] | None = None) -> dict[str, Any]:
        """The decision as a JSON object (docs/review.md); with the ``game``, the moves as
        the reader reads them too (``played_text``, ``preferred_text``: :meth:`texts`)."""
        out: dict[str, Any] = {
            "seq": self.seq,
            "seat": self.seat,
            "played": self.played,
            "preferred": self.preferred,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "loss": round(self.loss, 4),
            "choices": self.choices,
        }
        if game is not None:
            out["played_text"], out["preferred_text"] = self.texts(game)
        return out


def move_text(game: Game[Any, Any], described: str, path: Sequence[str]) -> str:
    """A reviewed move as a reader of the current :func:`~boardkit.i18n.language` reads it:
    in English, ``described`` (the game's :meth:`~boardkit.game.Game.describe_action`); in
    another language, its menu labels ``path`` as that reader reads them
    (:func:`boardkit.present.menus.label_reader`), joined by ``" / "`` as a menu's flat
    listing shows a move, or ``described`` when none of them reads otherwise (a game with no
    translation: ``take 1``)."""
    if language() == ENGLISH or not path:
        return described
    read = label_reader(game)
    shown = [read(label) for label in path]
    return " / ".join(shown) if shown != list(path) else described


@frozen
class Review:
    """The review of one match: every decision of the reviewed seats, in log order."""

    game: str
    players: tuple[str, ...]
    seats: tuple[int, ...]
    viewer: str
    """Whose log was reviewed: ``"full"``, ``"seat N"`` or ``"spectator"``."""
    seed: int
    iterations: int | None
    seconds: float | None
    decisions: tuple[Decision, ...]

    def costly(self, count: int = 5, threshold: float = COSTLY_THRESHOLD) -> list[Decision]:
        """The ``count`` decisions that cost most (largest loss first; ties: the earlier), of
        those that lost at least ``threshold``."""
        worst = sorted(self.decisions, key=lambda d: (-d.loss, d.seq))
        return [d for d in worst if d.loss >= threshold][:count]

    def to_json(self, costly: int = 5, game: Game[Any, Any] | None = None) -> dict[str, Any]:
        """The review as a JSON object; the schema is documented in docs/review.md. With the
        reviewed ``game``, each decision has its moves in the current language too
        (:meth:`Decision.to_json`)."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": list(self.players),
            "seats": list(self.seats),
            "viewer": self.viewer,
            "estimate": "win chance",
            "bot": "mcts",
            "seed": self.seed,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "decisions": [d.to_json(game) for d in self.decisions],
            "costly": [d.seq for d in self.costly(costly)],
        }


def review_match(
    match: Match[Any, Any],
    seats: Iterable[int] | None = None,
    *,
    seed: int = 0,
    iterations: int | None = None,
    seconds: float | None = None,
) -> Review:
    """Review the decisions of ``seats`` in ``match`` (a full log or a redacted one).

    ``seats`` defaults to the viewer of a seat's redacted log, and to every seat of a full log
    (a spectator's log: every seat, in a game that hides nothing). Each decision is searched for
    ``iterations`` (default :data:`DEFAULT_ITERATIONS` when ``seconds`` is not given either),
    stopping early after ``seconds`` when that is given.

    Raises :class:`ReviewError` for a seat that is not in the match or whose decisions a
    redacted log does not hold, and :class:`~boardkit.errors.InvalidOptionsError` for a bad
    budget or seed.
    """
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    try:
        bot = MCTSBot(iterations=iterations, seconds=seconds)
        Rng(seed)
    except BoardkitError as exc:
        raise InvalidOptionsError(str(exc)) from None
    except ValueError as exc:  # the seed
        raise InvalidOptionsError(f"review seed: {exc}") from None
    players = match.config.players
    viewer = match.viewer
    game = match.game
    chosen = _seats(seats, viewer, players)
    if viewer is not FULL and game.hidden_information and chosen != (viewer,):
        if viewer is None:
            raise ReviewError(
                f"this is a spectator's log, and {game.name} hides information: review a "
                "seat's own log, or the full log"
            )
        raise ReviewError(
            f"this log is redacted for {_viewer_name(viewer)}: only that seat's decisions can "
            "be reviewed from it without what it hides"
        )
    decisions: list[Decision] = []
    for entry in match.entries[1:]:
        if entry.player not in chosen:
            continue
        before_state = match.state_at(entry.seq - 1)
        decisions.append(
            review_decision(game, before_state, entry.player, entry.action, entry.seq, bot, seed)
        )
    return Review(
        game.name,
        tuple(match.header.players),
        chosen,
        _viewer_name(viewer),
        seed,
        iterations,
        seconds,
        tuple(decisions),
    )


def review_decision(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    played: Any,
    seq: int,
    bot: MCTSBot,
    seed: int,
) -> Decision:
    """Review one decision: ``seat`` played ``played`` in ``state`` at entry ``seq``.

    The search runs from ``state`` for ``seat`` with the stream ``Rng(seed, seq)``; it reads
    ``state`` only through the seat's legal moves and ``game.determinize`` (see the module).
    """
    try:
        result = bot.search(game, state, seat, Rng(seed, seq))
    except Exception as exc:  # a game whose determinize cannot fill this log's hidden parts
        raise ReviewError(
            f"{game.name} cannot be searched at entry {seq} of this log "
            f"({type(exc).__name__}: {exc}); its determinize may not re-draw what a redacted "
            "log hides"
        ) from None
    best = result.best()
    key = action_key(played)
    mine = next((s for s in result.actions if action_key(s.action) == key), None)
    if mine is None:
        raise ReviewError(f"entry {seq}: the move played is not among seat {seat}'s legal moves")
    after = best.mean_reward if mine is best else mine.mean_reward
    return Decision(
        seq,
        seat,
        game.describe_action(played, state),
        game.describe_action(best.action, state),
        best.mean_reward,
        after,
        len(result.actions),
        tuple(game.action_path(played, state)),
        tuple(game.action_path(best.action, state)),
    )


def _viewer_name(viewer: object) -> str:
    """``"full"``, ``"spectator"`` or ``"seat N"``: whose log a review was made from."""
    if viewer is FULL:
        return "full"
    return "spectator" if viewer is None else f"seat {viewer}"


def _seats(seats: Iterable[int] | None, viewer: object, players: int) -> tuple[int, ...]:
    """The seats to review, checked against the match and the log's viewer."""
    if seats is None:
        if viewer is FULL:
            return tuple(range(players))
        if isinstance(viewer, int):
            return (viewer,)
        return tuple(range(players))
    chosen: Sequence[int] = sorted(set(seats))
    for seat in chosen:
        if type(seat) is not int or not 0 <= seat < players:
            raise ReviewError(f"no seat {seat!r} in this match; its seats are 0 to {players - 1}")
    if not chosen:
        raise ReviewError("no seat to review")
    return tuple(chosen)


def sparkline(values: Sequence[float]) -> str:
    """``values`` in [0, 1] as a line of block characters, one per value (for terminals)."""
    blocks = " ▁▂▃▄▅▆▇█"
    top = len(blocks) - 1
    return "".join(blocks[round(min(1.0, max(0.0, v)) * top)] for v in values)


__all__ = [
    "COSTLY_THRESHOLD",
    "DEFAULT_ITERATIONS",
    "FORMAT",
    "Decision",
    "Review",
    "ReviewError",
    "move_text",
    "review_decision",
    "review_match",
    "sparkline",
]
