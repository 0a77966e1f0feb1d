"""Fixtures of the server suites: a PostgreSQL server for the session, databases per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.system import new_database, postgres_server


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[str]:
    """One PostgreSQL server for the whole test session (started here, stopped at the end)."""
    with postgres_server() as url:
        yield url


@pytest.fixture()
def postgres_url(postgres_admin: str) -> str:
    """A fresh, empty database for one test."""
    return new_database(postgres_admin)
