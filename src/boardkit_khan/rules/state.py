"""The state of a Khan game, and the static tables every rule looks things up in.

A :class:`KhanState` is frozen and made of tuples and ints only, so it round-trips through
JSON exactly (see :mod:`boardkit.codec`). It is split into small parts (:class:`Field`,
:class:`Cards`, :class:`Specials`, :class:`TurnState`) so that an event touching one part copies
only that part and the top level.

Cells are ``row * width + col`` and sets of cells are int bitmasks (bit ``1 << cell``), as on the
:class:`~boardkit_khan.rules.board.Board`. Cards are ints: the index of the card in the standard
deck (:func:`~boardkit_khan.rules.components.standard_deck`); :data:`UNKNOWN_CARD` stands for a card
the reader may not see (in views and redacted logs). Tiles are ints too: the index of the tile in
:func:`~boardkit_khan.rules.components.standard_tiles`; the stock is a bitmask over those indices.

:class:`Static` holds everything that never changes during a game (the board, the deck, the
tiles, the placement table); :func:`static_for` builds it once per board and caches it by the
``board`` option's text, so the state itself only holds a reference to that text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import attrs
from attrs import frozen

from boardkit.errors import InvalidOptionsError
from boardkit.flow import Flow
from boardkit.geometry.grid import Direction
from boardkit.replacing import replacer
from boardkit_khan.rules.board import Board, Region
from boardkit_khan.rules.board_option import board_from_option
from boardkit_khan.rules.components import (
    CAMP_YURTS,
    Card,
    SpecialCard,
    Symbol,
    TileSpec,
    allowed_cells,
    divine_support_regions,
    special_cards_per_player,
    standard_deck,
    standard_tiles,
)
from boardkit_khan.rules.placements import PlacementTable, StackKey, placement_table, stack_key_of

#: A card the reader of a view or a redacted log may not see (K-H1).
UNKNOWN_CARD = -1
#: The ruler cell of a ruler that left the board (K-R4, K-R5).
OFF_BOARD = -1
#: K-R5 / K-E1: the end phase begins when this many rulers have been removed.
REMOVALS_TO_END = 5
#: K-S4: placement rounds for 2, 3 and 4 players.
PLACEMENT_ROUNDS = {2: 3, 3: 2, 4: 1}
#: The special cards in the order used by :attr:`Specials.held`.
SPECIAL_ORDER: tuple[SpecialCard, ...] = (
    SpecialCard.HIGH_MORALE,
    SpecialCard.PROTECTION,
    SpecialCard.DIVINE_SUPPORT,
    SpecialCard.SCOUT,
)

# Step names (``state.flow.step``) — each is a point where someone decides.
STEP_PLACE = "place"  # K-S4: placement rounds
STEP_ACTIONS = "actions"  # K-T2: the two actions of step 2
STEP_DISCARD = "discard"  # K-A-D: the discard half of action D
STEP_SPECIAL = "special"  # K-T4: may play one special card
STEP_EXTRA = "extra"  # K-X1: the High Morale action
STEP_CONQUER = "conquer"  # K-E2: an end-phase turn (two conquests)

PHASE_PLACEMENT = "placement"
PHASE_MAIN = "main"
PHASE_END = "end"

# How the end phase was triggered (K-E1).
TRIGGER_NONE = 0
TRIGGER_STEP1 = 1
TRIGGER_LATER = 2


# --- state ---------------------------------------------------------------------------------------


@frozen
class KhanOptions:
    """The game's options as the state needs them (see :class:`~boardkit_khan.game.KhanGame`)."""

    board: str = ""
    """The ``board`` option: ``""`` (the shipped board) or a board's canonical text."""
    area_counts_river: bool = False
    start_yurts_per_player: bool = False
    """K-S4: the Dutch reading (one start yurt per region *per player*); default: the German
    reading, at most one start yurt in each region whoever placed it."""


@frozen
class PlacedTile:
    """A tile on the board: its index, stack, covered cells and the seats with a yurt on it."""

    tile: int
    stack: StackKey
    mask: int
    owners: tuple[int, ...]


@frozen
class Field:
    """Everything on and beside the board: yurts, tiles, rulers, camps and the tile stock."""

    yurts: tuple[int, ...]
    """One mask per seat: the cells holding that player's yurt."""
    neutral: int
    """Cells holding a neutral yurt."""
    tiles: int
    """Cells under a tile (land and river)."""
    placed: tuple[PlacedTile, ...]
    stock: int
    """Bitmask over tile indices: the tiles still beside the board."""
    rulers: tuple[int, ...]
    """Cell of each ruler (board order), :data:`OFF_BOARD` once removed."""
    camps: tuple[int, ...]
    """Neutral yurts left in each ruler's camp."""

    @property
    def ruler_mask(self) -> int:
        """Cells holding a ruler.

        The rulers' tuple is handed on from field to field until a ruler moves, so the mask of
        the last tuple asked for is kept beside it and given again for that very tuple."""
        rulers = self.rulers
        last = _LAST_RULERS[0]  # one read: another thread may replace it, never change it
        if last[0] is rulers:
            return last[1]
        mask = 0
        for cell in rulers:
            if cell >= 0:
                mask |= 1 << cell
        _LAST_RULERS[0] = (rulers, mask)
        return mask

    @property
    def occupied(self) -> int:
        """Cells that are not free for a yurt or a ruler: yurts, tiles and rulers (K-R1)."""
        mask = self.neutral | self.tiles | self.ruler_mask
        for yurts in self.yurts:
            mask |= yurts
        return mask

    @property
    def removed(self) -> int:
        """How many rulers have left the board."""
        count = 0
        for cell in self.rulers:
            if cell < 0:
                count += 1
        return count


