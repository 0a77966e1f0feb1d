"""Why an option is not in the menu (:meth:`KhanGame.why_not
<boardkit_khan.game.KhanGame.why_not>`): what a person may look for and type, refused by the
rules in plain words ("E7 is not free (yurt, ruler or tile)", "a ruler stands on E7").

The candidates follow the menu level asked about:

- at the top, the step's main kinds of action (start yurts; invasions with each card of the
  decider's own hand (A), displacing each ruler (B) and invading any land (D); the special
  cards, the Scout on every stack), and one action of each kind the step does not allow, whose
  refusal says what the step calls for ("it is time to play a special card or none"); action C
  as a whole, when no tile fits anywhere, gets one summary (:func:`.refusals.no_conquest`);
- under ``C: conquer``, every stack (used up, reserved by a Scout, or fitting nowhere); under a
  tile, each of its orientations; under an orientation, every cell of the board as the anchor,
  those where the tile does not even fit included. Conquests are worded by
  :mod:`.refusals`, everything else by the rules' :func:`~boardkit_khan.rules.legality.check`.

The reasons read only the board, the stock, the active cards and the decider's own hand, so
they leak nothing. While a consent is owed, the one answering is told to answer first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from boardkit.errors import IllegalActionError
from boardkit.game import Game
from boardkit.geometry.grid import cells_of
from boardkit.i18n import Messages
from boardkit.present.menus import ActionMenu, absent_reasons
from boardkit_khan.rules.actions import (
    Conquer,
    Discard,
    DisplaceRuler,
    Invade,
    InvadeAnywhere,
    KhanAction,
    PlaceStartYurt,
    PlayDivineSupport,
    PlayHighMorale,
    PlayProtection,
    PlayScout,
    menu_path,
)
from boardkit_khan.rules.board import Region, parse_cell_label
from boardkit_khan.rules.legality import check
from boardkit_khan.rules.queries import active_player, free_land, start_regions_used
from boardkit_khan.rules.reasons import A_SPECIAL_CARD, not_now
from boardkit_khan.rules.refusals import conquest_refusal, no_conquest
from boardkit_khan.rules.state import (
    PHASE_PLACEMENT,
    STEP_ACTIONS,
    STEP_CONQUER,
    STEP_DISCARD,
    STEP_EXTRA,
    STEP_PLACE,
    STEP_SPECIAL,
    UNKNOWN_CARD,
    KhanState,
    Static,
    static_for,
)
from boardkit_khan.rules.words import REGION_WORDS, SYMBOL_WORDS

_t = Messages("boardkit_khan").text

CONQUER = "C: conquer"
"""The menu label of action C (:func:`~boardkit_khan.rules.actions.menu_path`)."""

INVADE = "A: invade"
"""The menu label of action A."""

ANSWER_FIRST = "first answer the consent request: yes or no"
"""What every other kind of action gets while a consent is owed (in English; the menu gets it
in the language of :func:`boardkit.i18n.language`)."""


def _hand(state: KhanState) -> list[int]:
    return [card for card in state.cards.hands[active_player(state)] if card != UNKNOWN_CARD]


def main_candidates(state: KhanState, static: Static) -> Iterator[KhanAction]:
    """The step's main kinds of action, on every land cell (conquests aside)."""
    flow = state.flow
    land = list(cells_of(static.board.land))
    if flow.phase == PHASE_PLACEMENT and flow.step == STEP_PLACE:
        yield from (PlaceStartYurt(cell) for cell in land)
    elif flow.step in (STEP_ACTIONS, STEP_EXTRA, STEP_CONQUER):
        yield from (Invade(card, cell) for card in _hand(state) for cell in land)
        yield from (DisplaceRuler(ruler) for ruler in range(len(state.field.rulers)))
        yield from (InvadeAnywhere(cell) for cell in land)
    elif flow.step == STEP_SPECIAL:
        yield PlayHighMorale()
        yield PlayProtection()
        regions = list(Region) if state.players == 4 else [None]
        yield from (PlayDivineSupport(region) for region in regions)
        yield from (PlayScout(stack) for stack, _ in static.stacks)


