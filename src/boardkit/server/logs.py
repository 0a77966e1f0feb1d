"""The server's log output: plain text or JSON lines, through the standard :mod:`logging` module.

Every server module logs to its own logger under ``boardkit.server`` (``boardkit.server.service``,
``boardkit.server.bots``…), with the facts an operator filters on (``match``, ``seat``, ``game``)
given as ``extra=`` fields. Nothing here runs on import: a library must not configure logging
for the program that imports it. Only ``boardkit serve`` calls :func:`configure`, which sends
``boardkit``'s and uvicorn's records to one handler on standard error, in the chosen format.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

FORMATS = ("text", "json")
"""The values ``--log-format`` accepts."""

LEVELS = ("debug", "info", "warning", "error", "critical")
"""The values ``--log-level`` accepts."""

FIELDS = ("match", "seat", "game")
"""The structured fields server records carry as ``extra=``, in the order text output shows them."""

_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}
"""Attributes every log record has: whatever else a record holds came from ``extra=``."""

_LOGGERS = ("boardkit", "uvicorn")
"""The loggers :func:`configure` gives the handler: ours and uvicorn's (whose ``uvicorn.error``
and ``uvicorn.access`` pass their records up to ``uvicorn``)."""


def extra_fields(record: logging.LogRecord) -> dict[str, Any]:
    """The fields a record was given through ``extra=``, by name."""
    return {k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message``,
    the record's ``extra=`` fields, and ``exception`` (the formatted traceback) when it has one.

    A value JSON cannot hold is written as its ``repr``, so a record never fails to format."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in extra_fields(record).items():
            data.setdefault(key, value)
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            data["exception"] = record.exc_text
        if record.stack_info:
            data["stack"] = self.formatStack(record.stack_info)
        return json.dumps(data, ensure_ascii=False, default=repr)


class TextFormatter(logging.Formatter):
    """``LEVEL logger: message [match=… seat=… game=…]``, then the traceback if there is one: what
    a person reads in a terminal."""

    def __init__(self) -> None:
        super().__init__("%(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = extra_fields(record)
        tags = " ".join(f"{k}={fields[k]}" for k in FIELDS if fields.get(k) is not None)
        if not tags:
            return line
        first, sep, rest = line.partition("\n")  # the fields go on the message's line
        return f"{first} [{tags}]{sep}{rest}"


def formatter(kind: str) -> logging.Formatter:
    """The formatter for a ``--log-format`` value."""
    if kind == "json":
        return JsonFormatter()
    if kind == "text":
        return TextFormatter()
    raise ValueError(f"a log format is one of {', '.join(FORMATS)}, not {kind!r}")


def uvicorn_level(level: str) -> str:
    """The level uvicorn logs at under ``--log-level level``: warnings and above, so that its
    start-up chatter and one access line per request stay out of the log, unless ``debug`` asks
    for everything."""
    return "debug" if level == "debug" else max(level, "warning", key=_numeric)


def _numeric(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"a log level is one of {', '.join(LEVELS)}, not {level!r}")
    value: int = getattr(logging, level.upper())
    return value


def configure(kind: str = "text", level: str = "info", stream: TextIO | None = None) -> None:
    """Send the ``boardkit`` loggers' records at ``level`` and above, and uvicorn's at
    :func:`uvicorn_level`, to one handler on ``stream`` (standard error by default), formatted as
    ``kind``. The root logger is left alone; calling this again replaces the handler it installed
    before."""
    handler = logging.StreamHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(formatter(kind))
    for name, at in zip(_LOGGERS, (level, uvicorn_level(level)), strict=True):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(_numeric(at))
        logger.propagate = False
