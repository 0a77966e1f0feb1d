"""The ASGI application: :func:`create_app` builds it for ``boardkit serve`` or your own server.

HTTP routes (JSON unless said otherwise):

- ``GET /`` the lobby page, ``GET /match/{id}`` the match page, ``/static/…`` their files;
- ``GET /api/games`` installed games, their player counts and options, and the bots;
- ``GET /api/games/{name}/rules?lang=TAG`` how to play the game, in sections
  (:func:`boardkit.present.rules.sections_data`; ``[]`` when the game offers none), titles and
  paragraphs in the language ``lang`` (English without it): the match page's help panel;
- ``GET /api/matches?status=open,running`` the lobby list;
- ``POST /api/matches`` create: ``{"game", "seats": [{"human": true} | {"bot": NAME}],
  "options": {...}, "think_ms": N, "cap": N, "clock": {...}}`` (``cap``, optional: the match's
  entry cap, see :attr:`boardkit.options.Config.cap`; ``clock``, optional: its time control,
  see :func:`boardkit.server.clocks.parse_clock`);
- ``GET /api/matches/{id}`` one match, as the lobby shows it;
- ``POST /api/matches/{id}/join`` ``{"seat": N?, "name": TEXT, "player": KEY?}`` gives
  ``{"seat", "token"}`` (with a player key the token is derived from it:
  :mod:`boardkit.server.players`);
- ``POST /api/my-matches`` ``{"player": KEY}`` gives ``{"matches": [...]}``, the seats the key
  took, the ones where it is that seat's turn first, each with its token;
- ``GET /api/matches/{id}/log`` with ``Authorization: Bearer TOKEN``: the seat's redacted log
  during play; once the game is over, the full log (seed revealed) for its players. Without a
  token: the spectator's redacted log.
- ``GET /api/matches/{id}/review?seed=S&iterations=N&lang=TAG`` once the match is over: the
  review of the token's seat from its own redacted log (:mod:`boardkit.server.review`), its
  moves in the language ``lang`` too; without a token, of every seat, for a game that hides
  nothing; ``GET /match/{id}/review`` its page;
- ``WS /ws`` the live protocol (:mod:`boardkit.server.protocol`);
- a refusal by a limit (:mod:`boardkit.server.limits`) answers 429 (503 for the process-wide
  connection limit, 408 for a slow body) with ``{"error": "limit", "limit": NAME, "max": N}``;
- ``GET /healthz`` 200 while the process serves; ``GET /readyz`` 200 when the storage answers
  and the process hears the other processes' changes, else 503 with the reason;
  ``GET /metrics`` the server's counters in Prometheus' text format
  (:mod:`boardkit.server.metrics`).

Every response carries a strict Content-Security-Policy: the page runs only its own scripts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from boardkit.bots.registry import BOTS
from boardkit.errors import BoardkitError, shorten
from boardkit.extras import needs_extra
from boardkit.i18n import ENGLISH
from boardkit.present.rules import read_sections, sections_data
from boardkit.registry import available_games, load_game
from boardkit.server.errors import AuthError, NotFoundError, ProtocolError, ServerError
from boardkit.server.limits import AddressBuckets, ConnectionCount, LimitError, Limits
from boardkit.server.metrics import CONTENT_TYPE, ServerMetrics
from boardkit.server.pauses import LAG_WARNING
from boardkit.server.pictures import DEFAULT_SIZE
from boardkit.server.protocol import reader_language
from boardkit.server.review import ReviewCache, review_parameters
from boardkit.server.service import MatchService
from boardkit.server.session import Session
from boardkit.server.storage import FINISHED, OPEN, RUNNING, STATUSES_ALL, make_storage
from boardkit.server.webhooks import Webhook

with needs_extra("server", "boardkit.server.app"):
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.types import ASGIApp, Receive, Scope, Send
    from starlette.websockets import WebSocket

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
READY_TIMEOUT = 2.0
"""Seconds ``/readyz`` waits for the storage before it says the server is not ready."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)


