"""The list of one position's legal actions, and the rule for two students together.

:func:`boardkit_shangrila.rules.legality.legal` decides a position (the spaces for a set-up
master or a new master, the masters that can take a student, the journeys) and hands the
decision to :class:`LegalActions`, the sequence every front end, bot and adapter reads: it knows
its length at once and builds an action only when asked for it (a mid-game position can offer a
few hundred pairs of students, and a random player needs just one of them). The actions it hands
out are shared objects, one per distinct action, so that checking a listed action can find it
by identity (:data:`SHARED_SPACES`).

Which two eligible masters may take a student together (S-A2: not two of a guild the colour
has one tile of left) is :func:`pair_allowed` and :func:`pair_count`: the listing makes its
pairs by that rule, and :mod:`boardkit_shangrila.rules.checks` checks a given pair by it.

This module reads only the board, the components and the action classes: the legality module
above it builds listings, and nothing here decides a position.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final, overload

from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT, GUILDS


def _guilds_pair_allowed(ga: int, gb: int, single: int) -> bool:
    """The guild part of :func:`pair_allowed`: two students of guilds ``ga`` and ``gb``."""
    return ga != gb or not single >> ga & 1


_PAIR_RULES: Final[tuple[int, ...]] = tuple(
    sum(
        1 << (ga * GUILD_COUNT + gb)
        for ga in range(GUILD_COUNT)
        for gb in range(GUILD_COUNT)
        if _guilds_pair_allowed(ga, gb, single)
    )
    for single in range(1 << GUILD_COUNT)
)
""":func:`_guilds_pair_allowed` as a table: for each ``single`` mask, bit ``ga * 7 + gb``
(the listing reads it for every pair it makes, without a call)."""


def pair_allowed(a: int, b: int, single: int) -> bool:
    """Whether students on two eligible masters, spaces ``a`` and ``b``, may be recruited
    together (S-A2): two masters, not one twice, and not two of one guild when the colour has
    one tile of it left (``single``: those guilds, as a mask)."""
    return a != b and bool(
        _PAIR_RULES[single] >> (a % GUILD_COUNT * GUILD_COUNT + b % GUILD_COUNT) & 1
    )


def pair_count(recruit: Sequence[int], single: int) -> int:
    """How many pairs of the eligible masters ``recruit`` (distinct space indices)
    :func:`pair_allowed` allows, counted without listing them: any two, less the pairs of one
    guild of which one tile is left."""
    k = len(recruit)
    if k < 2:
        return 0
    count = k * (k - 1) // 2
    if single:
        guilds = [i % GUILD_COUNT for i in recruit]
        for g in _GUILDS_IN[single]:  # of which one tile is left: most often one or two
            n = guilds.count(g)
            count -= n * (n - 1) // 2
    return count


_GUILDS_IN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(g for g in range(GUILD_COUNT) if mask >> g & 1) for mask in range(1 << GUILD_COUNT)
)
"""The guilds of a 7-bit guild mask."""


# --- shared action objects --------------------------------------------------------------------
#
# Actions are frozen values, so one object per distinct action serves every position: listing
# the legal actions hands out these objects instead of building (and, for recruitments,
# converting) new ones. Pairs of students are made on first use (4,095 possible pairs).

_SETUP_ACTIONS: Final[tuple[PlaceSetupMaster, ...]] = tuple(
    PlaceSetupMaster(i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_PLACE_ACTIONS: Final[tuple[PlaceMaster, ...]] = tuple(
    PlaceMaster(i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_SINGLE_ACTIONS: Final[tuple[RecruitStudents, ...]] = tuple(
    RecruitStudents(((i // GUILD_COUNT, GUILDS[i % GUILD_COUNT]),))
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_PAIR_ACTIONS: Final[list[RecruitStudents | None]] = [None] * (VILLAGE_COUNT * GUILD_COUNT) ** 2
_JOURNEY_ACTIONS: Final[dict[tuple[int, int], Journey]] = {
    (v, w): Journey(v, w) for v in range(VILLAGE_COUNT) for w, _ in ROUTES[v]
}
_PASS: Final = Pass()
SHARED_SPACES: Final[dict[int, tuple[int, ...]]] = {
    id(a): (i,) for i, a in enumerate(_SINGLE_ACTIONS)
}
"""The spaces of each shared recruitment, by the object's identity (shared objects live as long
as this module, so their ids are never reused): checking one of them need not read its fields."""


def _pair_action(a: int, b: int) -> RecruitStudents:
    """The shared action for students on spaces ``a < b``."""
    key = a * (VILLAGE_COUNT * GUILD_COUNT) + b
    action = _PAIR_ACTIONS[key]
    if action is None:
        va, ga = divmod(a, GUILD_COUNT)
        vb, gb = divmod(b, GUILD_COUNT)
        action = _PAIR_ACTIONS[key] = RecruitStudents(((va, GUILDS[ga]), (vb, GUILDS[gb])))
        SHARED_SPACES[id(action)] = (a, b)
    return action


class LegalActions(Sequence[Action]):
    """The legal actions of one position, built lazily; order: set-up masters, masters,
    student recruitments, journeys (each by village, then guild) — or a lone :class:`Pass`."""

    __slots__ = (
        "_journeys",
        "_n",
        "_n_pairs",
        "_n_recruit",
        "_pairs",
        "_place",
        "_recruit",
        "_setup",
        "_single",
        "_singles",
    )

    def __init__(
        self,
        setup: list[int],
        place: list[int],
        recruit: list[int],
        single: int,
        journeys: list[tuple[int, int]],
    ) -> None:
        self._setup = setup
        self._place = place
        self._recruit = recruit
        self._single = single
        self._journeys = journeys
        k = len(recruit)
        if k < 2:
            pairs = 0
        elif single:
            pairs = pair_count(recruit, single)
        else:
            pairs = k * (k - 1) // 2
        self._n_pairs = pairs
        self._singles = pairs == 0
        self._pairs: list[tuple[int, int]] | None = None
        self._n_recruit = pairs or k
        self._n = len(setup) + len(place) + self._n_recruit + len(journeys)

    def __len__(self) -> int:
        return self._n or 1

    @property
    def must_pass(self) -> bool:
        """Whether passing is the only thing left (S-P1)."""
        return self._n == 0

    @property
    def setup_spaces(self) -> Sequence[int]:
        """The spaces (``village * 7 + guild``) of the legal set-up masters, in order."""
        return self._setup

    @property
    def place_spaces(self) -> Sequence[int]:
        """The spaces of the legal new masters (S-A1), in order."""
        return self._place

    @property
    def student_spaces(self) -> Sequence[Sequence[int]]:
        """The spaces of the legal recruitments (S-A2), in order: one space each, or two."""
        if self._singles:
            return [(i,) for i in self._recruit]
        return self._pair_list()

    @property
    def journeys(self) -> Sequence[tuple[int, int]]:
        """The legal journeys ``(source, destination)`` (S-A3), in order."""
        return self._journeys

    def _pair_list(self) -> list[tuple[int, int]]:
        if self._pairs is None:
            single = self._single
            if single:
                rule = _PAIR_RULES[single]  # pair_allowed's table; a != b here
                self._pairs = [
                    (a, b)
                    for a, b in combinations(self._recruit, 2)
                    if rule >> (a % GUILD_COUNT * GUILD_COUNT + b % GUILD_COUNT) & 1
                ]
            else:
                self._pairs = list(combinations(self._recruit, 2))
        return self._pairs

    def _pair(self, i: int) -> RecruitStudents:
        """The ``i``-th allowed pair, in the order of ``combinations``, worked out directly (no
        list of all pairs is built for one draw): the first master's partners are counted
        master by master, less the later ones of its guild where two of that guild may not
        go together."""
        if self._pairs is not None:
            return _pair_action(*self._pairs[i])
        recruit = self._recruit
        k = len(recruit)
        if self._n_pairs == k * (k - 1) // 2:  # every pair allowed
            a = 0
            rest = k - 1
            while i >= rest:
                i -= rest
                a += 1
                rest -= 1
            return _pair_action(recruit[a], recruit[a + 1 + i])
        single = self._single
        later = [0] * GUILD_COUNT  # masters of each guild after the first one
        for b in recruit:
            later[b % GUILD_COUNT] += 1
        for at, a in enumerate(recruit):
            g = a % GUILD_COUNT
            later[g] -= 1
            barred = later[g] if single >> g & 1 else 0
            partners = k - 1 - at - barred
            if i >= partners:
                i -= partners
                continue
            for b in recruit[at + 1 :]:
                if barred and b % GUILD_COUNT == g:
                    continue
                if i == 0:
                    return _pair_action(a, b)
                i -= 1
        raise IndexError("pair index out of range")

    def _build(self, i: int) -> Action:
        if self._n == 0:
            return _PASS
        setup = self._setup
        if i < len(setup):
            return _SETUP_ACTIONS[setup[i]]
        i -= len(setup)
        place = self._place
        if i < len(place):
            return _PLACE_ACTIONS[place[i]]
        i -= len(place)
        if i < self._n_recruit:
            return _SINGLE_ACTIONS[self._recruit[i]] if self._singles else self._pair(i)
        return _JOURNEY_ACTIONS[self._journeys[i - self._n_recruit]]

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        n = self._n or 1
        if type(index) is not int:
            if isinstance(index, slice):
                return [self._build(i) for i in range(*index.indices(n))]
            index = operator.index(index)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("legal action index out of range")
        return self._build(index)

    def __iter__(self) -> Iterator[Action]:
        if self._n == 0:
            yield _PASS
            return
        setup, place = _SETUP_ACTIONS, _PLACE_ACTIONS
        for i in self._setup:
            yield setup[i]
        for i in self._place:
            yield place[i]
        if self._singles:
            singles = _SINGLE_ACTIONS
            for i in self._recruit:
                yield singles[i]
        else:
            pairs, width = _PAIR_ACTIONS, VILLAGE_COUNT * GUILD_COUNT
            for a, b in self._pair_list():
                yield pairs[a * width + b] or _pair_action(a, b)
        journeys = _JOURNEY_ACTIONS
        for key in self._journeys:
            yield journeys[key]

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"
