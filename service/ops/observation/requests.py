"""Around every request: a request id, one structured log line, and the request metrics.

`instrument(app)` wraps the app's whole ASGI handler (outside routing and error mapping), so
unknown routes and errors are counted and logged too, each under its route template (never the
raw path, which would make one metric series per game).
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from typing import Any, Final

from litestar import Litestar
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.ops.observation.log_lines import REQUEST_ID
from service.ops.observation.metrics import Metrics

REQUEST_ID_HEADER: Final = b"x-request-id"
VALID_REQUEST_ID: Final = re.compile(rb"^[A-Za-z0-9._:-]{1,128}\Z")
UNMATCHED: Final = "unmatched"
METHODS: Final = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
access = logging.getLogger("escopa.access")


def request_id(scope: Scope) -> str:
    """The client's `X-Request-ID` when it is a sane token, else a new random one."""
    for name, value in scope.get("headers", ()):
        if name.lower() == REQUEST_ID_HEADER and VALID_REQUEST_ID.match(value):
            return str(value.decode("ascii"))
    return secrets.token_hex(16)


class Observe:
    """ASGI middleware: request id in and out, the access log line, the request metrics."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        rid = request_id(scope)
        token = REQUEST_ID.set(rid)
        started = time.perf_counter()
        status = 500
        streaming = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, streaming
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", ()))
                streaming = any(
                    name.lower() == b"content-type" and value.startswith(b"text/event-stream")
                    for name, value in headers
                )
                message["headers"] = [*headers, (REQUEST_ID_HEADER, rid.encode("ascii"))]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            self._record(scope, status, seconds, streaming)
            REQUEST_ID.reset(token)

    def _record(self, scope: Scope, status: int, seconds: float, streaming: bool) -> None:
        route = scope.get("path_template") or UNMATCHED
        method = str(scope.get("method", ""))
        label = method if method in METHODS else "OTHER"  # a client cannot mint label values
        self.metrics.request(route, label, status, None if streaming else seconds)
        if not access.isEnabledFor(logging.INFO):
            return
        fields: dict[str, Any] = {
            "method": method,
            "route": route,
            "path": scope.get("path", ""),
            "status": status,
            "duration_ms": round(seconds * 1000, 3),
        }
        game_id = (scope.get("path_params") or {}).get("game_id")
        if game_id is not None:
            fields["game_id"] = game_id
        if streaming:
            fields["stream"] = True
        access.info("%s %s %d", method, route, status, extra=fields)


def instrument(app: Litestar, metrics: Metrics) -> Litestar:
    """The app with its metrics (`app.state.metrics`) and the request middleware around it."""
    app.state.metrics = metrics
    app.asgi_handler = Observe(app.asgi_handler, metrics)
    return app
