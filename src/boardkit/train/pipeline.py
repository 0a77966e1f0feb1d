"""The training run: generations of self-play and fitting, checkpointed so a run can stop and go on.

A run lives in one folder:

==========================  ==================================================================
``recipe.json``             the :class:`Recipe` (a resumed run must be given the same one)
``network-start.npz``       the network a run started from (:attr:`Recipe.start`), if any
``samples/gen-G/task-T.npz`` the samples of one batch of games (:mod:`boardkit.train.samples`)
``checkpoint.pt``           the model and optimizer after the last finished generation
``network-gen-G.npz``       the network of generation ``G`` (:class:`~boardkit.bots.network.
                            PolicyValueNet`), and ``network.npz``, the latest one
``history.jsonl``           one line per generation: samples, losses, seconds
==========================  ==================================================================

Each generation plays ``games`` games (``first_games`` in the first one when given: the
heuristic teacher's games cost a fraction of the search's), the first with the heuristic
teacher and the others with the search teacher and the previous generation's network
(:mod:`boardkit.train.selfplay`), over ``workers`` processes, each batch of games written as
soon as it is played. A run that starts from a network (a shipped one, or one of another run)
has no heuristic generation: its model begins with that network's weights and every generation,
the first included, is the search teacher's, the first with the starting network.
Then it fits the network to the newest ``window`` samples of all
generations for up to ``epochs`` passes, leaving out the generation's last batch of games, on
which it measures the losses after each pass (whole games the network never saw): the network
of the pass with the lowest held-out loss is kept, so that more passes never end with one that
learnt the games by heart; a model that begins the generation trained (every generation after
the first, and the first of a run started from a network) competes as pass 0, so a generation
whose passes all judge its games worse than the network that played them keeps that network.
Then it writes the checkpoint.
Stopped anywhere, the run goes on from there with :func:`run` given the same folder: batches
already written are not played again, and a generation whose checkpoint was written is not
repeated. Files are written
under a temporary name and renamed, so a stop never leaves half a file.

The same recipe gives the same games and the same network on any machine and with any number of
workers (game ``i`` of generation ``G`` has its own seed), up to the floating-point differences
of the fitting hardware.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from attrs import asdict, field, frozen
from attrs.validators import ge

from boardkit.bots.network import NetworkFileError, PolicyValueNet
from boardkit.extras import needs_extra
from boardkit.registry import as_game
from boardkit.train.samples import Samples
from boardkit.train.selfplay import Teaching, play_games

SEED_STRIDE = 1_000_000
"""Game ``i`` of generation ``G`` is played with seed ``recipe.seed + G * SEED_STRIDE + i``."""


def _teaching(value: Teaching | dict[str, Any]) -> Teaching:
    """A :class:`Teaching`, from itself or from its JSON data."""
    return Teaching(**value) if isinstance(value, dict) else value


def _widths(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


def _sha256_or_empty(instance: object, attribute: Any, value: str) -> None:
    if value and (len(value) != 64 or value.strip("0123456789abcdef")):
        raise ValueError(f"start must be a SHA-256 in lowercase hex, or empty, not {value!r}")


def start_digest(network: bytes) -> str:
    """The :attr:`Recipe.start` naming the saved network ``network``."""
    return hashlib.sha256(network).hexdigest()


@frozen
class Recipe:
    """Everything that decides what a training run makes (docs/training.md has each one)."""

    game: str
    players: int
    hidden: tuple[int, ...] = field(default=(256, 128), converter=_widths)
    games: int = field(default=200, validator=ge(1))
    first_games: int = field(default=0, validator=ge(0))
    games_per_task: int = field(default=4, validator=ge(1))
    first_teacher: Teaching = field(default=Teaching(), converter=_teaching)
    teacher: Teaching = field(default=Teaching(), converter=_teaching)
    estimate_inputs: bool = True
    epochs: int = field(default=4, validator=ge(1))
    batch_size: int = field(default=256, validator=ge(1))
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    window: int = 300_000
    seed: int = 0
    start: str = field(default="", validator=_sha256_or_empty)
    """The SHA-256 (hex) of the network the run starts from, or ``""`` for fresh weights and
    the heuristic teacher's first generation (:func:`start_digest` of the file's bytes)."""

    def __attrs_post_init__(self) -> None:
        if self.start and self.first_games:
            raise ValueError(
                "first_games counts the heuristic teacher's games: a run that starts from a "
                "network has none (every generation is the search teacher's)"
            )

    def to_json(self) -> dict[str, Any]:
        """The recipe as JSON data (what ``recipe.json`` holds)."""
        return asdict(self)


Report = Callable[[str], None]


def run(
    recipe: Recipe,
    folder: str | os.PathLike[str],
    generations: int,
    workers: int = 1,
    device: str = "cpu",
    report: Report = print,
    start: bytes | None = None,
) -> Path:
    """Run (or go on with) the training of ``recipe`` in ``folder`` until ``generations``
    generations are done; the latest network's path. A later call with a larger
    ``generations`` goes on from the last one.

    ``start`` is the saved network a recipe with :attr:`Recipe.start` begins from (its digest
    must be that one); a run going on in its folder may leave it out, the folder keeps a copy.

    Raises :class:`ValueError` when ``folder`` holds a run of another recipe, or ``start`` is
    missing, is not the recipe's network, or does not fit the recipe's game, seats or layers.
    """
    # torch (seconds to import) only where a network is fitted: not in the worker processes
    # that play the games, nor for a recipe built or checked
    with needs_extra("train", __name__):
        import torch
    from boardkit.train.learn import Model, evaluate_losses, export, fit, load_weights, pick_device

    root = Path(folder)
    (root / "samples").mkdir(parents=True, exist_ok=True)
    _check_recipe(root, recipe)
    start_network = _start_network(root, recipe, start)
    torch_device = pick_device(device)
    game = as_game(recipe.game)
    config = game.make_config(recipe.players, None, 0, None)
    width = math.prod(game.observation_shape(config) or (0,))
    actions = int(game.num_actions(config) or 0)
    torch.manual_seed(recipe.seed)
    inputs = width + (recipe.players if recipe.estimate_inputs else 0)
    model = Model(inputs, recipe.hidden, actions, recipe.players)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=recipe.learning_rate, weight_decay=recipe.weight_decay
    )
    if start_network is not None:
        load_weights(model, _start_fitting(start_network, recipe, width, actions))
    done = -1
    checkpoint = root / "checkpoint.pt"
    if checkpoint.exists():
        saved = torch.load(checkpoint, map_location="cpu", weights_only=True)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        done = int(saved["generation"])
        report(f"resuming after generation {done}")
    meta = {
        "game": recipe.game,
        "players": recipe.players,
        "observation_size": width,
        "num_actions": actions,
        "hidden": list(recipe.hidden),
        "estimate_inputs": recipe.estimate_inputs,
        **({"start": recipe.start} if recipe.start else {}),
    }
    for generation in range(done + 1, generations):
        started = time.perf_counter()
        if generation > 0:
            network: bytes | None = (root / "network.npz").read_bytes()
        else:
            network = start_network
        teaching = recipe.first_teacher if network is None else recipe.teacher
        fresh = _play_generation(recipe, root, generation, teaching, network, workers, report)
        # the generation's last batch of games is held out, whole games, to measure the fit
        held = len(Samples.load(_task_files(root, generation)[-1]))
        window = Samples.concatenate(list(_window(root, generation, recipe.window + held)))
        samples, held_out = window.rows(0, len(window) - held), window.last(held)
        # one pass at a time; the model kept is the one of the pass with the lowest held-out
        # loss, so that more passes never end with a network that learnt the games by heart.
        # A model that begins the generation trained (a later generation, or a run started
        # from a network) competes as pass 0: when no pass judges the new games better than
        # it did, it is kept as it was.
        best: tuple[float, int, dict[str, Any], dict[str, float], dict[str, float]] | None = None
        if generation > 0 or start_network is not None:
            held_losses = evaluate_losses(model, held_out, torch_device)
            state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            total = held_losses["policy_loss"] + held_losses["value_loss"]
            best = (total, 0, state, evaluate_losses(model, samples, torch_device), held_losses)
        for epoch in range(recipe.epochs):
            seed = recipe.seed + generation * recipe.epochs + epoch
            losses = fit(model, optimizer, samples, 1, recipe.batch_size, seed, torch_device)
            held_losses = evaluate_losses(model, held_out, torch_device)
            total = held_losses["policy_loss"] + held_losses["value_loss"]
            if best is None or total < best[0]:
                state = {k: v.detach().clone() for k, v in model.state_dict().items()}
                best = (total, epoch + 1, state, losses, held_losses)
        assert best is not None  # recipe.epochs is at least 1
        _, kept, state, losses, held_losses = best
        model.load_state_dict(state)
        net = export(model, {**meta, "generation": generation, "samples": len(samples)})
        _atomic(root / f"network-gen-{generation:03d}.npz", net.save)
        _atomic(root / "network.npz", net.save)
        saved_state = {
            "generation": generation,
            "model": model.state_dict(),
            "optimizer": optimizer.state_dict(),
        }
        _atomic(
            checkpoint,
            functools.partial(_save_torch, saved_state),
        )
        line = {
            "generation": generation,
            "new_samples": len(fresh),
            "samples": len(samples),
            **losses,
            **{f"held_out_{k}": v for k, v in held_losses.items()},
            "epochs_kept": kept,
            "seconds": round(time.perf_counter() - started, 1),
        }
        with (root / "history.jsonl").open("a") as history:
            history.write(json.dumps(line) + "\n")
        report(json.dumps(line))
        model.to("cpu")
    return root / "network.npz"


def _play_generation(
    recipe: Recipe,
    root: Path,
    generation: int,
    teaching: Teaching,
    network: bytes | None,
    workers: int,
    report: Report,
) -> Samples:
    """Play the generation's games (the batches not yet on disk) and return all its samples."""
    folder = root / "samples" / f"gen-{generation:03d}"
    folder.mkdir(parents=True, exist_ok=True)
    base = recipe.seed + generation * SEED_STRIDE
    count = recipe.first_games if generation == 0 and recipe.first_games else recipe.games
    seeds = [base + i for i in range(count)]
    tasks = [
        seeds[i : i + recipe.games_per_task] for i in range(0, len(seeds), recipe.games_per_task)
    ]
    todo = [t for t in range(len(tasks)) if not (folder / f"task-{t:04d}.npz").exists()]
    if len(todo) < len(tasks):
        report(f"generation {generation}: {len(tasks) - len(todo)} batches already played")

    def save(task: int, samples: Samples) -> None:
        _atomic(folder / f"task-{task:04d}.npz", samples.save)

    arguments = (recipe.game, recipe.players)
    estimates = recipe.estimate_inputs
    if workers <= 1:
        for t in todo:
            save(t, play_games(*arguments, tasks[t], teaching, network, None, estimates))
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = {
                t: pool.submit(play_games, *arguments, tasks[t], teaching, network, None, estimates)
                for t in todo
            }
            for t, future in futures.items():
                save(t, future.result())
    return Samples.concatenate([Samples.load(file) for file in _task_files(root, generation)])


