"""Conquest (action C): which tiles a player may lay where, and what happens when he does.

Pure functions over int bitmasks; no game-state class is needed. One place knows the rules of
laying a tile, and both the move generator (:func:`legal_conquests`) and the validator
(:func:`evaluate`) use it, so ``legal_actions`` and ``apply`` cannot disagree.

Inputs
    ``table`` — the board's :class:`~boardkit_khan.rules.placements.PlacementTable`
    (``placement_table(board)``, cached per board).

    :class:`Situation` — what lies on the board now: ``yurts`` (one mask per seat, a tuple
    indexed by seat), ``neutral`` (mask of neutral yurts), ``blocked`` (cells under a tile or a
    ruler, K-A-C4) and :class:`Protections` (active K-X2 / K-X3 cards).

    ``player`` — the seat that lays the tile. ``available`` — the stacks this player may take
    (stock minus tiles reserved by *other* players' Scouts, K-A-C6 / K-X4);
    :func:`available_stacks` computes it from the stock.

The rules applied (clause IDs are those of ``rules/khan.md``)
    * K-A-C1 conquest tile: every covered cell is land and holds a yurt (any owner, neutral too).
    * K-A-C2 bridge: at least one river cell; every covered land cell holds a yurt; the covered
      river cells separate the covered land cells, i.e. land on both banks where the bridge
      crosses (static part: :func:`boardkit_khan.rules.placements.tile_banks`).
    * K-A-C3 every orientation (rotations and flips) is offered.
    * K-A-C4 nothing under a tile may be a ruler or another tile (river cells under a bridge
      included).
    * K-A-C5 majority: the player covers at least one own yurt and no other player covers more;
      neutral yurts do not count. Every player whose count equals the maximum puts a yurt on
      the tile: ``sharers`` (ascending seats; the player is always one of them).
    * K-A-C6 only available stacks.
    * K-A-C7 protection: with Protection of the Great Khan (K-X2) no other player may cover a
      yurt of the protected player unless that player shares the majority and consents; with
      Divine Support (K-X3) the same holds for the protected neutral yurts, and the player who
      must share the majority and consent is the one who played the card (the German 4-player
      text says "der beschützende Spieler", the Dutch text "de speler die de neutrale yurts
      beschermt"). A placement whose protector does not share the majority is refused; one
      whose protectors all share it is legal and lists them in ``consent_from``. The player's
      own protections never restrict him.

Output
    :class:`Conquest` — ``stack``, ``orientation``, ``anchor`` (the placement's identity),
    ``mask``, ``sharers``, ``consent_from``. :class:`Refusal` — ``clause`` and ``message``;
    ``refusal.error()`` is the :class:`boardkit.IllegalActionError` to raise.

Public functions
    :func:`legal_conquests` (all, sorted by stack, orientation, anchor) ·
    :func:`has_legal_conquest` (early exit, for K-E3) · :func:`evaluate` (one placement →
    ``Conquest | Refusal``) · :func:`check_conquest` (same, raising) ·
    :func:`available_stacks` (stock and Scout reservations → stacks and tile ids) ·
    :func:`divine_area` (the mask a Divine Support card protects).

Speed: the generator tests all anchors of one orientation at once: the anchors whose placement
lies inside the allowed cells are ``anchors & allowed & AND(allowed >> d)`` over the shape's cell
offsets ``d``; only survivors are looked at one by one. A player's next listing starts from his
last one when few cells changed in between. See ``benchmarks/khan_conquest_bench.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

import attrs

from boardkit.english import count_of
from boardkit.errors import BoardkitError, IllegalActionError
from boardkit.geometry.grid import cells_of
from boardkit_khan.rules.board import Board, Region
from boardkit_khan.rules.components import TileSpec
from boardkit_khan.rules.fits import FitFinder, Mask, fit_finder, reach
from boardkit_khan.rules.placements import (
    PlacementTable,
    StackKey,
    stack_key_of,
    standard_stack_keys,
)

__all__ = [
    "NO_PROTECTION",
    "Conquest",
    "ConquestInputError",
    "Protections",
    "Refusal",
    "Situation",
    "available_stacks",
    "check_conquest",
    "divine_area",
    "evaluate",
    "has_legal_conquest",
    "legal_conquests",
]


class ConquestInputError(BoardkitError, ValueError):
    """The situation handed to the conquest functions is malformed (a bug in the caller)."""


@attrs.frozen(slots=True)
class Protections:
    """The protection cards in force (K-X2, K-X3).

    ``khan`` — the seat whose own yurts Protection of the Great Khan protects (at most one such
    card is active at a time), or ``None``. ``divine`` — one ``(protector seat, area mask)`` per
    active Divine Support card: the neutral yurts inside ``area`` are protected (all land with
    2–3 players, one region with 4; see :func:`divine_area`).
    """

    khan: int | None = None
    divine: tuple[tuple[int, int], ...] = ()


NO_PROTECTION = Protections()


@attrs.frozen(slots=True)
class Situation:
    """What lies on the board, as far as conquering is concerned.

    ``yurts[seat]`` is the mask of that player's yurts; ``neutral`` the neutral yurts;
    ``blocked`` every cell under a tile or holding a ruler (K-A-C4).
    """

    yurts: tuple[int, ...]
    neutral: int
    blocked: int
    protections: Protections = NO_PROTECTION

    def problems(self) -> list[str]:
        """Inconsistencies (overlapping yurts, yurts under tiles or rulers); empty if sound."""
        found: list[str] = []
        seen = self.neutral
        for seat, mask in enumerate(self.yurts):
            if mask < 0:
                found.append(f"yurt mask of seat {seat} is negative")
            if mask & seen:
                found.append(f"yurts of seat {seat} overlap other yurts")
            seen |= mask
        if seen & self.blocked:
            found.append("a yurt lies under a tile or a ruler")
        khan = self.protections.khan
        if khan is not None and not 0 <= khan < len(self.yurts):
            found.append(f"protected seat {khan} does not exist")
        for protector, _ in self.protections.divine:
            if not 0 <= protector < len(self.yurts):
                found.append(f"Divine Support protector seat {protector} does not exist")
        return found


class Conquest(NamedTuple):
    """A legal way to lay a tile, and who conquers it.

    ``(stack, orientation, anchor)`` names the placement (see :mod:`.placements`); ``mask`` is
    every covered cell; ``sharers`` the seats that put a yurt on the tile (K-A-C5);
    ``consent_from`` the protectors who must agree first (K-A-C7), empty when none.

    A named tuple rather than an attrs class: the generator builds one per legal placement
    (a hundred per call in a crowded position), and a tuple is built many times faster.
    """

    stack: StackKey
    orientation: int
    anchor: int
    mask: int
    sharers: tuple[int, ...]
    consent_from: tuple[int, ...] = ()

    @property
    def needs_consent(self) -> bool:
        """Whether a protected player must agree before the tile is laid (K-X5)."""
        return bool(self.consent_from)


@attrs.frozen(slots=True)
class Refusal:
    """Why a conquest is not allowed: the clause ID that forbids it and a readable reason."""

    clause: str
    message: str

    def error(self) -> IllegalActionError:
        """The exception ``apply`` should raise for this refusal."""
        return IllegalActionError(self.clause, self.message)


# -- the shared rule kernel ---------------------------------------------------------------------


def _majority(mask: int, yurts: tuple[int, ...], player: int) -> tuple[int, ...] | None:
    """Sharers of a tile over ``mask`` if ``player`` holds a (shared) majority, else ``None``."""
    counts = [(mask & y).bit_count() for y in yurts]
    own = counts[player]
    if own == 0:
        return None
    best = max(counts)
    if own < best:
        return None
    return tuple(seat for seat, count in enumerate(counts) if count == best)


def _protection(
    mask: int,
    situation: Situation,
    player: int,
    sharers: tuple[int, ...],
) -> tuple[int, ...] | Refusal:
    """Protectors who must consent, or the refusal (K-A-C7, K-X2, K-X3)."""
    consent = _consent(mask, situation, player, sharers)
    if consent is not None:
        return consent
    protections = situation.protections
    khan = protections.khan
    if khan is not None and khan != player and mask & situation.yurts[khan] and khan not in sharers:
        return Refusal(
            "K-A-C7",
            f"the tile would cover yurts of player {khan + 1}, protected by the Great Khan, "
            "who does not share the majority",
        )
    for protector, area in protections.divine:
        if protector != player and mask & situation.neutral & area and protector not in sharers:
            return Refusal(
                "K-A-C7",
                f"the tile would cover neutral yurts protected by player {protector + 1}'s "
                "Divine Support, who does not share the majority",
            )
    raise AssertionError("_consent refused a tile no protection forbids")  # pragma: no cover


def _consent(
    mask: int,
    situation: Situation,
    player: int,
    sharers: tuple[int, ...],
) -> tuple[int, ...] | None:
    """Protectors who must consent (ascending), or ``None`` when a protection forbids the
    tile (K-A-C7): what :func:`_protection` decides, without writing the refusal (the listing
    drops a refused tile, so only a check needs to say why)."""
    protections = situation.protections
    needed: tuple[int, ...] = ()
    khan = protections.khan
    if khan is not None and khan != player and mask & situation.yurts[khan]:
        if khan not in sharers:
            return None
        needed = (khan,)
    for protector, area in protections.divine:
        if protector != player and mask & situation.neutral & area:
            if protector not in sharers:
                return None
            if protector not in needed:
                needed += (protector,)
    return tuple(sorted(needed)) if len(needed) > 1 else needed


def _check_player(situation: Situation, player: int) -> None:
    if not 0 <= player < len(situation.yurts):
        raise ConquestInputError(
            f"player {player} is not a seat (the situation has {len(situation.yurts)} seats)"
        )


# -- generation ---------------------------------------------------------------------------------


_UNIVERSE = frozenset(standard_stack_keys())
"""The standard stacks: one finder per board serves every set of available stacks in them."""

_Avail = tuple[FitFinder, int]
_BY_STACKS: dict[tuple[PlacementTable, Collection[StackKey]], _Avail] = {}
_BY_STACKS_LIMIT = 4096
"""The finder and available-stack bits of an immutable collection of stacks on a table (a
table is hashed by identity, a collection by value): working them out costs a frozenset and
a finder look-up, about eight times a look-up here."""
_LAST_STACKS: dict[PlacementTable, tuple[Collection[StackKey], _Avail]] = {}
"""Per table, the last collection looked up and its answer. The rules hand in the same tuple
object while the stock does not change (:func:`boardkit_khan.rules.queries.available_stacks` shares
them), and that object, held here, is recognized with ``is`` before hashing its stacks (a
quarter of the cost)."""


def _finder(table: PlacementTable, available: Collection[StackKey]) -> _Avail:
    """The finder to use for ``available``, and the bits of the finder's stacks (by index in
    ``finder.stacks``) that are available."""
    last = _LAST_STACKS.get(table)  # one read: another thread may replace it, never change it
    if last is not None and last[0] is available:
        return last[1]
    immutable = isinstance(available, tuple | frozenset)
    if immutable:
        known = _BY_STACKS.get((table, available))
        if known is not None:
            _LAST_STACKS[table] = (available, known)
            return known
    found = _standard_bits(table, available)
    if found is None:
        wanted = frozenset(available)
        finder = fit_finder(table, wanted)
        bits = 0
        for i, key in enumerate(finder.stacks):
            if key in wanted:
                bits |= 1 << i
        found = (finder, bits)
    if immutable:
        if len(_BY_STACKS) >= _BY_STACKS_LIMIT:
            _BY_STACKS.clear()
        _BY_STACKS[(table, available)] = found
        if len(_LAST_STACKS) >= _BY_STACKS_LIMIT:
            _LAST_STACKS.clear()
        _LAST_STACKS[table] = (available, found)
    return found


def _standard_bits(table: PlacementTable, available: Collection[StackKey]) -> _Avail | None:
    """The finder of the standard stacks on ``table`` and the bits of ``available`` in it, or
    ``None`` when a stack of ``available`` is not a standard one: one look-up per stack in
    the finder's index of its stacks (no set of ``available`` is built)."""
    finder = fit_finder(table, _UNIVERSE)
    index = _INDEX.get(finder.find)
    if index is None:
        if len(_INDEX) >= _BY_STACKS_LIMIT:
            _INDEX.clear()
        index = _INDEX[finder.find] = {key: i for i, key in enumerate(finder.stacks)}
    bits = 0
    for key in available:
        i = index.get(key)
        if i is None:
            return None
        bits |= 1 << i
    return finder, bits


