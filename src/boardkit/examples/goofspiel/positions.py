"""Goofspiel positions as text: :func:`format_position` writes one, :func:`parse_position` reads it.

The notation (docs/positions.md, section Goofspiel), after the common flow fields::

    goofspiel <flow> ties=discard|carry turned=CARDS|- pile=CARDS|- stake=N [carried=N]
              hands=CARDS/CARDS/... bids=BID/BID/... shown=BID/BID/...|- scores=N/N/...

A card is one character, its value: ``1`` to ``9``, then ``T J Q K`` for 10 to 13; ``?`` is a
card the reader may not see. ``turned`` are the prizes turned up so far, in order (the last is
the prize of this round), ``pile`` the face-down prizes from the top, ``hands`` each seat's
cards not yet revealed, ascending (a pending bid included, as in the state), ``bids`` each
seat's bid this round (``-`` before it bids), ``shown`` the bids of the last round revealed.
``stake`` is the points this round is played for; ``carried`` (written when not 0) the points a
tie carries into the next round.

The text reads back to the same state, and reading checks that the position could arise in
play: the errors name the invariant broken (see :data:`INVARIANTS`). The prize is not written:
it is the last prize turned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from boardkit.errors import InvalidPositionError
from boardkit.examples.goofspiel.state import (
    ALL_POINTS,
    CARDS,
    HIDDEN,
    NO_BID,
    UNKNOWN,
    GoofspielState,
)
from boardkit.flow import Flow
from boardkit.notation import (
    FLOW_KEYS,
    NONE,
    flow_fields,
    join,
    need,
    number,
    parse_flow,
    read_fields,
    syntax,
)
from boardkit.options import Config

NAME: Final = "goofspiel"
KEYS: Final = (
    *FLOW_KEYS,
    "ties",
    "turned",
    "pile",
    "stake",
    "carried",
    "hands",
    "bids",
    "shown",
    "scores",
)
"""Every field of a position, in the order they are written."""
CARD_CHARS: Final = "123456789TJQK"
"""``CARD_CHARS[v - 1]`` is the character of the card of value ``v``."""
SECRET: Final = "?"
"""A card the reader may not see: a pending bid of another seat, a face-down prize."""
PHASE: Final = "main"
"""The one phase of the game (``-`` before the set-up)."""

INVARIANTS: Final[dict[str, str]] = {
    "players": "have as many seats as the match, 2 to 4",
    "options": "have the tie rule (ties=) of the match it starts",
    "flow": "be in the main phase (or before the set-up), with no step, owing only bids",
    "card-once": "have no card twice in a hand",
    "prize-once": "have no prize twice among the turned prizes and the pile",
    "prizes": "hold all 13 prizes in the turned prizes and the pile once shuffled",
    "rounds": "be at the turn of the last prize turned, each hand short of a card per round",
    "turn-order": "have seat (turn - 1) mod players active",
    "bid-in-hand": "have each pending bid in its bidder's hand",
    "owed": "owe a bid exactly of the seats that have not bid in a round under way",
    "shown": "show a bid per seat once a round is over, each played out of its hand",
    "stake": "play a round for its prize plus the points carried over by the ties before it",
    "carried": "carry points only with ties=carry, between rounds, the whole stake of a tie",
    "scores": "have scored together at most the points of the prizes of rounds over",
    "hidden-unknown": "know every card, to start a match (unless read as partial)",
}
"""The invariants :func:`parse_position` checks, by the name its errors report."""


def _broken(invariant: str, reason: str) -> InvalidPositionError:
    return InvalidPositionError(invariant, f"{reason}: a position must {INVARIANTS[invariant]}")


# --- writing ------------------------------------------------------------------------------------


def _card(value: int) -> str:
    return SECRET if value in (HIDDEN, UNKNOWN) else CARD_CHARS[value - 1]


def _cards(values: Sequence[int]) -> str:
    return "".join(_card(value) for value in values) or NONE


def _bid(value: int) -> str:
    return NONE if value == NO_BID else _card(value)


def format_position(state: GoofspielState) -> str:
    """``state`` as text, whatever it holds: a view's unknown parts are written as ``?``."""
    fields = [
        NAME,
        *flow_fields(state.flow),
        f"ties={'carry' if state.carry else 'discard'}",
        f"turned={_cards(state.turned)}",
        f"pile={_cards(state.pile)}",
        f"stake={state.stake}",
    ]
    if state.carried:
        fields.append(f"carried={state.carried}")
    fields += [
        "hands=" + "/".join(_cards(hand) for hand in state.hands),
        "bids=" + "/".join(_bid(bid) for bid in state.bids),
        "shown=" + join((_bid(bid) for bid in state.shown), "/"),
        "scores=" + "/".join(str(score) for score in state.scores),
    ]
    return " ".join(fields)


