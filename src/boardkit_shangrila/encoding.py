"""Shangrila as numbers: a fixed action index and a per-player observation.

What the research adapters (:mod:`boardkit.adapters`) read through the game protocol
(:meth:`boardkit.game.Game.action_to_index` and friends). Nothing is hidden in Shangrila, so a
player's observation is the whole board; it is written from that player's seat all the same
(own colours marked), which is what a learning agent needs to tell "mine" from "theirs".

**Action index** (4,415 actions, the same for every configuration; a space is ``village * 7 +
guild`` and a path's index is its place in :data:`~boardkit_shangrila.rules.board.PATHS`):

============================  =======  ==================================================
actions                       count    index
============================  =======  ==================================================
``PlaceSetupMaster(v, g)``    91       ``space``
``PlaceMaster(v, g)``         91       ``91 + space``
``RecruitStudents`` (one)     91       ``182 + space``
``RecruitStudents`` (two)     4,095    ``273 + pair``: spaces ``a < b`` in lexicographic
                                       order of ``(a, b)``
``Journey(a, b)``             46       ``4368 + 2 * path + (0 if a < b else 1)``
``Pass()``                    1        ``4414``
============================  =======  ==================================================

**Observation** (a flat vector of 808 floats in ``[0, 1]``, always four colour slots; colour
slot ``k`` is colour ``(c + k) % 4`` where ``c`` is the observing seat's first colour, so slot 0
is always "me"):

=========================  ======  ========================================================
segment                    size    meaning
=========================  ======  ========================================================
``masters``                364     per space (91) and colour slot (4): a master of that colour
``students``               364     per space and colour slot: that master carries a student
``supply``                 28      per colour slot and guild: tiles left / 6
``bridges``                23      per path: the bridge stands
``stones``                 13      per village: a Stone of the Wise
``to_move``                4       colour slot of the colour to move
``mine``                   4       colour slots the observing seat runs
``in_play``                4       colour slots in play (three or four colours)
``phase``                  2       placement, main
``passes``                 1       passes in a row / 4
``edition``                1       1 for the English edition
=========================  ======  ========================================================

**Action mask**: :func:`legal_mask` marks the indices of the legal actions of the colour to
move, read from the listing of :func:`boardkit_shangrila.rules.legality.legal` without building
action objects (so it agrees with ``legal_actions`` and with the refusals by construction).

The text observation is the position notation
(:func:`~boardkit_shangrila.rules.notation.format_position`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from boardkit.errors import InvalidActionIndexError
from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import PATHS, VILLAGE_COUNT
from boardkit_shangrila.rules.components import (
    GUILD_COUNT,
    GUILD_INDEX,
    GUILDS,
    TILES_PER_GUILD,
    Guild,
)
from boardkit_shangrila.rules.legality import legal
from boardkit_shangrila.rules.state import (
    MAIN,
    MASTER,
    SPACE_COUNT,
    WITH_STUDENT,
    ShangrilaState,
    colour_to_move,
)

SLOTS: Final = 4
"""Colour slots in the observation (the most colours a game has)."""

_SETUP: Final = 0
_MASTER: Final = _SETUP + SPACE_COUNT
_ONE: Final = _MASTER + SPACE_COUNT
_TWO: Final = _ONE + SPACE_COUNT
_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(SPACE_COUNT), 2))
_PAIR_INDEX: Final = {pair: i for i, pair in enumerate(_PAIRS)}
_JOURNEY: Final = _TWO + len(_PAIRS)
_PATH_INDEX: Final = {pair: i for i, pair in enumerate(PATHS)}
_PASS: Final = _JOURNEY + 2 * len(PATHS)
NUM_ACTIONS: Final = _PASS + 1
"""The size of the action index (the same for every configuration)."""

LAYOUT: Final[tuple[tuple[str, int], ...]] = (
    ("masters", SPACE_COUNT * SLOTS),
    ("students", SPACE_COUNT * SLOTS),
    ("supply", SLOTS * GUILD_COUNT),
    ("bridges", len(PATHS)),
    ("stones", VILLAGE_COUNT),
    ("to_move", SLOTS),
    ("mine", SLOTS),
    ("in_play", SLOTS),
    ("phase", 2),
    ("passes", 1),
    ("edition", 1),
)
"""The observation's segments, in order, with their sizes (see the module docstring)."""
OBSERVATION_SIZE: Final = sum(size for _, size in LAYOUT)


def _space(village: int, guild: object) -> int:
    index = GUILD_INDEX.get(guild) if isinstance(village, int) else None  # type: ignore[call-overload]
    if index is None or not 0 <= village < VILLAGE_COUNT:
        raise InvalidActionIndexError(f"no space for village {village!r}, guild {guild!r}")
    return int(village * GUILD_COUNT + index)


def _placement(space: int) -> tuple[int, Guild]:
    return space // GUILD_COUNT, GUILDS[space % GUILD_COUNT]