_INDEX: dict[object, dict[StackKey, int]] = {}
"""By finder (its ``find``, one object per finder), the index of each of
its stacks in ``finder.stacks``."""


def _scan(
    table: PlacementTable,
    situation: Situation,
    player: int,
    available: Collection[StackKey],
    first_only: bool,
) -> list[Conquest]:
    """The generator behind :func:`legal_conquests` and :func:`has_legal_conquest`.

    The board's finder (:mod:`boardkit_khan.rules.fits`) gives, for every orientation,
    the anchors whose cells are all allowed (land with a yurt and unblocked; for bridges also
    unblocked river) and whose tile covers an own yurt.
    Those are checked one by one for the majority (inlined, same outcome as
    :func:`_majority`) and for protection, with :func:`_consent`, on which the check of
    :func:`evaluate` (:func:`_protection`) builds.

    A full listing starts from the player's last one when it can (see :func:`_carried`).
    """
    _check_player(situation, player)
    own = situation.yurts[player]
    if not own:
        return []
    finder, usable = _finder(table, available)
    if first_only:
        return _verdicts(table, situation, player, finder, usable, own, -1, first_only=True)[0]
    key = (table, player)
    last = _LAST.get(key)  # one read: another thread may replace the entry, never change it
    carried = None
    if last is not None:
        carried = _carried(last, table, situation, player, finder, usable)
    ranks: Sequence[int]
    if carried is None:
        result, ranks = _verdicts(table, situation, player, finder, usable, own, -1)
    else:
        result, ranks = carried
    if key not in _LAST and len(_LAST) >= _LAST_LIMIT:
        _LAST.clear()  # many boards met: the listings of the old ones go
    _LAST[key] = (table, finder, usable, situation, tuple(ranks), tuple(result))
    return result


