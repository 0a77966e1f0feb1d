"""Bots (boardkit.bots): the protocol, the three bots, the registry, and the no-peeking rule.

Games used: the Nim example (whose ``evaluate`` knows the theory of two-player Nim), the
plain game of tests/core/plain_game.py (no bot hints at all), the hidden-information SecretGame
of tests/core/secret_game.py, and RoundsGame of tests/core/test_flow.py (decisions owed by a
non-active player, no result).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from attrs import evolve

from boardkit import (
    GameDefinitionError,
    GameOverError,
    Match,
    NotYourDecisionError,
    Result,
    Rng,
    decider,
)
from boardkit.bots import (
    BOTS,
    Bot,
    BotParameterError,
    FirstBot,
    GreedyBot,
    MCTSBot,
    RandomBot,
    UnknownBotError,
    bot_from_spec,
    estimated_rewards,
    heuristic,
    make_bot,
    outcome_rewards,
    parse_bot_spec,
)
from boardkit.bots.base import sample_actions
from boardkit.bots.evaluation import CAPPED_WEIGHT, outcome_for
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.runner.tournament import play_game
from tests.core.plain_game import Add, PlainGame, PlainState
from tests.core.secret_game import Keep, SecretGame, SecretState, Swap
from tests.core.test_flow import RoundsGame

# --- helper games --------------------------------------------------------------------------------


class NimWithEvaluate(NimGame):
    """Nim with a heuristic hook: a seat likes the heap small when it is *not* its turn."""

    def evaluate(self, state: NimState, player: int) -> float:
        return -float(state.stones) if decider(state.flow) != player else 0.0


class PlainWithScore(PlainGame):
    """The plain game with a running score and no ``evaluate``: the total plus the seat."""

    def score(self, state: PlainState, player: int) -> float:
        return float(state.total + player)


class SeatZeroLeads(PlainGame):
    """A game whose heuristic says seat 0 leads, whatever the position."""

    def evaluate(self, state: PlainState, player: int) -> float:
        return 1.0 if player == 0 else 0.0


class CountingNim(NimWithEvaluate):
    """NimWithEvaluate that counts how often a bot consults its heuristic."""

    def __init__(self) -> None:
        super().__init__()
        self.evaluations = 0

    def evaluate(self, state: NimState, player: int) -> float:
        self.evaluations += 1
        return super().evaluate(state, player)


class FairSecretGame(SecretGame):
    """SecretGame whose determinize depends only on what the player sees.

    The test game's own determinize lists the unseen cards in their true order before
    shuffling, so with the same rng two true states give two different samples. Sorting them
    first makes the sample a function of the view alone, which is what lets a test compare
    searches on states that look the same to the searcher.
    """

    def determinize(self, state: SecretState, player: int | None, rng: Rng) -> SecretState:
        if state.revealed:
            return state
        unseen = sorted([c for p, c in enumerate(state.hands) if p != player] + list(state.pile))
        rng.shuffle(unseen)
        hands = tuple(c if p == player else unseen.pop() for p, c in enumerate(state.hands))
        return evolve(state, hands=hands, pile=tuple(unseen))


class PeekError(AssertionError):
    """A bot read a hidden field of the true state."""


class SealedSecretState(SecretState):
    """A SecretState whose hidden fields (``hands``, ``pile``) raise when read.

    Only the trusted game code in :class:`GuardedSecretGame` unseals it, to determinize.
    """

    __slots__ = ()

    @property
    def hands(self) -> tuple[int, ...]:
        raise PeekError("read the hands of the true state")

    @property
    def pile(self) -> tuple[int, ...]:
        raise PeekError("read the pile of the true state")


def seal(state: SecretState) -> SealedSecretState:
    sealed = object.__new__(SealedSecretState)
    for name in ("flow", "hands", "pile", "turns_left", "revealed"):
        getattr(SecretState, name).__set__(sealed, getattr(state, name))
    return sealed


def unseal(state: SecretState) -> SecretState:
    if not isinstance(state, SealedSecretState):
        return state
    values = {n: getattr(SecretState, n).__get__(state) for n in ("hands", "pile")}
    return SecretState(state.flow, turns_left=state.turns_left, revealed=state.revealed, **values)


class GuardedSecretGame(SecretGame):
    """SecretGame that only lets ``determinize`` see through a sealed state."""

    def determinize(self, state: SecretState, player: int | None, rng: Rng) -> SecretState:
        return super().determinize(unseal(state), player, rng)


class UndeclaredGuardedSecretGame(GuardedSecretGame):
    """The same game, wrongly declaring no hidden information: bots then search the true state
    (the negative control that shows the seal does catch a peek)."""

    hidden_information = False


def state_where(game: Any, players: int, seed: int, moves: Sequence[object] = ()) -> Any:
    match = Match.new(game, players, None, seed)
    for action in moves:
        match.play(action)
    return match.state


ALL_BOTS: list[Bot] = [
    RandomBot(),
    FirstBot(),
    GreedyBot(),
    MCTSBot(iterations=40),
    MCTSBot(iterations=40, prior_weight=1.0, widening=1.0, rollout_sample=2),
]


# --- evaluation --------------------------------------------------------------------------------


def test_heuristic_prefers_the_evaluate_hook() -> None:
    game = NimWithEvaluate()
    state = state_where(game, 2, seed=0)
    mover = decider(state.flow)
    assert mover is not None
    assert heuristic(game, state, mover) == 0.0
    assert heuristic(game, state, 1 - mover) == -15.0


def test_heuristic_uses_final_scores_once_the_game_is_over() -> None:
    game = PlainGame()
    state = state_where(game, 2, seed=0, moves=[Add(2)] * 5)
    result = game.result(state)
    assert result is not None and result.scores == (1, 0)  # seat 0 adds the 1st, 3rd, 5th
    for seat in range(2):
        assert heuristic(game, state, seat) == result.scores[seat]


def test_a_game_with_evaluate_judges_finished_games_by_it() -> None:
    """Nim offers ``evaluate``, which bots also call on finished games: a win beats any
    position, a loss is worst."""
    game = NimGame()
    over = state_where(game, 2, seed=0, moves=[Take(3)] * 5)
    assert over.winner is not None
    assert heuristic(game, over, over.winner) == 1.0
    assert heuristic(game, over, 1 - over.winner) == -1.0
    going = state_where(game, 2, seed=0, moves=[Take(3)])  # 12 left: lost for the mover
    mover = decider(going.flow)
    assert mover is not None
    assert heuristic(game, going, mover) == -0.5 and heuristic(game, going, 1 - mover) == 0.5


def test_heuristic_uses_a_score_method_while_the_game_goes_on() -> None:
    game = PlainWithScore()
    state = state_where(game, 3, seed=0, moves=[Add(2)])
    assert [heuristic(game, state, p) for p in range(3)] == [2.0, 3.0, 4.0]


def test_heuristic_is_zero_when_the_game_offers_nothing() -> None:
    state = state_where(PlainGame(), 2, seed=0)
    assert heuristic(PlainGame(), state, 0) == 0.0


def test_outcome_rewards_share_a_win() -> None:
    assert outcome_rewards(Result((1,), (0, 5, 2)), 3) == (0.0, 1.0, 0.0)
    assert outcome_rewards(Result((0, 2), (4, 1, 4)), 3) == (0.5, 0.0, 0.5)


def test_a_draw_of_either_kind_is_an_even_share_for_every_seat() -> None:
    """Worth more than a loss and less than a win, so a search plays for it when losing."""
    for drawn in (Result((), (0, 0)), Result((0, 1), (3, 3))):
        assert outcome_rewards(drawn, 2) == (0.5, 0.5)
        assert [outcome_for(drawn, seat) for seat in (0, 1)] == [0.5, 0.5]
    assert outcome_rewards(Result((), (0, 0, 0)), 3) == pytest.approx((1 / 3,) * 3)
    assert outcome_for(Result((0, 2), (4, 1, 4)), 1) == 0.0


def test_estimated_rewards_blend_the_ranking_with_an_even_split() -> None:
    game = PlainWithScore()
    state = state_where(game, 3, seed=0)  # scores 0, 1, 2
    rewards = estimated_rewards(game, state, 3)
    assert sum(rewards) == pytest.approx(1.0)
    even = (1 - CAPPED_WEIGHT) / 3
    assert rewards[0] == pytest.approx(even)  # the last gets only its even part
    assert rewards[0] < rewards[1] < rewards[2]
    assert estimated_rewards(PlainGame(), state_where(PlainGame(), 2, 0), 2) == (0.5, 0.5)


# --- every bot ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: b.name)
def test_bots_satisfy_the_protocol_and_play_legal_games(bot: Bot) -> None:
    assert isinstance(bot, Bot)
    for game, players in ((NimGame(), 3), (SecretGame(), 2), (RoundsGame(), 2)):
        match = play_game(game, players, None, 5, [bot] * players)
        assert match.is_over
        again = Match.from_json(match.to_json(), game, verify=True)  # every action was legal
        assert again.state == match.state


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: b.name)
def test_bot_games_are_reproducible(bot: Bot) -> None:
    logs = [play_game(NimGame(), 2, {"stones": 21}, 9, [bot, RandomBot()]).to_json()]
    logs.append(play_game(NimGame(), 2, {"stones": 21}, 9, [bot, RandomBot()]).to_json())
    assert logs[0] == logs[1]


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: b.name)
def test_bots_refuse_to_play_out_of_turn_or_after_the_end(bot: Bot) -> None:
    game = NimGame()
    state = state_where(game, 2, seed=0)
    mover = decider(state.flow)
    assert mover is not None
    with pytest.raises(NotYourDecisionError):
        bot.choose(game, state, 1 - mover, Rng(0))
    over = state_where(game, 2, seed=0, moves=[Take(3)] * 5)
    with pytest.raises(GameOverError):
        bot.choose(game, over, 0, Rng(0))


class Stuck(NimGame):
    def legal_actions(self, state: NimState) -> list[Take]:
        return []


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: b.name)
def test_a_deciding_seat_without_actions_is_a_game_bug(bot: Bot) -> None:
    state = state_where(NimGame(), 2, seed=0)
    with pytest.raises(GameDefinitionError, match="no legal action"):
        bot.choose(Stuck(), state, decider(state.flow) or 0, Rng(0))


# --- random --------------------------------------------------------------------------------------


def test_random_bot_draws_every_legal_action_and_follows_its_rng() -> None:
    game = NimGame()
    state = state_where(game, 2, seed=0)
    mover = decider(state.flow) or 0
    bot = RandomBot()
    rng = Rng(3)
    seen = {bot.choose(game, state, mover, rng) for _ in range(60)}
    assert seen == {Take(1), Take(2), Take(3)}
    first = [bot.choose(game, state, mover, Rng(8)) for _ in range(5)]
    assert len(set(first)) == 1


# --- first -------------------------------------------------------------------------------------


def test_first_bot_always_plays_the_first_legal_action_without_drawing() -> None:
    game = NimGame()
    state = state_where(game, 2, seed=0)
    mover = decider(state.flow) or 0
    rng = Rng(5)
    assert all(FirstBot().choose(game, state, mover, rng) == Take(1) for _ in range(5))
    assert rng.below(1000) == Rng(5).below(1000)  # the stream was never drawn from
    owed = RoundsGame()
    match = play_game(owed, 2, None, 1, [FirstBot(), FirstBot()])
    for entry in match.log.entries[1:]:  # owed decisions of a non-active seat included
        assert entry.action == owed.legal_actions(match.state_at(entry.seq - 1))[0]


def test_first_bot_is_made_by_name() -> None:
    bot = make_bot("first")
    assert isinstance(bot, FirstBot) and bot.name == "first"
    assert repr(bot_from_spec("first")) == "FirstBot()"


# --- greedy --------------------------------------------------------------------------------------


def test_greedy_takes_an_immediate_win() -> None:
    game = NimGame()
    state = state_where(game, 2, seed=0, moves=[Take(3)] * 4)  # 3 stones left
    for seed in range(10):
        assert GreedyBot().choose(game, state, decider(state.flow) or 0, Rng(seed)) == Take(3)


def test_greedy_follows_the_evaluate_hook() -> None:
    # The hook rewards a small heap after my move: greedy always takes the most it can.
    game = NimWithEvaluate()
    state = state_where(game, 2, seed=0)
    for seed in range(10):
        assert GreedyBot().choose(game, state, decider(state.flow) or 0, Rng(seed)) == Take(3)


def test_greedy_handles_owed_decisions() -> None:
    game = RoundsGame()
    match = Match.new(game, 2)
    match.play(match.legal_actions()[1])  # Move(ask=True): seat 1 now owes an answer
    assert match.to_decide == 1 and match.state.flow.active == 0
    action = GreedyBot().choose(game, match.state, 1, Rng(0))
    assert action in match.legal_actions()


def test_sample_actions_caps_the_candidates_without_repeats() -> None:
    actions = list(range(1000))
    sample = sample_actions(actions, 200, Rng(1))
    assert len(sample) == 200 == len(set(sample))
    assert set(sample) <= set(actions)
    assert sample_actions(actions[:5], 200, Rng(1)) == actions[:5]
    assert sample != sample_actions(actions, 200, Rng(2))


# --- MCTS ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_mcts_finds_the_winning_nim_move(stones: int) -> None:
    """Two-player Nim taking 1 to 3: the winning move leaves a multiple of 4."""
    game = NimGame()
    state = state_where(game, 2, seed=1)
    state = evolve(state, stones=stones)
    mover = decider(state.flow) or 0
    chosen = MCTSBot(iterations=400).choose(game, state, mover, Rng(stones))
    assert chosen == Take(stones % 4)


def test_mcts_runs_exactly_its_iterations() -> None:
    game = NimGame()
    state = state_where(game, 2, seed=1)
    search = MCTSBot(iterations=37).search(game, state, decider(state.flow) or 0, Rng(0))
    assert search.iterations == 37
    assert sum(s.visits for s in search.actions) == 37
    assert [s.action for s in search.actions] == game.legal_actions(state)


def test_mcts_stops_at_its_time_budget() -> None:
    ticks = iter(range(1000))
    clock = lambda: float(next(ticks))  # noqa: E731  one second per reading
    game = NimGame()
    state = state_where(game, 2, seed=1)
    bot = MCTSBot(seconds=5, clock=clock)
    search = bot.search(game, state, decider(state.flow) or 0, Rng(0))
    assert search.iterations == 5
    both = MCTSBot(iterations=3, seconds=100, clock=lambda: 0.0)
    assert both.search(game, state, decider(state.flow) or 0, Rng(0)).iterations == 3


def test_mcts_estimates_a_capped_rollout_with_the_heuristic() -> None:
    # Rollouts stop after one decision on the way to 200: no game ends within the tree.
    plain = PlainGame()
    state = evolve(state_where(plain, 2, seed=0), target=200)
    mover = decider(state.flow) or 0
    search = MCTSBot(iterations=12, rollout_cap=1).search(plain, state, mover, Rng(0))
    assert all(s.mean_reward == pytest.approx(0.5) for s in search.actions)  # no measure: even
    leads = SeatZeroLeads()
    search = MCTSBot(iterations=12, rollout_cap=1).search(leads, state, mover, Rng(0))
    leader_share = CAPPED_WEIGHT + (1 - CAPPED_WEIGHT) / 2
    expected = leader_share if mover == 0 else 1 - leader_share
    assert all(s.mean_reward == pytest.approx(expected) for s in search.actions)


def guided_mcts(iterations: int) -> MCTSBot:
    """An MCTS bot guided by the game's evaluate hook: priors, progressive widening and
    sampled rollouts all switched on."""
    return MCTSBot(iterations=iterations, prior_weight=1.0, widening=1.0, rollout_sample=3)


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_guided_mcts_finds_the_winning_nim_move_too(stones: int) -> None:
    game = NimWithEvaluate()
    state = evolve(state_where(game, 2, seed=1), stones=stones)
    mover = decider(state.flow) or 0
    chosen = guided_mcts(400).choose(game, state, mover, Rng(stones))
    assert chosen == Take(stones % 4)


def test_widening_searches_only_the_actions_with_the_best_priors() -> None:
    """The heuristic likes the heap small after one's move: take 3, then 2, then 1."""
    game = NimWithEvaluate()
    state = evolve(state_where(game, 2, seed=0), stones=50)
    mover = decider(state.flow) or 0
    visits = {
        s.action.count: s.visits
        for s in MCTSBot(iterations=3, widening=0.5).search(game, state, mover, Rng(0)).actions
    }
    assert visits == {1: 0, 2: 0, 3: 3}  # ceil(0.5 * sqrt(n)) stays 1 for n <= 4 visits
    visits = {
        s.action.count: s.visits
        for s in MCTSBot(iterations=12, widening=0.5).search(game, state, mover, Rng(0)).actions
    }
    assert visits[1] == 0 and visits[2] > 0 and visits[3] > 0  # 2 actions from the 5th visit
    plain = MCTSBot(iterations=12).search(game, state, mover, Rng(0))
    assert all(s.visits > 0 for s in plain.actions)


