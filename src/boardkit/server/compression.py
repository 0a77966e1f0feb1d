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
the negotiation (window bits, memory level) stays uvicorn's. The extension it negotiates is
:class:`boardkit.server.splice.SplicingDeflate`: the same compression, with each picture a
``view`` or ``state`` frame carries compressed once per process rather than once per frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardkit.extras import needs_extra

with needs_extra("server", "boardkit.server.compression"):
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.base import Extension
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.typing import ExtensionParameter

from boardkit.server.splice import SegmentCache, SplicingDeflate

LEVELS = range(1, 10)
"""zlib's compression levels (0 would send deflate frames that are not compressed: use
``--no-compression`` instead)."""


class CompressionLevelError(ValueError):
    """A compression level outside :data:`LEVELS`."""


class SplicingDeflateFactory(ServerPerMessageDeflateFactory):
    """The ``websockets`` library's server side of permessage-deflate, negotiating exactly as it
    does, whose extension splices pictures in (:class:`SplicingDeflate`) from ``segments``."""

    def __init__(self, *, segments: SegmentCache, **options: Any) -> None:
        super().__init__(**options)
        self.segments = segments

    def process_request_params(
        self,
        params: Sequence[ExtensionParameter],
        accepted_extensions: Sequence[Extension],
    ) -> tuple[list[ExtensionParameter], SplicingDeflate]:
        """The library's answer to a client's offer, with a splicing extension."""
        answer, plain = super().process_request_params(params, accepted_extensions)
        return answer, SplicingDeflate(
            plain.remote_no_context_takeover,
            plain.local_no_context_takeover,
            plain.remote_max_window_bits,
            plain.local_max_window_bits,
            plain.compress_settings,
            segments=self.segments,
        )


def deflate_protocol(level: int) -> type[WebSocketsSansIOProtocol]:
    """A WebSocket protocol class for ``uvicorn.run(ws=…)`` that compresses at ``level``.

    It offers permessage-deflate exactly as uvicorn does (12-bit windows both ways, memory
    level 5, a client may decline it), only at ``level``. With uvicorn's
    ``ws_per_message_deflate=False`` it offers no compression at all, as uvicorn's own class.
    Its connections share one :class:`SegmentCache` of compressed pictures. Raises
    :class:`CompressionLevelError` for a level outside 1–9.
    """
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise CompressionLevelError(f"a compression level is a whole number 1-9, not {level!r}")
    segments = SegmentCache()

    class LeveledDeflate(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, compressing at a chosen level."""

        compression_level = level

        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate:
                self.conn.available_extensions = [
                    SplicingDeflateFactory(
                        segments=segments,
                        server_max_window_bits=12,
                        client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": level},
                    )
                ]

    return LeveledDeflate
