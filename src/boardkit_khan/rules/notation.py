"""The position notation of Khan: a whole :class:`KhanState`, or one player's view of it, as text.

Like FEN for chess: short enough for a bug report or a puzzle, exact enough to set the game up
again (``parse_position(format_position(state)) == state`` for every state play can reach). The
grammar, with examples, is in docs/positions.md; in brief, after the word ``khan`` and the flow
fields of :mod:`boardkit.notation`:

- ``board=default`` (the shipped board) or ``board=<digest>``: the board is *referred to*, never
  inlined. The digest is the first 12 hex digits of the SHA-256 of the board in the board-file
  format (:func:`~boardkit_khan.rules.board.board_to_toml`, which is also the canonical text the
  ``board`` option carries); :func:`parse_position` resolves it among the boards
  it is given. ``river=yes`` is the option ``area_counts_river``; ``starts=player`` is the option
  ``start_yurts_per_player`` (the Dutch reading of K-S4; ``starts=region`` is the German default).
- ``yurts``: the map, rows north to south separated by ``/``, one character per cell: ``.`` no
  yurt, ``0``-``3`` a player's yurt, ``n`` a neutral yurt.
- ``rulers``: per ruler in board order (``A``-``H`` on the text board) ``CELL:CAMP``, the cell
  label and the neutral yurts left in his camp; ``off`` for a ruler who left the board.
- ``tiles``: each tile on the board as ``ID@CELL+CELL…:OWNERS`` (``C08@E7+E8+F8:02``); the
  stock is every tile not on the board, so it is not written.
- ``hands`` (per seat, ``/``), ``pile`` (top first), ``discard`` (bottom first): cards as
  ruler letter, direction, symbol letter (``BNEm``: Seljuk, north-east, mountains); a card
  hidden from the reader is ``?``, and a wholly hidden hand or pile is written as its count.
- ``specials``: per seat the special cards left, four digits (High Morale, Protection, Divine
  Support, Scout); ``inplay``: cards with a yurt on them, ``OWNER LETTER [@REGION|@STACK]
  [#TILE]`` (``1D@T``: player 1's Divine Support on the tundra).
- the turn: ``actions`` left, ``refused=SEATS`` the protectors who refused consent in this action,
  ``pending`` conquest
  ``STACK/ORIENTATION@ANCHOR:WAITING``, ``returned`` Protection cards back this turn.
- ``start`` player, ``regions`` used in the placement rounds per seat, ``placements`` made,
  ``end=TRIGGER:FIRST:TURNS`` once the end phase is triggered, ``outcome`` once scored.

:func:`format_position` with ``player=p`` writes :func:`~boardkit_khan.rules.views.view` of the
state: the other hands and the draw pile as counts. :func:`parse_position` checks the invariants in
:data:`INVARIANTS` and refuses a broken position with
:class:`~boardkit.errors.InvalidPositionError` naming the invariant.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Final

from boardkit.errors import InvalidPositionError
from boardkit.notation import (
    FLOW_KEYS,
    NONE,
    flow_fields,
    items,
    join,
    need,
    number,
    parse_flow,
    read_fields,
    syntax,
    yes_no,
)
from boardkit_khan.rules.board import Region, board_to_toml
from boardkit_khan.rules.components import (
    CAMP_YURTS,
    HAND_SIZE,
    SpecialCard,
    Symbol,
    TileKind,
    special_cards_per_player,
)
from boardkit_khan.rules.placements import Placement, StackKey
from boardkit_khan.rules.state import (
    OFF_BOARD,
    SPECIAL_ORDER,
    TRIGGER_NONE,
    UNKNOWN_CARD,
    ActiveSpecial,
    Cards,
    Field,
    KhanOptions,
    KhanState,
    Outcome,
    PendingConquest,
    PlacedTile,
    Specials,
    Static,
    TurnState,
    static_for,
)
from boardkit_khan.rules.views import view

GAME: Final = "khan"
DEFAULT_BOARD: Final = "default"
KEYS: Final = (
    *FLOW_KEYS,
    *("board", "river", "starts", "start", "rulers", "yurts", "tiles", "hands", "pile", "discard"),
    *("specials", "inplay", "actions", "refused", "pending", "returned", "regions"),
    *("placements", "end", "outcome"),
)

INVARIANTS: Final[dict[str, str]] = {
    "syntax": "the text follows the grammar",
    "range": "every number lies in its range",
    "players": "2 to 4 players",
    "board": "the board is the shipped one or one of the boards given to parse_position",
    "yurt-on-land": "yurts stand on land cells only (K-A-A)",
    "yurt-on-free-cell": "no yurt under a tile or on a ruler's cell (K-A-A, K-A-C)",
    "ruler-on-land": "a ruler stands on a land cell, no tile, no other ruler (K-R1)",
    "camp-size": f"a camp holds at most {CAMP_YURTS} neutral yurts (K-C7)",
    "tile-cells": "a tile covers cells its shape may cover on this board (K-A-C1, K-A-C2)",
    "tile-overlap": "no cell lies under two tiles (K-A-C4)",
    "tile-once": "each tile lies on the board at most once (K-C6)",
    "tile-owners": "a tile's owners are seats of the game (K-A-C5)",
    "card-once": "no card is in two places (K-S5)",
    "card-count": "once dealt, all ruler cards are in the hands and piles (K-S5)",
    "hand-size": f"no hand holds more than {HAND_SIZE} cards (K-S5, K-T5)",
    "specials": "nobody has more special cards, held and in play, than dealt (K-S1)",
    "end-rulers": "once the end phase is triggered no ruler is left on the board (K-E1)",
    "options": "a match started at the position has its board, river and start-yurt options",
    "hidden-unknown": "a match starts from a whole position: no card is unknown ('?')",
}
"""The invariants :func:`parse_position` checks, by the name the error reports."""

_SYMBOL_LETTERS: Final = {
    Symbol.MOUNTAINS: "m",
    Symbol.ICE_DESERT: "i",
    Symbol.TUNDRA: "t",
    Symbol.STONE_DESERT: "s",
    Symbol.SAND_DESERT: "d",
    Symbol.TROPICAL_FOREST: "f",
    Symbol.KHAN: "k",
    Symbol.RIVER: "r",
    Symbol.OUTLAND: "o",
}
_SPECIAL_LETTERS: Final = {
    SpecialCard.HIGH_MORALE: "H",
    SpecialCard.PROTECTION: "P",
    SpecialCard.DIVINE_SUPPORT: "D",
    SpecialCard.SCOUT: "S",
}
_SPECIAL_BY_LETTER: Final = {v: k for k, v in _SPECIAL_LETTERS.items()}
_RULER_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_OFF: Final = "off"


# --- the board reference -----------------------------------------------------------------------


@cache
def board_digest(board: str) -> str:
    """The reference to a board in a position: ``default``, or its content's digest."""
    if not board:
        return DEFAULT_BOARD
    text = board_to_toml(static_for(board).board)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _resolve_board(reference: str, boards: Iterable[str]) -> str:
    """The board option value whose board ``reference`` names."""
    if reference == DEFAULT_BOARD:
        return ""
    for candidate in boards:
        if board_digest(candidate) == reference:
            return candidate
    raise InvalidPositionError(
        "board", f"board {reference!r} is not among the boards given ({INVARIANTS['board']})"
    )