def test_priors_order_the_expansion_and_are_worked_out_once_per_node() -> None:
    game = CountingNim()
    state = evolve(state_where(game, 2, seed=0), stones=50)
    mover = decider(state.flow) or 0
    search = MCTSBot(iterations=1, prior_weight=1.0, rollout_cap=1).search(
        game, state, mover, Rng(0)
    )
    assert [s.visits for s in search.actions] == [0, 0, 1]  # the best prior first: take 3
    game.evaluations = 0
    MCTSBot(iterations=3, prior_weight=1.0, rollout_cap=1).search(game, state, mover, Rng(0))
    # the root's three priors once, then one capped rollout estimate (2 seats) per iteration
    assert game.evaluations == 3 + 3 * 2


def test_rollout_sample_plays_the_heuristic_choice_in_rollouts() -> None:
    """With a perfect heuristic (Nim's own ``evaluate``, exact for two players) and every action
    sampled, rollouts play Nim perfectly: each root action is then worth exactly what theory
    says after one visit."""
    game = NimGame()
    for stones in (9, 10, 11):
        state = evolve(state_where(game, 2, seed=0), stones=stones)
        mover = decider(state.flow) or 0
        search = MCTSBot(iterations=3, rollout_sample=3).search(game, state, mover, Rng(0))
        means = {s.action.count: s.mean_reward for s in search.actions}
        assert means == {k: float(k == stones % 4) for k in (1, 2, 3)}
    counting = CountingNim()
    state = evolve(state_where(counting, 2, seed=0), stones=20)
    MCTSBot(iterations=5).search(counting, state, decider(state.flow) or 0, Rng(0))
    assert counting.evaluations == 0  # plain rollouts to the end never ask the heuristic


