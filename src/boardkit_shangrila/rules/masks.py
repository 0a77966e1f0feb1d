"""Guild masks derived from a state, carried from one state to the next beside it.

Listing the legal actions (and checking one) needs, per village, which guild spaces are empty
and which hold a colour's master alone or with a student, and per colour which guilds it still
has in supply. Reading them from the 91 space codes at every decision was a third of a random
playout. :data:`Masks` holds them as 7-bit guild masks (bit ``g`` for guild ``g``), in one flat
list of ints:

- ``m[v]``: the empty spaces of village ``v`` (:data:`EMPTY` is 0);
- ``m[ALONE + c * 13 + v]``: colour ``c``'s masters without a student in village ``v``;
- ``m[TAUGHT + c * 13 + v]``: colour ``c``'s masters carrying a student there;
- ``m[STUDENTS + v]``: the masters of any colour carrying a student there;
- ``m[PRESENT + c]``: the villages (a 13-bit mask, bit ``v``) where colour ``c`` has a master;
- ``m[STOCKED + c]``: guilds of which colour ``c`` has a tile in supply;
- ``m[SINGLE + c]``: guilds of which it has exactly one (the pair rule of S-A2);
- ``m[FULL + c]``: guilds of which it has all six (still to place during set-up, S-S3).

The masks are *not* part of the state: a state's fields, equality, JSON and notation stay what
they were. Each thread keeps the masks of one board: a slot holding a ``spaces`` tuple, a
``supply`` tuple and their masks (tuples are immutable, so the same two objects always give the
same masks). :func:`masks_of` answers from the slot when a state's two tuples are the ones in
it, and otherwise works the masks out from the 91 codes and puts them in the slot. When the
reducer folds an event that changes the board or a supply of the state in the slot, it changes
the few masks concerned in place and moves the slot on to the new state's tuples
(:func:`placed`, :func:`changed`, :func:`journeyed`): a playout, which folds the events of one
state after another, works the masks out once, like a mutable board that is updated in place.
A state built any other way (JSON, a position, ``evolve``, a second line of play) gets its
masks worked out on first use. The slot is per thread, so worker threads (the server's bots)
never see each other's masks change.

Where several matches are played in turns (a batched environment's games, a server's
matches), each move starts from a board another match's moves took out of the slot. So the
masks a board leaves the slot with are kept aside, by board, for the last
:data:`PARKED_BOARDS` boards (per thread): :func:`masks_of` takes them back into the slot
rather than work them out again. Only the slot's masks are ever changed in place, and a board's
masks are in one place at a time (the slot, or aside), so kept masks always match their board.
"""

from __future__ import annotations

import threading
from typing import Any, Final

from boardkit_shangrila.rules.board import VILLAGE_COUNT
from boardkit_shangrila.rules.components import GUILD_COUNT, TILES_PER_GUILD
from boardkit_shangrila.rules.state import MASTER, WITH_STUDENT

Masks = list[int]
"""The flat list of guild masks described in the module docstring."""

EMPTY: Final = 0
ALONE: Final = VILLAGE_COUNT
TAUGHT: Final = ALONE + 4 * VILLAGE_COUNT
STUDENTS: Final = TAUGHT + 4 * VILLAGE_COUNT
PRESENT: Final = STUDENTS + VILLAGE_COUNT
STOCKED: Final = PRESENT + 4
SINGLE: Final = STOCKED + 4
FULL: Final = SINGLE + 4
SIZE: Final = FULL + 4

_Entry = tuple[tuple[int, ...], tuple[int, ...], Masks]
_NONE: Final[_Entry] = ((), (), [])


_SLOT: Final[Any] = type("_Slot", (threading.local,), {"entry": _NONE, "parked": None})()
"""One thread's kept masks: ``entry`` is ``(spaces, supply, masks)``; ``parked`` the entries
that left the slot, by the ``id`` of their ``spaces`` (made on the thread's first use). Its
class is made by ``type()`` rather than written out: the compiled build (docs/performance.md)
would compile a written class into one that cannot extend ``threading.local``."""

PARKED_BOARDS: Final = 64
"""How many boards' masks each thread keeps aside after they left the slot (see the module
docstring): enough for the games of a batched environment or a server's busy matches; the
oldest go first."""


