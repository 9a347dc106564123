"""`GET /metrics`: the process's counters in the Prometheus text format (not in the API schema)."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get

from service.ops.metrics import CONTENT_TYPE, Metrics


@get("/metrics", operation_id="metrics", include_in_schema=False, sync_to_thread=False)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    registry: Metrics = request.app.state.metrics
    return Response(registry.exposition(), media_type=CONTENT_TYPE)
