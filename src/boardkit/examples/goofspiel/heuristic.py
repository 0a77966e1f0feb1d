"""Goofspiel's heuristic for bots: what a seat can expect from here on, from what it sees."""

from __future__ import annotations

from boardkit.examples.goofspiel.state import ALL_POINTS, HIDDEN, NO_BID, GoofspielState


def outlook(state: GoofspielState, player: int) -> float:
    """What ``player`` can expect from here on, in points, for bots one move ahead.

    Nothing is decided until the last bid of a round is in, so a bid is judged by its chance:
    the round's stake times the chance that the player's bid beats every other seat's, each
    other bid taken as any card of that seat's hand alike (a hand keeps its pending bid, and
    the bid itself is never read, so the heuristic cannot peek). A card spent is a card
    missing later: the points of the prizes still face down are shared in the proportion of the
    cards each seat keeps, and the player's share counts against the best other seat's.
    """
    hands = state.hands
    own = state.bids[player]
    chance = 0.0
    if own not in (NO_BID, HIDDEN):
        chance = 1.0
        for seat, hand in enumerate(hands):
            if seat != player and hand:
                chance *= sum(1 for card in hand if card < own) / len(hand)
    later = ALL_POINTS - sum(state.turned)
    kept = [sum(hand) for hand in hands]
    if own not in (NO_BID, HIDDEN):
        kept[player] -= own
    total = sum(kept)
    if not total:
        return state.stake * chance
    share = [later * k / total for k in kept]
    best_other = max(v for seat, v in enumerate(share) if seat != player)
    return state.stake * chance + share[player] - best_other
