"""Shared request parameters: the game id in the path, the bearer token, the idempotency key."""

from __future__ import annotations

from typing import Annotated

from litestar.openapi.spec import Example
from litestar.params import HeaderParameter

from service.errors import ServiceError

Authorization = Annotated[
    str | None,
    HeaderParameter(
        name="Authorization",
        required=False,
        max_length=200,
        description="`Bearer <player token>`: the seat's secret token from game creation",
        examples=[Example(value="Bearer 3q2-7wE...")],
    ),
]
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=1,
        max_length=64,
        pattern="^[A-Za-z0-9_.:-]+$",
        description="A retried request with the same key returns the first answer",
        examples=[Example(value="move-7-a1b2")],
    ),
]


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None when the header is absent."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServiceError("auth/malformed", 401, "use `Authorization: Bearer <player token>`")
    return token.strip()