def _task_files(root: Path, generation: int) -> list[Path]:
    """The batch files of ``generation``, in the order their games were played."""
    return sorted((root / "samples" / f"gen-{generation:03d}").glob("task-*.npz"))


def _window(root: Path, generation: int, limit: int) -> Iterator[Samples]:
    """The newest ``limit`` samples of generations ``0 .. generation``, oldest first."""
    parts: list[Samples] = []
    total = 0
    for g in range(generation, -1, -1):
        for file in reversed(_task_files(root, g)):
            part = Samples.load(file)
            parts.append(part.last(limit - total))
            total += len(parts[-1])
            if total >= limit:
                return iter(parts[::-1])
    return iter(parts[::-1])


def _start_network(root: Path, recipe: Recipe, given: bytes | None) -> bytes | None:
    """The bytes of the recipe's starting network (``None`` for a fresh start): ``given``,
    checked against the recipe's digest and kept in the folder, or the folder's copy."""
    if not recipe.start:
        if given is not None:
            raise ValueError("a starting network was given, but the recipe names none (start)")
        return None
    kept = root / "network-start.npz"
    if given is None:
        if not kept.exists():
            raise ValueError(
                f"the recipe starts from network {recipe.start[:12]}…, which {root} does not "
                "hold yet: give the network's file"
            )
        given = kept.read_bytes()
    if start_digest(given) != recipe.start:
        raise ValueError(
            f"the starting network given is {start_digest(given)[:12]}…, not the recipe's "
            f"{recipe.start[:12]}…"
        )
    if not kept.exists():
        _atomic(kept, lambda f: f.write(given))
    return given


