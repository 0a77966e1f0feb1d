"""Fixtures of the server suites: a PostgreSQL server for the session, databases per test, a
Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from starlette.testclient import TestClient

    from tests.server.live_server import ServerProcess

from tests.server.system import (
    CHROMIUM_ARGS,
    chromium,
    missing,
    new_database,
    postgres_server,
)


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[str]:
    """One PostgreSQL server for the whole test session (started here, stopped at the end)."""
    with postgres_server() as url:
        yield url


@pytest.fixture()
def postgres_url(postgres_admin: str) -> str:
    """A fresh, empty database for one test."""
    return new_database(postgres_admin)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no download), one per test module: Playwright's
    sync API runs an event loop while it is open, and later tests call ``asyncio.run``."""
    try:
        import playwright.sync_api as playwright_api
    except ImportError:  # pragma: no cover - the test extra installs it
        missing("the playwright Python package (pip install -e '.[test]')")
    path = chromium()
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """The data folder of a test's server (its SQLite database)."""
    return tmp_path / "data"


@pytest.fixture()
def client(data: Path) -> Iterator[TestClient]:
    """A server application on a fresh SQLite file, driven in process.

    The tests play at machine speed, far above any person's rate: the rate limit is lifted
    (:data:`tests.server.helpers.FAST`). The collector's schedule is left alone: installing it
    runs a full collection of the whole test process (tests/server/test_gcpolicy.py checks the
    schedule). Every WebSocket still open is closed before the client stops, as it waits for
    them.
    """
    from starlette.testclient import TestClient

    from boardkit.server.app import create_app
    from tests.server.helpers import FAST
    from tests.server.wsclient import Seat

    app = create_app(data_dir=data, think_ms=0, limits=FAST, gc_sweep_every=None)
    with TestClient(app) as test_client:
        try:
            yield test_client
        finally:
            Seat.close_all()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real ``boardkit serve`` process for the browser suites: its data in the test's folder,
    bots that answer at once and no rate limit in the way (a suite may define its own)."""
    from tests.server.live_server import serve

    args = ["--data", str(tmp_path), "--think-ms", "0", "--rate-limit", "1000"]
    with serve(args, tmp_path / "server.log") as process:
        yield process
