"""The real parts the slow suites need (Chromium, PostgreSQL), found or reported.

In CI (``CI=true``) a missing part fails the test: CI must install it (.ci/run runs
scripts/install-system-deps.sh). On a developer's machine it skips with a message that says how
to get it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

INSTALL_HINT = "run scripts/install-system-deps.sh (as root) to install it"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def missing(what: str) -> None:
    """Fail in CI, skip elsewhere, naming the install script."""
    message = f"{what} is not installed; {INSTALL_HINT}"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message)
    pytest.skip(message)


def chromium() -> str:
    """Debian's Chromium (never a downloaded browser)."""
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.access(path, os.X_OK):
            return path
    missing("Chromium (Debian package chromium)")
    raise AssertionError  # unreachable


def postgres_bin() -> Path:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl), newest version first."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    if not found:
        missing("PostgreSQL (Debian package postgresql)")
    return Path(found[0]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as the postgres user then."""
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    if runuser is None:
        missing("runuser (to run PostgreSQL as the postgres user)")
    return [str(runuser), "-u", "postgres", "--", *command]


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server in a temporary folder; yields its admin URL."""
    bindir = postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="boardkit-pg-"))
    data, sockets = root / "data", root / "sock"
    data.mkdir()
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(data, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    subprocess.run(
        _as_owner(
            [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "boardkit", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
        env=env,
        cwd=root,
    )
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_owner(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(root / "log.txt"),
                "-w",
                "-t",
                "60",
                "start",
            ]
        ),
        check=True,
        capture_output=True,
        env=env,
        cwd=root,
    )
    try:
        yield f"postgresql://boardkit@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            capture_output=True,
            env=env,
            cwd=root,
        )
        shutil.rmtree(root, ignore_errors=True)


def new_database(admin_url: str) -> str:
    """A fresh, empty database on the server of ``admin_url``; its URL."""
    import psycopg

    name = f"t_{int(time.time() * 1000) % 10**9}_{os.getpid()}_{os.urandom(3).hex()}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return admin_url.rsplit("/", 1)[0] + "/" + name
