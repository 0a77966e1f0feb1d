"""``boardkit games``: the installed games, with their player counts and options."""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING, Any

from boardkit.cli.output import choices_text, counts_text, value_text
from boardkit.cli.support import EXIT_FAILURE, EXIT_OK, Streams
from boardkit.registry import game_plugins

if TYPE_CHECKING:
    from rich.console import Console

    from boardkit.game import Game
    from boardkit.options import OptionValue


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``games`` to the ``boardkit`` subcommands."""
    sub: argparse.ArgumentParser = subparsers.add_parser(
        "games", help="list installed games", description="List installed games and options."
    )
    return sub


def run(args: argparse.Namespace, streams: Streams) -> int:
    """List the healthy games with player counts and options, then the broken plugins.

    Exit code 0 when every plugin works, 1 when any is broken (the healthy ones are still
    listed), so that a script or CI job notices a broken installation.
    """
    from rich.text import Text

    out = streams.out
    plugins = game_plugins()
    if not plugins:
        out.print("no games installed")
        return EXIT_OK
    healthy = [p.game for p in plugins if p.game is not None]
    broken = [p for p in plugins if p.error is not None]
    for index, game in enumerate(healthy):
        if index:
            out.print()
        _print_game(game, out)
    if broken:
        if healthy:
            out.print()
        out.print(Text("broken game plugins:", style="bold"))
        for plugin in broken:
            out.print(
                Text.assemble("  ", (plugin.name, "bold"), "  ", str(plugin.error)), soft_wrap=True
            )
    return EXIT_FAILURE if broken else EXIT_OK


def _print_game(game: Game[Any, Any], out: Console) -> None:
    """One game of ``boardkit games``: a heading, then each option with its doc."""
    from rich.text import Text

    hidden = ", hidden information" if game.hidden_information else ""
    heading = Text.assemble(
        (game.name, "bold"),
        f" — {game.title or game.name}, version {game.version}, "
        f"{counts_text(game.player_counts)} players{hidden}",
    )
    out.print(heading, soft_wrap=True)
    if not game.options:
        out.print("  no options")
        return
    width = max(out.width - 6, 40)
    for option in game.options:
        bounds = option.range_text()
        allowed = (
            "allowed: " + choices_text(option)
            if option.choices is not None
            else f"any {_type_word(option.default)}" + (f" {bounds}" if bounds else "")
        )
        out.print(
            Text.assemble(
                "  ", (option.name, "bold"), f" = {value_text(option.default)}  ({allowed})"
            ),
            soft_wrap=True,
        )
        for line in textwrap.wrap(option.doc, width) or [""]:
            out.print(f"      {line}", soft_wrap=True)


def _type_word(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true/false"
    return "int" if isinstance(value, int) else "text"
