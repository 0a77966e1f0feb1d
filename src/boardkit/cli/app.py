"""The dispatcher of the ``boardkit`` command: one parser, one module per subcommand.

Each module of :data:`COMMANDS` has ``add_parser(subparsers)``, which declares its subcommand,
and ``run(args, streams) -> int``, which carries it out and may raise a boardkit error; the
dispatcher runs it inside the one error handler, :func:`boardkit.cli.support.run_guarded`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO

from boardkit import __version__

COMMANDS = (
    "watch",
    "games",
    "simulate",
    "replay",
    "review",
    "show",
    "play_random",
    "play",
    "tournament",
    "train",
    "render",
    "serve",
)
"""The subcommand modules of :mod:`boardkit.cli`, in the order ``boardkit --help`` lists them.

They are imported when the parser is built, not with this module, so that ``boardkit
--version`` loads none of them."""


def command_modules() -> tuple[ModuleType, ...]:
    """The subcommand modules of :data:`COMMANDS`, imported."""
    return tuple(importlib.import_module(f"boardkit.cli.{name}") for name in COMMANDS)


def version_line() -> str:
    """What ``boardkit --version`` prints: the version and how it runs (pure Python or the
    compiled build, see :mod:`boardkit.compiled`, which finds that out without importing the
    compilable modules)."""
    from boardkit.compiled import summary

    return f"boardkit {__version__} ({summary()})\n"


class _Version(argparse.Action):
    """``--version`` given after other options (``main`` answers it directly when it comes
    first): :func:`version_line`, worked out only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardkit`` command (it imports every subcommand module, and
    none of them imports a game: a game loads when a command names it)."""
    from boardkit.cli.arguments import CommandParser

    parser = CommandParser(
        prog="boardkit",
        description="Play, simulate, replay and inspect boardkit games.",
    )
    parser.add_argument(
        "--version", action=_Version, help="show the version, and whether it runs compiled"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in command_modules():
        sub = module.add_parser(commands)
        sub.set_defaults(run=module.run, command_parser=sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``boardkit`` command with ``argv`` (default: ``sys.argv[1:]``); return its code.

    The streams default to the process's own; tests pass their own. ``boardkit --version``
    is answered before the parser is built: printing the version loads no subcommand.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["--version"]:
        (stdout or sys.stdout).write(version_line())
        return 0
    from boardkit.cli.support import EXIT_USAGE, Streams, run_guarded

    parser = build_parser()
    try:  # argparse writes help and usage errors to sys.stdout and sys.stderr: send them on
        with (
            contextlib.redirect_stdout(stdout or sys.stdout),
            contextlib.redirect_stderr(stderr or sys.stderr),
        ):
            args, extras = parser.parse_known_args(arguments)
            if extras:  # named with the subcommand's usage, not the top-level one
                command_parser = getattr(args, "command_parser", parser)
                command_parser.error(f"unrecognized arguments: {' '.join(extras)}")
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    streams = Streams(stdin, stdout, stderr)
    if not hasattr(args, "lang"):  # a command that shows no translated texts
        code: int = run_guarded(lambda: args.run(args, streams), streams)
        return code
    from boardkit.i18n import locale_language, using_language

    with using_language(args.lang or locale_language()):
        code = run_guarded(lambda: args.run(args, streams), streams)
    return code
