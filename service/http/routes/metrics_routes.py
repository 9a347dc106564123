"""`GET /metrics`: the process's counters in the Prometheus text format (not in the API schema)."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from service.core.readiness import last_known
from service.ops.observation.metrics import CONTENT_TYPE, Metrics


@get("/metrics", operation_id="metrics", include_in_schema=False, sync_to_thread=False)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    registry: Metrics = request.app.state.metrics
    house = request.app.state.get("house")
    if house is not None:
        for name, up in last_known(house).items():
            registry.dependency(name, up)
    # Litestar adds `; charset=utf-8` to a text type: give the type without it.
    media_type = CONTENT_TYPE.replace("; charset=utf-8", "")
    return Response(registry.exposition(), media_type=media_type)