def other_steps(state: KhanState, static: Static) -> Iterator[KhanAction]:
    """One action of each kind the step does not allow, so that its label says why."""
    step = state.flow.step
    land = next(iter(cells_of(static.board.land)))
    first_stack = static.stacks[0][0]
    kinds: dict[str, list[KhanAction]] = {
        STEP_PLACE: [PlaceStartYurt(land)],
        STEP_ACTIONS: [
            Invade(0, land),
            DisplaceRuler(0),
            Conquer(first_stack, 0, land),
            InvadeAnywhere(land),
        ],
        STEP_DISCARD: [Discard(())],
        STEP_SPECIAL: [PlayHighMorale()],
    }
    allowed = {STEP_EXTRA: STEP_ACTIONS, STEP_CONQUER: STEP_ACTIONS}.get(step, step)
    if state.flow.phase == PHASE_PLACEMENT:
        allowed = STEP_PLACE
    for kind, actions in kinds.items():
        if kind != allowed:
            yield from actions


def conquest_candidates(
    state: KhanState, static: Static, rest: tuple[str, ...], open_stacks: set[Any]
) -> Iterator[Conquer]:
    """Conquests under the menu level ``("C: conquer", *rest)``: every stack, the
    orientations of the tile ``rest[0]``, the anchors of orientation ``rest[1]``."""
    board = static.board
    rulers = tuple(r.name for r in board.rulers)
    for stack, _ in static.stacks:
        stacked = static.table.stack(stack)
        label = menu_path(Conquer(stack, 0, 0), board, rulers)[1]
        if not rest:
            if stack in open_stacks:
                continue
            for orientation in stacked.orientations:
                anchors = list(orientation.by_anchor) or [0]
                yield from (Conquer(stack, orientation.index, a) for a in anchors)
            continue
        if label != rest[0]:
            continue
        for orientation in stacked.orientations:
            wanted = f"orientation {orientation.index}"
            if len(rest) == 1:
                anchors = list(orientation.by_anchor) or [0]
            elif rest[1] == wanted:
                anchors = list(cells_of(board.in_play))
            else:
                continue
            yield from (Conquer(stack, orientation.index, a) for a in anchors)


def _closed_region(state: KhanState, static: Static, player: int, cell: int) -> str | None:
    """Why the region of ``cell`` takes no more start yurt (K-S4), if it does not."""
    region = static.board.region_of(cell)
    if region is None:
        return None
    index = static.region_index[region]
    if not (start_regions_used(state, player) >> index) & 1:
        return None
    if state.options.start_yurts_per_player:
        return _t(
            "you have placed your start yurt in {region} already", region=REGION_WORDS[region]
        )
    return _t(
        "a start yurt stands in {region} already, and each region takes one",
        region=REGION_WORDS[region],
    )


