"""``boardkit serve``: run the server on uvicorn.

``boardkit serve [--host H] [--port P] [--db URL] [--data DIR] [--think-ms MS]
[--log-format text|json] [--log-level LEVEL]`` serves the lobby at ``http://H:P/``. Without
``--db`` the matches live in ``DIR/boardkit.sqlite3`` (created on first run);
``--db postgresql://…`` shares them between several processes. The limits options
(``--max-connections``, ``--max-connections-per-address``, ``--hello-timeout``,
``--body-timeout``, ``--creations-per-minute``, ``--views-per-second``) set the fields of
:class:`boardkit.server.limits.Limits`; ``--forwarded-allow-ips`` tells uvicorn which proxies'
``X-Forwarded-For`` to trust, so that the per-address limits see clients, not the proxy.
The parser part (:func:`add_parser`) and the run part (:func:`run`) are what the ``boardkit``
command registers.
The run part is the one place that configures logging (:mod:`boardkit.server.logs`).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import socket
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
_CONNECTIONS = _bounded(int, 1, 1_000_000, "a connection limit is from 1 to 1000000")
_SECONDS = _bounded(float, 0.1, 86_400, "a timeout is from 0.1 to 86400 seconds")
_PER_MINUTE = _bounded(float, 0.01, 1e6, "match creations are from 0.01 to 1000000 per minute")
_PER_SECOND = _bounded(float, 0.01, 1e6, "view requests are from 0.01 to 1000000 per second")
_UNLOAD = _bounded(float, 0, 604_800, "--unload-after is from 0 to 604800 seconds (a week)")
_LISTEN_CHECK = _bounded(float, 0.1, 3_600, "--listen-check is from 0.1 to 3600 seconds")
_LAG_WARNING = _bounded(int, 0, 600_000, "--lag-warning is from 0 to 600000 milliseconds")
HTTP_HEADROOM = 256
"""Connections uvicorn takes beyond ``--max-connections`` before it answers 503 on its own:
room for plain HTTP requests, and for WebSockets to be refused with the limit's name."""


def _bot_spec(text: str) -> str:
    """A ``--takeover-bot`` spec that builds a bot (checked at once, not at the first
    timeout)."""
    from boardkit.bots.registry import bot_from_spec
    from boardkit.errors import BoardkitError

    try:
        bot_from_spec(text)
    except BoardkitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


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
    limits = parser.add_argument_group("limits (each refusal names the limit it hit)")
    limits.add_argument(
        "--max-connections",
        type=_CONNECTIONS,
        default=2000,
        metavar="N",
        help="WebSocket connections open at once (2000)",
    )
    limits.add_argument(
        "--max-connections-per-address",
        type=_CONNECTIONS,
        default=32,
        metavar="N",
        help="WebSocket connections open at once from one client address (32)",
    )
    limits.add_argument(
        "--hello-timeout",
        type=_SECONDS,
        default=10.0,
        metavar="S",
        help="seconds a new WebSocket has to send hello before it is closed (10)",
    )
    limits.add_argument(
        "--body-timeout",
        type=_SECONDS,
        default=10.0,
        metavar="S",
        help="seconds an HTTP request body may take to arrive (10)",
    )
    limits.add_argument(
        "--header-timeout",
        type=_SECONDS,
        default=10.0,
        metavar="S",
        help="seconds an HTTP connection has to send a request's headers (10)",
    )
    limits.add_argument(
        "--creations-per-minute",
        type=_PER_MINUTE,
        default=10.0,
        metavar="N",
        help="matches one client address may create per minute (10)",
    )
    limits.add_argument(
        "--views-per-second",
        type=_PER_SECOND,
        default=10.0,
        metavar="N",
        help="view requests (past pictures) per second per connection (10; bursts of 2N)",
    )
    limits.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="proxies whose X-Forwarded-For gives the client's address (comma-separated; "
        "default: uvicorn's, 127.0.0.1)",
    )
    parser.add_argument(
        "--picture-cache",
        type=_PICTURES,
        default=1024,
        metavar="N",
        help="pictures kept, per match, entry and viewer (1024, about 75 MB at most; 0: none)",
    )
    parser.add_argument(
        "--unload-after",
        type=_UNLOAD,
        default=300.0,
        metavar="SECONDS",
        help="unload a match from memory once nobody has followed or asked for it this long "
        "(300; it is loaded again when asked for)",
    )
    parser.add_argument(
        "--takeover-bot",
        type=_bot_spec,
        default=None,
        metavar="SPEC",
        help="the bot that takes a seat whose clock ran out or whose player left (default: "
        "each game's own opponent, as in 'boardkit play'; e.g. greedy, mcts:seconds=1)",
    )
    parser.add_argument(
        "--webhook",
        default=None,
        metavar="URL",
        help="POST a signed 'your turn' event here when a move leaves a person owing a "
        "decision; the secret that signs it comes from BOARDKIT_WEBHOOK_SECRET",
    )
    parser.add_argument(
        "--listen-check",
        type=_LISTEN_CHECK,
        default=15.0,
        metavar="SECONDS",
        help="PostgreSQL: after this long without a notice, the process sends itself one; a "
        "listening connection that does not hear it within as long again is replaced and "
        "every match resynced (15)",
    )
    parser.add_argument(
        "--lag-warning",
        type=_LAG_WARNING,
        default=250,
        metavar="MS",
        help="log a warning when the event loop wakes this many milliseconds late or more, "
        "naming the garbage collector's and the database's work meanwhile (250; 0: never)",
    )
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="send WebSocket frames uncompressed (saves the server CPU, costs bandwidth)",
    )
    parser.add_argument(
        "--compression-level",
        type=int,
        choices=range(1, 10),
        default=1,
        metavar="1-9",
        help="zlib level of the WebSocket frames' compression (1, the default: least CPU; "
        "9: fewest bytes)",
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


WEBHOOK_SECRET = "BOARDKIT_WEBHOOK_SECRET"
"""The environment variable that holds the webhook's signing secret (an argument would show in
the process list)."""


def _webhook(url: str | None) -> Any:
    """The :class:`~boardkit.server.webhooks.Webhook` for ``--webhook URL``, or ``None``; a
    missing secret or a URL that is not http(s) is a
    :class:`~boardkit.server.errors.ServerError` naming it."""
    if url is None:
        return None
    from boardkit.server.errors import ServerError
    from boardkit.server.webhooks import Webhook

    secret = os.environ.get(WEBHOOK_SECRET, "")
    if not secret:
        raise ServerError(f"--webhook needs its signing secret in {WEBHOOK_SECRET}", "webhook")
    try:
        return Webhook(url, secret)
    except ValueError as exc:
        raise ServerError(f"--webhook: {exc}", "webhook") from None


def served_url(host: str, port: int) -> str:
    """The lobby's address for ``host`` and ``port``: an IPv6 address in brackets, as a URL
    needs it (``http://[::1]:8000/``), any other host as given."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/"


def _listen_problem(host: str, port: int) -> tuple[str, int] | None:
    """Why the server could not listen on ``host:port``, with the exit code, or ``None``.

    Tried with a socket opened and closed at once, as uvicorn will open it (``SO_REUSEADDR``),
    so that a port in use or a host that is no address of this machine is one line before
    anything starts (exit code 1, or 2 for a host name that names nothing), not uvicorn's log
    line and its exit code 3. Another process may still take the port in between; then
    uvicorn says so as before.
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError):
        return f"--host {host}: not an address nor a known host name", 2
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        return f"cannot listen on {host}:{port}: {exc.strerror or exc}", 1
    return None


