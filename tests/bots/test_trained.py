"""The policy-value network (boardkit.bots.network) and the ``trained`` bot that searches with it.

Networks here are small and random (:func:`random_network`): what is checked is the search and
the file format, not strength (benchmarks/trained_strength.py measures that). The shipped
networks of Khan and Shangrila are checked to load, fit their game and play.
"""

from __future__ import annotations

import io
import math
import pickle
from typing import Any

import numpy as np
import pytest

from boardkit import Match, Rng, decider, engine
from boardkit.bots import BotParameterError, make_bot
from boardkit.bots.mcts import MCTSBot
from boardkit.bots.network import FORMAT, NetworkFileError, PolicyValueNet, SparseObservation
from boardkit.bots.trained import (
    DEFAULT_ROLLOUT_CAP,
    TrainedBot,
    _gamma,
    observe,
    relative_estimate,
)
from boardkit.examples.nim import NimGame
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.game import Game
from boardkit.registry import as_game
from boardkit.runner.tournament import play_game


def random_network(
    game: Game[Any, Any],
    players: int,
    hidden: tuple[int, ...] = (16,),
    seed: int = 0,
    options: dict[str, object] | None = None,
) -> PolicyValueNet:
    """A network of the right shape for ``game`` with random weights."""
    config = game.make_config(players, options, 0, None)
    width = math.prod(game.observation_shape(config) or (0,))
    actions = game.num_actions(config) or 0
    rng = np.random.default_rng(seed)
    trunk, inputs = [], width
    for size in hidden:
        trunk.append((rng.normal(0, 0.3, (inputs, size)), rng.normal(0, 0.1, size)))
        inputs = size
    meta = {
        "game": game.name,
        "players": players,
        "observation_size": width,
        "num_actions": actions,
    }
    policy = (rng.normal(0, 0.3, (inputs, actions)), np.zeros(actions))
    value = (rng.normal(0, 0.3, (inputs, players)), np.zeros(players))
    return PolicyValueNet(trunk, policy, value, meta)


def khan_position(game: Game[Any, Any], seed: int, entries: int) -> tuple[Any, int]:
    """A two-player Khan position after ``entries`` entries of random play, and its decider."""
    match = Match.new(game, 2, seed=seed)
    rng = Rng(seed, 7)
    while len(match.log.entries) < entries:
        who = decider(match.state.flow)
        assert who is not None
        match.play(make_bot("random").choose(game, match.state, who, rng))
    player = decider(match.state.flow)
    assert player is not None
    return match.state, player


def saved(net: PolicyValueNet) -> bytes:
    buffer = io.BytesIO()
    net.save(buffer)
    return buffer.getvalue()


def bot_with(net: PolicyValueNet, **params: Any) -> TrainedBot:
    bot = TrainedBot(**params)
    bot._networks[(net.game, net.players)] = net
    return bot


# --- the network -------------------------------------------------------------------------------


def test_a_network_gives_priors_over_the_legal_actions_and_shares_over_the_seats() -> None:
    game = NimGame()
    net = random_network(game, 3)
    state, _ = engine.start(game, game.make_config(3, None, 1, None))
    legal = list(game.legal_action_indices(state))
    priors, shares = net.evaluate(game.observation(state, 0), legal)
    assert priors.shape == (len(legal),) and shares.shape == (3,)
    assert math.isclose(float(priors.sum()), 1.0, rel_tol=1e-5)
    assert math.isclose(float(shares.sum()), 1.0, rel_tol=1e-5)
    assert (priors > 0).all() and (shares > 0).all()
    # only the legal columns are read: a policy for a subset is the renormalised restriction
    sub, _ = net.evaluate(game.observation(state, 0), legal[:2])
    assert np.allclose(sub, priors[:2] / priors[:2].sum(), rtol=1e-5)


def test_a_saved_network_loads_to_the_same_evaluations_and_its_file_is_small() -> None:
    game = as_game("shangrila")
    net = random_network(game, 3, hidden=(32, 16), seed=4)
    data = saved(net)
    again = PolicyValueNet.load(data)
    assert again.meta == net.meta and again.game == "shangrila" and again.players == 3
    state, _ = engine.start(game, game.make_config(3, None, 2, None))
    legal = list(game.legal_action_indices(state))
    observation = game.observation(state, 0)
    first, second = net.evaluate(observation, legal), again.evaluate(observation, legal)
    # float16 storage: the same figures to three digits, and exactly the same after a reload
    assert np.allclose(first[0], second[0], atol=2e-3)
    assert saved(again) == saved(PolicyValueNet.load(saved(again)))
    assert "shangrila, 3 players: 808 → 32 → 16" in repr(again)


