"""Random playouts and simulations (boardkit.runner.simulate), on the Nim example game."""

from __future__ import annotations

import pytest
from attrs import evolve

from boardkit import (
    Config,
    GameDefinitionError,
    InvalidOptionsError,
    InvalidPlayerCountError,
    Log,
    Match,
    Result,
)
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.log import log_to_json
from boardkit.options import MAX_GAMES, MAX_SEED
from boardkit.runner.simulate import random_playout, simulate


def collect_logs(game: NimGame, n: int, **kwargs: object) -> list[Log]:
    """The logs of a simulation, in game order."""
    logs: list[Log] = []
    simulate(game, n, on_log=lambda index, log: logs.append(log), **kwargs)  # type: ignore[arg-type]
    return logs


# --- random_playout ----------------------------------------------------------------------------


def test_random_playout_plays_a_whole_legal_game() -> None:
    match = random_playout(NimGame(), 3, {"stones": 20}, seed=11)
    assert match.is_over
    assert match.result is not None
    assert match.state.stones == 0
    # Every action was legal: the log verifies against the rules.
    again = Match.from_json(match.to_json(), NimGame(), verify=True)
    assert again.state == match.state


def test_random_playout_same_seed_gives_the_same_log() -> None:
    first = random_playout(NimGame(), 2, seed=7).to_json()
    second = random_playout("nim", 2, seed=7).to_json()
    assert first == second


def test_random_playout_different_seeds_give_different_games() -> None:
    logs = {random_playout(NimGame(), 2, {"stones": 30}, seed=s).to_json() for s in range(8)}
    assert len(logs) == 8


def test_random_playout_accepts_a_config() -> None:
    game = NimGame()
    config = game.make_config(4, {"max_take": 2}, 5)
    from_config = random_playout(game, config)
    from_args = random_playout(game, 4, {"max_take": 2}, seed=5)
    assert from_config.to_json() == from_args.to_json()
    assert from_config.config == config


def test_random_playout_refuses_options_beside_a_config() -> None:
    game = NimGame()
    config = game.make_config(2)
    with pytest.raises(InvalidOptionsError, match="inside the Config"):
        random_playout(game, config, seed=3)


def test_random_playout_takes_player_names() -> None:
    match = random_playout(NimGame(), ["ann", "bob"], seed=1)
    assert match.header.players == ("ann", "bob")


def test_watch_sees_the_setup_and_every_action() -> None:
    seen: list[int] = []
    match = random_playout(NimGame(), 2, seed=2, watch=lambda m: seen.append(len(m)))
    assert seen == list(range(1, len(match) + 1))


# --- simulate ----------------------------------------------------------------------------------


def test_simulate_logs_equal_what_match_gives() -> None:
    """The engine-driven fast path records exactly the entries Match.play records."""
    game = NimGame()
    logs = collect_logs(game, 12, players=3, options={"stones": 25}, seed=40)
    assert len(logs) == 12
    for index, log in enumerate(logs):
        reference = random_playout(game, 3, {"stones": 25}, seed=40 + index)
        assert log == reference.log
        assert log_to_json(game, log) == reference.to_json()


def test_simulate_summary_matches_the_individual_games() -> None:
    game = NimGame()
    summary = simulate(game, 30, players=3, seed=100)
    matches = [random_playout(game, 3, seed=100 + i) for i in range(30)]
    lengths = [len(m) - 1 for m in matches]
    wins = [0, 0, 0]
    for m in matches:
        assert m.result is not None
        wins[m.result.winners[0]] += 1
    assert summary.game == "nim"
    assert summary.players == 3
    assert summary.games == 30
    assert summary.seeds == range(100, 130)
    assert summary.wins == tuple(wins)
    assert summary.shared_wins == 0
    assert summary.draws == 0
    assert summary.min_length == min(lengths)
    assert summary.max_length == max(lengths)
    assert summary.mean_length == pytest.approx(sum(lengths) / 30)
    assert summary.options == {"max_take": 3, "stones": 15}
    assert 0 < summary.mean_seconds * 30 <= summary.total_seconds


def test_simulate_is_reproducible() -> None:
    game = NimGame()
    first = collect_logs(game, 10, players=2, seed=3)
    second = collect_logs(game, 10, players=2, seed=3)
    assert first == second
    a = simulate(game, 20, players=4, seed=9)
    b = simulate(game, 20, players=4, seed=9)
    assert (a.wins, a.mean_length, a.min_length, a.max_length) == (
        b.wins,
        b.mean_length,
        b.min_length,
        b.max_length,
    )


