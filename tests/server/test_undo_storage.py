"""Storage.drop_entries, the database side of undo by consent, on every back end: atomic,
refused when another move came first, kept across a reopen; and a take-back made by one server
process reaches another that shares its PostgreSQL database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardkit import Match
from boardkit.server.errors import ConflictError, StorageError
from boardkit.server.storage import FINISHED, RUNNING, Storage
from boardkit.server.storage.base import MatchRecord
from boardkit.server.storage.sqlite import SQLiteStorage
from tests.server.live_server import serve
from tests.server.netclient import NetSeat, http
from tests.server.test_storage_contract import Factory, factory, opened, record, run

__all__ = ["factory"]  # the fixture, shared with the contract suite


async def _running(storage: Storage, entries: int) -> MatchRecord:
    await storage.create_match(record(humans=2, bots=0), '{"seq":0}')
    for seat, name in ((0, "ann"), (1, "bob")):
        await storage.claim_seat("m1", seat, name, f"hash-{seat}")
    for seq in range(1, entries):
        await storage.append_entry("m1", seq, f'{{"seq":{seq}}}', RUNNING)
    stored = await storage.get_match("m1")
    assert stored is not None and stored.status == RUNNING
    return stored


def test_drop_entries_takes_the_last_entries_back_atomically(factory: Factory) -> None:
    async def go() -> None:
        storage = await opened(factory)
        await _running(storage, 5)
        with pytest.raises(ConflictError):
            await storage.drop_entries("m1", 3, 4)  # the match has 5 entries, not 4
        with pytest.raises(ConflictError):
            await storage.drop_entries("m1", 0, 5)  # never the setup entry
        assert len(await storage.entries("m1")) == 5
        await storage.drop_entries("m1", 3, 5)
        assert await storage.entries("m1") == ['{"seq":0}', '{"seq":1}', '{"seq":2}']
        stored = await storage.get_match("m1")
        assert stored is not None and stored.length == 3
        await storage.append_entry("m1", 3, '{"seq":3,"again":1}', FINISHED)
        with pytest.raises(ConflictError):  # a finished match keeps its end
            await storage.drop_entries("m1", 3, 4)
        await storage.close()
        again = await opened(factory)
        assert (await again.entries("m1"))[-1] == '{"seq":3,"again":1}'
        await again.close()

    run(go())


def test_a_storage_that_cannot_drop_says_so(tmp_path: Path) -> None:
    """The contract's default, for a back end that does not take entries back."""
    storage = SQLiteStorage(tmp_path / "db.sqlite3")
    with pytest.raises(StorageError, match="SQLiteStorage cannot take entries back"):
        run(Storage.drop_entries(storage, "m1", 1, 2))


@pytest.mark.slow
@pytest.mark.postgres
def test_a_take_back_in_one_process_reaches_a_client_of_the_other(
    tmp_path: Path, postgres_url: str
) -> None:
    args = ["--db", postgres_url, "--think-ms", "0", "--rate-limit", "1000"]
    with (
        serve(args, tmp_path / "one.log") as one,
        serve(args, tmp_path / "two.log") as two,
    ):
        spec = [{"human": True}, {"human": True}]
        match_id = http(one.url, "/api/matches", {"game": "nim", "seats": spec})["id"]
        tokens = [
            http(one.url, f"/api/matches/{match_id}/join", {"name": name})["token"]
            for name in ("ann", "bob")
        ]
        seats = {i: NetSeat(one.url, match_id, tokens[i]) for i in range(2)}
        watcher = NetSeat(two.url, match_id, None)
        for _ in range(2):
            who = seats[0].state["to_decide"]
            seq = seats[who].state["seq"]
            seats[who].ws.send(json.dumps({"type": "act", "seq": seq, "index": 0}))
            for seat in (*seats.values(), watcher):
                seat.until(seq + 1)
        first = seats[0].entries[1]["player"]
        seats[first].ws.send(json.dumps({"type": "undo_ask", "seq": 2}))
        other = seats[1 - first]
        while (frame := other.receive())["type"] != "undo" or frame["pending"] is None:
            pass
        other.ws.send(json.dumps({"type": "undo_answer", "grant": True}))
        while (message := watcher.receive())["type"] != "state" or not message["full"]:
            pass
        assert message["seq"] == 0 and message["to_decide"] == first
        seats[first].until(0)
        seats[first].ws.send(json.dumps({"type": "act", "seq": 0, "index": 1}))
        assert watcher.until(1)["entries"][-1]["player"] == first
        text = http(two.url, f"/api/matches/{match_id}/log", token=tokens[0])
        match = Match.from_json(text)
        assert len(match) == 2 and match.log.entries[1].player == first  # a redacted log
        for seat in (*seats.values(), watcher):
            seat.close()
