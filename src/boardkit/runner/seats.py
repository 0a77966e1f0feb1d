"""The one game loop: a match driven between seats, and the rule for the bots' randomness.

Every way boardkit plays a whole game goes through :func:`play_out`: ``boardkit play`` (people
and bots at a terminal), ``boardkit play-random`` and
:func:`boardkit.runner.simulate.random_playout`,
``boardkit simulate`` and :func:`boardkit.runner.simulate.simulate`, ``boardkit tournament`` and
:func:`boardkit.runner.tournament.play_game`. The loop asks the seat that must decide now for an
action, plays it, and goes on until nobody has to decide; it also holds every game to the
``max_entries`` bound it promises.

**The seat rule.** The seat ``s`` of a match with seed ``S`` chooses with the random stream
``Rng(S, BOT_STREAM + s)`` (:func:`seat_rng`), fresh at the start of the match. The game's own
randomness comes from the streams 1, 2, 3, … of the same seed (one per log entry), far below
:data:`BOT_STREAM`. So the same bots with the same seed play the same game under every command:
``boardkit play nim --seat random,random --seed 7``, ``boardkit play-random nim --seed 7``,
game 0 of ``boardkit simulate nim --seed 7`` and game 0 of ``boardkit tournament nim --bots
random --seed 7`` write the same entries.

A seat is anything with ``choose(game, state, player, rng)`` (a :class:`~boardkit.bots.Bot`,
or a front end that asks a person). The loop drives any :class:`PlayableMatch`: a
:class:`~boardkit.match.Match`, or the bare recorder :func:`boardkit.runner.simulate.simulate` uses
for speed, which writes the entries a ``Match`` would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from boardkit._moved import renamed_attribute
from boardkit.errors import GameDefinitionError, IllegalActionError, InvalidOptionsError
from boardkit.game import Game, entry_limit
from boardkit.options import Config
from boardkit.rng import STREAM_LIMIT, Rng

BOT_STREAM = 0xB075_0000_0000
"""Base of the :class:`~boardkit.rng.Rng` streams seats choose from (seat ``s`` uses
``BOT_STREAM + s``); the game's own streams are 1, 2, 3, … (one per log entry), far below."""


def seat_rng(seed: int, seat: int) -> Rng:
    """The random stream seat ``seat`` chooses from in the match with seed ``seed``."""
    if type(seat) is not int or not 0 <= BOT_STREAM + seat < STREAM_LIMIT:
        return Rng(seed, BOT_STREAM + seat)  # raises what Rng raises for a bad stream
    return Rng.for_seat(seed, BOT_STREAM + seat)


def seat_rngs(seed: int, seats: int) -> list[Rng]:
    """:func:`seat_rng` for every seat of a match, in seat order."""
    return [seat_rng(seed, seat) for seat in range(seats)]


class Decided(Protocol):
    """What :func:`catch_up` reads of a log entry (a :class:`~boardkit.log.Entry` is one)."""

    @property
    def seq(self) -> int:
        """The entry's number (the setup is 0)."""
        ...

    @property
    def player(self) -> int | None:
        """The seat that decided it; ``None`` for the setup."""
        ...


def catch_up(
    game: Game[Any, Any],
    entries: Iterable[Decided],
    state_before: Callable[[int], Any],
    choosers: Mapping[int, Chooser],
    rngs: Mapping[int, Rng] | Sequence[Rng],
    after: Callable[[int], None] | None = None,
) -> None:
    """Bring seats' streams to where :func:`play_out` would have them after ``entries``.

    A seat draws from its stream at each of its decisions, so a front end that takes a match
    up in the middle (a resumed ``boardkit play``, a server process that loads a running match)
    asks the seat's chooser (``choosers[seat]``) to choose again at each entry that seat
    decided, on the state before it (``state_before(seq)``), with ``rngs[seat]``: the stream
    then stands exactly where it stood, and the bot goes on as if the match had never stopped.
    Seats without a chooser (people) draw nothing. ``after(seq)`` is called after each entry.
    """
    for entry in entries:
        seat = entry.player
        if seat is not None and (chooser := choosers.get(seat)) is not None:
            chooser.choose(game, state_before(entry.seq), seat, rngs[seat])
        if after is not None:
            after(entry.seq)


