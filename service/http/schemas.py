"""The HTTP layer's own bodies: problems (RFC 9457) and health."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec import UNSET, UnsetType


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem; `code` is stable and machine-readable."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    instance: str | None = None
    field: str | None = None
    index: int | None = None


class Health(msgspec.Struct, kw_only=True):
    """A process's health: `status`; and, in a process with an archive, whether the archive
    answers (`degraded`: it does not)."""

    status: Literal["ok", "unavailable"]
    archive: Literal["ok", "degraded"] | UnsetType = UNSET


class Landing(msgspec.Struct, kw_only=True):
    """`GET /` for a client that does not ask for HTML: where the web pages, the API, its
    document and its docs are."""

    name: str = "Escopa as a service"
    web: str = "/"
    api: str = "/v1"
    openapi: str = "/openapi.json"
    docs: str = "/schema"
    health: str = "/healthz"
