"""A server-side WebSocket connection of ``boardkit serve``'s protocol class, after a real
handshake that offered permessage-deflate: what tests/server/test_compression.py and
benchmarks/server_compression.py send frames through, without a socket."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.http11 import Request

from boardkit.server.compression import deflate_protocol

HANDSHAKE = (
    b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
)
"""A browser's opening request, offering permessage-deflate."""


async def handshaken(level: int, deflate: bool) -> Any:
    """The protocol object (``boardkit serve --compression-level level``, or
    ``--no-compression`` when not ``deflate``) after answering :data:`HANDSHAKE`; its
    ``conn`` sends frames with ``send_text`` and gives the bytes with ``data_to_send``."""

    async def app(scope: Any, receive: Any, send: Any) -> None:  # never called
        raise AssertionError

    config = Config(app, ws_per_message_deflate=deflate)
    config.load()
    protocol = deflate_protocol(level)(
        config=config, server_state=ServerState(), app_state={}, _loop=asyncio.get_running_loop()
    )
    conn = protocol.conn
    conn.receive_data(HANDSHAKE)
    [request] = conn.events_received()
    assert isinstance(request, Request)
    conn.send_response(conn.accept(request))
    conn.data_to_send()  # the handshake's answer
    return protocol
