"""Game options (variants) and the validated configuration a match is set up with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import field, frozen

from boardkit.english import a_or_an, noun_for
from boardkit.errors import (
    GameDefinitionError,
    InvalidOptionsError,
    InvalidPlayerCountError,
    shorten,
    shorten_text,
)
from boardkit.rng import SEED_BITS

OptionValue = bool | int | str
"""The values an option may take: JSON scalars, so that log headers stay plain."""

MAX_SEED = (1 << SEED_BITS) - 1
"""The largest seed: seeds are 128-bit ints (see :mod:`boardkit.rng`)."""

MAX_GAMES = 1_000_000
"""The most games one ``simulate`` or tournament run plays. A run holds a little for every game
(its seed and set-up, its length), so a typing slip such as ``-n 10000000000000`` would fill
the memory before the first game; a bigger run is split into runs whose first seeds follow on
(game ``i`` of a run uses seed ``S + i``), which play exactly the same games."""


@frozen
class Option:
    """One variant switch a game offers: its name, default, allowed values and meaning.

    ``choices`` lists the only values allowed; ``minimum`` and ``maximum`` bound an int option
    (either may be left open). The declaration itself is checked when the game class is
    defined: bounds only on an int option, ``minimum <= default <= maximum``, the default among
    the choices; a broken declaration is a :class:`~boardkit.errors.GameDefinitionError`.

    ``doc`` is for the game's authors and the command line (it may name rule clauses);
    ``label`` and ``help`` are for players choosing a variant in a lobby: a short name and a
    sentence in plain words. Left empty, :attr:`shown_label` is made from ``name`` and
    :attr:`shown_help` is ``doc``. ``multiline`` marks a text option that holds a whole file
    (a board, say), which a form shows as a text area with a file upload rather than a line.
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    help: str = ""
    multiline: bool = False

    def __attrs_post_init__(self) -> None:
        bounded = self.minimum is not None or self.maximum is not None
        if bounded and type(self.default) is not int:
            raise GameDefinitionError(
                f"option {self.name!r}: minimum and maximum bound int options only"
            )
        for limit in (self.minimum, self.maximum):
            if limit is not None and type(limit) is not int:
                raise GameDefinitionError(f"option {self.name!r}: a bound must be an int")
        if self.multiline and type(self.default) is not str:
            raise GameDefinitionError(f"option {self.name!r}: only a text option is multiline")
        if self.choices is not None and self.default not in self.choices:
            raise GameDefinitionError(f"option {self.name!r}: the default is not a choice")
        if bounded and not self._within(self.default):
            raise GameDefinitionError(
                f"option {self.name!r}: the default {self.default!r} is not {self.range_text()}"
            )

    @property
    def shown_label(self) -> str:
        """The option's name for players: ``label``, or ``name`` with spaces for underscores
        and a capital first letter (``ruler_cells`` → ``Ruler cells``)."""
        if self.label:
            return self.label
        words = self.name.replace("_", " ").strip()
        return words[:1].upper() + words[1:]

    @property
    def shown_help(self) -> str:
        """What the option does, for players: ``help``, or ``doc`` when the game gives none."""
        return self.help or self.doc

    def check(self, value: object) -> OptionValue:
        """``value`` if this option accepts it; otherwise an error that says what is allowed."""
        if type(value) is not type(self.default):
            raise InvalidOptionsError(
                f"option {self.name!r} takes {self.kind_text()}, not {shorten(value)}"
                + self._allowed_suffix()
            )
        assert isinstance(value, bool | int | str)
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionsError(
                f"option {self.name!r} cannot be {shorten(value)}" + self._allowed_suffix()
            )
        if not self._within(value):
            raise InvalidOptionsError(
                f"option {self.name!r} must be {self.range_text()}, not {shorten(value)}"
            )
        return value

    def kind_text(self) -> str:
        """What the option takes, in words: ``true or false``, ``an int``, ``text``."""
        if isinstance(self.default, bool):
            return "true or false"
        return a_or_an("int") if isinstance(self.default, int) else "text"

    def range_text(self) -> str:
        """The bounds in words (``from 1 to 1000``, ``at least 1``, ``at most 9``), or ``""``
        for an option without bounds."""
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"from {low} to {high}"
        if low is not None:
            return f"at least {low}"
        return "" if high is None else f"at most {high}"

    def _within(self, value: OptionValue) -> bool:
        if type(value) is not int:
            return True
        low, high = self.minimum, self.maximum
        return (low is None or value >= low) and (high is None or value <= high)

    def _allowed_suffix(self) -> str:
        if self.choices is not None:
            return "; allowed: " + ", ".join(repr(c) for c in self.choices)
        bounds = self.range_text()
        return f"; allowed: {bounds}" if bounds else ""


