"""The rules of play: which actions are legal.

This is the one place that decides legality:

- :func:`setup_info` decides the placement phase (S-S3, S-S2): the legal spaces of each
  village, as a guild mask; :func:`main_info` decides the three actions (S-A1, S-A2, S-A3,
  S-A3e): the spaces for a new master, the masters that can take a student and the journeys,
  as lists. Both read the guild masks of :mod:`boardkit_shangrila.rules.masks` and are
  remembered for the last state asked about (:func:`listed_setup` and :func:`listed_main` hand
  that memo out);
- :func:`legal` hands that decision to :class:`~boardkit_shangrila.rules.listing.LegalActions`,
  the lazy list of the legal actions, which makes the pairs of students by the rule for two
  students together (:func:`~boardkit_shangrila.rules.listing.pair_allowed`);
  :func:`boardkit_shangrila.encoding.legal_mask` sets the research mask from that listing.

Checking one given action against the same decision (``verify`` and ``refusal``) is
:mod:`boardkit_shangrila.rules.checks`, which reads this module; what a legal action then does,
its events, is :mod:`boardkit_shangrila.rules.effects`.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

from boardkit._moved import REMOVED_IN
from boardkit_shangrila.rules import listing
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import INCIDENT, PATHS, ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT

# What a legal action does moved to .effects, and the shared actions' spaces to .listing; these
# old names are also importable from here (this module is compiled, so no module
# ``__getattr__`` can warn about them).
from boardkit_shangrila.rules.effects import action_events as action_events
from boardkit_shangrila.rules.effects import journey_events as journey_events
from boardkit_shangrila.rules.listing import SHARED_SPACES as SHARED_SPACES
from boardkit_shangrila.rules.listing import LegalActions
from boardkit_shangrila.rules.masks import (
    ALONE,
    FULL,
    PRESENT,
    SINGLE,
    STOCKED,
    STUDENTS,
    TAUGHT,
    masks_of,
)
from boardkit_shangrila.rules.reasons import Refusal
from boardkit_shangrila.rules.state import PLACEMENT, ShangrilaState


def placement_limits(colours: int) -> tuple[int, int]:
    """Most tiles in one village, and most of one colour there, during placement (S-S3)."""
    return (3, 2) if colours == 4 else (2, 1)


# --- generating -------------------------------------------------------------------------------
#
# Generation reads the state's guild masks (:mod:`boardkit_shangrila.rules.masks`: per village,
# which spaces are empty and which hold a colour's master alone or with a student; per colour, which
# guilds it has in supply), a few ints per village, kept up to date by the reducer. Targets are
# space indices ``village * 7 + guild``; ``_SPACES_OF[v][mask]`` turns a guild mask into them.

_SPACES_OF: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(v * GUILD_COUNT + g for g in range(GUILD_COUNT) if mask >> g & 1)
        for mask in range(1 << GUILD_COUNT)
    )
    for v in range(VILLAGE_COUNT)
)


POPCOUNT: Final[tuple[int, ...]] = tuple(mask.bit_count() for mask in range(1 << GUILD_COUNT))
"""Set bits of each 7-bit guild mask."""

_STONE_SHIFT: Final = len(PATHS)
"""Where a journey key (:data:`_JOURNEYS_FROM`) puts the stones, past every path's bit."""

_LOW_VILLAGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(v for v in range(7) if mask >> v & 1) for mask in range(1 << 7)
)
"""Villages 0-6 of a village mask's low seven bits."""
_HIGH_VILLAGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(7 + v for v in range(VILLAGE_COUNT - 7) if mask >> v & 1)
    for mask in range(1 << (VILLAGE_COUNT - 7))
)
"""Villages 7-12 of a village mask shifted right by seven."""

_ALL_VILLAGES: Final = (1 << VILLAGE_COUNT) - 1
"""The village mask of every village."""

_NEIGHBOURS: Final[tuple[int, ...]] = tuple(
    sum(1 << w for w, _ in ROUTES[v]) for v in range(VILLAGE_COUNT)
)
"""Each village's neighbours, as a village mask."""


def _subsets(mask: int) -> list[int]:
    """Every submask of ``mask``, itself and 0 included."""
    found = [mask]
    sub = mask
    while sub:
        sub = (sub - 1) & mask
        found.append(sub)
    return found


