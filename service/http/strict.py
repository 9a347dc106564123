"""Strict JSON bodies: Litestar converts bodies laxly (`0` for `false`, `"7"` for 7); we don't.

A `before_request` hook checks the parsed body against the handler's `data` type with msgspec's
strict rules, so what the OpenAPI schema forbids is refused with a 400 problem.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.handlers import HTTPRouteHandler

from engine.decoding import explain
from service.errors import ServiceError


def _body_type(handler: HTTPRouteHandler) -> tuple[Any, bool]:
    """A handler's body type (None: it takes no body), and whether the body may be empty."""
    field = handler.parsed_fn_signature.parameters.get("data")
    if field is None:
        return None, True
    return field.annotation, field.has_default


async def strict_body(request: Request[Any, Any, Any]) -> None:
    """Refuse a body that is not exactly of the handler's type (before Litestar's lax convert).

    The body is decoded as the type, so no nesting deeper than the type's can recurse.
    """
    handler = request.route_handler
    if not isinstance(handler, HTTPRouteHandler):
        return
    body_type, optional = _body_type(handler)
    if body_type is None:
        return
    body = await request.body()
    if not body.strip():
        if optional:
            return
        raise ServiceError("request/invalid", 400, "body: not valid JSON")
    try:
        msgspec.json.decode(body, type=body_type, strict=True)
    except msgspec.ValidationError as error:
        if "got `float`" not in str(error) or not _integral(body, body_type):
            invalid = explain(error, body_type)
            raise ServiceError(
                "request/invalid", 400, invalid.detail, field=invalid.field
            ) from None
    except msgspec.DecodeError:
        raise ServiceError("request/invalid", 400, "body: not valid JSON") from None


def _integral(body: bytes, body_type: Any) -> bool:
    """Whether the body is valid once integral floats (`7.0`) are read as the integers they are.

    JSON Schema's `integer` includes 7.0, so the contract accepts it; msgspec's strict mode
    does not, hence this second, narrower look.
    """
    try:
        msgspec.convert(_ints(msgspec.json.decode(body)), body_type, strict=True)
    except (msgspec.ValidationError, RecursionError):
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
