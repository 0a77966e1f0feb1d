"""The views' texts: built once per seat and entry, shared, and never stale."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from boardkit.flow import decider
from boardkit.server.errors import NotFoundError, StorageError
from boardkit.server.live import LiveMatch
from boardkit.server.pictures import picture_tag
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import (
    encode,
    entry_text,
    legal_text,
    scores_of,
    state_message,
    state_text,
    svg_of,
)


def _service(tmp_path: Path) -> MatchService:
    return MatchService(make_storage(None, tmp_path / "data"), think_ms=0, gc_sweep_every=None)


async def _played(service: MatchService, game: str, moves: int) -> LiveMatch:
    await service.start()
    live = await service.create(game, [{"human": True}] * 3)
    for i in range(3):
        await service.join(live.id, None, f"p{i}")
    rng = random.Random(5)
    for _ in range(moves):
        seat = decider(live.states[-1].flow)
        assert seat is not None
        await service.act(live.id, seat, live.length - 1, rng.randrange(len(live.legal_actions())))
    return live


def _fresh(live: LiveMatch, seat: int | None, since: int, svg: bool) -> str:
    """The same frame built from nothing (every cache emptied)."""
    live.entry_cache.clear()
    live.whole_entries.clear()
    live.frames, live.scores_cache = {}, {}
    live.pictures.clear()
    live.legal_for = live.scores_at = -1
    return state_text(live, seat, since, svg=svg, full=False)


def test_a_frame_is_built_once_per_seat_and_shared(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "shangrila", 6)
        last = live.length - 1
        for seat in (0, 1, 2, None):
            first = state_text(live, seat, last - 1, svg=True, full=False)
            assert state_text(live, seat, last - 1, svg=True, full=False) is first
            assert _fresh(live, seat, last - 1, True) == first
        deciding = decider(live.states[-1].flow)
        assert deciding is not None
        text = state_text(live, deciding, last - 1, svg=True, full=False)
        frame: dict[str, Any] = json.loads(text)
        assert frame["seq"] == last and frame["you"] == deciding
        assert [e["seq"] for e in frame["entries"]] == [last]
        assert frame["legal"] == json.loads(legal_text(live)) and len(frame["legal"]) > 0
        assert frame["entries"][0] == json.loads(entry_text(live, last, deciding))
        assert frame["scores"] == scores_of(live, deciding)
        assert frame["svg"] == svg_of(live, last, deciding)
        other = (deciding + 1) % 3
        assert json.loads(state_text(live, other, last - 1, svg=False, full=False))["legal"] == []
        await service.stop()

    asyncio.run(main())


def test_a_frame_with_its_picture_carries_the_pictures_tag_just_before_it(tmp_path: Path) -> None:
    """The picture and its tag are a state frame's last members (what the server's
    permessage-deflate finds them by), the tag the one a ``view`` of that entry names."""

    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "shangrila", 3)
        last = live.length - 1
        tags = set()
        for seat in (0, 1, 2, None):
            text = state_text(live, seat, last - 1, svg=True, full=False)
            frame = json.loads(text)
            tag = frame["svg_tag"]
            assert text.endswith(f',"svg_tag":"{tag}","svg":{encode(frame["svg"])}}}')
            assert tag == picture_tag(encode(frame["svg"]))
            assert tag == (await live.pictures.tagged(live, last, seat)).tag
            assert "svg_tag" not in json.loads(state_text(live, seat, -1, svg=False, full=True))
            tags.add(tag)
        assert len(tags) == 4  # each viewer's own picture
        plain = await service.create("goofspiel", [{"human": True}] * 2)
        frame = json.loads(state_text(plain, None, -1, svg=True, full=True))
        assert frame["svg"] is None and "svg_tag" not in frame
        await service.stop()

    asyncio.run(main())


def test_the_cached_frame_follows_the_match(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "shangrila", 2)
        before = state_text(live, 0, -1, svg=False, full=True)
        seat = decider(live.states[-1].flow)
        assert seat is not None
        await service.act(live.id, seat, live.length - 1, 0)
        after = state_text(live, 0, -1, svg=False, full=True)
        assert json.loads(after)["seq"] == json.loads(before)["seq"] + 1
        assert len(json.loads(after)["entries"]) == live.length
        assert state_message(live, 0, -1, svg=False, full=True) == json.loads(after)
        await service.stop()

    asyncio.run(main())


def test_seats_changing_without_an_entry_renew_the_frame(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        live = await service.create("shangrila", [{"human": True}] * 3)
        open_frame = json.loads(state_text(live, None, -1, svg=False, full=True))
        assert open_frame["status"] == "open"
        await service.join(live.id, 0, "ann")
        joined = json.loads(state_text(live, None, -1, svg=False, full=True))
        assert joined["seats"][0]["name"] == "ann" and joined["seats"][0]["taken"]
        await service.stop()

    asyncio.run(main())


def test_scores_in_a_game_with_secrets_are_per_seat(tmp_path: Path) -> None:
    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "khan", 4)
        assert live.game.hidden_information
        scores_of(live, 0)
        scores_of(live, 1)
        assert set(live.scores_cache) == {0, 1}
        await service.stop()

    asyncio.run(main())


def test_frames_are_the_same_json_without_orjson(monkeypatch: Any) -> None:
    """orjson is an optional speed-up: without it the standard library gives the same values."""
    import boardkit.server.views as views

    data = {"a": [1, 2.5, None, "ü"], 3: True, "big": 2**70}
    fast = views.encode(data)
    monkeypatch.setattr(views, "_orjson", None)
    plain = views.encode(data)
    assert (
        json.loads(fast)
        == json.loads(plain)
        == {
            "a": [1, 2.5, None, "ü"],
            "3": True,
            "big": 2**70,
        }
    )


def test_an_act_cancelled_during_its_write_keeps_memory_and_database_together(
    tmp_path: Path,
) -> None:
    """A connection that closes while its move is being written: the write still commits, and
    the process's copy of the match has the entry too (it is not undone in memory while the
    database holds it), so the next move goes on from it."""

    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "shangrila", 2)
        storage = service.storage
        real_append = storage.append_entry
        writing = asyncio.Event()

        async def slow_append(
            match_id: str,
            seq: int,
            entry: str,
            status: str,
            header: str | None = None,
            expected: str | None = None,
        ) -> None:
            writing.set()
            await asyncio.sleep(0.2)
            await real_append(match_id, seq, entry, status, header, expected)

        storage.append_entry = slow_append  # type: ignore[method-assign]
        before = live.length
        seat = decider(live.states[-1].flow)
        assert seat is not None
        act = asyncio.ensure_future(service.act(live.id, seat, before - 1, 0))
        await writing.wait()
        act.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await act
        assert act.cancelled()
        async with live.lock:  # the move, shielded from its caller, finishes its write
            assert live.length == before + 1
        assert len(await storage.entries(live.id)) == before + 1  # entry 0 is stored too
        storage.append_entry = real_append  # type: ignore[method-assign]
        seat = decider(live.states[-1].flow)
        assert seat is not None
        await service.act(live.id, seat, live.length - 1, 0)  # the match goes on from there
        assert len(await storage.entries(live.id)) == before + 2 == live.length
        await service.stop()

    asyncio.run(main())


def test_a_secret_choice_reaches_only_its_own_seat(tmp_path: Path) -> None:
    """Goofspiel's sealed bid: the entry a server sends another seat or a spectator names no
    card, in its text, its action or its events; the bidder's own entry does."""

    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "goofspiel", 1)  # seat 0 has bid, the round is open
        bid = live.entries[1].action
        for seat in (1, 2, None):
            entry = json.loads(entry_text(live, 1, seat))
            assert entry["text"] == "bid a card face down"
            assert entry["entry"]["action"] == {"type": "Bid", "card": -1}
            assert entry["entry"]["events"][0]["card"] == -1
        own = json.loads(entry_text(live, 1, 0))
        assert own["text"] == f"bid {bid.card}" and own["entry"]["action"]["card"] == bid.card
        # seat 1 owes its bid in seat 0's turn: its own move, not an answer asked of it
        frame = json.loads(state_text(live, 1, -1, svg=False, full=True))
        assert (frame["active"], frame["to_decide"], frame["asked"]) == (0, 1, False)
        await service.stop()

    asyncio.run(main())


