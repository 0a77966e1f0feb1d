"""Which actions are legal now — the one place both ``legal_actions`` and ``apply`` ask.

Every generator here has a matching check in :func:`check`, written from the same helper
functions (free cells, allowed cells of a card, available stacks, protections), so the two cannot
drift apart; the tests also play every listed action and try unlisted ones.

What is decided where (clause IDs of ``rules/khan.md``):

* the facts both listing and checking read — free land, protections, Scout reservations,
  available stacks, the regions open to a start yurt (K-S4: ``placement_cells``):
  :mod:`boardkit_khan.rules.queries`;
* step 2 (K-T2): A (K-A-A) :func:`invade_actions`, B (K-A-B) :func:`displace_actions`,
  C (K-A-C via :mod:`boardkit_khan.rules.conquest`) :func:`conquer_actions`, D (K-A-D)
  :func:`anywhere_actions` and :func:`discard_actions`;
* step 4 (K-T4, K-X1…K-X4): which cards may be played,
  :func:`boardkit_khan.rules.special_choices.special_actions`; what a played card does,
  :mod:`boardkit_khan.rules.specials`;
* consent (K-X5): :class:`~boardkit_khan.rules.actions.Consent` while a decision is owed;
* end phase (K-E2): conquests only.

The names of ``queries`` and ``special_choices`` that lived here before 0.2.0 are still
imported from here (plain re-exports: this module is compiled, so it cannot warn), and so are
the types it used to import (``Situation``, ``Protections``, ``NO_PROTECTION``, ``SpecialCard``,
``StackKey``), which the deprecated ``boardkit_khan.rules.<name>`` forwarding reaches.

Actions are cached objects: the same request is always the same instance, which keeps building
long lists of legal actions cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.errors import IllegalActionError
from boardkit.flow import decider
from boardkit.i18n import Messages
from boardkit_khan.rules.action_list import ActionList, CellActions
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
from boardkit_khan.rules.cards import hand_subsets
from boardkit_khan.rules.components import SpecialCard as SpecialCard
from boardkit_khan.rules.conquest import NO_PROTECTION as NO_PROTECTION
from boardkit_khan.rules.conquest import (
    Conquest,
    Refusal,
    evaluate,
    has_legal_conquest,
    legal_conquests,
)
from boardkit_khan.rules.conquest import Protections as Protections
from boardkit_khan.rules.conquest import Situation as Situation
from boardkit_khan.rules.placements import StackKey as StackKey
from boardkit_khan.rules.queries import active_player as active_player
from boardkit_khan.rules.queries import available_stacks as available_stacks
from boardkit_khan.rules.queries import free_land as free_land
from boardkit_khan.rules.queries import placement_cells as placement_cells
from boardkit_khan.rules.queries import protections as protections
from boardkit_khan.rules.queries import reserved_tiles as reserved_tiles
from boardkit_khan.rules.queries import situation as situation
from boardkit_khan.rules.queries import stacks_holding
from boardkit_khan.rules.queries import start_regions_used as start_regions_used
from boardkit_khan.rules.queries import tile_to_take as tile_to_take
from boardkit_khan.rules.reasons import STEP_WORDS, special_clause, special_reason, wrong_step
from boardkit_khan.rules.special_choices import HIGH_MORALE as HIGH_MORALE
from boardkit_khan.rules.special_choices import PROTECTION as PROTECTION
from boardkit_khan.rules.special_choices import divine_regions_of as divine_regions_of
from boardkit_khan.rules.special_choices import scout_stacks as scout_stacks
from boardkit_khan.rules.special_choices import scout_tile as scout_tile
from boardkit_khan.rules.special_choices import special_actions as special_actions
from boardkit_khan.rules.state import (
    PHASE_END,
    PHASE_PLACEMENT,
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
    static_for,
)
from boardkit_khan.rules.words import SYMBOL_WORDS

# --- cached action objects ------------------------------------------------------------------------

_INVADE_ROWS: dict[int, tuple[Invade, ...]] = {}
_ANYWHERE_ROW: list[InvadeAnywhere] = []
CONSENT_YES = Consent(True)
CONSENT_NO = Consent(False)
NO_SPECIAL = NoSpecial()

_t = Messages("boardkit_khan").text


def _invade_row(card: int, size: int) -> tuple[Invade, ...]:
    """``Invade(card, cell)`` for every cell of a board of ``size`` cells, built once."""
    row = _INVADE_ROWS.get(card)
    if row is None or len(row) < size:
        row = _INVADE_ROWS[card] = tuple(Invade(card, cell) for cell in range(size))
    return row


def _anywhere_row(size: int) -> list[InvadeAnywhere]:
    """``InvadeAnywhere(cell)`` for every cell, built once."""
    if len(_ANYWHERE_ROW) < size:
        _ANYWHERE_ROW[:] = [InvadeAnywhere(cell) for cell in range(size)]
    return _ANYWHERE_ROW


def _place_row(size: int) -> tuple[PlaceStartYurt, ...]:
    """``PlaceStartYurt(cell)`` for every cell of a board of ``size`` cells, shared."""
    row = _PLACE_ROWS.get(size)
    if row is None:
        row = _PLACE_ROWS[size] = tuple(PlaceStartYurt(cell) for cell in range(size))
    return row


_PLACE_ROWS: dict[int, tuple[PlaceStartYurt, ...]] = {}


def _displace_row(rulers: int) -> tuple[DisplaceRuler, ...]:
    """``DisplaceRuler(ruler)`` for every ruler of a board with ``rulers`` rulers, shared (a
    step-2 listing no longer builds one per ruler each time)."""
    row = _DISPLACE_ROWS.get(rulers)
    if row is None:
        row = _DISPLACE_ROWS[rulers] = tuple(DisplaceRuler(r) for r in range(rulers))
    return row


_DISPLACE_ROWS: dict[int, tuple[DisplaceRuler, ...]] = {}


_BYTE_CELLS: list[list[tuple[int, ...]]] = []
"""``_BYTE_CELLS[k][b]``: the cells of byte value ``b`` at byte position ``k`` of a mask."""


def _cells(mask: int) -> list[int]:
    """The cells of ``mask`` in increasing order (one table look-up per byte of the mask)."""
    data = mask.to_bytes((mask.bit_length() + 7) >> 3, "little")
    while len(_BYTE_CELLS) < len(data):
        k = len(_BYTE_CELLS)
        _BYTE_CELLS.append([tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)])
    out: list[int] = []
    for k, b in enumerate(data):
        if b:
            out += _BYTE_CELLS[k][b]
    return out


# --- step 2 actions -------------------------------------------------------------------------------


def invade_actions(state: KhanState, static: Static, player: int) -> list[Invade]:
    """K-A-A: every (hand card, free cell its symbol allows)."""
    free = free_land(state, static)
    size = static.board.grid.size
    out: list[Invade] = []
    for card in state.cards.hands[player]:
        if card == UNKNOWN_CARD:
            continue
        row = _invade_row(card, size)
        out += [row[cell] for cell in _cells(static.cards[card].allowed & free)]
    return out


def displace_actions(state: KhanState) -> list[DisplaceRuler]:
    """K-A-B: any ruler on the board, unless the end phase was triggered."""
    if state.end_trigger != TRIGGER_NONE:
        return []
    return [DisplaceRuler(r) for r, cell in enumerate(state.field.rulers) if cell >= 0]


def refused_consent(state: KhanState, conquest: Conquest) -> tuple[int, ...]:
    """The protectors ``conquest`` needs who already refused consent in this action.

    Decision (K-X2, K-X5): a "no" bars every conquest needing that protector's consent until
    the active player has taken another action; conquests needing only protectors who have
    not refused may still be asked for.
    """
    refused = state.turn.consent_refused
    if not refused:
        return ()
    return tuple(p for p in conquest.consent_from if p in refused)


def conquests(state: KhanState, static: Static, player: int) -> list[Conquest]:
    """K-A-C: every legal conquest of ``player``, without those needing the consent of a
    protector who refused it in this action (K-X5 decision, :func:`refused_consent`)."""
    found = legal_conquests(
        static.table, situation(state, static), player, available_stacks(state, static, player)
    )
    if state.turn.consent_refused:
        found = [c for c in found if not refused_consent(state, c)]
    return found


def conquer_actions(state: KhanState, static: Static, player: int) -> list[Conquer]:
    """K-A-C as actions."""
    return [Conquer(c.stack, c.orientation, c.anchor) for c in conquests(state, static, player)]


def can_conquer(state: KhanState, static: Static, player: int) -> bool:
    """Whether ``player`` has a legal conquest now.

    Asked when the player may go on conquering (the end phase), so his decision lists the very
    same conquests next: they are listed here in full, and that listing is taken over then
    (see :func:`boardkit_khan.rules.conquest.legal_conquests`) rather than scanned twice."""
    return bool(conquests(state, static, player))


def can_ever_conquer(state: KhanState, static: Static, player: int) -> bool:
    """Whether ``player`` could conquer if no protection or reservation were in force (K-E3).

    Protections and Scouts only forbid; they all lapse within one round of the end phase, and
    the board only loses yurts, so a player who cannot conquer this way never will again.
    """
    stacks = stacks_holding(static, state.field.stock)
    return has_legal_conquest(
        static.table, situation(state, static, protected=False), player, stacks
    )


def anywhere_actions(state: KhanState, static: Static) -> list[InvadeAnywhere]:
    """K-A-D, first half: any free land cell (only with both actions left, not as the extra)."""
    if state.flow.step != STEP_ACTIONS or state.turn.actions_left != 2:
        return []
    row = _anywhere_row(static.board.grid.size)
    return [row[cell] for cell in _cells(free_land(state, static))]


def discard_actions(state: KhanState, player: int) -> list[Discard]:
    """K-A-D, second half: every sub-collection of the hand (0 to 4 cards)."""
    hand = state.cards.hands[player]
    found = _DISCARDS.get(hand)
    if found is None:
        if len(_DISCARDS) >= _MEMO_LIMIT:
            _DISCARDS.clear()
        found = _DISCARDS[hand] = tuple(_discard(cards) for cards in hand_subsets(hand))
    return list(found)


_MEMO_LIMIT = 4096
"""The most entries a memo of discard actions keeps before it starts afresh."""

_DISCARDS: dict[tuple[int, ...], tuple[Discard, ...]] = {}
"""The discard actions of each hand met so far (actions are values; shared, not rebuilt)."""


def _discard(cards: tuple[int, ...]) -> Discard:
    """``Discard(cards)``, one shared object for each choice of up to two cards: hands share
    most of their choices (none, one card, two), so each of these is built once, and a match
    that checked it once knows it again. Choices of three and four cards rarely come back."""
    if len(cards) > _SHARED_DISCARD:
        return Discard(cards)
    action = _DISCARD.get(cards)
    if action is None:
        if len(_DISCARD) >= _MEMO_LIMIT:
            _DISCARD.clear()
        action = _DISCARD[cards] = Discard(cards)
    return action


_SHARED_DISCARD = 2
_DISCARD: dict[tuple[int, ...], Discard] = {}
"""The shared discard actions (2,629 with the standard deck: none, one or two of 72 cards)."""


def has_step_action(state: KhanState, static: Static, player: int) -> bool:
    """Whether any action A, B, C (or D with both actions left) is legal (K-T2, K-X1)."""
    if state.end_trigger == TRIGGER_NONE and state.field.removed < len(state.field.rulers):
        return True
    free = free_land(state, static)
    if free:
        if state.flow.step == STEP_ACTIONS and state.turn.actions_left == 2:
            return True
        for card in state.cards.hands[player]:
            if card != UNKNOWN_CARD and static.cards[card].allowed & free:
                return True
    return can_conquer(state, static, player)


# --- the whole list, and the refusals ---------------------------------------------------------


def legal_actions(state: KhanState) -> Sequence[KhanAction]:
    """Every action the deciding player may take now, in a fixed order.

    In step 2 and in end-phase turns the conquests stay :class:`.Conquest` tuples until an
    action is read (:class:`~boardkit_khan.rules.action_list.ActionList`)."""
    flow = state.flow
    who = decider(flow)
    if who is None or state.outcome is not None:
        return []
    if flow.owed:
        return [CONSENT_YES, CONSENT_NO]
    static = static_for(state.options.board)
    step = flow.step
    if step in (STEP_ACTIONS, STEP_EXTRA):
        # The same actions as invade_actions, displace_actions and anywhere_actions list, as
        # cell masks read on demand.
        free = free_land(state, static)
        size = static.board.grid.size
        parts: list[tuple[Sequence[KhanAction], int]] = [
            (_invade_row(card, size), static.cards[card].allowed & free)
            for card in state.cards.hands[who]
            if card != UNKNOWN_CARD
        ]
        if state.end_trigger == TRIGGER_NONE:
            rulers = 0
            for ruler, cell in enumerate(state.field.rulers):
                if cell >= 0:
                    rulers |= 1 << ruler
            parts.append((_displace_row(len(state.field.rulers)), rulers))
        tail: Sequence[KhanAction] = ()
        if step == STEP_ACTIONS and state.turn.actions_left == 2:
            tail = CellActions([(_anywhere_row(size), free)])
        return ActionList(CellActions(parts), conquests(state, static, who), tail)
    if step == STEP_CONQUER:
        return ActionList([], conquests(state, static, who), [])
    if step == STEP_DISCARD:
        return list(discard_actions(state, who))
    if step == STEP_SPECIAL:
        return [*special_actions(state, static, who), NO_SPECIAL]
    if step == STEP_PLACE:
        row = _place_row(static.board.grid.size)
        return CellActions([(row, placement_cells(state, static, who))])
    return []


def check_conquer(state: KhanState, static: Static, player: int, action: Conquer) -> Conquest:
    """The conquest ``action`` makes, or the IllegalActionError naming the clause (K-A-C…)."""
    outcome = evaluate(
        static.table,
        situation(state, static),
        player,
        available_stacks(state, static, player),
        action.stack,
        action.orientation,
        action.anchor,
    )
    if isinstance(outcome, Refusal):
        raise outcome.error()
    refused = refused_consent(state, outcome)
    if refused:
        who = ", ".join(f"player {p + 1}" for p in refused)
        raise IllegalActionError(
            "K-X5",
            f"{who} refused consent in this action; choose an action that does not need it",
        )
    return outcome


def check(state: KhanState, action: object) -> None:
    """Raise the IllegalActionError that refuses ``action`` now, if any.

    Conquests are checked fully by :func:`check_conquer` when they are applied.
    """
    flow = state.flow
    if flow.ended or state.outcome is not None:
        raise IllegalActionError("flow", _t("the game is over"))
    static = static_for(state.options.board)
    step = flow.step
    if flow.owed:
        if not isinstance(action, Consent):
            raise IllegalActionError(
                "K-X5",
                _t(
                    "player {number} must answer the consent request first",
                    number=flow.owed[0].player + 1,
                ),
            )
        return
    if isinstance(action, Consent):
        raise IllegalActionError("K-X5", _t("no consent is being asked for"))
    player = active_player(state)
    if isinstance(action, PlaceStartYurt):
        if step != STEP_PLACE or flow.phase != PHASE_PLACEMENT:
            raise wrong_step(action, step)
        _check_cell(action.cell, static)
        if not (placement_cells(state, static, player) >> action.cell) & 1:
            label = static.board.label(action.cell)
            if state.options.start_yurts_per_player:
                reason = _t(
                    "{cell} is not a free land cell in a region where you have not placed a "
                    "start yurt yet",
                    cell=label,
                )
            else:
                reason = _t(
                    "{cell} is not a free land cell in a region where nobody has placed a "
                    "start yurt yet",
                    cell=label,
                )
            raise IllegalActionError("K-S4", reason)
        return
    if isinstance(action, Invade | DisplaceRuler | Conquer | InvadeAnywhere):
        if flow.phase == PHASE_END:
            if not isinstance(action, Conquer):
                raise IllegalActionError("K-E2", _t(STEP_WORDS[STEP_CONQUER]))
        elif step not in (STEP_ACTIONS, STEP_EXTRA):
            raise wrong_step(action, step)
        if isinstance(action, Invade):
            _check_invade(state, static, player, action)
        elif isinstance(action, DisplaceRuler):
            _check_displace(state, action)
        elif isinstance(action, InvadeAnywhere):
            _check_anywhere(state, static, action)
        return
    if isinstance(action, Discard):
        if step != STEP_DISCARD:
            raise wrong_step(action, step)
        if action not in discard_actions(state, player):
            raise IllegalActionError(
                "K-A-D", f"cannot discard {action.cards}: not a sorted selection of your hand"
            )
        return
    if isinstance(action, NoSpecial):
        if step != STEP_SPECIAL:
            raise wrong_step(action, step)
        return
    if isinstance(action, PlayHighMorale | PlayProtection | PlayDivineSupport | PlayScout):
        if step != STEP_SPECIAL:
            raise wrong_step(action, step)
        if action not in special_actions(state, static, player):
            raise IllegalActionError(special_clause(action), special_reason(state, player, action))
        return
    raise IllegalActionError("khan", f"{action!r} is not a Khan action")


def _check_cell(cell: object, static: Static) -> None:
    if type(cell) is not int or not 0 <= cell < static.board.grid.size:
        raise IllegalActionError("K-A-A", f"{cell!r} is not a cell of the board")


def _check_invade(state: KhanState, static: Static, player: int, action: Invade) -> None:
    hand = state.cards.hands[player]
    if action.card not in hand or action.card == UNKNOWN_CARD:
        raise IllegalActionError("K-A-A", f"card {action.card} is not in your hand")
    _check_cell(action.cell, static)
    info = static.cards[action.card]
    if not (info.allowed >> action.cell) & 1:
        raise IllegalActionError(
            "K-A-A",
            _t(
                "{cell} is not a land cell the card's symbol {symbol} allows",
                cell=static.board.label(action.cell),
                symbol=SYMBOL_WORDS[info.symbol],
            ),
        )
    if not (free_land(state, static) >> action.cell) & 1:
        raise IllegalActionError(
            "K-A-A",
            _t("{cell} is not free (yurt, ruler or tile)", cell=static.board.label(action.cell)),
        )


def _check_displace(state: KhanState, action: DisplaceRuler) -> None:
    if state.end_trigger != TRIGGER_NONE:
        raise IllegalActionError("K-A-B", _t("no ruler may be displaced once the end is triggered"))
    rulers = state.field.rulers
    if type(action.ruler) is not int or not 0 <= action.ruler < len(rulers):
        raise IllegalActionError("K-A-B", f"there is no ruler {action.ruler!r}")
    if rulers[action.ruler] < 0:
        raise IllegalActionError(
            "K-A-B", _t("ruler {number} is no longer on the board", number=action.ruler)
        )


def _check_anywhere(state: KhanState, static: Static, action: InvadeAnywhere) -> None:
    if state.flow.step != STEP_ACTIONS or state.turn.actions_left != 2:
        raise IllegalActionError(
            "K-A-D", _t("action D uses both actions: only as the first action of step 2")
        )
    _check_cell(action.cell, static)
    if not (free_land(state, static) >> action.cell) & 1:
        raise IllegalActionError(
            "K-A-D", _t("{cell} is not a free land cell", cell=static.board.label(action.cell))
        )
