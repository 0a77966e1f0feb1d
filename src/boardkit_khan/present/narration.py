"""Khan's events as lines a person wants to read (the game's ``describe_event``).

Each function words one event type for a :class:`~boardkit.present.voice.Voice` (the reader and the
players' names), reading the state *before* the event: "Seljuk moves from B6 to B5", "a neutral
yurt from Seljuk's camp goes on B6 (4 left)", "red conquers with the L-pentomino on C3 D3 D4 D5
E5 (5 points), covering 2 of blue's yurts; red's yurt goes on it".

Hidden information (K-H1): a drawn card is named only to the player who drew it ("you draw
Seljuk/NE/Tundra"), everybody else reads "blue draws a card"; shuffles give only their size.
Nothing here reads a hand or the draw pile from the state, so the lines are the same whatever the
hidden cards are (the narration check of the conformance kit holds it to that).

Every line is a :class:`~boardkit.i18n.Message` of the ``boardkit_khan`` domain
(:func:`event_message`, :func:`run_messages`), rendered in the reader's language, with the
rulebooks' terms (:mod:`boardkit_khan.rules.words`). A line whose subject is the reader ("you
draw …") is a message of its own, since the verb agrees with its subject in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardkit.flow import DecisionOwed, PhaseStarted
from boardkit.geometry.grid import cells_of
from boardkit.i18n import N_, Message, Messages
from boardkit.present.voice import Voice, describe_flow_event
from boardkit.present.wording import Line, Says
from boardkit_khan.rules.board import Board
from boardkit_khan.rules.components import SpecialCard
from boardkit_khan.rules.events import (
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
from boardkit_khan.rules.placements import tile_name as tile_name
from boardkit_khan.rules.refusals import SEAT_COLOURS
from boardkit_khan.rules.state import (
    PHASE_END,
    PHASE_MAIN,
    PHASE_PLACEMENT,
    REMOVALS_TO_END,
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_DISCARD,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    UNKNOWN_CARD,
    KhanState,
    static_for,
)
from boardkit_khan.rules.words import (
    REGION_WORDS,
    SPECIAL_WORDS,
    card_words,
    comma_list,
    join_messages,
    seat_colour,
    tile_bare,
    tile_words,
)

_m = Messages("boardkit_khan")

Params = str | int | Message

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
"""The special cards' names in English (in the reader's language:
:data:`boardkit_khan.rules.words.SPECIAL_WORDS`)."""


PHASE_LINES = {
    PHASE_PLACEMENT: N_("the placement phase begins"),
    PHASE_MAIN: N_("the main phase begins"),
    PHASE_END: N_("the end phase begins"),
}
"""Khan's phases as they begin (the rulebooks' set-up rounds, the turns, the end phase)."""

FLOW_WORDS = {
    PHASE_PLACEMENT: N_("placement"),
    PHASE_MAIN: N_("main"),
    PHASE_END: N_("end"),
    STEP_PLACE: N_("place"),
    STEP_ACTIONS: N_("actions"),
    STEP_DISCARD: N_("discard"),
    STEP_SPECIAL: N_("special"),
    STEP_EXTRA: N_("extra"),
    STEP_CONQUER: N_("conquer"),
    "consent": N_("consent"),
}
"""Khan's phases, steps and the decision owed out of turn, as the status line names them in the
reader's language (:attr:`boardkit.game.Game.flow_words`)."""


def _cells(board: Board, mask: int) -> str:
    return " ".join(board.label(c) for c in cells_of(mask))


def _where(board: Board, cell: int) -> Message | str:
    region = board.region_of(cell)
    if region is None:
        return board.label(cell)
    return _m("{cell} ({region})", cell=board.label(cell), region=REGION_WORDS[region])


def _cards(n: int) -> Message:
    return _m("a card") if n == 1 else _m("{count} cards", count=n)


