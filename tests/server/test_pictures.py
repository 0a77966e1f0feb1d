"""Pictures: kept per (match, entry, viewer) in a bounded cache, never shown to another viewer,
and drawn off the event loop."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from starlette.testclient import TestClient

from boardkit import registry
from boardkit.examples.goofspiel.rules import Goofspiel
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.flow import decider
from boardkit.server.app import create_app
from boardkit.server.live import LiveMatch
from boardkit.server.pictures import PictureCache
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import picture, svg_of
from tests.server.helpers import FAST, create, join, live
from tests.server.wsclient import Seat


class SlowNim(NimGame):
    """Nim whose picture is drawn only once the test lets it (a slow ``render_svg``)."""

    name = "slow-nim"
    release: ClassVar[threading.Event] = threading.Event()
    started: ClassVar[threading.Event] = threading.Event()
    threads: ClassVar[list[str]] = []
    finished: ClassVar[list[str]] = []

    def render_svg(
        self,
        state: NimState,
        player: int | None = None,
        highlight: Take | None = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        SlowNim.threads.append(threading.current_thread().name)
        SlowNim.started.set()
        SlowNim.release.wait(20)
        SlowNim.finished.append(threading.current_thread().name)
        return super().render_svg(state, player, highlight, names=names)


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register(SlowNim)
    SlowNim.release.clear()
    SlowNim.started.clear()
    SlowNim.threads.clear()
    SlowNim.finished.clear()
    yield
    SlowNim.release.set()  # a failing test leaves no drawing waiting


def _service(tmp_path: Path, size: int = 1024) -> MatchService:
    return MatchService(
        make_storage(None, tmp_path / "data"), think_ms=0, gc_sweep_every=None, picture_cache=size
    )


async def _khan(service: MatchService, moves: int) -> LiveMatch:
    await service.start()
    held = await service.create("khan", [{"human": True}] * 2)
    for name in ("ann", "bob"):
        await service.join(held.id, None, name)
    rng = random.Random(3)
    for _ in range(moves):
        seat = decider(held.states[-1].flow)
        assert seat is not None
        await service.act(held.id, seat, held.length - 1, rng.randrange(len(held.legal_actions())))
    return held


def _direct(held: LiveMatch, seq: int, seat: int | None) -> str:
    """The picture drawn straight from the game, no cache."""
    from boardkit.log import shown_action

    highlight = shown_action(held.game, held.entries[seq], seat) if seq > 0 else None
    drawn = held.game.render_svg(held.states[seq], seat, highlight, names=held.names)
    assert isinstance(drawn, str)
    return drawn


def test_each_viewer_gets_its_own_picture_and_a_spectator_the_redacted_one(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        held = await _khan(service, 4)
        last = held.length - 1
        try:
            first = await picture(held, last, 0)  # seat 0's, with its hand, drawn and kept
            assert first == _direct(held, last, 0)
            second = await picture(held, last, 1)
            spectator = await picture(held, last, None)
            assert second == _direct(held, last, 1)
            assert spectator == _direct(held, last, None)
            assert len({first, second, spectator}) == 3  # Khan's hands are hidden
            assert service.pictures.misses == 3 and len(service.pictures) == 3
            # asked again: found, each by its own viewer
            assert await picture(held, last, 1) == second
            assert svg_of(held, last, None) == spectator
            assert await picture(held, last, 0) == first
            assert service.pictures.hits == 3 and service.pictures.misses == 3
            # an earlier entry (time travel) is kept per viewer too
            assert await picture(held, 2, 1) == _direct(held, 2, 1)
            assert await picture(held, 2, 0) == _direct(held, 2, 0) != await picture(held, 2, 1)
        finally:
            await service.stop()

    asyncio.run(main())


def test_the_cache_is_bounded_and_drops_the_least_recently_used(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path, size=3)
        held = await _khan(service, 5)
        try:
            for seq in range(1, 5):
                await picture(held, seq, 0)
            assert len(service.pictures) == 3
            assert not service.pictures.cached(held, 1, 0)[0]  # the oldest went
            assert service.pictures.cached(held, 2, 0)[0]  # now the most recent
            await picture(held, 5, 0)
            assert service.pictures.cached(held, 2, 0)[0]
            assert not service.pictures.cached(held, 3, 0)[0]
            none = _service(tmp_path / "none", size=0)
            assert none.pictures.size == 0
        finally:
            await service.stop()

    asyncio.run(main())


def test_a_seat_taken_since_is_named_in_the_next_picture(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        try:
            held = await service.create("khan", [{"human": True}] * 2)
            before = await picture(held, 0, None)
            await service.join(held.id, None, "zelda")
            after = await picture(held, 0, None)
            assert before is not None and after is not None
            assert "zelda" not in before and "zelda" in after
        finally:
            await service.stop()

    asyncio.run(main())


def test_a_bad_cache_size_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or more pictures"):
        PictureCache(-1)


def test_one_drawing_serves_everyone_who_asks_at_once(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        try:
            held = await service.create("slow-nim", [{"human": True}] * 2)
            asked = [asyncio.ensure_future(picture(held, 0, None)) for _ in range(5)]
            await asyncio.sleep(0.05)
            assert not any(a.done() for a in asked)  # the loop runs while the picture is drawn
            SlowNim.release.set()
            pictures = await asyncio.gather(*asked)
            assert len(set(pictures)) == 1 and len(SlowNim.threads) == 1
            assert SlowNim.threads[0].startswith("boardkit-svg")
        finally:
            SlowNim.release.set()
            await service.stop()

    asyncio.run(main())


def test_a_slow_picture_never_holds_up_other_connections(tmp_path: Path) -> None:
    app = create_app(data_dir=tmp_path / "data", think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        match_id = create(client, "slow-nim", [{"human": True}] * 2)
        token = join(client, match_id, "ann")["token"]
        join(client, match_id, "bob")
        with client.websocket_connect("/ws") as drawing:
            hello = {"type": "hello", "match": match_id, "token": token, "svg": True}
            drawing.send_text(json.dumps(hello))
            assert json.loads(drawing.receive_text())["type"] == "welcome"
            assert SlowNim.started.wait(10)  # its picture is being drawn now
            # meanwhile another connection is served: hello, its state, a ping
            other = Seat(client, match_id, None, svg=False)
            other.send({"type": "ping"})
            assert other.expect("pong") == {"type": "pong"}
            assert SlowNim.finished == [] and len(SlowNim.threads) == 1  # still drawing
            SlowNim.release.set()
            state: dict[str, Any] = json.loads(drawing.receive_text())
            assert state["type"] == "state" and state["svg"].startswith("<svg")
            assert SlowNim.threads[0].startswith("boardkit-svg")
            other.close()
        held = live(client, match_id)
        assert held.pictures.cached(held, 0, 0)[0]


class DrawnGoofspiel(Goofspiel):
    """Goofspiel with a picture (the table of a round's end is then drawn for each entry that
    ends one), noting the thread that draws."""

    name = "drawn-goofspiel"
    threads: ClassVar[list[str]] = []

    def render_svg(
        self,
        state: Any,
        player: int | None = None,
        highlight: Any = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        DrawnGoofspiel.threads.append(threading.current_thread().name)
        return f"<svg><text>{self.render_text(state, player)}</text></svg>"


def test_the_tables_of_round_ends_are_drawn_off_the_event_loop(tmp_path: Path) -> None:
    registry.register(DrawnGoofspiel)
    DrawnGoofspiel.threads.clear()
    app = create_app(data_dir=tmp_path / "data", think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        match_id = create(client, "drawn-goofspiel", [{"human": True}] * 2)
        tokens = [join(client, match_id, n)["token"] for n in ("ann", "bob")]
        seats = {i: Seat(client, match_id, tokens[i], svg=False) for i in range(2)}
        while seats[0].state["seq"] < 3:  # the first round: two bids, then its end
            state = max((s.state for s in seats.values()), key=lambda st: st["seq"])
            me = seats[state["to_decide"]]
            me.until(state["seq"])
            me.act(0)
            me.until(state["seq"] + 1)
        seats[0].until(3)
        ended = [e for e in seats[0].entries.values() if "rounds" in e]
        assert ended and ended[0]["rounds"][0]["svg"].startswith("<svg>")
        assert DrawnGoofspiel.threads  # drawn, and never on the event loop's thread
        assert all(name.startswith("boardkit-svg") for name in DrawnGoofspiel.threads)
        Seat.close_all()
