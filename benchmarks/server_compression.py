"""What permessage-deflate costs per ``state`` frame at each ``--compression-level``.

Run: ``python benchmarks/server_compression.py [--game NAME] [--players P] [--seed S]
[--rounds R] [--svg]``. Plays one match through a real ``boardkit serve`` process (started as
``server_load.py`` starts one; every seat a WebSocket client choosing random legal actions
from ``--seed``'s stream; with ``--svg`` the frames carry pictures, as the browser page asks)
and keeps every frame each seat received, the frames a busy server sends most: the state after
each entry, with the legal actions' items for the seat that decides. Then it sends those
frames, in order, through one server-side connection object of ``boardkit serve``'s WebSocket
protocol (:func:`boardkit.server.compression.deflate_protocol`, after a real handshake that
negotiated permessage-deflate) at levels 6 (zlib's default, what uvicorn uses on its own), 1
(boardkit's default) and 9, and with compression off. For each it prints the CPU time per
frame (the best of ``--rounds`` passes; the same frames, one process, side by side) and the
bytes on the wire per frame, with both as ratios to level 6, the yardstick.

This measures the compression path alone, without the network or the rest of the server: a
busy server sends one such frame per connection per entry (docs/server.md, "Speed").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def match_frames(game: str, players: int, seed: int, svg: bool = False) -> list[bytes]:
    """Every frame the seats of one random match received from a real ``boardkit serve``
    process, seat after seat, each in the order received; with ``svg`` the frames carry the
    pictures, as the browser page asks for them."""
    from server_load import post, server

    with (
        tempfile.TemporaryDirectory() as workdir,
        server(["--data", workdir], Path(workdir)) as (url, _),
    ):
        match = post(url + "/api/matches", {"game": game, "seats": [{"human": True}] * players})
        tokens = [
            post(f"{url}/api/matches/{match['id']}/join", {"name": f"player {i + 1}"})["token"]
            for i in range(players)
        ]
        ws_url = url.replace("http", "ws", 1) + "/ws"
        received = asyncio.run(_play(ws_url, match["id"], tokens, random.Random(seed), svg))
    return [frame for frames in received for frame in frames]


async def _play(
    ws_url: str, match: str, tokens: list[str], rng: random.Random, svg: bool
) -> list[list[bytes]]:
    """Play the match to its end, every seat choosing random legal actions; each seat's frames."""
    from websockets.asyncio.client import connect

    received: list[list[bytes]] = [[] for _ in tokens]

    async def seat(index: int, token: str) -> None:
        async with connect(ws_url, max_size=2**24, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "match": match, "token": token, "svg": svg}))
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode()
                received[index].append(text.encode())
                message = json.loads(text)
                if message["type"] != "state":
                    continue
                if message["over"]:
                    return
                if message["legal"]:
                    choice = rng.randrange(len(message["legal"]))
                    await ws.send(
                        json.dumps({"type": "act", "seq": message["seq"], "index": choice})
                    )

    await asyncio.gather(*(seat(i, token) for i, token in enumerate(tokens)))
    return received


async def measure(frames: list[bytes], rounds: int) -> dict[str, tuple[float, float]]:
    """Per setting: (best CPU seconds per frame, bytes per frame on the wire)."""
    from tests.server.deflating import handshaken

    settings = {"level 6": (6, True), "level 1": (1, True), "level 9": (9, True)}
    settings["off"] = (1, False)
    results: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for name, (level, deflate) in settings.items():
            conn = (await handshaken(level, deflate)).conn
            sent = 0
            start = time.process_time()
            for frame in frames:
                conn.send_text(frame)
                sent += sum(len(chunk) for chunk in conn.data_to_send())
            cpu = (time.process_time() - start) / len(frames)
            best = results.get(name, (cpu, 0.0))[0]
            results[name] = (min(best, cpu), sent / len(frames))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shangrila")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--svg", action="store_true", help="frames with pictures, as the page's")
    options = parser.parse_args()
    frames = match_frames(options.game, options.players, options.seed, options.svg)
    raw = sum(map(len, frames)) / len(frames)
    print(f"{options.game}, {options.players} players: {len(frames)} frames, {raw:.0f} bytes each")
    results = asyncio.run(measure(frames, options.rounds))
    cpu6, bytes6 = results["level 6"]
    print(f"{'setting':<10} {'CPU per frame':>14} {'× level 6':>10} {'bytes':>7} {'× level 6':>10}")
    for name, (cpu, sent) in results.items():
        print(
            f"{name:<10} {cpu * 1e6:>11.1f} µs {cpu / cpu6:>10.2f} {sent:>7.0f} "
            f"{sent / bytes6:>10.2f}"
        )


if __name__ == "__main__":
    main()
