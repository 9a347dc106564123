"""Logs: one JSON object per line, carrying the request id of the request being served, or
plain text lines for a person at a terminal (`auto`: text when stderr is a terminal, JSON
otherwise).

`escopa serve` hands `log_config()` to uvicorn, which applies it in every worker process, so the
service's own lines and uvicorn's come out in the same format; uvicorn's own start and stop
chatter is left out (warnings and errors only): the service says it in a line of its own.
"""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import msgspec

REQUEST_ID: ContextVar[str | None] = ContextVar("escopa_request_id", default=None)
"""The id of the request this task serves (set by `service.ops.observation.requests`)."""

# Attributes every LogRecord has; anything else on a record came from `extra=` and is logged.
_STANDARD: Final = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "color_message",
    "taskName",
}
_encoder = msgspec.json.Encoder()


class JsonFormatter(logging.Formatter):
    """`{"time", "level", "logger", "message", "pid", "request_id"?, ...extra fields}` on one
    line; `pid` tells the workers of one server apart."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            line["request_id"] = request_id
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return _encoder.encode(line).decode()


def without_password(url: str) -> str:
    """A URL fit for a log line: any password replaced by `***`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + host))


def chosen_format(fmt: str) -> str:
    """`json` or `text`: `auto` is text when stderr is a terminal (a person reads it), else JSON."""
    if fmt == "auto":
        return "text" if sys.stderr.isatty() else "json"
    return fmt


def log_config(fmt: str = "json", level: str = "info") -> dict[str, Any]:
    """A `logging.config.dictConfig` for the service and uvicorn: `json` or plain `text` lines
    (`auto`: as `chosen_format` says)."""
    formatter: dict[str, Any] = (
        {"()": JsonFormatter}
        if chosen_format(fmt) == "json"
        else {"format": "%(asctime)s %(levelname)s %(name)s %(message)s", "datefmt": "%H:%M:%S"}
    )
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    quiet = {"handlers": [], "propagate": True}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"main": handler},
        "root": {"handlers": ["main"], "level": level.upper()},
        "loggers": {
            "uvicorn": quiet,
            "uvicorn.error": {**quiet, "level": "WARNING"},
            "uvicorn.access": quiet,
        },
    }