def test_a_file_that_is_not_a_network_is_refused_by_name(tmp_path: Any) -> None:
    with pytest.raises(NetworkFileError, match="not a network file"):
        PolicyValueNet.load(b"hello")
    buffer = io.BytesIO()
    np.savez(buffer, weights=np.zeros(3))
    with pytest.raises(NetworkFileError, match="no readable header"):
        PolicyValueNet.load(buffer.getvalue())
    other = io.BytesIO()
    header = np.frombuffer(b'{"format": "something-else/9"}', np.uint8)
    np.savez(other, header=header)
    with pytest.raises(NetworkFileError, match="'something-else/9' is not"):
        PolicyValueNet.load(other.getvalue())
    lacking = io.BytesIO()
    header = np.frombuffer(f'{{"format": "{FORMAT}", "layers": 1}}'.encode(), np.uint8)
    np.savez(lacking, header=header)
    with pytest.raises(NetworkFileError, match="lacks 'trunk0_w'"):
        PolicyValueNet.load(lacking.getvalue())


def test_shapes_that_do_not_chain_are_refused() -> None:
    net = random_network(NimGame(), 2)
    with pytest.raises(NetworkFileError, match="policy head has shape"):
        PolicyValueNet(
            net.trunk,
            (net.policy_weights[:, :2], net.policy_bias[:2]),
            (net.value_weights, net.value_bias),
            net.meta,
        )
    with pytest.raises(NetworkFileError, match="trunk layer 0"):
        PolicyValueNet(
            [(net.trunk[0][0][:-1], net.trunk[0][1])],
            (net.policy_weights, net.policy_bias),
            (net.value_weights, net.value_bias),
            net.meta,
        )
    with pytest.raises(NetworkFileError, match="lacks 'players'"):
        meta = {k: v for k, v in net.meta.items() if k != "players"}
        PolicyValueNet(
            net.trunk,
            (net.policy_weights, net.policy_bias),
            (net.value_weights, net.value_bias),
            meta,
        )


def test_check_fits_and_the_observation_check_name_the_mismatch() -> None:
    net = random_network(NimGame(), 2)
    net.check_fits("nim", 2, net.observation_size, net.num_actions)
    with pytest.raises(NetworkFileError, match="players 2 \\(needed 3\\)"):
        net.check_fits("nim", 3, net.observation_size, net.num_actions)
    with pytest.raises(NetworkFileError, match="trained for another board"):
        net.evaluate([0.0] * (net.observation_size + 1), [0])


# --- the bot -----------------------------------------------------------------------------------


def test_the_trained_bot_is_registered_and_checks_its_parameters() -> None:
    bot = make_bot("trained", iterations=5, exploration=2.0)
    assert isinstance(bot, TrainedBot) and bot.iterations == 5 and bot.name == "trained"
    with pytest.raises(BotParameterError, match="iterations must be a positive int"):
        make_bot("trained", iterations=0)
    with pytest.raises(BotParameterError, match="noise is a share"):
        make_bot("trained", noise=1.5)
    with pytest.raises(BotParameterError, match="temperature"):
        make_bot("trained", temperature=-1)


def test_without_a_network_the_bot_says_how_to_get_one(tmp_path: Any) -> None:
    game = NimGame()
    state, _ = engine.start(game, game.make_config(2, None, 0, None))
    who = decider(state.flow)
    assert who is not None
    with pytest.raises(
        BotParameterError, match=r"nim ships no network for 2 players.*boardkit train"
    ):
        TrainedBot().choose(game, state, who, Rng(0))
    with pytest.raises(BotParameterError, match="cannot read weights"):
        TrainedBot(weights=tmp_path / "none.npz").choose(game, state, who, Rng(0))
    wrong = tmp_path / "tictactoe.npz"
    random_network(TicTacToeGame(), 2).save(wrong)
    with pytest.raises(NetworkFileError, match="trained for tictactoe, 2 players, not nim"):
        TrainedBot(weights=wrong).choose(game, state, who, Rng(0))


