"""The event loop's lag, the collector's pauses and the database's commit times: measured,
served in ``/metrics``, and a long lag logged with what else was going on."""

from __future__ import annotations

import gc
import logging
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardkit.server.app import create_app
from boardkit.server.pauses import GcPauses, LoopLagWatch
from boardkit.server.storage.work import DatabaseWork
from tests.server.helpers import FAST, create, join
from tests.server.test_metrics import scrape
from tests.server.wsclient import Seat

LAG = "boardkit_event_loop_lag_seconds"
COMMITS = "boardkit_db_commit_seconds"


def _bucket(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, le: str
) -> float:
    return samples[(f"{name}_bucket", (("le", le),))]


def test_histograms_count_lags_collections_and_commits_of_real_play(tmp_path: Path) -> None:
    app = create_app(data_dir=tmp_path, think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as client:
        match_id = create(client, "nim", [{"human": True}] * 2)
        tokens = [join(client, match_id, n)["token"] for n in ("ann", "bob")]
        seats = [Seat(client, match_id, token) for token in tokens]
        played = 0
        while played < 3:
            state = seats[0].until(played)
            seats[state["to_decide"]].until(played)
            seats[state["to_decide"]].act(0)
            played += 1
        seats[0].until(played)
        gc.collect()  # one full collection at least, whatever the tests before left
        time.sleep(0.3)  # a few of the watch's 50 ms ticks
        samples = scrape(client)
        # the schema, the match, two joins and three moves: seven write transactions at least
        commits = samples[(f"{COMMITS}_count", ())]
        assert commits >= 7
        assert _bucket(samples, COMMITS, "+Inf") == commits
        assert 0 < samples[(f"{COMMITS}_sum", ())] < 60
        assert samples[(f"{LAG}_count", ())] >= 3
        assert samples[(f"{LAG}_sum", ())] < samples[(f"{LAG}_count", ())] * 5
        assert samples[("boardkit_gc_pause_seconds_count", (("generation", "2"),))] >= 1
        for seat in seats:
            seat.close()


def test_a_stalled_loop_is_counted_in_its_bucket_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(
        data_dir=tmp_path, think_ms=0, limits=FAST, gc_sweep_every=None, lag_warning=0.3
    )
    with TestClient(app) as client, caplog.at_level(logging.WARNING, "boardkit.server.pauses"):
        create(client, "nim", [{"human": True}] * 2)
        before = scrape(client)
        assert client.portal is not None
        client.portal.call(time.sleep, 0.6)  # blocks the event loop itself for 0.6 s
        time.sleep(0.2)  # the watch wakes, late, and counts it
        after = scrape(client)
    # 0.6 s late at most 0.65 s (the 50 ms timer may have just begun): the (0.5, 1] bucket
    stalls = [_bucket(now, LAG, "1.0") - _bucket(now, LAG, "0.5") for now in (before, after)]
    assert stalls[1] - stalls[0] >= 1  # (a busy machine may add a stall of its own)
    warned = [
        record
        for record in caplog.records
        if "event loop woke" in record.getMessage() and record.__dict__["lag_ms"] >= 550
    ]
    assert len(warned) == 1
    assert warned[0].__dict__["lag_ms"] <= 1000
    assert "the database" in warned[0].getMessage()


def test_the_watch_names_the_collection_and_the_database_work_of_a_long_lag(
    caplog: pytest.LogCaptureFixture,
) -> None:
    lags: list[float] = []
    collections: list[tuple[int, float]] = []
    pauses = GcPauses(lambda generation, seconds: collections.append((generation, seconds)))
    database = DatabaseWork()
    watch = LoopLagWatch(lags.append, warn_after=0.25, database=database, collections=pauses)
    with caplog.at_level(logging.WARNING, "boardkit.server.pauses"):
        watch.measured(-0.001)  # a timer that woke early: no lag
        watch.measured(0.1)  # under the threshold: counted, not logged
        assert caplog.records == []
        pauses.install()
        try:
            gc.collect()
        finally:
            pauses.uninstall()
        with database.doing("append_entry", write=True):
            watch.measured(0.4)
    assert lags == [0.0, 0.1, 0.4]
    assert collections and collections[-1][0] == 2
    message = caplog.records[0].getMessage()
    assert "woke 400 ms late" in message
    assert "the longest garbage collection meanwhile: generation 2" in message
    assert "the database is running append_entry" in message


def test_database_work_times_writes_only_and_remembers_the_slowest() -> None:
    ticks = iter([0.0, 0.002, 1.0, 1.5, 2.0, 2.010, 3.0, 3.001, 3.002])
    database = DatabaseWork(clock=lambda: next(ticks))
    writes: list[float] = []
    database.on_write = writes.append
    with database.doing("append_entry", write=True):
        pass  # 2 ms
    with database.doing("entries"):
        pass  # a read of 500 ms: the slowest, but no write
    with pytest.raises(RuntimeError), database.doing("claim_seat", write=True):
        raise RuntimeError("rolled back: not a commit")
    assert writes == [pytest.approx(0.002)]
    assert database.take_slowest() == ("entries", 0.5)
    assert database.take_slowest() is None
    assert database.busy() is None
    with database.doing("update_header", write=True):
        busy = database.busy()
        assert busy is not None and busy[0] == "update_header"
        assert busy[1] == pytest.approx(0.001)
