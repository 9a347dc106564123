"""Strict JSON bodies: Litestar converts bodies laxly (`0` for `false`, `"7"` for 7); we don't.

A `before_request` hook decodes the raw body against the handler's `data` type with msgspec's
strict rules, so what the OpenAPI schema forbids is refused with a 400 problem.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
from litestar import Request
from litestar.handlers import HTTPRouteHandler

from service.errors import ServiceError


@cache
def _decoder(handler: HTTPRouteHandler) -> tuple[msgspec.json.Decoder[Any] | None, bool]:
    """The strict decoder of a handler's body type (None: no body), and whether it may be empty."""
    field = handler.parsed_fn_signature.parameters.get("data")
    if field is None:
        return None, True
    return msgspec.json.Decoder(field.annotation), field.has_default


def field_of(error: msgspec.ValidationError) -> str | None:
    """The dotted path msgspec names in a validation error (`$.rules.target` -> `rules.target`)."""
    message = str(error)
    if "at `$." not in message:
        return None
    return message.rsplit("at `$.", 1)[1].rstrip("`")


async def strict_body(request: Request[Any, Any, Any]) -> None:
    """Refuse a body that is not exactly of the handler's type (before Litestar's lax decode)."""
    handler = request.route_handler
    if not isinstance(handler, HTTPRouteHandler):
        return
    decoder, optional = _decoder(handler)
    if decoder is None:
        return
    raw = await request.body()
    if not raw.strip() and optional:
        return
    try:
        decoder.decode(raw)
    except msgspec.ValidationError as error:
        if "got `float`" not in str(error) or not _integral(raw, handler):
            detail = f"body: {error}"
            raise ServiceError("request/invalid", 400, detail, field=field_of(error)) from None
    except msgspec.DecodeError:
        raise ServiceError("request/invalid", 400, "body: not valid JSON") from None


def _integral(raw: bytes, handler: HTTPRouteHandler) -> bool:
    """Whether the body is valid once integral floats (`7.0`) are read as the integers they are.

    JSON Schema's `integer` includes 7.0, so the contract accepts it; msgspec's strict mode
    does not, hence this second, narrower look.
    """
    field = handler.parsed_fn_signature.parameters["data"]
    try:
        msgspec.convert(_ints(msgspec.json.decode(raw)), field.annotation, strict=True)
    except msgspec.ValidationError:
        return False
    return True


def _ints(value: Any) -> Any:
    """The value with every integral float replaced by its int."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _ints(v) for k, v in value.items()}
    return value