_LAST_RULERS: list[tuple[tuple[int, ...], int]] = [((), 0)]
"""The last rulers' tuple :attr:`Field.ruler_mask` was asked for, and its mask."""


@frozen
class Cards:
    """The ruler cards: hands (sorted), the secret draw pile (top first), the discard pile.

    The discard pile lists its cards bottom first; the last one is face up on top.
    """

    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()


@frozen
class ActiveSpecial:
    """A special card with its owner's yurt on it (K-X2, K-X3, K-X4).

    ``region`` is set for a 4-player Divine Support, ``stack`` for a Scout; ``tile`` is the
    reserved tile of a 4-player Scout (else -1).
    """

    owner: int
    card: SpecialCard
    region: Region | None = None
    stack: StackKey | None = None
    tile: int = -1


@frozen
class Specials:
    """Special cards still in front of each player, and those in play (K-S1, K-X1…K-X4)."""

    held: tuple[tuple[int, ...], ...]
    """Per seat, how many of each card (order :data:`SPECIAL_ORDER`) are left."""
    active: tuple[ActiveSpecial, ...] = ()


@frozen
class PendingConquest:
    """A conquest waiting for the consent of protected players (K-X5)."""

    stack: StackKey
    orientation: int
    anchor: int
    waiting_for: tuple[int, ...]
    """Protectors still to answer, in the order they are asked."""


@frozen
class TurnState:
    """What the current turn has done so far."""

    actions_left: int = 0
    """Actions still to take in this step (K-T2, K-X1, K-E2)."""
    consent_refused: tuple[int, ...] = ()
    """Protectors (ascending seats) who refused consent in this action: until the action is
    taken, no conquest needing one of them is offered or accepted; conquests needing only other
    protectors may still be asked for (decision, K-X2, K-X5)."""
    pending: PendingConquest | None = None
    returned: tuple[SpecialCard, ...] = ()
    """Protection cards whose yurt came back in this turn's step 3 (2-player repeat rule)."""


@frozen
class Outcome:
    """The final scores (K-V1…K-V4)."""

    tile_points: tuple[int, ...]
    bonus: tuple[int, ...]
    total: tuple[int, ...]
    largest_area: tuple[int, ...]
    winners: tuple[int, ...]


@frozen
class KhanState:
    """A Khan game at one moment. Change it only through events (see ``reduce``)."""

    flow: Flow
    options: KhanOptions
    field: Field
    cards: Cards
    specials: Specials
    turn: TurnState = TurnState()
    start_player: int = 0
    placed_regions: tuple[int, ...] = ()
    """Per seat: bitmask of region indices where that seat placed a start yurt (K-S4)."""
    placements_done: int = 0
    end_trigger: int = TRIGGER_NONE
    end_first_player: int = -1
    end_turns: int = 0
    outcome: Outcome | None = None

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.flow.players


with_field: Callable[[KhanState, Field], KhanState] = replacer(KhanState, "field")
"""``state`` with another :class:`Field` (a copy written out once, see
:func:`boardkit.replacing.replacer`; the other helpers below too)."""

with_cards: Callable[[KhanState, Cards], KhanState] = replacer(KhanState, "cards")
"""``state`` with other :class:`Cards`."""

with_specials: Callable[[KhanState, Specials, TurnState], KhanState] = replacer(
    KhanState, "specials", "turn"
)
"""``state`` with other :class:`Specials` and :class:`TurnState`."""

with_field_turn: Callable[[KhanState, Field, TurnState], KhanState] = replacer(
    KhanState, "field", "turn"
)
"""``state`` with another :class:`Field` and :class:`TurnState`."""

with_turn: Callable[[KhanState, TurnState], KhanState] = replacer(KhanState, "turn")
"""``state`` with another :class:`TurnState`."""


# --- static tables -------------------------------------------------------------------------------


@frozen(eq=False)
class CardInfo:
    """A card's ruler (board index), direction and symbol, and where its symbol lets a yurt go."""

    card: Card
    ruler: int
    direction: Direction
    symbol: Symbol
    allowed: int
    """Land cells the symbol allows (K-A-A), free or not."""


