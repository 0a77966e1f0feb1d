"""What permessage-deflate costs per frame with a picture, spliced or not: ``view`` frames, and
``state`` frames sent to every spectator of a match.

Run: ``python benchmarks/server_splice.py [--game NAME] [--players P] [--rounds R] [--moves M]
[--spectators N,N…]``. Through a real ``boardkit serve`` process it keeps two sets of frames, as
a spectator's connection without compression is sent them:

- *views*: bots play one match to its end (as ``server_views.py`` does) and the spectator asks
  for every entry's view with its picture;
- *states*: people (this script, choosing random legal actions) play ``--moves`` moves of a new
  match, and the spectator, asking for pictures, is read after each move: one ``state`` frame
  per move, its picture new each time, the frame every spectator of the match is sent. Then the
  spectator asks for the view of each of those entries.

It compresses those frames as connections of ``boardkit serve`` would (level 1, 12-bit windows,
memory level 5, context kept from frame to frame) in two ways, side by side in interleaved
rounds: the ``websockets`` library's own ``PerMessageDeflate`` (the yardstick: every picture
compressed with its frame, for every connection) and
:class:`boardkit.server.splice.SplicingDeflate` (each picture compressed once per process, then
spliced in). Views go through one connection whose cache was filled by a first pass that is not
timed, as a server's is after the first view of each entry. States go, frame after frame, to
each of N spectators' connections (N from ``--spectators``) sharing a cache that starts empty:
each move's picture is compressed for the first spectator and spliced for the others. It prints
the CPU time per frame sent (the best of ``--rounds`` passes), per move for the states (N
frames), the bytes per frame on the wire, and the ratios to the yardstick; checks that a
client's decompressor reads every message back as sent; and counts the pictures the splicing
side compressed for the states and the later views of the same entries (once each: the views
find the states' pictures).

This measures the compression path alone; ``server_views.py`` measures the whole server process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from server_load import load_average, post, server
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


def state_frames(url: str, game: str, players: int, moves: int) -> tuple[list[bytes], list[bytes]]:
    """The ``state`` frames a spectator asking for pictures is sent while people play ``moves``
    random moves of a new match (one per move: the spectator is read after each move, before
    the next), and then the ``view`` frames of those same entries it asks for."""
    from websockets.sync.client import ClientConnection, connect

    match_id = post(url + "/api/matches", {"game": game, "seats": [{"human": True}] * players})[
        "id"
    ]
    tokens = [
        post(f"{url}/api/matches/{match_id}/join", {"name": f"player {i + 1}"})["token"]
        for i in range(players)
    ]
    ws_url = url.replace("http", "ws", 1) + "/ws"
    rng = random.Random(1)
    sent: list[bytes] = []

    def until(ws: ClientConnection, seq: int, keep: bool = False) -> dict[str, Any]:
        """Read ``ws`` up to its state frame of entry ``seq`` or later; that frame."""
        while True:
            text = str(ws.recv(30))
            frame: dict[str, Any] = json.loads(text)
            if frame["type"] == "state" and frame["seq"] >= seq:
                if keep:
                    sent.append(text.encode())
                return frame

    with contextlib.ExitStack() as opened:
        seats = [
            opened.enter_context(connect(ws_url, max_size=2**24, compression=None)) for _ in tokens
        ]
        watcher = opened.enter_context(connect(ws_url, max_size=2**24, compression=None))
        for ws, token in zip(seats, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "match": match_id, "token": token, "svg": False}))
        watcher.send(json.dumps({"type": "hello", "match": match_id, "svg": True}))
        states = [until(ws, 0) for ws in seats]
        until(watcher, 0)
        for _ in range(moves):
            state = max(states, key=lambda s: int(s["seq"]))
            if state["over"]:
                break
            who = state["to_decide"]
            if states[who]["seq"] < state["seq"]:
                states[who] = until(seats[who], state["seq"])
            index = rng.randrange(len(states[who]["legal"]))
            seats[who].send(json.dumps({"type": "act", "seq": state["seq"], "index": index}))
            states[who] = until(seats[who], state["seq"] + 1)
            until(watcher, states[who]["seq"], keep=True)
        views = []
        for frame in sent:
            watcher.send(json.dumps({"type": "view", "seq": json.loads(frame)["seq"]}))
            while not (answer := str(watcher.recv(30))).startswith('{"type":"view"'):
                if answer.startswith('{"type":"error"'):
                    raise SystemExit(f"the server refused a view: {answer}")
            views.append(answer.encode())
    return sent, views


def yardstick(segments: SegmentCache) -> PerMessageDeflate:
    """The ``websockets`` library's permessage-deflate, as ``boardkit serve`` negotiates it."""
    return PerMessageDeflate(False, False, 15, WINDOW_BITS, SETTINGS)


def splicing(segments: SegmentCache) -> PerMessageDeflate:
    """:class:`SplicingDeflate` with ``boardkit serve``'s settings, sharing ``segments``."""
    return SplicingDeflate(False, False, 15, WINDOW_BITS, SETTINGS, segments=segments)


MAKERS = {"websockets (yardstick)": yardstick, "spliced": splicing}
YARD = "websockets (yardstick)"


