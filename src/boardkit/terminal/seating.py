"""Who sits at a terminal play session's table: seat kinds (a person or a bot), the seats made
from them, and the seat colours in the language shown.

A seat kind is ``"human"`` or a bot spec of :mod:`boardkit.bots` (``"random"``, ``"greedy"``,
``"mcts:iterations=200"``); a resumed game keeps the kinds its log records unless new ones are
given.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from boardkit.bots.registry import bot_from_spec
from boardkit.errors import BoardkitError, InvalidOptionsError, shorten
from boardkit.i18n import N_, language, translations
from boardkit.present.voice import count_of
from boardkit.runner.seats import Chooser

HUMAN = "human"
"""The seat kind of a person at the keyboard."""

RANDOM = "random"
"""The built-in bot: uniform among the legal actions."""


COLOUR_WORDS: tuple[str, ...] = (N_("red"), N_("blue"), N_("green"), N_("yellow"))
COLOUR_WORDS += (N_("magenta"), N_("cyan"), N_("violet"))
"""The seat colours people read (:data:`boardkit.game.DEFAULT_COLOURS`, Khan's and
Shangrila's), translated where they are shown: a colour a catalogue lacks reads as the game
names it."""


def colour_word(colour: str) -> str:
    """A seat colour in the language shown ("red" reads "rot" in German); looked up, not
    formatted, since a game's colour is any text."""
    return translations("boardkit", language()).gettext(colour)


def make_chooser(kind: str) -> Chooser | None:
    """The bot for seat kind ``kind``; ``None`` for a human seat.

    ``kind`` is any bot spec :func:`boardkit.bots.bot_from_spec` reads (``"random"``,
    ``"greedy"``, ``"mcts:iterations=200"``). Unknown kinds raise
    :class:`~boardkit.errors.InvalidOptionsError` naming what works.
    """
    spec = kind.strip()
    if spec.lower() == HUMAN:
        return None
    try:
        return bot_from_spec(spec)
    except BoardkitError as exc:
        raise InvalidOptionsError(f"seat {shorten(kind)}: {exc} (or human, for a person)") from None
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidOptionsError(
            f"seat {shorten(kind)} is not a bot this boardkit knows ({exc})"
        ) from None


@frozen
class Seat:
    """One player at the table: display name, seat kind and the bot (``None`` for a human)."""

    name: str
    kind: str
    chooser: Chooser | None

    @property
    def is_human(self) -> bool:
        """Whether a person decides for this seat."""
        return self.chooser is None


def bot_name(kind: str) -> str:
    """A seat kind as the intro names it: a bot spec by its bot's name alone (``mcts``, not
    ``mcts:iterations=40:…``), so that the intro stays short."""
    return kind.split(":", 1)[0]


def make_seats(names: Sequence[str], kinds: Sequence[str]) -> tuple[Seat, ...]:
    """Seats for ``names``; ``kinds`` may be shorter (default: seat 0 human, the rest random)."""
    if len(kinds) > len(names):
        raise InvalidOptionsError(
            f"{count_of(len(kinds), 'seat kind')} given for {count_of(len(names), 'player')}; "
            "give at most one per player"
        )
    defaults = [HUMAN if i == 0 and not kinds else RANDOM for i in range(len(names))]
    filled = [*kinds, *defaults[len(kinds) :]]
    seats = []
    for name, kind in zip(names, filled, strict=True):
        chooser = make_chooser(kind)
        seats.append(Seat(name, HUMAN if chooser is None else kind.strip(), chooser))
    return tuple(seats)


def resumed_kinds(recorded: Sequence[str] | None, given: Sequence[str]) -> list[str]:
    """The seat kinds of a resumed game: the ``given`` kinds (``--seat``) replace the recorded
    ones seat by seat from seat 0, and the seats they do not reach keep the kind the log
    records (its header's ``seats``); a log that records none leaves the defaults."""
    if recorded is None:
        return list(given)
    return [*given, *recorded[len(given) :]]
