"""issue 24's leftovers: the clocks survive a restart (their state is stored with each entry,
SQLite and PostgreSQL alike), a seat that forfeits on time loses the match, and the bot that
takes a seat over is the game's own opponent or the server's choice."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardkit.bots.mcts import MCTSBot
from boardkit.examples.nim import NimGame
from boardkit.flow import decider
from boardkit.result import forfeit_result
from boardkit.server.clocks import STATE_KEY
from boardkit.server.live import LiveMatch
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import result_of

TWO: list[dict[str, Any]] = [{"human": True}, {"human": True}]
REALTIME = {"kind": "realtime", "bank": 100, "increment": 5, "on_timeout": "bot"}

Storages = Callable[[], Any]


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgres", marks=[pytest.mark.slow, pytest.mark.postgres]),
    ]
)
def storages(request: pytest.FixtureRequest, tmp_path: Path) -> Storages:
    """Makes a new storage over one database each time it is called (a restarted server)."""
    if request.param == "sqlite":
        return lambda: make_storage(None, tmp_path)
    url = request.getfixturevalue("postgres_url")
    return lambda: make_storage(url)


def _service(storages: Storages, now: list[float], **options: Any) -> MatchService:
    return MatchService(
        storages(),
        think_ms=0,
        gc_sweep_every=None,
        unload_after=None,
        now=lambda: now[0],
        **options,
    )


async def _seated(service: MatchService, clock: dict[str, Any] | None = None) -> LiveMatch:
    live = await service.create("nim", TWO, options={"stones": 15}, clock=clock)
    for name in ("ann", "bob"):
        await service.join(live.id, None, name)
    return live


def _decider(live: LiveMatch) -> int:
    seat = decider(live.states[-1].flow)
    assert seat is not None
    return seat


def test_the_clocks_go_on_after_a_restart_with_the_times_the_players_had(
    storages: Storages,
) -> None:
    async def main() -> None:
        now = [1000.0]
        first = _service(storages, now)
        await first.start()
        live = await _seated(first, REALTIME)
        mover = _decider(live)
        now[0] = 1030.0
        await first.act(live.id, mover, live.length - 1, 0)  # 30 s spent, 5 s added
        other = _decider(live)
        assert other != mover
        now[0] = 1040.0
        await first.stop()

        now[0] = 1050.0  # the server was down 10 s: the running seat's time went on
        second = _service(storages, now)
        await second.start()
        back = await second.live(live.id)
        assert back.clocks is not None
        assert back.clocks.left(mover, now[0]) == pytest.approx(75.0)
        assert back.clocks.left(other, now[0]) == pytest.approx(80.0)
        assert back.clocks.running == other
        assert back.clocks.deadline() == pytest.approx(1130.0)  # the deadline did not move
        record = await second.storage.get_match(live.id)
        assert record is not None and STATE_KEY in json.loads(record.header)
        full = json.loads(back.log_json(None, full=True))
        assert STATE_KEY not in full["header"]  # the server's, never the log's
        await second.stop()

    asyncio.run(main())


def test_a_deadline_that_passed_while_the_server_was_down_applies_at_the_restart(
    storages: Storages,
) -> None:
    async def main() -> None:
        now = [1000.0]
        first = _service(storages, now)
        await first.start()
        live = await _seated(first, {**REALTIME, "on_timeout": "forfeit"})
        slow = _decider(live)
        await first.stop()

        now[0] = 1101.0  # past the bank of 100 s
        second = _service(storages, now)
        await second.start()
        back = await second.live(live.id)
        for _ in range(100):  # the timer wakes at once
            if back.forfeit is not None:
                break
            await asyncio.sleep(0.01)
        assert back.forfeit is not None and back.forfeit.seat == slow
        assert back.status == "finished"
        await second.stop()

    asyncio.run(main())


def test_a_seat_that_changed_hands_keeps_its_clock_over_a_restart(storages: Storages) -> None:
    async def main() -> None:
        now = [1000.0]
        first = _service(storages, now, takeover_bot="random")
        await first.start()
        live = await _seated(first, {**REALTIME, "bank": 600})
        who = _decider(live)
        now[0] = 1020.0
        await first.leave(live.id, who)  # 20 s spent; the bot's seat runs no clock
        assert live.clocks is not None and live.clocks.running is None
        await first.stop()

        now[0] = 1500.0
        second = _service(storages, now)
        await second.start()
        back = await second.live(live.id)
        assert back.stand_in(who) == "random"
        assert back.clocks is not None
        assert back.clocks.left(who, now[0]) == pytest.approx(580.0)
        await second.stop()

    asyncio.run(main())


def test_a_seat_that_forfeits_on_time_loses_and_the_others_win(tmp_path: Path) -> None:
    async def main() -> None:
        now = [1000.0]
        service = _service(lambda: make_storage(None, tmp_path), now)
        await service.start()
        live = await _seated(service, {"kind": "realtime", "bank": 10, "on_timeout": "forfeit"})
        slow = _decider(live)
        assert result_of(live) is None  # running
        now[0] = 1011.0
        await service.check_clock(live.id)
        result = result_of(live)
        assert result is not None
        assert result["winners"] == [1 - slow] and result["draw"] is False
        assert result["scores"][slow] == 0 and result["scores"][1 - slow] == 1
        assert result["outcome"] == [1 - slow, " wins"]
        assert result["detail"] == f"{live.names[slow]} ran out of time and forfeits"
        await service.stop()

    asyncio.run(main())


def test_a_forfeit_result_shares_the_win_among_the_other_seats() -> None:
    result = forfeit_result(1, 3, "bob ran out of time")
    assert result.winners == (0, 2) and result.scores == (1, 0, 1)
    assert not result.is_draw and result.detail == "bob ran out of time"
    with pytest.raises(ValueError, match="no seat 3"):
        forfeit_result(3, 3)


def test_the_takeover_bot_is_the_games_opponent_with_its_parameters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NimGame, "opponent", "mcts:iterations=7")

    async def main() -> None:
        service = _service(lambda: make_storage(None, tmp_path), [1000.0])
        await service.start()
        live = await _seated(service)
        who = _decider(live)
        await service.leave(live.id, who)
        assert live.stand_in(who) == "mcts:iterations=7"  # the log names the bot in full
        assert live.seats_json()[who]["stand_in"] == "mcts"  # the page, by its name
        bot = live.bots.get(who)
        assert isinstance(bot, MCTSBot) and bot.iterations == 7  # its parameters kept
        for _ in range(500):  # the bot moves for the seat
            if live.length > 1:
                break
            await asyncio.sleep(0.01)
        assert live.entries[1].player == who
        await service.stop()

    asyncio.run(main())


def test_the_server_may_name_its_own_takeover_bot(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(lambda: make_storage(None, tmp_path), [1000.0], takeover_bot="random")
        await service.start()
        live = await _seated(service, {"kind": "realtime", "bank": 10, "on_timeout": "bot"})
        slow = _decider(live)
        await service.check_clock(live.id)  # not yet out of time: nothing changes
        assert live.stand_in(slow) is None
        service.now = lambda: 1011.0
        await service.check_clock(live.id)
        assert live.stand_in(slow) == "random"
        assert live.changes[-1].reason == "timeout"
        await service.stop()

    asyncio.run(main())