# --- cards ---------------------------------------------------------------------------------------


@cache
def card_codes(board: str) -> tuple[str, ...]:
    """Each deck card's code on this board: ruler letter, direction, symbol letter (``BNEm``).

    A code two cards share (possible only with a changed deck) is replaced by ``#INDEX``.
    """
    codes = [
        f"{_RULER_LETTERS[info.ruler]}{info.direction.name}{_SYMBOL_LETTERS[info.symbol]}"
        for info in static_for(board).cards
    ]
    return tuple(c if codes.count(c) == 1 else f"#{i}" for i, c in enumerate(codes))


@cache
def _card_by_code(board: str) -> Mapping[str, int]:
    codes = card_codes(board)
    found = {code: index for index, code in enumerate(codes)}
    found.update({f"#{index}": index for index in range(len(codes))})
    return found


def _card_text(card: int, codes: tuple[str, ...]) -> str:
    return "?" if card == UNKNOWN_CARD else codes[card]


def _cards_text(cards: tuple[int, ...], codes: tuple[str, ...]) -> str:
    """Cards as codes; all hidden: their count (``0`` for none)."""
    if all(card == UNKNOWN_CARD for card in cards):
        return str(len(cards))
    return ",".join(_card_text(card, codes) for card in cards)


def _parse_cards(text: str, board: str) -> tuple[int, ...]:
    if text.isdigit():
        return (UNKNOWN_CARD,) * int(text)
    by_code = _card_by_code(board)
    cards = []
    for code in text.split(","):
        if code == "?":
            cards.append(UNKNOWN_CARD)
        elif code in by_code:
            cards.append(by_code[code])
        else:
            raise syntax(f"{code!r} is no card (ruler letter, direction, symbol letter: BNEm)")
    return tuple(cards)


