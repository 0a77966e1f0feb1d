"""A real ``boardkit serve`` process and real clients (the ``websockets`` library): the views a
compressing connection is sent, pictures spliced into its deflate stream
(:mod:`boardkit.server.splice`), read back equal to the views of a connection without
compression, entry after entry and pass after pass."""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
)
from websockets.frames import CTRL_OPCODES, Frame
from websockets.sync.client import ClientConnection, connect
from websockets.typing import ExtensionParameter

from boardkit.server.splice import EMPTY_STORED_BLOCK, deflate_alone
from boardkit.server.views import encode
from tests.server.live_server import ServerProcess, serve
from tests.server.netclient import NetSeat, http

pytestmark = pytest.mark.slow

PASSES = 3
"""Times each entry's view is asked for."""
SETTINGS = {"level": 1, "memLevel": 5}
"""``boardkit serve``'s compressor settings (its default level)."""


class Recording(PerMessageDeflate):
    """The library's client side of permessage-deflate, keeping each data frame's bytes as they
    came (compressed)."""

    wire: list[bytes]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        if frame.opcode not in CTRL_OPCODES:
            self.wire.append(bytes(frame.data))
        return super().decode(frame, max_size=max_size)


class RecordingFactory(ClientPerMessageDeflateFactory):
    """Offers permessage-deflate as the library's client does; the extension records."""

    def __init__(self) -> None:
        super().__init__(client_max_window_bits=True)
        self.wire: list[bytes] = []
        self.extension: Recording | None = None
        """The extension it made for its connection."""

    def process_response_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> PerMessageDeflate:
        plain = super().process_response_params(params, accepted_extensions)
        recording = Recording(
            plain.remote_no_context_takeover,
            plain.local_no_context_takeover,
            plain.remote_max_window_bits,
            plain.local_max_window_bits,
            plain.compress_settings,
        )
        recording.wire = self.wire
        self.extension = recording
        return recording


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    args = ["--data", str(tmp_path), "--think-ms", "0", "--rate-limit", "100000"]
    args += ["--views-per-second", "100000"]
    with serve(args, tmp_path / "server.log") as process:
        yield process


