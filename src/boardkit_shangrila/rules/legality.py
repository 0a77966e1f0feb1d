"""The rules of play: which actions are legal.

This is the one place that knows the rules:

- :func:`setup_info` decides the placement phase (S-S3, S-S2): the legal spaces of each
  village, as a guild mask; :func:`main_info` decides the three actions (S-A1, S-A2, S-A3,
  S-A3e): the spaces for a new master, the masters that can take a student and the journeys,
  as lists, with :func:`pair_allowed` for two students together. Both read the guild masks of
  :mod:`boardkit_shangrila.rules.masks` and are remembered for the last state asked about;
- :func:`legal` lists the legal actions from them (:class:`LegalActions`), and
  :func:`boardkit_shangrila.encoding.legal_mask` sets the research mask from that listing;
- ``verify_<kind>`` (:func:`verify_setup_master`, :func:`verify_place_master`,
  :func:`verify_recruitment`, :func:`verify_journey`, :func:`verify_pass`; :func:`verify`
  picks one) accepts an action exactly when that decision holds it, and otherwise raises
  :class:`~boardkit.errors.IllegalActionError` naming the clause broken. In a position just
  listed each looks its action up in the decision; in any other (a replay checks actions in
  positions nobody listed, where working out the whole decision would cost more than the
  step) it applies the decision's own clauses to that space or journey alone, and asks the
  decision itself where the answer depends on the whole board. Working out *which* clause
  (the ``*_refusal`` functions of :mod:`boardkit_shangrila.rules.reasons`, which also word it
  for the reader) runs only for a refused action: it explains a refusal and never decides
  one. :func:`refusal` gives the same answer as a value.

So the listing and the mask read the one decision, and the refusals the decision or its
clauses; the property tests check both ways of the refusals against the listing, on every
action of the action index and on malformed ones.

What a legal action then does, its events, is :mod:`boardkit_shangrila.rules.effects`.

Legal-action lists are :class:`LegalActions`: a sequence that knows its length at once and builds
an action object only when asked for it (a mid-game position can offer a few hundred pairs of
students, and a random player needs just one of them).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any, overload

from boardkit.errors import IllegalActionError
from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT, GUILD_INDEX, GUILDS, Guild

# What a legal action does moved to .effects; its two functions are also importable from here
# (this module is compiled, so no module ``__getattr__`` can warn about them).
from boardkit_shangrila.rules.effects import action_events as action_events
from boardkit_shangrila.rules.effects import journey_events as journey_events
from boardkit_shangrila.rules.masks import (
    ALONE,
    FULL,
    PRESENT,
    SINGLE,
    STOCKED,
    STUDENTS,
    TAUGHT,
    Masks,
    masks_of,
)
from boardkit_shangrila.rules.reasons import (
    Refusal,
    journey_refusal,
    not_an_action,
    pass_refusal,
    phase_refusal,
    place_refusal,
    recruit_refusal,
    setup_refusal,
)
from boardkit_shangrila.rules.state import MAIN, PLACEMENT, ShangrilaState


def placement_limits(colours: int) -> tuple[int, int]:
    """Most tiles in one village, and most of one colour there, during placement (S-S3)."""
    return (3, 2) if colours == 4 else (2, 1)


# --- generating -------------------------------------------------------------------------------
#
# Generation reads the state's guild masks (:mod:`boardkit_shangrila.rules.masks`: per village,
# which spaces are empty and which hold a colour's master alone or with a student; per colour, which
# guilds it has in supply), a few ints per village, kept up to date by the reducer. Targets are
# space indices ``village * 7 + guild``; ``_SPACES_OF[v][mask]`` turns a guild mask into them.

_SPACES_OF: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(v * GUILD_COUNT + g for g in range(GUILD_COUNT) if mask >> g & 1)
        for mask in range(1 << GUILD_COUNT)
    )
    for v in range(VILLAGE_COUNT)
)


_POPCOUNT: tuple[int, ...] = tuple(mask.bit_count() for mask in range(1 << GUILD_COUNT))
"""Set bits of each 7-bit guild mask."""

_LOW_VILLAGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in range(7) if mask >> v & 1) for mask in range(1 << 7)
)
"""Villages 0-6 of a village mask's low seven bits."""
_HIGH_VILLAGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(7 + v for v in range(VILLAGE_COUNT - 7) if mask >> v & 1)
    for mask in range(1 << (VILLAGE_COUNT - 7))
)
"""Villages 7-12 of a village mask shifted right by seven."""