# --- stacks, tiles, cells ------------------------------------------------------------------------


def stack_text(stack: StackKey) -> str:
    """A stack as on the text board: the shape, ``b`` added for bridges (``I3b``)."""
    return stack.shape + ("b" if stack.bridge else "")


def _parse_stack(text: str) -> StackKey:
    bridge = text.endswith("b")
    try:
        return StackKey(TileKind.BRIDGE if bridge else TileKind.CONQUEST, text.removesuffix("b"))
    except ValueError:
        raise syntax(f"{text!r} is no stack (a shape such as L3, with b for a bridge)") from None


def _cell(text: str, static: Static) -> int:
    try:
        return static.board.parse_label(text)
    except ValueError as exc:
        raise syntax(str(exc)) from None


def _cells_text(mask: int, static: Static) -> str:
    board = static.board
    return "+".join(board.label(c) for c in range(board.grid.size) if mask >> c & 1)


def _seats_text(seats: Iterable[int]) -> str:
    return "".join(str(s) for s in seats) or NONE


def _parse_seats(text: str, players: int, what: str) -> tuple[int, ...]:
    if text == NONE:
        return ()
    return tuple(number(ch, what, 0, players - 1) for ch in text)


@cache
def _placements_by_mask(board: str, stack: StackKey) -> Mapping[int, Placement]:
    return {p.mask: p for p in static_for(board).table.stack(stack).placements}


# --- writing -------------------------------------------------------------------------------------


def format_position(state: KhanState, player: int | None = None) -> str:
    """``state`` as text: the full state, or with ``player`` only what that seat may see (its
    view: other hands and the draw pile as counts). A spectator's text is
    ``format_position(view(state, None))``."""
    shown = state if player is None else view(state, player)
    static = static_for(state.options.board)
    codes = card_codes(state.options.board)
    fields = [
        GAME,
        *flow_fields(shown.flow),
        f"board={board_digest(state.options.board)}",
        f"river={'yes' if state.options.area_counts_river else 'no'}",
        f"starts={'player' if state.options.start_yurts_per_player else 'region'}",
        f"start={shown.start_player}",
        f"rulers={_rulers_text(shown.field, static)}",
        f"yurts={_yurts_text(shown.field, static)}",
        "tiles=" + join(_tile_text(t, static) for t in shown.field.placed),
        "hands=" + "/".join(_cards_text(h, codes) for h in shown.cards.hands),
        f"pile={_cards_text(shown.cards.pile, codes)}",
        f"discard={_cards_text(shown.cards.discard, codes)}",
        "specials=" + "/".join("".join(map(str, held)) for held in shown.specials.held),
        "inplay=" + join(_active_text(a, static) for a in shown.specials.active),
        *_turn_fields(shown.turn, static),
        "regions=" + "/".join(_regions_text(mask) for mask in shown.placed_regions),
        f"placements={shown.placements_done}",
        *_end_fields(shown),
    ]
    return " ".join(fields)