_Last = tuple[PlacementTable, FitFinder, int, Situation, tuple[int, ...], tuple[Conquest, ...]]
_LAST: dict[tuple[PlacementTable, int], _Last] = {}
"""Each player's last full listing on each table (a table is hashed by identity, one per
board): ``(table, finder, usable stacks, situation,
ranks, conquests)``. A conquest's rank, ``position << 16 | anchor``, is its place in scan order
(orientation by orientation in the finder's order, then by anchor). A game asks for a player's
conquests again after each of his actions, with a few cells changed since."""

_LAST_LIMIT = 64
"""The most listings :data:`_LAST` keeps (a few seats on each of a few boards)."""

_CARRY_LIMIT = 8
"""The most changed cells a listing is carried over; beyond them a fresh scan is cheaper."""


def _carried(
    last: _Last,
    table: PlacementTable,
    situation: Situation,
    player: int,
    finder: FitFinder,
    usable: int,
) -> tuple[list[Conquest], Sequence[int]] | None:
    """The listing of ``situation`` made from the player's last one (with its ranks), or
    ``None`` when it cannot be carried over.

    Whether a placement is legal, with whose sharing and consent, depends only on what lies on
    its own cells (yurts by seat, neutral yurts, tiles and rulers), on its stack being offered,
    and on the protections guarding its cells. So when no stack has been added to the offer,
    every placement of a stack still offered that covers no changed cell (nor a cell guarded
    before or now, when the protections changed) keeps its verdict, and only those covering a
    changed cell are judged again: the finder looks only at the cells they can reach.
    """
    _, last_finder, last_usable, before, ranks, conquests = last
    if (
        last_finder is not finder
        or usable & ~last_usable
        or len(before.yurts) != len(situation.yurts)
    ):
        return None
    changed = (before.neutral ^ situation.neutral) | (before.blocked ^ situation.blocked)
    for old, new in zip(before.yurts, situation.yurts, strict=True):
        changed |= old ^ new
    if changed.bit_count() > _CARRY_LIMIT:
        return None
    if before.protections != situation.protections:
        changed |= _guarded_cells(before, player) | _guarded_cells(situation, player)
        if changed.bit_count() > _CARRY_LIMIT:
            return None
    if not changed and usable == last_usable:  # the same listing (asked again, or after a
        return list(conquests), ranks  # check that it is not empty)
    if usable == last_usable:
        kept = [(rank, c) for rank, c in zip(ranks, conquests, strict=True) if not c[3] & changed]
    else:  # stacks left the offer (emptied, or reserved by a Scout): their conquests go
        stack_of = finder.stack_of
        kept = [
            (rank, c)
            for rank, c in zip(ranks, conquests, strict=True)
            if not c[3] & changed and usable >> stack_of[rank >> 16] & 1
        ]
    if changed:
        cells = reach(finder)
        window = 0
        rest = changed
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            if cell < len(cells):
                window |= cells[cell]
        fresh, fresh_ranks = _verdicts(table, situation, player, finder, usable, changed, window)
        if fresh:
            kept += zip(fresh_ranks, fresh, strict=True)
            kept.sort()  # two runs in scan order, merged in one pass (ranks are unique)
    return [c for _, c in kept], [rank for rank, _ in kept]


