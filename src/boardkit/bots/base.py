"""The bot protocol: anything with a ``name`` and a ``choose`` method can play a seat.

A bot is asked for one decision at a time, by the tournament runner or by your own loop::

    action = bot.choose(game, state, player, rng)

``state`` is the full game state, as the engine holds it; ``player`` is the seat that must decide
now (:func:`boardkit.decider` of the state); ``rng`` is a :class:`~boardkit.rng.Rng` the caller
seeds, so that a game between bots is reproducible. The bot returns one of
``game.legal_actions(state)``.

Hidden information is a matter of honour the framework cannot enforce (the bot holds the full
state), so the bots of this package keep a rule: in a game with ``hidden_information`` they read
the true state only through ``game.determinize(state, player, rng)``, which keeps exactly what
``player`` may see, and through ``game.legal_actions(state)`` for their own choices.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from boardkit.errors import (
    GameDefinitionError,
    GameOverError,
    InvalidOptionsError,
    NotStartedError,
    NotYourDecisionError,
    shorten,
)
from boardkit.game import Game
from boardkit.rng import Rng


class UnknownBotError(InvalidOptionsError):
    """No bot is registered under the requested name."""

    def __init__(self, name: str, known: Sequence[str]) -> None:
        listing = ", ".join(sorted(known)) or "none"
        super().__init__(f"unknown bot {shorten(name)}; known bots: {listing}")
        self.name = name
        self.known = sorted(known)


class BotParameterError(InvalidOptionsError):
    """A bot was given a parameter it does not have, or a value it cannot use."""


@runtime_checkable
class Bot(Protocol):
    """A player program: a name and a way to choose an action."""

    @property
    def name(self) -> str:
        """A short label for tables and logs (say ``"mcts"``)."""
        ...

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """One of ``game.legal_actions(state)``, for ``player``, who must decide now."""
        ...


def legal_actions_for(game: Game[Any, Any], state: Any, player: int) -> Sequence[Any]:
    """The legal actions of ``player``, checking that ``player`` really decides now.

    The sequence is the game's own, not a copy: a game may list its actions lazily, so that
    drawing one at random does not build them all. Do not mutate it.

    Raises :class:`~boardkit.errors.GameOverError` when the game is over,
    :class:`~boardkit.errors.NotStartedError` for a state before the setup, where nobody decides
    yet (such as :attr:`boardkit.Match.start_state`),
    :class:`~boardkit.errors.NotYourDecisionError` when another seat decides, and
    :class:`~boardkit.errors.GameDefinitionError` when the game offers the deciding player no
    action at all.
    """
    flow = state.flow
    if flow.owed:
        who = None if flow.ended else flow.owed[0].player
    else:
        who = None if flow.ended else flow.active
    if who != player:
        if who is None:
            raise GameOverError() if flow.ended else NotStartedError()
        raise NotYourDecisionError(player, who)
    actions = game.legal_actions(state)
    if not actions:
        raise GameDefinitionError(f"{game.name}: seat {player} must decide but has no legal action")
    return actions


def check_positive_int(owner: str, name: str, value: object) -> int:
    """``value`` if it is an int of at least 1, else a :class:`BotParameterError`."""
    if type(value) is not int or value < 1:
        raise BotParameterError(f"{owner}: {name} must be a positive int, not {value!r}")
    return value


def check_positive_float(owner: str, name: str, value: object) -> float:
    """``value`` as a float if it is a finite number above 0, else a :class:`BotParameterError`."""
    return _check_number(owner, name, value, 0.0, "a number above 0", inclusive=False)


def check_non_negative_float(owner: str, name: str, value: object) -> float:
    """``value`` as a float if it is a finite number of at least 0, else a
    :class:`BotParameterError`."""
    return _check_number(owner, name, value, 0.0, "a number of at least 0", inclusive=True)


def _check_number(
    owner: str, name: str, value: object, low: float, wanted: str, *, inclusive: bool
) -> float:
    if type(value) not in (int, float):
        raise BotParameterError(f"{owner}: {name} must be {wanted}, not {value!r}")
    number = float(value)  # type: ignore[arg-type]
    if not (number >= low if inclusive else number > low):  # also refuses NaN
        raise BotParameterError(f"{owner}: {name} must be {wanted}, not {value!r}")
    if number == math.inf:  # mcts:seconds=inf would think for ever
        raise BotParameterError(f"{owner}: {name} must be a finite number, not {value!r}")
    return number


def sample_actions(actions: Sequence[Any], limit: int, rng: Rng) -> list[Any]:
    """``actions`` if there are at most ``limit`` of them, else ``limit`` drawn at random."""
    if len(actions) <= limit:
        return list(actions)
    pool = list(actions)
    # a partial Fisher-Yates shuffle: only the first ``limit`` places are drawn
    for i in range(limit):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:limit]


def parse_bot_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"name"`` or ``"name:key=value:key=value"`` as a name and typed parameters.

    Values are read as int, then float, then ``true``/``false``/``none``, else kept as text:
    ``parse_bot_spec("mcts:iterations=200:seconds=0.5")`` gives
    ``("mcts", {"iterations": 200, "seconds": 0.5})``.
    """
    name, *pairs = spec.strip().split(":")
    name = name.strip()
    if not name:
        raise BotParameterError(f"a bot spec needs a name, not {spec!r}")
    params: dict[str, object] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BotParameterError(
                f"bot parameters are written key=value, not {pair!r} (in {spec!r})"
            )
        if key in params:
            raise BotParameterError(f"bot parameter {key!r} is given twice in {spec!r}")
        params[key] = _typed(raw.strip())
    return name, params


def _typed(raw: str) -> object:
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    return raw