def test_mcts_plays_three_player_games_and_owed_decisions() -> None:
    match = play_game(NimGame(), 3, {"stones": 12}, 4, [MCTSBot(iterations=30)] * 3)
    assert match.result is not None
    rounds = play_game(RoundsGame(), 3, None, 4, [MCTSBot(iterations=10)] * 3)
    assert rounds.is_over and rounds.result is None


def test_mcts_keeps_a_nine_and_swaps_a_one_in_secret_game() -> None:
    game = SecretGame()
    checked = set()
    for seed in range(40):
        state = state_where(game, 2, seed)
        mover = decider(state.flow) or 0
        own = state.hands[mover]
        if own in (1, 9):
            chosen = MCTSBot(iterations=60).choose(game, state, mover, Rng(seed))
            assert chosen == (Keep() if own == 9 else Swap())
            checked.add(own)
    assert checked == {1, 9}


# --- no peeking at hidden information ------------------------------------------------------------


def rearranged(state: SecretState, player: int, rng: Rng) -> SecretState:
    """``state`` with the cards ``player`` cannot see dealt again among the others and the pile."""
    unseen = [c for p, c in enumerate(state.hands) if p != player] + list(state.pile)
    rng.shuffle(unseen)
    hands = tuple(c if p == player else unseen.pop() for p, c in enumerate(state.hands))
    return evolve(state, hands=hands, pile=tuple(unseen))