def _verdicts(
    table: PlacementTable,
    situation: Situation,
    player: int,
    finder: FitFinder,
    usable: int,
    touch: int,
    window: int,
    *,
    first_only: bool = False,
) -> tuple[list[Conquest], list[int]]:
    """The legal conquests among the placements that cover a cell of ``touch`` (the player's
    own yurts, or the changed cells of a carried listing, see :func:`_carried`), in scan order,
    with their ranks (``position << 16 | anchor``). ``window`` holds every cell of those
    placements (-1: the whole board); the finder looks at nothing outside it."""
    # The masks are held as Mask (see boardkit_khan.rules.fits): Python ints, also compiled.
    yurts: Sequence[Mask] = situation.yurts
    own: Mask = yurts[player]
    occupied: Mask = situation.neutral
    for yurt_mask in yurts:
        occupied |= yurt_mask
    # Seats in order, the player included (so sharers come out sorted); seats without yurts
    # can neither outnumber nor tie the player, who covers at least one own yurt.
    seats: list[tuple[int, Mask]] = [(seat, mask) for seat, mask in enumerate(yurts) if mask]
    others: Mask = occupied & ~own & ~situation.neutral
    alone = (player,)
    unblocked = ~situation.blocked
    land_allowed = occupied & table.land & unblocked & window
    stack_of = finder.stack_of
    bridge_allowed = (
        land_allowed | (table.river & unblocked & window) if finder.has_bridges else None
    )
    found = finder.find(land_allowed, bridge_allowed, touch)
    orientations = finder.orientations
    guarded: Mask = _guarded_cells(situation, player)
    foreign: Mask = touch & ~own  # tiles touching only these cells may cover no own yurt
    build = tuple.__new__
    conquest = Conquest  # read once (a compiled module reads a global from its dict)
    result: list[Conquest] = []
    ranks: list[int] = []
    for position, fits in found:
        if not usable >> stack_of[position] & 1:
            continue
        shape: Mask
        key, _, index, _, _, shape = orientations[position]
        base = position << 16
        while fits:
            low: int = fits & -fits  # an int: its bit_length is then mypyc's, not a method call
            fits ^= low
            anchor = low.bit_length() - 1
            mask: Mask = shape << anchor
            if foreign and not mask & own:
                continue
            sharers: tuple[int, ...] = alone
            if mask & others:  # K-A-C5; covering only own and neutral yurts: alone
                own_count: int = (mask & own).bit_count()
                sharers = ()
                for seat, yurt_mask in seats:
                    covered = mask & yurt_mask  # the player's own seat always covers some
                    if covered:
                        count: int = covered.bit_count()
                        if count > own_count:
                            sharers = ()
                            break
                        if count == own_count:
                            sharers += (seat,)
                if not sharers:
                    continue
            consent: tuple[int, ...] | None = ()
            if mask & guarded:
                consent = _consent(mask, situation, player, sharers)
                if consent is None:
                    continue
            result.append(build(conquest, (key, index, anchor, mask, sharers, consent)))
            ranks.append(base | anchor)
            if first_only:
                return result, ranks
    return result, ranks