@frozen(eq=False)
class Static:
    """Everything fixed for a game on one board: board, cards, tiles, placements."""

    board: Board
    table: PlacementTable
    cards: tuple[CardInfo, ...]
    tiles: tuple[TileSpec, ...]
    tile_stacks: tuple[StackKey, ...]
    """Stack of each tile index."""
    stacks: tuple[tuple[StackKey, int], ...]
    """Every stack with the mask of its tile indices, sorted by stack."""
    stack_mask: dict[StackKey, int]
    region_index: dict[Region, int]
    region_masks: tuple[int, ...]
    """Land cells of each region, in :class:`Region` order."""
    divine_regions: tuple[frozenset[Region], ...]
    land_rays: tuple[tuple[tuple[int, ...], ...], ...]
    """Per cell and direction: the land cells of the ruler's ray, nearest first (K-R1)."""
    available_memo: dict[int, tuple[StackKey, ...]] = attrs.field(factory=dict, repr=False)
    """Memo of :func:`boardkit_khan.rules.queries.available_stacks`: usable tile mask → stacks (a
    cache of a pure function of the tables, bounded by that function; not game state)."""
    stack_sets: dict[int, tuple[StackKey, ...]] = attrs.field(factory=dict, repr=False)
    """The one tuple of each set of stacks :attr:`available_memo` has given, by the bits of
    their indices in :attr:`stacks` (many tile masks leave the same stacks available)."""


def _ruler_index(board: Board, deck: tuple[Card, ...]) -> dict[str, int]:
    """Map card ruler names to board ruler indices: by name, else by order of appearance."""
    names = [spec.name for spec in board.rulers]
    order: list[str] = []
    for card in deck:
        if card.ruler not in order:
            order.append(card.ruler)
    return {name: names.index(name) if name in names else order.index(name) for name in order}


def build_static(board: Board) -> Static:
    """The static tables for ``board`` (use :func:`static_for` for the cached version)."""
    deck = standard_deck()
    ruler_of = _ruler_index(board, deck)
    if len(board.rulers) != len(ruler_of):
        raise InvalidOptionsError(
            f"board {board.name!r} has {len(board.rulers)} rulers but the deck names "
            f"{len(ruler_of)}"
        )
    cards = tuple(
        CardInfo(
            c, ruler_of[c.ruler], c.direction, c.symbol, allowed_cells(board, c.symbol) & board.land
        )
        for c in deck
    )
    tiles = standard_tiles()
    tile_stacks = tuple(stack_key_of(t) for t in tiles)
    masks: dict[StackKey, int] = {}
    for index, key in enumerate(tile_stacks):
        masks[key] = masks.get(key, 0) | (1 << index)
    stacks = tuple(sorted(masks.items()))
    rays = tuple(
        tuple(tuple(c for c in board.ray(cell, d) if (board.land >> c) & 1) for d in Direction)
        for cell in range(board.grid.size)
    )
    return Static(
        board=board,
        table=placement_table(board),
        cards=cards,
        tiles=tiles,
        tile_stacks=tile_stacks,
        stacks=stacks,
        stack_mask=dict(stacks),
        region_index={r: i for i, r in enumerate(Region)},
        region_masks=tuple(board.region_mask(r) & board.land for r in Region),
        divine_regions=divine_support_regions(),
        land_rays=rays,
    )


@lru_cache(maxsize=32)
def static_for(board: str) -> Static:
    """The static tables of the board an option value names: ``""`` for the shipped board, else
    a board's canonical text (see :mod:`boardkit_khan.rules.board_option`), checked and cached by
    it.

    Raises :class:`~boardkit.errors.InvalidOptionsError` naming every problem of a bad board.
    Opens no file. The cache is keyed by the text, so every state of a match, which holds the
    same text object, finds its tables at once.
    """
    return build_static(board_from_option(board))


def initial_state(
    players: int, options: KhanOptions, rulers: tuple[int, ...] | None = None
) -> KhanState:
    """The state before setup: specials dealt face up (K-S1), rulers on their start cells and
    full camps (K-S2), all tiles in the stock, no cards dealt yet.

    ``rulers`` are the start cells in board order (the option ``ruler_cells``, already checked
    by :mod:`boardkit_khan.rules.ruler_cells`); ``None``: the cells printed on the board.
    """
    static = static_for(options.board)
    board = static.board
    per_player = _specials_per_player(players)
    field = Field(
        yurts=(0,) * players,
        neutral=0,
        tiles=0,
        placed=(),
        stock=(1 << len(static.tiles)) - 1,
        rulers=tuple(spec.start_cell for spec in board.rulers) if rulers is None else rulers,
        camps=(CAMP_YURTS,) * len(board.rulers),
    )
    return KhanState(
        flow=Flow(players),
        options=options,
        field=field,
        cards=Cards(hands=((),) * players),
        specials=Specials(held=(per_player,) * players),
        placed_regions=(0,) * players,
    )


def _specials_per_player(players: int) -> tuple[int, ...]:
    counts = special_cards_per_player(players)
    return tuple(counts[card] for card in SPECIAL_ORDER)


__all__ = [
    "ActiveSpecial",
    "CardInfo",
    "Cards",
    "Field",
    "KhanOptions",
    "KhanState",
    "Outcome",
    "PendingConquest",
    "PlacedTile",
    "Specials",
    "Static",
    "TurnState",
    "build_static",
    "initial_state",
    "static_for",
]
