"""``boardkit serve``: the browser front end (lobby, live matches, bots) on uvicorn.

The command's options and its run live with the server, in :mod:`boardkit.server.command`; this
module registers it with the dispatcher. It imports nothing of the server extra, so the
command line works without it and ``serve`` then says which extra to install.
"""

from __future__ import annotations

import argparse
from typing import Any

from boardkit.cli.support import Streams


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``boardkit`` subcommands."""
    from boardkit.server import command

    return command.add_parser(subparsers)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Serve until interrupted; the exit code."""
    from boardkit.server import command

    return command.run(args)