def _guarded_cells(situation: Situation, player: int) -> int:
    """Cells whose yurts some protection card of another player guards (K-X2, K-X3)."""
    protections = situation.protections
    guarded = 0
    if protections.khan is not None and protections.khan != player:
        guarded |= situation.yurts[protections.khan]
    for protector, area in protections.divine:
        if protector != player:
            guarded |= situation.neutral & area
    return guarded


def legal_conquests(
    table: PlacementTable,
    situation: Situation,
    player: int,
    available: Collection[StackKey],
) -> list[Conquest]:
    """Every legal conquest of ``player``, sorted by stack, orientation and anchor.

    Placements forbidden by protection (K-A-C7) are left out; those needing consent are
    listed with ``consent_from`` set. Identical tiles are one stack, so each placement appears
    once however many tiles the stack holds.

    The player's last listing on the same table is remembered: when only a few cells changed
    since (his own action, a ruler moved), it is carried over and only the placements covering
    those cells are judged again (see :func:`_carried`); the list is the same either way.
    """
    return _scan(table, situation, player, available, first_only=False)


def has_legal_conquest(
    table: PlacementTable,
    situation: Situation,
    player: int,
    available: Collection[StackKey],
) -> bool:
    """Whether ``player`` has at least one legal conquest (stops at the first; K-E3)."""
    return bool(_scan(table, situation, player, available, first_only=True))


