"""``boardkit play-random``: a game between random players, shown action by action."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import (
    add_cap_argument,
    add_force_argument,
    add_game_arguments,
    default_players,
    delay_seconds,
    parse_option_args,
    seed_or_fresh,
)
from boardkit.cli.output import options_text, result_text
from boardkit.cli.support import EXIT_OK, Streams, load_game_for_cli

if TYPE_CHECKING:
    from boardkit.match import Match


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``play-random`` to the ``boardkit`` subcommands."""
    play: argparse.ArgumentParser = subparsers.add_parser(
        "play-random",
        help="watch a game between random players",
        description="Play a game between random players, printing each action and the board.",
    )
    add_game_arguments(play)
    add_cap_argument(play)
    play.add_argument(
        "--delay",
        type=delay_seconds,
        default=0.0,
        metavar="SECONDS",
        help="pause between actions (default 0)",
    )
    play.add_argument("--save-log", metavar="FILE", help="write the game's log to FILE")
    add_force_argument(play, "replace the --save-log file if it exists")
    return play


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Play a whole game between random players, printing every action and the board."""
    from rich.rule import Rule
    from rich.text import Text

    from boardkit.files import check_writable
    from boardkit.present.narration import match_action_text, narrate_match_entry
    from boardkit.runner.simulate import random_playout

    out = streams.out
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    players = args.players if args.players is not None else default_players(game, options)
    if args.save_log is not None:  # before the game, not after it
        check_writable(args.save_log, overwrite=args.force)
    config = game.make_config(players, options, seed_or_fresh(args.seed), args.cap)
    out.print(
        Text.assemble(
            (game.title or game.name, "bold"),
            f" ({game.name} {game.version}): {players} random players, seed {config.seed}, "
            f"options {options_text(config.options)}",
        ),
        soft_wrap=True,
    )

    def show(match: Match[Any]) -> None:
        entry = match.entries[-1]
        if entry.action is None:
            title = "setup"
        else:
            if args.delay:
                time.sleep(args.delay)
            actor = match.header.players[entry.player] if entry.player is not None else "?"
            # a spectator's text, worded in the state the action was played in
            title = f"{entry.seq}. {actor}: {match_action_text(match, entry.seq, None)}"
        out.print(Rule(Text(title, style="bold"), align="left"))
        for line in narrate_match_entry(match, entry.seq, None):
            out.print(Text(f"  {line}"), soft_wrap=True)
        out.out(match.render(None), highlight=False)

    match = random_playout(game, config, watch=show)
    out.print(Rule(Text("result", style="bold"), align="left"))
    out.print(result_text(match.result, match.header.players), soft_wrap=True)
    if args.save_log is not None:
        match.save(args.save_log, overwrite=args.force)
        out.print(f"log saved to {args.save_log}", soft_wrap=True)
    return EXIT_OK
