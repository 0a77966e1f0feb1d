"""Khan as numbers: a fixed action index and an observation per player, from his view only.

What the research adapters (:mod:`boardkit.adapters`) read through the game protocol
(:meth:`boardkit.game.Game.action_to_index` and friends). Both depend on the board (the text of the
option ``board``) and the player count; :func:`encoder_for` builds the tables once per pair.

**Action index** (9,230 actions on the shipped board; ``G`` = 169 cells, ``row * 13 + col``):

=========================  ======  =========================================================
actions                    count   index (in this order, each block after the previous one)
=========================  ======  =========================================================
``PlaceStartYurt(cell)``   G       ``cell``
``Invade(card, cell)``     2,632   one per card and cell its symbol allows (K-A-A), by card
                                   then cell
``DisplaceRuler(r)``       8       ``r``
``Conquer(s, o, a)``       6,201   one per statically valid placement (K-A-C), by stack
                                   (sorted) then the placement table's order
``InvadeAnywhere(cell)``   G       ``cell``
``Discard(cards)``         16      the set of hand *slots* discarded (bit ``i``: the ``i``-th
                                   card of the sorted hand)
``PlayHighMorale()``       1
``PlayProtection()``       1
``PlayDivineSupport(r)``   7       ``None``, then each region in :class:`Region` order
``PlayScout(stack)``       23      per stack (sorted)
``NoSpecial()``            1
``Consent(yes)``           2       no, yes
=========================  ======  =========================================================

Every index but the discard's names its action whatever the position. A discard names hand
slots (:attr:`KhanGame.slot_indexed_actions <boardkit.game.Game.slot_indexed_actions>`): indexing
the card sets themselves would take a million indices, and the deciding player always sees his
own hand, so an agent decodes a slot set from what it observes.

**Observation** (flat floats in ``[0, 1]``; seats are *relative*: seat slot ``k`` is the seat
``k`` places after the observer, so slot 0 is always "me"; ``n`` players, ``R`` rulers, ``S``
stacks, ``D`` = 72 cards, 6 regions):

==================  ==========  =================================================================
segment             size        meaning
==================  ==========  =================================================================
``land``            G           land cell
``river``           G           river cell
``region``          6 G         per region, its cells
``yurts``           n G         per seat slot, cells with that seat's yurt
``neutral``         G           cells with a neutral yurt
``tiles``           G           cells under a tile
``rulers``          R G         per ruler, its cell
``camps``           R           neutral yurts left in each camp / 5
``stock``           S           per stack, tiles left beside the board / tiles of the stack
``hand``            D           the observer's hand cards
``hand_sizes``      n           per seat slot, cards in hand / 4
``pile``            1           cards in the draw pile / 72
``discard``         D           the discard pile (face up)
``discard_top``     D           its top card
``specials_held``   4 n         per seat slot and kind, special cards left / cards dealt
``specials_active`` 4 n         per seat slot and kind, a card of that kind in play
``divine_regions``  6           regions under a Divine Support in play
``scout_stacks``    S           stacks under a Scout in play
``phase``           3           placement, main, end
``step``            6           place, actions, discard, special, extra, conquer
``actions_left``    1           actions left in this step / 3
``active``          n           seat slot of the active player
``decider``         n           seat slot of the player who must decide now
``pending``         G           cells of a conquest waiting for consent
``waiting``         n           seat slots still to answer it
``refused``         n           seat slots who refused consent in this action
``start_player``    n           seat slot of the start player
``placed_regions``  6 n         per seat slot, regions with its start yurt
``end_trigger``     3           none, step 1, later (K-E1)
==================  ==========  =================================================================

The text observation is the position notation's player form
(:func:`~boardkit_khan.rules.notation.format_position` with ``player``): the other hands and the
draw pile as counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TypeVar

from attrs import frozen

from boardkit.errors import InvalidActionIndexError
from boardkit.flow import decider
from boardkit.geometry.grid import cells_of
from boardkit_khan.rules import legality, queries
from boardkit_khan.rules.actions import (
    Conquer,
    Consent,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    NoSpecial,
    PlaceStartYurt,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
)
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import CAMP_YURTS, special_cards_per_player
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import (
    PHASE_END,
    PHASE_MAIN,
    PHASE_PLACEMENT,
    SPECIAL_ORDER,
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_DISCARD,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    TRIGGER_NONE,
    UNKNOWN_CARD,
    KhanState,
    Static,
    TurnState,
    static_for,
)

T = TypeVar("T")

_BY_MASKS = frozenset({STEP_ACTIONS, STEP_EXTRA, STEP_CONQUER, STEP_PLACE})
"""The steps whose legal indices :meth:`KhanEncoder.legal_indices` reads from masks."""

HAND_SLOTS = 4
"""A hand holds at most four cards (K-T5), so a discard is one of 16 slot sets."""
_REGIONS = tuple(Region)
_PHASES = (PHASE_PLACEMENT, PHASE_MAIN, PHASE_END)
_STEPS = (STEP_PLACE, STEP_ACTIONS, STEP_DISCARD, STEP_SPECIAL, STEP_EXTRA, STEP_CONQUER)
_HIGH_MORALE, _PROTECTION, _NO_SPECIAL = PlayHighMorale(), PlayProtection(), NoSpecial()


@frozen(eq=False)
class KhanEncoder:
    """The action index and observation layout of one board and player count."""

    board_text: str
    players: int
    offsets: dict[str, int]
    size: int
    invade: dict[tuple[int, int], int]
    invade_back: tuple[tuple[int, int], ...]
    conquer: dict[tuple[StackKey, int, int], int]
    conquer_back: tuple[tuple[StackKey, int, int], ...]
    stacks: tuple[StackKey, ...]
    layout: tuple[tuple[str, int], ...]

    @property
    def observation_size(self) -> int:
        """The length of an observation."""
        return sum(size for _, size in self.layout)

    # --- the action index --------------------------------------------------------------------

    def action_to_index(self, action: object, state: KhanState) -> int:
        """The index of ``action``, a legal action of ``state`` (see the module docstring)."""
        o = self.offsets
        cells = static_for(self.board_text).board.grid.size
        found: int | None = None
        if isinstance(action, PlaceStartYurt) and 0 <= action.cell < cells:
            found = o["place"] + action.cell
        elif isinstance(action, Invade):
            at = self.invade.get((action.card, action.cell))
            found = None if at is None else o["invade"] + at
        elif isinstance(action, DisplaceRuler) and 0 <= action.ruler < o["conquer"] - o["ruler"]:
            found = o["ruler"] + action.ruler
        elif isinstance(action, Conquer):
            at = self.conquer.get((action.stack, action.orientation, action.anchor))
            found = None if at is None else o["conquer"] + at
        elif isinstance(action, InvadeAnywhere) and 0 <= action.cell < cells:
            found = o["anywhere"] + action.cell
        elif isinstance(action, Discard):
            found = self._discard_index(action, state)
        elif isinstance(action, PlayHighMorale):
            found = o["morale"]
        elif isinstance(action, PlayProtection):
            found = o["protection"]
        elif isinstance(action, PlayDivineSupport):
            region = action.region
            found = o["divine"] + (0 if region is None else 1 + _REGIONS.index(region))
        elif isinstance(action, PlayScout) and action.stack in self.stacks:
            found = o["scout"] + self.stacks.index(action.stack)
        elif isinstance(action, NoSpecial):
            found = o["none"]
        elif isinstance(action, Consent):
            found = o["consent"] + int(action.yes)
        if found is None:
            raise InvalidActionIndexError(f"no Khan action index for {action!r}")
        return found

    def legal_indices(self, state: KhanState) -> list[int]:
        """The indices of ``legality.legal_actions(state)``, in its order. The invasions,
        displacements, conquests, action D and start yurts are read from the cell masks and
        conquest tuples the rules list them from, without building the actions; the few
        other actions (consent, discards, special cards) are indexed one by one."""
        flow = state.flow
        who = decider(flow)
        step = flow.step
        if who is None or state.outcome is not None or flow.owed or step not in _BY_MASKS:
            return [self.action_to_index(a, state) for a in legality.legal_actions(state)]
        o, static = self.offsets, static_for(self.board_text)
        if step == STEP_PLACE:
            at = o["place"]
            return [at + cell for cell in cells_of(queries.placement_cells(state, static, who))]
        indices: list[int] = []
        free = queries.free_land(state, static)
        if step != STEP_CONQUER:
            invade, at = self.invade, o["invade"]
            for card in state.cards.hands[who]:
                if card != UNKNOWN_CARD:
                    mask = static.cards[card].allowed & free
                    indices += [at + invade[card, cell] for cell in cells_of(mask)]
            if state.end_trigger == TRIGGER_NONE:
                at = o["ruler"]
                indices += [at + r for r, cell in enumerate(state.field.rulers) if cell >= 0]
        conquer, at = self.conquer, o["conquer"]
        for c in legality.conquests(state, static, who):
            indices.append(at + conquer[c.stack, c.orientation, c.anchor])
        if step == STEP_ACTIONS and state.turn.actions_left == 2:
            at = o["anywhere"]
            indices += [at + cell for cell in cells_of(free)]
        return indices

    def _discard_index(self, action: Discard, state: KhanState) -> int | None:
        who = decider(state.flow)
        hand = state.cards.hands[who] if who is not None else ()
        slots = 0
        for card in action.cards:
            if card not in hand or hand.index(card) >= HAND_SLOTS:
                return None
            slots |= 1 << hand.index(card)
        return self.offsets["discard"] + slots

    def index_to_action(self, index: object, state: KhanState) -> KhanAction:
        """The action of ``index`` in ``state`` (the inverse of :meth:`action_to_index`); anything
        else than an index in range is an :class:`~boardkit.errors.InvalidActionIndexError`
        (typed ``object``: an agent may send anything, see Shangrila's decoder)."""
        if type(index) is not int or not 0 <= index < self.size:
            raise InvalidActionIndexError(f"Khan action indices are 0 to {self.size - 1}")
        block, start = "", -1  # the block with the highest offset not above the index
        for name, offset in self.offsets.items():
            if start < offset <= index:
                block, start = name, offset
        return _DECODERS[block](self, index - start, state)

    # --- the observation ---------------------------------------------------------------------

    def observation(self, state: KhanState, player: int) -> list[float]:
        """What ``player`` sees of ``state`` (see the layout in the module docstring)."""
        static = static_for(self.board_text)
        grid_size = static.board.grid.size
        n = self.players
        deck = len(static.cards)
        field, cards, specials, turn = state.field, state.cards, state.specials, state.turn
        out = list(_board_planes(self.board_text))  # land, river, the regions: fixed
        for yurts in by_slot_hands(field.yurts, player):
            _plane(out, grid_size, yurts)
        _plane(out, grid_size, field.neutral)
        _plane(out, grid_size, field.tiles)
        for cell in field.rulers:
            _plane(out, grid_size, 0 if cell < 0 else 1 << cell)
        out.extend(camp / CAMP_YURTS for camp in field.camps)
        for stack in self.stacks:
            mask = static.stack_mask[stack]
            out.append((field.stock & mask).bit_count() / mask.bit_count())
        hand = [0.0] * deck
        for card in cards.hands[player]:
            if card >= 0:
                hand[card] = 1.0
        out.extend(hand)
        out.extend(min(len(h), HAND_SLOTS) / HAND_SLOTS for h in by_slot_hands(cards.hands, player))
        out.append(len(cards.pile) / deck)
        pile = [0.0] * deck
        for card in cards.discard:
            pile[card] = 1.0
        out.extend(pile)
        _one_hot(out, deck, cards.discard[-1] if cards.discard else None)
        dealt = special_cards_per_player(n)
        for held in by_slot_hands(specials.held, player):
            out.extend(
                min(count / dealt[kind], 1.0) if dealt[kind] else 0.0
                for kind, count in zip(SPECIAL_ORDER, held, strict=True)
            )
        active = [0.0] * (4 * n)
        regions = [0.0] * len(_REGIONS)
        scouts = [0.0] * len(self.stacks)
        for special in specials.active:
            active[((special.owner - player) % n) * 4 + SPECIAL_ORDER.index(special.card)] = 1.0
            if special.region is not None:
                regions[_REGIONS.index(special.region)] = 1.0
            if special.stack is not None and special.stack in self.stacks:
                scouts[self.stacks.index(special.stack)] = 1.0
        out.extend(active)
        out.extend(regions)
        out.extend(scouts)
        flow = state.flow
        _one_hot(out, len(_PHASES), _PHASES.index(flow.phase) if flow.phase in _PHASES else None)
        _one_hot(out, len(_STEPS), _STEPS.index(flow.step) if flow.step in _STEPS else None)
        out.append(min(turn.actions_left, 3) / 3)
        _one_hot(out, n, _rel(player, n, flow.active))
        _one_hot(out, n, _rel(player, n, decider(flow)))
        pending, waiting = _pending_placement(static, turn)
        _plane(out, grid_size, pending)
        _seat_set(out, player, n, list(waiting))
        _seat_set(out, player, n, list(turn.consent_refused))
        _one_hot(out, n, _rel(player, n, state.start_player) if flow.phase else None)
        for used in by_slot_hands(state.placed_regions or (0,) * n, player):
            out.extend(float(used >> r & 1) for r in range(len(_REGIONS)))
        _one_hot(out, 3, state.end_trigger)
        return out

    def sparse_observation(self, state: KhanState, player: int) -> tuple[list[int], list[float]]:
        """The nonzero values of :meth:`observation`, positions ascending, listed segment by
        segment without building the dense list (most of it is zeros: about 430 of 3,879
        values are set on the shipped board)."""
        static = static_for(self.board_text)
        g = static.board.grid.size
        n = self.players
        deck = len(static.cards)
        field, cards, specials, turn = state.field, state.cards, state.specials, state.turn
        fixed = _board_positions(self.board_text)
        positions, values = list(fixed), [1.0] * len(fixed)
        at = (2 + len(static.region_masks)) * g
        put = _SparseWriter(positions, values)
        for yurts in by_slot_hands(field.yurts, player):
            at = put.plane(at, g, yurts)
        at = put.plane(at, g, field.neutral)
        at = put.plane(at, g, field.tiles)
        for cell in field.rulers:
            at = put.plane(at, g, 0 if cell < 0 else 1 << cell)
        at = put.numbers(at, [camp / CAMP_YURTS for camp in field.camps])
        stocks = []
        for stack in self.stacks:
            mask = static.stack_mask[stack]
            stocks.append((field.stock & mask).bit_count() / mask.bit_count())
        at = put.numbers(at, stocks)
        at = put.flags(at, deck, [card for card in cards.hands[player] if card >= 0])
        hands = by_slot_hands(cards.hands, player)
        at = put.numbers(at, [min(len(h), HAND_SLOTS) / HAND_SLOTS for h in hands])
        at = put.numbers(at, [len(cards.pile) / deck])
        at = put.flags(at, deck, cards.discard)
        at = put.one_hot(at, deck, cards.discard[-1] if cards.discard else None)
        dealt = special_cards_per_player(n)
        for held in by_slot_hands(specials.held, player):
            at = put.numbers(
                at,
                [
                    min(count / dealt[kind], 1.0) if dealt[kind] else 0.0
                    for kind, count in zip(SPECIAL_ORDER, held, strict=True)
                ],
            )
        active, regions, scouts = [], [], []
        for special in specials.active:
            active.append(((special.owner - player) % n) * 4 + SPECIAL_ORDER.index(special.card))
            if special.region is not None:
                regions.append(_REGIONS.index(special.region))
            if special.stack is not None and special.stack in self.stacks:
                scouts.append(self.stacks.index(special.stack))
        at = put.flags(at, 4 * n, active)
        at = put.flags(at, len(_REGIONS), regions)
        at = put.flags(at, len(self.stacks), scouts)
        flow = state.flow
        phase = _PHASES.index(flow.phase) if flow.phase in _PHASES else None
        at = put.one_hot(at, len(_PHASES), phase)
        at = put.one_hot(at, len(_STEPS), _STEPS.index(flow.step) if flow.step in _STEPS else None)
        at = put.numbers(at, [min(turn.actions_left, 3) / 3])
        at = put.one_hot(at, n, _rel(player, n, flow.active))
        at = put.one_hot(at, n, _rel(player, n, decider(flow)))
        pending, waiting = _pending_placement(static, turn)
        at = put.plane(at, g, pending)
        at = put.flags(at, n, [(seat - player) % n for seat in waiting])
        at = put.flags(at, n, [(seat - player) % n for seat in turn.consent_refused])
        at = put.one_hot(at, n, _rel(player, n, state.start_player) if flow.phase else None)
        for used in by_slot_hands(state.placed_regions or (0,) * n, player):
            at = put.plane(at, len(_REGIONS), used & ((1 << len(_REGIONS)) - 1))
        put.one_hot(at, 3, state.end_trigger)
        return positions, values


class _SparseWriter:
    """Appends the nonzero values of observation segments to two lists (positions ascending):
    the sparse twins of :func:`_plane`, :func:`_one_hot` and the segments of numbers. Each
    method takes the segment's first position and returns the next segment's."""

    __slots__ = ("positions", "values")

    def __init__(self, positions: list[int], values: list[float]) -> None:
        self.positions, self.values = positions, values

    def plane(self, at: int, size: int, mask: int) -> int:
        """A board plane: 1.0 on the cells of ``mask`` (all below ``size``)."""
        cells = [at + cell for cell in cells_of(mask)]
        self.positions += cells
        self.values += [1.0] * len(cells)
        return at + size

    def flags(self, at: int, size: int, indices: Iterable[int]) -> int:
        """``size`` values, 1.0 at each of ``indices`` (in any order, repeats allowed)."""
        found = sorted(set(indices))
        self.positions += [at + i for i in found]
        self.values += [1.0] * len(found)
        return at + size

    def one_hot(self, at: int, size: int, index: int | None) -> int:
        """``size`` values, 1.0 at ``index`` (none for ``None`` or an index out of range)."""
        if index is not None and 0 <= index < size:
            self.positions.append(at + index)
            self.values.append(1.0)
        return at + size

    def numbers(self, at: int, numbers: Sequence[float]) -> int:
        """A segment of numbers, one value each."""
        for offset, value in enumerate(numbers):
            if value:
                self.positions.append(at + offset)
                self.values.append(value)
        return at + len(numbers)


@cache
def _board_positions(board_text: str) -> tuple[int, ...]:
    """The positions of the set values of :func:`_board_planes` (all 1.0)."""
    return tuple(i for i, value in enumerate(_board_planes(board_text)) if value)


@cache
def _board_planes(board_text: str) -> tuple[float, ...]:
    """The planes every observation on one board starts with: land, river, each region's
    land. They never change during a match, so they are built once per board (they hold most
    of an observation's set cells: writing them cell by cell was most of its cost)."""
    static = static_for(board_text)
    board, size = static.board, static.board.grid.size
    out: list[float] = []
    _plane(out, size, board.land)
    _plane(out, size, board.river)
    for mask in static.region_masks:
        _plane(out, size, mask)
    return tuple(out)


def _pending_placement(static: Static, turn: TurnState) -> tuple[int, tuple[int, ...]]:
    """The cells of the placement waiting for consent (0 if none) and the seats it waits for."""
    if turn.pending is None:
        return 0, ()
    placed = static.table.stack(turn.pending.stack).get(
        turn.pending.orientation, turn.pending.anchor
    )
    return (0 if placed is None else placed.mask), turn.pending.waiting_for


def _plane(out: list[float], size: int, mask: int) -> None:
    """One board plane: 1.0 on the cells of ``mask``."""
    row = [0.0] * size
    for cell in cells_of(mask):
        row[cell] = 1.0
    out.extend(row)


def _one_hot(out: list[float], size: int, index: int | None) -> None:
    """``size`` values, 1.0 at ``index`` (none for ``None`` or an index out of range)."""
    row = [0.0] * size
    if index is not None and 0 <= index < size:
        row[index] = 1.0
    out.extend(row)


def _seat_set(out: list[float], player: int, n: int, seats: tuple[int, ...] | list[int]) -> None:
    """One value per seat slot (slot 0 is ``player``): 1.0 for the seats in ``seats``."""
    row = [0.0] * n
    for seat in seats:
        row[(seat - player) % n] = 1.0
    out.extend(row)


def _rel(player: int, n: int, seat: int | None) -> int | None:
    """``seat``'s slot as ``player`` sees it, or ``None`` for no seat."""
    return None if seat is None or seat < 0 else (seat - player) % n


def by_slot_hands(values: tuple[T, ...], player: int) -> list[T]:
    """Per-seat ``values`` in seat-slot order (slot 0 is ``player``)."""
    n = len(values)
    return [values[(player + k) % n] for k in range(n)]


def _decode_place(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return PlaceStartYurt(at)


def _decode_invade(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return Invade(*enc.invade_back[at])


def _decode_ruler(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return DisplaceRuler(at)


def _decode_conquer(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return Conquer(*enc.conquer_back[at])


def _decode_anywhere(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return InvadeAnywhere(at)


def _decode_discard(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    who = decider(state.flow)
    hand = state.cards.hands[who] if who is not None else ()
    slots = list(cells_of(at))
    if any(slot >= len(hand) for slot in slots):
        raise InvalidActionIndexError(f"discard index {at} names a slot past the hand {hand}")
    return Discard(tuple(sorted(hand[slot] for slot in slots)))


def _decode_divine(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return PlayDivineSupport(None if at == 0 else _REGIONS[at - 1])


def _decode_scout(enc: KhanEncoder, at: int, state: KhanState) -> KhanAction:
    return PlayScout(enc.stacks[at])


_DECODERS: dict[str, Callable[[KhanEncoder, int, KhanState], KhanAction]] = {
    "place": _decode_place,
    "invade": _decode_invade,
    "ruler": _decode_ruler,
    "conquer": _decode_conquer,
    "anywhere": _decode_anywhere,
    "discard": _decode_discard,
    "morale": lambda enc, at, state: _HIGH_MORALE,
    "protection": lambda enc, at, state: _PROTECTION,
    "divine": _decode_divine,
    "scout": _decode_scout,
    "none": lambda enc, at, state: _NO_SPECIAL,
    "consent": lambda enc, at, state: Consent(bool(at)),
}


@cache
def encoder_for(board_text: str, players: int) -> KhanEncoder:
    """The action index and observation layout for a board file (``""``: shipped) and count."""
    static = static_for(board_text)
    cells = static.board.grid.size
    invade_back = tuple(
        (card, cell) for card, info in enumerate(static.cards) for cell in cells_of(info.allowed)
    )
    stacks = tuple(key for key, _ in static.stacks)
    conquer_back = tuple(
        (key, p.orientation, p.anchor) for key in stacks for p in static.table.stack(key).placements
    )
    sizes = (
        ("place", cells),
        ("invade", len(invade_back)),
        ("ruler", len(static.board.rulers)),
        ("conquer", len(conquer_back)),
        ("anywhere", cells),
        ("discard", 1 << HAND_SLOTS),
        ("morale", 1),
        ("protection", 1),
        ("divine", 1 + len(_REGIONS)),
        ("scout", len(stacks)),
        ("none", 1),
        ("consent", 2),
    )
    offsets, total = {}, 0
    for name, size in sizes:
        offsets[name] = total
        total += size
    n, rulers, deck, regions = players, len(static.board.rulers), len(static.cards), len(_REGIONS)
    layout = (
        ("land", cells), ("river", cells), ("region", regions * cells), ("yurts", n * cells),
        ("neutral", cells), ("tiles", cells), ("rulers", rulers * cells), ("camps", rulers),
        ("stock", len(stacks)), ("hand", deck), ("hand_sizes", n), ("pile", 1),
        ("discard", deck), ("discard_top", deck), ("specials_held", 4 * n),
        ("specials_active", 4 * n), ("divine_regions", regions), ("scout_stacks", len(stacks)),
        ("phase", 3), ("step", 6), ("actions_left", 1), ("active", n), ("decider", n),
        ("pending", cells), ("waiting", n), ("refused", n), ("start_player", n),
        ("placed_regions", regions * n), ("end_trigger", 3),
    )  # fmt: skip
    return KhanEncoder(
        board_text=board_text,
        players=players,
        offsets=offsets,
        size=total,
        invade={pair: i for i, pair in enumerate(invade_back)},
        invade_back=invade_back,
        conquer={key: i for i, key in enumerate(conquer_back)},
        conquer_back=conquer_back,
        stacks=stacks,
        layout=layout,
    )


def encoder_of(state: KhanState) -> KhanEncoder:
    """The encoder of the game ``state`` belongs to."""
    return encoder_for(state.options.board, state.flow.players)
