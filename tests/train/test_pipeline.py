"""Training (boardkit.train): samples, the two teachers, fitting, and a run that stops and goes on.

Runs here use Nim and tiny networks, so they take seconds; what they check is the bookkeeping
(every file, resumption, the recipe check, reproducibility) and that fitting does learn: the
losses fall, and a Nim network learns the game's winning move.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

from boardkit import Rng, decider, engine
from boardkit.bots.network import PolicyValueNet
from boardkit.cli import main
from boardkit.examples.nim import NimGame
from boardkit.train.pipeline import Recipe, run
from boardkit.train.samples import Samples
from boardkit.train.selfplay import Teaching, play_games

NIM = Recipe(
    "nim", 2, hidden=(16,), games=6, games_per_task=2, epochs=3, teacher=Teaching(iterations=8)
)


def quiet(line: str) -> None:
    """A report that prints nothing."""


# --- samples -----------------------------------------------------------------------------------


def test_samples_keep_variable_legal_sets_and_round_trip_through_a_file(tmp_path: Path) -> None:
    samples = Samples.build(
        [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]],
        [[0, 2], [1], [0, 1, 2]],
        [[0.25, 0.75], [1.0], [0.2, 0.3, 0.5]],
        [[1, 0], [0, 1], [0.5, 0.5]],
        2,
        2,
    )
    assert len(samples) == 3 and samples.offsets.tolist() == [0, 2, 3, 6]
    samples.save(tmp_path / "s.npz")
    again = Samples.load(tmp_path / "s.npz")
    assert again.legal.tolist() == [0, 2, 1, 0, 1, 2]
    observations, coords, probs, values = again.batch(np.array([0, 2]))
    assert coords.tolist() == [[0, 0, 1, 1, 1], [0, 2, 0, 1, 2]]
    assert probs.tolist() == pytest.approx([0.25, 0.75, 0.2, 0.3, 0.5])
    assert values.tolist() == [[1, 0], [0.5, 0.5]] and observations.dtype == np.float32
    tail = again.last(2)
    assert (
        len(tail) == 2
        and tail.offsets.tolist() == [0, 1, 4]
        and tail.legal.tolist() == [1, 0, 1, 2]
    )
    joined = Samples.concatenate([again, tail])
    assert len(joined) == 5 and joined.offsets[-1] == len(joined.legal) == 10


def test_samples_refuse_arrays_that_disagree() -> None:
    with pytest.raises(ValueError, match="3 observations need 4 offsets"):
        Samples(np.zeros((3, 2)), np.zeros(3), np.zeros(0), np.zeros(0), np.zeros((3, 2)))
    with pytest.raises(ValueError, match="disagree"):
        Samples(np.zeros((1, 2)), np.array([0, 2]), np.zeros(2), np.zeros(1), np.zeros((1, 2)))


# --- the teachers ------------------------------------------------------------------------------


@pytest.mark.parametrize("teacher", ["heuristic", "search"])
def test_a_teacher_s_games_give_well_formed_reproducible_samples(teacher: str) -> None:
    network = _untrained_nim_network() if teacher == "search" else None
    teaching = Teaching(iterations=10, value_mix=0.0)
    samples = play_games("nim", 2, [3, 4], teaching, network)
    again = play_games("nim", 2, [3, 4], teaching, network)
    assert len(samples) > 4 and np.array_equal(samples.legal, again.legal)
    assert np.array_equal(samples.policy, again.policy)
    for row in range(len(samples)):
        start, end = samples.offsets[row], samples.offsets[row + 1]
        assert end - start > 1  # a forced move teaches nothing and is left out
        assert math.isclose(float(samples.policy[start:end].sum()), 1.0, rel_tol=1e-5)
        assert math.isclose(float(samples.values[row].sum()), 1.0, rel_tol=1e-6)
    # the value targets are relative: the winner's samples have 1 in slot 0, the loser's in 1
    assert set(map(tuple, samples.values.tolist())) == {(1.0, 0.0), (0.0, 1.0)}
    # mixed with the heuristic's estimate (Nim's is exact here), the winner's slot still leads
    mixed = play_games("nim", 2, [3, 4], Teaching(iterations=10, value_mix=0.5), network)
    outcome = samples.values[:, 0] > 0.5
    assert ((mixed.values[:, 0] > 0.5) == outcome).all()
    assert not np.array_equal(mixed.values, samples.values)


def test_the_heuristic_teacher_prefers_what_the_heuristic_prefers() -> None:
    """Nim's heuristic knows the winning move: the target puts most weight on it."""
    game = NimGame()
    state, _ = engine.start(game, game.make_config(2, {"stones": 9}, 0, None))
    samples = play_games("nim", 2, [0], Teaching(sharpness=8.0), None, {"stones": 9})
    first = samples.policy[samples.offsets[0] : samples.offsets[1]]
    legal = samples.legal[samples.offsets[0] : samples.offsets[1]]
    best = game.index_to_action(int(legal[int(np.argmax(first))]), state)
    after, _ = engine.step(game, state, decider(state.flow), best, Rng(0))
    assert after.stones % 4 == 0  # 9 stones, take 1 to 3: taking 1 leaves the loser 8
    assert float(first.max()) > 0.9


