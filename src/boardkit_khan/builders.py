"""Build Khan positions in code: start a match, skip the placement rounds, then change the board,
the cards or the turn by hand to set up the situation a rule is about (tests, puzzles, bug
reports). For a whole position as one string see :mod:`boardkit_khan.rules.notation`.

Cells are written as labels (``"J4"``: column J, row 4 from the north) on the shipped board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from attrs import evolve

from boardkit import Match, Rng, engine
from boardkit.flow import decider
from boardkit.geometry.grid import Direction
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.actions import Conquer, Invade, KhanAction
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.components import Symbol, standard_deck
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import (
    PHASE_MAIN,
    STEP_ACTIONS,
    ActiveSpecial,
    KhanState,
    PlacedTile,
    static_for,
)

GAME = KhanGame()
BOARD = default_board()
STATIC = static_for("")
RULERS = {spec.name: index for index, spec in enumerate(BOARD.rulers)}


def cell(label: str) -> int:
    """The cell of a label such as ``"J4"``."""
    return BOARD.parse_label(label)


def mask(*labels: str) -> int:
    """The mask of the labelled cells."""
    out = 0
    for label in labels:
        out |= 1 << cell(label)
    return out


def card_id(ruler: str, direction: str, symbol: str | None = None) -> int:
    """The deck index of the card of ``ruler`` with ``direction`` (and ``symbol`` if given)."""
    for index, card in enumerate(standard_deck()):
        if (
            card.ruler == ruler
            and card.direction is Direction[direction]
            and (symbol is None or card.symbol is Symbol(symbol))
        ):
            return index
    raise KeyError(f"no card {ruler}/{direction}/{symbol}")


def cards_with(symbol: str) -> list[int]:
    """Every deck index whose symbol is ``symbol``."""
    return [i for i, c in enumerate(standard_deck()) if c.symbol is Symbol(symbol)]


def region_mask(region: Region) -> int:
    """The land cells of ``region``."""
    return BOARD.region_mask(region) & BOARD.land


def new_match(
    players: int = 4, seed: int = 0, options: dict[str, Any] | None = None
) -> Match[KhanState]:
    """A new match (setup done, placement rounds ahead)."""
    return Match.new(GAME, players, options, seed)


def through_placement(match: Match[KhanState], pick: int = 0) -> Match[KhanState]:
    """Play the placement rounds with the ``pick``-th legal cell each time."""
    while match.state.flow.phase != PHASE_MAIN:
        legal = match.legal_actions()
        match.play(legal[pick % len(legal)])
    return match


def main_state(players: int = 4, seed: int = 0) -> KhanState:
    """A state at the start of step 2 of the first main-phase turn."""
    state = through_placement(new_match(players, seed)).state
    assert state.flow.step == STEP_ACTIONS
    return state


def step(state: KhanState, action: KhanAction, seed: int = 0) -> tuple[KhanState, list[object]]:
    """Play ``action`` for whoever decides, through the engine (hooks included)."""
    return engine.step(GAME, state, None, action, Rng(seed, 1))


def legal(state: KhanState) -> list[KhanAction]:
    """The legal actions of the deciding player."""
    return list(GAME.legal_actions(state))


def with_field(state: KhanState, **changes: Any) -> KhanState:
    """``state`` with some :class:`~boardkit_khan.rules.state.Field` attributes replaced."""
    return evolve(state, field=evolve(state.field, **changes))


def with_cards(state: KhanState, **changes: Any) -> KhanState:
    """``state`` with some :class:`~boardkit_khan.rules.state.Cards` attributes replaced."""
    return evolve(state, cards=evolve(state.cards, **changes))


def arrange_cards(
    state: KhanState,
    hands: dict[int, Sequence[int]] | None = None,
    top: Sequence[int] = (),
) -> KhanState:
    """``state`` with the given hands and the draw pile starting with ``top``.

    Other hands keep their size (and their cards where possible); the discard pile keeps the
    cards not named; every one of the 72 cards stays in exactly one place.
    """
    hands = hands or {}
    cards = state.cards
    fixed = {c for h in hands.values() for c in h} | set(top)
    discard = tuple(c for c in cards.discard if c not in fixed)
    kept = {
        seat: [c for c in hand if c not in fixed]
        for seat, hand in enumerate(cards.hands)
        if seat not in hands
    }
    used = fixed | set(discard) | {c for h in kept.values() for c in h}
    pool = [c for c in (*cards.pile, *range(len(STATIC.cards))) if c not in used]
    pool = list(dict.fromkeys(pool))
    new_hands = []
    for seat, hand in enumerate(cards.hands):
        if seat in hands:
            new_hands.append(tuple(sorted(hands[seat])))
        else:
            need = len(hand) - len(kept[seat])
            new_hands.append(tuple(sorted((*kept[seat], *pool[:need]))))
            pool = pool[need:]
    pile_size = max(len(cards.pile), len(top))
    pile = (*top, *pool[: pile_size - len(top)])
    discard = (*discard, *pool[pile_size - len(top) :])
    return evolve(state, cards=evolve(cards, hands=tuple(new_hands), pile=pile, discard=discard))


def place_tile(state: KhanState, stack: StackKey, cells: int, owners: tuple[int, ...]) -> KhanState:
    """``state`` with a tile of ``stack`` lying on ``cells`` (taken from the stock)."""
    field = state.field
    tile_mask = STATIC.stack_mask[stack] & field.stock
    tile = (tile_mask & -tile_mask).bit_length() - 1
    keep = ~cells
    return with_field(
        state,
        yurts=tuple(y & keep for y in field.yurts),
        neutral=field.neutral & keep,
        tiles=field.tiles | cells,
        stock=field.stock & ~(1 << tile),
        placed=(*field.placed, PlacedTile(tile, stack, cells, owners)),
    )


def event_types(events: Iterable[object]) -> list[str]:
    """The class names of ``events``."""
    return [type(e).__name__ for e in events]


def of_type(events: Iterable[object], kind: type) -> list[Any]:
    """The events of class ``kind``."""
    return [e for e in events if type(e) is kind]


def deciding(state: KhanState) -> int | None:
    """Who decides now."""
    return decider(state.flow)


def cleared_board(state: KhanState) -> KhanState:
    """``state`` with no yurts at all on the board (rulers and tiles stay)."""
    return with_field(state, yurts=(0,) * state.players, neutral=0)


def all_cards_count(state: KhanState) -> int:
    """Cards in hands, draw pile and discard pile together."""
    cards = state.cards
    return sum(len(h) for h in cards.hands) + len(cards.pile) + len(cards.discard)


def conquer_at(stack: StackKey, cells: int) -> Conquer:
    """The Conquer action laying a tile of ``stack`` exactly over ``cells``."""
    for placement in STATIC.table.stack(stack).placements:
        if placement.mask == cells:
            return Conquer(stack, placement.orientation, placement.anchor)
    raise KeyError(f"no placement of {stack} covers exactly those cells")


def with_yurts(state: KhanState, owners: dict[str, int | None]) -> KhanState:
    """``state`` with a yurt on each labelled cell: a seat, or ``None`` for a neutral yurt."""
    field = state.field
    yurts = list(field.yurts)
    neutral = field.neutral
    for label, owner in owners.items():
        bit = 1 << cell(label)
        yurts = [y & ~bit for y in yurts]
        neutral &= ~bit
        if owner is None:
            neutral |= bit
        else:
            yurts[owner] |= bit
    return with_field(state, yurts=tuple(yurts), neutral=neutral)


def with_active(state: KhanState, *cards: ActiveSpecial) -> KhanState:
    """``state`` with exactly these special cards in play."""
    return evolve(state, specials=evolve(state.specials, active=tuple(cards)))


def to_step_four(state: KhanState) -> KhanState:
    """Give the active player four Khan cards and play two actions A: step 4 comes next."""
    player = state.flow.active
    assert player is not None
    state = arrange_cards(state, hands={player: cards_with("khan")[:4]})
    for _ in range(2):
        action = next(a for a in legal(state) if isinstance(a, Invade))
        state, _ = step(state, action)
    assert state.flow.step == "special", state.flow.step
    return state
