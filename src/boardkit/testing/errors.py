"""The one error the conformance kit raises, and the place every one of its messages names.

A kit failure is only useful if it can be reproduced, so every message starts with the same
prefix (:func:`place`): the game, its configuration (the number of players and every option)
and the seed, then the entry where one applies (``nim players=2 options={'stones': 15,
'max_take': 3} seed=7 entry 4: ...``). :func:`reporting` holds a check to it: whatever the game
raises inside (a bare ``KeyError`` from a reducer, an ``InvalidPositionError`` from its
notation) comes out as a :class:`ConformanceError` with that prefix, chained to the original.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from boardkit.options import Config


class ConformanceError(AssertionError):
    """A game broke the boardkit contract; the message says how and where."""


def place(game: str, config: Config) -> str:
    """The prefix of every message of the kit: ``game`` (its name), the configuration and the
    seed of ``config``, as ``khan players=3 options={...} seed=12``."""
    return f"{game} players={config.players} options={dict(config.options)} seed={config.seed}"


@contextmanager
def reporting(where: str, now: Callable[[], str]) -> Iterator[None]:
    """Let no failure of the block leave without naming where it happened.

    ``where`` is the block's :func:`place`; ``now()`` says where the block has got to (the
    place, and the entry or the stage of the check). A :class:`ConformanceError` that already
    starts with ``where`` passes unchanged; one that does not is given ``now()`` as its
    prefix; any other exception becomes a :class:`ConformanceError` that names ``now()``, its
    type and its message, chained to it (``raise ... from``) so its traceback stays.
    """
    try:
        yield
    except ConformanceError as exc:
        if str(exc).startswith(where):
            raise
        raise ConformanceError(f"{now()}: {exc}") from exc
    except Exception as exc:
        raise ConformanceError(f"{now()}: {type(exc).__name__}: {exc}") from exc
