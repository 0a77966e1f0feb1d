"""Khan's events: the facts a game is folded from.

Every random outcome is an event (the start player, each shuffle), so replay needs no random
generator. Events that carry secrets — a shuffled draw pile, a card drawn into a hand — are
passed through :func:`boardkit_khan.rules.views.redact` before a player reads them; the reducer
accepts the redacted forms (cards replaced by :data:`~boardkit_khan.rules.state.UNKNOWN_CARD`), so a
redacted log folds to a state the player sees exactly as the real one (K-H1).

The flow events of :mod:`boardkit.flow` (``StepStarted``, ``TurnEnded``, ``DecisionOwed`` …) are
emitted alongside these; the reducer sees them too.
"""

from __future__ import annotations

from typing import get_args

from attrs import frozen

from boardkit_khan.rules.board import Region
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.placements import StackKey

# --- setup ----------------------------------------------------------------------------------------


@frozen
class StartPlayerChosen:
    """K-S3: the start player, drawn at random."""

    player: int


@frozen
class DrawPileShuffled:
    """K-S5: the 72 cards, shuffled into the draw pile (top first). Secret: redacted."""

    cards: tuple[int, ...]


# --- cards ----------------------------------------------------------------------------------------


@frozen
class CardDrawn:
    """``player`` drew the top card of the draw pile into his hand. Others read it redacted."""

    player: int
    card: int


@frozen
class CardRevealed:
    """The top card of the draw pile was turned face up onto the discard pile (K-T1, K-A-B)."""

    card: int


@frozen
class DiscardReshuffled:
    """K-S5: the draw pile ran out; the discard pile became the new draw pile in this order.

    The order is secret (redacted); which cards it holds is public (they were face up).
    """

    cards: tuple[int, ...]


@frozen
class CardPlayed:
    """K-A-A: ``player`` played ``card`` from his hand onto the discard pile."""

    player: int
    card: int


@frozen
class CardsDiscarded:
    """K-A-D: ``player`` discarded these hand cards face up."""

    player: int
    cards: tuple[int, ...]


# --- yurts and rulers -----------------------------------------------------------------------------


@frozen
class YurtPlaced:
    """``player`` put one of his yurts on ``cell`` (K-S4, K-A-A, K-A-D)."""

    player: int
    cell: int


@frozen
class RulerMoved:
    """K-R1/K-R2: ``ruler`` fled from ``origin`` to ``target`` in ``direction``.

    ``direction`` is the :class:`~boardkit.geometry.grid.Direction` number (0 = N, clockwise);
    a plain int because the JSON codec reads IntEnum fields back as ints.
    """

    ruler: int
    origin: int
    target: int
    direction: int


@frozen
class NeutralYurtPlaced:
    """K-R3: a neutral yurt went on ``cell``, from ``camp`` (a ruler index) or the supply (-1)."""

    cell: int
    camp: int


@frozen
class RulerRemoved:
    """K-R4/K-E1: ``ruler`` left the board for good; any yurts left in his camp go to supply.

    ``reason`` is ``"camp"`` (his last camp yurt was used), ``"blocked"`` (no direction had a
    free cell) or ``"end"`` (replaced when the end phase was triggered).
    """

    ruler: int
    reason: str


@frozen
class EndPhaseTriggered:
    """K-E1/K-R5: the fifth ruler left; the end phase begins with ``first_player``.

    ``in_step1`` tells whether it happened in step 1 (then the active player starts it at once).
    """

    in_step1: bool
    first_player: int


# --- actions and steps ----------------------------------------------------------------------------


@frozen
class ActionsGranted:
    """The active player may now take ``count`` actions (K-T2: 2, K-X1: 1, K-E2: 2)."""

    count: int


@frozen
class ActionTaken:
    """The active player started an action of ``kind`` (A, B, C, D) costing ``cost`` actions."""

    kind: str
    cost: int


@frozen
class ActionsForfeited:
    """K-T2 / K-E3 decision: no legal action was left, so ``count`` actions are lost."""

    count: int


@frozen
class TileLaid:
    """K-A-C: ``player`` laid tile ``tile`` over ``mask``; covered yurts left the board, and each
    of ``owners`` (the players tied for the majority, K-A-C5) put a yurt on it."""

    player: int
    tile: int
    stack: StackKey
    orientation: int
    anchor: int
    mask: int
    owners: tuple[int, ...]


@frozen
class ConsentRequested:
    """K-X5: the conquest ``stack``/``orientation``/``anchor`` waits for these protectors."""

    player: int
    stack: StackKey
    orientation: int
    anchor: int
    protectors: tuple[int, ...]


@frozen
class ConsentGiven:
    """K-X5: ``player`` agreed to the pending conquest."""

    player: int


@frozen
class ConsentRefused:
    """K-X5: ``player`` refused; the conquest does not happen and the action is not spent."""

    player: int


# --- special cards --------------------------------------------------------------------------------


@frozen
class SpecialPlayed:
    """K-T4: ``player`` played a special card (region for 4-player Divine Support, stack and
    tile for a Scout)."""

    player: int
    card: SpecialCard
    region: Region | None = None
    stack: StackKey | None = None
    tile: int = -1


@frozen
class SpecialReturned:
    """K-T3 / K-X4 / K-E2: ``player`` took his yurt back from ``card``, which leaves play."""

    player: int
    card: SpecialCard


# --- end ------------------------------------------------------------------------------------------


@frozen
class TurnForfeited:
    """K-E3: ``player`` cannot conquer and loses his end-phase turn."""

    player: int


@frozen
class GameScored:
    """K-V1…K-V4: no player can conquer any more; the final scores and the winners."""

    tile_points: tuple[int, ...]
    bonus: tuple[int, ...]
    total: tuple[int, ...]
    largest_area: tuple[int, ...]
    winners: tuple[int, ...]


KhanEvent = (
    StartPlayerChosen
    | DrawPileShuffled
    | CardDrawn
    | CardRevealed
    | DiscardReshuffled
    | CardPlayed
    | CardsDiscarded
    | YurtPlaced
    | RulerMoved
    | NeutralYurtPlaced
    | RulerRemoved
    | EndPhaseTriggered
    | ActionsGranted
    | ActionTaken
    | ActionsForfeited
    | TileLaid
    | ConsentRequested
    | ConsentGiven
    | ConsentRefused
    | SpecialPlayed
    | SpecialReturned
    | TurnForfeited
    | GameScored
)
"""Any event of Khan (the flow events of :mod:`boardkit.flow` aside)."""

EVENT_TYPES: tuple[type, ...] = get_args(KhanEvent)
"""The classes of :data:`KhanEvent`, in order (the game's ``event_types``)."""
