"""The rules of play: which actions are legal, and what a journey does.

This is the one place that knows the rules. :func:`refusal` says why an action is illegal (the
clause and a message) or ``None``; :func:`legal` lists the legal actions; :func:`action_events`
turns a legal action into events. The generators below are written for speed, the refusal
checks for clear messages; a test plays every candidate action of many random states through
both and demands they agree, so they cannot drift apart.

Legal-action lists are :class:`LegalActions`: a sequence that knows its length at once and builds
an action object only when asked for it (a mid-game position can offer a few hundred pairs of
students, and a random player needs just one of them).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, overload

from boardkit.present.voice import a_or_an, count_of
from boardkit_shangrila.actions import (
    Action,
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.board import INCIDENT, RED_VILLAGE, ROUTES, VILLAGE_COUNT, path_index
from boardkit_shangrila.components import (
    COLOURS,
    GUILD_COUNT,
    GUILD_INDEX,
    GUILD_NAMES,
    GUILDS,
    TILES_PER_GUILD,
    Guild,
)
from boardkit_shangrila.events import (
    BridgeBroken,
    JourneyMade,
    MasterExpelled,
    MasterPlaced,
    Passed,
    StonePlaced,
    StudentRecruited,
    TravellerJoined,
    TravellerReturned,
    TravellerSettled,
)
from boardkit_shangrila.masks import (
    ALONE,
    FULL,
    PRESENT,
    SINGLE,
    STOCKED,
    STUDENTS,
    TAUGHT,
    Masks,
    kept,
    masks_of,
)
from boardkit_shangrila.state import (
    MAIN,
    MASTER,
    PLACEMENT,
    WITH_STUDENT,
    ShangrilaState,
    strength,
)

Refusal = tuple[str, str]
"""Why an action is illegal: ``(clause ID, message)``."""


def placement_limits(colours: int) -> tuple[int, int]:
    """Most tiles in one village, and most of one colour there, during placement (S-S3)."""
    return (3, 2) if colours == 4 else (2, 1)


# --- generating -------------------------------------------------------------------------------
#
# Generation reads the state's guild masks (:mod:`boardkit_shangrila.masks`: per village, which
# spaces are empty and which hold a colour's master alone or with a student; per colour, which
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


# Listing the legal actions and then checking the chosen one read the same summaries of the same
# state: the set-up rows, or the main-phase targets. A one-entry memo keyed by the state's
# identity (states are immutable, so the same object always gives the same answer) lets the
# check reuse what the listing computed. The memo keeps at most one state alive per kind.
_SETUP_MEMO: tuple[object, int, tuple[int, int, list[tuple[int, int, bool]]]] = (
    None,
    -1,
    (0, 0, []),
)
_MAIN_MEMO: tuple[object, int, tuple[list[int], list[int], list[tuple[int, int]], int]] = (
    None,
    -1,
    ([], [], [], 0),
)


def _setup_info(state: ShangrilaState, colour: int) -> tuple[int, int, list[tuple[int, int, bool]]]:
    """``(guilds still to place, stuck guilds, placement rows)`` of ``colour`` (S-S3),
    remembered for the last state asked about.

    A row is ``(village, empty-space guild mask, within the limits)`` for every village in play
    (no stone, S-S2): a village is within the limits while it holds fewer tiles than the
    village limit and fewer masters of ``colour`` than the colour limit. A stuck guild is one
    still to place with no free space in any village within the limits."""
    global _SETUP_MEMO
    memo = _SETUP_MEMO
    if memo[0] is state and memo[1] == colour:
        return memo[2]
    m = masks_of(state.spaces, state.supply)
    guilds = m[FULL + colour]
    rows: list[tuple[int, int, bool]] = []
    reachable = 0
    if guilds:
        village_limit, colour_limit = placement_limits(state.colours)
        stones = state.stones
        alone = ALONE + colour * VILLAGE_COUNT
        pop = _POPCOUNT
        for v in range(VILLAGE_COUNT):
            if stones >> v & 1:
                continue
            free = m[v]
            # masters, and any students on them (none in a game's own placement phase)
            within = (
                GUILD_COUNT - pop[free] + pop[m[STUDENTS + v]] < village_limit
                and pop[m[alone + v]] < colour_limit
            )
            if within:
                reachable |= free
            rows.append((v, free, within))
    info = (guilds, guilds & ~reachable, rows)
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
    return _setup_info(state, colour)[1]


def setup_targets(state: ShangrilaState, colour: int) -> list[int]:
    """Spaces (``village * 7 + guild``) where ``colour`` may place a set-up master now
    (S-S3, S-S2).

    A guild the colour still needs goes to a free space of its guild in a village within the
    placement limits; if no such space exists, to any free space of its guild in a village in
    play (:func:`relaxed_guilds`).

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
    guilds, stuck, rows = _setup_info(state, colour)
    out: list[int] = []
    for v, empty, within in rows:
        mask = empty & (guilds if within else stuck)
        if mask:
            out += _SPACES_OF[v][mask]
    return out