_JOURNEYS_FROM: Final[tuple[dict[int, tuple[tuple[int, int], ...]], ...]] = tuple(
    {
        bridges | stones << _STONE_SHIFT: tuple(
            (v, w) for w, p in ROUTES[v] if bridges >> p & 1 and not stones >> w & 1
        )
        for bridges in _subsets(INCIDENT[v])
        for stones in _subsets(_NEIGHBOURS[v])
    }
    for v in range(VILLAGE_COUNT)
)
"""S-A3's journeys out of village ``v``, in route order, for every state of its paths and
neighbours: ``_JOURNEYS_FROM[v][b | s << _STONE_SHIFT]``, where ``b`` is the bridge mask's
paths of ``v`` (``bridges & INCIDENT[v]``) and ``s`` the stone mask's neighbours of ``v``
(``stones & _NEIGHBOURS[v]``): one lookup per village instead of a test per path (at most
16 × 16 keys a village)."""


# The listing and the research mask of one position read the same decision: the set-up info,
# or the main-phase info. A one-entry memo keyed by the state's identity (states are
# immutable, so the same object always gives the same answer) lets a check of the chosen
# action reuse what the listing computed (listed_setup, listed_main; a position nobody listed
# has its action tested alone, see .checks). The main phase's info is also kept for the last
# RECENT_STATES positions listed, by identity: where many matches are played in turns (a
# server's matches, a batched environment's games), a position is listed again with other
# positions listed in between. A position goes there when another one takes its place in the
# one-entry memo, unless a check of an action has read its decision since it was listed: the
# match has moved on from it (a playout lists and checks each position once, and keeping the
# positions it leaves behind alive cost about a tenth of its time). The memos keep at most
# RECENT_STATES + 2 states alive.

RECENT_STATES: Final = 256
"""Positions whose main-phase info is kept (a server's or a batched environment's matches)."""

SetupInfo = tuple[int, int, list[int]]
""":func:`setup_info`: ``(guilds still to place, stuck guilds, legal guild mask per village)``."""

MainInfo = tuple[list[int], list[int], list[tuple[int, int]], int]
""":func:`main_info`: ``(place, recruit, journeys, single)``."""