def _rulers_text(field: Field, static: Static) -> str:
    return ",".join(
        f"{_OFF if cell == OFF_BOARD else static.board.label(cell)}:{camp}"
        for cell, camp in zip(field.rulers, field.camps, strict=True)
    )


def _yurts_text(field: Field, static: Static) -> str:
    grid = static.board.grid
    marks = ["."] * grid.size
    for cell in range(grid.size):
        if field.neutral >> cell & 1:
            marks[cell] = "n"
    for seat, yurts in enumerate(field.yurts):
        for cell in range(grid.size):
            if yurts >> cell & 1:
                marks[cell] = str(seat)
    rows = ("".join(marks[r * grid.width : (r + 1) * grid.width]) for r in range(grid.height))
    return "/".join(rows)


def _tile_text(tile: PlacedTile, static: Static) -> str:
    ident = static.tiles[tile.tile].id
    return f"{ident}@{_cells_text(tile.mask, static)}:{_seats_text(tile.owners)}"


def _active_text(card: ActiveSpecial, static: Static) -> str:
    text = f"{card.owner}{_SPECIAL_LETTERS[card.card]}"
    if card.region is not None:
        text += f"@{card.region.letter}"
    if card.stack is not None:
        text += f"@{stack_text(card.stack)}"
    if card.tile >= 0:
        text += f"#{static.tiles[card.tile].id}"
    return text


def _turn_fields(turn: TurnState, static: Static) -> list[str]:
    out = [f"actions={turn.actions_left}"]
    if turn.consent_refused:
        out.append(f"refused={_seats_text(turn.consent_refused)}")
    if turn.pending is not None:
        p = turn.pending
        where = f"{stack_text(p.stack)}/{p.orientation}@{static.board.label(p.anchor)}"
        out.append(f"pending={where}:{_seats_text(p.waiting_for)}")
    if turn.returned:
        out.append("returned=" + "".join(_SPECIAL_LETTERS[c] for c in turn.returned))
    return out


def _regions_text(mask: int) -> str:
    return "".join(r.letter for i, r in enumerate(Region) if mask >> i & 1) or NONE


def _end_fields(state: KhanState) -> list[str]:
    out = []
    if (state.end_trigger, state.end_first_player, state.end_turns) != (TRIGGER_NONE, -1, 0):
        first = NONE if state.end_first_player < 0 else str(state.end_first_player)
        out.append(f"end={state.end_trigger}:{first}:{state.end_turns}")
    if state.outcome is not None:
        o = state.outcome
        parts = (o.tile_points, o.bonus, o.total, o.largest_area, o.winners)
        out.append("outcome=" + "/".join(join(map(str, p)) for p in parts))
    return out


# --- reading -------------------------------------------------------------------------------------


def parse_position(text: str, boards: Iterable[str] = ()) -> KhanState:
    """The state a position text describes (with ``?`` for hidden cards if it is a view).

    ``boards`` are ``board`` option values (canonical board texts) a ``board=<digest>`` may
    refer to. Raises :class:`InvalidPositionError` if the text breaks the grammar or the
    position an invariant.
    """
    fields = read_fields(text, GAME, KEYS)
    flow = parse_flow(fields, (2, 3, 4))
    players = flow.players
    trigger, first, turns, outcome = _parse_end(fields)
    board = _resolve_board(need(fields, "board"), boards)
    static = static_for(board)
    field = _parse_field(fields, static, board, players)
    state = KhanState(
        flow=flow,
        options=KhanOptions(board, yes_no(need(fields, "river"), "river"), _parse_starts(fields)),
        field=field,
        cards=_parse_card_places(fields, board, players),
        specials=_parse_specials(fields, static, players),
        turn=_parse_turn(fields, static, players),
        start_player=number(need(fields, "start"), "start", 0, players - 1),
        placed_regions=_per_seat(need(fields, "regions"), players, _parse_regions),
        placements_done=number(need(fields, "placements"), "placements"),
        end_trigger=trigger,
        end_first_player=first,
        end_turns=turns,
        outcome=outcome,
    )
    check(state, static)
    return state