_RowInfo = tuple[int, int, tuple[tuple[int, int], ...], int]
"""One village row's ``(empty mask, students mask, ((offset, mask), …), colours present)``:
the offsets are ``ALONE + c * 13`` or ``TAUGHT + c * 13`` of the colours there, the colours a
4-bit mask."""

_ROWS: Final[dict[tuple[int, ...], _RowInfo]] = {}
_ROWS_LIMIT: Final = 1 << 16


def _row_info(row: tuple[int, ...]) -> _RowInfo:
    """The masks of one village's seven codes (remembered: the same rows recur)."""
    info = _ROWS.get(row)
    if info is not None:
        return info
    empty = students = present = 0
    masks: dict[int, int] = {}
    for g, code in enumerate(row):
        if code == 0:
            empty |= 1 << g
            continue
        c = (code - MASTER) % 4
        present |= 1 << c
        if code >= WITH_STUDENT:
            students |= 1 << g
            offset = TAUGHT + c * VILLAGE_COUNT
        else:
            offset = ALONE + c * VILLAGE_COUNT
        masks[offset] = masks.get(offset, 0) | 1 << g
    info = (empty, students, tuple(sorted(masks.items())), present)
    if len(_ROWS) >= _ROWS_LIMIT:
        _ROWS.clear()
    _ROWS[row] = info
    return info


def compute(spaces: tuple[int, ...], supply: tuple[int, ...]) -> Masks:
    """The masks of a board and its supplies, worked out from scratch (village by village,
    through a memo of village rows)."""
    m = [0] * SIZE
    rows = _ROWS
    for v in range(VILLAGE_COUNT):
        row = spaces[v * GUILD_COUNT : v * GUILD_COUNT + GUILD_COUNT]
        empty, students, masks, present = rows.get(row) or _row_info(row)
        m[v] = empty
        if present:
            m[STUDENTS + v] = students
            for offset, mask in masks:
                m[offset + v] = mask
            for c in _COLOURS_OF[present]:
                m[PRESENT + c] |= 1 << v
    for j, n in enumerate(supply):
        if n:
            c, g = divmod(j, GUILD_COUNT)
            m[STOCKED + c] |= 1 << g
            if n == 1:
                m[SINGLE + c] |= 1 << g
            elif n == TILES_PER_GUILD:
                m[FULL + c] |= 1 << g
    return m


_COLOURS_OF: Final = tuple(tuple(c for c in range(4) if bits >> c & 1) for bits in range(16))
"""The colours of a 4-bit colour mask."""


def masks_of(spaces: tuple[int, ...], supply: tuple[int, ...]) -> Masks:
    """The masks of a board and its supplies (read them, never change them): the kept ones
    (in the slot, or kept aside), or worked out; they take the slot, and the masks there before
    are kept aside."""
    slot = _SLOT
    entry: _Entry = slot.entry
    if entry[0] is spaces and entry[1] is supply:
        return entry[2]
    parked: dict[int, _Entry] | None = slot.parked
    if parked is None:
        parked = slot.parked = {}
    found = parked.pop(id(spaces), None)
    if found is not None and found[1] is supply:  # ``found[0] is spaces``: it holds them alive
        new_entry = found
    else:
        new_entry = (spaces, supply, compute(spaces, supply))
    if entry[0]:
        if len(parked) >= PARKED_BOARDS:
            del parked[next(iter(parked))]  # the oldest
        parked[id(entry[0])] = entry
    slot.entry = new_entry
    return new_entry[2]


def _space(m: Masks, i: int, old: int, new: int) -> None:
    """Space ``i`` goes from code ``old`` to code ``new``: move its guild bit (in place)."""
    v, g = divmod(i, GUILD_COUNT)
    bit = 1 << g
    if old == 0:
        m[v] &= ~bit
    else:
        c = (old - MASTER) % 4
        if old >= WITH_STUDENT:
            m[TAUGHT + c * VILLAGE_COUNT + v] &= ~bit
            m[STUDENTS + v] &= ~bit
        else:
            m[ALONE + c * VILLAGE_COUNT + v] &= ~bit
        if not m[ALONE + c * VILLAGE_COUNT + v] | m[TAUGHT + c * VILLAGE_COUNT + v]:
            m[PRESENT + c] &= ~(1 << v)
    if new == 0:
        m[v] |= bit
    else:
        c = (new - MASTER) % 4
        m[PRESENT + c] |= 1 << v
        if new >= WITH_STUDENT:
            m[TAUGHT + c * VILLAGE_COUNT + v] |= bit
            m[STUDENTS + v] |= bit
        else:
            m[ALONE + c * VILLAGE_COUNT + v] |= bit