class _Narrator:
    """The wording of one event for one reader, with the state before it and its board."""

    def __init__(self, state: KhanState, voice: Voice) -> None:
        self.state = state
        self.voice = voice
        self.static = static_for(state.options.board)
        self.board = self.static.board

    def ruler(self, index: int) -> Message | str:
        rulers = self.board.rulers
        if 0 <= index < len(rulers):
            return rulers[index].name
        return _m("ruler {number}", number=index)

    def name(self, seat: int) -> Message | str:
        """The seat's name, never "you": the player's; the seat's yurt colour or "player 2"
        in the reader's language where the front end names the seat so (``boardkit watch``
        names seats by colour)."""
        name = self.voice.name(seat)
        if 0 <= seat < len(SEAT_COLOURS) and name == SEAT_COLOURS[seat]:
            return seat_colour(seat)
        if self.voice.has_name(seat):
            return name
        return _m("player {number}", number=seat + 1)

    def who(self, seat: int) -> Message | str:
        """The seat as a subject or object: "you" for the reader."""
        return _m("you") if seat == self.voice.player else self.name(seat)

    def says(self, seat: int, yours: str, theirs: str, **params: Params) -> Message:
        """``yours`` ("you draw …") when ``seat`` is the reader's, else ``theirs`` ("{who}
        draws …") with the seat's name as ``who``."""
        if seat == self.voice.player:
            return _m(yours, **params)
        return _m(theirs, who=self.name(seat), **params)

    # --- set-up and cards ---------------------------------------------------------------------

    def card_drawn(self, e: CardDrawn) -> Message:
        if e.player == self.voice.player and e.card != UNKNOWN_CARD:
            return _m("you draw {cards}", cards=card_words(e.card))
        return self.says(e.player, N_("you draw a card"), N_("{who} draws a card"))

    # --- yurts and rulers ---------------------------------------------------------------------

    def yurt_placed(self, e: YurtPlaced) -> Message:
        where = _where(self.board, e.cell)
        if self.state.flow.phase == PHASE_PLACEMENT:
            return self.says(
                e.player,
                N_("you place a start yurt on {cell}"),
                N_("{who} places a start yurt on {cell}"),
                cell=where,
            )
        return self.says(
            e.player, N_("you put a yurt on {cell}"), N_("{who} puts a yurt on {cell}"), cell=where
        )

    def neutral_placed(self, e: NeutralYurtPlaced) -> Message:
        cell = self.board.label(e.cell)
        if e.camp < 0:
            return _m("a neutral yurt from the supply goes on {cell}", cell=cell)
        return _m(
            "a neutral yurt from {ruler}'s camp goes on {cell} ({count} left)",
            ruler=self.ruler(e.camp),
            cell=cell,
            count=self.state.field.camps[e.camp] - 1,
        )

    def ruler_removed(self, e: RulerRemoved) -> Message:
        name = self.ruler(e.ruler)
        if e.reason == "end":
            return _m("{ruler} leaves the board as the end phase comes", ruler=name)
        gone = {"gone": self.state.field.removed + 1, "total": REMOVALS_TO_END}
        if e.reason == "blocked":
            return _m(
                "{ruler} cannot flee in any direction and leaves the board "
                "({gone} of {total} rulers gone)",
                ruler=name,
                **gone,
            )
        return _m(
            "{ruler}'s camp is empty: he leaves the board ({gone} of {total} rulers gone)",
            ruler=name,
            **gone,
        )

    # --- actions ------------------------------------------------------------------------------

    def action_taken(self, e: ActionTaken) -> Message | None:
        active = self.state.flow.active
        if active is None:
            return None
        if e.kind == "B":
            return self.says(
                active,
                N_("you displace a ruler (action B)"),
                N_("{who} displaces a ruler (action B)"),
            )
        if e.kind == "D":
            return self.says(
                active,
                N_("you invade any land, using both actions (action D)"),
                N_("{who} invades any land, using both actions (action D)"),
            )
        return None

    def forfeited(self, e: ActionsForfeited) -> Message:
        active = self.state.flow.active
        what = _m("1 action") if e.count == 1 else _m("{count} actions", count=e.count)
        if active is None:
            return _m("no legal action is left: {actions} lost", actions=what)
        return self.says(
            active,
            N_("you can do nothing more and lose {actions}"),
            N_("{who} can do nothing more and loses {actions}"),
            actions=what,
        )

    def tile_laid(self, e: TileLaid) -> Message:
        points = self.static.tiles[e.tile].points if 0 <= e.tile < len(self.static.tiles) else 0
        laid: dict[str, Params] = {
            "tile": tile_words(e.stack),
            "cells": _cells(self.board, e.mask),
            "points": _m("1 point") if points == 1 else _m("{count} points", count=points),
        }
        if e.stack.bridge:
            text = self.says(
                e.player,
                N_("you build {tile} over {cells} ({points})"),
                N_("{who} builds {tile} over {cells} ({points})"),
                **laid,
            )
        else:
            text = self.says(
                e.player,
                N_("you conquer with {tile} on {cells} ({points})"),
                N_("{who} conquers with {tile} on {cells} ({points})"),
                **laid,
            )
        covered = self.covered(e.mask)
        if covered:
            text = _m("{text}, covering {yurts}", text=text, yurts=covered)
        if e.owners == (e.player,):
            return self.says(
                e.player,
                N_("{text}; your yurt goes on it"),
                N_("{text}; {who}'s yurt goes on it"),
                text=text,
            )
        owners = join_messages([self.who(o) for o in e.owners])
        return _m("{text}; {owners} each put a yurt on it", text=text, owners=owners)

    def covered(self, mask: int) -> Message | str:
        """The yurts a tile on ``mask`` covers: "2 of your yurts and 1 neutral yurt"."""
        field = self.state.field
        parts: list[Message | str] = []
        for seat, yurts in enumerate(field.yurts):
            n = (yurts & mask).bit_count()
            if n == 1:
                parts.append(self.says(seat, N_("1 of your yurts"), N_("1 of {who}'s yurts")))
            elif n:
                parts.append(
                    self.says(
                        seat, N_("{count} of your yurts"), N_("{count} of {who}'s yurts"), count=n
                    )
                )
        neutral = (field.neutral & mask).bit_count()
        if neutral:
            parts.append(
                _m("1 neutral yurt") if neutral == 1 else _m("{count} neutral yurts", count=neutral)
            )
        return join_messages(parts)

    # --- special cards and the end ------------------------------------------------------------

    def special_played(self, e: SpecialPlayed) -> Message:
        card = SPECIAL_WORDS[e.card]
        if e.card is SpecialCard.HIGH_MORALE:
            return self.says(
                e.player,
                N_("you play {card} and take one more action"),
                N_("{who} plays {card} and takes one more action"),
                card=card,
            )
        if e.region is not None:
            return self.says(
                e.player,
                N_("you play {card} on {region}"),
                N_("{who} plays {card} on {region}"),
                card=card,
                region=REGION_WORDS[e.region],
            )
        if e.stack is not None:
            tile = tile_bare(e.stack)
            if e.tile >= 0 and e.stack.bridge:
                return self.says(
                    e.player,
                    N_("you play {card}, reserving one {bridge}"),
                    N_("{who} plays {card}, reserving one {bridge}"),
                    card=card,
                    bridge=tile,
                )
            if e.tile >= 0:
                return self.says(
                    e.player,
                    N_("you play {card}, reserving one {tile}"),
                    N_("{who} plays {card}, reserving one {tile}"),
                    card=card,
                    tile=tile,
                )
            return self.says(
                e.player,
                N_("you play {card}, reserving the {tile} stack"),
                N_("{who} plays {card}, reserving the {tile} stack"),
                card=card,
                tile=tile,
            )
        return self.says(e.player, N_("you play {card}"), N_("{who} plays {card}"), card=card)

    def scored(self, e: GameScored) -> Message:
        scores = comma_list(
            [
                _m(
                    "{name} {total} ({points} + {bonus} bonus)",
                    name=self.name(seat),
                    total=total,
                    points=points,
                    bonus=bonus,
                )
                for seat, (total, points, bonus) in enumerate(
                    zip(e.total, e.tile_points, e.bonus, strict=True)
                )
            ]
        )
        if len(e.winners) == 1:
            won = self.says(e.winners[0], N_("you win"), N_("{who} wins"))
        else:
            winners = join_messages([self.who(w) for w in e.winners])
            won = _m("{players} share the win", players=winners)
        return _m("final score: {scores}; {won}", scores=scores, won=won)

    def phase_started(self, e: PhaseStarted) -> Message | str | None:
        line = PHASE_LINES.get(e.phase)
        return _m(line) if line is not None else describe_flow_event(e, self.voice)

    def decision_owed(self, e: DecisionOwed) -> Message | str | None:
        if e.kind == "consent":
            return self.says(
                e.player, N_("you must consent or refuse"), N_("{who} must consent or refuse")
            )
        return describe_flow_event(e, self.voice)