def _start_fitting(network: bytes, recipe: Recipe, width: int, actions: int) -> PolicyValueNet:
    """The starting network, refused when it is not one or was made for another game, seat
    count, observation, inputs or layers."""
    try:
        net = PolicyValueNet.load(network)
        net.check_fits(recipe.game, recipe.players, width, actions)
    except NetworkFileError as exc:
        raise ValueError(f"the starting network: {exc}") from None
    hidden = tuple(int(w) for w in net.meta.get("hidden", ()))
    wrong = []
    if hidden != recipe.hidden:
        wrong.append(f"hidden layers {hidden} (the recipe's {recipe.hidden})")
    if net.reads_estimate != recipe.estimate_inputs:
        wrong.append(
            f"estimate inputs {net.reads_estimate} (the recipe's {recipe.estimate_inputs})"
        )
    if wrong:
        raise ValueError("the starting network does not fit the recipe: " + ", ".join(wrong))
    return net


def _check_recipe(root: Path, recipe: Recipe) -> None:
    file = root / "recipe.json"
    mine = recipe.to_json()
    if file.exists():
        theirs = _with_defaults(json.loads(file.read_text()))
        if theirs != json.loads(json.dumps(mine)):
            changed = sorted(k for k in mine if json.dumps(mine[k]) != json.dumps(theirs.get(k)))
            raise ValueError(
                f"{root} holds a run of another recipe (differing: {', '.join(changed)}); "
                "give the same recipe to go on, or another folder"
            )
        return
    _atomic(file, lambda f: f.write(json.dumps(mine, indent=2).encode()))


def _with_defaults(data: Any) -> Any:
    """A saved recipe's JSON with the fields added since it was written filled in with their
    defaults, which are what such a run used (so that a run goes on after an upgrade)."""
    if not isinstance(data, dict):
        return data
    data = dict(data)
    for key in ("first_teacher", "teacher"):
        saved = data.get(key)
        if isinstance(saved, dict):
            data[key] = {**asdict(Teaching()), **saved}
    return data


def _save_torch(state: dict[str, Any], handle: Any) -> None:
    import torch

    torch.save(state, handle)


def _atomic(path: Path, write: Callable[[Any], None]) -> None:
    """Write ``path`` through ``write(open binary file)`` under a temporary name, then rename."""
    temporary = path.with_name(path.name + ".partial")
    with temporary.open("wb") as handle:
        write(handle)
    os.replace(temporary, path)
