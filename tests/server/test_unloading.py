"""issue 24: memory bounded by the matches in use. ``MatchService.unload_idle`` drops a match
nobody follows once it has been untouched for a while, keeps the ones followed, waiting on a
bot or under a request, and a dropped match comes back from the database unchanged."""

from __future__ import annotations

import asyncio
import tracemalloc
from pathlib import Path

import pytest

from boardkit.flow import decider
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage


def _service(data: Path, think_ms: int = 0) -> MatchService:
    return MatchService(
        make_storage(None, data), think_ms=think_ms, gc_sweep_every=None, unload_after=None
    )


def test_idle_matches_are_unloaded_and_come_back_unchanged(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        ids = []
        for _ in range(3):
            live = await service.create("nim", [{"human": True}] * 2)
            for name in ("ann", "bob"):
                await service.join(live.id, None, name)
            seat = decider(live.states[-1].flow)
            assert seat is not None
            await service.act(live.id, seat, live.length - 1, 0)
            ids.append(live.id)
        states = [(await service.live(i)).states[-1] for i in ids]
        follower = service.hub.subscribe(ids[0])  # a connection follows the first
        assert await service.unload_idle(after=60) == []  # all were touched just now
        assert sorted(await service.unload_idle(after=0)) == sorted(ids[1:])
        assert service.metrics.sampled.matches() == 1
        back = [(await service.live(i)).states[-1] for i in ids]
        assert back == states  # loaded again from the database, verified, the same
        service.hub.unsubscribe(follower)
        assert sorted(await service.unload_idle(after=0)) == sorted(ids)
        await service.stop()

    asyncio.run(main())


def test_a_match_a_bot_must_move_in_stays_loaded(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path, think_ms=60_000)  # the bot's move waits a minute
        await service.start()
        live = await service.create("nim", [{"human": True}, {"bot": "random"}])
        await service.join(live.id, 0, "ann")
        for _ in range(2):  # whoever starts, a bot owes a move within two entries
            seat = decider(live.states[-1].flow)
            if seat != 0:
                break
            await service.act(live.id, 0, live.length - 1, 0)
        assert decider(live.states[-1].flow) == 1
        assert await service.unload_idle(after=0) == []
        await service.stop()

    asyncio.run(main())


@pytest.mark.slow
def test_memory_stays_flat_over_many_bot_matches(tmp_path: Path) -> None:
    """Bot matches played one after another through one service: with unloading, what the
    process holds after 600 matches is about what it held after 200."""

    async def play(service: MatchService, n: int) -> None:
        for _ in range(n):
            live = await service.create("nim", [{"bot": "random"}] * 2)
            while live.status == "running":
                await asyncio.sleep(0.001)
            await service.unload_idle(after=0)

    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        await play(service, 50)  # warm: first imports, caches, pools
        tracemalloc.start()
        await play(service, 200)
        early = tracemalloc.get_traced_memory()[0]
        await play(service, 400)
        late = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert late - early < 2_000_000, (early, late)  # 400 more matches: under 2 MB more
        assert service.metrics.sampled.matches() == 0
        await service.stop()

    asyncio.run(main())