def main_targets(
    state: ShangrilaState, colour: int
) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """For ``colour``: spaces for a new master (S-A1), own masters that can take a student
    (S-A2), and possible journeys ``(source, destination)`` (S-A3), skipping stone villages
    (S-A3e). Spaces are ``village * 7 + guild``.

    The lists are remembered for the last state asked about and handed out again for it:
    callers read them and never change them."""
    place, recruit, journeys, _ = _main_info(state, colour)
    return place, recruit, journeys


MainInfo = tuple[list[int], list[int], list[tuple[int, int]], int]
""":func:`main_targets` and the guilds of which the colour has a single tile (a mask)."""


def _main_info(state: ShangrilaState, colour: int) -> MainInfo:
    """:func:`main_targets` and the colour's single-tile guilds, remembered for the last state
    asked about."""
    global _MAIN_MEMO
    last = _MAIN_MEMO
    if last[0] is state and last[1] == colour:
        return last[2]
    m = masks_of(state.spaces, state.supply)
    stocked = m[STOCKED + colour]
    alone = ALONE + colour * VILLAGE_COUNT
    taught = TAUGHT + colour * VILLAGE_COUNT
    bridges = state.bridges
    spaces_of = _SPACES_OF
    place: list[int] = []
    recruit: list[int] = []
    journeys: list[tuple[int, int]] = []
    here = m[PRESENT + colour] & ~state.stones  # villages in play where the colour has a master
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
                if bridges >> p & 1:
                    journeys.append((v, w))
    info = (place, recruit, journeys, m[SINGLE + colour])
    _MAIN_MEMO = (state, colour, info)
    return info


def pair_count(recruit: Sequence[int], single: int) -> int:
    """How many two-student recruitments the eligible masters ``recruit`` (space indices)
    allow (S-A2): any two of them, except two of one guild when one tile of it is left
    (``single``: the guilds, as a mask, of which the colour has exactly one tile)."""
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


def _pair_action(a: int, b: int) -> RecruitStudents:
    """The shared action for students on spaces ``a < b``."""
    key = a * (VILLAGE_COUNT * GUILD_COUNT) + b
    action = _PAIR_ACTIONS[key]
    if action is None:
        va, ga = divmod(a, GUILD_COUNT)
        vb, gb = divmod(b, GUILD_COUNT)
        action = _PAIR_ACTIONS[key] = RecruitStudents(((va, GUILDS[ga]), (vb, GUILDS[gb])))
    return action


# The last action drawn by index from a list of legal actions, with the state and colour it was
# listed for: checking that very action object for that very state (what the engine does right
# after a player picked it) needs no second look at the rules. Only an action handed out by
# ``LegalActions[i]`` is remembered; any other (built by a front end, read from a log) is checked
# in full. Identity, not equality, is compared, and the entry keeps its objects alive.
_DRAWN: tuple[object, int, object] = (None, -1, None)


