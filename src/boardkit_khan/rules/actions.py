"""Khan's actions: what a player may ask for, and how each reads as text.

Every action is a small frozen attrs class (hashable, JSON-able through the codec) built only
from things the acting player can see: his own hand cards (by deck index), board cells (``row *
width + col``), ruler indices, tile stacks (:class:`~boardkit_khan.rules.placements.StackKey`) with
an orientation and an anchor cell, regions.

Action D ("invade any land and discard") is two decisions: :class:`InvadeAnywhere` picks the
cell and spends both actions, then :class:`Discard` picks the 0–4 cards (the Dutch rulebook calls
the halves D1 and D2). Splitting it keeps the list of legal actions short (cells + 16 discard
sets instead of cells × 16).
"""

from __future__ import annotations

from typing import get_args

from attrs import frozen

from boardkit.geometry.grid import Grid
from boardkit.i18n import N_
from boardkit_khan.rules.board import Board, Region
from boardkit_khan.rules.components import Card, standard_deck
from boardkit_khan.rules.placements import StackKey


@frozen
class PlaceStartYurt:
    """K-S4: in a placement round, put an own yurt on a free land cell of an unused region."""

    cell: int


@frozen
class Invade:
    """K-A-A (action A): play hand card ``card`` and put an own yurt on ``cell``."""

    card: int
    cell: int


@frozen
class DisplaceRuler:
    """K-A-B (action B): displace ruler ``ruler`` in the direction of the next drawn card."""

    ruler: int


@frozen
class Conquer:
    """K-A-C (action C): lay a tile of ``stack`` in ``orientation``, its anchor on ``anchor``."""

    stack: StackKey
    orientation: int
    anchor: int


@frozen
class InvadeAnywhere:
    """K-A-D, first half (uses both actions): put an own yurt on any free land cell."""

    cell: int


@frozen
class Discard:
    """K-A-D, second half: discard these hand cards (0 to 4, sorted)."""

    cards: tuple[int, ...]


@frozen
class PlayHighMorale:
    """K-X1 (step 4): play High Morale and take one more action (A, B or C) at once."""


@frozen
class PlayProtection:
    """K-X2 (step 4): play Protection of the Great Khan on your own yurts."""


@frozen
class PlayDivineSupport:
    """K-X3 (step 4): play Divine Support; ``region`` only with 4 players."""

    region: Region | None = None


@frozen
class PlayScout:
    """K-X4 (step 4): reserve ``stack`` (2–3 players) or one tile of it (4 players)."""

    stack: StackKey


@frozen
class NoSpecial:
    """K-T4: play no special card this turn."""


@frozen
class Consent:
    """K-X5: the protected player's answer to a conquest that needs his consent."""

    yes: bool


KhanAction = (
    PlaceStartYurt
    | Invade
    | DisplaceRuler
    | Conquer
    | InvadeAnywhere
    | Discard
    | PlayHighMorale
    | PlayProtection
    | PlayDivineSupport
    | PlayScout
    | NoSpecial
    | Consent
)

ACTION_TYPES: tuple[type, ...] = get_args(KhanAction)
"""The classes of :data:`KhanAction`, in order (for the codec)."""

_LABEL_GRID = Grid(13, 13)


def card_text(card: int) -> str:
    """A card as ``Seljuk/NE/Tundra``; ``?`` for a card that is not in the deck."""
    deck = standard_deck()
    if not 0 <= card < len(deck):
        return "?"
    return describe_card(deck[card])


def describe_card(card: Card) -> str:
    """``Ruler/DIRECTION/Symbol``."""
    symbol = card.symbol.value.replace("_", " ").capitalize()
    return f"{card.ruler}/{card.direction.name}/{symbol}"


def cell_text(cell: int, grid: Grid = _LABEL_GRID) -> str:
    """A cell label such as ``E1`` (column letter, row number from the north)."""
    if not 0 <= cell < grid.size:
        return f"cell {cell}"
    return grid.label(cell)


