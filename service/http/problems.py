"""Errors become RFC 9457 problems with a stable `code`; this is the one place mapping them."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Any, Final

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap
from redis.exceptions import RedisClusterException, RedisError

from engine import EngineError, RulesError
from service.decode_errors import Invalid, explain
from service.errors import ServiceError
from service.http.languages import localized
from service.http.schemas import Problem

AnyRequest = Request[Any, Any, Any]
PROBLEM_JSON: Final = "application/problem+json"
ENGINE_STATUS: Final[dict[str, int]] = {
    "move/not_your_turn": 409,
    "move/deal_pending": 409,
    "move/nothing_to_deal": 409,
    "move/game_over": 409,
    "signal/limit_reached": 409,
    "move/not_started": 409,
    "abort/too_late": 409,
}
HTTP_CODES: Final[dict[int, str]] = {
    400: "request/invalid",
    401: "auth/unauthorized",
    403: "auth/forbidden",
    404: "route/not_found",
    405: "route/method_not_allowed",
    413: "request/too_large",
    415: "request/unsupported_media_type",
    429: "rate/limited",
}
TITLES: Final[dict[int, str]] = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    410: "Gone",
    413: "Request too large",
    415: "Unsupported media type",
    422: "Unprocessable request",
    429: "Too many requests",
    500: "Internal error",
    501: "Not implemented",
    503: "Service unavailable",
}
log = logging.getLogger("escopa")
CLIENT_DISCONNECTED: Final = "client disconnected prematurely"
"""Litestar's detail (a 500 `InternalServerException`) when the client leaves mid-body."""


def problem(
    request: AnyRequest,
    status: int,
    code: str,
    template: str,
    params: Mapping[str, object] | None = None,
    headers: dict[str, str] | None = None,
    field: str | None = None,
    index: int | None = None,
    *,
    raised: bool = True,
) -> Response[bytes]:
    """An `application/problem+json` response (counted in the metrics by its code); its
    `detail` the template with its values, in the caller's language when a catalog has it
    (`Content-Language` says which). `raised`: a template of the code's, not a sentence made
    elsewhere (the framework's)."""
    metrics = request.app.state.get("metrics")
    if metrics is not None:
        metrics.problem(code)
    asked = request.headers.get("accept-language")
    detail, spoken = localized(code, template, params or {}, asked, raised=raised)
    if spoken != "en":
        headers = {**(headers or {}), "Content-Language": spoken}
    body = Problem(
        type=f"urn:escopa:problem:{code}",
        title=TITLES.get(status, "Error"),
        status=status,
        detail=detail,
        code=code,
        instance=request.url.path,
        field=field,
        index=index,
    )
    return Response(
        msgspec.json.encode(body), status_code=status, media_type=PROBLEM_JSON, headers=headers
    )


def sentence(text: str) -> str:
    """A sentence made elsewhere (the framework's), as a template of no values."""
    return text.replace("{", "{{").replace("}", "}}")


def on_service_error(request: AnyRequest, exc: Exception) -> Response[bytes]:
    assert isinstance(exc, ServiceError)
    return problem(
        request,
        exc.status,
        exc.code,
        exc.template,
        exc.params,
        exc.headers,
        field=exc.field,
        index=exc.index,
    )


def on_engine_error(request: AnyRequest, exc: Exception) -> Response[bytes]:
    assert isinstance(exc, EngineError)
    field = exc.field if isinstance(exc, RulesError) else None
    status = ENGINE_STATUS.get(exc.code, 422)
    return problem(request, status, exc.code, exc.template, exc.params, field=field)


def on_validation_error(request: AnyRequest, exc: Exception) -> Response[bytes]:
    assert isinstance(exc, ValidationException)
    extra = [e for e in exc.extra if isinstance(e, dict)] if isinstance(exc.extra, list) else []
    found = [_parameter_error(request, e) for e in extra]
    if len(found) == 1:
        invalid = found[0]
        return problem(
            request, 400, "request/invalid", invalid.template, invalid.params, field=invalid.field
        )
    detail = "; ".join(invalid.detail for invalid in found) or "the request is malformed"
    field = found[0].field if found else None
    said = sentence(detail[:500])
    return problem(request, 400, "request/invalid", said, field=field, raised=False)


def _parameter_error(request: AnyRequest, error: dict[str, Any]) -> Invalid:
    """A parameter's error as a sentence: the header's own name, what the parameter allows."""
    key = str(error.get("key") or "")
    name = key.replace("_", "-").title() if error.get("source") == "header" else key
    parameter = request.route_handler.parsed_fn_signature.parameters.get(key)
    definition = parameter.kwarg_definition if parameter is not None else None
    described = getattr(definition, "description", None)
    shape = Annotated[str, msgspec.Meta(description=described)] if described else None
    return explain(str(error.get("message", "")), shape, field=name or None)


def on_http_error(request: AnyRequest, exc: Exception) -> Response[bytes]:
    assert isinstance(exc, HTTPException)
    status = exc.status_code
    if exc.detail == CLIENT_DISCONNECTED:
        return on_client_gone(request)
    if status >= 500:
        return on_unexpected(request, exc)
    code = HTTP_CODES.get(status, f"http/{status}")
    headers = {k: v for k, v in (exc.headers or {}).items() if k.lower() == "allow"}
    said = sentence(str(exc.detail)[:500])
    return problem(request, status, code, said, headers=headers, raised=False)


def on_client_gone(request: AnyRequest) -> Response[bytes]:
    """The client closed the connection before its body was whole: its doing, logged as such
    (the answer reaches no one, but the request log and metrics record it as a 400)."""
    log.info("the client closed the connection before its request body was complete")
    detail = "the connection closed before the request body was complete"
    return problem(request, 400, "request/incomplete", detail)


def on_redis_down(request: AnyRequest, exc: Exception) -> Response[bytes]:
    """503: Redis did not answer (the store's health logs when it goes and comes back)."""
    log.debug("redis unavailable: %s: %s", type(exc).__name__, str(exc)[:200])
    detail = "the game store is unreachable; try again shortly"
    headers = {"Retry-After": "1"}
    return problem(request, 503, "service/unavailable", detail, headers=headers)


def on_unexpected(request: AnyRequest, exc: Exception) -> Response[bytes]:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "service/internal", "an internal error occurred")


HANDLERS: Final[ExceptionHandlersMap] = {
    ServiceError: on_service_error,
    EngineError: on_engine_error,
    ValidationException: on_validation_error,
    HTTPException: on_http_error,
    # Redis failing in any way: unreachable, timed out, a cluster failing over (slots
    # uncovered, a master down, a replica not yet promoted), out of memory, loading. The store
    # turns a socket's own errors escaping redis-py into its ConnectionError; OSError is here
    # for any that another path lets through.
    RedisError: on_redis_down,
    RedisClusterException: on_redis_down,
    OSError: on_redis_down,
    Exception: on_unexpected,
}