# The listing and the research mask of one position read the same decision: the set-up info,
# or the main-phase info. A one-entry memo keyed by the state's identity (states are
# immutable, so the same object always gives the same answer) lets a check of the chosen
# action reuse what the listing computed (a position nobody listed has its action tested
# alone; see "Checking one action" below). The main phase's info is also kept for the last
# RECENT_STATES positions listed, by identity: where many matches are played in turns (a
# server's matches, a batched environment's games), a position is listed again with other
# positions listed in between. The memos keep at most RECENT_STATES + 2 states alive.

RECENT_STATES = 256
"""Positions whose main-phase info is kept (a server's or a batched environment's matches)."""

SetupInfo = tuple[int, int, list[int]]
""":func:`setup_info`: ``(guilds still to place, stuck guilds, legal guild mask per village)``."""

MainInfo = tuple[list[int], list[int], list[tuple[int, int]], int]
""":func:`main_info`: ``(place, recruit, journeys, single)``."""

_SETUP_MEMO: tuple[object, int, SetupInfo] = (None, -1, (0, 0, []))
_MAIN_MEMO: tuple[object, int, MainInfo] = (None, -1, ([], [], [], 0))
_MAIN_RECENT: dict[int, tuple[object, int, MainInfo]] = {}


def setup_info(state: ShangrilaState, colour: int) -> SetupInfo:
    """The placement phase's rules for ``colour`` (S-S3, S-S2), remembered for the last state
    asked about: ``(guilds still to place, stuck guilds, legal)``, where ``legal[v]`` is the
    guild mask of the spaces of village ``v`` where ``colour`` may place a set-up master now.

    A guild still to place is one of which the colour has all six tiles in supply. A village
    with a Stone of the Wise is out of play (S-S2). A village in play is within the limits
    while it holds fewer tiles than the village limit and fewer masters of ``colour`` than the
    colour limit (:func:`placement_limits`). A guild goes to a free space of its guild in a
    village within the limits; a *stuck* guild, one with no such space anywhere, goes to any
    free space of its guild in a village in play (the revised S-S3; see :func:`setup_targets`
    for why a colour never has to pass)."""
    global _SETUP_MEMO
    memo = _SETUP_MEMO
    if memo[0] is state and memo[1] == colour:
        return memo[2]
    m = masks_of(state.spaces, state.supply)
    guilds = m[FULL + colour]
    legal = [0] * VILLAGE_COUNT
    if guilds:
        village_limit, colour_limit = placement_limits(state.colours)
        stones = state.stones
        alone = ALONE + colour * VILLAGE_COUNT
        pop = _POPCOUNT
        outside: list[int] = []  # villages in play beyond the limits
        reachable = 0
        for v in range(VILLAGE_COUNT):
            if stones >> v & 1:
                continue
            free = m[v] & guilds
            # masters, and any students on them (none in a game's own placement phase)
            if (
                GUILD_COUNT - pop[m[v]] + pop[m[STUDENTS + v]] < village_limit
                and pop[m[alone + v]] < colour_limit
            ):
                reachable |= free
                legal[v] = free
            else:
                outside.append(v)
        stuck = guilds & ~reachable
        if stuck:
            for v in outside:
                legal[v] = m[v] & stuck
    else:
        stuck = 0
    info = (guilds, stuck, legal)
    _SETUP_MEMO = (state, colour, info)
    return info


def setup_guilds(state: ShangrilaState, colour: int) -> int:
    """Guilds (a 7-bit mask) ``colour`` still has to place in the placement phase (S-S3): those
    of which it has all six tiles in supply."""
    return masks_of(state.spaces, state.supply)[FULL + colour]


def relaxed_guilds(state: ShangrilaState, colour: int) -> int:
    """Guilds (a 7-bit mask) that ``colour`` may place ignoring the per-village limits (S-S3).

    The revised S-S3: a guild the colour still has to place but for which no village within
    the limits has a free space of that guild is *stuck*; its master may go to any free space
    of its guild in a village in play. The relaxation is per guild: the colour's other guilds
    keep the limits, and a stuck guild stays stuck (placements only fill spaces and villages).
    It never arises with four colours (see :func:`setup_targets`).
    """
    return setup_info(state, colour)[1]


