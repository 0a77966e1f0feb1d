"""Game options (variants) and the validated configuration a match is set up with."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen

from boardkit.errors import InvalidOptionsError, shorten, shorten_text
from boardkit.rng import SEED_BITS

OptionValue = bool | int | str
"""The values an option may take: JSON scalars, so that log headers stay plain."""

MAX_SEED = (1 << SEED_BITS) - 1
"""The largest seed: seeds are 128-bit ints (see :mod:`boardkit.rng`)."""


@frozen
class Option:
    """One variant switch a game offers: its name, default, allowed values and meaning."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None

    def check(self, value: object) -> OptionValue:
        """``value`` if this option accepts it; otherwise an error that says what is allowed."""
        expected = type(self.default)
        if type(value) is not expected:
            raise InvalidOptionsError(
                f"option {self.name!r} takes a {expected.__name__}, not {shorten(value)}"
                + self._allowed_suffix()
            )
        assert isinstance(value, bool | int | str)
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionsError(
                f"option {self.name!r} cannot be {shorten(value)}" + self._allowed_suffix()
            )
        return value

    def _allowed_suffix(self) -> str:
        if self.choices is None:
            return ""
        return "; allowed: " + ", ".join(repr(c) for c in self.choices)


def _frozen_options(value: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    return dict(sorted(value.items()))


@frozen
class Config:
    """A validated set-up: number of players, every option with its value, and the seed."""

    players: int
    options: dict[str, OptionValue] = field(converter=_frozen_options, factory=dict)
    seed: int = 0

    def option(self, name: str) -> OptionValue:
        """The value of option ``name`` (every declared option is present after validation)."""
        try:
            return self.options[name]
        except KeyError:
            raise InvalidOptionsError(f"no option named {name!r} in this configuration") from None


def resolve_options(
    declared: tuple[Option, ...], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Every declared option with the given value or its default; unknown names are refused."""
    given = dict(given or {})
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        named = shorten_text(", ".join(unknown), 200)
        raise InvalidOptionsError(f"unknown option(s) {named}; known options: {known}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}


def check_seed(seed: object) -> int:
    """``seed`` if it is a usable seed: an int from 0 to 2**128 - 1 (a bool is not a seed)."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidOptionsError(
            f"seed must be an int from 0 to 2**{SEED_BITS} - 1, not {shorten(seed)}"
        )
    return seed
