"""Checking one given action: whether the colour to move may play it now, and if not, which
clause refuses it.

The engine checks every action it applies (:func:`verify`, from
:func:`boardkit_shangrila.rules.turns.apply`), and a reader asks why an action is refused
(:func:`refusal`, the same answer as a value). Deciding which actions are legal is
:mod:`boardkit_shangrila.rules.legality`; this module applies that decision to one action and
holds no rule of its own, so the two cannot disagree:

- where a player or a bot chose from the listing, the decision for the position is remembered
  (:func:`~boardkit_shangrila.rules.legality.listed_setup`,
  :func:`~boardkit_shangrila.rules.legality.listed_main`), and the check looks the action up
  there;
- a replay checks each logged action in a position nobody listed, where working out the whole
  decision (every space, master and journey of the colour) to look one action up would cost
  more than the step. There the check tests its one action against the state's guild masks,
  with the clauses :func:`~boardkit_shangrila.rules.legality.setup_info` and
  :func:`~boardkit_shangrila.rules.legality.main_info` apply village by village, written for
  one space or journey. Where the answer depends on the whole board (a stuck guild during
  placement, one student alone, a pass) it asks the decision itself.

Working out *which* clause (the ``*_refusal`` functions of
:mod:`boardkit_shangrila.rules.reasons`, which also word it for the reader) runs only for a
refused action: it explains a refusal and never decides one. The property tests check both
ways against the listing, on every action of the action index and on malformed ones
(tests/shangrila/rules/test_shangrila_properties.py).

Why a module of its own: the listing is read by the bots, the research mask and the menus;
the checks by the engine, replays and the refusal texts. Apart, each reads as one concern, and
the imports run one way: the checks read the legality module, never the reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from boardkit.errors import IllegalActionError
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import ROUTES, VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT, GUILD_INDEX, Guild
from boardkit_shangrila.rules.legality import (
    POPCOUNT,
    can_act,
    listed_main,
    listed_setup,
    main_info,
    placement_limits,
    setup_info,
)
from boardkit_shangrila.rules.listing import SHARED_SPACES, pair_allowed, pair_count
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

_ROUTE_PATHS: Final[dict[tuple[int, int], int]] = {
    (v, w): path for v in range(VILLAGE_COUNT) for w, path in ROUTES[v]
}
"""The path (its bit in a bridge mask) of each journey ``(source, destination)`` between
neighbours."""


def verify_setup_master(state: ShangrilaState, colour: int, action: PlaceSetupMaster) -> None:
    """Accept a set-up master of ``colour`` exactly when :func:`setup_info` holds its space;
    otherwise raise :class:`~boardkit.errors.IllegalActionError` naming the clause (S-S3,
    S-S2, S-C1, S-C2).

    Unless the position was just listed, the space is tested alone (see the module
    docstring): a free space of a guild still to place, in a village in play within the limits,
    is legal whatever the rest of the board; only a space outside the limits asks
    :func:`setup_info` whether its guild is stuck."""
    if state.flow.phase != PLACEMENT:
        raise IllegalActionError(*phase_refusal(action))
    sent: Any = action  # its fields as sent, unchecked (see verify_journey)
    v, guild = sent.village, sent.guild
    if type(v) is int and 0 <= v < VILLAGE_COUNT and type(guild) is Guild:
        g = GUILD_INDEX[guild]
        listed = listed_setup(state, colour)
        if listed is not None:
            if listed[2][v] >> g & 1:
                return
        else:
            m = masks_of(state.spaces, state.supply)
            if not state.stones >> v & 1 and (m[v] & m[FULL + colour]) >> g & 1:
                village_limit, colour_limit = placement_limits(state.colours)
                pop = POPCOUNT
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
    alone (see the module docstring)."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    sent: Any = action  # its fields as sent, unchecked (see verify_journey)
    v, guild = sent.village, sent.guild
    if type(v) is int and 0 <= v < VILLAGE_COUNT and type(guild) is Guild:
        g = GUILD_INDEX[guild]
        listed = listed_main(state, colour)
        if listed is not None:
            if v * GUILD_COUNT + g in listed[0]:
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

    Unless the position was just listed, two students are tested alone (see the module
    docstring); one student alone always asks :func:`main_info`, since whether a pair is
    possible depends on every master."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    spaces = SHARED_SPACES.get(id(action)) or _recruit_spaces(action)
    listed = listed_main(state, colour)
    if len(spaces) == 2:
        a, b = spaces
        if listed is not None:
            eligible = listed[1]
            if a in eligible and b in eligible and pair_allowed(a, b, listed[3]):
                return
        else:
            m = masks_of(state.spaces, state.supply)
            if (
                _can_teach(state, m, colour, a)
                and _can_teach(state, m, colour, b)
                and pair_allowed(a, b, m[SINGLE + colour])
            ):
                return
    info = listed if listed is not None else main_info(state, colour)
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
    is tested alone (see the module docstring)."""
    if state.flow.phase != MAIN:
        raise IllegalActionError(*phase_refusal(action))
    # The fields as sent, typed Any: an action built in Python may hold anything, and the
    # compiled build (docs/performance.md) would otherwise read them as the ints they are
    # declared to be (``True`` as 1), or fail with a bare TypeError, before the checks below.
    sent: Any = action
    s, d = sent.source, sent.destination
    if type(s) is int and type(d) is int:
        listed = listed_main(state, colour)
        if listed is not None:
            if (s, d) in listed[2]:
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


_VERIFIERS: Final[dict[type, Callable[[ShangrilaState, int, Any], None]]] = {
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
