"""uvicorn's HTTP/1.1 protocol with a deadline to receive each request, head and body.

uvicorn bounds only the idle time between requests: a client that trickles a request's headers
or body a byte at a time keeps its connection (and its slot) for as long as it likes. Here a
request must be received whole within `ESCOPA_RECEIVE_TIMEOUT` seconds of its first byte (of
the connection's start, for the first one). Late, it is answered `408 request/timeout` if no
answer has begun, and the connection is closed; that is logged as the client's doing, at
`info`, never as a server error.

uvicorn offers `timeout_keep_alive` only (idle between requests). Measured by `.venv/bin/python
bench/transports.py` (five runs): 0.5-2.7 us of CPU per request over uvicorn's protocol alone
(10-13 us, in-process; within noise at the server); a request trickled a byte every 0.1 s was
cut with a 408 after 1.0 s (`ESCOPA_RECEIVE_TIMEOUT=1`), and still open after 3 s without it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Mapping
from typing import Any, Final

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.http.languages import language, localized
from service.http.schemas import Problem
from service.settings import Settings

log = logging.getLogger("escopa.http")
TIMEOUT_CODE: Final = "request/timeout"


@functools.cache
def receive_timeout() -> float:
    """The deadline in seconds (read once per process from the environment)."""
    return Settings.from_env().http.receive_timeout


def timeout_answer(seconds: float, accept_language: str | None = None) -> bytes:
    """The raw 408 answer: a problem body (its detail in the language asked for, when the
    request's head came whole), and the connection closes."""
    return _timeout_answer(seconds, language(accept_language))


@functools.cache
def _timeout_answer(seconds: float, locale: str) -> bytes:
    template = "the request was not received whole within {seconds} s"
    params = {"seconds": f"{seconds:g}"}
    detail, spoken = localized(TIMEOUT_CODE, template, params, locale.replace("_", "-"))
    body = msgspec.json.encode(
        Problem(
            type=f"urn:escopa:problem:{TIMEOUT_CODE}",
            title="Request timeout",
            status=408,
            detail=detail,
            code=TIMEOUT_CODE,
        )
    )
    said = f"content-language: {spoken}\r\n" if spoken != "en" else ""
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/problem+json\r\n"
        f"{said}content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def accept_language(scope: Mapping[str, Any] | None) -> str | None:
    """A request's `Accept-Language` header, when its head was read."""
    for name, value in (scope or {}).get("headers", []):
        if name.lower() == b"accept-language":
            return bytes(value).decode("latin-1")
    return None


class ReceiveDeadline(HttpToolsProtocol):
    """The httptools protocol, with the receive deadline armed from a request's first byte."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.receive_timeout = receive_timeout()
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is None and self.receive_timeout > 0:
            self._deadline = self.loop.call_later(self.receive_timeout, self._timed_out)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
        log.info("%s sent no whole request within %g s: closed", client, self.receive_timeout)
        if self.cycle is None or not self.cycle.response_started:
            asked = accept_language(self.cycle.scope if self.cycle is not None else None)
            self.transport.write(timeout_answer(self.receive_timeout, asked))
        self.transport.close()
