"""The WebSocket protocol of ``boardkit serve``, with a chosen permessage-deflate level.

uvicorn compresses WebSocket frames at zlib's default level (6) and offers no setting for it.
Compression is the largest single cost of a busy server's event loop: each action sends a
``state`` frame to every connection of its match, each through that connection's own
compressor. On those frames (a few kilobytes of JSON, mostly the legal actions' items, which
repeat from frame to frame) level 1 costs about a third less CPU than level 6 and sends about
a quarter more bytes, still about a sixth of the uncompressed size (figures in docs/server.md,
"Speed"). :func:`deflate_protocol` makes uvicorn's own sans-I/O WebSocket protocol class with
the level the operator chose (``boardkit serve --compression-level``, 1 unless told
otherwise); everything else about
the negotiation (window bits, memory level) stays uvicorn's.
"""

from __future__ import annotations

from typing import Any

from boardkit.extras import needs_extra

with needs_extra("server", "boardkit.server.compression"):
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

LEVELS = range(1, 10)
"""zlib's compression levels (0 would send deflate frames that are not compressed: use
``--no-compression`` instead)."""


class CompressionLevelError(ValueError):
    """A compression level outside :data:`LEVELS`."""


def deflate_protocol(level: int) -> type[WebSocketsSansIOProtocol]:
    """A WebSocket protocol class for ``uvicorn.run(ws=…)`` that compresses at ``level``.

    It offers permessage-deflate exactly as uvicorn does (12-bit windows both ways, memory
    level 5, a client may decline it), only at ``level``. With uvicorn's
    ``ws_per_message_deflate=False`` it offers no compression at all, as uvicorn's own class.
    Raises :class:`CompressionLevelError` for a level outside 1–9.
    """
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise CompressionLevelError(f"a compression level is a whole number 1-9, not {level!r}")

    class LeveledDeflate(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, compressing at a chosen level."""

        compression_level = level

        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate:
                self.conn.available_extensions = [
                    ServerPerMessageDeflateFactory(
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": level},
                    )
                ]

    return LeveledDeflate