def test_the_bot_loads_its_weights_file_and_plays_reproducible_legal_games(tmp_path: Any) -> None:
    game = NimGame()
    file = tmp_path / "nim.npz"
    random_network(game, 2).save(file)
    bot = make_bot("trained", weights=str(file), iterations=30)
    logs = [
        play_game(game, 2, {"stones": 15}, 3, [bot, make_bot("random")]).to_json() for _ in range(2)
    ]
    assert logs[0] == logs[1]
    again = Match.from_json(logs[0], game, verify=True)  # every action was legal
    assert again.is_over


def test_the_search_runs_its_iterations_and_finds_a_winning_nim_move() -> None:
    """With a network that knows nothing, the search still sees the end of a short game."""
    game = NimGame()
    net = random_network(game, 2, seed=3)
    config = game.make_config(2, {"stones": 5}, 0, None)
    state, _ = engine.start(game, config)
    player = decider(state.flow)
    assert player is not None
    visits = bot_with(net, iterations=300).search(game, state, player, Rng(1))
    assert sum(v for v, _ in visits.values()) == 300 - 0  # every iteration passes a root child
    best = max(visits, key=lambda i: visits[i][0])
    after, _ = engine.step(game, state, player, game.index_to_action(best, state), Rng(0))
    assert after.stones % 4 == 0  # leaves a multiple of four: the winning move of Nim 1-3
    assert math.isclose(sum(p for _, p in visits.values()), 1.0, rel_tol=1e-5)


def test_temperature_draws_by_visits_and_noise_changes_the_priors() -> None:
    bot = TrainedBot(temperature=1.0)
    visits = {3: (90, 0.2), 5: (10, 0.8), 7: (0, 0.0)}
    picks = [bot.pick(visits, Rng(9, k)) for k in range(400)]
    assert 300 < picks.count(3) < 395 and picks.count(7) == 0
    assert TrainedBot().pick(visits, Rng(0)) == 3
    game = NimGame()
    state, _ = engine.start(game, game.make_config(2, None, 0, None))
    player = decider(state.flow) or 0
    net = random_network(game, 2)
    plain = bot_with(net, iterations=1).search(game, state, player, Rng(5))
    noisy = bot_with(net, iterations=1, noise=0.5).search(game, state, player, Rng(5))
    assert [p for _, p in plain.values()] != [p for _, p in noisy.values()]
    assert math.isclose(sum(p for _, p in noisy.values()), 1.0, rel_tol=1e-6)


def test_gamma_draws_have_the_right_mean() -> None:
    for alpha in (0.1, 0.5, 2.0):
        draws = [_gamma(alpha, Rng(4, k)) for k in range(3000)]
        assert abs(sum(draws) / len(draws) - alpha) < 0.15 * max(alpha, 0.3)
        assert min(draws) >= 0


def test_a_pickled_bot_leaves_its_networks_behind() -> None:
    bot = bot_with(random_network(NimGame(), 2), iterations=3)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy._networks == {} and copy.iterations == 3


def test_the_khan_search_depends_only_on_what_the_searcher_sees() -> None:
    """Worlds that differ only in what the searching seat cannot see give the same search."""
    game = as_game("khan")
    net = random_network(game, 2, seed=1)
    state, player = khan_position(game, seed=5, entries=12)
    variants = [state, *(game.determinize(state, player, Rng(1, k)) for k in range(3))]
    assert len(set(variants)) > 1
    assert all(game.view(v, player) == game.view(state, player) for v in variants)
    searches = [bot_with(net, iterations=40).search(game, v, player, Rng(2)) for v in variants]
    assert all(s == searches[0] for s in searches)


@pytest.mark.parametrize(("name", "players"), [("khan", 2), ("shangrila", 3)])
def test_the_shipped_network_fits_its_game_and_plays(name: str, players: int) -> None:
    game = as_game(name)
    file = game.trained_network(players)
    assert file is not None and file.is_file()
    net = PolicyValueNet.load(file.read_bytes())
    config = game.make_config(players, None, 0, None)
    net.check_fits(
        name,
        players,
        math.prod(game.observation_shape(config) or ()),
        game.num_actions(config) or 0,
    )
    assert game.trained_network(players + 1) is None
    match = Match.new(game, players, seed=11)
    bot = TrainedBot(iterations=8)
    rng = Rng(11, 1)
    for _ in range(6):
        who = decider(match.state.flow)
        assert who is not None
        match.play(bot.choose(game, match.state, who, rng))
    assert Match.from_json(match.to_json(), game, verify=True).state == match.state


