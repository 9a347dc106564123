"""Routes about the service itself: rules presets, liveness and readiness."""

from __future__ import annotations

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec

from engine import PRESETS, Rules
from service.http.routes.game_routes import problems
from service.http.schemas import Health, Landing
from service.store.game_store import GameStore


@get("/", operation_id="landing", include_in_schema=False, sync_to_thread=False)
def landing() -> Landing:
    return Landing()


@get(
    "/v1/rules/presets",
    operation_id="listPresets",
    tags=["rules"],
    summary="The rules presets",
    responses=problems(),
)
async def presets() -> dict[str, Rules]:
    return dict(PRESETS)


@get("/healthz", operation_id="health", tags=["service"], summary="The process is alive")
async def healthz() -> Health:
    return Health(status="ok")


@get(
    "/readyz",
    operation_id="ready",
    tags=["service"],
    summary="Redis is reachable",
    responses={503: ResponseSpec(Health, description="Redis is unreachable")},
)
async def readyz(store: NamedDependency[GameStore]) -> Response[Health]:
    try:
        await store.client.ping()
    except Exception:
        return Response(Health(status="unavailable"), status_code=503, headers={"Retry-After": "1"})
    return Response(Health(status="ok"))