@pytest.mark.parametrize("seed", range(4))
def test_mcts_search_depends_only_on_what_the_searcher_sees(seed: int) -> None:
    """States that differ only in other players' hidden cards give the very same search."""
    game = FairSecretGame()
    state = state_where(game, 3, seed, moves=[Keep()])  # the second seat to move decides
    player = decider(state.flow)
    assert player is not None
    variants = [state, *(rearranged(state, player, Rng(seed, k)) for k in range(3))]
    assert len(set(variants)) > 1  # the true states do differ ...
    assert all(game.view(v, player) == game.view(state, player) for v in variants)  # ... unseen
    bot = MCTSBot(iterations=80)
    searches = [bot.search(game, v, player, Rng(99)) for v in variants]
    assert all(s == searches[0] for s in searches)
    greedy = {GreedyBot().choose(game, v, player, Rng(99)) for v in variants}
    assert len(greedy) == 1


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: b.name)
def test_bots_never_read_hidden_fields_of_the_true_state(bot: Bot) -> None:
    """The true state is sealed: reading its hands or pile raises; determinize may unseal."""
    game = GuardedSecretGame()
    for seed in range(3):
        state = state_where(game, 3, seed, moves=[Swap()])
        player = decider(state.flow)
        assert player is not None
        assert bot.choose(game, seal(state), player, Rng(seed)) in (Keep(), Swap())