def test_a_network_that_reads_the_estimate_needs_one() -> None:
    game = NimGame()
    base = random_network(game, 2)
    trunk = [(np.vstack([base.trunk[0][0], [[1.0] * 16, [-1.0] * 16]]), base.trunk[0][1])]
    meta = {**base.meta, "estimate_inputs": True}
    net = PolicyValueNet(
        trunk, (base.policy_weights, base.policy_bias), (base.value_weights, base.value_bias), meta
    )
    assert net.reads_estimate and net.input_size == base.observation_size + 2
    observation = [0.5] * base.observation_size
    with pytest.raises(ValueError, match="also reads an estimate of 2 shares"):
        net.value(observation)
    low, high = net.value(observation, [0.0, 1.0]), net.value(observation, [1.0, 0.0])
    assert not np.allclose(low, high)  # the estimate is read
    again = PolicyValueNet.load(saved(net))
    assert again.reads_estimate and np.allclose(
        again.value(observation, [0.0, 1.0]), low, atol=1e-2
    )


def test_the_sparse_observation_gives_the_dense_ones_evaluation_exactly() -> None:
    """The network reads the nonzero rows alone either way, so a sparse observation (Khan's
    own, with the estimate the shipped network reads) gives the very same numbers."""
    game = as_game("khan")
    net = TrainedBot().network(game, 2)
    assert net.reads_estimate
    for seed, entries in ((1, 10), (2, 40), (3, 80)):
        state, who = khan_position(game, seed, entries)
        estimate = relative_estimate(game, state, who, 2)
        sparse = observe(game, state, who)
        assert isinstance(sparse, SparseObservation)
        legal = list(game.legal_action_indices(state))
        dense_priors, dense_shares = net.evaluate(game.observation(state, who), legal, estimate)
        priors, shares = net.evaluate(sparse, legal, estimate)
        assert np.array_equal(priors, dense_priors) and np.array_equal(shares, dense_shares)
    nim = NimGame()
    state, _ = engine.start(nim, nim.make_config(2, None, 1, None))
    assert observe(nim, state, 0) == nim.observation(state, 0)  # no lister of its own: dense


def test_a_sparse_observation_that_does_not_fit_is_refused() -> None:
    net = random_network(NimGame(), 2)
    size = net.observation_size
    for positions, values in (([0, size], [1.0, 1.0]), ([1], [1.0, 0.5]), ([2, 1], [1.0, 1.0])):
        with pytest.raises(NetworkFileError, match="sparse observation needs"):
            net.value(SparseObservation(positions, values))
    empty = net.value(SparseObservation([], []))
    assert np.allclose(empty, net.value([0.0] * size))


def test_heuristic_priors_search_like_guided_mcts_with_the_network_at_the_leaves() -> None:
    """The default mode ranks actions by the heuristic and judges leaves by the network: it
    finds Nim's winning move, plays legal reproducible games, and checks its parameters."""
    game = NimGame()
    net = random_network(game, 2, seed=2)
    bot = bot_with(net, iterations=200)
    assert bot.priors == "heuristic" and bot.exploration == 1.0
    state, _ = engine.start(game, game.make_config(2, {"stones": 9}, 0, None))
    who = decider(state.flow)
    assert who is not None
    move = bot.choose(game, state, who, Rng(3))
    after, _ = engine.step(game, state, who, move, Rng(0))
    assert after.stones % 4 == 0
    assert bot_with(net, priors="network").exploration == 1.5
    with pytest.raises(BotParameterError, match="priors is one of network, heuristic"):
        TrainedBot(priors="oracle")
    first = play_game(game, 2, {"stones": 13}, 4, [bot, make_bot("random")]).to_json()
    assert first == play_game(game, 2, {"stones": 13}, 4, [bot, make_bot("random")]).to_json()


def test_the_khan_choice_with_heuristic_priors_depends_only_on_what_the_searcher_sees() -> None:
    game = as_game("khan")
    net = random_network(game, 2, seed=6)
    state, player = khan_position(game, seed=8, entries=14)
    variants = [state, *(game.determinize(state, player, Rng(2, k)) for k in range(3))]
    assert all(game.view(v, player) == game.view(state, player) for v in variants)
    choices = {bot_with(net, iterations=6).choose(game, v, player, Rng(4)) for v in variants}
    assert len(choices) == 1


