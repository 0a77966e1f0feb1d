"""The server's bots follow the seat rule of :mod:`boardkit.runner.seats`, as every other loop does:
the same seed gives the same bot moves on the server as in a simulation or a tournament, and a
server that takes a running match up again (a restart) goes on with the streams where they
stood."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit import Match
from boardkit.bots.random_bot import RandomBot
from boardkit.log import Log
from boardkit.runner.seats import seat_rng
from boardkit.runner.simulate import random_playout, simulate
from boardkit.runner.tournament import play_game
from boardkit.server import create_app
from tests.server.helpers import FAST, create, join, play_until
from tests.server.wsclient import Seat


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _moves(log: Log) -> list[tuple[Any, ...]]:
    """What a log's entries say, its header (the players' names) aside."""
    return [(e.seq, e.player, e.action, e.events) for e in log.entries]


def test_a_seeded_bot_game_is_the_same_on_the_server_and_everywhere_else(data: Path) -> None:
    seed = 11
    with TestClient(
        create_app(data_dir=data, think_ms=0, limits=FAST, pinned_seeds=True)
    ) as client:
        match_id = create(client, "nim", [{"bot": "random"}] * 2, seed=str(seed))
        watcher = Seat(client, match_id, None)
        while not watcher.state["over"]:
            watcher.receive()
        served = Match.from_json(client.get(f"/api/matches/{match_id}/log").text)
        Seat.close_all()
    logs: list[Log] = []
    simulate("nim", 1, 2, seed=seed, on_log=lambda _index, log: logs.append(log))
    played = play_game("nim", 2, None, seed, [RandomBot(), RandomBot()])
    alone = random_playout("nim", 2, seed=seed)
    assert _moves(served.log) == _moves(logs[0]) == _moves(played.log) == _moves(alone.log)
    assert len(served) > 3  # a real game, with several bot moves per seat


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_a_restarted_server_goes_on_with_the_bots_streams_where_they_stood(data: Path) -> None:
    """Two people and a random bot; the server restarts halfway. Each of the bot's moves is
    the one its seat's stream gives at that point of an unbroken game."""
    humans: list[dict[str, Any]] = [{"human": True}, {"human": True}, {"bot": "random"}]
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        match_id = create(client, "shangrila", humans)
        tokens = [join(client, match_id, name)["token"] for name in ("ann", "bob")]
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        play_until(seats, lambda s: s["seq"] >= 30, random.Random(4))
        Seat.close_all()
    with TestClient(create_app(data_dir=data, think_ms=0, limits=FAST)) as client:
        seats = {i: Seat(client, match_id, tokens[i]) for i in range(2)}
        assert play_until(seats, lambda s: False, random.Random(5))["over"]
        log = client.get(
            f"/api/matches/{match_id}/log", headers={"authorization": f"Bearer {tokens[0]}"}
        )
        served = Match.from_json(log.text)
        Seat.close_all()
    game = served.game
    again = Match.new(game, 3, seed=served.config.seed)
    stream, bot = seat_rng(served.config.seed, 2), RandomBot()
    bot_moves = 0
    for entry in served.log.entries[1:]:
        if entry.player == 2:
            assert entry.action == bot.choose(game, again.state, 2, stream), entry.seq
            bot_moves += 1
        again.play(entry.action, entry.player)
    assert bot_moves >= 10 and any(e.player == 2 for e in served.log.entries[31:])
