"""Khan's events as lines a person wants to read (the game's ``describe_event``).

Each function words one event type for a :class:`~boardkit.present.voice.Voice` (the reader and the
players' names), reading the state *before* the event: "Seljuk moves from B6 to B5", "a neutral
yurt from Seljuk's camp goes on B6 (4 left)", "red conquers with the L-pentomino on C3 D3 D4 D5
E5 (5 points), covering 2 of blue's yurts; red's yurt goes on it".

Hidden information (K-H1): a drawn card is named only to the player who drew it ("you draw
Seljuk/NE/Tundra"), everybody else reads "blue draws a card"; shuffles give only their size.
Nothing here reads a hand or the draw pile from the state, so the lines are the same whatever the
hidden cards are (the narration check of the conformance kit holds it to that).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardkit.flow import DecisionOwed
from boardkit.geometry.grid import cells_of
from boardkit.present.voice import Voice, describe_flow_event, join_words
from boardkit_khan.actions import card_text
from boardkit_khan.board import Board
from boardkit_khan.components import SpecialCard
from boardkit_khan.events import (
    ActionsForfeited,
    ActionsGranted,
    ActionTaken,
    CardDrawn,
    CardPlayed,
    CardRevealed,
    CardsDiscarded,
    ConsentGiven,
    ConsentRefused,
    ConsentRequested,
    DiscardReshuffled,
    DrawPileShuffled,
    EndPhaseTriggered,
    GameScored,
    NeutralYurtPlaced,
    RulerMoved,
    RulerRemoved,
    SpecialPlayed,
    SpecialReturned,
    StartPlayerChosen,
    TileLaid,
    TurnForfeited,
    YurtPlaced,
)
from boardkit_khan.placements import StackKey
from boardkit_khan.state import (
    PHASE_PLACEMENT,
    REMOVALS_TO_END,
    UNKNOWN_CARD,
    KhanState,
    static_for,
)

QUIET_EVENTS: tuple[type, ...] = (ActionsGranted, ActionTaken)
"""Bookkeeping that the events around it already tell: the count of actions a step grants, and
the start of actions A and C (the played card, the yurt, the tile say it). ``ActionTaken`` of B
and D does get a line, because nothing else names those actions."""

SPECIAL_NAMES = {
    SpecialCard.HIGH_MORALE: "High Morale",
    SpecialCard.PROTECTION: "Protection of the Great Khan",
    SpecialCard.DIVINE_SUPPORT: "Divine Support",
    SpecialCard.SCOUT: "Scout",
}

_SIZE_WORDS = {2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino"}
_NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}


def tile_name(stack: StackKey) -> str:
    """A tile as a person names it: "the L-pentomino", "the straight three-cell bridge"."""
    letter, size = stack.shape[0], int(stack.shape[1:] or 0)
    if stack.bridge:
        form = "straight" if letter == "I" else f"{letter}-shaped"
        return f"the {form} {_NUMBER_WORDS.get(size, str(size))}-cell bridge"
    if size == 2:
        return "the domino"
    if size == 3:
        return "the straight tromino" if letter == "I" else "the bent tromino"
    return f"the {letter}-{_SIZE_WORDS.get(size, 'omino')}"


def _cells(board: Board, mask: int) -> str:
    return " ".join(board.label(c) for c in cells_of(mask))


def _where(board: Board, cell: int) -> str:
    region = board.region_of(cell)
    return f"{board.label(cell)} ({region.title})" if region is not None else board.label(cell)


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


class _Narrator:
    """The wording of one event for one reader, with the state before it and its board."""

    def __init__(self, state: KhanState, voice: Voice) -> None:
        self.state = state
        self.voice = voice
        self.static = static_for(state.options.board)
        self.board = self.static.board

    def ruler(self, index: int) -> str:
        rulers = self.board.rulers
        return rulers[index].name if 0 <= index < len(rulers) else f"ruler {index}"

    # --- set-up and cards ---------------------------------------------------------------------

    def start_player(self, e: StartPlayerChosen) -> str:
        return f"{self.voice.does(e.player, 'is')} drawn to start"

    def pile_shuffled(self, e: DrawPileShuffled) -> str:
        return f"the {len(e.cards)} ruler cards are shuffled into the draw pile"

    def card_drawn(self, e: CardDrawn) -> str:
        v = self.voice
        if e.player == v.player and e.card != UNKNOWN_CARD:
            return f"{v.does(e.player, 'draws')} {card_text(e.card)}"
        return f"{v.does(e.player, 'draws')} a card"

    def card_revealed(self, e: CardRevealed) -> str:
        return f"the top card is turned face up: {card_text(e.card)}"

    def reshuffled(self, e: DiscardReshuffled) -> str:
        return f"the {len(e.cards)} discarded cards are shuffled into a new draw pile"

    def card_played(self, e: CardPlayed) -> str:
        return f"{self.voice.does(e.player, 'plays')} {card_text(e.card)}"

    def cards_discarded(self, e: CardsDiscarded) -> str:
        cards = join_words([card_text(c) for c in e.cards])
        return f"{self.voice.does(e.player, 'discards')} {cards}"

    # --- yurts and rulers ---------------------------------------------------------------------

    def yurt_placed(self, e: YurtPlaced) -> str:
        v = self.voice
        if self.state.flow.phase == PHASE_PLACEMENT:
            return f"{v.does(e.player, 'places')} a start yurt on {_where(self.board, e.cell)}"
        return f"{v.does(e.player, 'puts')} a yurt on {_where(self.board, e.cell)}"

    def ruler_moved(self, e: RulerMoved) -> str:
        label = self.board.label
        return f"{self.ruler(e.ruler)} moves from {label(e.origin)} to {label(e.target)}"

    def neutral_placed(self, e: NeutralYurtPlaced) -> str:
        cell = self.board.label(e.cell)
        if e.camp < 0:
            return f"a neutral yurt from the supply goes on {cell}"
        left = self.state.field.camps[e.camp] - 1
        return f"a neutral yurt from {self.ruler(e.camp)}'s camp goes on {cell} ({left} left)"

    def ruler_removed(self, e: RulerRemoved) -> str:
        name = self.ruler(e.ruler)
        if e.reason == "end":
            return f"{name} leaves the board as the end phase comes"
        gone = f"({self.state.field.removed + 1} of {REMOVALS_TO_END} rulers gone)"
        if e.reason == "blocked":
            return f"{name} cannot flee in any direction and leaves the board {gone}"
        return f"{name}'s camp is empty: he leaves the board {gone}"

    def end_triggered(self, e: EndPhaseTriggered) -> str:
        first = self.voice.who(e.first_player)
        return f"the fifth ruler is gone: the end phase comes next, opened by {first}"

    # --- actions ------------------------------------------------------------------------------

    def action_taken(self, e: ActionTaken) -> str | None:
        active = self.state.flow.active
        if active is None:
            return None
        v = self.voice
        if e.kind == "B":
            return f"{v.does(active, 'displaces')} a ruler (action B)"
        if e.kind == "D":
            return f"{v.does(active, 'invades')} any land, using both actions (action D)"
        return None

    def forfeited(self, e: ActionsForfeited) -> str:
        active = self.state.flow.active
        what = _count(e.count, "action")
        if active is None:
            return f"no legal action is left: {what} lost"
        v = self.voice
        return f"{v.who(active)} can do nothing more and {v.verb(active, 'loses')} {what}"

    def tile_laid(self, e: TileLaid) -> str:
        v, board = self.voice, self.board
        points = self.static.tiles[e.tile].points if 0 <= e.tile < len(self.static.tiles) else 0
        verb, where = ("builds", "over") if e.stack.bridge else ("conquers with", "on")
        text = f"{v.does(e.player, verb)} {tile_name(e.stack)} {where} {_cells(board, e.mask)}"
        text += f" ({_count(points, 'point')})"
        covered = self.covered(e.mask)
        if covered:
            text += f", covering {covered}"
        if e.owners == (e.player,):
            return f"{text}; {v.whose(e.player)} yurt goes on it"
        return f"{text}; {join_words([v.who(o) for o in e.owners])} each put a yurt on it"

    def covered(self, mask: int) -> str:
        """The yurts a tile on ``mask`` covers: "2 of your yurts and 1 neutral yurt"."""
        field = self.state.field
        parts = []
        for seat, yurts in enumerate(field.yurts):
            n = (yurts & mask).bit_count()
            if n:
                parts.append(f"{n} of {self.voice.whose(seat)} yurts")
        neutral = (field.neutral & mask).bit_count()
        if neutral:
            parts.append(_count(neutral, "neutral yurt"))
        return join_words(parts)

    def consent_requested(self, e: ConsentRequested) -> str:
        v = self.voice
        asked = join_words([v.who(p) for p in e.protectors])
        return (
            f"{v.does(e.player, 'wants')} to lay {tile_name(e.stack)} at "
            f"{self.board.label(e.anchor)}, which needs the consent of {asked}"
        )

    def consent_given(self, e: ConsentGiven) -> str:
        return f"{self.voice.does(e.player, 'agrees')} to the conquest"

    def consent_refused(self, e: ConsentRefused) -> str:
        return f"{self.voice.does(e.player, 'refuses')}: the conquest does not happen"

    # --- special cards and the end ------------------------------------------------------------

    def special_played(self, e: SpecialPlayed) -> str:
        v = self.voice
        text = f"{v.does(e.player, 'plays')} {SPECIAL_NAMES[e.card]}"
        if e.card is SpecialCard.HIGH_MORALE:
            return f"{text} and {v.verb(e.player, 'takes')} one more action"
        if e.region is not None:
            return f"{text} on {e.region.title}"
        if e.stack is not None:
            name = tile_name(e.stack).removeprefix("the ")
            what = f"one {name}" if e.tile >= 0 else f"the {name} stack"
            return f"{text}, reserving {what}"
        return text

    def special_returned(self, e: SpecialReturned) -> str:
        v = self.voice
        return f"{v.whose(e.player)} yurt comes back from {SPECIAL_NAMES[e.card]}"

    def turn_forfeited(self, e: TurnForfeited) -> str:
        v = self.voice
        return f"{v.who(e.player)} cannot conquer and {v.verb(e.player, 'loses')} the turn"

    def scored(self, e: GameScored) -> str:
        v = self.voice
        scores = ", ".join(
            f"{v.name(seat)} {total} ({points} + {bonus} bonus)"
            for seat, (total, points, bonus) in enumerate(
                zip(e.total, e.tile_points, e.bonus, strict=True)
            )
        )
        winners = [v.who(w) for w in e.winners]
        if len(winners) == 1:
            won = f"{winners[0]} {v.verb(e.winners[0], 'wins')}"
        else:
            won = f"{join_words(winners)} share the win"
        return f"final score: {scores}; {won}"

    def decision_owed(self, e: DecisionOwed) -> str | None:
        if e.kind == "consent":
            return f"{self.voice.who(e.player)} must consent or refuse"
        return describe_flow_event(e, self.voice)


_WORDING: dict[type, Callable[[_Narrator, Any], str | None]] = {
    StartPlayerChosen: _Narrator.start_player,
    DrawPileShuffled: _Narrator.pile_shuffled,
    CardDrawn: _Narrator.card_drawn,
    CardRevealed: _Narrator.card_revealed,
    DiscardReshuffled: _Narrator.reshuffled,
    CardPlayed: _Narrator.card_played,
    CardsDiscarded: _Narrator.cards_discarded,
    YurtPlaced: _Narrator.yurt_placed,
    RulerMoved: _Narrator.ruler_moved,
    NeutralYurtPlaced: _Narrator.neutral_placed,
    RulerRemoved: _Narrator.ruler_removed,
    EndPhaseTriggered: _Narrator.end_triggered,
    ActionsGranted: lambda narrator, event: None,
    ActionTaken: _Narrator.action_taken,
    ActionsForfeited: _Narrator.forfeited,
    TileLaid: _Narrator.tile_laid,
    ConsentRequested: _Narrator.consent_requested,
    ConsentGiven: _Narrator.consent_given,
    ConsentRefused: _Narrator.consent_refused,
    SpecialPlayed: _Narrator.special_played,
    SpecialReturned: _Narrator.special_returned,
    TurnForfeited: _Narrator.turn_forfeited,
    GameScored: _Narrator.scored,
    DecisionOwed: _Narrator.decision_owed,
}


def describe_event(event: object, state: KhanState, voice: Voice) -> str | None:
    """The line of ``event`` for ``voice``'s reader, ``state`` being the state before it.

    Flow events other than a consent owed get the framework's lines.
    """
    wording = _WORDING.get(type(event))
    if wording is None:
        return describe_flow_event(event, voice)
    return wording(_Narrator(state, voice), event)


def describe_run(events: Sequence[object], state: KhanState, voice: Voice) -> list[str] | None:
    """Consecutive card draws (the deal, a turn's refill) as one line per drawer, or one line
    for all when every player draws as many: "each player draws 4 cards; you draw A, B, C and
    D", "blue draws 2 cards". The reader's own cards are named (as in :func:`describe_event`),
    nobody else's. Other runs: ``None`` (one line each)."""
    if not all(isinstance(e, CardDrawn) for e in events):
        return None
    draws = [e for e in events if isinstance(e, CardDrawn)]
    counts: dict[int, int] = {}
    for e in draws:
        counts[e.player] = counts.get(e.player, 0) + 1
    own = [card_text(e.card) for e in draws if e.player == voice.player and e.card != UNKNOWN_CARD]
    named = voice.player in counts and len(own) == counts[voice.player]

    def cards(n: int) -> str:
        return "a card" if n == 1 else f"{n} cards"

    sizes = set(counts.values())
    if len(counts) == state.players > 1 and len(sizes) == 1:
        line = f"each player draws {cards(sizes.pop())}"
        return [f"{line}; you draw {join_words(own)}" if named else line]
    lines = []
    for seat, n in counts.items():
        if seat == voice.player and named:
            lines.append(f"{voice.does(seat, 'draws')} {join_words(own)}")
        else:
            lines.append(f"{voice.does(seat, 'draws')} {cards(n)}")
    return lines
