"""Service errors: a stable code, an HTTP status and a message; mapped to RFC 9457 in one place."""

from __future__ import annotations


class ServiceError(Exception):
    """An error the client can act on; `code` is stable and machine-readable."""

    def __init__(
        self,
        code: str,
        status: int,
        detail: str,
        headers: dict[str, str] | None = None,
        *,
        field: str | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.status = status
        self.detail = detail
        self.headers = headers or {}
        self.field = field
        self.index = index


def gone(error: ServiceError) -> bool:
    """Whether the error says the game is gone (404 unknown, 410 expired): nothing is left to
    do for it, unlike a refusal for a while (503), after which work is tried again."""
    return error.status in (404, 410)


def not_found(game_id: str) -> ServiceError:
    return ServiceError("game/not_found", 404, f"no game {game_id!r}")


def version_conflict(expected: int, current: int) -> ServiceError:
    return ServiceError(
        "game/version_conflict",
        409,
        f"expected_version {expected} is stale: the game is at version {current}",
    )


def busy() -> ServiceError:
    """So many writes raced for one game that this one lost every try: nothing was stored,
    so nothing is acknowledged (a receipt is given only for a stored head)."""
    return ServiceError(
        "game/busy", 503, "too many writes raced for this game; try again", {"Retry-After": "1"}
    )