# --- fitting -----------------------------------------------------------------------------------


def test_fitting_lowers_both_losses_and_exports_the_same_function() -> None:
    import torch

    from boardkit.train.learn import Model, export, fit, pick_device

    samples = play_games("nim", 2, list(range(12)), Teaching(), None)

    torch.manual_seed(0)
    model = Model(samples.observations.shape[1], (16,), 3, 2)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    device = pick_device("cpu")
    before = fit(model, optimizer, samples, 1, 32, 0, device)
    after = fit(model, optimizer, samples, 30, 32, 0, device)
    assert after["policy_loss"] < before["policy_loss"]
    assert after["value_loss"] < before["value_loss"]
    net = export(
        model,
        {
            "game": "nim",
            "players": 2,
            "observation_size": samples.observations.shape[1],
            "num_actions": 3,
        },
    )
    x = samples.observations[:1].astype(np.float32)
    with torch.no_grad():
        logits, values = model(torch.from_numpy(x))
    priors, shares = net.evaluate(x[0], [0, 1, 2])
    assert np.allclose(priors, torch.softmax(logits[0], 0).numpy(), atol=1e-5)
    assert np.allclose(shares, torch.softmax(values[0], 0).numpy(), atol=1e-5)


def test_pick_device_names_what_it_cannot_do() -> None:
    from boardkit.train.learn import pick_device

    assert pick_device("cpu").type == "cpu"
    assert pick_device("auto").type in ("cpu", "cuda")
    with pytest.raises(ValueError, match="cpu, cuda or auto"):
        pick_device("tpu")


# --- the run -----------------------------------------------------------------------------------


