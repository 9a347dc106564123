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


def not_found(game_id: str) -> ServiceError:
    return ServiceError("game/not_found", 404, f"no game {game_id!r}")


def version_conflict(expected: int, current: int) -> ServiceError:
    return ServiceError(
        "game/version_conflict",
        409,
        f"expected_version {expected} is stale: the game is at version {current}",
    )
