"""The Goofspiel game class: its rules, its secrets and its hooks."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from boardkit.errors import IllegalActionError
from boardkit.examples.goofspiel import encoding, heuristic, positions, text
from boardkit.examples.goofspiel.state import (
    BIDS,
    CARDS,
    EVENT_TYPES,
    HIDDEN,
    NO_BID,
    SECRET_BID,
    UNKNOWN,
    Bid,
    BidPlaced,
    BidsRevealed,
    GoofspielState,
    PrizeRevealed,
    PrizesShuffled,
    PrizeTied,
    PrizeWon,
)
from boardkit.flow import DecisionOwed, DecisionSettled, Flow, RoundEnded, TurnEnded, decider
from boardkit.game import Events, Game
from boardkit.howto import RulesSection
from boardkit.options import Config, Option
from boardkit.present.screen import Picture
from boardkit.present.voice import Voice, count_of
from boardkit.result import Result
from boardkit.rng import Rng


def _set(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*items[:index], value, *items[index + 1 :])


class Goofspiel(Game[GoofspielState, Bid]):
    """Goofspiel for 2 to 4 players; the package docstring has the rules."""

    name = "goofspiel"
    title = "Goofspiel"
    version = "2.0"  # 2.0: a RoundEnded marker ends each round (1.0 logs replay no more)
    player_counts = (2, 3, 4)
    options = (
        Option(
            "ties",
            "discard",
            "a shared highest bid: discard the prize, or carry its points to the next round",
            choices=("discard", "carry"),
        ),
    )
    state_type = GoofspielState
    action_types = (Bid,)
    simultaneous_decisions = frozenset({"bid"})  # every seat owes its bid at once
    event_types = EVENT_TYPES
    hidden_information = True

    # --- the six required methods -----------------------------------------------------------

    def initial(self, config: Config) -> GoofspielState:
        seats = config.players
        return GoofspielState(
            flow=Flow(seats),
            carry=config.option("ties") == "carry",
            hands=(tuple(range(1, CARDS + 1)),) * seats,
            bids=(NO_BID,) * seats,
            scores=(0,) * seats,
        )

    def legal_actions(self, state: GoofspielState) -> Sequence[Bid]:
        player = decider(state.flow)
        if player is None:
            return []
        return [BIDS[card] for card in state.hands[player]]

    def apply(self, state: GoofspielState, action: Bid, rng: Rng) -> Events:
        player = decider(state.flow)
        assert player is not None  # the engine asks apply only while someone decides
        card = action.card if isinstance(action, Bid) else None
        if type(card) is not int or not 1 <= card <= CARDS:
            raise IllegalActionError("card", f"a bid is one card of your hand, 1 to {CARDS}")
        if state.bids[player] != NO_BID:
            raise IllegalActionError("bid-once", "you have bid this round already")
        if card not in state.hands[player]:
            raise IllegalActionError("played", f"your {card} is played already")
        events: list[object] = [BidPlaced(player, card), DecisionSettled(player)]
        if len(state.flow.owed) > 1:
            return events  # others still owe their bids: nothing is shown yet
        bids = _set(state.bids, player, card)
        top = max(bids)
        best = [seat for seat, bid in enumerate(bids) if bid == top]
        events.append(BidsRevealed(bids))
        if len(best) == 1:
            events.append(PrizeWon(best[0], state.stake))
        else:  # a tie in the last round has no next round to carry to
            events.append(PrizeTied(state.stake, state.carry and bool(state.pile)))
        # the table the round ended on, before the next turn turns up the next prize
        events.append(RoundEnded(len(state.turned)))
        events.append(TurnEnded())
        return events

    def reduce(self, state: GoofspielState, event: object) -> GoofspielState:
        if isinstance(event, PrizesShuffled):
            return evolve(state, pile=event.pile)
        if isinstance(event, PrizeRevealed):
            stake = state.carried + event.prize
            return evolve(
                state,
                pile=state.pile[1:],
                prize=event.prize,
                stake=stake,
                carried=0,
                turned=(*state.turned, event.prize),
            )
        if isinstance(event, BidPlaced):
            return evolve(state, bids=_set(state.bids, event.player, event.card))
        if isinstance(event, BidsRevealed):
            hands = tuple(
                tuple(card for card in hand if card != bid)
                for hand, bid in zip(state.hands, event.bids, strict=False)
            )
            return evolve(state, hands=hands, bids=(NO_BID,) * len(state.bids), shown=event.bids)
        if isinstance(event, PrizeWon):
            score = state.scores[event.player] + event.points
            return evolve(state, scores=_set(state.scores, event.player, score))
        if isinstance(event, PrizeTied):
            return evolve(state, carried=event.points if event.carried else 0)
        return state

    def result(self, state: GoofspielState) -> Result | None:
        if any(state.hands):
            return None
        top = max(state.scores)
        winners = tuple(seat for seat, score in enumerate(state.scores) if score == top)
        return Result(winners, state.scores, f"{count_of(top, 'point')} wins")

    def max_entries(self, config: Config) -> int:
        return 1 + CARDS * config.players  # the setup, then one entry per bid

    # --- setup and flow: a round is a turn, whose start turns up a prize and owes every bid ----

    def setup(self, state: GoofspielState, config: Config, rng: Rng) -> Events:
        return [PrizesShuffled(rng.shuffled(range(1, CARDS + 1)))]

    def on_turn_start(self, state: GoofspielState, rng: Rng) -> Events:
        owed = [DecisionOwed(seat, "bid") for seat in range(state.flow.players)]
        return [PrizeRevealed(state.pile[0]), *owed]

    # --- hidden information: pending bids and the prize pile --------------------------------

    def view(self, state: GoofspielState, player: int | None) -> GoofspielState:
        bids = tuple(
            bid if seat == player or bid == NO_BID else HIDDEN
            for seat, bid in enumerate(state.bids)
        )
        return evolve(state, pile=(UNKNOWN,) * len(state.pile), bids=bids)

    def redact(self, event: object, player: int | None) -> object:
        if isinstance(event, PrizesShuffled):
            return PrizesShuffled((UNKNOWN,) * len(event.pile))
        if isinstance(event, BidPlaced) and event.player != player:
            return BidPlaced(event.player, HIDDEN)
        return event

    def redact_action(self, action: Bid, player: int | None) -> Bid:
        return SECRET_BID  # another seat's bid is face down

    def determinize(self, state: GoofspielState, player: int | None, rng: Rng) -> GoofspielState:
        bids = tuple(
            rng.choice(state.hands[seat]) if bid != NO_BID and seat != player else bid
            for seat, bid in enumerate(state.bids)
        )
        # the prizes not yet turned up, worked out from what everyone sees: the same cards as
        # the pile's, and known in a redacted log too, where the pile is face down
        unseen = sorted(set(range(1, CARDS + 1)) - set(state.turned))
        if len(unseen) != len(state.pile):  # a position set up with a shorter pile
            unseen = sorted(state.pile)
        return evolve(state, pile=rng.shuffled(unseen), bids=bids)

    # --- presentation ---------------------------------------------------------------------

    def describe_action(self, action: Bid, state: GoofspielState | None = None) -> str:
        return "bid a card face down" if action.card == HIDDEN else f"bid {action.card}"

    def action_path(self, action: Bid, state: GoofspielState | None = None) -> tuple[str, ...]:
        return (self.describe_action(action, state),)

    def render_text(
        self,
        state: GoofspielState,
        player: int | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        return text.board(self.view(state, player), player, names)

    def render_screen(
        self, state: GoofspielState, player: int | None, names: Sequence[str]
    ) -> Picture:
        return text.screen(self.view(state, player), player, names)

    def describe_event(
        self,
        event: object,
        state: GoofspielState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> str | None:
        line = text.event_line(event, state, Voice(player, names))
        return line if line is not None else super().describe_event(event, state, player, names)

    def describe_events(
        self,
        events: Sequence[object],
        state: GoofspielState,
        player: int | None = None,
        names: Sequence[str] = (),
    ) -> list[str] | None:
        return text.owed_lines(events, Voice(player, names))

    def describe_decision(self, state: GoofspielState, player: int, names: Sequence[str]) -> str:
        return text.decision(state)

    def how_to_play(self) -> tuple[RulesSection, ...]:
        return text.SECTIONS

    # --- positions as text: see the positions module for the notation ----------------------

    def format_position(self, state: GoofspielState, player: int | None = None) -> str:
        return positions.format_position(state if player is None else self.view(state, player))

    def parse_position(self, text: str, config: Config, *, partial: bool = False) -> GoofspielState:
        return positions.parse_position(text, config, partial=partial)

    # --- research encodings (boardkit.adapters): see the encoding module for the layout ----

    def num_actions(self, config: Config) -> int:
        return CARDS

    def action_to_index(self, action: Bid, state: GoofspielState) -> int:
        return encoding.action_index(action)

    def index_to_action(self, index: int, state: GoofspielState) -> Bid:
        return encoding.index_action(index)

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (encoding.observation_size(config.players),)

    def observation(self, state: GoofspielState, player: int) -> list[float]:
        return encoding.observation(self.view(state, player), player)

    def max_chance_outcomes(self, config: Config) -> int:
        return CARDS  # the setup's shuffle of the thirteen prizes

    # --- bot hints --------------------------------------------------------------------------

    def score(self, state: GoofspielState, player: int) -> float:
        return float(state.scores[player])

    def evaluate(self, state: GoofspielState, player: int) -> float:
        """The lead over the best other seat, in points, and what is still to come (the
        ``outlook`` of the heuristic module: it reads only what ``player`` sees, whatever state
        it is given)."""
        others = [score for seat, score in enumerate(state.scores) if seat != player]
        return float(state.scores[player] - max(others)) + heuristic.outlook(state, player)