def test_a_run_writes_its_files_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    folder = tmp_path / "nim"
    lines: list[str] = []
    network = run(NIM, folder, generations=1, report=lines.append)
    assert network == folder / "network.npz"
    assert {p.name for p in folder.iterdir()} >= {
        "recipe.json",
        "checkpoint.pt",
        "network.npz",
        "network-gen-000.npz",
        "history.jsonl",
        "samples",
    }
    assert len(list((folder / "samples" / "gen-000").glob("task-*.npz"))) == 3
    first = (folder / "samples" / "gen-000" / "task-0000.npz").stat().st_mtime_ns
    # stop in the middle of generation 1: one batch played, no checkpoint for it
    seeds = [NIM.seed + 1_000_000 + i for i in range(2)]
    weights = (folder / "network.npz").read_bytes()
    partial = play_games("nim", 2, seeds, NIM.teacher, weights, None, NIM.estimate_inputs)
    (folder / "samples" / "gen-001").mkdir()
    partial.save(folder / "samples" / "gen-001" / "task-0000.npz")
    lines.clear()
    run(NIM, folder, generations=2, report=lines.append)
    assert lines[0] == "resuming after generation 0"
    assert lines[1] == "generation 1: 1 batches already played"
    assert (folder / "samples" / "gen-000" / "task-0000.npz").stat().st_mtime_ns == first
    history = [json.loads(line) for line in (folder / "history.jsonl").read_text().splitlines()]
    assert [h["generation"] for h in history] == [0, 1]
    # the first generation's model begins untrained; the second's competes as pass 0
    assert 1 <= history[0]["epochs_kept"] <= NIM.epochs
    assert 0 <= history[1]["epochs_kept"] <= NIM.epochs
    held = len(Samples.load(folder / "samples" / "gen-001" / "task-0002.npz"))
    assert history[1]["samples"] == history[0]["new_samples"] + history[1]["new_samples"] - held
    net = PolicyValueNet.load(folder / "network.npz")
    assert net.meta["generation"] == 1 and net.game == "nim"
    # done: asking for the same number of generations again plays nothing more
    lines.clear()
    run(NIM, folder, generations=2, report=lines.append)
    assert lines == ["resuming after generation 1"]


def test_the_same_recipe_trains_the_same_network(tmp_path: Path) -> None:
    run(NIM, tmp_path / "a", generations=1, report=quiet)
    run(NIM, tmp_path / "b", generations=1, report=quiet)
    a = PolicyValueNet.load(tmp_path / "a" / "network.npz")
    b = PolicyValueNet.load(tmp_path / "b" / "network.npz")
    assert np.array_equal(a.policy_weights, b.policy_weights)


def test_a_recipe_refuses_counts_below_one() -> None:
    with pytest.raises(ValueError, match="'epochs' must be >= 1"):
        Recipe("nim", 2, epochs=0)
    with pytest.raises(ValueError, match="'games' must be >= 1"):
        Recipe("nim", 2, games=0)


def test_a_folder_of_another_recipe_is_refused(tmp_path: Path) -> None:
    run(NIM, tmp_path, generations=1, report=quiet)
    other = Recipe("nim", 2, hidden=(32,), games=6, games_per_task=2)
    with pytest.raises(ValueError, match=r"another recipe \(differing: .*hidden"):
        run(other, tmp_path, generations=1, report=quiet)


def test_workers_play_the_same_games(tmp_path: Path) -> None:
    run(NIM, tmp_path / "one", generations=1, report=quiet)
    run(NIM, tmp_path / "two", generations=1, workers=2, report=quiet)
    for task in range(3):
        name = Path("samples") / "gen-000" / f"task-{task:04d}.npz"
        one, two = Samples.load(tmp_path / "one" / name), Samples.load(tmp_path / "two" / name)
        assert np.array_equal(one.legal, two.legal) and np.array_equal(one.values, two.values)


# --- the command -------------------------------------------------------------------------------


def test_boardkit_train_trains_a_network_the_trained_bot_plays_with(
    tmp_path: Path, capsys: Any
) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "train",
            "nim",
            "-p",
            "2",
            "--out",
            str(out),
            "--generations",
            "2",
            "--games",
            "4",
            "--iterations",
            "8",
            "--hidden",
            "16",
            "--epochs",
            "2",
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert '"generation": 1' in printed and f"network: {out / 'network.npz'}" in printed
    code = main(
        [
            "tournament",
            "nim",
            "-b",
            f"trained:weights={out / 'network.npz'}:iterations=20,random",
            "-n",
            "4",
            "--seed",
            "1",
            "--workers",
            "1",
        ]
    )
    assert code == 0
    assert "trained:weights=" in capsys.readouterr().out


