"""``boardkit train``: train a policy-value network for the ``trained`` bot (the ``train`` extra).

The work is :func:`boardkit.train.pipeline.run`; this module reads the command line into a
:class:`~boardkit.train.pipeline.Recipe`, runs it in the ``--out`` folder (going on from where
an earlier run in that folder stopped) and prints one line per generation.
"""

from __future__ import annotations

import argparse
from typing import Any

from boardkit.cli.arguments import positive_int
from boardkit.cli.support import EXIT_OK, CommandError, Streams


def _widths(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if not widths or min(widths) < 1:
        raise argparse.ArgumentTypeError(f"layer widths such as 256,128, not {text!r}")
    return widths


def _share(text: str) -> float:
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0.0 <= share <= 1.0:
        raise argparse.ArgumentTypeError(f"a share from 0 to 1, not {text!r}")
    return share


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``train`` to the ``boardkit`` subcommands."""
    train: argparse.ArgumentParser = subparsers.add_parser(
        "train",
        help="train a network for the trained bot (boardkit[train])",
        description=(
            "Generations of self-play and fitting (docs/training.md): the first generation "
            "learns from the game's heuristic, each later one from tree search with the "
            "previous network. Checkpointed in --out: run the same command again to go on "
            "after a stop, or with a larger --generations to train further."
        ),
    )
    train.add_argument("game", metavar="GAME", help="an installed game (boardkit games)")
    train.add_argument("-p", "--players", type=positive_int, required=True, metavar="P")
    train.add_argument("--out", required=True, metavar="DIR", help="the run's folder")
    train.add_argument(
        "--generations",
        type=positive_int,
        default=3,
        metavar="G",
        help="generations to have done when the command ends (3)",
    )
    train.add_argument(
        "--games",
        type=positive_int,
        default=200,
        metavar="N",
        help="self-play games per generation (200)",
    )
    train.add_argument(
        "--first-games",
        type=positive_int,
        metavar="N",
        help="games of the first generation, the heuristic teacher's (default: --games)",
    )
    train.add_argument(
        "--iterations",
        type=positive_int,
        default=64,
        metavar="K",
        help="search iterations per decision of the search teacher (64)",
    )
    train.add_argument(
        "--priors",
        choices=("network", "heuristic"),
        default="network",
        help="where the search teacher's priors come from (network)",
    )
    train.add_argument(
        "--value-weight",
        type=_share,
        default=1.0,
        metavar="W",
        help="the network's share of the search teacher's leaf judgement, the rest the guided "
        "mcts's rollout (1: the network alone)",
    )
    train.add_argument(
        "--hidden",
        type=_widths,
        metavar="W,W",
        help="widths of the hidden layers (256,128, or the --start network's)",
    )
    train.add_argument(
        "--start",
        metavar="NETWORK",
        help=(
            "begin from this network file, or 'shipped' for the game's own network for that "
            "seat count: no heuristic generation, every generation is the search teacher's"
        ),
    )
    train.add_argument(
        "--epochs",
        type=positive_int,
        default=4,
        metavar="E",
        help="passes over the samples per generation (4)",
    )
    train.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the run's seed (0): its games' and the first weights'",
    )
    train.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="W",
        help="processes playing the self-play games (1)",
    )
    train.add_argument(
        "--device",
        choices=("cpu", "cuda", "auto"),
        default="cpu",
        help="where to fit the network: cpu (default), cuda, or auto (a GPU when there is one)",
    )
    return train


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Train, printing one line per generation."""
    from boardkit.registry import as_game
    from boardkit.train.pipeline import Recipe, start_digest
    from boardkit.train.pipeline import run as run_pipeline
    from boardkit.train.selfplay import Teaching

    game = as_game(args.game)
    config = game.make_config(args.players, None, 0, None)
    if game.num_actions(config) is None or game.observation_shape(config) is None:
        raise CommandError(f"{game.name} offers no action index or observation to train on")
    start = None if args.start is None else _start_bytes(game, args.players, args.start)
    hidden = args.hidden
    if hidden is None:
        hidden = (256, 128) if start is None else _hidden_of(start)
    try:
        recipe = Recipe(
            game.name,
            args.players,
            hidden=hidden,
            games=args.games,
            first_games=args.first_games or 0,
            epochs=args.epochs,
            teacher=Teaching(
                iterations=args.iterations, priors=args.priors, value_weight=args.value_weight
            ),
            seed=args.seed,
            start="" if start is None else start_digest(start),
        )
        path = run_pipeline(
            recipe,
            args.out,
            args.generations,
            workers=args.workers,
            device=args.device,
            report=lambda line: streams.write(line + "\n"),
            start=start,
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    streams.write(f"network: {path}\n")
    return EXIT_OK


def _start_bytes(game: Any, players: int, name: str) -> bytes:
    """The saved network ``--start`` names: a file, or ``shipped`` for the game's own."""
    if name == "shipped":
        shipped = game.trained_network(players) if game.offers("trained_network") else None
        if shipped is None:
            raise CommandError(f"{game.name} ships no network for {players} players")
        data: bytes = shipped.read_bytes()
        return data
    try:
        with open(name, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise CommandError(f"cannot read the starting network {name}: {exc.strerror}") from None


def _hidden_of(network: bytes) -> tuple[int, ...]:
    """The hidden layers' widths of a saved network."""
    from boardkit.bots.network import NetworkFileError, PolicyValueNet

    try:
        net = PolicyValueNet.load(network)
    except NetworkFileError as exc:
        raise CommandError(f"the starting network: {exc}") from None
    return tuple(weights.shape[1] for weights, _ in net.trunk)