def _per_seat(text: str, players: int, parse: Callable[[str], int]) -> tuple[int, ...]:
    parts = text.split("/")
    if len(parts) != players:
        raise syntax(f"{text!r} has {len(parts)} parts, not one per seat ({players})")
    return tuple(parse(part) for part in parts)


def _parse_regions(text: str) -> int:
    if text == NONE:
        return 0
    letters = [r.letter for r in Region]
    mask = 0
    for ch in text:
        if ch not in letters:
            raise syntax(f"{ch!r} is no region letter ({''.join(letters)})")
        mask |= 1 << letters.index(ch)
    return mask


def _parse_field(fields: Mapping[str, str], static: Static, board: str, players: int) -> Field:
    rulers, camps = _parse_rulers(need(fields, "rulers"), static)
    yurts, neutral = _parse_yurts(need(fields, "yurts"), static, players)
    placed = items(need(fields, "tiles"), lambda t: _parse_tile(t, static, board, players))
    covered = 0
    used = 0
    for tile in placed:
        if covered & tile.mask:
            raise refuse("tile-overlap", f"tile {static.tiles[tile.tile].id} covers a tile")
        if used >> tile.tile & 1:
            raise refuse("tile-once", f"tile {static.tiles[tile.tile].id} is placed twice")
        covered |= tile.mask
        used |= 1 << tile.tile
    stock = ((1 << len(static.tiles)) - 1) & ~used
    return Field(yurts, neutral, covered, placed, stock, rulers, camps)


def _parse_rulers(text: str, static: Static) -> tuple[tuple[int, ...], tuple[int, ...]]:
    parts = text.split(",")
    expected = len(static.board.rulers)
    if len(parts) != expected:
        raise syntax(f"{len(parts)} rulers given; the board has {expected}")
    cells, camps = [], []
    for part in parts:
        where, sep, camp = part.partition(":")
        if not sep:
            raise syntax(f"ruler {part!r} is not CELL:CAMP")
        cells.append(OFF_BOARD if where == _OFF else _cell(where, static))
        camps.append(number(camp, "camp", 0))
    return tuple(cells), tuple(camps)


def _parse_yurts(text: str, static: Static, players: int) -> tuple[tuple[int, ...], int]:
    grid = static.board.grid
    rows = text.split("/")
    if len(rows) != grid.height or any(len(row) != grid.width for row in rows):
        raise syntax(f"the yurt map needs {grid.height} rows of {grid.width} characters")
    yurts = [0] * players
    neutral = 0
    for cell, mark in enumerate("".join(rows)):
        if mark == "n":
            neutral |= 1 << cell
        elif mark.isdigit():
            yurts[number(mark, "yurt owner", 0, players - 1)] |= 1 << cell
        elif mark != ".":
            raise syntax(f"{mark!r} in the yurt map is not '.', 'n' or a seat digit")
    return tuple(yurts), neutral


def _parse_tile(text: str, static: Static, board: str, players: int) -> PlacedTile:
    ident, at, rest = text.partition("@")
    cells, sep, owners = rest.partition(":")
    index = next((i for i, spec in enumerate(static.tiles) if spec.id == ident), None)
    if not at or not sep or index is None:
        raise syntax(f"tile {text!r} is not ID@CELL+CELL…:OWNERS with a known tile ID")
    mask = 0
    for label in cells.split("+"):
        mask |= 1 << _cell(label, static)
    stack = static.tile_stacks[index]
    if mask not in _placements_by_mask(board, stack):
        raise refuse("tile-cells", f"tile {ident} ({stack_text(stack)}) cannot lie on {cells}")
    seats = _parse_seats(owners, players, "tile owner")
    if list(seats) != sorted(set(seats)):
        raise refuse("tile-owners", f"tile {ident}: owners {owners} not ascending and distinct")
    return PlacedTile(index, stack, mask, seats)


