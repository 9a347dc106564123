"""The move route's common case, served without Litestar's per-request layers.

Moves are the requests clients send many times a second. Litestar still routes them, rate
limits them (the guard) and maps their errors to problems; but a well-formed move (a JSON body
that decodes strictly as a `MoveRequest`, sane headers, within the size limit) then skips the
request object, parameter parsing, dependency injection and response building: msgspec decodes
the body once and encodes the answer once. Anything else goes on to the declared handler with
its body intact, so the declared handler stays the one definition of the route's behaviour.
`ESCOPA_FAST_MOVES=0` sends every move through the declared handler.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Final

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

from service.api.params import (
    AUTHORIZATION_MAX_LENGTH,
    GAME_ID_MAX_LENGTH,
    IDEMPOTENCY_KEY_MAX_LENGTH,
    IDEMPOTENCY_KEY_PATTERN,
    bearer,
)
from service.api.schemas import MoveRequest
from service.games import Games

JSON: Final = b"application/json"
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
        games: Games = scope["litestar_app"].state.games
        handler: HTTPRouteHandler = scope["route_handler"]  # type: ignore[assignment]
        limit = handler.resolve_request_max_body_size() or math.inf
        announced = _announced(scope["headers"])
        if not games.settings.fast_moves or announced is None or announced > limit:
            await self.app(scope, receive, send)  # the handler refuses these bodies unread
            return
        messages, body = await _read(receive, limit)
        common = common_move(scope, body) if body is not None else None
        if common is None:
            await self.app(scope, _replay(messages, receive), send)
            return
        token = bearer(common.authorization)
        result = await games.play(common.game_id, token, common.move, common.idempotency_key)
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


def _announced(headers: Headers) -> int | None:
    """The body size the client announced (`Content-Length`): 0 when none, None when malformed
    (the declared handler answers that)."""
    for name, value in headers:
        if name.lower() == b"content-length":
            return int(value) if value.isdigit() and len(value) <= MAX_LENGTH_DIGITS else None
    return 0


def _replay(messages: list[ReceiveMessage], receive: Receive) -> Receive:
    """A `receive` that gives the messages already read, then reads on."""
    pending = list(messages)

    async def replayed() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replayed


def common_move(scope: Scope, body: bytes) -> CommonMove | None:
    """The decoded request if it is the common case, else None (the handler decides)."""
    game_id = scope["path_params"].get("game_id")
    if not isinstance(game_id, str) or not 0 < len(game_id) <= GAME_ID_MAX_LENGTH:
        return None
    found = _headers(scope["headers"])
    if found is None:
        return None
    content_type, authorization, key = found
    if content_type is not None and content_type.split(b";")[0].strip().lower() != JSON:
        return None
    try:
        move = _decoder.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    return CommonMove(game_id, move, _text(authorization), _text(key))


def _headers(headers: Headers) -> tuple[bytes | None, bytes | None, bytes | None] | None:
    """Content type, authorization and idempotency key; None if one repeats or is out of bounds."""
    seen: dict[bytes, bytes] = {}
    for name, value in headers:
        lowered = name.lower()
        if lowered in (b"content-type", b"authorization", b"idempotency-key"):
            if lowered in seen:
                return None
            seen[lowered] = value
    authorization = seen.get(b"authorization")
    if authorization is not None and len(authorization) > AUTHORIZATION_MAX_LENGTH:
        return None
    key = seen.get(b"idempotency-key")
    if key is not None and not (
        len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH and _idempotency_key.match(key)
    ):
        return None
    return seen.get(b"content-type"), authorization, key


def _text(value: bytes | None) -> str | None:
    return value.decode("latin-1") if value is not None else None