# -- validation ---------------------------------------------------------------------------------


def evaluate(
    table: PlacementTable,
    situation: Situation,
    player: int,
    available: Collection[StackKey],
    stack: StackKey,
    orientation: int,
    anchor: int,
) -> Conquest | Refusal:
    """The outcome of ``player`` laying a tile of ``stack`` at ``(orientation, anchor)``.

    Checks, in this order, and names the first failing clause: K-A-C6 (stack not available),
    K-A-C3 / K-A-C1 / K-A-C2 (no such placement on this board), K-A-C4 (a ruler or a tile in
    the way), K-A-C1 / K-A-C2 (a covered land cell without a yurt), K-A-C5 (majority),
    K-A-C7 (protection). Agrees with :func:`legal_conquests` by construction and by test.
    """
    _check_player(situation, player)
    if stack not in available:
        return Refusal("K-A-C6", f"no {stack} is available to player {player + 1}")
    stacked = table.stack(stack)
    placement = stacked.get(orientation, anchor)
    if placement is None:
        clause, message = stacked.geometry_refusal(orientation, anchor) or ("K-A-C3", "")
        return Refusal(clause, message)
    mask = placement.mask
    board = table.board
    in_the_way = mask & situation.blocked
    if in_the_way:
        cells = ", ".join(board.label(c) for c in cells_of(in_the_way))
        return Refusal("K-A-C4", f"a ruler or a tile is in the way at {cells}")
    occupied = situation.neutral
    for yurt_mask in situation.yurts:
        occupied |= yurt_mask
    empty = placement.land & ~occupied
    if empty:
        cells = ", ".join(board.label(c) for c in cells_of(empty))
        clause = "K-A-C2" if stack.bridge else "K-A-C1"
        return Refusal(clause, f"every covered land cell must hold a yurt; empty: {cells}")
    sharers = _majority(mask, situation.yurts, player)
    if sharers is None:
        counts = [(mask & y).bit_count() for y in situation.yurts]
        if counts[player] == 0:
            reason = f"the tile covers none of player {player + 1}'s own yurts"
        else:
            reason = (
                f"the tile covers {count_of(counts[player], 'yurt')} of player {player + 1} "
                f"but {max(counts)} of another player"
            )
        return Refusal("K-A-C5", f"no majority: {reason}")
    verdict = _protection(mask, situation, player, sharers)
    if isinstance(verdict, Refusal):
        return verdict
    return Conquest(stack, orientation, anchor, mask, sharers, verdict)


def check_conquest(
    table: PlacementTable,
    situation: Situation,
    player: int,
    available: Collection[StackKey],
    stack: StackKey,
    orientation: int,
    anchor: int,
) -> Conquest:
    """Like :func:`evaluate`, but raises :class:`boardkit.IllegalActionError` on a refusal."""
    outcome = evaluate(table, situation, player, available, stack, orientation, anchor)
    if isinstance(outcome, Refusal):
        raise outcome.error()
    return outcome


# -- inputs -------------------------------------------------------------------------------------


def available_stacks(
    stock: Iterable[TileSpec],
    *,
    reserved_stacks: Collection[StackKey] = (),
    reserved_tiles: Collection[str] = (),
) -> dict[StackKey, tuple[str, ...]]:
    """The stacks a player may take, each with the ids of its takeable tiles (K-A-C6, K-X4).

    ``stock`` holds the tiles still beside the board. ``reserved_stacks`` are the
    stacks other players' Scouts hold (2–3 players), ``reserved_tiles`` the tile ids other
    players' Scouts hold (4 players). Empty stacks are left out; ids keep the stock's order.
    """
    result: dict[StackKey, list[str]] = {}
    for tile in stock:
        key = stack_key_of(tile)
        if key in reserved_stacks or tile.id in reserved_tiles:
            continue
        result.setdefault(key, []).append(tile.id)
    return {key: tuple(ids) for key, ids in sorted(result.items())}


def divine_area(board: Board, players: int, region: Region | None = None) -> int:
    """The cells whose neutral yurts a Divine Support card protects (K-X3).

    With 2 or 3 players every land cell; with 4 players the chosen ``region`` (required).
    """
    if players < 4:
        return board.land
    if region is None:
        raise ConquestInputError("with 4 players Divine Support protects one chosen region")
    return board.region_mask(region)
