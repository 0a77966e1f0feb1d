"""``boardkit serve``: run the server on uvicorn.

``boardkit serve [--host H] [--port P] [--db URL] [--data DIR] [--think-ms MS]
[--log-format text|json] [--log-level LEVEL]`` serves the lobby at ``http://H:P/``. Without
``--db`` the matches live in ``DIR/boardkit.sqlite3`` (created on first run);
``--db postgresql://…`` shares them between several processes. The parser part
(:func:`add_parser`) and the run part (:func:`run`) are what the ``boardkit`` command registers.
The run part is the one place that configures logging (:mod:`boardkit.server.logs`).
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from boardkit.server.logs import FORMATS, LEVELS

log = logging.getLogger("boardkit.server.command")

DEFAULT_PORT = 8000


def _choice(choices: tuple[str, ...], what: str) -> Any:
    """An argparse type: one of ``choices`` (case-insensitive), else a usage error that names the
    value and the choices."""

    def parse(text: str) -> str:
        if text.lower() not in choices:
            raise argparse.ArgumentTypeError(f"{what} is one of {', '.join(choices)}, not {text!r}")
        return text.lower()

    return parse


def _bounded(kind: type[int] | type[float], low: float, high: float, what: str) -> Any:
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, else a usage error that
    names the value (uvicorn and the thread pool would fail later, some with a traceback)."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{what}, not {text!r}")
        return value

    return parse


_PORT = _bounded(int, 1, 65535, "a port is a whole number from 1 to 65535")
_THINK_MS = _bounded(int, 0, 3_600_000, "a think time is from 0 to 3600000 ms")
_WORKERS = _bounded(int, 1, 256, "the number of bot threads is from 1 to 256")
_RATE = _bounded(float, 0.01, 1e6, "a rate limit is from 0.01 to 1000000 messages per second")
_PICTURES = _bounded(int, 0, 1_000_000, "the picture cache holds 0 to 1000000 pictures")
_LOG_FORMAT = _choice(FORMATS, "a log format")
_LOG_LEVEL = _choice(LEVELS, "a log level")


def configure(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the options of ``boardkit serve`` to ``parser``."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=_PORT, default=DEFAULT_PORT, help="port (8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database: sqlite:///PATH or postgresql://USER@HOST/DB (default: SQLite in --data)",
    )
    parser.add_argument(
        "--data", default="boardkit-data", metavar="DIR", help="folder for the SQLite database"
    )
    parser.add_argument(
        "--think-ms", type=_THINK_MS, default=600, metavar="MS", help="bots' think time (600 ms)"
    )
    parser.add_argument(
        "--bot-workers", type=_WORKERS, default=2, metavar="N", help="threads for bots (2)"
    )
    parser.add_argument(
        "--rate-limit",
        type=_RATE,
        default=30.0,
        metavar="N",
        help="messages per second one connection may send, on average (30; bursts of 2N)",
    )
    parser.add_argument(
        "--picture-cache",
        type=_PICTURES,
        default=1024,
        metavar="N",
        help="pictures kept, per match, entry and viewer (1024, about 75 MB at most; 0: none)",
    )
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="send WebSocket frames uncompressed (saves the server CPU, costs bandwidth)",
    )
    parser.add_argument(
        "--allow-pinned-seeds",
        action="store_true",
        help="let a new match be given its seed (tests and demos only: such a seed is no secret)",
    )
    parser.add_argument(
        "--log-format",
        type=_LOG_FORMAT,
        default="text",
        metavar="FORMAT",
        help="log lines on standard error: text, or json (one JSON object per line) (text)",
    )
    parser.add_argument(
        "--log-level",
        type=_LOG_LEVEL,
        default="info",
        metavar="LEVEL",
        help="the least level logged: debug, info, warning, error or critical (info)",
    )
    return parser


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``serve`` on the ``boardkit`` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="play in the browser: lobby, matches, bots (needs boardkit[server])",
        description="Run the boardkit server: a lobby and live matches in the browser.",
    )
    return configure(parser)


def run(args: argparse.Namespace) -> int:
    """Run the server until interrupted; the exit code."""
    try:
        import uvicorn

        from boardkit.server.app import create_app
        from boardkit.server.protocol import Limits
    except ImportError as exc:
        print(
            f"error: the server needs its extra: pip install 'boardkit[server]' ({exc.name})",
            file=sys.stderr,
        )
        return 2
    from boardkit.errors import BoardkitError, FileAccessError
    from boardkit.files import make_folder
    from boardkit.server.logs import configure, uvicorn_level

    configure(args.log_format, args.log_level)

    try:
        if args.db is None:  # a file in the way fails here, not in the server's start-up
            make_folder(args.data)
        app = create_app(
            args.db,
            args.data,
            think_ms=args.think_ms,
            bot_workers=args.bot_workers,
            pinned_seeds=args.allow_pinned_seeds,
            picture_cache=args.picture_cache,
            limits=Limits(rate=args.rate_limit, burst=max(1, int(2 * args.rate_limit))),
        )
    except BoardkitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1 if isinstance(exc, FileAccessError) else 2
    where = app.state.service.storage.url
    log.info(
        "boardkit serve: http://%s:%s/ (matches in %s)",
        args.host,
        args.port,
        where,
        extra={"url": f"http://{args.host}:{args.port}/", "storage": where},
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_config=None,  # uvicorn's loggers keep the handler configure() gave them
        log_level=uvicorn_level(args.log_level),
        access_log=args.log_level == "debug",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=not args.no_compression,
        lifespan="on",
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m boardkit.server.command``: the same command, standalone."""
    parser = configure(argparse.ArgumentParser(prog="boardkit serve"))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
