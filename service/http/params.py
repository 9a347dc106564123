"""Shared request parameters: the game id in the path, the bearer token, the idempotency key."""

from __future__ import annotations

from typing import Annotated, Final

from litestar.openapi.spec import Example
from litestar.params import HeaderParameter

from service.errors import ServiceError
from service.ledger.patterns import full

GAME_ID_MAX_LENGTH: Final = 64
AUTHORIZATION_MAX_LENGTH: Final = 200
IDEMPOTENCY_KEY_MAX_LENGTH: Final = 64
IDEMPOTENCY_KEY_PATTERN: Final = full("^[A-Za-z0-9_.:-]+$")

PLAYER_TOKEN_SCHEME: Final = "playerToken"
SEAT_TOKEN: Final[list[dict[str, list[str]]]] = [{PLAYER_TOKEN_SCHEME: []}]
"""The OpenAPI security of a route that acts as a seat: its player token is required."""
SEAT_TOKEN_OR_NONE: Final[list[dict[str, list[str]]]] = [{}, {PLAYER_TOKEN_SCHEME: []}]
"""The OpenAPI security of a route that a seat or a spectator (no token) may read."""

# Documented as the `playerToken` security of each route, not as a parameter: OpenAPI ignores
# a header parameter named Authorization.
Authorization = Annotated[
    str | None,
    HeaderParameter(
        name="Authorization",
        required=False,
        max_length=AUTHORIZATION_MAX_LENGTH,
        include_in_schema=False,
    ),
]
ApiKey = Annotated[
    str | None,
    HeaderParameter(name="X-API-Key", required=False, max_length=200, include_in_schema=False),
]
"""A creating route's API key, documented as its `apiKey` security, not as a parameter."""
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=1,
        max_length=IDEMPOTENCY_KEY_MAX_LENGTH,
        pattern=IDEMPOTENCY_KEY_PATTERN,
        description="1-64 letters, digits, `_`, `.`, `:` or `-`; a retried request with the "
        "same key returns the first answer",
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
