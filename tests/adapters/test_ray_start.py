"""A Ray cluster that cannot be joined or started is one clear error line, quickly."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

import pytest

from boardkit.adapters.ray import RayStartError, ray_executor
from boardkit.cli import main


def _closed_port() -> int:
    """A local port where nothing listens (bound, then released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("nonsense", "is not auto, host:port or ray://host:port"),
        ("head:port", "has no valid port: 'port'"),
        ("ray://head:99999", "has no valid port"),
    ],
)
def test_a_malformed_address_is_refused_before_ray_starts(address: str, says: str) -> None:
    with pytest.raises(RayStartError, match=says), ray_executor(address):
        pytest.fail("no executor for a malformed address")


def test_an_address_where_nothing_listens_fails_at_once() -> None:
    address = f"127.0.0.1:{_closed_port()}"
    began = time.monotonic()
    says = f"cannot reach a Ray cluster at {address}: "
    with pytest.raises(RayStartError, match=says), ray_executor(address):
        pytest.fail("no executor for an unreachable cluster")
    assert time.monotonic() - began < 10


def test_a_start_up_timeout_is_one_line_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """What Ray raises when its start-up times out, long text and all, becomes one line."""

    import ray  # here, not at collection: Ray takes most of a second to import

    def init(**kwargs: Any) -> None:
        raise TimeoutError("Timed out while waiting for GCS to become available.\n" * 30)

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    with pytest.raises(RayStartError) as caught, ray_executor(num_cpus=2):
        pytest.fail("no executor when Ray does not start")
    message = str(caught.value)
    assert message == (
        "could not start a local Ray cluster: TimeoutError: "
        "Timed out while waiting for GCS to become available."
    )
    assert isinstance(caught.value.__cause__, TimeoutError)


def test_the_cli_says_it_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    address = f"127.0.0.1:{_closed_port()}"
    argv = ["simulate", "nim", "-n", "2", "--seed", "1", "--backend", "ray", "--address", address]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"error: cannot reach a Ray cluster at {address}: Connection refused"
    ]


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_command_prints_one_line_and_no_traceback() -> None:
    """The real command in its own process: what reaches the terminal's error stream."""
    address = f"127.0.0.1:{_closed_port()}"
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "tournament", "nim", "--bots", "random,greedy",
         "-n", "2", "--seed", "1", "--backend", "ray", "--address", address],
        capture_output=True, text=True, timeout=120, env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error: cannot reach a Ray cluster at {address}: Connection refused"
    ]
    assert "Traceback" not in done.stdout + done.stderr