def setup_targets(state: ShangrilaState, colour: int) -> list[int]:
    """Spaces (``village * 7 + guild``) where ``colour`` may place a set-up master now
    (S-S3, S-S2): the spaces of :func:`setup_info`.

    Why a colour never has to pass during placement (by induction over its turns): it has seven
    placement turns and has placed a master on each earlier one, so on each of its turns it
    still needs at least one guild ``g``. Every colour places ``g`` at
    most once in the phase, so at most ``colours - 1`` spaces of ``g`` are taken when it is
    this colour's turn; the villages in play (12 with three colours, 13 with four) each have a
    space of ``g``, so at least 10 are free. If one of them lies within the limits, ``g`` may go
    there; if none does, ``g`` is relaxed and may go to any of them. So every needed guild has a
    target, and after ``7 * colours`` turns every colour has placed one master of each guild.

    With four colours the limits (3 tiles, 2 of a colour) never leave a guild stuck, so the
    relaxation only ever applies with three. At most 27 tiles lie on the board before a
    colour's placement. Say ``k <= 3`` spaces of ``g`` are taken (one tile each); each of the
    other ``13 - k`` villages must be blocked, by 3 tiles or by 2 of the colour, and the colour
    has placed at most 6 tiles, so at most ``a <= 3`` villages are blocked by 2. That takes at
    least ``k + 2 * a + 3 * (13 - k - a) = 39 - 2 * k - a >= 30`` tiles: more than 27.
    """
    out: list[int] = []
    spaces_of = _SPACES_OF
    for v, mask in enumerate(setup_info(state, colour)[2]):
        if mask:
            out += spaces_of[v][mask]
    return out


def main_targets(
    state: ShangrilaState, colour: int
) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """For ``colour``: spaces for a new master (S-A1), own masters that can take a student
    (S-A2), and possible journeys ``(source, destination)`` (S-A3), skipping stone villages
    (S-A3e). Spaces are ``village * 7 + guild``.

    The lists are remembered for the last state asked about and handed out again for it:
    callers read them and never change them."""
    place, recruit, journeys, _ = main_info(state, colour)
    return place, recruit, journeys


def main_info(state: ShangrilaState, colour: int) -> MainInfo:
    """The main phase's rules for ``colour``, remembered for the last state asked about.

    Only villages in play (no Stone of the Wise, S-A3e) where the colour has a master count:

    - S-A1: a master may go on an empty space of a guild the colour has in supply;
    - S-A2: a student may go on an own master without a student, of a guild in supply; two
      students of one guild need two tiles of it (``single``: the guilds, a mask, of which the
      colour has exactly one, see :func:`pair_allowed`), and one student alone is allowed only
      when no two can be recruited;
    - S-A3: the students of a village where the colour has one may travel over an intact
      bridge to a neighbour in play.

    Returned as ``(place, recruit, journeys, single)``: the spaces (``village * 7 + guild``)
    of new masters and of masters that can take a student, and the journeys ``(source,
    destination)``, in listing order (by village, then guild or neighbour); ``single`` is the
    mask of the pair rule. Checking the action chosen from a listing looks it up in these
    lists (a few dozen small ints or pairs, compared in C); an action in a position nobody
    listed is tested alone (see "Checking one action" below)."""
    global _MAIN_MEMO
    last = _MAIN_MEMO
    if last[0] is state and last[1] == colour:
        return last[2]
    recent = _MAIN_RECENT.get(id(state))
    if recent is not None and recent[0] is state and recent[1] == colour:
        _MAIN_MEMO = recent
        return recent[2]
    m = masks_of(state.spaces, state.supply)
    stocked = m[STOCKED + colour]
    alone = ALONE + colour * VILLAGE_COUNT
    taught = TAUGHT + colour * VILLAGE_COUNT
    bridges = state.bridges
    stones = state.stones
    spaces_of = _SPACES_OF
    place: list[int] = []
    recruit: list[int] = []
    journeys: list[tuple[int, int]] = []
    here = m[PRESENT + colour] & ~stones  # villages in play where the colour has a master
    for v in _LOW_VILLAGES[here & 127] + _HIGH_VILLAGES[here >> 7]:
        if stocked:
            free = m[v] & stocked
            if free:
                place += spaces_of[v][free]
            mine = m[alone + v] & stocked
            if mine:
                recruit += spaces_of[v][mine]
        if m[taught + v]:
            for w, p in ROUTES[v]:
                if bridges >> p & 1 and not stones >> w & 1:
                    journeys.append((v, w))
    info = (place, recruit, journeys, m[SINGLE + colour])
    _MAIN_MEMO = (state, colour, info)
    if len(_MAIN_RECENT) >= RECENT_STATES:
        del _MAIN_RECENT[next(iter(_MAIN_RECENT))]  # the oldest
    _MAIN_RECENT[id(state)] = _MAIN_MEMO
    return info


