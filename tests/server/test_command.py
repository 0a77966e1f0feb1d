"""``boardkit serve`` is registered, and the ``boardkit`` command works without the server's
extra (the core must not need starlette, uvicorn, psycopg or websockets)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from boardkit.cli import build_parser, main

BLOCKED = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('starlette', 'uvicorn', 'psycopg', 'websockets', 'httpx'):
            raise ModuleNotFoundError(f'No module named {name!r}', name=name)
sys.meta_path.insert(0, Block())
import boardkit.cli
print('games', boardkit.cli.main(['games']))
print('serve', boardkit.cli.main(['serve', '--port', '1']))
"""


def test_serve_parses_its_options() -> None:
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "postgresql://u@h/db"]
    )
    assert (args.host, args.port, args.db, args.data) == (
        "0.0.0.0",
        9000,
        "postgresql://u@h/db",
        "boardkit-data",
    )
    assert args.allow_pinned_seeds is False
    assert args.no_compression is False
    assert build_parser().parse_args(["serve", "--no-compression"]).no_compression is True


def test_serve_takes_a_takeover_bot_and_refuses_one_that_does_not_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = build_parser().parse_args(["serve", "--takeover-bot", "mcts:seconds=1"])
    assert args.takeover_bot == "mcts:seconds=1"
    assert build_parser().parse_args(["serve"]).takeover_bot is None  # the game's opponent
    assert main(["serve", "--takeover-bot", "no-such-bot"]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith("error: argument --takeover-bot:") and "no-such-bot" in error


def test_the_command_line_works_without_the_server_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED], capture_output=True, text=True, timeout=60
    )
    assert "games 0" in done.stdout
    assert "serve 2" in done.stdout
    assert "pip install 'boardkit[server]' (uvicorn)" in done.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "argument --port: a port is a whole number from 1 to 65535"),
        (["--port", "-1"], "argument --port: a port is a whole number from 1 to 65535"),
        (
            ["--bot-workers", "0"],
            "argument --bot-workers: the number of bot threads is from 1 to 256",
        ),
        (["--think-ms", "-5"], "argument --think-ms: a think time is from 0 to 3600000 ms"),
        (
            ["--rate-limit", "nan"],
            "argument --rate-limit: a rate limit is from 0.01 to 1000000 messages per second",
        ),
    ],
)
def test_serve_refuses_bad_numbers_before_starting(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    # these once reached uvicorn or the thread pool: a traceback, exit code 3, or no error
    assert main(["serve", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1].startswith(f"error: {message}, not ")


def test_serve_names_a_data_folder_it_cannot_make_before_starting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main(["serve", "--data", str(blocker), "--port", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # no "serving at" line, no traceback from the start-up
    assert captured.err == f"error: cannot create {blocker}: it is a file, not a folder\n"


def test_serve_names_a_database_it_cannot_open_before_starting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that is not a database was found by uvicorn's start-up: a traceback in the log,
    exit code 3. It is one line and exit code 1 now, and the file is left as it was."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 200, encoding="utf-8")
    assert main(["serve", "--db", f"sqlite:///{notes}", "--port", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"error: cannot open the SQLite database {notes}: file is not a database\n"
    )
    assert notes.read_text(encoding="utf-8") == "not a database\n" * 200


def test_serve_names_a_database_server_it_cannot_reach_before_starting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("psycopg")
    url = "postgresql://nobody@127.0.0.1:1/nothing"
    assert main(["serve", "--db", url, "--port", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"error: cannot connect to {url}: ")


def test_serve_names_a_port_in_use_before_starting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """uvicorn found it: a log line and exit code 3, after the start-up line."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--data", str(tmp_path / "data")])
    assert code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize("host", ["999.1.1.1", "no-such-host.invalid"])
def test_serve_names_a_host_that_is_no_address(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, host: str
) -> None:
    assert main(["serve", "--host", host, "--port", "1", "--data", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"error: --host {host}: not an address nor a known host name\n"


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000/"),
        ("localhost", "http://localhost:8000/"),
        ("::1", "http://[::1]:8000/"),
        ("::", "http://[::]:8000/"),
        ("[::1]", "http://[::1]:8000/"),
    ],
)
def test_the_started_line_gives_an_address_a_browser_can_open(host: str, url: str) -> None:
    from boardkit.server.command import served_url

    assert served_url(host, 8000) == url
