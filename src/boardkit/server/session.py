"""One WebSocket connection: its seat, what it was sent, and the messages it may send.

A connection starts unbound; ``hello`` binds it to one match as a seat (with that seat's token)
or as a spectator, once. From then on a sender task pushes a ``state`` frame whenever the match
changes, holding the entries after the last one this connection was sent, so a client never
misses an entry and never gets one twice. Every bad message is answered with an ``error`` frame
and the connection stays open; only a client that keeps the socket busy past the rate limit is
refused message by message, never disconnected on the first offence. Two limits of
:class:`~boardkit.server.limits.Limits` apply here too: a connection that has not bound itself
with ``hello`` within :attr:`~boardkit.server.limits.Limits.hello_timeout` seconds is closed
(code 1008, reason ``limit hello_timeout (…)``), and ``view`` requests past
:attr:`~boardkit.server.limits.Limits.views_per_second` are refused with an error frame.

Each connection reads its own language (``lang`` of its ``hello``, changed by a ``lang``
message; English by default): its frames are built in it, and every message it sends is
handled inside :func:`boardkit.i18n.reading_in` of it, so that a refusal reads in it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from boardkit.errors import BoardkitError
from boardkit.extras import needs_extra
from boardkit.i18n import ENGLISH, reading_in
from boardkit.server.errors import ProtocolError, ServerError
from boardkit.server.limits import LimitError, Limits, TokenBucket
from boardkit.server.live import LiveMatch
from boardkit.server.notify import Subscriber
from boardkit.server.protocol import RateLimiter, error_message, parse_message
from boardkit.server.service import MatchService
from boardkit.server.undo import UNDO_TYPES
from boardkit.server.views import encode, entry_ready, picture_json, state_text, tagged_picture

with needs_extra("server", "boardkit.server.session"):
    from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger("boardkit.server.session")


class Session:
    """The server side of one connection."""

    def __init__(self, ws: WebSocket, service: MatchService, limits: Limits) -> None:
        self.ws = ws
        self.service = service
        self.limits = limits
        self.rate = RateLimiter(limits)
        self.views = TokenBucket(limits.views_per_second, max(1.0, 2 * limits.views_per_second))
        self.live: LiveMatch | None = None
        self.seat: int | None = None
        self.svg = True
        self.lang = ENGLISH
        """The language this connection's reader reads (:func:`~boardkit.server.protocol.
        reader_language`)."""
        self.sent = -1
        """The last entry this connection was sent."""
        self._send_lock = asyncio.Lock()
        self._subscriber: Subscriber | None = None
        self._pump: asyncio.Task[None] | None = None
        self._undos = 0
        """The take-backs of the match this connection was sent the match after."""
        self._undo_text = ""
        """The last ``undo`` frame sent."""

    async def send(self, message: dict[str, Any]) -> None:
        """Send one frame (frames never interleave)."""
        await self.send_text(encode(message))

    async def send_text(self, text: str) -> None:
        """Send one frame already encoded (the views share one text among connections)."""
        async with self._send_lock:
            await self.ws.send_text(text)

    async def run(self) -> None:
        """Serve the connection until the client leaves."""
        await self.ws.accept()
        connections = self.service.metrics.connections
        connections.inc()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.hello_timeout
        try:
            while True:
                if self.live is None:  # no hello yet: wait only until the deadline
                    try:
                        frame = await asyncio.wait_for(
                            self.ws.receive(), max(0.0, deadline - loop.time())
                        )
                    except TimeoutError:
                        await self._refuse_idle()
                        break
                else:
                    frame = await self.ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None:
                    raw = frame.get("bytes") or b""
                await self._handle(raw)
        except WebSocketDisconnect:
            pass
        finally:
            connections.dec()
            await self._close()

    async def _refuse_idle(self) -> None:
        """Close a connection that never said ``hello`` in time, naming the limit."""
        limit = self.limits.hello_timeout
        refusal = LimitError("hello_timeout", limit, f"no hello within {limit:g} s")
        self.service.metrics.refused(refusal.counted)
        with contextlib.suppress(Exception):  # the client may be gone already
            await self.ws.close(code=refusal.close_code, reason=refusal.reason())

    async def _close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pump
        if self._subscriber is not None:
            self.service.hub.unsubscribe(self._subscriber)

    async def _handle(self, raw: str | bytes) -> None:
        with reading_in(self.lang):  # refusals, prompts: in the reader's language
            await self._handle_in_language(raw)

    async def _handle_in_language(self, raw: str | bytes) -> None:
        received = time.perf_counter()
        refused = self.service.metrics.refused
        try:
            if not self.rate.allow():
                raise ProtocolError("too many messages; slow down", "rate_limited")
            message = parse_message(raw, self.limits)
            await self._dispatch(message, received)
        except LimitError as exc:
            refused(exc.counted)
            await self.send(error_message(exc, **exc.fields()))
        except ProtocolError as exc:
            refused(exc.code)
            extra: dict[str, Any] = {}
            if exc.candidates is not None:
                extra["candidates"] = list(exc.candidates)
            if exc.code in ("stale", "out_of_time") and self.live is not None:
                await self.send(error_message(exc))
                await self._send_state(full=True)
                return
            await self.send(error_message(exc, **extra))
        except ServerError as exc:
            refused(exc.code)
            await self.send(error_message(ProtocolError(str(exc), exc.code)))
        except BoardkitError as exc:
            refused("refused")
            await self.send(error_message(ProtocolError(str(exc), "refused")))
        except (WebSocketDisconnect, RuntimeError):
            raise
        except Exception as exc:  # never show internals; keep the connection
            log.exception(
                "unexpected error: %r",
                exc,
                extra={"match": None if self.live is None else self.live.id, "seat": self.seat},
            )
            refused("server_error")
            await self.send(error_message(ProtocolError("internal error", "server_error")))

    async def _dispatch(self, message: dict[str, Any], received: float) -> None:
        kind = message["type"]
        if kind == "ping":
            await self.send({"type": "pong"})
            return
        if kind == "hello":
            await self._hello(message)
            return
        if self.live is None:
            raise ProtocolError("send hello first", "no_hello")
        if kind == "sync":
            await self._send_state(full=True)
        elif kind == "lang":
            self.lang = message["lang"]
            await self._send_state(full=True)
        elif kind == "view":
            if not self.views.take():
                limit = self.limits.views_per_second
                raise LimitError(
                    "views_per_second",
                    limit,
                    "too many view requests; slow down",
                    retry_after=self.views.wait(),
                )
            await self._view(message["seq"], message["have"])
        elif kind in ("leave", "return"):
            if self.seat is None:
                raise ProtocolError(
                    "a spectator holds no seat to leave or take back", "not_a_player"
                )
            if kind == "leave":
                await self.service.leave(self.live.id, self.seat)
            else:
                await self.service.come_back(self.live.id, self.seat)
        elif kind == "act":
            if self.seat is None:
                raise ProtocolError("a spectator cannot act; join a seat", "not_a_player")
            await self.service.act(
                self.live.id, self.seat, message["seq"], message["index"], message["text"]
            )
            # committed and announced to every connection of the match (service.act publishes)
            latency = self.service.metrics.action_latency.labels(game=self.live.game.name)
            latency.observe(time.perf_counter() - received)
        elif kind in UNDO_TYPES:
            if self.seat is None:
                raise ProtocolError("a spectator cannot ask or answer an undo", "not_a_player")
            undos = self.service.undos
            if kind == "undo_ask":
                await undos.ask(self.service, self.live, self.seat, message["seq"])
            else:
                await undos.answer(self.service, self.live, self.seat, message["grant"])

    async def _hello(self, message: dict[str, Any]) -> None:
        if self.live is not None:
            raise ProtocolError("this connection is already bound to a match", "already_bound")
        live = await self.service.live(message["match"])
        seat = None
        if message["token"] is not None:
            seat = await self.service.seat_of(live.id, message["token"])
        self.live, self.seat, self.svg = live, seat, message["svg"]
        self.lang = message["lang"]
        await self.send(
            {
                "type": "welcome",
                "match": live.id,
                "game": live.game.name,
                "title": live.game.title or live.game.name,
                "you": seat,
                "players": live.match.config.players,
                "targets": live.game.offers("action_targets"),
                "lang": self.lang,
            }
        )
        self._subscriber = self.service.hub.subscribe(live.id)
        await self.service.undos.follow(self.service.storage, live)  # asked elsewhere, or before
        await self._send_state(full=True)
        self._pump = asyncio.create_task(self._follow())

    async def _view(self, seq: int, have: str | None = None) -> None:
        """Answer a ``view`` of entry ``seq``: its picture for this connection's viewer with the
        picture's tag, and the entry. A client that says it ``have`` the picture of that tag
        gets the tag alone: the picture is the most of a view's bytes, and with them of its
        cost to the server (framing, compressing)."""
        assert self.live is not None
        live = self.live
        if seq > self.sent:
            raise ProtocolError(f"no entry {seq} yet; you saw up to {self.sent}", "bad_seq")
        drawn = await tagged_picture(live, seq, self.seat) if self.svg else None
        if drawn is None:
            shown = '"svg":null'
        elif drawn.tag == have:
            shown = f'"svg_tag":"{drawn.tag}"'
        else:
            shown = f'"svg_tag":"{drawn.tag}","svg":{drawn.text}'
        entry = await entry_ready(live, seq, self.seat, self.lang)
        await self.send_text(f'{{"type":"view","seq":{seq},{shown},"entry":{entry}}}')

    async def _send_state(self, *, full: bool) -> None:
        assert self.live is not None
        live = self.live
        undos = self.service.undos.generation(live.id)
        if undos != self._undos:  # entries were taken back: the match again, in full
            full, self._undos = True, undos
        if self.svg:
            await self._draw_latest(live)
        for seq in range(-1 if full else self.sent, live.length - 1):
            await entry_ready(live, seq + 1, self.seat, self.lang)  # round ends: off the loop
        since = -1 if full else self.sent
        self.sent = self.live.length - 1
        frame = state_text(self.live, self.seat, since, svg=self.svg, full=full, lang=self.lang)
        await self.send_text(frame)
        undo = self.service.undos.frame(live)
        if undo is not None and (text := encode(undo)) != self._undo_text:
            self._undo_text = text
            await self.send_text(text)

    async def _follow(self) -> None:
        """Push the seat's update whenever the match changes."""
        assert self._subscriber is not None and self.live is not None
        wake = self._subscriber.wake
        while True:
            await wake.wait()
            wake.clear()
            await self._send_state(full=False)

    async def _draw_latest(self, live: LiveMatch) -> None:
        """Have the picture of the match as it stands drawn off the event loop (or found in
        the cache), so that building the frame finds it. A match that moves on meanwhile is
        followed a few times; past that the frame's own lookup draws what is missing."""
        for _ in range(3):
            last, names = live.length - 1, live.names
            await picture_json(live, last, self.seat)
            if live.length - 1 == last and live.names == names:
                return