# --- reading ------------------------------------------------------------------------------------


def _read_card(char: str, what: str, unknown: int) -> int:
    if char == SECRET:
        return unknown
    if char not in CARD_CHARS:
        raise syntax(f"{what}: {char!r} is not a card (1-9, T, J, Q, K, or ? for unknown)")
    return CARD_CHARS.index(char) + 1


def _read_cards(text: str, what: str, unknown: int) -> tuple[int, ...]:
    if text == NONE:
        return ()
    return tuple(_read_card(char, what, unknown) for char in text)


def _per_seat(text: str, what: str, players: int) -> list[str]:
    parts = text.split("/")
    if len(parts) != players:
        raise syntax(f"{what}: {len(parts)} parts separated by '/', not one per seat ({players})")
    return parts


def _read_bid(text: str, what: str) -> int:
    if text == NONE:
        return NO_BID
    if len(text) != 1:
        raise syntax(f"{what}: {text!r} is not one card, ? or -")
    return _read_card(text, what, HIDDEN)


def parse_position(text: str, config: Config, *, partial: bool = False) -> GoofspielState:
    """The state ``text`` describes, for a match set up with ``config``.

    Raises :class:`~boardkit.errors.InvalidPositionError` for text that breaks the grammar or
    an invariant of :data:`INVARIANTS`, never another exception. Unknown cards (``?``) are
    refused with ``hidden-unknown`` unless ``partial``.
    """
    fields = read_fields(text, NAME, KEYS)
    flow = parse_flow(fields, (2, 3, 4))
    players = flow.players
    if players != config.players:
        raise _broken("players", f"a position for {players} in a match of {config.players}")
    ties = need(fields, "ties")
    if ties not in ("discard", "carry"):
        raise syntax(f"ties: {ties!r} is neither 'discard' nor 'carry'")
    if ties != config.option("ties"):
        raise _broken("options", f"ties={ties} in a match played with ties={config.option('ties')}")
    hands = tuple(
        _read_cards(part, f"hand of seat {seat}", HIDDEN)
        for seat, part in enumerate(_per_seat(need(fields, "hands"), "hands", players))
    )
    if any(HIDDEN in hand for hand in hands):
        raise syntax("hands: every card of a hand is known to everyone, so ? is not allowed")
    bids = tuple(
        _read_bid(part, f"bid of seat {seat}")
        for seat, part in enumerate(_per_seat(need(fields, "bids"), "bids", players))
    )
    shown_text = need(fields, "shown")
    shown = () if shown_text == NONE else _per_seat(shown_text, "shown", players)
    turned = _read_cards(need(fields, "turned"), "turned", UNKNOWN)
    if UNKNOWN in turned:
        raise syntax("turned: the prizes turned up are public, so ? is not allowed")
    state = GoofspielState(
        flow=flow,
        carry=ties == "carry",
        hands=hands,
        bids=bids,
        scores=tuple(
            number(part, f"score of seat {seat}", 0, ALL_POINTS)
            for seat, part in enumerate(_per_seat(need(fields, "scores"), "scores", players))
        ),
        pile=_read_cards(need(fields, "pile"), "pile", UNKNOWN),
        prize=turned[-1] if turned else 0,
        stake=number(need(fields, "stake"), "stake", 0, ALL_POINTS),
        carried=number(fields.get("carried", "0"), "carried", 0, ALL_POINTS),
        shown=tuple(
            _read_bid(part, f"shown bid of seat {seat}") for seat, part in enumerate(shown)
        ),
        turned=turned,
    )
    _check(state)
    if not partial and (HIDDEN in state.bids or UNKNOWN in state.pile):
        raise _broken("hidden-unknown", "a bid or a prize of the pile is written as ?")
    return state


# --- the invariants -----------------------------------------------------------------------------


def _check(state: GoofspielState) -> None:
    """Raise for the first invariant ``state`` breaks (the grammar is already checked)."""
    _check_flow(state.flow)
    _check_cards(state)
    completed = _check_rounds(state)
    _check_bids(state)
    _check_shown(state, completed)
    _check_points(state, completed)