class Chooser(Protocol):
    """What a seat needs: pick an action for ``player``, who must decide in ``state``."""

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """One of ``game.legal_actions(state)``; or raise :class:`AskAgain`."""
        ...


class PlayableMatch(Protocol):
    """A match that :func:`play_out` can drive: :class:`~boardkit.match.Match` is one, the
    bare recorder of :func:`boardkit.runner.simulate.simulate` another."""

    @property
    def game(self) -> Game[Any, Any]:
        """The game being played."""
        ...

    @property
    def config(self) -> Config:
        """The match's set-up (players, options, seed)."""
        ...

    @property
    def state(self) -> Any:
        """The current state."""
        ...

    @property
    def to_decide(self) -> int | None:
        """The seat that must decide now; ``None`` once the game is over."""
        ...

    def __len__(self) -> int:
        """Log entries so far, the setup entry included."""
        ...

    def play(self, action: Any, player: int | None = None) -> Any:
        """Play ``action`` for ``player``, adding one log entry; an illegal one raises and
        changes nothing."""
        ...


class AskAgain(Exception):
    """Raised by a seat's ``choose`` when it has nothing to play now: a person took actions
    back, say. :func:`play_out` then asks whoever must decide in the new state."""


AfterPlay = Callable[[int, Any, Any], None]
"""Called after each action with (seat, action, the state before the action)."""

OnIllegal = Callable[[int, Any, IllegalActionError], Any]
"""Called when a seat's action is refused, with (seat, action, error); returns the action to
play instead, or ``None`` to ask the seat that must decide again."""


def play_out(
    table: PlayableMatch,
    seats: Sequence[Chooser],
    *,
    rngs: Sequence[Rng] | None = None,
    after: AfterPlay | None = None,
    on_illegal: OnIllegal | None = None,
) -> None:
    """Play ``table`` to its end, ``seats[s]`` choosing for seat ``s``.

    ``rngs`` are the seats' random streams (default: :func:`seat_rngs` of the match seed; a
    front end that drives the same match in several goes passes its own, so that they go on).
    An illegal action is raised, unless ``on_illegal`` says what to do instead. A game that
    passes the ``max_entries`` bound it promises raises
    :class:`~boardkit.errors.GameDefinitionError`; a match under an entry cap
    (:attr:`Config.cap <boardkit.options.Config.cap>`) ends cut off when it reaches it.
    """
    game, config = table.game, table.config
    if len(seats) != config.players:
        raise InvalidOptionsError(
            f"{config.players} seats need {config.players} players, not {len(seats)}"
        )
    streams = seat_rngs(config.seed, config.players) if rngs is None else rngs
    bound = entry_limit(game, config)
    entries = len(table)  # counted here; asked again whenever someone else may have played
    while (seat := table.to_decide) is not None:
        if entries >= bound:
            raise GameDefinitionError(
                f"{game.name}: a game (seed {config.seed}) passed {bound} log entries, "
                "the bound max_entries() promises"
            )
        state = table.state
        try:
            action = seats[seat].choose(game, state, seat, streams[seat])
        except AskAgain:
            entries = len(table)
            continue
        try:
            table.play(action, seat)
        except IllegalActionError as exc:
            if on_illegal is None:
                raise
            action = on_illegal(seat, action, exc)
            if action is None:
                entries = len(table)
                continue
            table.play(action, seat)
        entries += 1
        if after is not None:
            after(seat, action, state)
            entries = len(table)


def __getattr__(name: str) -> object:
    """``Table``, the old name of :class:`PlayableMatch` (deprecated)."""
    return renamed_attribute(__name__, name, {"Table": ("PlayableMatch", PlayableMatch)})