def test_boardkit_train_refuses_bad_widths_and_another_recipe_s_folder(
    tmp_path: Path, capsys: Any
) -> None:
    code = main(["train", "nim", "-p", "2", "--out", str(tmp_path), "--hidden", "0,8"])
    assert code == 2 and "layer widths such as 256,128" in capsys.readouterr().err
    run(NIM, tmp_path, generations=1, report=quiet)
    code = main(["train", "nim", "-p", "2", "--out", str(tmp_path), "--games", "2"])
    assert code == 2 and "holds a run of another recipe" in capsys.readouterr().err
    assert not (tmp_path / "samples" / "gen-001").exists()


def test_the_network_beats_a_uniform_guess_on_held_out_positions(tmp_path: Path) -> None:
    """The held-out policy loss of a short Nim run is below that of a uniform prior over the
    legal actions (what an untrained network amounts to), and so is its value loss below an
    even split's."""
    recipe = Recipe("nim", 2, hidden=(32,), games=60, games_per_task=20, epochs=30)
    run(recipe, tmp_path, generations=1, report=quiet)
    history = json.loads((tmp_path / "history.jsonl").read_text())
    held = Samples.load(tmp_path / "samples" / "gen-000" / "task-0002.npz")  # held out
    uniform = float(np.mean(np.log(np.diff(held.offsets))))
    assert history["held_out_policy_loss"] < uniform
    assert history["held_out_value_loss"] < math.log(2)


def _saved(net: PolicyValueNet) -> bytes:
    import io

    buffer = io.BytesIO()
    net.save(buffer)
    return buffer.getvalue()


# --- a run that starts from a network ----------------------------------------------------------


def _started(first: Path) -> tuple[bytes, Recipe]:
    """A first run's network and a recipe that starts from it (search teacher throughout)."""
    from boardkit.train.pipeline import start_digest

    run(NIM, first, generations=1, report=quiet)
    network = (first / "network.npz").read_bytes()
    return network, attrs.evolve(NIM, start=start_digest(network))


def test_load_weights_is_the_inverse_of_export() -> None:
    import torch

    from boardkit.train.learn import Model, export, load_weights

    torch.manual_seed(3)
    source = Model(5, (4, 3), 6, 2)
    net = export(source, {"game": "nim", "players": 2, "observation_size": 5, "num_actions": 6})
    target = Model(5, (4, 3), 6, 2)
    load_weights(target, net)
    x = torch.rand(7, 5)
    for a, b in zip(source(x), target(x), strict=True):
        assert torch.allclose(a, b)
    with pytest.raises(ValueError, match="hidden layers"):
        load_weights(Model(5, (4,), 6, 2), net)
    with pytest.raises(ValueError, match="does not fit"):
        load_weights(Model(5, (4, 8), 6, 2), net)


def test_a_run_started_from_a_network_learns_from_it_with_the_search_teacher(
    tmp_path: Path,
) -> None:
    network, recipe = _started(tmp_path / "first")
    lines: list[str] = []
    run(recipe, tmp_path / "second", generations=1, report=lines.append, start=network)
    folder = tmp_path / "second"
    assert (folder / "network-start.npz").read_bytes() == network
    # the first generation is the search teacher's: its games are those of the starting network
    seeds = [recipe.seed + i for i in range(recipe.games_per_task)]
    expected = play_games("nim", 2, seeds, recipe.teacher, network, None, recipe.estimate_inputs)
    played = Samples.load(folder / "samples" / "gen-000" / "task-0000.npz")
    assert np.array_equal(played.legal, expected.legal)
    assert np.array_equal(played.policy, expected.policy)
    heuristic = play_games("nim", 2, seeds, recipe.first_teacher, None, None, True)
    assert not np.array_equal(played.policy, heuristic.policy)
    net = PolicyValueNet.load(folder / "network.npz")
    assert net.meta["start"] == recipe.start and net.meta["generation"] == 0
    # going on in the folder needs no file: it keeps its copy
    run(recipe, folder, generations=2, report=lines.append)
    assert PolicyValueNet.load(folder / "network.npz").meta["generation"] == 1