_WORDING: dict[type, Callable[[_Narrator, Any], Message | str | None]] = {
    StartPlayerChosen: Says(N_("you are drawn to start"), N_("{who} is drawn to start")),
    DrawPileShuffled: Line(
        _m,
        N_("the {count} ruler cards are shuffled into the draw pile"),
        count=lambda n, e: len(e.cards),
    ),
    CardDrawn: _Narrator.card_drawn,
    CardRevealed: Line(
        _m, N_("the top card is turned face up: {card}"), card=lambda n, e: card_words(e.card)
    ),
    DiscardReshuffled: Line(
        _m,
        N_("the {count} discarded cards are shuffled into a new draw pile"),
        count=lambda n, e: len(e.cards),
    ),
    CardPlayed: Says(
        N_("you play {card}"), N_("{who} plays {card}"), card=lambda n, e: card_words(e.card)
    ),
    CardsDiscarded: Says(
        N_("you discard {cards}"),
        N_("{who} discards {cards}"),
        cards=lambda n, e: join_messages([card_words(c) for c in e.cards]),
    ),
    YurtPlaced: _Narrator.yurt_placed,
    RulerMoved: Line(
        _m,
        N_("{ruler} moves from {origin} to {target}"),
        ruler=lambda n, e: n.ruler(e.ruler),
        origin=lambda n, e: n.board.label(e.origin),
        target=lambda n, e: n.board.label(e.target),
    ),
    NeutralYurtPlaced: _Narrator.neutral_placed,
    RulerRemoved: _Narrator.ruler_removed,
    EndPhaseTriggered: Says(
        N_("the fifth ruler is gone: the end phase comes next, opened by you"),
        N_("the fifth ruler is gone: the end phase comes next, opened by {who}"),
        subject="first_player",
    ),
    ActionsGranted: lambda narrator, event: None,
    ActionTaken: _Narrator.action_taken,
    ActionsForfeited: _Narrator.forfeited,
    TileLaid: _Narrator.tile_laid,
    ConsentRequested: Says(
        N_("you want to lay {tile} at {cell}, which needs the consent of {protectors}"),
        N_("{who} wants to lay {tile} at {cell}, which needs the consent of {protectors}"),
        tile=lambda n, e: tile_words(e.stack),
        cell=lambda n, e: n.board.label(e.anchor),
        protectors=lambda n, e: join_messages([n.who(p) for p in e.protectors]),
    ),
    ConsentGiven: Says(N_("you agree to the conquest"), N_("{who} agrees to the conquest")),
    ConsentRefused: Says(
        N_("you refuse: the conquest does not happen"),
        N_("{who} refuses: the conquest does not happen"),
    ),
    SpecialPlayed: _Narrator.special_played,
    SpecialReturned: Says(
        N_("your yurt comes back from {card}"),
        N_("{who}'s yurt comes back from {card}"),
        card=lambda n, e: SPECIAL_WORDS[e.card],
    ),
    TurnForfeited: Says(
        N_("you cannot conquer and lose the turn"), N_("{who} cannot conquer and loses the turn")
    ),
    GameScored: _Narrator.scored,
    DecisionOwed: _Narrator.decision_owed,
    PhaseStarted: _Narrator.phase_started,
}
"""Each event kind's line: a :class:`~boardkit.present.wording.Line` or
:class:`~boardkit.present.wording.Says` where one wording fits every case, the narrator's
method where the line chooses among several."""