def test_value_weight_and_rollout_cap_are_checked_and_shown() -> None:
    bot = make_bot("trained", value_weight=0.5, rollout_cap=6)
    assert isinstance(bot, TrainedBot) and bot.value_weight == 0.5 and bot.rollout_cap == 6
    assert "value_weight=0.5, rollout_cap=6" in repr(bot)
    assert TrainedBot().value_weight == 0.5 and TrainedBot().rollout_cap is None  # the mix
    assert TrainedBot(priors="network").value_weight == 1.0  # its search has no rollout
    with pytest.raises(BotParameterError, match="value_weight is the network's share"):
        TrainedBot(value_weight=1.5)
    with pytest.raises(BotParameterError, match="value_weight must be a number of at least 0"):
        TrainedBot(value_weight=-0.1)
    with pytest.raises(BotParameterError, match="value_weight must be"):
        make_bot("trained", value_weight="half")
    with pytest.raises(BotParameterError, match='with priors="network" the network alone'):
        TrainedBot(priors="network", value_weight=0.5)
    with pytest.raises(BotParameterError, match="rollout_cap must be a positive int"):
        TrainedBot(rollout_cap=0)


def test_the_rollout_cap_is_the_games_own_opponents_unless_given() -> None:
    """Without ``rollout_cap`` a mixed leaf rolls out as far as the game's strong ``mcts``
    opponent does (Khan 10, Shangrila 6); a game whose opponent is no ``mcts``, or names no cap,
    gets the default; a cap given wins."""
    bot = TrainedBot(value_weight=0.5)
    assert bot.rollout_cap_for(as_game("khan")) == 10
    assert bot.rollout_cap_for(as_game("shangrila")) == 6
    assert bot.rollout_cap_for(as_game("nim")) == DEFAULT_ROLLOUT_CAP  # its opponent: greedy
    assert TrainedBot(rollout_cap=3).rollout_cap_for(as_game("shangrila")) == 3

    class Capless(NimGame):
        opponent = "mcts:iterations=5"

    assert bot.rollout_cap_for(Capless()) == DEFAULT_ROLLOUT_CAP
    # the search it runs rolls out that far (the shipped network, loaded by the search)
    assert bot.heuristic_search(as_game("shangrila"), 3).rollout_cap == 6


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_value_weight_zero_is_the_guided_mcts_and_one_is_the_network_leaf() -> None:
    """At the ends of the mix a leaf is judged by one part alone, draw for draw: weight 0 plays
    as the guided ``mcts`` with the same rollout cap, weight 1 as the network leaf, and the
    default is the mean of both."""
    game = as_game("khan")
    net = random_network(game, 2, seed=4)
    guided = MCTSBot(iterations=30, rollout_cap=10, prior_weight=1, widening=2)
    for seed, entries in ((3, 10), (9, 20)):
        state, player = khan_position(game, seed=seed, entries=entries)
        rolled = bot_with(net, iterations=30, value_weight=0.0)
        assert rolled.choose(game, state, player, Rng(seed)) == guided.choose(
            game, state, player, Rng(seed)
        )
        ours = rolled.heuristic_search(game, 2).search(game, state, player, Rng(seed))
        theirs = guided.search(game, state, player, Rng(seed))
        assert ours == theirs
        halfway = bot_with(net, iterations=30, value_weight=0.5)
        plain = bot_with(net, iterations=30)
        assert halfway.heuristic_search(game, 2).search(
            game, state, player, Rng(seed)
        ) == plain.heuristic_search(game, 2).search(game, state, player, Rng(seed))


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_mixed_leaf_averages_the_network_and_the_rollout() -> None:
    """Halfway, a leaf's rewards are the mean of the network's value and the capped rollout
    drawn from the same stream; the mixed search differs from both ends and is reproducible."""
    game = as_game("khan")
    net = random_network(game, 2, seed=5)
    state, player = khan_position(game, seed=6, entries=16)
    search = bot_with(net, value_weight=0.5, rollout_cap=10).heuristic_search(game, 2)
    rollout = bot_with(net, value_weight=0.0, rollout_cap=10).heuristic_search(game, 2)
    value = bot_with(net, value_weight=1.0).heuristic_search(game, 2)
    mixed = search._rollout(game, state, 2, Rng(7))
    rolled = rollout._rollout(game, state, 2, Rng(7))
    valued = value._rollout(game, state, 2, Rng(7))
    assert rolled != valued
    assert mixed == pytest.approx([(v + r) / 2 for v, r in zip(valued, rolled, strict=True)])
    runs = [search.search(game, state, player, Rng(8)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0] != rollout.search(game, state, player, Rng(8))
    assert runs[0] != value.search(game, state, player, Rng(8))
