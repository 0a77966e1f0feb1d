"""``/healthz`` and ``/readyz``, with SQLite and with PostgreSQL."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardkit.server.app import create_app


def test_sqlite_ready_and_not(tmp_path: Path) -> None:
    app = create_app(data_dir=tmp_path / "data", gc_sweep_every=None)
    unopened = TestClient(app)  # no lifespan: the storage was never opened
    assert unopened.get("/healthz").json() == {"status": "alive"}
    early = unopened.get("/readyz")
    assert early.status_code == 503 and early.json()["status"] == "not ready"
    assert "not open" in early.json()["reason"]
    with TestClient(app) as client:
        health = client.get("/healthz")
        assert health.status_code == 200 and health.json() == {"status": "alive"}
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        # the database is damaged under the server: its match table is gone
        path = app.state.service.storage.path
        with sqlite3.connect(path) as other:
            other.execute("ALTER TABLE boardkit_match RENAME TO elsewhere")
        broken = client.get("/readyz")
        assert broken.status_code == 503
        assert "boardkit_match" in broken.json()["reason"]
        assert client.get("/healthz").status_code == 200  # alive, only not ready
        with sqlite3.connect(path) as other:
            other.execute("ALTER TABLE elsewhere RENAME TO boardkit_match")
        assert client.get("/readyz").status_code == 200


@pytest.mark.slow
@pytest.mark.postgres
def test_postgres_ready_and_not(postgres_admin: str, postgres_url: str) -> None:
    import psycopg

    name = postgres_url.rsplit("/", 1)[1]
    app = create_app(postgres_url, gc_sweep_every=None)
    with TestClient(app) as client, psycopg.connect(postgres_admin, autocommit=True) as admin:
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        assert "postgresql://" in ready.json()["storage"]
        # the database stops taking connections and drops the server's (a failover, say)
        admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )
        for _ in range(5):  # every pooled connection finds its end; no new one is taken
            down = client.get("/readyz")
            assert down.status_code == 503, down.text
            assert down.json()["status"] == "not ready" and down.json()["reason"]
        assert client.get("/healthz").status_code == 200
        admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        # ready once the listening connection is back too (its next try: at most 5 s) and the
        # matches resynced; until then the reason says the process may be missing changes
        deadline = time.monotonic() + 10
        while (back := client.get("/readyz")).status_code != 200:
            assert "not hearing the other processes" in back.json()["reason"], back.text
            assert time.monotonic() < deadline, back.text
            time.sleep(0.05)