def event_message(event: object, state: KhanState, voice: Voice) -> Message | None:
    """The line of ``event`` for ``voice``'s reader as a message id and its parameters, to be
    rendered in the reader's language; ``None`` for a quiet event and for the events the
    framework words (the flow events, a decision other than a consent)."""
    wording = _WORDING.get(type(event))
    if wording is None:
        return None
    line = wording(_Narrator(state, voice), event)
    return line if isinstance(line, Message) else None


def describe_event(event: object, state: KhanState, voice: Voice) -> str | None:
    """The line of ``event`` for ``voice``'s reader, ``state`` being the state before it, in
    the language of :func:`boardkit.i18n.language`.

    Flow events other than a consent owed get the framework's lines.
    """
    wording = _WORDING.get(type(event))
    if wording is None:
        return describe_flow_event(event, voice)
    line = wording(_Narrator(state, voice), event)
    return line.text() if isinstance(line, Message) else line


def run_messages(events: Sequence[object], state: KhanState, voice: Voice) -> list[Message] | None:
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
    own = [card_words(e.card) for e in draws if e.player == voice.player and e.card != UNKNOWN_CARD]
    named = voice.player in counts and len(own) == counts[voice.player]
    narrator = _Narrator(state, voice)
    sizes = set(counts.values())
    if len(counts) == state.players > 1 and len(sizes) == 1:
        line = _m("each player draws {cards}", cards=_cards(sizes.pop()))
        if named:
            return [_m("{line}; you draw {cards}", line=line, cards=join_messages(own))]
        return [line]
    lines = []
    for seat, n in counts.items():
        if seat == voice.player and named:
            lines.append(_m("you draw {cards}", cards=join_messages(own)))
        else:
            lines.append(
                narrator.says(
                    seat, N_("you draw {cards}"), N_("{who} draws {cards}"), cards=_cards(n)
                )
            )
    return lines


def describe_run(events: Sequence[object], state: KhanState, voice: Voice) -> list[str] | None:
    """:func:`run_messages` rendered in the language of :func:`boardkit.i18n.language`."""
    lines = run_messages(events, state, voice)
    return None if lines is None else [line.text() for line in lines]