_SETUP_MEMO: tuple[object, int, SetupInfo] = (None, -1, (0, 0, []))
_MAIN_MEMO: tuple[object, int, MainInfo] = (None, -1, ([], [], [], 0))
_MAIN_CHECKED = False
"""Whether a check has read the one-entry main-phase memo's decision (:func:`listed_main`)."""
_MAIN_RECENT: Final[dict[int, tuple[object, int, MainInfo]]] = {}


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
        # a village's tiles are GUILD_COUNT - pop[empty] + pop[students]; below the limit:
        students_under = village_limit - GUILD_COUNT
        alone = ALONE + colour * VILLAGE_COUNT
        pop = POPCOUNT
        outside: list[int] = []  # villages in play beyond the limits
        reachable = 0
        in_play = _ALL_VILLAGES & ~state.stones
        for v in _LOW_VILLAGES[in_play & 127] + _HIGH_VILLAGES[in_play >> 7]:
            empty = m[v]
            # masters, and any students on them (none in a game's own placement phase)
            if (
                pop[m[STUDENTS + v]] - pop[empty] < students_under
                and pop[m[alone + v]] < colour_limit
            ):
                free = empty & guilds
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
    listed is tested alone (:mod:`boardkit_shangrila.rules.checks`)."""
    last = _MAIN_MEMO
    if last[0] is state and last[1] == colour:
        return last[2]
    recent = _MAIN_RECENT.get(id(state))
    if recent is not None and recent[0] is state and recent[1] == colour:
        _remember_main(recent)
        return recent[2]
    m = masks_of(state.spaces, state.supply)
    stocked = m[STOCKED + colour]
    alone = ALONE + colour * VILLAGE_COUNT
    taught = TAUGHT + colour * VILLAGE_COUNT
    bridges = state.bridges
    stones = state.stones
    spaces_of = _SPACES_OF
    journeys_from, incident, neighbours = _JOURNEYS_FROM, INCIDENT, _NEIGHBOURS
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
        if m[taught + v]:  # over an intact bridge to a neighbour in play
            key = bridges & incident[v] | (stones & neighbours[v]) << _STONE_SHIFT
            journeys += journeys_from[v][key]
    info = (place, recruit, journeys, m[SINGLE + colour])
    _remember_main((state, colour, info))
    return info


def _remember_main(entry: tuple[object, int, MainInfo]) -> None:
    """Make ``entry`` the one-entry memo; the position it replaces joins the recent ones
    unless a check has read its decision (see above :data:`RECENT_STATES`)."""
    global _MAIN_MEMO, _MAIN_CHECKED
    last = _MAIN_MEMO
    if not _MAIN_CHECKED and last[0] is not None:
        if len(_MAIN_RECENT) >= RECENT_STATES:
            del _MAIN_RECENT[next(iter(_MAIN_RECENT))]  # the oldest
        _MAIN_RECENT[id(last[0])] = last
    _MAIN_MEMO = entry
    _MAIN_CHECKED = False


def listed_setup(state: ShangrilaState, colour: int) -> SetupInfo | None:
    """:func:`setup_info` for ``colour`` if it was the last set-up decision worked out and
    ``state`` its position (the position was just listed), else ``None``: a check of the
    chosen action then looks it up instead of testing it alone."""
    memo = _SETUP_MEMO
    return memo[2] if memo[0] is state and memo[1] == colour else None


def listed_main(state: ShangrilaState, colour: int) -> MainInfo | None:
    """:func:`main_info` for ``colour`` if it was the last main-phase decision handed out and
    ``state`` its position, else ``None`` (see :func:`listed_setup`). A check calls it: the
    position is then not kept among the recent ones once another takes its place (the match
    has moved on from it)."""
    global _MAIN_CHECKED
    memo = _MAIN_MEMO
    if memo[0] is state and memo[1] == colour:
        _MAIN_CHECKED = True
        return memo[2]
    return None


def legal(state: ShangrilaState, colour: int) -> LegalActions:
    """Every legal action of ``colour`` now (the colour to move)."""
    if state.flow.phase == PLACEMENT:
        return LegalActions(setup_targets(state, colour), [], [], 0, [])
    place, recruit, journeys, single = main_info(state, colour)
    return LegalActions([], place, recruit, single, journeys)


def can_act(state: ShangrilaState, colour: int) -> bool:
    """Whether ``colour`` has any action other than passing (S-P1)."""
    return not legal(state, colour).must_pass


# --- old names -------------------------------------------------------------------------------
#
# In 0.2.0 checking one action moved to .checks, and the rule for two students together to
# .listing. This module is compiled (docs/performance.md), so no module __getattr__ can warn on
# import: the old names are functions that warn when called and hand over to the new ones
# (.checks is imported at the call: it imports this module).


def _moved(name: str, module: str = "checks") -> object:
    """The function ``name`` of ``boardkit_shangrila.rules.<module>``, after a warning that it
    was called by its old name in this module."""
    new_home: ModuleType = listing
    if module == "checks":
        from boardkit_shangrila.rules import checks

        new_home = checks
    # The line that called the old name: two Python frames up when this module runs as source
    # (the old name's and this function's), none when it runs compiled (its functions have no
    # Python frames, nor a ``__code__``).
    frames = 2 if hasattr(_moved, "__code__") else 0
    warnings.warn(
        f"boardkit_shangrila.rules.legality.{name} moved to boardkit_shangrila.rules.{module}."
        f"{name} in 0.2.0; the old name is removed in {REMOVED_IN}",
        DeprecationWarning,
        stacklevel=1 + frames,
    )
    return getattr(new_home, name)


def pair_allowed(a: int, b: int, single: int) -> bool:
    """Deprecated: :func:`boardkit_shangrila.rules.listing.pair_allowed`."""
    rule: Any = _moved("pair_allowed", "listing")
    return bool(rule(a, b, single))


def pair_count(recruit: Sequence[int], single: int) -> int:
    """Deprecated: :func:`boardkit_shangrila.rules.listing.pair_count`."""
    count: Any = _moved("pair_count", "listing")
    return int(count(recruit, single))


def verify(state: ShangrilaState, colour: int, action: object) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify`."""
    check: Any = _moved("verify")
    check(state, colour, action)


def refusal(state: ShangrilaState, colour: int, action: object) -> Refusal | None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.refusal`."""
    check: Any = _moved("refusal")
    answer: Refusal | None = check(state, colour, action)
    return answer


def verify_setup_master(state: ShangrilaState, colour: int, action: PlaceSetupMaster) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify_setup_master`."""
    check: Any = _moved("verify_setup_master")
    check(state, colour, action)


def verify_place_master(state: ShangrilaState, colour: int, action: PlaceMaster) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify_place_master`."""
    check: Any = _moved("verify_place_master")
    check(state, colour, action)


def verify_recruitment(state: ShangrilaState, colour: int, action: RecruitStudents) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify_recruitment`."""
    check: Any = _moved("verify_recruitment")
    check(state, colour, action)


def verify_journey(state: ShangrilaState, colour: int, action: Journey) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify_journey`."""
    check: Any = _moved("verify_journey")
    check(state, colour, action)


def verify_pass(state: ShangrilaState, colour: int, action: Pass) -> None:
    """Deprecated: :func:`boardkit_shangrila.rules.checks.verify_pass`."""
    check: Any = _moved("verify_pass")
    check(state, colour, action)
