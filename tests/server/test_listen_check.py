"""The check of a PostgreSQL listening connection's health (``--listen-check``) and the time
limit of new connections: how they are configured and refused. The check itself runs against a
real PostgreSQL in test_multiprocess.py (a proxy silences the connection)."""

from __future__ import annotations

import pytest

from boardkit.cli import build_parser
from boardkit.server.errors import StorageError
from boardkit.server.storage import make_storage
from boardkit.server.storage.postgres import (
    CONNECT_TIMEOUT,
    LISTEN_CHECK,
    PostgresStorage,
    _connect_timeout,
)

URL = "postgresql://boardkit@127.0.0.1:5432/games"


def test_the_check_period_defaults_and_is_passed_through() -> None:
    default = make_storage(URL)
    assert isinstance(default, PostgresStorage) and default.listen_check == LISTEN_CHECK == 15.0
    chosen = make_storage(URL, listen_check=2.5)
    assert isinstance(chosen, PostgresStorage) and chosen.listen_check == 2.5


@pytest.mark.parametrize("seconds", [0, -1.0, float("nan")])
def test_a_check_period_that_is_not_a_positive_number_is_refused(seconds: float) -> None:
    with pytest.raises(StorageError, match="listen_check must be a positive number"):
        PostgresStorage(URL, listen_check=seconds)


def test_serve_takes_a_check_period_within_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_parser().parse_args(["serve"]).listen_check == 15.0
    assert build_parser().parse_args(["serve", "--listen-check", "0.5"]).listen_check == 0.5
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--listen-check", "0"])
    assert "--listen-check is from 0.1 to 3600 seconds" in capsys.readouterr().err


def test_new_connections_have_a_time_limit_unless_the_url_sets_one() -> None:
    assert _connect_timeout(URL) == CONNECT_TIMEOUT == 10
    assert _connect_timeout(URL + "?connect_timeout=3") is None  # the URL's own wins
    assert _connect_timeout("host=db connect_timeout=1") is None