class _SecurityHeaders:
    """Adds the CSP and friends to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def _error(exc: ServerError) -> JSONResponse:
    if isinstance(exc, LimitError):
        headers = {}
        if exc.retry_after is not None:
            headers["retry-after"] = str(exc.fields()["retry_after"])
        return JSONResponse(
            {"error": exc.code, "message": str(exc), **exc.fields()},
            status_code=exc.status,
            headers=headers,
        )
    status = 404 if isinstance(exc, NotFoundError) else 403 if isinstance(exc, AuthError) else 400
    if exc.code in ("storage", "conflict", "server_error"):
        status = 503
    return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=status)


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(metrics: ServerMetrics) -> Callable[[Handler], Handler]:
    """A wrapper that answers a handler's refusals as JSON errors, counting each by code."""

    def guard(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except LimitError as exc:
                metrics.refused(exc.counted)
                return _error(exc)
            except ServerError as exc:
                metrics.refused(exc.code)
                return _error(exc)
            except BoardkitError as exc:
                refusal = ProtocolError(str(exc))
                metrics.refused(refusal.code)
                return _error(refusal)

        return run

    return guard


def address_of(connection: Request | WebSocket) -> str:
    """The client's address as the ASGI server gives it (a proxy's, unless uvicorn is told to
    trust the proxy's ``X-Forwarded-For``)."""
    client = connection.client
    return "unknown" if client is None else client.host


async def _body(request: Request, limits: Limits) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes and no further: a client
    that declares or sends more is refused before the rest is read (a gigabyte body was held
    in memory whole before it was refused); one whose body takes longer than
    :attr:`Limits.body_timeout` seconds to arrive is refused with 408."""
    try:
        async with asyncio.timeout(limits.body_timeout):
            raw = await _read(request)
    except TimeoutError:
        raise LimitError(
            "body_timeout",
            limits.body_timeout,
            "the request body did not arrive in time",
            status=408,
        ) from None
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ProtocolError("the body is not valid JSON", "bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("the body is a JSON object", "bad_json")
    return data


async def _read(request: Request) -> bytes:
    too_big = ProtocolError(f"request body larger than {MAX_BODY} bytes", "too_big")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_big
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_big
    return raw


def _only(body: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    """Refuse a field ``what`` does not take: a typo (``option`` for ``options``) must not
    quietly give a match its defaults."""
    extra = sorted(set(body) - set(allowed))
    if extra:
        raise ProtocolError(
            f"{what}: unknown field {shorten(extra[0], 40)}; fields: {', '.join(allowed)}"
        )


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    if value.lower().startswith("bearer "):
        return value[7:].strip()
    return None


def create_app(
    db: str | None = None,
    data_dir: str | Path = "boardkit-data",
    *,
    think_ms: int = 600,
    bot_workers: int = 2,
    limits: Limits | None = None,
    pinned_seeds: bool = False,
    gc_sweep_every: float | None = 600.0,
    picture_cache: int = DEFAULT_SIZE,
    unload_after: float | None = 300.0,
    webhook: Webhook | None = None,
    takeover_bot: str | None = None,
    listen_check: float | None = None,
    lag_warning: float | None = LAG_WARNING,
) -> Starlette:
    """The server as an ASGI application.

    ``db`` is a database URL (``sqlite:///PATH``, ``postgresql://…``) or ``None`` for SQLite in
    ``data_dir``; ``think_ms`` is the default think time of bots; ``limits``
    (:class:`boardkit.server.limits.Limits`, safe defaults if ``None``) bound connections, idle
    sockets, slow bodies, match creation and what one WebSocket connection may send.
    ``pinned_seeds`` lets a new match be given its seed (tests and demos only: a pinned seed
    is no secret, and bots then draw from it too).
    ``gc_sweep_every`` schedules the garbage collector for low pauses while the application
    runs (:mod:`boardkit.server.gcpolicy`: the survivors of full collections are frozen, and a
    complete collection runs every so many seconds); ``None`` leaves the process's collector
    alone, for applications that tune it themselves. ``picture_cache`` is how many pictures
    the server keeps (:mod:`boardkit.server.pictures`: 50–75 KB each; 0 keeps none).
    ``unload_after`` is how many seconds a match nobody follows stays in memory
    (:meth:`~boardkit.server.service.MatchService.unload_idle`; ``None``: for ever).
    ``webhook`` (:class:`boardkit.server.webhooks.Webhook`) is told when a move leaves a
    person owing a decision. ``takeover_bot`` is the bot spec that takes a seat whose clock
    ran out or whose player left (``None``: each game's own
    :attr:`~boardkit.game.Game.opponent`). ``listen_check`` (PostgreSQL only) is how many
    seconds without another process's notice pass before the listening connection must show
    it is alive (``None``: 15; :mod:`boardkit.server.storage.postgres`). ``lag_warning`` is the
    event loop's lag, in seconds, from which it is logged as a warning
    (:mod:`boardkit.server.pauses`; ``None``: never).
    The storage is opened, migrated and every running match resumed when the application
    starts (its lifespan). Each application counts into a Prometheus registry of its own
    (``app.state.service.metrics.registry``).
    """
    service = MatchService(
        make_storage(db, data_dir, listen_check=listen_check),
        bot_workers=bot_workers,
        think_ms=think_ms,
        pinned_seeds=pinned_seeds,
        gc_sweep_every=gc_sweep_every,
        picture_cache=picture_cache,
        unload_after=unload_after,
        webhook=webhook,
        takeover_bot=takeover_bot,
        lag_warning=lag_warning,
    )
    _guard = _guarded(service.metrics)
    limits = Limits() if limits is None else limits
    connections = ConnectionCount(limits)
    reviews = ReviewCache()
    creations = AddressBuckets(limits.creations_per_minute / 60.0, limits.creations_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    async def lobby_page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def match_page(request: Request) -> Response:
        return FileResponse(STATIC / "match.html")

    async def games(request: Request) -> Response:
        out = []
        for name in available_games():
            try:
                game = load_game(name)
            except BoardkitError:
                continue  # a broken plugin is not offered
            out.append(
                {
                    "name": name,
                    "title": game.title or name,
                    "players": list(game.player_counts),
                    "hidden_information": game.hidden_information,
                    "colours": {str(n): list(game.player_colours(n)) for n in game.player_counts},
                    "options": [
                        {
                            "name": o.name,
                            "default": o.default,
                            "doc": o.doc,
                            "label": o.shown_label,
                            "help": o.shown_help,
                            "multiline": o.multiline,
                            "minimum": o.minimum,
                            "maximum": o.maximum,
                            "choices": None if o.choices is None else list(o.choices),
                        }
                        for o in game.options
                    ],
                }
            )
        return JSONResponse({"games": out, "bots": sorted(BOTS)})

    async def rules(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in available_games():
            raise NotFoundError(f"no game {name!r} is installed")
        lang = reader_language(request.query_params.get("lang", ENGLISH), "rules")
        game = load_game(name)
        sections = sections_data(read_sections(game, lang))
        return JSONResponse({"game": name, "title": game.title or name, "sections": sections})

    async def list_matches(request: Request) -> Response:
        wanted = request.query_params.get("status", f"{OPEN},{RUNNING}").split(",")
        statuses = [s for s in wanted if s in STATUSES_ALL]
        return JSONResponse({"matches": await service.listing(statuses)})

    async def create(request: Request) -> Response:
        body = await _body(request, limits)
        _only(body, ("game", "seats", "options", "think_ms", "seed", "cap", "clock"), "a new match")
        seats = body.get("seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 16:
            raise ProtocolError("seats is a list with one entry per seat")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise ProtocolError("options is a JSON object")
        game = body.get("game")
        if not isinstance(game, str):
            raise ProtocolError("game is the name of an installed game")
        # counted once the request is well formed: a typo does not cost a creation
        wait = creations.take(address_of(request))
        if wait is not None:
            raise LimitError(
                "creations_per_minute",
                limits.creations_per_minute,
                "too many new matches from your address; wait a little",
                retry_after=wait,
            )
        live = await service.create(
            game,
            seats,
            options,
            body.get("think_ms"),
            body.get("seed"),
            body.get("cap"),
            body.get("clock"),
        )
        return JSONResponse(live.summary(), status_code=201)

    async def one_match(request: Request) -> Response:
        live = await service.live(request.path_params["id"])
        return JSONResponse(live.summary())

    async def join(request: Request) -> Response:
        body = await _body(request, limits)
        _only(body, ("seat", "name", "player"), "join")
        if body.get("name") is not None and not isinstance(body["name"], str):
            raise ProtocolError("join: field 'name' is a string")
        seat, token = await service.join(
            request.path_params["id"], body.get("seat"), body.get("name"), body.get("player")
        )
        return JSONResponse({"seat": seat, "token": token})

    async def my_matches(request: Request) -> Response:
        body = await _body(request, limits)
        _only(body, ("player",), "my matches")
        return JSONResponse({"matches": await service.my_matches(body.get("player"))})

    async def log(request: Request) -> Response:
        live = await service.live(request.path_params["id"])
        if service.storage.shared:  # another process may have committed the last entries
            await service.refresh(live.id)
        token = _bearer(request)
        seat = None if token is None else await service.seat_of(live.id, token)
        over = live.status == FINISHED and (live.states[-1].flow.ended or live.forfeit is not None)
        full = over and seat is not None and request.query_params.get("redacted") != "1"
        name = f"{live.game.name}-{live.id}-{'full' if full else 'redacted'}.json"
        return Response(
            live.log_json(seat, full=full),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def review_page(request: Request) -> Response:
        return FileResponse(STATIC / "review.html")

    async def review(request: Request) -> Response:
        seed, iterations = review_parameters(request.query_params)
        lang = reader_language(request.query_params.get("lang", ENGLISH), "review")
        live = await service.live(request.path_params["id"])
        token = _bearer(request)
        seat = None if token is None else await service.seat_of(live.id, token)
        return JSONResponse(await reviews.review(live, seat, seed, iterations, lang))

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "alive"})

    async def readyz(request: Request) -> Response:
        try:
            await asyncio.wait_for(service.storage.ping(), READY_TIMEOUT)
        except TimeoutError:
            reason = f"the storage did not answer within {READY_TIMEOUT:g} s"
        except ServerError as exc:
            reason = str(exc)
        except Exception as exc:  # whatever the driver raised: not ready, and why
            reason = f"{type(exc).__name__}: {shorten(str(exc), 200)}"
        else:
            deaf = service.storage.deaf
            if deaf is None:
                return JSONResponse({"status": "ready", "storage": service.storage.url})
            reason = f"not hearing the other processes: {deaf}"
        return JSONResponse(
            {"status": "not ready", "storage": service.storage.url, "reason": reason},
            status_code=503,
        )

    async def metrics(request: Request) -> Response:
        return Response(service.metrics.text(), media_type=CONTENT_TYPE)

    async def websocket(ws: WebSocket) -> None:
        address = address_of(ws)
        refusal = connections.admit(address)
        if refusal is not None:  # accepted only to say why it is closed at once
            service.metrics.refused(refusal.counted)
            await ws.accept()
            await ws.close(code=refusal.close_code, reason=refusal.reason())
            return
        try:
            await Session(ws, service, limits).run()
        finally:
            connections.release(address)

    routes = [
        Route("/", lobby_page),
        Route("/match/{id}", match_page),
        Route("/match/{id}/review", review_page),
        Route("/api/games", _guard(games)),
        Route("/api/games/{name}/rules", _guard(rules)),
        Route("/api/matches", _guard(list_matches), methods=["GET"]),
        Route("/api/matches", _guard(create), methods=["POST"]),
        Route("/api/matches/{id}", _guard(one_match)),
        Route("/api/matches/{id}/join", _guard(join), methods=["POST"]),
        Route("/api/my-matches", _guard(my_matches), methods=["POST"]),
        Route("/api/matches/{id}/log", _guard(log)),
        Route("/api/matches/{id}/review", _guard(review)),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics),
        WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(_SecurityHeaders)
    app.state.service = service
    app.state.limits = limits
    app.state.connections = connections
    return app