def _check_flow(flow: Flow) -> None:
    if flow.phase not in ("", PHASE) or flow.step:
        raise _broken("flow", f"phase {flow.phase or NONE!r}, step {flow.step or NONE!r}")
    if any(owed.kind != "bid" for owed in flow.owed):
        raise _broken("flow", "a decision owed that is not a bid")
    if flow.phase == "" and (flow.turn or flow.active is not None or flow.owed or flow.ended):
        raise _broken("flow", "before the set-up there is no turn, active seat or decision")
    if flow.phase == PHASE and flow.active != (flow.turn - 1) % flow.players:
        raise _broken("turn-order", f"seat {flow.active} is active at turn {flow.turn}")


def _check_cards(state: GoofspielState) -> None:
    for seat, hand in enumerate(state.hands):
        if len(set(hand)) != len(hand):
            raise _broken("card-once", f"the hand of seat {seat} holds a card twice")
        if list(hand) != sorted(hand):
            raise syntax(f"the hand of seat {seat} is not in ascending order")
    known = [card for card in state.pile if card != UNKNOWN] + list(state.turned)
    if len(set(known)) != len(known):
        raise _broken("prize-once", "a prize is both in the pile and turned, or twice in one")
    prizes = len(state.pile) + len(state.turned)
    if prizes not in (0, CARDS) or (prizes == 0 and state.flow.phase):
        raise _broken("prizes", f"{prizes} prizes in the pile and turned up")


def _check_rounds(state: GoofspielState) -> int:
    """Check the round count agrees everywhere; return the number of rounds over."""
    flow = state.flow
    sizes = {len(hand) for hand in state.hands}
    if len(sizes) != 1:
        raise _broken("rounds", "the hands hold different numbers of cards")
    completed = CARDS - sizes.pop()
    under_way = flow.phase == PHASE and not flow.turn_over
    if len(state.turned) != completed + under_way or flow.turn != len(state.turned):
        raise _broken(
            "rounds",
            f"turn {flow.turn}, {len(state.turned)} prizes turned, {completed} rounds over"
            + (" and one under way" if under_way else ""),
        )
    if flow.ended != (completed == CARDS):
        raise _broken("rounds", "the game ends exactly when the hands are empty")
    return completed


def _check_bids(state: GoofspielState) -> None:
    flow = state.flow
    under_way = flow.phase == PHASE and not flow.turn_over
    for seat, bid in enumerate(state.bids):
        if bid in (NO_BID, HIDDEN):
            continue
        if bid not in state.hands[seat]:
            raise _broken("bid-in-hand", f"seat {seat} bid {_card(bid)}, not in its hand")
    waiting = tuple(seat for seat, bid in enumerate(state.bids) if bid == NO_BID)
    if not under_way and len(waiting) != len(state.bids):
        raise _broken("owed", "a bid is pending while no round is under way")
    owing = tuple(owed.player for owed in flow.owed)
    if owing != (waiting if under_way else ()):
        raise _broken("owed", f"bids owed by {list(owing)}, not yet made by {list(waiting)}")
    if under_way and not waiting:
        raise _broken("owed", "every bid is in, yet the round is not revealed")


def _check_shown(state: GoofspielState, completed: int) -> None:
    if bool(state.shown) != bool(completed):
        raise _broken("shown", "bids are shown exactly once a round is over")
    for seat, bid in enumerate(state.shown):
        if bid in (NO_BID, HIDDEN) or bid in state.hands[seat]:
            raise _broken("shown", f"seat {seat}'s shown bid is still in its hand, or unknown")


def _check_points(state: GoofspielState, completed: int) -> None:
    turned = state.turned
    under_way = len(turned) > completed
    if not turned:
        if state.stake or state.carried:
            raise _broken("stake", "points at stake before the first prize")
        return
    extra = state.stake - state.prize
    runs = {sum(turned[start:-1]) for start in range(len(turned))}
    if (not state.carry and extra != 0) or extra not in runs:
        raise _broken("stake", f"stake {state.stake} for the prize {state.prize}")
    if state.carried and (
        not state.carry or under_way or state.carried != state.stake or not state.pile
    ):
        raise _broken("carried", f"{state.carried} points carried")
    won = sum(turned[:completed])
    unscored = (extra if under_way else 0) + state.carried
    if sum(state.scores) + unscored > won:
        raise _broken(
            "scores", f"{sum(state.scores)} points scored (and {unscored} at stake) of {won} won"
        )
