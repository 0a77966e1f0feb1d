"""A real ``boardkit serve`` process, as people run it (for the browser, crash and multi-process
tests): started with a free port, waited for, stopped or killed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.server.system import free_port


class ServerProcess:
    """One server process; :attr:`url` is its address."""

    def __init__(self, args: list[str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self._out = open(log, "ab")  # noqa: SIM115  (closed in stop)
        command = [sys.executable, "-m", "boardkit", "serve", "--port", str(self.port), *args]
        self.process = subprocess.Popen(
            command, stdout=self._out, stderr=subprocess.STDOUT, env={**os.environ}
        )
        self._wait()

    def _wait(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(self.url + "/api/games", timeout=1),
            ):
                return
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, no goodbye."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._out.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._out.close()


LOG_TAIL = 4000
"""Characters of a server's log that a failing test shows."""


@contextlib.contextmanager
def serve(args: list[str], log: Path) -> Iterator[ServerProcess]:
    """A server process for the ``with`` block; a failure inside it carries the end of the
    server's log as a note (the temporary folder that holds the log is gone by the time
    anyone reads a CI report)."""
    server = ServerProcess(args, log)
    try:
        yield server
    except BaseException as exc:
        server.stop()
        tail = log.read_text(errors="replace")[-LOG_TAIL:]
        exc.add_note(f"--- the end of {log.name} ---\n{tail}")
        raise
    finally:
        server.stop()
