"""The OpenAPI document as committed under openapi/: generated from the app, deterministic."""

from __future__ import annotations

from typing import Any

import msgspec

from service.app import create_app
from service.settings import Settings


def document() -> dict[str, Any]:
    """The app's OpenAPI document as plain data (no Redis needed to build it)."""
    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))
    doc: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(app.openapi_schema.to_schema()))
    return doc
