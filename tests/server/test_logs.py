"""The server logs through :mod:`logging`: records at their levels with the match's fields, a
JSON-lines format, and ``boardkit serve --log-format/--log-level`` (configured by the command,
never on import)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardkit.cli import main
from boardkit.server.app import create_app
from boardkit.server.bots import BotRunner
from boardkit.server.logs import JsonFormatter, TextFormatter, configure
from boardkit.server.session import Session
from tests.server.live_server import serve


@pytest.fixture()
def _loggers() -> Iterator[None]:
    """The ``boardkit`` and uvicorn loggers as they were, after a test that configures them."""
    saved = {
        name: (logger.handlers[:], logger.level, logger.propagate)
        for name in ("boardkit", "uvicorn")
        for logger in [logging.getLogger(name)]
    }
    yield
    for name, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers, logger.propagate = handlers, propagate
        logger.setLevel(level)


def _record(exc_info: Any = None, **extra: Any) -> logging.LogRecord:
    logger = logging.getLogger("boardkit.server.test")
    return logger.makeRecord(
        logger.name, logging.WARNING, __file__, 1, "bot %s failed", ("random",), exc_info, None,
        extra,
    )  # fmt: skip


def test_a_json_line_holds_time_level_logger_message_and_fields() -> None:
    line = JsonFormatter().format(_record(match="ab12", seat=1, game="nim"))
    assert "\n" not in line
    data = json.loads(line)
    assert data["level"] == "warning" and data["logger"] == "boardkit.server.test"
    assert data["message"] == "bot random failed"
    assert (data["match"], data["seat"], data["game"]) == ("ab12", 1, "nim")
    when = datetime.fromisoformat(data["time"])
    assert when.utcoffset() == timedelta(0)
    assert abs((datetime.now(when.tzinfo) - when).total_seconds()) < 60
    assert "exception" not in data


def test_a_json_line_carries_the_traceback_as_a_field() -> None:
    try:
        raise ValueError("no move\nat all")
    except ValueError:
        record = _record(sys.exc_info(), seat=0, thing=object())
    line = JsonFormatter().format(record)
    assert "\n" not in line  # the traceback's lines are escaped: still one line
    data = json.loads(line)
    assert data["exception"].startswith("Traceback (most recent call last):")
    assert data["exception"].rstrip().endswith("ValueError: no move\nat all")
    assert data["thing"].startswith("<object object")  # what JSON cannot hold: its repr


def test_a_text_line_names_the_fields_it_has() -> None:
    line = TextFormatter().format(_record(match="ab12", seat=None, game="nim"))
    assert line == "WARNING boardkit.server.test: bot random failed [match=ab12 game=nim]"
    assert TextFormatter().format(_record()) == "WARNING boardkit.server.test: bot random failed"


@pytest.mark.usefixtures("_loggers")
def test_configure_sets_up_boardkit_and_uvicorn_and_leaves_the_root_alone() -> None:
    root = logging.getLogger()
    before = (root.handlers[:], root.level)
    stream = io.StringIO()
    configure("json", "warning", stream)
    configure("json", "warning", stream)  # again: one handler still, not two
    assert len(logging.getLogger("boardkit").handlers) == 1
    logging.getLogger("boardkit.server.service").info("not shown")
    logging.getLogger("boardkit.server.service").error("shown", extra={"match": "m1"})
    logging.getLogger("uvicorn.error").warning("from uvicorn")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [(d["logger"], d["message"]) for d in lines] == [
        ("boardkit.server.service", "shown"),
        ("uvicorn.error", "from uvicorn"),
    ]
    assert lines[0]["match"] == "m1" and lines[0]["level"] == "error"
    assert (root.handlers, root.level) == before
    with pytest.raises(ValueError, match="a log format is one of text, json, not 'xml'"):
        configure("xml")


def test_importing_the_server_configures_no_logging() -> None:
    code = (
        "import logging, boardkit.server.app, boardkit.server.command; "
        "print(logging.getLogger().handlers, logging.getLogger('boardkit').handlers)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[] []", done.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--log-format", "xml"], "argument --log-format: a log format is one of text, json"),
        (["--log-level", "loud"], "argument --log-level: a log level is one of debug, info"),
    ],
)
def test_serve_refuses_a_bad_log_option(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["serve", *argv]) == 2
    assert message in capsys.readouterr().err


def test_serve_parses_its_log_options() -> None:
    from boardkit.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.log_format, args.log_level) == ("text", "info")
    args = build_parser().parse_args(["serve", "--log-format", "JSON", "--log-level", "debug"])
    assert (args.log_format, args.log_level) == ("json", "debug")


def test_a_failing_bot_logs_a_warning_with_its_seat_match_and_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    committed: list[Any] = []

    def choose() -> Any:
        raise ZeroDivisionError("the bot divided by zero")

    async def commit(chosen: Any) -> None:
        committed.append(chosen)

    async def main() -> None:
        runner = BotRunner(1)
        runner.start("random", 2, 0, choose, commit, match="ab12", game="nim")
        while runner.pending:
            await asyncio.sleep(0.01)
        await runner.close()

    with caplog.at_level(logging.INFO, "boardkit"):
        asyncio.run(main())
    assert committed == []
    (record,) = [r for r in caplog.records if r.name == "boardkit.server.bots"]
    assert record.levelno == logging.WARNING
    assert "bot random failed in seat 2" in record.getMessage()
    fields = vars(record)
    assert (fields["match"], fields["seat"], fields["game"], fields["bot"]) == (
        "ab12",
        2,
        "nim",
        "random",
    )
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError


def test_an_unexpected_error_in_a_connection_is_logged_with_its_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: Session, message: dict[str, Any], received: float) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(Session, "_dispatch", broken)
    with (
        TestClient(create_app(data_dir=tmp_path, think_ms=0)) as client,
        client.websocket_connect("/ws") as ws,
    ):
        ws.send_text(json.dumps({"type": "hello", "match": "nothing"}))
        error = json.loads(ws.receive_text())
    assert error["code"] == "server_error" and "a bug" not in error["message"]
    (record,) = [r for r in caplog.records if r.name == "boardkit.server.session"]
    assert record.levelno == logging.ERROR and "unexpected error" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert vars(record)["match"] is None and vars(record)["seat"] is None


def test_serve_writes_json_lines_at_start_up(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    args = ["--data", str(tmp_path / "data"), "--log-format", "json", "--log-level", "debug"]
    with serve(args, log) as server:
        pass
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    (started,) = [d for d in lines if d["logger"] == "boardkit.server.command"]
    assert started["level"] == "info"
    assert started["message"].startswith(f"boardkit serve: http://127.0.0.1:{server.port}/")
    assert started["url"] == f"http://127.0.0.1:{server.port}/"
    assert started["storage"].startswith("sqlite:")
    assert all({"time", "level", "logger", "message"} <= set(d) for d in lines)
    uvicorn = [d for d in lines if d["logger"].startswith("uvicorn")]
    assert uvicorn, "uvicorn's own records go through the same format"


def test_serve_by_default_writes_the_start_up_line_as_text_and_no_uvicorn_chatter(
    tmp_path: Path,
) -> None:
    log = tmp_path / "server.log"
    with serve(["--data", str(tmp_path / "data")], log) as server:
        pass
    text = log.read_text(encoding="utf-8")
    assert f"INFO boardkit.server.command: boardkit serve: http://127.0.0.1:{server.port}/" in text
    assert "Uvicorn running" not in text and "GET /api/games" not in text