def _finished(url: str, game: str) -> tuple[str, int]:
    """A match of three random bots played to its end: its id and number of entries."""
    body = json.dumps({"game": game, "seats": [{"bot": "random"}] * 3, "think_ms": 0}).encode()
    asked = urllib.request.Request(
        url + "/api/matches", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(asked, timeout=10) as answer:
        match_id = str(json.loads(answer.read())["id"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{url}/api/matches/{match_id}", timeout=10) as answer:
            summary = json.loads(answer.read())
        if summary["status"] == "finished":
            return match_id, int(summary["entries"])
        time.sleep(0.05)
    raise AssertionError("the bots did not finish their match")


def _views(ws: ClientConnection, match_id: str, entries: int) -> list[str]:
    """Every entry's view, :data:`PASSES` times over, as a spectator asking for its pictures."""
    ws.send(json.dumps({"type": "hello", "match": match_id, "svg": True}))
    while json.loads(ws.recv(10))["type"] != "state":
        pass
    frames = []
    for _ in range(PASSES):
        for seq in range(entries):
            ws.send(json.dumps({"type": "view", "seq": seq}))
            frames.append(str(ws.recv(10)))
    return frames


@pytest.mark.parametrize("game", ["shangrila", "khan"])
def test_spliced_views_read_back_as_the_views_sent_without_compression(
    server: ServerProcess, game: str
) -> None:
    match_id, entries = _finished(server.url, game)
    ws_url = server.url.replace("http", "ws", 1) + "/ws"
    with connect(ws_url, compression=None, max_size=2**24) as ws:
        assert ws.protocol.extensions == []
        plain = _views(ws, match_id, entries)
    recording = RecordingFactory()
    with connect(ws_url, compression=None, extensions=[recording], max_size=2**24) as ws:
        assert [type(e) for e in ws.protocol.extensions] == [Recording]
        compressed = _views(ws, match_id, entries)
    assert compressed == plain
    views = [json.loads(frame) for frame in plain]
    assert all(view["svg"].startswith("<svg") for view in views)
    assert len({view["svg_tag"] for view in views}) > entries // 2  # the pictures differ
    # every view was spliced: its bytes before the picture end with the full flush's stored
    # block (the last messages of the recording are the views, one each)
    spliced = recording.wire[-len(plain) :]
    assert all(EMPTY_STORED_BLOCK in message[:80] for message in spliced)
    # and compressed: a picture spliced in is as small as one compressed in its frame
    assert sum(map(len, spliced)) < sum(map(len, plain)) / 3


SPECTATORS = 3
"""Compressing spectators of the match (beside one without compression)."""
MOVES = 12
"""Moves the seats play while the spectators watch."""


def _states(ws: ClientConnection, seq: int, into: list[str]) -> None:
    """Read ``ws`` until its state frame of entry ``seq``, keeping every frame in ``into``."""
    while True:
        text = str(ws.recv(10))
        into.append(text)
        frame = json.loads(text)
        if frame["type"] == "state" and frame["seq"] >= seq:
            return


def test_every_spectator_reads_back_the_state_frames_sent_without_compression(
    server: ServerProcess,
) -> None:
    """Spectators of a match of people are each sent, after every move, the same state frame,
    its picture the same for all of them: the compressing spectators read back the frames of a
    spectator without compression, and each message carries the picture as compressed once, on
    its own (:func:`boardkit.server.splice.deflate_alone`), spliced in."""
    created = http(
        server.url, "/api/matches", {"game": "shangrila", "seats": [{"human": True}] * 3}
    )
    match_id = created["id"]
    tokens = [
        http(server.url, f"/api/matches/{match_id}/join", {"name": name})["token"]
        for name in ("ann", "bob", "cat")
    ]
    seats = {i: NetSeat(server.url, match_id, token) for i, token in enumerate(tokens)}
    ws_url = server.url.replace("http", "ws", 1) + "/ws"
    recordings = [RecordingFactory() for _ in range(SPECTATORS)]
    with contextlib.ExitStack() as opened:
        watchers = [opened.enter_context(connect(ws_url, compression=None, max_size=2**24))]
        watchers += [
            opened.enter_context(
                connect(ws_url, compression=None, extensions=[recording], max_size=2**24)
            )
            for recording in recordings
        ]
        received: list[list[str]] = [[] for _ in watchers]
        for ws, frames in zip(watchers, received, strict=True):
            ws.send(json.dumps({"type": "hello", "match": match_id, "svg": True}))
            _states(ws, 0, frames)
        rng = random.Random(3)
        for _ in range(MOVES):
            state = max((seat.state for seat in seats.values()), key=lambda s: s["seq"])
            mover = seats[state["to_decide"]]
            mover.until(state["seq"])
            mover.act_randomly(rng)
            seq = mover.until(state["seq"] + 1)["seq"]
            for ws, frames in zip(watchers, received, strict=True):
                _states(ws, seq, frames)
    for seat in seats.values():
        seat.close()
    plain, *compressed = received
    assert all(frames == plain for frames in compressed)
    states = [json.loads(text) for text in plain if text.startswith('{"type":"state"')]
    assert len(states) == MOVES + 1 and all(s["svg"].startswith("<svg") for s in states)
    assert len({s["svg_tag"] for s in states}) == len(states)  # a picture of its own each move
    for recording in recordings:
        extension = recording.extension
        assert extension is not None and len(recording.wire) == len(plain)
        for text, message in zip(plain, recording.wire, strict=True):
            if text.startswith('{"type":"state"'):
                picture = encode(json.loads(text)["svg"]).encode()
                alone = deflate_alone(picture, extension.remote_max_window_bits, SETTINGS)
                assert alone in message