def _parse_card_places(fields: Mapping[str, str], board: str, players: int) -> Cards:
    hands = need(fields, "hands").split("/")
    if len(hands) != players:
        raise syntax(f"{len(hands)} hands given for {players} players")
    return Cards(
        hands=tuple(_parse_cards(h, board) for h in hands),
        pile=_parse_cards(need(fields, "pile"), board),
        discard=_parse_cards(need(fields, "discard"), board),
    )


def _parse_specials(fields: Mapping[str, str], static: Static, players: int) -> Specials:
    def held(text: str) -> tuple[int, ...]:
        if len(text) != len(SPECIAL_ORDER) or not text.isdigit():
            raise syntax(f"special cards {text!r} are not {len(SPECIAL_ORDER)} digits")
        return tuple(int(d) for d in text)

    parts = need(fields, "specials").split("/")
    if len(parts) != players:
        raise syntax(f"{len(parts)} special-card groups given for {players} players")
    active = items(need(fields, "inplay"), lambda t: _parse_active(t, static, players))
    return Specials(tuple(held(p) for p in parts), active)


def _parse_active(text: str, static: Static, players: int) -> ActiveSpecial:
    head, _, tile_id = text.partition("#")
    head, _, on = head.partition("@")
    if len(head) != 2 or head[1] not in _SPECIAL_BY_LETTER:
        raise syntax(f"card in play {text!r} is not OWNER LETTER[@ON][#TILE]")
    owner = number(head[0], "owner", 0, players - 1)
    card = _SPECIAL_BY_LETTER[head[1]]
    region = stack = None
    if on and card is SpecialCard.SCOUT:
        stack = _parse_stack(on)
    elif on:
        region = Region(on) if on in {r.letter for r in Region} else None
        if region is None:
            raise syntax(f"{on!r} is no region letter")
    tile = -1
    if tile_id:
        tile = next((i for i, t in enumerate(static.tiles) if t.id == tile_id), -1)
        if tile < 0:
            raise syntax(f"{tile_id!r} is no tile ID")
    return ActiveSpecial(owner, card, region, stack, tile)


def _parse_turn(fields: Mapping[str, str], static: Static, players: int) -> TurnState:
    pending = None
    if "pending" in fields:
        where, sep, waiting = fields["pending"].partition(":")
        stack_text_, slash, rest = where.partition("/")
        orientation, at, anchor = rest.partition("@")
        if not (sep and slash and at):
            raise syntax("pending is STACK/ORIENTATION@ANCHOR:WAITING")
        pending = PendingConquest(
            _parse_stack(stack_text_),
            number(orientation, "orientation"),
            _cell(anchor, static),
            _parse_seats(waiting, players, "waiting player"),
        )
    returned = fields.get("returned", "")
    if any(ch not in _SPECIAL_BY_LETTER for ch in returned):
        raise syntax(f"returned {returned!r} is not special-card letters (H P D S)")
    return TurnState(
        actions_left=number(need(fields, "actions"), "actions", 0, 3),
        consent_refused=_parse_seats(fields.get("refused", NONE), players, "refusing protector"),
        pending=pending,
        returned=tuple(_SPECIAL_BY_LETTER[ch] for ch in returned),
    )


def _parse_starts(fields: Mapping[str, str]) -> bool:
    """The option ``start_yurts_per_player`` from ``starts=region|player`` (K-S4)."""
    value = fields.get("starts", "region")
    if value not in ("region", "player"):
        raise syntax(f"starts is region or player, not {value!r}")
    return value == "player"