def action_to_index(action: Action) -> int:
    """The index of ``action`` (see the table in the module docstring)."""
    if isinstance(action, PlaceSetupMaster):
        return _SETUP + _space(action.village, action.guild)
    if isinstance(action, PlaceMaster):
        return _MASTER + _space(action.village, action.guild)
    if isinstance(action, RecruitStudents):
        spaces = sorted(_space(v, g) for v, g in action.placements)
        if len(spaces) == 1:
            return _ONE + spaces[0]
        pair = _PAIR_INDEX.get((spaces[0], spaces[1])) if len(spaces) == 2 else None
        if pair is None:
            raise InvalidActionIndexError(f"no index for {action!r}")
        return _TWO + pair
    if isinstance(action, Journey):
        a, b = action.source, action.destination
        path = _PATH_INDEX.get((min(a, b), max(a, b)))
        if path is None:
            raise InvalidActionIndexError(f"no path between villages {a!r} and {b!r}")
        return _JOURNEY + 2 * path + (0 if a < b else 1)
    if isinstance(action, Pass):
        return _PASS
    raise InvalidActionIndexError(f"not a Shangrila action: {action!r}")


def index_to_action(index: object) -> Action:
    """The action of ``index`` (the inverse of :func:`action_to_index`); anything else than an
    index in range is an :class:`~boardkit.errors.InvalidActionIndexError`. (Typed ``object``:
    an agent may send anything, and compiled, an ``int`` parameter would refuse a string with
    a bare ``TypeError`` before this check.)"""
    if type(index) is not int or not 0 <= index < NUM_ACTIONS:
        raise InvalidActionIndexError(f"Shangrila action indices are 0 to {NUM_ACTIONS - 1}")
    if index < _MASTER:
        return PlaceSetupMaster(*_placement(index - _SETUP))
    if index < _ONE:
        return PlaceMaster(*_placement(index - _MASTER))
    if index < _TWO:
        return RecruitStudents((_placement(index - _ONE),))
    if index < _JOURNEY:
        a, b = _PAIRS[index - _TWO]
        return RecruitStudents((_placement(a), _placement(b)))
    if index < _PASS:
        path, back = divmod(index - _JOURNEY, 2)
        a, b = PATHS[path]
        return Journey(b, a) if back else Journey(a, b)
    return Pass()


def legal_mask(state: ShangrilaState) -> list[int]:
    """The action mask of ``state``: ``NUM_ACTIONS`` entries, 1 at the index of each legal
    action of the colour to move (``Pass()`` alone when it has nothing else, S-P1), else 0;
    all 0 once the game is over."""
    mask = [0] * NUM_ACTIONS
    for index in legal_indices(state):
        mask[index] = 1
    return mask


def legal_indices(state: ShangrilaState) -> list[int]:
    """The indices of the legal actions of the colour to move, in the order of the legal
    actions, found from the spaces and paths the rules list without building the actions;
    none once the game is over."""
    if state.flow.ended:
        return []
    actions = legal(state, colour_to_move(state))
    if actions.must_pass:
        return [_PASS]
    indices = [_SETUP + space for space in actions.setup_spaces]
    indices += [_MASTER + space for space in actions.place_spaces]
    pair_index = _PAIR_INDEX
    for spaces in actions.student_spaces:
        if len(spaces) == 1:
            indices.append(_ONE + spaces[0])
        else:
            indices.append(_TWO + pair_index[spaces[0], spaces[1]])
    path_index = _PATH_INDEX
    for a, b in actions.journeys:
        indices.append(_JOURNEY + 2 * path_index[min(a, b), max(a, b)] + (0 if a < b else 1))
    return indices


def first_colour(state: ShangrilaState, player: int) -> int:
    """The first colour seat ``player`` runs (its seat, as colours ``i`` and ``i + 2`` belong to
    seat ``i`` when two people play four colours)."""
    return player


def observation(state: ShangrilaState, player: int) -> list[float]:
    """The observation of ``player`` (see the layout in the module docstring)."""
    me = first_colour(state, player)
    slot_of = [(c - me) % SLOTS for c in range(SLOTS)]
    masters = [0.0] * (SPACE_COUNT * SLOTS)
    students = [0.0] * (SPACE_COUNT * SLOTS)
    for space, code in enumerate(state.spaces):
        if code:
            colour = (code - MASTER) % 4
            at = space * SLOTS + slot_of[colour]
            masters[at] = 1.0
            if code >= WITH_STUDENT:
                students[at] = 1.0
    supply = [0.0] * (SLOTS * GUILD_COUNT)
    for colour in range(state.colours):
        base = slot_of[colour] * GUILD_COUNT
        for guild in range(GUILD_COUNT):
            supply[base + guild] = state.supply[colour * GUILD_COUNT + guild] / TILES_PER_GUILD
    bridges = [float(state.bridges >> i & 1) for i in range(len(PATHS))]
    stones = [float(state.stones >> v & 1) for v in range(VILLAGE_COUNT)]
    to_move = [0.0] * SLOTS
    if state.start >= 0 and state.flow.turn > 0:
        to_move[slot_of[colour_to_move(state)]] = 1.0
    mine = [0.0] * SLOTS
    for colour in range(state.colours):
        if colour % state.flow.players == player:
            mine[slot_of[colour]] = 1.0
    in_play = [0.0] * SLOTS
    for colour in range(state.colours):
        in_play[slot_of[colour]] = 1.0
    phase = [float(state.flow.phase != MAIN), float(state.flow.phase == MAIN)]
    tail = [min(state.passes, SLOTS) / SLOTS, float(state.edition == "english")]
    return [
        *masters, *students, *supply, *bridges, *stones, *to_move, *mine, *in_play, *phase, *tail
    ]  # fmt: skip


def layout_names(layout: Sequence[tuple[str, int]] = LAYOUT) -> list[str]:
    """The segment names, in order (for documentation and tests)."""
    return [name for name, _ in layout]
