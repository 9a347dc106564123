"""The move route's common case, served without Litestar's per-request layers.

Moves are the requests clients send many times a second. Litestar still routes them, rate
limits them (the guard) and maps their errors to problems; but a well-formed move (a JSON body
that decodes strictly as a `MoveRequest`, sane headers, within the size limit) then skips the
request object, parameter parsing, dependency injection and response building: msgspec decodes
the body once and encodes the answer once. Anything else goes on to the declared handler with
its body intact, so the declared handler stays the one definition of the route's behaviour.
`ESCOPA_FAST_MOVES=0` sends every move through the declared handler. Measured against it by
`.venv/bin/python bench/transports.py` (64 clients, one worker, five runs): x1.1-1.7 the moves
per second, 80-130 us less server CPU per move (246-289 against 351-417 us).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Final, NamedTuple

import msgspec
from litestar.handlers import HTTPRouteHandler
from litestar.types import (
    ASGIApp,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Receive,
    ReceiveMessage,
    Scope,
    Send,
)

from service.core.games.messages import MoveRequest
from service.core.house import House
from service.http.params import (
    AUTHORIZATION_MAX_LENGTH,
    GAME_ID_MAX_LENGTH,
    IDEMPOTENCY_KEY_MAX_LENGTH,
    IDEMPOTENCY_KEY_PATTERN,
    bearer,
)
from service.http.strict import JSON, json_media

MAX_LENGTH_DIGITS: Final = 18
_decoder = msgspec.json.Decoder(MoveRequest, strict=True)
_encoder = msgspec.json.Encoder()
_idempotency_key = re.compile(IDEMPOTENCY_KEY_PATTERN.encode("ascii"))
Headers = Iterable[tuple[bytes, bytes]]


class CommonMove(msgspec.Struct, frozen=True):
    """A move request in the common case: what the handler needs, already decoded."""

    game_id: str
    move: MoveRequest
    authorization: str | None
    idempotency_key: str | None


class FastMoves:
    """ASGI middleware of the move route: answers the common case, passes on the rest."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        house: House = scope["litestar_app"].state.house
        handler: HTTPRouteHandler = scope["route_handler"]  # type: ignore[assignment]
        limit = handler.resolve_request_max_body_size() or math.inf
        found = _headers(scope["headers"]) if house.settings.http.fast_moves else None
        if found is None or found.announced > limit:
            await self.app(scope, receive, send)  # the handler answers these, body unread
            return
        messages, body = await _read(receive, limit)
        common = _common(scope, found, body) if body is not None else None
        if common is None:
            await self.app(scope, _replay(messages, receive), send)
            return
        token = bearer(common.authorization)
        result = await house.moves.play(common.game_id, token, common.move, common.idempotency_key)
        await _answer(send, _encoder.encode(result))


async def _answer(send: Send, payload: bytes) -> None:
    """200 with a JSON body, as Litestar answers a handler's return value."""
    length = str(len(payload)).encode("ascii")
    start: HTTPResponseStartEvent = {
        "type": "http.response.start",
        "status": 200,
        "headers": [(b"content-type", JSON), (b"content-length", length)],
    }
    end: HTTPResponseBodyEvent = {"type": "http.response.body", "body": payload, "more_body": False}
    await send(start)
    await send(end)


async def _read(receive: Receive, limit: float) -> tuple[list[ReceiveMessage], bytes | None]:
    """The request's messages, and its body when it came whole and within `limit` (else None)."""
    messages: list[ReceiveMessage] = []
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return messages, None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return messages, b"".join(chunks)


def _replay(messages: list[ReceiveMessage], receive: Receive) -> Receive:
    """A `receive` that gives the messages already read, then reads on."""
    pending = list(messages)

    async def replayed() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replayed


class Found(NamedTuple):
    """The headers the fast lane reads, from one pass over them."""

    announced: int
    content_type: bytes | None
    authorization: bytes | None
    key: bytes | None


def common_move(scope: Scope, body: bytes) -> CommonMove | None:
    """The decoded request if it is the common case, else None (the handler decides)."""
    found = _headers(scope["headers"])
    return _common(scope, found, body) if found is not None else None


def _common(scope: Scope, found: Found, body: bytes) -> CommonMove | None:
    game_id = scope["path_params"].get("game_id")
    if not isinstance(game_id, str) or not 0 < len(game_id) <= GAME_ID_MAX_LENGTH:
        return None
    if not json_media(found.content_type):
        return None
    try:
        move = _decoder.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    return CommonMove(game_id, move, _text(found.authorization), _text(found.key))


def _headers(headers: Headers) -> Found | None:
    """The announced body size (`Content-Length`, 0 when none), content type, authorization
    and idempotency key; None when the length is malformed or another one repeats or is out of
    bounds (the declared handler answers those)."""
    seen: dict[bytes, bytes] = {}
    for name, value in headers:
        lowered = name.lower()
        if lowered == b"content-length":
            seen.setdefault(lowered, value)
        elif lowered in (b"content-type", b"authorization", b"idempotency-key"):
            if lowered in seen:
                return None
            seen[lowered] = value
    length = seen.get(b"content-length", b"0")
    if not (length.isdigit() and len(length) <= MAX_LENGTH_DIGITS):
        return None
    authorization = seen.get(b"authorization")
    if authorization is not None and len(authorization) > AUTHORIZATION_MAX_LENGTH:
        return None
    key = seen.get(b"idempotency-key")
    if key is not None and not (
        len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH and _idempotency_key.match(key)
    ):
        return None
    return Found(int(length), seen.get(b"content-type"), authorization, key)


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