class LegalActions(Sequence[Action]):
    """The legal actions of one position, built lazily; order: set-up masters, masters,
    student recruitments, journeys (each by village, then guild) — or a lone :class:`Pass`."""

    __slots__ = (
        "_colour",
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
        "_state",
    )

    def __init__(
        self,
        state: ShangrilaState,
        colour: int,
        setup: list[int],
        place: list[int],
        recruit: list[int],
        single: int,
        journeys: list[tuple[int, int]],
    ) -> None:
        self._state = state
        self._colour = colour
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

    def _pair_list(self) -> list[tuple[int, int]]:
        if self._pairs is None:
            single = self._single
            if single:
                self._pairs = [
                    (a, b)
                    for a, b in combinations(self._recruit, 2)
                    if (a - b) % GUILD_COUNT or not single >> a % GUILD_COUNT & 1
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
        global _DRAWN
        action = self._build(index)
        _DRAWN = (self._state, self._colour, action)
        return action

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
        return LegalActions(state, colour, setup_targets(state, colour), [], [], 0, [])
    place, recruit, journeys, single = _main_info(state, colour)
    return LegalActions(state, colour, [], place, recruit, single, journeys)


def can_act(state: ShangrilaState, colour: int) -> bool:
    """Whether ``colour`` has any action other than passing (S-P1)."""
    return not legal(state, colour).must_pass


# --- refusing ---------------------------------------------------------------------------------


def _colour_name(colour: int) -> str:
    return COLOURS[colour].value


def _village_refusal(village: object) -> Refusal | None:
    if type(village) is not int or not 0 <= village < VILLAGE_COUNT:
        return "S-C1", f"there is no village {village!r}; villages are numbered 0 to 12"
    return None


def _guild_refusal(guild: object) -> Refusal | None:
    if not isinstance(guild, Guild):
        names = ", ".join(g.value for g in GUILDS)
        return "S-C2", f"{guild!r} is not a guild; guilds: {names}"
    return None


def _stone_refusal(state: ShangrilaState, village: int) -> Refusal | None:
    if state.stones >> village & 1:
        if village == RED_VILLAGE and state.colours == 3:
            return "S-S2", "the red village is out of play with three players"
        return "S-A3e", f"village {village} has a Stone of the Wise; no action happens there"
    return None


def _space_refusal(state: ShangrilaState, village: object, guild: object) -> Refusal | None:
    """Why (``village``, ``guild``) is no space a tile may go to now: no such village or guild,
    or a Stone of the Wise on the village."""
    bad = _village_refusal(village) or _guild_refusal(guild)
    if bad is not None:
        return bad
    assert isinstance(village, int)  # _village_refusal let it through
    return _stone_refusal(state, village)


def _village_row(state: ShangrilaState, village: int) -> tuple[int, ...]:
    """The spaces of ``village``, in guild order."""
    return state.spaces[village * GUILD_COUNT : village * GUILD_COUNT + GUILD_COUNT]


def _setup_refusal(state: ShangrilaState, colour: int, action: PlaceSetupMaster) -> Refusal | None:
    if state.flow.phase != PLACEMENT:
        return "S-S3", "the placement phase is over; a new master is placed as action 1 now"
    sent: Any = action  # its fields as sent, unchecked (see _journey_refusal)
    v, guild = sent.village, sent.guild
    bad = _space_refusal(state, v, guild)
    if bad:
        return bad
    g = GUILD_INDEX[guild]
    name = _colour_name(colour)
    if state.supply[colour * GUILD_COUNT + g] < TILES_PER_GUILD:
        placed = a_or_an(GUILD_NAMES[guild])
        return "S-S3", f"{name} has already placed {placed}; one master of each guild"
    row = _village_row(state, v)
    if row[g]:
        return "S-S3", f"the {GUILD_NAMES[guild]} space of village {v} is taken"
    village_limit, colour_limit = placement_limits(state.colours)
    tiles = GUILD_COUNT - row.count(0)
    if tiles < village_limit and row.count(MASTER + colour) < colour_limit:
        return None
    # Beyond the limits: allowed only for a guild with no space within them (S-S3, relaxed),
    # asked last because working it out looks at every village.
    if relaxed_guilds(state, colour) >> g & 1:
        return None
    if tiles >= village_limit:
        return "S-S3", f"village {v} holds {tiles} tiles, the most allowed during placement"
    most = count_of(colour_limit, "tile")
    return "S-S3", f"{name} has {most} in village {v}, the most allowed during placement"


def _place_refusal(state: ShangrilaState, colour: int, action: PlaceMaster) -> Refusal | None:
    if state.flow.phase != MAIN:
        return "S-S3", "during placement, only the start masters are placed (one of each guild)"
    sent: Any = action  # its fields as sent, unchecked (see _journey_refusal)
    v, guild = sent.village, sent.guild
    bad = _space_refusal(state, v, guild)
    if bad:
        return bad
    g = GUILD_INDEX[guild]
    name = _colour_name(colour)
    row = _village_row(state, v)
    if row[g]:
        return "S-A1", f"the {GUILD_NAMES[guild]} space of village {v} is taken"
    if not state.supply[colour * GUILD_COUNT + g]:
        return "S-A1", f"{name} has no {GUILD_NAMES[guild]} left in supply"
    if MASTER + colour not in row and WITH_STUDENT + colour not in row:
        return "S-A1", f"{name} has no master in village {v}, so cannot place one there"
    return None


def _recruit_refusal(state: ShangrilaState, colour: int, action: RecruitStudents) -> Refusal | None:
    if state.flow.phase != MAIN:
        return "S-S3", "during placement only set-up masters are placed"
    sent: Any = action  # its fields as sent, unchecked (see _journey_refusal)
    placements = sent.placements
    if type(placements) is not tuple or not 1 <= len(placements) <= 2:
        return "S-A2", "recruiting places one or two students"
    name = _colour_name(colour)
    needed = [0] * GUILD_COUNT
    for p in placements:
        if type(p) is not tuple or len(p) != 2:
            return "S-A2", f"a student's place is a (village, guild) pair, not {p!r}"
        v, guild = p
        bad = _space_refusal(state, v, guild)
        if bad:
            return bad
        g = GUILD_INDEX[guild]
        code = state.spaces[v * GUILD_COUNT + g]
        if code == WITH_STUDENT + colour:
            return "S-A2", f"{name}'s {GUILD_NAMES[guild]} in village {v} already has a student"
        if code != MASTER + colour:
            return "S-A2", f"{name} has no {GUILD_NAMES[guild]} master in village {v}"
        needed[g] += 1
    if len(placements) == 2 and placements[0] == placements[1]:
        return "S-A2", "a master never carries more than one student"
    for g, n in enumerate(needed):
        have = state.supply[colour * GUILD_COUNT + g]
        if n > have:
            left = count_of(have, GUILD_NAMES[GUILDS[g]])
            return "S-A2", f"{name} has only {left} left in supply"
    if len(placements) == 1:
        _, recruit, _, single = _main_info(state, colour)
        if pair_count(recruit, single):
            return "S-A2", "two students can be recruited, so recruiting one alone is not allowed"
    return None


def _journey_refusal(state: ShangrilaState, colour: int, action: Journey) -> Refusal | None:
    if state.flow.phase != MAIN:
        return "S-S3", "no journeys during placement"
    # The fields as sent, typed Any: an action built in Python may hold anything, and the
    # compiled build (docs/performance.md) would otherwise read them as the ints they are
    # declared to be (``True`` as 1), or fail with a bare TypeError, before the checks below.
    sent: Any = action
    s, d = sent.source, sent.destination
    bad = _village_refusal(s) or _village_refusal(d)
    if bad:
        return bad
    path = path_index(s, d)
    if path is None:
        return "S-A3", f"villages {s} and {d} are not neighbours"
    stone = _stone_refusal(state, s) or _stone_refusal(state, d)
    if stone:
        return stone
    if not state.bridges >> path & 1:
        return "S-A3d", f"the bridge between villages {s} and {d} is broken"
    if WITH_STUDENT + colour not in state.spaces[s * GUILD_COUNT : s * GUILD_COUNT + GUILD_COUNT]:
        return "S-A3", f"{_colour_name(colour)} has no student in village {s}"
    return None


def _plainly_legal(state: ShangrilaState, colour: int, action: object) -> bool:
    """Whether a master, a recruitment or a journey is legal, read from the guild masks; only
    ever ``True`` for a legal action (well-typed fields, every rule of its refusal met).
    ``False`` means "ask :func:`refusal`'s checks", which find the reason: they run for actions
    that are refused, set-up masters, passes, and states whose masks this thread does not keep
    (a bot trying several actions from one state: working the masks out would cost more than
    the checks)."""
    m = kept(state.spaces, state.supply)
    if m is None or state.flow.phase != MAIN:
        return False
    kind = type(action)
    if kind is RecruitStudents:
        return _plain_recruitment(state, colour, m, action.placements)  # type: ignore[attr-defined]
    if kind is PlaceMaster:
        v, guild = action.village, action.guild  # type: ignore[attr-defined]
        if type(v) is not int or not 0 <= v < VILLAGE_COUNT or type(guild) is not Guild:
            return False
        free = m[v] & m[STOCKED + colour]  # empty spaces of guilds left in supply
        return bool(
            free >> GUILD_INDEX[guild] & 1 and (m[PRESENT + colour] & ~state.stones) >> v & 1
        )
    if kind is Journey:
        s, d = action.source, action.destination  # type: ignore[attr-defined]
        if type(s) is not int or type(d) is not int or not 0 <= s < VILLAGE_COUNT:
            return False
        path = _PATHS_FROM[s].get(d)
        if path is None or not state.bridges >> path & 1 or state.stones >> s & 1:
            return False
        if state.stones >> d & 1:
            return False
        return bool(m[TAUGHT + colour * VILLAGE_COUNT + s])
    return False


def _plain_recruitment(state: ShangrilaState, colour: int, m: Masks, placements: object) -> bool:
    """:func:`_plainly_legal` for a recruitment: one or two own masters without a student, in
    villages without a stone, with tiles in supply (two of one guild for two of one guild), and
    a single student only when no pair is possible (S-A2)."""
    if type(placements) is not tuple or not 1 <= len(placements) <= 2:
        return False
    alone = ALONE + colour * VILLAGE_COUNT
    stocked = m[STOCKED + colour]
    guilds = []
    for p in placements:
        if type(p) is not tuple or len(p) != 2:
            return False
        v, guild = p
        if type(v) is not int or not 0 <= v < VILLAGE_COUNT or type(guild) is not Guild:
            return False
        g = GUILD_INDEX[guild]
        if state.stones >> v & 1 or not (m[alone + v] & stocked) >> g & 1:
            return False
        guilds.append(g)
    if len(placements) == 1:
        _, recruit, _, single = _main_info(state, colour)
        return pair_count(recruit, single) == 0
    if placements[0] == placements[1]:
        return False
    return guilds[0] != guilds[1] or not m[SINGLE + colour] >> guilds[0] & 1


_PATHS_FROM: tuple[dict[int, int], ...] = tuple(dict(ROUTES[v]) for v in range(VILLAGE_COUNT))
"""For each village, the path index to each neighbour."""


def refusal(state: ShangrilaState, colour: int, action: object) -> Refusal | None:
    """Why ``colour`` may not play ``action`` now, or ``None`` when it is legal."""
    drawn = _DRAWN
    if drawn[2] is action and drawn[0] is state and drawn[1] == colour:
        return None  # just drawn from this state's legal actions
    if _plainly_legal(state, colour, action):
        return None
    return refusal_in_full(state, colour, action)


def refusal_in_full(state: ShangrilaState, colour: int, action: object) -> Refusal | None:
    """:func:`refusal` without its shortcuts: every check of the action's rules, in order."""
    kind = type(action)
    if kind is PlaceSetupMaster:
        assert isinstance(action, PlaceSetupMaster)
        return _setup_refusal(state, colour, action)
    if kind is PlaceMaster:
        assert isinstance(action, PlaceMaster)
        return _place_refusal(state, colour, action)
    if kind is RecruitStudents:
        assert isinstance(action, RecruitStudents)
        return _recruit_refusal(state, colour, action)
    if kind is Journey:
        assert isinstance(action, Journey)
        return _journey_refusal(state, colour, action)
    if kind is Pass:
        if can_act(state, colour):
            return "S-P1", "a player who has a legal action may not pass"
        return None
    return "action", f"{action!r} is not a Shangrila action"


# --- resolving --------------------------------------------------------------------------------


def journey_events(state: ShangrilaState, colour: int, source: int, destination: int) -> list[Any]:
    """The events of a journey (S-A3): strengths (S-A3a), each traveller's fate (S-A3b/c),
    the broken bridge (S-A3d) and any new stones (S-A3e)."""
    spaces = state.spaces
    src = spaces[source * GUILD_COUNT : source * GUILD_COUNT + GUILD_COUNT]
    dst = spaces[destination * GUILD_COUNT : destination * GUILD_COUNT + GUILD_COUNT]
    s_tiles, s_masters = strength(src)
    d_tiles, d_masters = strength(dst)
    # More tiles wins; equal tiles: more masters; still equal: the destination is stronger.
    stronger = (s_tiles, s_masters) > (d_tiles, d_masters)
    events: list[Any] = [
        JourneyMade(
            COLOURS[colour],
            source,
            destination,
            s_tiles,
            s_masters,
            d_tiles,
            d_masters,
            stronger,
        )
    ]
    for g, code in enumerate(src):
        if code < WITH_STUDENT:
            continue
        traveller = code - WITH_STUDENT
        who, guild = COLOURS[traveller], GUILDS[g]
        there = dst[g]
        if there == 0:
            events.append(TravellerSettled(who, destination, guild))
        elif not stronger:
            events.append(TravellerReturned(who, guild))
        elif there == MASTER + traveller:
            events.append(TravellerJoined(who, destination, guild))
        elif there == WITH_STUDENT + traveller:
            events.append(TravellerReturned(who, guild))
        else:
            owner = (there - MASTER) % 4
            events.append(MasterExpelled(COLOURS[owner], destination, guild, there >= WITH_STUDENT))
            events.append(TravellerSettled(who, destination, guild))
    a, b = min(source, destination), max(source, destination)
    events.append(BridgeBroken(a, b))
    path = path_index(a, b)
    assert path is not None
    left = state.bridges & ~(1 << path)
    for v in (a, b):
        if not left & INCIDENT[v]:
            events.append(StonePlaced(v))
    return events


# Events are frozen values too: the commonest ones are made once and shared, index
# ``colour * 91 + space`` (an event read from a log is its own object, and equal to these).
_PLACED_EVENTS: tuple[MasterPlaced, ...] = tuple(
    MasterPlaced(c, i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for c in COLOURS
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_RECRUITED_EVENTS: tuple[StudentRecruited, ...] = tuple(
    StudentRecruited(c, i // GUILD_COUNT, GUILDS[i % GUILD_COUNT])
    for c in COLOURS
    for i in range(VILLAGE_COUNT * GUILD_COUNT)
)
_PASSED_EVENTS: tuple[Passed, ...] = tuple(Passed(c) for c in COLOURS)


def action_events(state: ShangrilaState, colour: int, action: Action) -> list[Any]:
    """The events of a legal ``action`` by ``colour`` (call :func:`refusal` first), in a new
    list the caller may extend."""
    base = colour * VILLAGE_COUNT * GUILD_COUNT
    kind = type(action)
    if kind is PlaceMaster or kind is PlaceSetupMaster:
        assert isinstance(action, PlaceMaster | PlaceSetupMaster)
        return [_PLACED_EVENTS[base + action.village * GUILD_COUNT + GUILD_INDEX[action.guild]]]
    if kind is RecruitStudents:
        assert isinstance(action, RecruitStudents)
        recruited = _RECRUITED_EVENTS
        return [recruited[base + v * GUILD_COUNT + GUILD_INDEX[g]] for v, g in action.placements]
    if kind is Journey:
        assert isinstance(action, Journey)
        return journey_events(state, colour, action.source, action.destination)
    return [_PASSED_EVENTS[colour]]