def test_looking_up_matches_leaves_nothing_behind_and_loads_each_once(tmp_path: Path) -> None:
    """Every id a client asks for (``hello``, ``GET /api/matches/{id}``) took a lock that was
    never freed: a client asking for millions of ids that name no match grew the server's
    memory without end. Concurrent loads of one stored match still give one copy."""

    async def main() -> None:
        service = _service(tmp_path)
        live = await _played(service, "shangrila", 3)
        missing = await asyncio.gather(
            *(service.live(f"nosuch{i}") for i in range(200)), return_exceptions=True
        )
        assert all(isinstance(m, NotFoundError) for m in missing)
        assert service.matches.loading == {}
        service.matches.loaded.clear()  # as after a restart: the match is loaded on first use
        copies = await asyncio.gather(*(service.live(live.id) for _ in range(5)))
        assert all(c is copies[0] for c in copies) and copies[0] is not live
        assert copies[0].length == live.length
        assert service.matches.loading == {}
        await service.stop()

    asyncio.run(main())


def test_an_entry_that_does_not_replay_here_tells_no_secret_and_changes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An entry another writer stored that this process cannot replay (another version of the
    rules, say): the client's error quoted the stored action (a secret bid), and an entry whose
    events differed was left played on this process's copy of the match but not in its
    entries, so the two disagreed from then on."""

    async def main() -> None:
        service = _service(tmp_path)
        await service.start()
        live = await service.create("goofspiel", [{"human": True}] * 2)
        for i in range(2):
            await service.join(live.id, None, f"p{i}")
        length = live.length
        bid = {"seq": length, "player": 0, "action": {"type": "Bid", "card": 13}}
        for events in ([{"type": "BidPlaced", "player": 0, "card": 12}], None):
            body = {**bid, "events": events or []}
            if events is None:  # not a legal bid at all: its refusal names the bid
                body["action"] = {"type": "Bid", "card": 99}
            await service.storage.append_entry(live.id, length, json.dumps(body), "running")
            try:
                await service.act(live.id, 0, length, 0)
            except StorageError as exc:
                said = str(exc).replace(live.id, "<id>")  # a random hex id may hold "99"
                assert "card" not in said and "99" not in said and "13" not in said
            else:
                raise AssertionError("the entry replayed")
            assert len(live.match) == live.length == length
            with sqlite3.connect(tmp_path / "data" / "boardkit.sqlite3") as db:
                db.execute("DELETE FROM boardkit_entry WHERE seq = ?", (length,))
                db.execute("UPDATE boardkit_match SET length = ?", (length,))
        await service.stop()

    asyncio.run(main())
    said = [r for r in caplog.records if "does not replay here" in r.getMessage()]
    assert len(said) == 2 and all(r.levelno == logging.ERROR for r in said)
    assert all(vars(r)["game"] == "goofspiel" and vars(r)["match"] for r in said)
    assert "its events differ" in said[0].getMessage()  # the first entry: a legal bid