def describe(action: object, grid: Grid = _LABEL_GRID, rulers: tuple[str, ...] = ()) -> str:
    """A short readable text of ``action`` (labels use ``grid``; rulers named if given)."""
    if isinstance(action, PlaceStartYurt):
        return f"place a start yurt at {cell_text(action.cell, grid)}"
    if isinstance(action, Invade):
        deck = standard_deck()
        what = "?"
        if 0 <= action.card < len(deck):
            symbol = deck[action.card].symbol
            what = symbol.region.title if symbol.region else symbol.value.capitalize()
        return f"A: invade {what} (card {card_text(action.card)}) at {cell_text(action.cell, grid)}"
    if isinstance(action, DisplaceRuler):
        name = rulers[action.ruler] if 0 <= action.ruler < len(rulers) else f"#{action.ruler}"
        return f"B: displace ruler {name}"
    if isinstance(action, Conquer):
        kind = "bridge" if action.stack.bridge else "tile"
        return (
            f"C: conquer {kind} {action.stack.shape} orientation {action.orientation} "
            f"at {cell_text(action.anchor, grid)}"
        )
    if isinstance(action, InvadeAnywhere):
        return f"D: invade any land at {cell_text(action.cell, grid)}"
    if isinstance(action, Discard):
        if not action.cards:
            return "D: discard no cards"
        return "D: discard " + ", ".join(card_text(c) for c in action.cards)
    if isinstance(action, PlayHighMorale):
        return "special: High Morale (one more action)"
    if isinstance(action, PlayProtection):
        return "special: Protection of the Great Khan"
    if isinstance(action, PlayDivineSupport):
        where = f" on {action.region.title}" if action.region is not None else ""
        return f"special: Divine Support{where}"
    if isinstance(action, PlayScout):
        return f"special: Scout reserving {action.stack}"
    if isinstance(action, NoSpecial):
        return "no special card"
    if isinstance(action, Consent):
        return "consent: yes" if action.yes else "consent: no"
    return repr(action)


MENU_LABEL_TEMPLATES: tuple[str, ...] = (
    N_("{items}, {item}"),  # a list of cards to discard: split before its cards
    N_("card {card}"),
    N_("{ruler}/{direction}/{symbol}"),  # a ruler card, as card_text writes it
    N_("tile {shape}"),
    N_("bridge {shape}"),
    N_("orientation {number}"),
    N_("{count} cards"),
    N_("on {region}"),
    N_("reserving {tiles}"),
)
"""The patterns of :func:`menu_path`'s labels made of words and values, as message ids of
Khan's catalogue (:attr:`boardkit.game.Game.menu_label_templates`): a reader of German reads
``card Seljuk/NE/Tundra`` as ``Karte Seljuk/NO/Tundra``, ``tile L5`` as ``Plättchen L5``."""


def menu_path(action: object, board: Board, rulers: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Menu labels for a front end: kind of action, then card / tile / region, then the cell.

    Khan offers hundreds of actions at once; nesting keeps every menu level short: conquests
    as kind → tile → orientation → anchor cell, invasions (A, D, start yurts) by region (a card
    that names one region passes its level through), discards (D's second half) by how many
    cards go (``0 cards`` … ``4 cards``, numbered as they read), special cards by card.

    The fixed labels are message ids of Khan's catalogue (marked ``N_``), so a front end shows
    them in the reader's language (:func:`boardkit.present.menus.shown_label`: ``C: erobern``)
    while a person still types them as written here; regions and special cards are read
    through the same catalogue, where their names are ids too, and the labels made of words
    and values through :data:`MENU_LABEL_TEMPLATES` (``tile L5``: ``Plättchen L5``).
    """
    grid = board.grid

    def region_text(cell: int) -> str:
        region = board.region_of(cell) if 0 <= cell < grid.size else None
        return region.title if region is not None else "?"

    if isinstance(action, PlaceStartYurt):
        return (N_("start yurt"), region_text(action.cell), cell_text(action.cell, grid))
    if isinstance(action, Invade):
        return (
            N_("A: invade"),
            f"card {card_text(action.card)}",
            region_text(action.cell),
            cell_text(action.cell, grid),
        )
    if isinstance(action, Conquer):
        kind = "bridge" if action.stack.bridge else "tile"
        return (
            N_("C: conquer"),
            f"{kind} {action.stack.shape}",
            f"orientation {action.orientation}",
            cell_text(action.anchor, grid),
        )
    if isinstance(action, InvadeAnywhere):
        return (N_("D: invade any land"), region_text(action.cell), cell_text(action.cell, grid))
    if isinstance(action, Discard):
        count = len(action.cards)
        group = N_("1 card") if count == 1 else f"{count} cards"
        if not action.cards:
            return (N_("D: discard"), group)
        return (N_("D: discard"), group, ", ".join(card_text(c) for c in action.cards))
    if isinstance(action, DisplaceRuler):
        name = rulers[action.ruler] if 0 <= action.ruler < len(rulers) else f"#{action.ruler}"
        return (N_("B: displace ruler"), name)
    if isinstance(action, PlayDivineSupport) and action.region is not None:
        return (N_("special"), "Divine Support", f"on {action.region.title}")
    if isinstance(action, PlayScout):
        return ("special", "Scout", f"reserving {action.stack}")
    if isinstance(action, PlayHighMorale):  # as describe() words it, split at its ": "
        return ("special", N_("High Morale (one more action)"))
    if isinstance(action, NoSpecial):
        return (N_("no special card"),)
    if isinstance(action, Consent):
        return (N_("consent"), N_("yes") if action.yes else N_("no"))
    text = describe(action, grid, rulers)
    head, sep, rest = text.partition(": ")
    return (head, rest) if sep else (text,)