def test_a_started_run_begins_with_the_starting_weights(tmp_path: Path) -> None:
    """With no samples to fit (every game held out), the network written is the start's."""
    network, recipe = _started(tmp_path / "first")
    recipe = attrs.evolve(recipe, games=2, games_per_task=2)
    run(recipe, tmp_path / "second", generations=1, report=quiet, start=network)
    start = PolicyValueNet.load(network)
    after = PolicyValueNet.load(tmp_path / "second" / "network.npz")
    assert np.array_equal(start.policy_weights, after.policy_weights)
    assert all(
        np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
        for a, b in zip(start.trunk, after.trunk, strict=True)
    )


def test_a_starting_network_must_be_the_recipe_s_and_fit_it(tmp_path: Path) -> None:
    from boardkit.train.pipeline import start_digest

    network, recipe = _started(tmp_path / "first")
    with pytest.raises(ValueError, match="does not hold yet"):
        run(recipe, tmp_path / "a", generations=1, report=quiet)
    with pytest.raises(ValueError, match="not the recipe's"):
        run(recipe, tmp_path / "b", generations=1, report=quiet, start=network + b"x")
    with pytest.raises(ValueError, match="the recipe names none"):
        run(NIM, tmp_path / "c", generations=1, report=quiet, start=network)
    wider = attrs.evolve(recipe, hidden=(32,))
    with pytest.raises(ValueError, match=r"hidden layers \(16,\) \(the recipe's \(32,\)\)"):
        run(wider, tmp_path / "d", generations=1, report=quiet, start=network)
    junk = b"not a network"
    with pytest.raises(ValueError, match="the starting network: not a network file"):
        run(
            attrs.evolve(NIM, start=start_digest(junk)),
            tmp_path / "e",
            generations=1,
            report=quiet,
            start=junk,
        )
    with pytest.raises(ValueError, match="SHA-256"):
        Recipe("nim", 2, start="abc")
    with pytest.raises(ValueError, match="a run that starts from a network has none"):
        Recipe("nim", 2, first_games=10, start=recipe.start)


def test_boardkit_train_start_reads_a_file_or_the_shipped_network(
    tmp_path: Path, capsys: Any
) -> None:
    network, _ = _started(tmp_path / "first")
    args = ["train", "nim", "-p", "2", "--games", "4", "--iterations", "8", "--epochs", "1"]
    code = main(
        [*args, "--out", str(tmp_path / "run"), "--start", str(tmp_path / "first" / "network.npz")]
    )
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert (tmp_path / "run" / "network-start.npz").read_bytes() == network
    recipe = json.loads((tmp_path / "run" / "recipe.json").read_text())
    assert recipe["hidden"] == [16]  # the starting network's layers, --hidden not given
    code = main([*args, "--out", str(tmp_path / "x"), "--start", "shipped"])
    assert code == 2 and "nim ships no network for 2 players" in capsys.readouterr().err
    code = main([*args, "--out", str(tmp_path / "y"), "--start", str(tmp_path / "missing")])
    assert code == 2 and "cannot read the starting network" in capsys.readouterr().err
    code = main(
        [
            *args,
            "--out",
            str(tmp_path / "z"),
            "--start",
            str(tmp_path / "first" / "network.npz"),
            "--first-games",
            "3",
        ]
    )
    assert code == 2 and "has none" in capsys.readouterr().err