@pytest.mark.parametrize("bot", [GreedyBot(), MCTSBot(iterations=40)], ids=repr)
def test_the_seal_catches_a_bot_that_searches_the_true_state(bot: Bot) -> None:
    """Negative control: without determinization, looking ahead reads the sealed fields."""
    game = UndeclaredGuardedSecretGame()
    state = state_where(game, 3, 0, moves=[Swap()])
    with pytest.raises(PeekError):
        bot.choose(game, seal(state), decider(state.flow) or 0, Rng(0))


# --- the registry ------------------------------------------------------------------------------


def test_make_bot_builds_every_registered_bot() -> None:
    assert set(BOTS) == {"random", "first", "greedy", "mcts", "trained"}
    for name in BOTS:
        bot = make_bot(name)
        assert bot.name == name
    mcts = make_bot("mcts", iterations=7, exploration=0.5)
    assert isinstance(mcts, MCTSBot) and mcts.iterations == 7 and mcts.exploration == 0.5


def test_make_bot_names_what_is_wrong() -> None:
    with pytest.raises(UnknownBotError, match="unknown bot 'alphazero'; known bots: first, greedy"):
        make_bot("alphazero")
    with pytest.raises(BotParameterError, match="no parameter depth; its parameters: "):
        make_bot("mcts", depth=3)
    with pytest.raises(BotParameterError, match="iterations must be a positive int"):
        make_bot("mcts", iterations=0)
    with pytest.raises(BotParameterError, match="seconds must be a number above 0"):
        make_bot("mcts", seconds=-1.0)
    with pytest.raises(BotParameterError, match="prior_weight must be a number of at least 0"):
        make_bot("mcts", prior_weight=-0.5)
    with pytest.raises(BotParameterError, match="widening must be a number of at least 0"):
        make_bot("mcts", widening="wide")
    with pytest.raises(BotParameterError, match="rollout_sample must be a positive int"):
        make_bot("mcts", rollout_sample=0)
    with pytest.raises(BotParameterError, match="max_actions must be a positive int"):
        make_bot("greedy", max_actions="many")