async def _check_storage(db: str | None, data: str, listen_check: float | None) -> None:
    """Open the storage ``--db`` (or ``--data``) names, migrate it and close it again, so that a
    database that cannot be opened (a file that is not one, a server that cannot be reached)
    is one line and exit code 1 before the server starts, not a traceback from uvicorn's
    start-up and its exit code 3. The server opens its own storage when it starts."""
    from boardkit.server.storage import make_storage

    storage = make_storage(db, data, listen_check=listen_check)
    try:
        await storage.open()
    finally:
        await storage.close()


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
        from boardkit.server.compression import deflate_protocol
        from boardkit.server.headers import header_timeout_protocol
        from boardkit.server.limits import Limits
    except ImportError as exc:
        print(
            f"error: the server needs its extra: pip install 'boardkit[server]' ({exc.name})",
            file=sys.stderr,
        )
        return 2
    from boardkit.errors import BoardkitError, FileAccessError
    from boardkit.files import make_folder
    from boardkit.server.errors import StorageError
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
            unload_after=args.unload_after,
            webhook=_webhook(args.webhook),
            takeover_bot=args.takeover_bot,
            listen_check=args.listen_check,
            lag_warning=args.lag_warning / 1000 if args.lag_warning else None,
            limits=Limits(
                rate=args.rate_limit,
                burst=max(1, int(2 * args.rate_limit)),
                max_connections=args.max_connections,
                max_connections_per_address=args.max_connections_per_address,
                hello_timeout=args.hello_timeout,
                body_timeout=args.body_timeout,
                creations_per_minute=args.creations_per_minute,
                views_per_second=args.views_per_second,
            ),
        )
    except BoardkitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1 if isinstance(exc, FileAccessError) else 2
    try:  # a database that cannot be opened fails here, not in uvicorn's start-up
        asyncio.run(_check_storage(args.db, args.data, args.listen_check))
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    problem = _listen_problem(args.host, args.port)
    if problem is not None:
        print(f"error: {problem[0]}", file=sys.stderr)
        return problem[1]
    where = app.state.service.storage.url
    url = served_url(args.host, args.port)
    log.info("boardkit serve: %s (matches in %s)", url, where, extra={"url": url, "storage": where})
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_config=None,  # uvicorn's loggers keep the handler configure() gave them
        log_level=uvicorn_level(args.log_level),
        access_log=args.log_level == "debug",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=not args.no_compression,
        ws=deflate_protocol(args.compression_level),
        lifespan="on",
        http=header_timeout_protocol(args.header_timeout),
        limit_concurrency=args.max_connections + HTTP_HEADROOM,
        h11_max_incomplete_event_size=16 * 1024,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m boardkit.server.command``: the same command, standalone."""
    parser = configure(argparse.ArgumentParser(prog="boardkit serve"))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