def test_a_generation_whose_passes_judge_worse_keeps_the_network_that_played(
    tmp_path: Path,
) -> None:
    """A learning rate that wrecks the model in one pass: pass 0 (the starting network) wins."""
    network, recipe = _started(tmp_path / "first")
    wrecking = attrs.evolve(recipe, learning_rate=1e4, epochs=2)
    run(wrecking, tmp_path / "second", generations=1, report=quiet, start=network)
    history = json.loads((tmp_path / "second" / "history.jsonl").read_text())
    assert history["epochs_kept"] == 0
    start = PolicyValueNet.load(network)
    kept = PolicyValueNet.load(tmp_path / "second" / "network.npz")
    assert np.array_equal(start.value_weights, kept.value_weights)
    assert np.array_equal(start.trunk[0][0], kept.trunk[0][0])


# --- the search teacher's leaf judgement -------------------------------------------------------


def _untrained_nim_network() -> bytes:
    from boardkit.train.learn import Model, export

    game = NimGame()
    config = game.make_config(2, None, 0, None)
    model = Model(
        math.prod(game.observation_shape(config) or ()), (8,), game.num_actions(config) or 0, 2
    )
    meta = {
        "game": "nim",
        "players": 2,
        "observation_size": model.shape[0],
        "num_actions": model.shape[2],
    }
    return _saved(export(model, meta))


def test_the_search_teacher_can_mix_rollouts_into_its_leaves() -> None:
    """With ``value_weight`` below 1 the teacher judges leaves as the shipped ``trained`` bot
    does (the network and the guided ``mcts``'s rollout): its games stay reproducible, and its
    visits differ from those of the network alone (an untrained one here)."""
    network = _untrained_nim_network()
    alone = Teaching(iterations=16, value_mix=0.0, priors="heuristic")
    mixed = attrs.evolve(alone, value_weight=0.5)
    seeds = [3, 4, 5]
    first = play_games("nim", 2, seeds, mixed, network)
    again = play_games("nim", 2, seeds, mixed, network)
    assert np.array_equal(first.legal, again.legal) and np.array_equal(first.policy, again.policy)
    other = play_games("nim", 2, seeds, alone, network)
    assert len(first) != len(other) or not np.array_equal(first.policy, other.policy)


def test_a_teacher_refuses_a_leaf_share_it_cannot_use() -> None:
    with pytest.raises(ValueError, match=r"share from 0 to 1, not 1\.5"):
        Teaching(priors="heuristic", value_weight=1.5)
    with pytest.raises(ValueError, match="needs priors=\"heuristic\", not 'network'"):
        Teaching(value_weight=0.5)


def test_a_run_recorded_before_the_leaf_share_existed_goes_on(tmp_path: Path) -> None:
    """A ``recipe.json`` written without ``value_weight`` (an older boardkit's) is the same
    recipe as one with the default: the run goes on instead of being refused."""
    run(NIM, tmp_path, generations=1, report=quiet)
    file = tmp_path / "recipe.json"
    saved = json.loads(file.read_text())
    for key in ("first_teacher", "teacher"):
        assert saved[key].pop("value_weight") == 1.0
    file.write_text(json.dumps(saved))
    lines: list[str] = []
    run(NIM, tmp_path, generations=2, report=lines.append)
    assert lines[0] == "resuming after generation 0"
    assert (tmp_path / "network-gen-001.npz").exists()
    other = attrs.evolve(NIM, teacher=Teaching(iterations=8, priors="heuristic", value_weight=0.5))
    with pytest.raises(ValueError, match=r"another recipe \(differing: teacher\)"):
        run(other, tmp_path, generations=2, report=quiet)


def test_boardkit_train_value_weight_needs_the_heuristic_s_priors(
    tmp_path: Path, capsys: Any
) -> None:
    code = main(["train", "nim", "-p", "2", "--out", str(tmp_path), "--value-weight", "0.5"])
    assert code == 2 and 'needs priors="heuristic"' in capsys.readouterr().err
    code = main(["train", "nim", "-p", "2", "--out", str(tmp_path), "--value-weight", "2"])
    assert code == 2 and "a share from 0 to 1, not '2'" in capsys.readouterr().err
    assert not (tmp_path / "recipe.json").exists()
