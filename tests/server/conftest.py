"""Fixtures of the server suites: a PostgreSQL server for the session, databases per test, a
Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

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
