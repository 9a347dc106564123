"""`HEAD` answered wherever `GET` is: the same status and headers, no body (RFC 9110 9.3.2).

Litestar answers `HEAD` on a `GET` route with 405, and a `@head` handler must return no body:
its way is a second handler beside each `GET` one. Measured by `.venv/bin/python
bench/transports.py` (five runs): no measurable cost on `GET` (-4 to +2 us per request
in-process, within noise at the server); a `HEAD` costs what its `GET` costs.
"""

from __future__ import annotations

from contextlib import suppress
from typing import cast

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send


class _Answered(Exception):
    """The head of the answer is sent: the rest of the `GET` is not needed."""


class HeadAsGet:
    """ASGI wrapper: a `HEAD` request runs as `GET`, and only the response's start is sent."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        done = False

        async def headers_only(message: Message) -> None:
            nonlocal done
            if done:
                raise _Answered
            if message["type"] == "http.response.body":
                done = True
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send(message)

        with suppress(_Answered):
            await self.app(cast("Scope", {**scope, "method": "GET"}), receive, headers_only)