def _parse_end(fields: Mapping[str, str]) -> tuple[int, int, int, Outcome | None]:
    """``end_trigger``, ``end_first_player``, ``end_turns`` and ``outcome``."""
    trigger, first, turns = TRIGGER_NONE, -1, 0
    if "end" in fields:
        parts = fields["end"].split(":")
        if len(parts) != 3:
            raise syntax("end is TRIGGER:FIRST:TURNS")
        trigger = number(parts[0], "end trigger", 0, 2)
        first = -1 if parts[1] == NONE else number(parts[1], "first", 0, 3)
        turns = number(parts[2], "end turns")
    outcome = None
    if "outcome" in fields:
        parts = fields["outcome"].split("/")
        if len(parts) != 5:
            raise syntax("outcome is TILES/BONUS/TOTAL/LARGEST/WINNERS")
        lists = [items(p, lambda t: number(t, "score")) for p in parts]
        outcome = Outcome(*lists)
    return trigger, first, turns, outcome


# --- invariants ----------------------------------------------------------------------------------


def refuse(invariant: str, reason: str) -> InvalidPositionError:
    """The error for a position that breaks the invariant named ``invariant``."""
    return InvalidPositionError(invariant, f"{reason} ({INVARIANTS[invariant]})")


def check(state: KhanState, static: Static) -> None:
    """Raise :class:`InvalidPositionError` for the first invariant ``state`` breaks."""
    _check_rulers(state, static)
    _check_yurts(state, static)
    _check_cards(state, static)
    _check_specials(state)


def _check_rulers(state: KhanState, static: Static) -> None:
    field, board = state.field, static.board
    seen = 0
    for index, cell in enumerate(field.rulers):
        name = board.rulers[index].name
        if field.camps[index] > CAMP_YURTS:
            raise refuse("camp-size", f"{name}'s camp holds {field.camps[index]}")
        if cell == OFF_BOARD:
            continue
        bit = 1 << cell
        if not board.land & bit or field.tiles & bit or seen & bit:
            raise refuse("ruler-on-land", f"{name} on {board.label(cell)}")
        if state.end_trigger != TRIGGER_NONE:
            raise refuse("end-rulers", f"{name} still on {board.label(cell)}")
        seen |= bit


def _check_yurts(state: KhanState, static: Static) -> None:
    field, board = state.field, static.board
    for owner, mask in (*enumerate(field.yurts), ("neutral", field.neutral)):
        if mask & ~board.land:
            raise refuse(
                "yurt-on-land", f"a yurt of {owner} on {_cells_text(mask & ~board.land, static)}"
            )
        taken = mask & (field.tiles | field.ruler_mask)
        if taken:
            raise refuse("yurt-on-free-cell", f"a yurt of {owner} on {_cells_text(taken, static)}")


def _check_cards(state: KhanState, static: Static) -> None:
    cards = state.cards
    places = [*cards.hands, cards.pile, cards.discard]
    known = [c for place in places for c in place if c != UNKNOWN_CARD]
    if len(set(known)) != len(known):
        twice = sorted({c for c in known if known.count(c) > 1})
        codes = card_codes(state.options.board)
        raise refuse("card-once", "cards " + ", ".join(codes[c] for c in twice))
    total = sum(len(place) for place in places)
    if total not in (0, len(static.cards)):
        raise refuse("card-count", f"{total} cards, not {len(static.cards)}")
    for seat, hand in enumerate(cards.hands):
        if len(hand) > HAND_SIZE:
            raise refuse("hand-size", f"player {seat} holds {len(hand)} cards")


def _check_specials(state: KhanState) -> None:
    dealt = special_cards_per_player(state.players)
    for seat, held in enumerate(state.specials.held):
        for card, count in zip(SPECIAL_ORDER, held, strict=True):
            playing = sum(1 for a in state.specials.active if a.owner == seat and a.card is card)
            if count + playing > dealt[card]:
                raise refuse("specials", f"player {seat} has {count + playing} {card.value}")


__all__ = [
    "INVARIANTS",
    "board_digest",
    "card_codes",
    "check",
    "format_position",
    "parse_position",
    "refuse",
    "stack_text",
]
