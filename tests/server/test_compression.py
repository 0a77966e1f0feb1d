"""``boardkit serve --compression-level``: the WebSocket protocol class compresses at the level
chosen, negotiates permessage-deflate as uvicorn does, and refuses a level outside 1-9."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from boardkit.cli.app import build_parser
from boardkit.server.compression import CompressionLevelError, deflate_protocol
from tests.server.deflating import handshaken

# A frame shaped like a seat's legal actions: items that repeat with small differences.
FRAME = json.dumps(
    [
        {
            "i": i,
            "path": ["place master", f"guild {i % 7}", f"village {i % 13}"],
            "text": f"master {i % 7} @ {i % 13}",
            "rule": "Place a master (S-A1)",
            "targets": [f"village-{i % 13}", f"space-{i % 13}-{i % 7}"],
        }
        for i in range(120)
    ]
)


async def _wire_bytes(level: int, deflate: bool) -> tuple[Any, int]:
    """The protocol object after a handshake offering permessage-deflate, and the bytes one
    text frame of :data:`FRAME` takes on the wire."""
    protocol = await handshaken(level, deflate)
    protocol.conn.send_text(FRAME.encode())
    return protocol, sum(len(chunk) for chunk in protocol.conn.data_to_send())


def test_the_level_chosen_is_the_level_negotiated_and_used() -> None:
    fast, fast_bytes = asyncio.run(_wire_bytes(1, deflate=True))
    small, small_bytes = asyncio.run(_wire_bytes(9, deflate=True))
    plain, plain_bytes = asyncio.run(_wire_bytes(1, deflate=False))
    assert [type(e).__name__ for e in fast.conn.extensions] == ["SplicingDeflate"]
    assert fast.conn.available_extensions[0].compress_settings == {"memLevel": 5, "level": 1}
    assert small.conn.available_extensions[0].compress_settings == {"memLevel": 5, "level": 9}
    # both compress, level 9 harder; without deflate the frame goes as it is
    assert small_bytes < fast_bytes < len(FRAME) // 3
    assert plain.conn.extensions == []
    assert plain_bytes > len(FRAME)


@pytest.mark.parametrize("level", [0, 10, -1, True, 1.0, "1"])
def test_a_level_outside_one_to_nine_is_refused_by_name(level: Any) -> None:
    with pytest.raises(CompressionLevelError, match="compression level is a whole number 1-9"):
        deflate_protocol(level)


def test_serve_takes_a_level_and_defaults_to_the_cheapest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert build_parser().parse_args(["serve"]).compression_level == 1
    assert build_parser().parse_args(["serve", "--compression-level", "9"]).compression_level == 9
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--compression-level", "0"])
    assert "--compression-level" in capsys.readouterr().err