def _supply(m: Masks, j: int, n: int) -> None:
    """Supply entry ``j`` (colour ``j // 7``, guild ``j % 7``) now holds ``n`` tiles."""
    c, g = divmod(j, GUILD_COUNT)
    bit = 1 << g
    if n:
        m[STOCKED + c] |= bit
    else:
        m[STOCKED + c] &= ~bit
    if n == 1:
        m[SINGLE + c] |= bit
    else:
        m[SINGLE + c] &= ~bit
    if n == TILES_PER_GUILD:
        m[FULL + c] |= bit
    else:
        m[FULL + c] &= ~bit


def placed(
    old_spaces: tuple[int, ...],
    old_supply: tuple[int, ...],
    spaces: tuple[int, ...],
    supply: tuple[int, ...],
    i: int,
    j: int,
) -> None:
    """One tile left supply entry ``j`` (the supply holds one fewer) for space ``i`` (a master
    onto an empty space, or a student onto its master): if the old tuples' masks are kept,
    change them into the new ones' (the commonest change, written out; any other change of
    codes takes the general way)."""
    slot = _SLOT
    entry: _Entry = slot.entry
    if entry[0] is not old_spaces or entry[1] is not old_supply:
        return
    m = entry[2]
    old, new = old_spaces[i], spaces[i]
    v, g = divmod(i, GUILD_COUNT)
    bit = 1 << g
    c = new - MASTER if new < WITH_STUDENT else new - WITH_STUDENT
    if old == 0 and 0 < new < WITH_STUDENT:  # a master on an empty space
        m[v] ^= bit
        m[ALONE + c * VILLAGE_COUNT + v] |= bit
        m[PRESENT + c] |= 1 << v
    elif old == new - (WITH_STUDENT - MASTER):  # a student onto its master
        k = c * VILLAGE_COUNT + v
        m[ALONE + k] ^= bit
        m[TAUGHT + k] |= bit
        m[STUDENTS + v] |= bit
    else:
        _space(m, i, old, new)
    n = supply[j]  # one tile fewer than before
    c, g = divmod(j, GUILD_COUNT)
    bit = 1 << g
    if n == 1:
        m[SINGLE + c] |= bit
    elif n == 0:
        m[STOCKED + c] &= ~bit
        m[SINGLE + c] &= ~bit
    elif n < 0 or n >= TILES_PER_GUILD - 1:  # the first of six (set-up), or a count gone wrong
        _supply(m, j, n)
    slot.entry = (spaces, supply, m)


def changed(
    old_spaces: tuple[int, ...],
    old_supply: tuple[int, ...],
    spaces: tuple[int, ...],
    supply: tuple[int, ...],
    i: int,
    j: int,
) -> None:
    """Space ``i`` and supply entry ``j`` changed (``-1``: none): if the old tuples' masks are
    kept, change them into the new ones'."""
    slot = _SLOT
    entry: _Entry = slot.entry
    if entry[0] is not old_spaces or entry[1] is not old_supply:
        return
    m = entry[2]
    if i >= 0:
        _space(m, i, old_spaces[i], spaces[i])
    if j >= 0:
        _supply(m, j, supply[j])
    slot.entry = (spaces, supply, m)


def journeyed(
    old_spaces: tuple[int, ...], supply: tuple[int, ...], spaces: tuple[int, ...], village: int
) -> None:
    """The students of ``village`` left their masters (the supplies stay): if the old board's
    masks are kept, change them into the new one's."""
    slot = _SLOT
    entry: _Entry = slot.entry
    if entry[0] is not old_spaces or entry[1] is not supply:
        return
    m = entry[2]
    for c in range(4):
        taught = TAUGHT + c * VILLAGE_COUNT + village
        if m[taught]:
            m[ALONE + c * VILLAGE_COUNT + village] |= m[taught]
            m[taught] = 0
    m[STUDENTS + village] = 0
    slot.entry = (spaces, supply, m)