def _frozen_options(value: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    return dict(sorted(value.items()))


@frozen
class Config:
    """A validated set-up: number of players, every option with its value, and the seed."""

    players: int
    options: dict[str, OptionValue] = field(converter=_frozen_options, factory=dict)
    seed: int = 0
    cap: int | None = None
    """The most log entries the match may have, the setup entry included; ``None``: no cap
    (the game's own bound, :meth:`~boardkit.game.Game.max_entries`, holds). A match that
    reaches its cap before the game ends is over, cut off: its last entry ends with
    :class:`~boardkit.flow.GameTruncated` and its result is truncated. A game without a
    natural bound is always played under a cap (:data:`DEFAULT_CAP` unless one is given)."""

    def option(self, name: str) -> OptionValue:
        """The value of option ``name`` (every declared option is present after validation)."""
        try:
            return self.options[name]
        except KeyError:
            raise InvalidOptionsError(f"no option named {name!r} in this configuration") from None


def resolve_options(
    declared: tuple[Option, ...], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Every declared option with the given value or its default; unknown names are refused,
    and so is ``given`` that is no mapping (a name alone, a number)."""
    try:
        given = dict(given or {})
    except (TypeError, ValueError):
        raise InvalidOptionsError(
            f"options are a mapping of option names to values, not {shorten(given)}"
        ) from None
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name), key=str)  # a name that is no str sorts too
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        named = shorten_text(", ".join(map(str, unknown)), 200)
        word = noun_for(len(unknown), "option")
        raise InvalidOptionsError(f"unknown {word} {named}; known options: {known}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}


MAX_NAME_CHARS = 80
"""The longest player name, in characters: names appear in menus, narration and board legends."""


def seat_names(game: str, counts: tuple[int, ...], players: object) -> tuple[str, ...]:
    """The players' names of a new match of ``game`` (which ``counts`` players may play).

    ``players`` is a number of seats (an int, not a bool; the seats are then named ``player 1``
    …) or a sequence of names. A name is a non-empty string of at most :data:`MAX_NAME_CHARS`
    characters without control characters (a newline or a terminal escape would garble every
    screen it appears on) and not only spaces; names must differ, since a name is how a player
    is told apart. Raises :class:`~boardkit.errors.InvalidPlayerCountError` for a count the game
    does not allow and :class:`~boardkit.errors.InvalidOptionsError` for the rest.
    """
    if (
        type(players) is bool
        or not isinstance(players, int | Sequence)
        or isinstance(players, str | bytes)
    ):
        raise InvalidOptionsError(
            f"players must be a number of seats (an int) or a list of names, not {shorten(players)}"
        )
    count = players if isinstance(players, int) else len(players)
    if count not in counts:
        raise InvalidPlayerCountError(game, count, counts)
    if isinstance(players, int):
        return tuple(f"player {i + 1}" for i in range(players))
    names = tuple(players)
    for name in names:
        _check_name(name)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise InvalidOptionsError(
            f"player names must differ; {', '.join(map(repr, repeated))} is given twice or more"
        )
    return names


def distinct_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` made distinct by numbering repeats as tournament tables do: ``random, random,
    greedy`` → ``random, random#2, greedy`` (for seats named after their bots)."""
    out: list[str] = []
    for name in names:
        label, k = name, 1
        while label in out:
            k += 1
            label = f"{name}#{k}"
        out.append(label)
    return tuple(out)


def _check_name(name: object) -> None:
    if not isinstance(name, str):
        raise InvalidOptionsError(f"a player name is a string, not {shorten(name)}")
    if not name.strip():
        raise InvalidOptionsError(f"a player name cannot be empty or only spaces: {name!r}")
    if len(name) > MAX_NAME_CHARS:
        raise InvalidOptionsError(
            f"a player name has at most {MAX_NAME_CHARS} characters, not {len(name)}: "
            f"{shorten(name)}"
        )
    if any(not ch.isprintable() for ch in name):
        raise InvalidOptionsError(
            f"a player name cannot hold control characters (a newline, a tab): {shorten(name)}"
        )


def check_game_count(n_games: object) -> int:
    """``n_games`` if it is a number of games one run may play: an int from 1 to
    :data:`MAX_GAMES` (a bool is not one); otherwise :class:`InvalidOptionsError`."""
    if type(n_games) is not int or n_games < 1:
        raise InvalidOptionsError(
            f"the number of games must be a positive int, not {shorten(n_games)}"
        )
    if n_games > MAX_GAMES:
        raise InvalidOptionsError(
            f"one run plays at most {MAX_GAMES:,} games, not {shorten(n_games)}; split a "
            "bigger run into runs with consecutive first seeds (game i uses seed S + i)"
        )
    return n_games


DEFAULT_CAP = 1_000
"""The entry cap of a match of a game without a natural bound when none is given: a
thousand log entries, the setup entry included (see :attr:`Config.cap`)."""

MIN_CAP = 2
"""The smallest entry cap: the setup entry and one decision."""


def check_cap(cap: object) -> int | None:
    """``cap`` if it is a usable entry cap: ``None`` (no cap) or an int of at least
    :data:`MIN_CAP` (a bool is not a cap)."""
    if cap is not None and (type(cap) is not int or cap < MIN_CAP):
        raise InvalidOptionsError(
            f"an entry cap must be an int of at least {MIN_CAP} (the setup entry and one "
            f"decision), not {shorten(cap)}"
        )
    return cap


def check_seed(seed: object) -> int:
    """``seed`` if it is a usable seed: an int from 0 to 2**128 - 1 (a bool is not a seed)."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidOptionsError(
            f"seed must be an int from 0 to 2**{SEED_BITS} - 1, not {shorten(seed)}"
        )
    return seed
