"""The i18n tests that drive a server in process use the server tests' ``client`` fixture (a
server application on a fresh SQLite file, see tests/server/conftest.py)."""

from tests.server.conftest import client, data  # noqa: F401  (fixtures, found by pytest)