@pytest.mark.parametrize(
    "spec",
    ["mcts:seconds=inf", "mcts:iterations=50:seconds=inf", "mcts:exploration=inf"],
)
def test_an_endless_number_is_refused(spec: str) -> None:
    """``seconds=inf`` would have the bot think for ever (``boardkit watch`` hung, a
    tournament never ended); no bot parameter means anything at infinity."""
    name = spec.rsplit(":", 1)[1].split("=")[0]
    with pytest.raises(BotParameterError, match=f"^mcts: {name} must be a finite number, not inf$"):
        bot_from_spec(spec)
    with pytest.raises(BotParameterError, match="prior_weight must be a finite number"):
        make_bot("mcts", prior_weight=float("inf"))
    bot = make_bot("mcts", seconds=1e-3, exploration=1e9)
    assert isinstance(bot, MCTSBot) and bot.seconds == 1e-3


def test_bot_specs_carry_typed_parameters() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec(" mcts:iterations=200:seconds=0.5:exploration=1 ") == (
        "mcts",
        {"iterations": 200, "seconds": 0.5, "exploration": 1},
    )
    assert parse_bot_spec("x:flag=true:label=abc:none=None") == (
        "x",
        {"flag": True, "label": "abc", "none": None},
    )
    bot = bot_from_spec("greedy:max_actions=5")
    assert isinstance(bot, GreedyBot) and bot.max_actions == 5
    for bad in ("", ":iterations=3", "mcts:iterations", "mcts:=3", "mcts:a=1:a=2"):
        with pytest.raises(BotParameterError):
            parse_bot_spec(bad)


def test_a_registered_custom_bot_is_made_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    class FirstBot:
        name = "first"

        def choose(self, game: Any, state: Any, player: int, rng: Rng) -> Any:
            return game.legal_actions(state)[0]

    monkeypatch.setitem(BOTS, "first", FirstBot)
    bot = make_bot("first")
    assert isinstance(bot, Bot)
    match = play_game(NimGame(), 2, None, 0, [bot, bot])
    assert all(e.action == Take(1) for e in match.log.entries[1:])