def test_simulate_reports_progress_after_every_game() -> None:
    calls: list[tuple[int, int]] = []
    simulate(NimGame(), 5, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


class SharedNim(NimGame):
    """Three-player Nim whose end depends on the start player: seats 0 and 1 share the win
    (starter 0), every seat shares it (starter 1, a draw), or nobody wins (starter 2, a draw)."""

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        n = state.flow.players
        return [Result((0, 1), (1,) * n), Result((0, 1, 2), (1,) * n), Result((), (0,) * n)][
            state.starter
        ]


def test_simulate_counts_shared_wins_and_draws_of_both_kinds() -> None:
    game = SharedNim()
    summary = simulate(game, 60, players=3, seed=0)
    starters = [random_playout(game, 3, seed=s).state.starter for s in range(60)]
    assert summary.shared_wins == starters.count(0)
    assert summary.draws == starters.count(1) + starters.count(2)
    assert summary.wins == (0, 0, 0)
    assert starters.count(1) > 0 and starters.count(2) > 0 and summary.shared_wins > 0
    with pytest.warns(DeprecationWarning, match="no_winner is renamed SimulationSummary.draws"):
        assert summary.no_winner == summary.draws


@pytest.mark.parametrize("n_games", [0, -3])
def test_simulate_refuses_a_non_positive_number_of_games(n_games: int) -> None:
    with pytest.raises(InvalidOptionsError, match="positive"):
        simulate(NimGame(), n_games)


def test_simulate_refuses_bad_players_and_options_before_playing() -> None:
    calls: list[int] = []
    with pytest.raises(InvalidPlayerCountError, match="2, 3, 4"):
        simulate(NimGame(), 3, players=6, progress=lambda d, t: calls.append(d))
    with pytest.raises(InvalidOptionsError, match="max_take"):
        simulate(NimGame(), 3, options={"max_take": 9}, progress=lambda d, t: calls.append(d))
    assert calls == []


def test_simulate_refuses_seeds_past_the_maximum() -> None:
    with pytest.raises(InvalidOptionsError, match="seeds"):
        simulate(NimGame(), 3, seed=MAX_SEED - 1)
    assert simulate(NimGame(), 2, seed=MAX_SEED - 1).games == 2


class EndlessNim(NimGame):
    """A broken game: it promises fewer entries than its games take."""

    def max_entries(self, config: Config) -> int:
        return 3


class StuckNim(NimGame):
    """A broken game: a player must decide but is offered nothing."""

    def legal_actions(self, state: NimState) -> list[Take]:
        return [] if state.stones < 10 else super().legal_actions(state)


def test_a_game_passing_its_entry_bound_is_reported() -> None:
    with pytest.raises(GameDefinitionError, match="max_entries"):
        random_playout(EndlessNim(), 2)
    with pytest.raises(GameDefinitionError, match="max_entries"):
        simulate(EndlessNim(), 2)


class OneAtATimeNim(NimGame):
    """Nim where a turn always takes one stone: games are exactly max_entries() long."""

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(1)] if state.stones else []


def test_a_playout_exactly_at_the_entry_bound_is_fine() -> None:
    game = OneAtATimeNim()
    match = random_playout(game, 2, {"stones": 6})
    assert len(match) == game.max_entries(match.config) == 7
    assert simulate(game, 3, options={"stones": 6}).max_length == 6


def test_a_game_offering_no_action_is_reported() -> None:
    with pytest.raises(GameDefinitionError, match="no legal action"):
        random_playout(StuckNim(), 2)
    with pytest.raises(GameDefinitionError, match="no legal action"):
        simulate(StuckNim(), 2)


def test_summary_is_a_frozen_value() -> None:
    summary = simulate(NimGame(), 2)
    with pytest.raises(AttributeError):
        summary.games = 3  # type: ignore[misc]
    assert evolve(summary, games=3).games == 3


def test_a_run_too_big_to_hold_is_refused_before_any_game() -> None:
    # 10**20 games once built a list of 10**20 set-ups first and never came back
    with pytest.raises(InvalidOptionsError, match=r"at most 1,000,000 games, not 10{20}"):
        simulate(NimGame(), 10**20, 2, seed=1)
    with pytest.raises(InvalidOptionsError, match="at most 1,000,000 games"):
        simulate(NimGame(), MAX_GAMES + 1, 2, seed=1)