def why_not(game: Game[Any, Any], state: KhanState, path: tuple[str, ...]) -> Mapping[str, str]:
    """The labels absent at ``path`` with the rules' reasons (see the module docstring)."""
    flow = state.flow
    if flow.ended or state.outcome is not None:
        return {}
    if flow.owed:
        if path:
            return {}
        labels = (INVADE, "B: displace ruler", CONQUER, "D: invade any land", "special")
        return dict.fromkeys(labels, _t(ANSWER_FIRST))
    static = static_for(state.options.board)
    player = active_player(state)
    legal = game.legal_actions(state)

    def refuse(action: KhanAction) -> str | None:
        try:
            check(state, action)
        except IllegalActionError as error:
            if isinstance(action, PlaceStartYurt) and error.rule == "K-S4":
                return _closed_region(state, static, player, action.cell) or error.reason
            return error.reason
        if isinstance(action, Conquer):
            return conquest_refusal(state, static, player, action)
        return None

    if path and path[0] == CONQUER:
        open_stacks = {a.stack for a in legal if isinstance(a, Conquer)}
        found = conquest_candidates(state, static, path[1:], open_stacks)

        def nowhere(label: str, total: int, example: str) -> str:
            if label.startswith("orientation"):
                return _t(
                    "in this orientation it fits nowhere now (for example: {example})",
                    example=example,
                )
            return _t("it fits nowhere now (for example: {example})", example=example)

        return absent_reasons(game, state, path, found, refuse, nowhere)
    candidates = list(main_candidates(state, static))
    if not path:
        candidates += other_steps(state, static)
    reasons = absent_reasons(game, state, path, candidates, refuse)
    if path:
        return reasons
    if "special" in reasons and flow.step != STEP_SPECIAL:  # not for its stand-in card only
        reasons["special"] = not_now(A_SPECIAL_CARD, flow.step)
    present = ActionMenu(game, legal, state).paths_at(())
    conquering = flow.step in (STEP_ACTIONS, STEP_EXTRA, STEP_CONQUER)
    if conquering and CONQUER not in present and CONQUER not in reasons:
        reasons[CONQUER] = no_conquest(state, static, player)
    if flow.step in (STEP_ACTIONS, STEP_EXTRA) and INVADE not in present and not _hand(state):
        reasons.setdefault(INVADE, _t("you have no card in your hand"))
    return reasons


def cell_refusal(state: KhanState, text: str) -> IllegalActionError | None:
    """Why the cell ``text`` names (``"H8"``) takes nothing now, as the rules' refusal: what a
    person who types a bare cell is told instead of "nothing starts with 'H8'".

    The candidates are the yurts the decision could put there (a start yurt; an invasion with
    each card of the decider's own hand, or anywhere); the first refusal is the answer, a
    closed region worded as in :func:`why_not`. ``None`` when ``text`` is no cell of the
    board, when some candidate is legal, or when the decision puts no yurt on a cell (a
    conquest, a special card, a consent), so that the caller keeps its own answer."""
    static = static_for(state.options.board)
    grid = static.board.grid
    try:
        cell = parse_cell_label(grid, text)
    except ValueError:
        return None
    flow = state.flow
    if flow.ended or state.outcome is not None or flow.owed or not 0 <= cell < grid.size:
        return None
    label = grid.label(cell)
    board = static.board
    if not board.in_play & (1 << cell):
        return IllegalActionError("K-C1", _t("{cell} is not a cell in play", cell=label))
    if not board.land & (1 << cell):
        return IllegalActionError(
            "K-A-A", _t("{cell} is river: yurts stand on land cells only", cell=label)
        )
    if not (free_land(state, static) >> cell) & 1:
        return IllegalActionError(
            "K-A-A", _t("{cell} is not free: a yurt, a ruler or a tile is there", cell=label)
        )
    player = active_player(state)
    candidates = [
        a
        for a in main_candidates(state, static)
        if isinstance(a, PlaceStartYurt | Invade | InvadeAnywhere) and a.cell == cell
    ]
    refusals: list[tuple[KhanAction, IllegalActionError]] = []
    for candidate in candidates:
        try:
            check(state, candidate)
        except IllegalActionError as refused:
            refusals.append((candidate, refused))
            continue
        return None
    for action, first in refusals:
        if isinstance(action, PlaceStartYurt):
            closed = _closed_region(state, static, player, cell) if first.rule == "K-S4" else None
            return IllegalActionError(first.rule, f"{label}: {closed}") if closed else first
    symbols = sorted(
        {
            SYMBOL_WORDS[static.cards[a.card].symbol].text()
            for a, _ in refusals
            if isinstance(a, Invade)
        }
    )
    if symbols:
        return IllegalActionError(
            "K-A-A",
            _t(
                "no card of your hand allows {cell} (they show: {symbols})",
                cell=label,
                symbols=", ".join(symbols),
            ),
        )
    return refusals[0][1] if refusals else None
