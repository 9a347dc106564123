"""Routes about the service itself: rules presets, liveness and readiness."""

from __future__ import annotations

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec

from engine import PRESETS, Rules
from service.http.routes.game_routes import problems
from service.http.schemas import Health
from service.store.game_store import GameStore


@get(
    "/v1/rules/presets",
    operation_id="listPresets",
    tags=["rules"],
    summary="The rules presets",
    description=(
        "Every preset's full rules, by name (`escopa`, `escoba`, `escova`); a game's `rules` "
        "override them."
    ),
    responses=problems(),
)
async def presets() -> dict[str, Rules]:
    return dict(PRESETS)


@get(
    "/healthz",
    operation_id="health",
    tags=["service"],
    summary="The process is alive",
    description="Liveness: answers as long as the process serves requests, whatever Redis does.",
)
async def healthz() -> Health:
    return Health(status="ok")


@get(
    "/readyz",
    operation_id="ready",
    tags=["service"],
    summary="Redis is reachable",
    description="Readiness: 200 when Redis answers a ping, else 503 with `Retry-After`.",
    responses={503: ResponseSpec(Health, description="Redis is unreachable")},
)
async def readyz(store: NamedDependency[GameStore]) -> Response[Health]:
    try:
        await store.pipeline([("PING",)])
    except Exception:
        return Response(Health(status="unavailable"), status_code=503, headers={"Retry-After": "1"})
    return Response(Health(status="ok"))
