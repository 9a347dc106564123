"""Strict JSON bodies: Litestar converts bodies laxly (`0` for `false`, `"7"` for 7, any content
type as JSON); we don't. An integral number (`7.0`) is an integer, as in JSON Schema.

A `before_request` hook checks the parsed body against the handler's `data` type with msgspec's
strict rules, so what the OpenAPI schema forbids is refused with a 400 problem.

Litestar has no strict mode (it converts with `strict=False`). Measured by `.venv/bin/python
bench/transports.py` (five runs): 0.5-4 us of CPU per request with a body (in-process; within
noise at the server); a version sent as `"1"`, a move as `text/plain` and a rules option as
`"21"`, taken by Litestar alone (200, 200, 201), are refused here (400, 415, 422).
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec
from litestar import Request
from litestar.handlers import HTTPRouteHandler

from service.decode_errors import explain
from service.errors import ServiceError

JSON: Final = b"application/json"
INT_GOT_FLOAT: Final = re.compile(r"Expected `int[^`]*`, got `float`")
MAX_WHOLE: Final = 2**63
"""Integral floats at least this large stay floats: no integer of a request is that large."""
UTF_8: Final = (b"utf-8", b"utf8")


def _body_type(handler: HTTPRouteHandler) -> tuple[Any, bool]:
    """A handler's body type (None: it takes no body), and whether the body may be empty."""
    field = handler.parsed_fn_signature.parameters.get("data")
    if field is None:
        return None, True
    return field.annotation, field.has_default


def json_media(content_type: bytes | None) -> bool:
    """Whether a `Content-Type` says JSON in UTF-8: `application/json`, no other charset."""
    if content_type is None:
        return False
    media, *parameters = content_type.split(b";")
    if media.strip().lower() != JSON:
        return False
    for parameter in parameters:
        name, _, value = parameter.partition(b"=")
        if name.strip().lower() == b"charset" and value.strip(b' "').lower() not in UTF_8:
            return False
    return True


def _whole(text: str) -> int | float:
    """A JSON number with a fraction or exponent: an int when it is integral (`2.0`, `1e3`)."""
    number = float(text)
    return int(number) if number.is_integer() and abs(number) < MAX_WHOLE else number


_numbers = msgspec.json.Decoder(float_hook=_whole)


def decode_strictly(body: bytes, body_type: Any) -> None:
    """Check `body` as `body_type` by msgspec's strict rules, but for an integral number where
    an integer is due: JSON Schema counts `2.0` as an integer, so it is taken (`2.5` is not).

    msgspec's strict mode refuses `2.0` for an `int`, and its lax mode also takes `"2"`, so a
    body refused only for a float is decoded again with integral floats read as ints.
    """
    try:
        msgspec.json.decode(body, type=body_type, strict=True)
    except msgspec.ValidationError as error:
        if not INT_GOT_FLOAT.search(str(error)):
            raise
        try:
            numbers = _numbers.decode(body)
        except RecursionError:
            raise error from None
        msgspec.convert(numbers, body_type, strict=True)


async def strict_body(request: Request[Any, Any, Any]) -> None:
    """Refuse a body that is not exactly of the handler's type (before Litestar's lax convert),
    one not sent as JSON (415), and any body to a route that takes none.

    The body is decoded as the type, so no nesting deeper than the type's can recurse.
    """
    handler = request.route_handler
    if not isinstance(handler, HTTPRouteHandler):
        return
    body_type, optional = _body_type(handler)
    if body_type is None:
        if request.method == "POST" and await request.body():
            raise ServiceError(
                "request/invalid", 400, "body: {path} takes no body", path=request.url.path
            )
        return
    body = await request.body()
    if not body.strip():
        if optional:
            return
        raise ServiceError("request/invalid", 400, "body: not valid JSON")
    content_type = request.headers.get("content-type")
    if not json_media(content_type.encode("latin-1") if content_type is not None else None):
        send = "body: send JSON in UTF-8 with `Content-Type: application/json`, not "
        if content_type is None:
            raise ServiceError("request/unsupported_media_type", 415, send + "no Content-Type")
        given = f"`{content_type}`"
        raise ServiceError("request/unsupported_media_type", 415, send + "{given}", given=given)
    try:
        decode_strictly(body, body_type)
    except msgspec.ValidationError as error:
        found = explain(error, body_type)
        if found.field is not None and found.field.split(".")[0] == "rules":
            code, status = "rules/invalid", 422
        else:
            code, status = "request/invalid", 400
        raise ServiceError(
            code, status, found.template, field=found.field, **found.reasons
        ) from None
    except msgspec.DecodeError:
        raise ServiceError("request/invalid", 400, "body: not valid JSON") from None
