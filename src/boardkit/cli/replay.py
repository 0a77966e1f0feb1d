"""``boardkit replay``: replay a log file and say plainly what was verified and what was not."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from boardkit.cli.arguments import add_no_verify_argument
from boardkit.cli.output import options_text, result_text
from boardkit.cli.support import EXIT_OK, CommandError, Streams, read_log_file

if TYPE_CHECKING:
    from boardkit.match import Match


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``replay`` to the ``boardkit`` subcommands."""
    replay: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="replay and verify a log file",
        description="Replay a log, re-checking every action against the rules.",
    )
    replay.add_argument("log", metavar="LOG", help="a log file (JSON)")
    add_no_verify_argument(replay, "only fold the events; do not re-check actions")
    replay.add_argument(
        "--against",
        metavar="FULL",
        help="check a redacted LOG against the full log FULL revealed after the game",
    )
    return replay


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Replay a log file and say plainly what was verified and what could not be."""
    from rich.table import Table

    from boardkit.present.voice import count_of, reader_text

    match = read_log_file(args.log, verify=not args.no_verify)
    header = match.header
    if args.against and not header.is_redacted:  # refused before any report is printed
        raise CommandError("--against checks a redacted log; LOG is a full log")
    full = read_log_file(args.against) if args.against else None
    if full is not None:
        match.check_against(full)
    table = Table(box=None, show_header=False, padding=(0, 2), pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("game", f"{header.game} {header.game_version}")
    table.add_row("players", ", ".join(header.players))
    table.add_row("options", options_text(header.options))
    if header.cap is not None:
        table.add_row("entry cap", f"{header.cap} (a match that reaches it is cut off)")
    if header.seed is None:
        table.add_row("log of", reader_text(header.viewer, header.players))
    else:
        table.add_row("seed", str(header.seed))
    table.add_row("commitment", header.seed_commitment)
    decisions = count_of(len(match) - 1, "decision")
    table.add_row("entries", f"{len(match)} (setup and {decisions})")
    if match.is_over:
        table.add_row("result", result_text(match.result, header.players))
    else:
        table.add_row("result", f"not over; {header.players[match.to_decide or 0]} to decide")
    streams.out.print(table)
    for line in _verdict(match, args, checked=full is not None):
        streams.out.print(line)
    return EXIT_OK


def _verdict(match: Match[Any], args: argparse.Namespace, checked: bool) -> list[str]:
    """What ``boardkit replay`` could check for this log, and what it could not (``checked``:
    the log was checked against the full log ``--against`` names)."""
    from boardkit.present.voice import reader_text

    if not match.header.is_redacted:
        if args.no_verify:
            return [
                "replayed: the seed matches its commitment; events folded, actions not re-checked"
            ]
        return [
            "verified: the seed matches its commitment, the setup is what the seed deals, and "
            "every action is legal and gives the recorded events"
        ]
    who = reader_text(match.header.viewer, match.header.players)
    if checked:
        return [
            f"verified against {args.against}: that full log verifies, its seed matches this "
            f"log's commitment, and every entry here is its entry redacted for {who}"
        ]
    return [
        f"not verified: this is the log of {who}, redacted; its events were folded only.",
        "The deal and the other players' actions cannot be checked until the full log is "
        "revealed (the commitment above fixes the seed); then run: "
        "boardkit replay LOG --against FULL_LOG",
    ]