def read_back(messages: list[bytes], frames: list[bytes], what: str) -> None:
    """Check that a client's decompressor reads ``messages`` back as ``frames``."""
    inflater = zlib.decompressobj(wbits=-WINDOW_BITS)
    read = [inflater.decompress(m + EMPTY_STORED_BLOCK) for m in messages]
    assert read == frames, f"{what}: a frame read back differs"


def views_cost(frames: list[bytes], rounds: int) -> dict[str, tuple[float, float]]:
    """Per way of compressing: (best CPU seconds per view frame, bytes per frame), one
    connection, the splicing side's cache filled first."""
    segments = SegmentCache()
    compressed(splicing(segments), frames)  # the cache, as after each entry's first view
    best = dict.fromkeys(MAKERS, float("inf"))
    sizes: dict[str, float] = {}
    for _ in range(rounds):
        for name, make in MAKERS.items():
            seconds, messages = compressed(make(segments), frames)
            best[name] = min(best[name], seconds / len(frames))
            sizes[name] = sum(map(len, messages)) / len(frames)
            read_back(messages, frames, name)
    return {name: (best[name], sizes[name]) for name in MAKERS}


def states_cost(
    frames: list[bytes], views: list[bytes], spectators: int, rounds: int
) -> tuple[dict[str, tuple[float, float]], tuple[int, int]]:
    """Per way of compressing: (best CPU seconds per state frame sent, bytes per frame), each
    frame sent to ``spectators`` connections in turn, a cache that starts empty each round; and
    the pictures the splicing side compressed for the states, then for the views of the same
    entries through its first connection (not timed)."""
    best = dict.fromkeys(MAKERS, float("inf"))
    sizes: dict[str, float] = {}
    misses = (0, 0)
    for _ in range(rounds):
        for name, make in MAKERS.items():
            segments = SegmentCache()
            connections = [make(segments) for _ in range(spectators)]
            sent: list[list[bytes]] = [[] for _ in connections]
            began = time.process_time()
            for frame in frames:
                for extension, messages in zip(connections, sent, strict=True):
                    messages.append(bytes(extension.encode(Frame(Opcode.TEXT, frame)).data))
            seconds = time.process_time() - began
            best[name] = min(best[name], seconds / (len(frames) * spectators))
            sizes[name] = sum(map(len, sent[0])) / len(frames)
            assert all(messages == sent[0] for messages in sent), f"{name}: spectators differ"
            read_back(sent[0], frames, name)
            if name == "spliced":
                states_misses = segments.misses
                _, shown = compressed(connections[0], views)
                read_back(sent[0] + shown, frames + views, name)
                misses = (states_misses, segments.misses - states_misses)
    return {name: (best[name], sizes[name]) for name in MAKERS}, misses


def table(results: dict[str, tuple[float, float]], per_move: int = 0) -> None:
    """Print CPU and bytes per frame for each way, with ratios to the yardstick (and the CPU
    per move, ``per_move`` frames, when given)."""
    yard_cpu, yard_bytes = results[YARD]
    move = f" {'CPU ms/move':>12}" if per_move else ""
    ratio = f"{'ratio':>6}"
    print(f"{'compression':<24} {'CPU ms/frame':>13}{move} {ratio} {'bytes/frame':>12} {ratio}")
    for name, (cpu, size) in results.items():
        moved = f" {cpu * per_move * 1e3:>12.3f}" if per_move else ""
        print(
            f"{name:<24} {cpu * 1e3:>13.4f}{moved} {cpu / yard_cpu:>6.2f} "
            f"{size:>12.0f} {size / yard_bytes:>6.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shangrila")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--moves", type=int, default=40, help="moves played for the states")
    parser.add_argument(
        "--spectators", default="1,10", help="spectators each state frame is sent to, N,N…"
    )
    options = parser.parse_args()
    crowds = [int(n) for n in options.spectators.split(",")]
    load_before = load_average()
    with tempfile.TemporaryDirectory() as workdir:
        args = ["--rate-limit", "1000000", "--views-per-second", "1000000"]
        with server(args, Path(workdir)) as (url, _pid):
            match_id, entries = finished_match(url, options.game, options.players)
            frames = asyncio.run(view_frames(url, match_id, entries))
            states, views = state_frames(url, options.game, options.players, options.moves)
    viewed = views_cost(frames, options.rounds)
    crowd_results = {n: states_cost(states, views, n, options.rounds) for n in crowds}
    print(
        f"{options.game} {options.players}p, level 1, {WINDOW_BITS}-bit windows, best of "
        f"{options.rounds} rounds, load {load_before:.1f}-{load_average():.1f}"
    )
    print(
        f"\n{len(frames)} view frames of {sum(map(len, frames)) / len(frames) / 1000:.1f} KB on "
        "average, one connection, each picture compressed before"
    )
    table(viewed)
    tagged = sum(b'"svg_tag":"' in frame for frame in states)
    print(
        f"\n{len(states)} state frames of {sum(map(len, states)) / len(states) / 1000:.1f} KB on "
        f"average ({tagged} with their picture's tag), a move's frame to each spectator"
    )
    for n, (results, (compressions, later)) in crowd_results.items():
        print(
            f"\n{n} spectator{'s' if n > 1 else ''}: pictures compressed (spliced) "
            f"{compressions} for the states, {later} more for the {len(views)} later views"
        )
        table(results, per_move=n)


if __name__ == "__main__":
    main()
