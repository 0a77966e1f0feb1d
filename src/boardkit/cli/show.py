"""``boardkit show``: the state after an entry of a log (or at the end of a round), as the
game's text, its position notation, or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from boardkit.cli.arguments import add_entry_arguments, add_no_verify_argument, viewer_seat
from boardkit.cli.support import EXIT_OK, RoundAt, Streams, entry_at, read_log_file


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``show`` to the ``boardkit`` subcommands."""
    show: argparse.ArgumentParser = subparsers.add_parser(
        "show",
        help="show the state after an entry of a log",
        description="Print the state after entry K of a log, as the game draws it or as JSON.",
    )
    add_entry_arguments(show, "show")
    form = show.add_mutually_exclusive_group()  # one form of output, never one silently dropped
    form.add_argument("--json", action="store_true", help="print the state as JSON")
    form.add_argument(
        "--position", action="store_true", help="print the state in the game's notation"
    )
    add_no_verify_argument(show, "do not re-check the actions while loading")
    return show


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Print the state after one entry of a log, as the game's text or as JSON; a match cut
    off at its entry cap says so under the game's picture."""
    from rich.text import Text

    from boardkit.codec import codec_for
    from boardkit.engine import outcome
    from boardkit.present.narration import match_action_text
    from boardkit.result import TRUNCATED_TEXT

    out = streams.out
    player = viewer_seat(args, streams.err.print)
    match = read_log_file(args.log, verify=not args.no_verify)
    at, state = entry_at(match, args.at, player)
    game = match.game
    if args.position:  # the game's notation (a NotOfferedError for a game without one)
        out.out(game.format_position(state, player), highlight=False)
        return EXIT_OK
    if args.json:
        codec = codec_for(game)
        data = (
            codec.dump_state(state) if player is None else codec.dump_any(game.view(state, player))
        )
        out.out(json.dumps(data, indent=2, ensure_ascii=False), highlight=False)
        return EXIT_OK
    entry = match.entries[at]
    if entry.action is None:
        what = "the setup"
    else:
        actor = match.header.players[entry.player] if entry.player is not None else "nobody"
        what = f"{actor}: {match_action_text(match, at, player)}"  # in the state before it
    seen_by = "" if player is None else f", as {match.header.players[player]} sees it"
    last = len(match) - 1
    if isinstance(args.at, RoundAt):  # the marker inside the entry, not the entry's end
        where = f" at the end of round {args.at.round}, in entry {at} of 0–{last}"
    else:
        where = f" after entry {at} of 0–{last}"
    out.print(Text.assemble((game.name, "bold"), f"{where} ({what}){seen_by}"), soft_wrap=True)
    out.out(game.render_text(state, player, names=match.header.players), highlight=False)
    if state.flow.truncated:  # the game draws its own end, but knows nothing of the cap
        result = outcome(game, state)
        assert result is not None
        out.print(f"{TRUNCATED_TEXT}: {result.detail}", soft_wrap=True)
    return EXIT_OK
