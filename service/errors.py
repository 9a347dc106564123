"""Service errors: a stable code, an HTTP status, and what went wrong as an English template
with its parameters; mapped to RFC 9457 in one place, where the sentence is made in the
reader's language (`service.http.languages`)."""

from __future__ import annotations


class ServiceError(Exception):
    """An error the client can act on; `code` is stable and machine-readable.

    `template` is the catalog's English message (`no game '{game_id}'`), `params` its values;
    `detail` is the English sentence. `field` and `index` name where the request went wrong;
    a template may say `{field}` too (`body` when no field is named)."""

    def __init__(
        self,
        code: str,
        status: int,
        template: str,
        /,
        headers: dict[str, str] | None = None,
        *,
        field: str | None = None,
        index: int | None = None,
        **params: object,
    ) -> None:
        if "{field}" in template:
            params = {"field": "body" if field is None else field, **params}
        detail = template.format(**params)
        super().__init__(detail)
        self.code = code
        self.status = status
        self.template = template
        self.params = params
        self.detail = detail
        self.headers = headers or {}
        self.field = field
        self.index = index


def gone(error: ServiceError) -> bool:
    """Whether the error says the game is gone (404 unknown, 410 expired): nothing is left to
    do for it, unlike a refusal for a while (503), after which work is tried again."""
    return error.status in (404, 410)


def not_found(game_id: str) -> ServiceError:
    return ServiceError("game/not_found", 404, "no game '{game_id}'", game_id=game_id)


def version_conflict(expected: int, current: int) -> ServiceError:
    return ServiceError(
        "game/version_conflict",
        409,
        "expected_version {expected} is stale: the game is at version {current}",
        expected=expected,
        current=current,
    )


def busy() -> ServiceError:
    """So many writes raced for one game that this one lost every try: nothing was stored,
    so nothing is acknowledged (a receipt is given only for a stored head)."""
    return ServiceError(
        "game/busy", 503, "too many writes raced for this game; try again", {"Retry-After": "1"}
    )
