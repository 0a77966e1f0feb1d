"""Tournaments and simulations on any executor, Ray included: the same results for a seed."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from boardkit.cli import main
from boardkit.runner.simulate import SimulationSummary, simulate
from boardkit.runner.tournament import run_tournament


def _sim_facts(summary: SimulationSummary) -> tuple[object, ...]:
    return (summary.wins, summary.shared_wins, summary.draws, summary.mean_length,
            summary.min_length, summary.max_length)  # fmt: skip


@pytest.mark.slow  # eighteen three-player Shangrila games with a greedy bot
def test_any_executor_gives_the_same_tournament() -> None:
    local = run_tournament("shangrila", ["random", "greedy"], 6, players=3, seed=11, workers=1)
    with ThreadPoolExecutor(2) as threads:
        threaded = run_tournament(
            "shangrila", ["random", "greedy"], 6, players=3, seed=11, executor=threads
        )
    with ProcessPoolExecutor(2) as processes:
        pooled = run_tournament(
            "shangrila", ["random", "greedy"], 6, players=3, seed=11, executor=processes
        )
    assert local.records == threaded.records == pooled.records
    assert [r.index for r in pooled.records] == list(range(6))


def test_any_executor_gives_the_same_simulation() -> None:
    local = simulate("khan", 4, 3, seed=21)
    logs: list[int] = []
    with ProcessPoolExecutor(2) as processes:
        pooled = simulate(
            "khan", 4, 3, seed=21, executor=processes, on_log=lambda i, _log: logs.append(i)
        )
    assert _sim_facts(local) == _sim_facts(pooled)
    assert logs == [0, 1, 2, 3]


def test_address_without_ray_backend_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "nim", "-n", "2", "--seed", "1", "--address", "auto"]) != 0
    assert "--address needs --backend ray" in capsys.readouterr().err


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """A real local Ray cluster with two CPUs (Ray has no local mode any more)."""
    import ray  # the ray extra is part of the test extra: missing, it fails

    from boardkit.adapters.ray import ray_executor

    with ray_executor(num_cpus=2):
        assert ray.is_initialized()
        yield


@pytest.mark.slow
def test_an_error_on_ray_reaches_the_caller_as_a_boardkit_error(ray_cluster: None) -> None:
    """A typed error raised in a Ray task can be caught as itself (it pickles with its facts)."""
    from boardkit.adapters.ray import RayExecutor
    from boardkit.errors import UnknownGameError
    from boardkit.registry import load_game

    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        RayExecutor().submit(load_game, "chess").result()


@pytest.mark.slow
def test_ray_gives_the_same_results_as_processes(ray_cluster: None) -> None:
    from boardkit.adapters.ray import RayExecutor

    executor = RayExecutor()
    local = run_tournament("khan", ["random", "greedy"], 4, players=2, seed=3, workers=1)
    on_ray = run_tournament("khan", ["random", "greedy"], 4, players=2, seed=3, executor=executor)
    assert local.records == on_ray.records
    assert _sim_facts(simulate("nim", 10, 3, seed=8)) == _sim_facts(
        simulate("nim", 10, 3, seed=8, executor=executor)
    )


@pytest.mark.slow
def test_the_cli_runs_on_ray(ray_cluster: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "nim", "--bots", "random,greedy", "-n", "8", "--seed", "4"]
    assert main([*argv, "--workers", "1"]) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--backend", "ray"]) == 0
    remote = capsys.readouterr().out
    table = [[c.strip() for c in line.split("│")[:4]] for line in local.splitlines() if "│" in line]
    assert table and table == [
        [c.strip() for c in line.split("│")[:4]] for line in remote.splitlines() if "│" in line
    ]
    assert main(["simulate", "nim", "-n", "6", "--seed", "2", "--backend", "ray"]) == 0
    ray_sim = capsys.readouterr().out
    assert main(["simulate", "nim", "-n", "6", "--seed", "2"]) == 0
    assert _wins_lines(ray_sim) == _wins_lines(capsys.readouterr().out)


def _wins_lines(text: str) -> list[tuple[str, ...]]:
    """The table rows of a simulation summary as cells, timings left out."""
    rows = [
        tuple(cell.strip() for cell in line.split("│"))
        for line in text.splitlines()
        if "│" in line and "time" not in line
    ]
    assert len(rows) >= 8
    return rows