def _guilds_pair_allowed(ga: int, gb: int, single: int) -> bool:
    """The guild part of :func:`pair_allowed`: two students of guilds ``ga`` and ``gb``."""
    return ga != gb or not single >> ga & 1


_PAIR_RULES: tuple[int, ...] = tuple(
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
        per_guild = [0] * GUILD_COUNT
        for i in recruit:
            per_guild[i % GUILD_COUNT] += 1
        for g, n in enumerate(per_guild):
            if n > 1 and single >> g & 1:
                count -= n * (n - 1) // 2
    return count


# --- shared action objects --------------------------------------------------------------------
#
# Actions are frozen values, so one object per distinct action serves every position: listing
# the legal actions hands out these objects instead of building (and, for recruitments,
# converting) new ones. Pairs of students are made on first use (4,095 possible pairs).

_SETUP_ACTIONS: tuple[PlaceSetupMaster, ...] = tuple(
    PlaceSetupMaster(i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_PLACE_ACTIONS: tuple[PlaceMaster, ...] = tuple(
    PlaceMaster(i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_SINGLE_ACTIONS: tuple[RecruitStudents, ...] = tuple(
    RecruitStudents(((i // GUILD_COUNT, GUILDS[i % GUILD_COUNT]),))
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_PAIR_ACTIONS: list[RecruitStudents | None] = [None] * (VILLAGE_COUNT * GUILD_COUNT) ** 2
_JOURNEY_ACTIONS: dict[tuple[int, int], Journey] = {
    (v, w): Journey(v, w) for v in range(VILLAGE_COUNT) for w, _ in ROUTES[v]
}
_PASS = Pass()
_SHARED_SPACES: dict[int, tuple[int, ...]] = {id(a): (i,) for i, a in enumerate(_SINGLE_ACTIONS)}
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
        _SHARED_SPACES[id(action)] = (a, b)
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
        """The ``i``-th pair, in the order of ``combinations``; worked out directly when every
        pair is allowed (no list of all pairs is built for one draw)."""
        recruit = self._recruit
        k = len(recruit)
        if self._pairs is None and self._n_pairs == k * (k - 1) // 2:
            a = 0
            rest = k - 1
            while i >= rest:
                i -= rest
                a += 1
                rest -= 1
            return _pair_action(recruit[a], recruit[a + 1 + i])
        return _pair_action(*self._pair_list()[i])

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


def legal(state: ShangrilaState, colour: int) -> LegalActions:
    """Every legal action of ``colour`` now (the colour to move)."""
    if state.flow.phase == PLACEMENT:
        return LegalActions(setup_targets(state, colour), [], [], 0, [])
    place, recruit, journeys, single = main_info(state, colour)
    return LegalActions([], place, recruit, single, journeys)


def can_act(state: ShangrilaState, colour: int) -> bool:
    """Whether ``colour`` has any action other than passing (S-P1)."""
    return not legal(state, colour).must_pass


# --- refusing ---------------------------------------------------------------------------------
#
# Checking one action. Where a player or a bot chose from the listing, the decision for the
# position is in the memo, and the verifier looks the action up there. A replay checks each
# logged action in a position nobody listed, where working out the whole decision (every
# space, master and journey of the colour) to look one action up was the largest single cost
# of verifying a log; there the verifier tests its one action against the state's guild
# masks, with the clauses setup_info and main_info apply village by village, written for one
# space or journey. Where the answer depends on the whole board (a stuck guild during
# placement, one student alone, a pass) it asks the decision itself. The property tests check
# both ways against the listing, on every action of the action index and on malformed ones
# (tests/shangrila/rules/test_shangrila_properties.py).

_ROUTE_PATHS: dict[tuple[int, int], int] = {
    (v, w): path for v in range(VILLAGE_COUNT) for w, path in ROUTES[v]
}
"""The path (its bit in a bridge mask) of each journey ``(source, destination)`` between
neighbours."""


def verify_setup_master(state: ShangrilaState, colour: int, action: PlaceSetupMaster) -> None:
    """Accept a set-up master of ``colour`` exactly when :func:`setup_info` holds its space;
    otherwise raise :class:`~boardkit.errors.IllegalActionError` naming the clause (S-S3,
    S-S2, S-C1, S-C2).

    Unless the position was just listed, the space is tested alone (see "Checking one action"
    above): a free space of a guild still to place, in a village in play within the limits,
    is legal whatever the rest of the board; only a space outside the limits asks
    :func:`setup_info` whether its guild is stuck."""
    if state.flow.phase != PLACEMENT:
        raise IllegalActionError(*phase_refusal(action))
    sent: Any = action  # its fields as sent, unchecked (see verify_journey)
    v, guild = sent.village, sent.guild
    if type(v) is int and 0 <= v < VILLAGE_COUNT and type(guild) is Guild:
        g = GUILD_INDEX[guild]
        memo = _SETUP_MEMO
        if memo[0] is state and memo[1] == colour:  # just listed
            if memo[2][2][v] >> g & 1:
                return
        else:
            m = masks_of(state.spaces, state.supply)
            if not state.stones >> v & 1 and (m[v] & m[FULL + colour]) >> g & 1:
                village_limit, colour_limit = placement_limits(state.colours)
                pop = _POPCOUNT
                # within the limits, as setup_info tests a village; else only a stuck guild
                if (
                    GUILD_COUNT - pop[m[v]] + pop[m[STUDENTS + v]] < village_limit
                    and pop[m[ALONE + colour * VILLAGE_COUNT + v]] < colour_limit
                ) or setup_info(state, colour)[2][v] >> g & 1:
                    return
    raise IllegalActionError(*setup_refusal(state, colour, action, placement_limits(state.colours)))


def verify_place_master(state: ShangrilaState, colour: int, action: PlaceMaster) -> None:
    """Accept a new master of ``colour`` (action 1) exactly when :func:`main_info` holds its
    space; otherwise raise :class:`~boardkit.errors.IllegalActionError` naming the clause
    (S-A1, S-A3e, S-S3, S-C1, S-C2). Unless the position was just listed, the space is tested
    alone (see "Checking one action" above)."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    sent: Any = action  # its fields as sent, unchecked (see verify_journey)
    v, guild = sent.village, sent.guild
    if type(v) is int and 0 <= v < VILLAGE_COUNT and type(guild) is Guild:
        g = GUILD_INDEX[guild]
        memo = _MAIN_MEMO
        if memo[0] is state and memo[1] == colour:  # just listed
            if v * GUILD_COUNT + g in memo[2][0]:
                return
        else:
            m = masks_of(state.spaces, state.supply)
            # main_info's S-A1: an empty space of a guild in supply, in a village in play
            # where the colour has a master
            if (
                not state.stones >> v & 1
                and m[PRESENT + colour] >> v & 1
                and (m[v] & m[STOCKED + colour]) >> g & 1
            ):
                return
    raise IllegalActionError(*place_refusal(state, colour, action))


def verify_recruitment(state: ShangrilaState, colour: int, action: RecruitStudents) -> None:
    """Accept students of ``colour`` (action 2) exactly when :func:`main_info` holds each
    master and :func:`pair_allowed` the pair, or, for one student, no pair is possible;
    otherwise raise :class:`~boardkit.errors.IllegalActionError` naming the clause (S-A2,
    S-A3e, S-S3, S-C1, S-C2).

    Unless the position was just listed, two students are tested alone (see "Checking one
    action" above); one student alone always asks :func:`main_info`, since whether a pair is
    possible depends on every master."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    spaces = _SHARED_SPACES.get(id(action)) or _recruit_spaces(action)
    memo = _MAIN_MEMO
    listed = memo[0] is state and memo[1] == colour
    if len(spaces) == 2:
        a, b = spaces
        if listed:  # just listed
            eligible = memo[2][1]
            if a in eligible and b in eligible and pair_allowed(a, b, memo[2][3]):
                return
        else:
            m = masks_of(state.spaces, state.supply)
            if (
                _can_teach(state, m, colour, a)
                and _can_teach(state, m, colour, b)
                and pair_allowed(a, b, m[SINGLE + colour])
            ):
                return
    info = memo[2] if listed else main_info(state, colour)
    eligible = info[1]
    pair_possible = bool(pair_count(eligible, info[3]))
    if len(spaces) == 1 and spaces[0] in eligible and not pair_possible:
        return
    raise IllegalActionError(*recruit_refusal(state, colour, action, pair_possible))


def _can_teach(state: ShangrilaState, m: Masks, colour: int, space: int) -> bool:
    """main_info's S-A2 for one space (``village * 7 + guild``, in range): an own master
    without a student, of a guild in supply, in a village in play."""
    v, g = divmod(space, GUILD_COUNT)
    return bool(
        not state.stones >> v & 1
        and m[PRESENT + colour] >> v & 1
        and (m[ALONE + colour * VILLAGE_COUNT + v] & m[STOCKED + colour]) >> g & 1
    )


def _recruit_spaces(action: RecruitStudents) -> tuple[int, ...]:
    """The spaces of a recruitment's one or two placements, or ``()`` when they are no such
    thing (its fields as sent, unchecked; see verify_journey)."""
    sent: Any = action
    placements = sent.placements
    if type(placements) is not tuple or not 1 <= len(placements) <= 2:
        return ()
    spaces = []
    for p in placements:
        if type(p) is not tuple or len(p) != 2:
            return ()
        v, guild = p
        if type(v) is not int or not 0 <= v < VILLAGE_COUNT or type(guild) is not Guild:
            return ()
        spaces.append(v * GUILD_COUNT + GUILD_INDEX[guild])
    return tuple(spaces)


def verify_journey(state: ShangrilaState, colour: int, action: Journey) -> None:
    """Accept a journey of ``colour``'s students (action 3) exactly when :func:`main_info`
    holds it; otherwise raise :class:`~boardkit.errors.IllegalActionError` naming the clause
    (S-A3, S-A3d, S-A3e, S-S2, S-S3, S-C1). Unless the position was just listed, the journey
    is tested alone (see "Checking one action" above)."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    # The fields as sent, typed Any: an action built in Python may hold anything, and the
    # compiled build (docs/performance.md) would otherwise read them as the ints they are
    # declared to be (``True`` as 1), or fail with a bare TypeError, before the checks below.
    sent: Any = action
    s, d = sent.source, sent.destination
    if type(s) is int and type(d) is int:
        memo = _MAIN_MEMO
        if memo[0] is state and memo[1] == colour:  # just listed
            if (s, d) in memo[2][2]:
                return
        else:
            path = _ROUTE_PATHS.get((s, d))  # None unless both are villages and neighbours
            m = masks_of(state.spaces, state.supply)
            stones = state.stones
            # main_info's S-A3: from a village in play where the colour has a student, over
            # an intact bridge, to a neighbour in play
            if (
                path is not None
                and not stones >> s & 1
                and m[PRESENT + colour] >> s & 1
                and m[TAUGHT + colour * VILLAGE_COUNT + s]
                and state.bridges >> path & 1
                and not stones >> d & 1
            ):
                return
    raise IllegalActionError(*journey_refusal(state, colour, action))


def verify_pass(state: ShangrilaState, colour: int, action: Pass) -> None:
    """Accept a pass of ``colour`` exactly when :func:`legal` offers nothing else (S-P1)."""
    if can_act(state, colour):
        raise IllegalActionError(*pass_refusal())


_VERIFIERS: dict[type, Callable[[ShangrilaState, int, Any], None]] = {
    PlaceSetupMaster: verify_setup_master,
    PlaceMaster: verify_place_master,
    RecruitStudents: verify_recruitment,
    Journey: verify_journey,
    Pass: verify_pass,
}
"""The check of each kind of action."""


def verify(state: ShangrilaState, colour: int, action: object) -> None:
    """Accept ``action`` by ``colour`` now, or raise :class:`~boardkit.errors.IllegalActionError`
    naming the clause that refuses it (the ``verify_<kind>`` of its kind)."""
    check = _VERIFIERS.get(type(action))
    if check is None:
        raise IllegalActionError(*not_an_action(action))
    check(state, colour, action)


def refusal(state: ShangrilaState, colour: int, action: object) -> Refusal | None:
    """Why ``colour`` may not play ``action`` now, ``(clause, message)``, or ``None`` when it
    is legal: :func:`verify`'s answer as a value."""
    try:
        verify(state, colour, action)
    except IllegalActionError as error:
        return error.rule, error.reason
    return None
