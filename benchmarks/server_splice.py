"""What permessage-deflate costs per ``view`` frame with its picture, spliced or not.

Run: ``python benchmarks/server_splice.py [--game NAME] [--players P] [--rounds R]``. Lets bots
play one match to its end through a real ``boardkit serve`` process (as ``server_views.py``
does), asks for every entry's view with its picture over a connection without compression, and
keeps the frames. Then it compresses those frames, in order, as one connection of
``boardkit serve`` would (level 1, 12-bit windows, memory level 5, context kept from frame to
frame) in two ways, side by side in interleaved rounds: the ``websockets`` library's own
``PerMessageDeflate`` (the yardstick: every picture compressed with its frame) and
:class:`boardkit.server.splice.SplicingDeflate` (each picture compressed once, then spliced in;
its cache is filled by a first pass that is not timed, as a server's is after the first view of
each entry). It prints the CPU time per frame (the best of ``--rounds`` passes), the bytes per
frame on the wire, and both as ratios to the yardstick; and checks that a client's
decompressor reads every spliced frame back as sent.

This measures the compression path alone; ``server_views.py`` measures the whole server process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from server_load import load_average, server
from server_views import finished_match
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from boardkit.server.splice import EMPTY_STORED_BLOCK, SegmentCache, SplicingDeflate

SETTINGS = {"level": 1, "memLevel": 5}
"""``boardkit serve``'s compressor settings (its default level)."""
WINDOW_BITS = 12


async def view_frames(url: str, match_id: str, entries: int) -> list[bytes]:
    """Every entry's view frame with its picture, as a spectator's connection is sent it."""
    from websockets.asyncio.client import connect

    frames = []
    ws_url = url.replace("http", "ws", 1) + "/ws"
    async with connect(ws_url, max_size=2**24, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "match": match_id, "svg": True}))
        while json.loads(await ws.recv())["type"] != "state":
            pass
        for seq in range(entries):
            await ws.send(json.dumps({"type": "view", "seq": seq}))
            answer = await ws.recv()
            frames.append(answer.encode() if isinstance(answer, str) else bytes(answer))
    return frames


def compressed(extension: PerMessageDeflate, frames: list[bytes]) -> tuple[float, list[bytes]]:
    """CPU seconds to compress ``frames`` in order through ``extension``, and the messages."""
    began = time.process_time()
    messages = [bytes(extension.encode(Frame(Opcode.TEXT, frame)).data) for frame in frames]
    return time.process_time() - began, messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shangrila")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    load_before = load_average()
    with tempfile.TemporaryDirectory() as workdir:
        args = ["--rate-limit", "1000000", "--views-per-second", "1000000"]
        with server(args, Path(workdir)) as (url, _pid):
            match_id, entries = finished_match(url, options.game, options.players)
            frames = asyncio.run(view_frames(url, match_id, entries))
    segments = SegmentCache()
    makers: dict[str, Any] = {
        "websockets (yardstick)": lambda: PerMessageDeflate(
            False, False, 15, WINDOW_BITS, SETTINGS
        ),
        "spliced": lambda: SplicingDeflate(
            False, False, 15, WINDOW_BITS, SETTINGS, segments=segments
        ),
    }
    compressed(makers["spliced"](), frames)  # the cache, as after each entry's first view
    best = dict.fromkeys(makers, float("inf"))
    sizes: dict[str, float] = {}
    for _ in range(options.rounds):
        for name, make in makers.items():
            seconds, messages = compressed(make(), frames)
            best[name] = min(best[name], seconds / len(frames))
            sizes[name] = sum(map(len, messages)) / len(frames)
            inflater = zlib.decompressobj(wbits=-WINDOW_BITS)
            read = [inflater.decompress(m + EMPTY_STORED_BLOCK) for m in messages]
            assert read == frames, f"{name}: a frame read back differs"
    print(
        f"{options.game} {options.players}p, {len(frames)} view frames of "
        f"{sum(map(len, frames)) / len(frames) / 1000:.1f} KB on average, level 1, "
        f"{WINDOW_BITS}-bit windows, best of {options.rounds} rounds, "
        f"load {load_before:.1f}-{load_average():.1f}"
    )
    yard = "websockets (yardstick)"
    print(f"{'compression':<24} {'CPU ms/frame':>13} {'ratio':>6} {'bytes/frame':>12} {'ratio':>6}")
    for name in makers:
        print(
            f"{name:<24} {best[name] * 1e3:>13.4f} {best[name] / best[yard]:>6.2f} "
            f"{sizes[name]:>12.0f} {sizes[name] / sizes[yard]:>6.3f}"
        )


if __name__ == "__main__":
    main()
