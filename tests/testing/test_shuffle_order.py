"""The shuffle-order check of the leak check: a hand listed in the order of the shuffle is
caught directly, whatever the size of the deck, and an honest game passes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from attrs import evolve, frozen

from boardkit import (
    Config,
    Flow,
    Game,
    IllegalActionError,
    Option,
    Result,
    Rng,
    TurnEnded,
    engine,
    load_game,
)
from boardkit.examples.highcard import HighCardGame
from boardkit.present.voice import Voice
from boardkit.runner.simulate import random_playout
from boardkit.testing import ConformanceError, check_game, check_playout
from boardkit.testing.secrets import (
    TwistedRng,
    check_fresh_randomness,
    check_shuffle_order,
    setup_outcomes,
    shuffle_twists,
)
from tests.budget import examples

HIDDEN = 0
HAND = 3


@frozen
class HandsState:
    flow: Flow
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...] = ()
    redeals: int = 0
    shown: bool = False


@frozen
class Keep:
    """Keep the hand."""


@frozen
class Redeal:
    """Give the hand back, shuffle it into the deck and be dealt a new one."""


@frozen
class Dealt:
    player: int
    cards: tuple[int, ...]


@frozen
class DeckLaid:
    cards: tuple[int, ...]


@frozen
class HandsShown:
    hands: tuple[tuple[int, ...], ...]


class HandsGame(Game[HandsState, object]):
    """Hands of three from a large deck, dealt in blocks or round the table; each player keeps
    the hand or has it dealt again once; the highest hand wins. Honest: every hand is sorted
    before it is listed in an event."""

    name = "hands"
    title = "Hands"
    version = "1.0"
    player_counts = (2, 3)
    options = (
        Option("deck", 200, "cards in the deck", choices=(30, 200)),
        Option("deal", "blocks", "how hands are dealt", choices=("blocks", "round")),
    )
    state_type = HandsState
    action_types = (Keep, Redeal)
    event_types = (Dealt, DeckLaid, HandsShown)
    hidden_information = True

    def initial(self, config: Config) -> HandsState:
        return HandsState(Flow(config.players), ((),) * config.players)

    def listed(self, cards: Sequence[int]) -> tuple[int, ...]:
        """A hand as an event lists it."""
        return tuple(sorted(cards))

    def setup(self, state: HandsState, config: Config, rng: Rng) -> Sequence[object]:
        cards = rng.shuffled(range(1, int(config.option("deck")) + 1))
        n = config.players
        if config.option("deal") == "blocks":
            hands = [cards[HAND * p : HAND * (p + 1)] for p in range(n)]
        else:
            hands = [cards[p : HAND * n : n] for p in range(n)]
        dealt = [Dealt(p, self.listed(hand)) for p, hand in enumerate(hands)]
        return [*dealt, DeckLaid(tuple(cards[HAND * n :]))]

    def legal_actions(self, state: HandsState) -> list[object]:
        return [Keep(), Redeal()] if state.flow.turn <= state.flow.players else []

    def apply(self, state: HandsState, action: object, rng: Rng) -> Sequence[object]:
        player = state.flow.active
        assert player is not None
        if isinstance(action, Keep):
            return [TurnEnded()]
        if not isinstance(action, Redeal):
            raise IllegalActionError("hands", f"{action!r} is not an action of this game")
        cards = list(rng.shuffled((*state.deck, *state.hands[player])))
        dealt = Dealt(player, self.listed(cards[:HAND]))
        return [dealt, DeckLaid(tuple(cards[HAND:])), TurnEnded()]

    def reduce(self, state: HandsState, event: object) -> HandsState:
        if isinstance(event, Dealt):
            hands = list(state.hands)
            hands[event.player] = tuple(sorted(event.cards))
            return evolve(state, hands=tuple(hands))
        if isinstance(event, DeckLaid):
            return evolve(state, deck=event.cards)
        if isinstance(event, HandsShown):
            return evolve(state, hands=event.hands, shown=True)
        return state

    def on_turn_end(self, state: HandsState, rng: Rng) -> Sequence[object]:
        return [HandsShown(state.hands)] if state.flow.turn == state.flow.players else []

    def result(self, state: HandsState) -> Result | None:
        if not state.shown:
            return None
        totals = tuple(sum(hand) for hand in state.hands)
        best = max(totals)
        return Result(tuple(p for p, t in enumerate(totals) if t == best), totals)

    def max_entries(self, config: Config) -> int:
        return 1 + config.players

    def view(self, state: HandsState, player: int | None) -> HandsState:
        hands = state.hands
        if not state.shown:
            hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(hands))
        return evolve(state, hands=hands, deck=(HIDDEN,) * len(state.deck))

    def redact(self, event: object, player: int | None) -> object:
        if isinstance(event, Dealt) and event.player != player:
            return Dealt(event.player, (HIDDEN,) * len(event.cards))
        if isinstance(event, DeckLaid):
            return DeckLaid((HIDDEN,) * len(event.cards))
        return event

    def determinize(self, state: HandsState, player: int | None, rng: Rng) -> HandsState:
        others = [p for p in range(state.flow.players) if p != player and not state.shown]
        unseen = sorted([c for p in others for c in state.hands[p]] + list(state.deck))
        rng.shuffle(unseen)
        hands = list(state.hands)
        for p in others:
            hands[p] = tuple(sorted(unseen.pop() for _ in state.hands[p]))
        return evolve(state, hands=tuple(hands), deck=tuple(unseen))

    def describe_event(
        self, event: object, state: HandsState, player: int | None = None, names: Sequence[str] = ()
    ) -> str | None:
        voice = Voice(player, names)
        if isinstance(event, Dealt):
            cards = "three cards" if HIDDEN in event.cards else " ".join(map(str, event.cards))
            return f"{voice.who(event.player)} {voice.verb(event.player, 'is')} dealt {cards}"
        if isinstance(event, DeckLaid):
            return f"{len(event.cards)} cards make the deck"
        if isinstance(event, HandsShown):
            return "hands shown: " + ", ".join(" ".join(map(str, h)) for h in event.hands)
        return super().describe_event(event, state, player, names)


class DealsInShuffleOrder(HandsGame):
    """The mistake of issue 23: each hand listed in the order the shuffle dealt it."""

    def listed(self, cards: Sequence[int]) -> tuple[int, ...]:
        return tuple(cards)


class RedealsInShuffleOrder(HandsGame):
    """Deals sorted at the start, but lists a hand dealt again in the order of the shuffle: a
    secret born in the middle of the game."""

    def apply(self, state: HandsState, action: object, rng: Rng) -> Sequence[object]:
        if not isinstance(action, Redeal):
            return super().apply(state, action, rng)
        player = state.flow.active
        assert player is not None
        cards = list(rng.shuffled((*state.deck, *state.hands[player])))
        return [Dealt(player, tuple(cards[:HAND])), DeckLaid(tuple(cards[HAND:])), TurnEnded()]


CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "options": {"deal": "round"}},
    {"players": 3, "options": {"deck": 30}},
]


def test_the_honest_game_passes() -> None:
    check_game(HandsGame(), CONFIGS, max_examples=examples(6))


@pytest.mark.parametrize("options", [{"deal": "blocks"}, {"deal": "round"}])
@pytest.mark.parametrize("players", [2, 3])
def test_a_deal_in_shuffle_order_is_caught_in_the_setup(
    players: int, options: dict[str, Any]
) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_playout(DealsInShuffleOrder(), players, options, seed=players)
    message = str(caught.value)
    deal = options["deal"]
    assert message.startswith(
        f"hands players={players} options={{'deal': '{deal}', 'deck': 200}} seed={players} "
        "setup: leak to player "
    )
    assert "the redacted events differ" in message
    assert "swapped gives the same views but other redacted events" in message


def test_the_old_check_alone_misses_it_with_a_large_deck() -> None:
    """Twelve seeds almost never deal a player the same three cards of 200, so comparing
    outcomes of other seeds finds nothing; the twisted shuffles do."""
    game = DealsInShuffleOrder()
    config = game.make_config(3, None, 5)
    before = game.initial(config)
    check_fresh_randomness(game, before, setup_outcomes(game, config, range(5, 17)), "setup")
    with pytest.raises(ConformanceError, match="setup: leak to player 0: the redacted events"):
        check_shuffle_order(
            game, before, lambda rng: game.setup(before, config, rng), 5, 1, "setup"
        )


def test_a_redeal_in_shuffle_order_is_caught_in_play() -> None:
    with pytest.raises(ConformanceError, match=r"Redeal\(\) with its shuffles twisted\): leak"):
        for seed in range(20):
            check_playout(RedealsInShuffleOrder(), 2, None, seed)


def _entry_run(
    game: Game[Any, Any], config: Config, before: Any, player: int | None, action: object
) -> Callable[[Rng], list[object]]:
    """Plays one entry of a match again with a given random stream: the setup when there is
    no action, else ``action`` by ``player`` on ``before``."""
    if action is None:
        return lambda rng: engine.start(game, config, rng)[1]
    return lambda rng: engine.step(game, before, player, action, rng)[1]


@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("khan", 2),
        pytest.param("khan", 4, marks=pytest.mark.slow),
        ("goofspiel", 3),
        ("highcard", 3),
    ],
)  # Khan with 4 players takes over a second: 2 players stays in the fast suite
def test_every_entry_of_the_shipped_games_that_shuffles_passes(name: str, players: int) -> None:
    """Each entry of a random game that shuffles, played again with its shuffles twisted,
    tells no reader more than the reader sees (the kit samples such entries; here all)."""
    game: Game[Any, Any] = HighCardGame() if name == "highcard" else load_game(name)
    tried = 0
    for seed in range(2):
        match = random_playout(game, players, None, seed)
        for entry in match.log.entries:
            before = match.start_state if entry.seq == 0 else match.state_at(entry.seq - 1)
            run = _entry_run(game, match.config, before, entry.player, entry.action)
            where = f"{name} seed={seed} entry {entry.seq}"
            tried += check_shuffle_order(game, before, run, seed, entry.seq + 1, where)
    assert tried > 0  # the game shuffles, and the check played its entries again


def test_twists_swap_disjoint_pairs_of_positions() -> None:
    for length in range(0, 12):
        for players in (1, 2, 3, 4):
            twists = shuffle_twists(length, players)
            assert len(twists) == len(set(twists)) <= 8
            for twist in twists:
                touched = [i for pair in twist for i in pair]
                assert len(touched) == len(set(touched))
                assert all(0 <= i < length for i in touched)
    assert shuffle_twists(1, 2) == []
    assert ((0, 1), (2, 3)) in shuffle_twists(5, 2)  # blocks from the top
    assert ((1, 2), (3, 4)) in shuffle_twists(5, 2)
    assert ((4, 3), (2, 1)) in shuffle_twists(5, 2)  # ... and from the bottom
    assert ((0, 3), (1, 4), (2, 5)) in shuffle_twists(9, 3)  # rounds of three


def test_a_twisted_stream_differs_from_the_real_one_only_in_the_twist() -> None:
    real = Rng(9, 4)
    deck = list(range(10))
    real.shuffle(deck)
    again = list(range(10))
    twisted = TwistedRng(9, 4, 0, ((0, 1), (5, 7)))
    twisted.shuffle(again)
    assert again == [deck[1], deck[0], *deck[2:5], deck[7], deck[6], deck[5], *deck[8:]]
    assert twisted.below(1000) == real.below(1000)  # the draws after it are the stream's own
