"""``MatchService.resync``: a process that may have missed other processes' notices (its LISTEN
connection dropped) brings every match it holds up to the database and tells its clients. The
PostgreSQL test in test_multiprocess.py drops the connection for real; here two services share
one SQLite file, so the second never hears the first and only a resync updates it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from boardkit.flow import decider
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage


def _service(data: Path) -> MatchService:
    return MatchService(make_storage(None, data), think_ms=0, gc_sweep_every=None)


def test_resync_brings_every_held_match_up_to_the_database(tmp_path: Path) -> None:
    async def main() -> None:
        writer, reader = _service(tmp_path), _service(tmp_path)
        await writer.start()
        lives = []
        for _ in range(2):
            live = await writer.create("nim", [{"human": True}] * 2)
            for name in ("ann", "bob"):
                await writer.join(live.id, None, name)
            lives.append(live)
        await reader.start()  # holds both matches, as they are now
        held = [await reader.live(live.id) for live in lives]
        followers = [reader.hub.subscribe(live.id) for live in held]
        for live in lives:
            for _ in range(3):
                seat = decider(live.states[-1].flow)
                assert seat is not None
                await writer.act(live.id, seat, live.length - 1, 0)
        assert [h.length for h in held] == [1, 1]  # nobody told the reader
        await reader.resync()
        assert [h.length for h in held] == [live.length for live in lives] == [4, 4]
        assert [h.states[-1] for h in held] == [live.states[-1] for live in lives]
        assert all(follower.wake.is_set() for follower in followers)  # clients are told
        await reader.stop()
        await writer.stop()

    asyncio.run(main())
